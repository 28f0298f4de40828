/**
 * What 运单统计 and 行业统计 answer (server/src/modules/stats): a statistic's result (the table, its drill-downs, the
 * chart, further tables and notes) and what a figure counts. core stats.ts takes its result types from here.
 */
import { z } from 'zod';
import { instant, type Wire } from '../answer.ts';
import { pageOf } from './list.ts';
import { waybillAnswers } from './waybill.ts';
import { supervisionAnswers } from './supervision.ts';

export const STAT_CHARTS = ['line', 'pie', 'bar', 'hbar', 'sankey', 'stack'] as const;
export const STAT_COLUMN_KINDS = ['text', 'int', 'tonnes', 'percent'] as const;

const statColumn = z.object({ key: z.string(), title: z.string(), kind: z.enum(STAT_COLUMN_KINDS) });

/** what a drill-down opens: the waybills (or abnormal findings, with `rule`) a figure counts */
export const statDrill = z.object({
  from: z.string(), to: z.string(), regionCode: z.string().optional(), enterpriseId: z.string().optional(), goodsClass: z.string().optional(),
  waybillType: z.string().optional(), originCity: z.string().optional(), destCity: z.string().optional(), unNo: z.string().optional(),
  vehicleId: z.string().optional(),
  /** abnormal findings of this rule (or '' for every rule) instead of waybills */
  rule: z.string().optional(),
  /** what the list is titled with */
  label: z.string().optional(),
});

const statCell = z.union([z.string(), z.number(), z.null()]);
/** a row: its key, what it opens, and a cell per column key */
const statRow = z.object({ key: z.string(), drill: statDrill.optional() }).catchall(z.union([statCell, statDrill]));

const statTable = z.object({ title: z.string(), columns: z.array(statColumn), rows: z.array(statRow), totals: z.record(z.string(), statCell).optional() });

const statChart = z.object({
  type: z.enum(STAT_CHARTS),
  /** the column naming each category (x axis, pie slice, bar) */
  category: z.string(),
  /** the columns plotted as series */
  series: z.array(z.string()),
  /** sankey: the columns of source and target names and the value */
  link: z.object({ source: z.string(), target: z.string(), value: z.string() }).optional(),
});

const statResult = statTable.extend({
  /** e.g. 2026-01-01 至 2026-11-25 · 浙江省 */
  subtitle: z.string(),
  chart: statChart,
  /** further tables beneath the main one (异常运单: by enterprise, trend; 区域流向: the matrix) */
  extra: z.array(statTable).optional(),
  /** remarks, e.g. how many waybills have no known mass */
  notes: z.array(z.string()).optional(),
  /** industry statistics: when the job last rebuilt the figures */
  refreshedAt: instant.optional(),
});

/** an abnormal finding a figure counts */
const statFinding = supervisionAnswers.abnormalList.shape.content.element.pick({
  id: true, waybillId: true, waybillCreatedAt: true, waybillNo: true, plateNo: true, enterpriseName: true, rule: true, detail: true, status: true, source: true,
  foundAt: true,
});

/** what a figure counts: its waybills as the waybill lists show them, or (a drill with `rule`) its abnormal findings */
const statWaybills = z.discriminatedUnion('kind', [
  waybillAnswers.list.extend({ kind: z.literal('waybills') }),
  pageOf(statFinding).extend({ kind: z.literal('findings') }),
]);

export const statsAnswers = { result: statResult, waybills: statWaybills };

export type StatColumn = Wire<typeof statColumn>;
export type StatCell = Wire<typeof statCell>;
export type StatRow = Wire<typeof statRow>;
export type StatTable = Wire<typeof statTable>;
export type StatChartSpec = Wire<typeof statChart>;
export type StatResult = Wire<typeof statResult>;
export type StatDrill = Wire<typeof statDrill>;
export type StatFinding = Wire<typeof statFinding>;
export type StatWaybills = Wire<typeof statWaybills>;
