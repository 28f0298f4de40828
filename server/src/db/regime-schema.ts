/**
 * 制度阅知: who was asked to read which published regime (regime_doc), and when they read it. The rows are made when the
 * regime is published (the chosen posts' staff and the chosen people, as they were then); `read_at` is set by the person
 * (an account linked to the staff record) or by the manager recording a signed paper sheet (`recorded_by`).
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';

export const regimeRead = pgTable('regime_read', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  regimeId: uuid('regime_id').notNull(),
  enterpriseId: uuid('enterprise_id').notNull(),
  staffId: uuid('staff_id').notNull(),
  staffName: varchar('staff_name', { length: 50 }).notNull(),
  post: varchar('post', { length: 20 }),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  /** the manager who recorded a paper acknowledgement; null when the person read it in the system */
  recordedBy: varchar('recorded_by', { length: 50 }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('regime_read_once').on(t.regimeId, t.staffId),
  index('regime_read_unread_idx').on(t.staffId).where(sql`${t.readAt} is null`),
]);
