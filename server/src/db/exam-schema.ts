/**
 * 在线考试's answers (modules/exam): one row per attempt and question, written as the candidate gives each answer (an
 * upsert, so a resend after a lost connection changes nothing) and graded at submission. Apart from the attempt's row
 * so that two thousand candidates saving at once each write a small row of their own.
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, timestamp, numeric, primaryKey } from 'drizzle-orm/pg-core';

export const examAnswer = pgTable('exam_answer', {
  attemptId: uuid('attempt_id').notNull(),
  questionId: uuid('question_id').notNull(),
  /** the chosen letters in order ('AC'); '' when the candidate cleared the choice */
  answer: varchar('answer', { length: 6 }).notNull(),
  /** the points it earned: null until the attempt is submitted */
  points: numeric('points', { precision: 5, scale: 1 }),
  savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
}, (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })]);
