/**
 * 隐患排查治理 and 安全检查 / 整改管理 / 整改督办 keep one timeline table beside their resources: for a hazard, a check
 * plan, a rectification notice or a 督办 item (`subject`), who moved it from which state to which, when, and with what
 * opinion. Written only inside the step's transaction (platform/flow.ts).
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, timestamp, index } from 'drizzle-orm/pg-core';
import type { Side } from '@dg/core';

export const FLOW_SUBJECTS = ['hazard', 'checkPlan', 'rectNotice', 'supervise', 'rectBorrow', 'regimeDoc', 'notice', 'staffNotice', 'assessTask', 'assessment', 'exam', 'fusionTask', 'fusionResult',
  // 企业车辆审核: a registration, a vehicle, a tank, a change of an approved record
  'enterprise', 'vehicle', 'tank', 'recordChange'] as const;
export type FlowSubject = (typeof FLOW_SUBJECTS)[number];

export const workFlow = pgTable('work_flow', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  subject: varchar('subject', { length: 20 }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  enterpriseId: uuid('enterprise_id'),
  action: varchar('action', { length: 20 }).notNull(),
  fromState: varchar('from_state', { length: 10 }),
  toState: varchar('to_state', { length: 10 }).notNull(),
  opinion: text('opinion'),
  // the side of the user who took the step (recordStep writes a SessionUser's)
  side: varchar('side', { length: 12 }).$type<Side>().notNull(),
  userId: uuid('user_id').notNull(),
  userName: varchar('user_name', { length: 50 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('work_flow_subject_idx').on(t.subjectId, t.createdAt)]);
