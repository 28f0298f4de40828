/**
 * 隐患排查治理's own table beside its resources (packages/core/src/resources/danger.ts): the timeline of every
 * hazard — who moved it from which state to which, when, and with what opinion. Written only inside the
 * transition's transaction (server/src/modules/danger/hazard.ts).
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, timestamp, index } from 'drizzle-orm/pg-core';

export const hazardFlow = pgTable('hazard_flow', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  hazardId: uuid('hazard_id').notNull(),
  enterpriseId: uuid('enterprise_id').notNull(),
  action: varchar('action', { length: 20 }).notNull(),
  fromState: varchar('from_state', { length: 10 }),
  toState: varchar('to_state', { length: 10 }).notNull(),
  opinion: text('opinion'),
  side: varchar('side', { length: 12 }).notNull(),
  userId: uuid('user_id').notNull(),
  userName: varchar('user_name', { length: 50 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('hazard_flow_hazard_idx').on(t.hazardId, t.createdAt)]);
