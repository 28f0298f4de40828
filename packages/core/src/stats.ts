/**
 * The statistics: the eight waybill statistics (运单统计) and the four industry
 * statistics (行业统计). One definition per statistic, read by the server (route, menu, filters) and
 * by the web (page, chart, filter form). The figures come from the rollups (docs/statistics.md).
 */

import { menuTitle, type MenuCode } from './menus.ts';
import type { STAT_CHARTS, STAT_COLUMN_KINDS } from './answers/stats.ts';

export type StatFilter = 'date' | 'region' | 'enterprise' | 'goodsClass' | 'granularity' | 'waybillType';
export type StatChart = (typeof STAT_CHARTS)[number];

export interface StatDef {
  key: string;
  /** the menu code that grants it (its `:btn_export` element grants the export) */
  menu: MenuCode;
  title: string;
  filters: StatFilter[];
  chart: StatChart;
  /** a row (or chart element) opens the waybills it counts */
  drill: boolean;
}

const WAYBILL_FILTERS: StatFilter[] = ['date', 'region', 'enterprise', 'goodsClass'];

const STAT_ROWS = [
  { key: 'total', menu: 'statTotalManager', filters: [...WAYBILL_FILTERS, 'granularity', 'waybillType'], chart: 'line', drill: true },
  { key: 'class', menu: 'statClassManager', filters: WAYBILL_FILTERS, chart: 'pie', drill: true },
  { key: 'goods', menu: 'statGoodsManager', filters: WAYBILL_FILTERS, chart: 'hbar', drill: true },
  { key: 'enterprise', menu: 'statEnterpriseManager', filters: WAYBILL_FILTERS, chart: 'hbar', drill: true },
  { key: 'vehicle', menu: 'statVehicleManager', filters: WAYBILL_FILTERS, chart: 'hbar', drill: true },
  { key: 'flow', menu: 'statFlowManager', filters: WAYBILL_FILTERS, chart: 'sankey', drill: true },
  { key: 'empty', menu: 'statEmptyManager', filters: ['date', 'region', 'enterprise', 'granularity'], chart: 'stack', drill: true },
  { key: 'abnormal', menu: 'statAbnormalManager', filters: ['date', 'region', 'enterprise'], chart: 'bar', drill: true },
  { key: 'industryEnterprise', menu: 'industryEnterpriseManager', filters: ['region'], chart: 'stack', drill: false },
  { key: 'industryVehicle', menu: 'industryVehicleManager', filters: ['region'], chart: 'stack', drill: false },
  { key: 'industryStaff', menu: 'industryStaffManager', filters: ['region'], chart: 'stack', drill: false },
  { key: 'industryValidity', menu: 'industryValidityManager', filters: ['region', 'enterprise'], chart: 'stack', drill: false },
] as const satisfies readonly Omit<StatDef, 'title'>[];
/** every statistic, titled as its menu (menus.ts) */
export const STATS = STAT_ROWS.map((s) => ({ ...s, title: menuTitle(s.menu) }));

export type StatKey = (typeof STATS)[number]['key'];
export const statDef = (key: string): StatDef | undefined => STATS.find((s) => s.key === key);
export const statByMenu = (menu: string): StatDef | undefined => STATS.find((s) => s.menu === menu);

/** the filters a statistic is asked with (all optional; dates YYYY-MM-DD, China time) */
export interface StatQuery {
  from?: string;
  to?: string;
  regionCode?: string;
  enterpriseId?: string;
  goodsClass?: string;
  granularity?: 'day' | 'month';
  waybillType?: string;
}

/** a statistic's result and its parts are answers: their schemas are core's answers/stats.ts */
export type { StatCell, StatChartSpec, StatColumn, StatDrill, StatResult, StatRow, StatTable } from './answers/stats.ts';
export type StatColumnKind = (typeof STAT_COLUMN_KINDS)[number];

/** 1234567.8 kg → '1234.57' t (two decimals) */
export const tonnes = (kg: number | string | null | undefined) => (kg == null ? null : Math.round(Number(kg) / 10) / 100);
