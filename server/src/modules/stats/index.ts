/**
 * 运单统计 and 行业统计 (packages/core/src/stats.ts; docs/statistics.md):
 *   POST /stat/<key>          one statistic {from, to, regionCode, enterpriseId, goodsClass, granularity, waybillType} → StatResult
 *   POST /stat/<key>/export   the same as xlsx: the main table, then each further table beneath
 *   POST /stat/waybills       what a figure counts: {page, size, drill: StatDrill} → a page of its waybills (`kind` 'waybills'), or with
 *                             `rule` of its abnormal findings (`kind` 'findings')
 * Each statistic is its own route under its menu code (its export under `<menu>:btn_export`).
 */
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATS, type StatDef, type StatDrill, type StatResult } from '@dg/core/stats';
import { statDrill, statsAnswers, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { isUuid, pageFields } from '../../platform/schemas.ts';
import { xlsxDisposition, xlsxOf } from '../../platform/crud/excel.ts';
import { COUNT_CAP, pagedQuery, pagingOf } from '../../platform/paged.ts';
import { type Db } from '../../db/index.ts';
import { waybillScope, regionRange, cnStart, camel } from '../waybill/common.ts';
import { LIST_COLUMNS, toRow } from '../waybill/list.ts';
import { listRowOut } from '../waybill/present.ts';
import { readStatFilters, and, type StatFilters } from './filters.ts';
import { COMPUTE, cachedIndustry, abnormalWhere, statKey } from './definitions.ts';

const tags = ['统计'];
/** an abnormal finding a figure counts */
type Finding = Extract<Served<typeof statsAnswers.waybills>, { kind: 'findings' }>['content'][number];
const statQuery = z.object({
  from: z.string().optional().describe('开始日期 YYYY-MM-DD（默认本年1月1日）'),
  to: z.string().optional().describe('结束日期 YYYY-MM-DD（默认今天）'),
  regionCode: z.string().optional().describe('地区（行政区划代码，政府端）'),
  enterpriseId: z.string().optional().describe('企业（政府端；企业端总是本企业）'),
  goodsClass: z.string().optional().describe('货物类别 1–9'),
  granularity: z.enum(['day', 'month'], { error: '统计粒度：请选择按日或按月' }).optional(),
  waybillType: z.string().optional().describe('运单类型'),
}).passthrough();

const drillBody = z.object({
  ...pageFields,
  drill: z.object(statDrill.shape, { error: '缺少统计条件' }),
});

/** the menus that may open a figure's waybills */
const DRILL_MENUS = STATS.filter((s) => s.drill).map((s) => s.menu);
const ALL_FILTERS: Pick<StatDef, 'filters'> = { filters: ['date', 'region', 'enterprise', 'goodsClass', 'waybillType'] };

/** a statistic groups up to a province's vehicles or enterprises at once: enough memory to do it without spilling to disk */
const STAT_WORK_MEM = '32MB';

/**
 * Statistics being computed, by what they answer (the statistic, its filters and the asker's scope): a request for the
 * same figures while they are being computed shares that answer instead of computing them again — on a Monday
 * morning every supervisor of a province opens the same province-year. Nothing is kept once the answer is out.
 */
const inFlight = new Map<string, Promise<StatResult>>();

export async function computeStat(db: Db, def: StatDef, f: StatFilters, provinceCode: string): Promise<StatResult> {
  const run = () => db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', ${STAT_WORK_MEM}, true)`);
    return COMPUTE[def.key]!(tx, f, { provinceCode });
  });
  if (def.key.startsWith('industry')) return cachedIndustry(def.key, f, run);
  const k = statKey(def.key, f);
  const going = inFlight.get(k);
  if (going) return going;
  const p = run().finally(() => inFlight.delete(k));
  inFlight.set(k, p);
  return p;
}

/** the waybills a figure counts: issued, not voided, created within the days, under the same filters as the rollup */
export function drillWhere(user: SessionUser, d: StatDrill): SQL {
  const cls = d.goodsClass === '-' ? '-' : d.goodsClass;
  const f = readStatFilters(user, ALL_FILTERS, { ...d, goodsClass: cls === '-' ? undefined : cls });
  const c: SQL[] = [waybillScope(user, sql`w.enterprise_id`, sql`w.carrier_region`),
    sql`w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null`,
    sql`w.created_at >= ${cnStart(f.from)} and w.created_at < ${new Date(cnStart(f.to).getTime() + 86400_000)}`];
  if (f.regionCode) c.push(regionRange(sql`w.carrier_region`, f.regionCode));
  if (f.enterpriseId) c.push(sql`w.enterprise_id = ${f.enterpriseId}`);
  if (f.waybillType) c.push(sql`w.waybill_type = ${f.waybillType}`);
  const un = typeof d.unNo === 'string' ? d.unNo.trim() : '';
  if (un) {
    if (!/^\d{4}$/.test(un)) throw badInput('UN编号：应为4位数字');
    c.push(sql`exists (select 1 from waybill_goods g where g.waybill_id = w.id and g.waybill_created_at = w.created_at and g.un_no = ${un}
      ${f.goodsClass ? sql`and split_part(g.goods_class, '.', 1) = ${f.goodsClass}` : sql``})`);
  } else if (cls) c.push(sql`coalesce(w.goods_classes[1], '-') = ${cls}`);
  for (const [k, column] of [['originCity', 'w.origin_region'], ['destCity', 'w.dest_region']] as const) {
    const v = d[k];
    if (v === undefined) continue;
    if (v !== '' && !/^\d{6}$/.test(v)) throw badInput(`${k === 'originCity' ? '起运地' : '目的地'}：请选择正确的行政区划`);
    c.push(sql`coalesce(left(${sql.raw(column)}, 4) || '00', '') = ${v}`);
  }
  if (d.vehicleId !== undefined) {
    if (!isUuid(d.vehicleId)) throw badInput('车辆：请选择有效的车辆');
    c.push(sql`w.vehicle_id = ${d.vehicleId}`);
  }
  return and(c);
}

export const statsModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const province = () => app.ctx.config.provinceCode;

  for (const def of STATS) {
    app.post(`/stat/${def.key}`, { config: { access: { menu: def.menu } }, schema: { tags, summary: `${def.title}统计`, body: statQuery.optional(), response: answer(statsAnswers.result) } },
      async (req) => ok(await computeStat(db(), def, readStatFilters(req.user!, def, req.body ?? {}), province())));

    app.post(`/stat/${def.key}/export`, { config: { access: { element: `${def.menu}:btn_export` } }, schema: { tags, summary: `导出${def.title}统计`, body: statQuery.optional() } },
      async (req, reply) => {
        const r = await computeStat(db(), def, readStatFilters(req.user!, def, req.body ?? {}), province());
        const cells = (t: { columns: { key: string; kind: string }[]; rows: Record<string, unknown>[] }, row: Record<string, unknown>) =>
          t.columns.map((c) => { const v = row[c.key]; return v === null || v === undefined ? '' : typeof v === 'number' ? v : String(v); });
        const lines: (string | number)[][] = [[r.subtitle], ...r.rows.map((x) => cells(r, x))];
        if (r.totals) lines.push(cells(r, r.totals));
        for (const t of r.extra ?? []) {
          lines.push([], [t.title], t.columns.map((c) => c.title), ...t.rows.map((x) => cells(t, x)));
          if (t.totals) lines.push(cells(t, t.totals));
        }
        for (const n of r.notes ?? []) lines.push([], [n]);
        reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition(r.title));
        return reply.send(xlsxOf(r.columns.map((c) => c.title), lines));
      });
  }

  app.post('/stat/waybills', {
    config: { access: { anyMenu: DRILL_MENUS } },
    schema: { tags, summary: '统计图表下钻：该数字所统计的运单（或异常运单）', body: drillBody, response: answer(statsAnswers.waybills) },
  }, async (req) => {
    const user = req.user!;
    const { drill } = req.body;
    const paging = pagingOf(req.body, COUNT_CAP);
    if (drill.rule !== undefined) {
      const f = readStatFilters(user, ALL_FILTERS, drill);
      return ok({ ...await pagedQuery(db(), paging, {
        select: sql`a.id, a.waybill_id, a.waybill_created_at, a.waybill_no, a.plate_no, a.rule, a.detail, a.status, a.source, a.found_at, e.name as enterprise_name`,
        from: sql`abnormal_waybill a left join enterprise e on e.id = a.enterprise_id`, where: abnormalWhere(f, drill.rule || undefined),
        order: sql`a.found_at desc, a.id`, count: { cap: COUNT_CAP }, row: (r) => camel<Finding>(r),
      }), kind: 'findings' as const });
    }
    // planned for its values (a day or a year, a district or the province): not a prepared generic plan
    const page = await pagedQuery(db(), paging, {
      select: LIST_COLUMNS, from: sql`waybill w`, where: drillWhere(user, drill), order: sql`w.created_at desc, w.id desc`,
      count: { cap: COUNT_CAP }, row: (r) => listRowOut(toRow(r)),
    });
    return ok({ ...page, kind: 'waybills' as const });
  });
};
