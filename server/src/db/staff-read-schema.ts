/**
 * 阅知 by staff: who was asked to read what — a published regime (regime_doc, subject 'regimeDoc') or a 人员通知
 * (staff_notice, subject 'staffNotice') — and when they read it. The rows are made when the thing is published (the
 * chosen posts' staff and the chosen people, as they were then); `read_at` is set by the person (an account linked to
 * the staff record) or by the manager recording a signed paper sheet (`recorded_by`). platform/staff-reads.ts.
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';

export const STAFF_READ_SUBJECTS = ['regimeDoc', 'staffNotice'] as const;
export type StaffReadSubject = (typeof STAFF_READ_SUBJECTS)[number];

export const staffRead = pgTable('staff_read', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  subject: varchar('subject', { length: 20 }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  enterpriseId: uuid('enterprise_id').notNull(),
  staffId: uuid('staff_id').notNull(),
  staffName: varchar('staff_name', { length: 50 }).notNull(),
  post: varchar('post', { length: 20 }),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  /** the manager who recorded a paper acknowledgement; null when the person read it in the system */
  recordedBy: varchar('recorded_by', { length: 50 }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('staff_read_once').on(t.subjectId, t.staffId),
  index('staff_read_unread_idx').on(t.staffId, t.subject).where(sql`${t.readAt} is null`),
]);
