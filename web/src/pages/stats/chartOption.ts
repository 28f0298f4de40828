/**
 * A statistic's answer (StatResult) as an ECharts option: line, pie, bar, hbar, stack or sankey as the answer's
 * `chart` says, axes named after what they count, long category names rotated or truncated so none overlap.
 * No React here: the same plan is unit-tested (chartOption.test.ts).
 */
import type { StatCell, StatColumn, StatColumnKind, StatResult, StatRow } from '@dg/core/stats';
import type { ChartOption } from '../../views/dashboard/Chart';

/** a bar chart of names (企业, 车辆, 品名) shows the first ones; the table below shows them all */
export const HBAR_TOP = 20;
/** a sankey of more flows than this is a tangle: the largest ones */
export const SANKEY_TOP = 40;

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** int 12345 → '12,345'; tonnes → '1,234.50'; percent 12.34 → '12.3%' */
export function formatCell(kind: StatColumnKind, v: StatCell | undefined): string {
  if (kind === 'text') return v === null || v === undefined ? '' : String(v);
  const n = num(v);
  if (n === null) return '-';
  if (kind === 'int') return n.toLocaleString('zh-CN', { maximumFractionDigits: 0 });
  if (kind === 'tonnes') return n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${n.toFixed(1)}%`;
}

/** the axis name when one axis carries several series of a kind */
const KIND_AXIS: Record<StatColumnKind, string> = { int: '数量', tonnes: '货物量（t）', percent: '比例（%）', text: '' };
/** 12000 → '1.2万' on an axis (the tooltip keeps the exact figure) */
const axisNumber = (v: number) => (Math.abs(v) >= 10_000 ? `${Math.round(v / 1000) / 10}万` : String(v));

/** what a chart click (params of ECharts' click event) is about */
export interface ChartClick { dataType?: string; dataIndex?: number }
export interface ChartPlan { option: ChartOption; height: number; rowOf: (p: ChartClick) => StatRow | undefined }

/** the columns drawn as series, in the answer's order, with their kinds */
function seriesColumns(result: StatResult): StatColumn[] {
  return result.chart.series.map((key) => result.columns.find((c) => c.key === key) ?? { key, title: key, kind: 'int' as const });
}

/** at most two value axes: the first series' kind on the first, any other kind on the second */
function valueAxes(series: StatColumn[]) {
  const kinds = [...new Set(series.map((s) => s.kind))];
  const axisOf = (c: StatColumn) => Math.min(kinds.indexOf(c.kind), 1);
  const axes = kinds.slice(0, 2).map((kind, i) => {
    const on = series.filter((s) => axisOf(s) === i);
    return {
      type: 'value', name: on.length === 1 ? on[0]!.title : KIND_AXIS[kind], minInterval: kind === 'int' ? 1 : undefined,
      axisLabel: { formatter: axisNumber }, splitLine: i ? { show: false } : undefined,
    };
  });
  return { axes, axisOf };
}

const textWidth = (s: string) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 12 : 7), 0);

/** the categories' axis: every name shown (rotated or truncated when they would touch), or thinned when there are very many */
function categoryAxis(names: string[], title: string, horizontal: boolean) {
  if (horizontal) {
    return { type: 'category', data: names, inverse: true, name: title, nameLocation: 'start', axisLabel: { interval: 0, width: 150, overflow: 'truncate', hideOverlap: true }, axisTick: { alignWithLabel: true } };
  }
  // some 900 px of axis; a Chinese character about 12 px wide, a digit or letter 7
  const rotate = Math.max(0, ...names.map(textWidth)) > 900 / Math.max(1, names.length);
  return {
    type: 'category', data: names, name: title, nameLocation: 'middle', nameGap: rotate ? 84 : 30,
    // hideOverlap: on a narrow screen a label that would still touch its neighbour is left out rather than drawn over it
    axisLabel: { interval: names.length <= 40 ? 0 : 'auto', rotate: rotate ? 35 : 0, width: rotate ? 110 : undefined, overflow: rotate ? 'truncate' : undefined, hideOverlap: true },
    axisTick: { alignWithLabel: true },
  };
}

/** figures whose names say good, pending or bad keep those colours wherever they appear */
const STATUS_COLORS: Record<string, string> = { 有效: '#52c41a', 已办结: '#52c41a', 即将到期: '#faad14', 未办结: '#fa8c16', 已过期: '#f5222d' };
const statusColor = (title: string) => (STATUS_COLORS[title] ? { itemStyle: { color: STATUS_COLORS[title] } } : {});

const tooltipFor = (kind: StatColumnKind) => ({ valueFormatter: (v: unknown) => formatCell(kind, v as StatCell) });
const legendFor = (n: number) => (n > 1 ? { type: 'scroll', top: 0 } : undefined);

function cartesianPlan(result: StatResult): ChartPlan {
  const { type, category } = result.chart;
  const horizontal = type === 'hbar';
  const rows = horizontal ? result.rows.slice(0, HBAR_TOP) : result.rows;
  const all = seriesColumns(result);
  // a stack of many kinds (经营范围, 车辆类型) names only those with figures in its legend; the table has them all
  const nonZero = all.filter((c) => rows.some((r) => num(r[c.key] as StatCell)));
  const series = type === 'stack' && nonZero.length ? nonZero : all;
  const { axes, axisOf } = valueAxes(series);
  const mainKind = series[0]?.kind;
  const categoryTitle = result.columns.find((c) => c.key === category)?.title ?? '';
  const catAxis = categoryAxis(rows.map((r) => String(r[category] ?? '')), categoryTitle, horizontal);
  const plotted = series.map((c) => {
    const data = rows.map((r) => num(r[c.key] as StatCell));
    const axis = horizontal ? { xAxisIndex: axisOf(c) } : { yAxisIndex: axisOf(c) };
    const common = { name: c.title, data, tooltip: tooltipFor(c.kind), ...axis, ...statusColor(c.title) };
    if (type === 'line') return { ...common, type: 'line', showSymbol: rows.length <= 60 };
    // 堆叠: the main kind's series stack in one bar; a figure of another kind (a rate) is a line over it
    if (type === 'stack') return c.kind === mainKind ? { ...common, type: 'bar', stack: 'total', barMaxWidth: 48 } : { ...common, type: 'line' };
    return { ...common, type: 'bar', barMaxWidth: horizontal ? 18 : 36 };
  });
  const legend = legendFor(series.length);
  const rotated = !horizontal && (catAxis.axisLabel as { rotate?: number }).rotate;
  const option = {
    tooltip: { trigger: 'axis', axisPointer: { type: type === 'line' ? 'line' : 'shadow' } },
    legend,
    grid: { left: 16, right: 32, top: legend ? 56 : 40, bottom: 16 },
    xAxis: horizontal ? axes.map((a, i) => ({ ...a, position: i ? 'top' : 'bottom', nameLocation: 'middle', nameGap: 28 })) : catAxis,
    yAxis: horizontal ? catAxis : axes,
    series: plotted,
  };
  const height = horizontal ? Math.max(300, rows.length * 26 + 100) : rotated ? 380 : 320;
  return { option: option as ChartOption, height, rowOf: (p) => (p.dataIndex === undefined ? undefined : rows[p.dataIndex]) };
}

function piePlan(result: StatResult): ChartPlan {
  const { category } = result.chart;
  const [first] = seriesColumns(result);
  const key = first?.key ?? '';
  const rows = result.rows.filter((r) => (num(r[key] as StatCell) ?? 0) > 0);
  const option = {
    tooltip: { trigger: 'item', ...tooltipFor(first?.kind ?? 'int') },
    legend: { type: 'scroll', orient: 'vertical', left: 8, top: 'middle' },
    series: [{
      name: first?.title, type: 'pie', radius: ['35%', '65%'], center: ['62%', '50%'], avoidLabelOverlap: true, labelLayout: { hideOverlap: true },
      label: { formatter: '{b}\n{d}%' }, data: rows.map((r) => ({ name: String(r[category] ?? ''), value: num(r[key] as StatCell) })),
    }],
  };
  return { option: option as ChartOption, height: 340, rowOf: (p) => (p.dataIndex === undefined ? undefined : rows[p.dataIndex]) };
}

function sankeyPlan(result: StatResult): ChartPlan {
  const link = result.chart.link ?? { source: result.chart.category, target: result.chart.category, value: result.chart.series[0] ?? '' };
  const value = (r: StatRow) => num(r[link.value] as StatCell) ?? 0;
  const rows = result.rows.filter((r) => value(r) > 0).sort((a, b) => value(b) - value(a)).slice(0, SANKEY_TOP);
  const source = (r: StatRow) => String(r[link.source] ?? '');
  const target = (r: StatRow) => String(r[link.target] ?? '');
  // a sankey is acyclic: a place both sent from and sent to needs two nodes
  const sources = new Set(rows.map(source));
  const shared = rows.some((r) => sources.has(target(r)));
  const from = (r: StatRow) => (shared ? `起 ${source(r)}` : source(r));
  const to = (r: StatRow) => (shared ? `止 ${target(r)}` : target(r));
  const nodes = [...new Set([...rows.map(from), ...rows.map(to)])];
  const kind = result.columns.find((c) => c.key === link.value)?.kind ?? 'int';
  const side = Math.max(new Set(rows.map(from)).size, new Set(rows.map(to)).size);
  const option = {
    tooltip: { trigger: 'item', ...tooltipFor(kind) },
    series: [{
      type: 'sankey', left: 16, right: 140, top: 16, bottom: 16, nodeGap: 10, emphasis: { focus: 'adjacency' },
      lineStyle: { color: 'gradient', curveness: 0.5, opacity: 0.35 }, label: { fontSize: 12, width: 120, overflow: 'truncate' },
      data: nodes.map((name) => ({ name })), links: rows.map((r) => ({ source: from(r), target: to(r), value: value(r) })),
    }],
  };
  return { option: option as ChartOption, height: Math.max(360, side * 28 + 40), rowOf: (p) => (p.dataType === 'edge' && p.dataIndex !== undefined ? rows[p.dataIndex] : undefined) };
}

/** the chart of an answer, or null when it has nothing to draw */
export function chartPlan(result: StatResult): ChartPlan | null {
  if (!result.rows.length) return null;
  switch (result.chart.type) {
    case 'pie': return piePlan(result);
    case 'sankey': return sankeyPlan(result);
    default: return cartesianPlan(result);
  }
}
