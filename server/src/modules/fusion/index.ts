/**
 * 数据融合比对 (sjrh, government side). The external records, the tasks and their results are resource definitions
 * (packages/core/src/resources/fusion.ts): 外部数据导入 is the generic list with the generic xlsx/csv import (a row
 * report, all-or-valid-rows), the plates normalised by the plate rule. This module adds:
 * - the records' and tasks' rules (a record in the importer's jurisdiction, a task over the user's jurisdiction);
 * - `POST /sjrh/fusionTask/{run|cancel}/:id` — the task's workflow (待运行 → 运行中 → 已完成 / 已取消 / 失败); the
 *   job itself runs on the queue of ./queue.ts, on whichever instance claims it;
 * - `POST /sjrh/fusionResult/abnormal/:id` — a suspected 无运单运输 becomes an abnormal waybill (异常运单, source 数据融合);
 * - `POST /sjrh/fusionResult/stats` — the results of a task by class and by city, for the charts;
 * - `GET /sjrh/fusionRecord/demoFile` — the demo's passages file, made from the waybills in the jurisdiction (./demo-file.ts).
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fusionAnswers, fusionResult, fusionTask, FUSION_ABNORMAL_RULE, FUSION_ABNORMAL_SOURCE, FUSION_CLASSES, type FusionClass } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { badInput, notFound, ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { defineHooks } from '../../platform/crud/hooks.ts';
import { findRow } from '../../platform/crud/query.ts';
import { blank } from '../../platform/crud/query.ts';
import { inRegionScope, regionScope } from '../../platform/access.ts';
import { regionName } from '../../platform/regions.ts';
import { isUuid } from '../../platform/schemas.ts';
import { workflowRoutes, type WorkflowRegistration } from '../../platform/workflow.ts';
import { abnormalWaybill } from '../../db/waybill-schema.ts';
import { FusionQueue } from './queue.ts';
import { demoPassagesCsv } from './demo-file.ts';

const DAY = 86400_000;
/** a task compares at most a year of records: a longer period is several tasks */
const MAX_TASK_DAYS = 366;

defineHooks('fusionRecord', {
  // no statement: an import checks each of its rows twice (a million rows, two million round trips)
  async beforeWrite(c, values, _mode, existing) {
    const region = String(values.regionCode ?? existing?.regionCode ?? '');
    if (region && !inRegionScope(c.user, region)) throw badInput('所在地区：不在本单位辖区内');
    const start = values.startTime ?? existing?.startTime, end = values.endTime ?? existing?.endTime;
    if (start && end && new Date(end as string).getTime() < new Date(start as string).getTime()) throw badInput('结束时间：不能早于开始时间');
  },
});

defineHooks('fusionTask', {
  async beforeWrite(c, values, mode, existing) {
    // a task compares its creator's jurisdiction: the province for the platform
    if (mode === 'add') {
      const code = c.user.side === 'government' ? c.user.regionCode : c.app.ctx.config.provinceCode;
      if (!code) throw badInput('比对地区：本单位未设置辖区');
      values.regionCode = code;
    }
    const from = String(values.dateFrom ?? existing?.dateFrom), to = String(values.dateTo ?? existing?.dateTo);
    const days = (Date.parse(to) - Date.parse(from)) / DAY;
    if (days < 0) throw badInput('比对结束日期：不能早于比对开始日期');
    if (days >= MAX_TASK_DAYS) throw badInput(`比对结束日期：比对期间不能超过${MAX_TASK_DAYS}天`);
  },
});

/** the filters whose totals fusion_result_count holds: a task's results, of one class or all */
const COUNTED_FILTERS = new Set(['taskId', 'resultClass']);

defineHooks('fusionResult', {
  // a task's results number a million: their total, by class and within the user's jurisdiction, is the sum of the
  // counts the comparison wrote beside them (a few hundred rows), where counting the rows to the cap read up to a
  // million of them when the jurisdiction's were not the first the table held
  count(user, filters) {
    const given = Object.entries(filters).filter(([, v]) => !blank(v));
    if (given.some(([k]) => !COUNTED_FILTERS.has(k))) return null;
    const task = filters.taskId, cls = filters.resultClass;
    if (typeof task !== 'string' || !isUuid(task)) return null;
    if (!blank(cls) && !(typeof cls === 'string' && (FUSION_CLASSES as readonly string[]).includes(cls))) return null;
    return sql`select coalesce(sum(c.n), 0)::int as n from fusion_result_count c where c.task_id = ${task}::uuid
      ${typeof cls === 'string' ? sql`and c.result_class = ${cls}` : sql``} and ${regionScope(user, sql`c.region_code`)}`;
  },
});

async function tolerance(db: import('../../db/index.ts').Db): Promise<number> {
  const r = await db.execute<{ v: number | null }>(sql`select (value #>> '{}')::int as v from param_setting where key = 'fusionToleranceMinutes'`);
  return r.rows[0]?.v ?? 60;
}

export const fusionModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const queue = new FusionQueue(app);

  const taskWorkflow: WorkflowRegistration = {
    def: fusionTask, subject: 'fusionTask',
    hooks: {
      steps: {
        // a run starts over: the tolerance of today's 参数设置, the progress from nought, the previous results gone; the
        // lease is the queue's (a cancelled run's job frees it when it stops, a dead instance's expires)
        run: async ({ tx, before }) => ({
          set: { toleranceMinutes: await tolerance(tx), total: null, done: 0, matched: 0, partial: 0, noWaybill: 0, noTrace: 0, message: null, startedAt: new Date(), finishedAt: null, cursor: null, runNo: Number(before.runNo ?? 0) + 1 },
          also: async (after, t) => {
            await t.execute(sql`delete from fusion_result where task_id = ${after.id}`);
            await t.execute(sql`delete from fusion_result_count where task_id = ${after.id}`);
          },
        }),
        cancel: () => ({ set: { finishedAt: new Date(), message: '已取消：已比对的结果保留' } }),
      },
    },
    after: async (_app, name) => { if (name === 'run') queue.wake(); },
  };
  workflowRoutes(app, taskWorkflow);

  workflowRoutes(app, {
    def: fusionResult, subject: 'fusionResult',
    hooks: {
      steps: {
        abnormal: ({ before, user }) => {
          if (before.resultClass !== FUSION_ABNORMAL_RULE) throw badInput('只有疑似无运单运输的记录可以生成异常运单');
          const at = new Date(before.recordTime as string);
          const when = new Date(at.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 16);
          return {
            also: async (after, tx) => {
              const [row] = await tx.insert(abnormalWaybill).values({
                plateNo: String(before.plateNo), carrierRegion: String(before.regionCode), rule: FUSION_ABNORMAL_RULE, source: FUSION_ABNORMAL_SOURCE,
                detail: `${String(before.recordKind ?? '外部记录')}：${when} ${String(before.station ?? '')}，${String(before.reason ?? '')}`.slice(0, 1000),
                reportedBy: user.id, reporterName: user.name.slice(0, 20),
              }).returning({ id: abnormalWaybill.id });
              await tx.execute(sql`update fusion_result set abnormal_id = ${row!.id} where id = ${after.id}`);
            },
          };
        },
      },
    },
  });

  app.post('/sjrh/fusionResult/stats', {
    config: { access: { menu: 'fusionCompareManager' } },
    schema: { tags: [fusionResult.title], summary: '比对结果统计（按结果类别、按地市）', body: z.object({ taskId: z.string({ error: '请选择比对任务' }) }), response: answer(fusionAnswers.stats) },
  }, async (req) => {
    const task = isUuid(req.body.taskId) ? await findRow(db(), fusionTask, req.user!, req.body.taskId) : null;
    if (!task) throw notFound();
    // from the counts the comparison keeps by region and class (compare.ts), not the task's results themselves
    const r = await db().execute<{ city: string; result_class: string; n: number }>(sql`
      select left(region_code, 4) || '00' as city, result_class, sum(n)::int as n from fusion_result_count f
      where task_id = ${task.id} and ${regionScope(req.user!, sql`f.region_code`)} group by 1, 2 order by 1, 2`);
    const byClass = FUSION_CLASSES.map((c) => ({ resultClass: c, count: r.rows.filter((x) => x.result_class === c).reduce((s, x) => s + x.n, 0) }));
    const cities = [...new Set(r.rows.map((x) => x.city))];
    const byCity = cities.map((city) => ({
      cityCode: city, cityName: regionName(city).split('/').pop() ?? city,
      counts: Object.fromEntries(FUSION_CLASSES.map((c) => [c, r.rows.find((x) => x.city === city && x.result_class === c)?.n ?? 0])) as Record<FusionClass, number>,
    }));
    return ok({ byClass, byCity });
  });

  app.get('/sjrh/fusionRecord/demoFile', {
    config: { access: { element: 'fusionImportManager:btn_import' } },
    schema: { tags: ['外部数据'], summary: '演示数据：按辖区内当前运单生成的卡口通行记录（csv）' },
  }, async (req, reply) => {
    const { csv } = await demoPassagesCsv(db(), req.user!);
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="passages.csv"; filename*=UTF-8''${encodeURIComponent('卡口通行演示数据')}.csv`);
    return csv;
  });

  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
};
