/**
 * 在线学习's watched time (core learning.ts, docs/learning.md): per person, chapter and year the seconds of the chapter
 * counted so far, as merged intervals; per person the moment of their previous report, the clock every report of every
 * tab and chapter of theirs is capped by. Written only by modules/learning/progress.ts.
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, integer, jsonb, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';

export const learningProgress = pgTable('learning_progress', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  enterpriseId: uuid('enterprise_id').notNull(),
  staffId: uuid('staff_id').notNull(),
  courseId: uuid('course_id').notNull(),
  chapterId: uuid('chapter_id').notNull(),
  year: integer('year').notNull(),
  /** [[from, to], …] in whole seconds of the chapter, sorted and disjoint */
  intervals: jsonb('intervals').notNull().default(sql`'[]'::jsonb`),
  watchedSeconds: integer('watched_seconds').notNull().default(0),
  /** where the player stood at the last report: a reopened chapter resumes there */
  lastPosition: integer('last_position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('learning_progress_once').on(t.staffId, t.chapterId, t.year),
  index('learning_progress_enterprise_idx').on(t.enterpriseId, t.year),
]);

export const learningViewer = pgTable('learning_viewer', {
  staffId: uuid('staff_id').primaryKey(),
  lastReportAt: timestamp('last_report_at', { withTimezone: true, mode: 'date' }).notNull(),
});
