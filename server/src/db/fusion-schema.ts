/**
 * 数据融合比对's tables beside its resources (packages/core/src/resources/fusion.ts): the results of a task counted by
 * region and class, written with the results (modules/fusion/compare.ts), so that the results' charts read a few
 * hundred rows, not the task's million results.
 */
import { pgTable, uuid, varchar, integer, primaryKey } from 'drizzle-orm/pg-core';

export const fusionResultCount = pgTable('fusion_result_count', {
  taskId: uuid('task_id').notNull(),
  /** the result's 所在地区 as stored ('' when it has none) */
  regionCode: varchar('region_code', { length: 12 }).notNull(),
  resultClass: varchar('result_class', { length: 8 }).notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ name: 'fusion_result_count_pk', columns: [t.taskId, t.regionCode, t.resultClass] })]);
