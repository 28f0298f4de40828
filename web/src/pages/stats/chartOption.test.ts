import { describe, expect, it } from 'vitest';
import type { StatChartSpec, StatColumn, StatResult, StatRow } from '@dg/core/stats';
import { chartPlan, formatCell, HBAR_TOP } from './chartOption';

const columns: StatColumn[] = [
  { key: 'name', title: '企业', kind: 'text' },
  { key: 'waybills', title: '运单数', kind: 'int' },
  { key: 'mass', title: '货物量（t）', kind: 'tonnes' },
];
const drill = { from: '2026-01-01', to: '2026-03-31' };
const rowsOf = (n: number): StatRow[] => Array.from({ length: n }, (_, i) => ({ key: `r${i}`, name: `企业${i}`, waybills: 100 - i, mass: 12.5 * (i + 1), drill: { ...drill, label: `企业${i}` } }));
const answer = (chart: StatChartSpec, rows: StatRow[], cols = columns): StatResult => ({ title: '明细', subtitle: '', columns: cols, rows, chart });
const opt = (r: StatResult) => chartPlan(r)!.option as any;

describe('statistics figures', () => {
  it('formats counts, tonnes and rates as the table shows them', () => {
    expect(formatCell('int', 1234567)).toBe('1,234,567');
    expect(formatCell('tonnes', 1234.5)).toBe('1,234.50');
    expect(formatCell('percent', 12.345)).toBe('12.3%');
    expect(formatCell('int', null)).toBe('-');
    expect(formatCell('text', '杭州市')).toBe('杭州市');
  });

  it('a horizontal bar chart shows the first twenty names and a click finds the row', () => {
    const plan = chartPlan(answer({ type: 'hbar', category: 'name', series: ['waybills'] }, rowsOf(30)))!;
    const o = plan.option as any;
    expect(o.yAxis.data).toHaveLength(HBAR_TOP);
    expect(o.yAxis.inverse).toBe(true);
    expect(o.xAxis[0].name).toBe('运单数');
    expect(plan.rowOf({ dataIndex: 3 })?.key).toBe('r3');
  });

  it('counts and tonnes have an axis each, named after what they plot', () => {
    const o = opt(answer({ type: 'line', category: 'name', series: ['waybills', 'mass'] }, rowsOf(5)));
    expect(o.yAxis.map((a: any) => a.name)).toEqual(['运单数', '货物量（t）']);
    expect(o.series.map((s: any) => s.yAxisIndex)).toEqual([0, 1]);
    expect(o.legend).toBeTruthy();
  });

  it('many long names on a vertical axis are all shown, rotated and truncated', () => {
    const o = opt(answer({ type: 'stack', category: 'name', series: ['waybills'] }, rowsOf(15).map((r) => ({ ...r, name: `${r.name}危险货物运输有限公司` }))));
    expect(o.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 35, overflow: 'truncate' });
    expect(o.series[0].stack).toBe('total');
  });

  it('a stack leaves kinds without figures out of its legend and colours statuses by what they say', () => {
    const cols: StatColumn[] = [{ key: 'name', title: '证件', kind: 'text' }, { key: 'valid', title: '有效', kind: 'int' }, { key: 'none', title: '危险货物运输（1类）', kind: 'int' }, { key: 'expired', title: '已过期', kind: 'int' }];
    const rows: StatRow[] = [{ key: 'a', name: '驾驶证', valid: 3, none: 0, expired: 1 }];
    const o = opt(answer({ type: 'stack', category: 'name', series: ['valid', 'none', 'expired'] }, rows, cols));
    expect(o.series.map((s: any) => s.name)).toEqual(['有效', '已过期']);
    expect(o.series[1].itemStyle.color).toBe('#f5222d');
  });

  it('a pie leaves out empty slices and a click still finds its row', () => {
    const rows = rowsOf(4).map((r, i) => ({ ...r, waybills: i === 1 ? 0 : r.waybills }));
    const plan = chartPlan(answer({ type: 'pie', category: 'name', series: ['waybills'] }, rows))!;
    expect((plan.option as any).series[0].data.map((d: any) => d.name)).toEqual(['企业0', '企业2', '企业3']);
    expect(plan.rowOf({ dataIndex: 1 })?.key).toBe('r2');
  });

  it('a sankey keeps a place sent from and to apart, and an edge click finds its row', () => {
    const cols: StatColumn[] = [{ key: 'from', title: '起运地', kind: 'text' }, { key: 'to', title: '目的地', kind: 'text' }, { key: 'n', title: '运单数', kind: 'int' }];
    const rows: StatRow[] = [
      { key: 'a', from: '杭州市', to: '杭州市', n: 5 },
      { key: 'b', from: '杭州市', to: '宁波市', n: 9 },
      { key: 'c', from: '宁波市', to: '温州市', n: 0 },
    ];
    const plan = chartPlan(answer({ type: 'sankey', category: 'from', series: ['n'], link: { source: 'from', target: 'to', value: 'n' } }, rows, cols))!;
    const s = (plan.option as any).series[0];
    expect(s.links).toEqual([{ source: '起 杭州市', target: '止 宁波市', value: 9 }, { source: '起 杭州市', target: '止 杭州市', value: 5 }]);
    expect(new Set(s.data.map((d: any) => d.name)).size).toBe(s.data.length);
    expect(plan.rowOf({ dataType: 'edge', dataIndex: 1 })?.key).toBe('a');
    expect(plan.rowOf({ dataType: 'node', dataIndex: 0 })).toBeUndefined();
  });

  it('nothing to draw without rows', () => {
    expect(chartPlan(answer({ type: 'bar', category: 'name', series: ['waybills'] }, []))).toBeNull();
  });
});
