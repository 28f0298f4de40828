/**
 * 运单统计 and 行业统计: one page for all twelve statistics, read from their definitions in
 * packages/core/src/stats.ts. Each page: the filters its definition names (kept in the URL, `f`), the chart the
 * answer asks for, the table with its 合计 and any further tables; a figure that counts waybills opens them.
 */
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Form, Result, Segmented, Select, Skeleton, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import * as echarts from 'echarts/core';
import { SankeyChart } from 'echarts/charts';
import { statDef, type StatDef, type StatFilter, type StatQuery, type StatResult, type StatRow, type StatTable } from '@dg/core/stats';
import { GOODS_CLASSES, WAYBILL_TYPES, goodsClassName } from '@dg/core/waybill';
import { elementOf } from '@dg/core';
import Chart from '../../views/dashboard/Chart';
import '../../views/dashboard/basicCharts.ts';
import ExportButton from '../../components/ExportButton';
import RegionCascader from '../../components/RegionCascader';
import RefSelect from '../../components/RefSelect';
import { useCan, useUserSide } from '../../components/resource/permission';
import { fmtMinute } from '../waybill/common';
import { getStat, statExportUrl } from './api';
import { chartPlan, formatCell, type ChartClick } from './chartOption';
import { STAT_PARAM, statWaybillsPath } from './paths';

// the dashboard's Chart registers line, bar and pie; 区域流向 needs the sankey too
echarts.use([SankeyChart]);

const DAY = 'YYYY-MM-DD';
/** the search parameters each filter sets */
const FILTER_KEYS: Record<StatFilter, (keyof StatQuery)[]> = {
  date: ['from', 'to'], region: ['regionCode'], enterprise: ['enterpriseId'], goodsClass: ['goodsClass'], granularity: ['granularity'], waybillType: ['waybillType'],
};
const GOODS_CLASS_OPTIONS = GOODS_CLASSES.map((c) => ({ value: c.value, label: goodsClassName(c.value) }));
const WAYBILL_TYPE_OPTIONS = WAYBILL_TYPES.map((t) => ({ value: t, label: t }));
const GRANULARITY_OPTIONS = [{ label: '按日', value: 'day' }, { label: '按月', value: 'month' }];

/** this year to today, by month */
const defaultQuery = (filters: StatFilter[]): StatQuery => ({
  ...(filters.includes('date') ? { from: dayjs().startOf('year').format(DAY), to: dayjs().format(DAY) } : {}),
  ...(filters.includes('granularity') ? { granularity: 'month' as const } : {}),
});

/** an enterprise's statistics are its own: the region and enterprise filters are the government's */
const offeredFilters = (def: StatDef, side: string | null | undefined) =>
  def.filters.filter((f) => side === 'government' || (f !== 'region' && f !== 'enterprise'));

/** only the keys of the offered filters, only non-empty strings (a hand-edited link cannot send anything else) */
function cleanQuery(raw: Record<string, unknown>, filters: StatFilter[]): StatQuery {
  const keys = filters.flatMap((f) => FILTER_KEYS[f]);
  return Object.fromEntries(keys.filter((k) => typeof raw[k] === 'string' && raw[k] !== '').map((k) => [k, raw[k]])) as StatQuery;
}

/** the filters in the URL (`f`, JSON) over the defaults, so a reload or a shared link shows the same figures */
function useStatQuery(filters: StatFilter[]) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(STAT_PARAM);
  const query = useMemo<StatQuery>(() => {
    let given: Record<string, unknown> = {};
    try { given = raw ? JSON.parse(raw) ?? {} : {}; } catch { /* a damaged link: the defaults */ }
    return { ...defaultQuery(filters), ...cleanQuery(typeof given === 'object' ? given : {}, filters) };
  }, [raw, filters]);
  const update = (patch: StatQuery | null) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (patch) next.set(STAT_PARAM, JSON.stringify(cleanQuery({ ...query, ...patch }, filters)));
    else next.delete(STAT_PARAM);
    return next;
  }, { replace: true });
  return [query, update] as const;
}

const pages = new Map<string, ComponentType>();
/** the page of one statistic (by its key in STATS) */
export function statPage(key: string): ComponentType {
  const def = statDef(key);
  if (!def) throw new Error(`no statistic "${key}" in packages/core/src/stats.ts`);
  let page = pages.get(key);
  if (!page) {
    page = function StatPage() { return <StatView def={def} />; };
    pages.set(key, page);
  }
  return page;
}

function StatView({ def }: { def: StatDef }) {
  const side = useUserSide();
  const filters = useMemo(() => offeredFilters(def, side), [def, side]);
  const [query, setQuery] = useStatQuery(filters);
  const canExport = useCan(elementOf(def.menu, 'btn_export'));
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['stat', def.key, query], queryFn: () => getStat(def.key, query), placeholderData: keepPreviousData });
  const onDrill = useMemo(() => (def.drill ? (row: StatRow | undefined) => { if (row?.drill) navigate(statWaybillsPath(row.drill)); } : undefined), [def.drill, navigate]);

  return (
    <div data-testid="stat-page" data-stat={def.key}>
      <StatFilterBar filters={filters} query={query} onChange={setQuery}
        extra={canExport && <ExportButton url={statExportUrl(def.key)} body={query} fileName={`${def.title}.xlsx`} data-testid="stat-export" />} />
      {q.data ? <StatBody title={def.title} result={q.data} onDrill={onDrill} />
        : q.isError ? <Card><Result status="warning" title="统计数据加载失败" extra={<Button onClick={() => void q.refetch()}>重试</Button>} /></Card>
          : <Card><Skeleton active /></Card>}
    </div>
  );
}

function StatFilterBar({ filters, query, onChange, extra }: { filters: StatFilter[]; query: StatQuery; onChange: (patch: StatQuery | null) => void; extra?: ReactNode }) {
  const today = dayjs();
  const has = (f: StatFilter) => filters.includes(f);
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="stat-filters">
      <Form layout="inline" style={{ rowGap: 12 }}>
        {has('date') && (
          <Form.Item label="统计日期">
            <DatePicker.RangePicker allowClear={false} value={[dayjs(query.from), dayjs(query.to)]} disabledDate={(d) => d.isAfter(today, 'day')}
              onChange={(v) => { if (v?.[0] && v[1]) onChange({ from: v[0].format(DAY), to: v[1].format(DAY) }); }}
              presets={[
                { label: '本月', value: [today.startOf('month'), today] },
                { label: '近30天', value: [today.subtract(29, 'day'), today] },
                { label: '本年', value: [today.startOf('year'), today] },
                { label: '上年', value: [today.subtract(1, 'year').startOf('year'), today.subtract(1, 'year').endOf('year')] },
              ]} />
          </Form.Item>
        )}
        {has('region') && (
          <Form.Item label="地区">
            <RegionCascader changeOnSelect placeholder="全部地区" style={{ width: 220 }} id="stat-regionCode" data-testid="stat-filter-region"
              value={query.regionCode} onChange={(regionCode) => onChange({ regionCode })} />
          </Form.Item>
        )}
        {has('enterprise') && (
          <Form.Item label="企业">
            <span data-testid="stat-filter-enterprise">
              <RefSelect resource="enterprise" placeholder="全部企业" style={{ width: 240 }} id="stat-enterpriseId"
                value={query.enterpriseId} onChange={(v) => onChange({ enterpriseId: typeof v === 'string' ? v : undefined })} />
            </span>
          </Form.Item>
        )}
        {has('goodsClass') && (
          <Form.Item label="货物类别">
            <Select allowClear placeholder="全部类别" style={{ width: 200 }} id="stat-goodsClass" data-testid="stat-filter-goodsClass" options={GOODS_CLASS_OPTIONS}
              value={query.goodsClass} onChange={(goodsClass?: string) => onChange({ goodsClass })} />
          </Form.Item>
        )}
        {has('waybillType') && (
          <Form.Item label="运单类型">
            <Select allowClear placeholder="全部类型" style={{ width: 160 }} id="stat-waybillType" options={WAYBILL_TYPE_OPTIONS}
              value={query.waybillType} onChange={(waybillType?: string) => onChange({ waybillType })} />
          </Form.Item>
        )}
        {has('granularity') && (
          <Form.Item label="统计粒度">
            <Segmented options={GRANULARITY_OPTIONS} value={query.granularity} data-testid="stat-filter-granularity"
              onChange={(v) => onChange({ granularity: v as StatQuery['granularity'] })} />
          </Form.Item>
        )}
        <Form.Item style={{ marginInlineStart: 'auto', marginInlineEnd: 0 }}>
          <Space>
            <Button onClick={() => onChange(null)}>重置</Button>
            {extra}
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

type Drill = ((row: StatRow | undefined) => void) | undefined;

function StatBody({ title, result, onDrill }: { title: string; result: StatResult; onDrill: Drill }) {
  const plan = useMemo(() => chartPlan(result), [result]);
  const onEvents = useMemo(() => (onDrill && plan ? { click: (p: ChartClick) => onDrill(plan.rowOf(p)) } : undefined), [onDrill, plan]);
  const drillable = !!onDrill && result.rows.some((r) => r.drill);
  return (
    <>
      <Card size="small" title={title} data-testid="stat-chart-card">
        <Space wrap size={[24, 4]} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary" data-testid="stat-subtitle">{result.subtitle}</Typography.Text>
          {result.refreshedAt && <Typography.Text type="secondary" data-testid="stat-refreshed">统计时间 {fmtMinute(result.refreshedAt)}</Typography.Text>}
        </Space>
        {result.notes?.map((n) => <Alert key={n} type="info" showIcon title={n} style={{ marginBottom: 8 }} />)}
        {plan ? <Chart testId="stat-chart" option={plan.option} style={{ height: plan.height }} onEvents={onEvents} />
          : <Empty style={{ margin: '48px 0' }} description="所选条件下没有数据" />}
        {plan && drillable && <Typography.Text type="secondary">点击图表或表格中的一行，查看所统计的{result.rows.some((r) => typeof r.drill?.rule === 'string') ? '异常运单' : '运单'}。</Typography.Text>}
      </Card>
      <Card size="small" title={result.title} style={{ marginTop: 16 }}>
        <StatTableView table={result} onDrill={onDrill} testId="stat-table" linkColumn={result.chart.category} hidden={sankeyOnly(result)} />
      </Card>
      {result.extra?.map((t, i) => (
        <Card key={t.title} size="small" title={t.title} style={{ marginTop: 16 }}>
          <StatTableView table={t} onDrill={onDrill} testId={`stat-extra-${i}`} />
        </Card>
      ))}
    </>
  );
}

/** a sankey's node names (起 杭州市, 止 宁波市) repeat the table's 起运地 and 目的地: the chart's, not the reader's */
const sankeyOnly = (r: StatResult) => [r.chart.link?.source, r.chart.link?.target].filter((k): k is string => !!k && k !== r.chart.category);
const numeric = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v) || 0);
const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });
/** beyond this many rows the table pages (its 合计 stays the whole table's) */
const TABLE_PAGE = 50;

/** linkColumn: the column shown as a link where a row opens its waybills (the first by default); hidden: columns left out */
function StatTableView({ table, onDrill, testId, linkColumn = table.columns[0]?.key, hidden = [] }: {
  table: StatTable; onDrill: Drill; testId: string; linkColumn?: string; hidden?: string[];
}) {
  const { totals } = table;
  const shown = table.columns.filter((c) => !hidden.includes(c.key));
  // a wide table (经营范围 by area, a flow matrix) scrolls with its first column in view
  const wide = shown.length > 7;
  const columns: ColumnsType<StatRow> = shown.map((c, i) => ({
    title: c.title, dataIndex: c.key, key: c.key, fixed: wide && i === 0 ? 'left' as const : undefined,
    ...(c.kind === 'text' ? {} : { align: 'right' as const, onCell: nowrap, sorter: (a: StatRow, b: StatRow) => numeric(a[c.key]) - numeric(b[c.key]) }),
    render: (v: unknown, r: StatRow) => {
      const text = formatCell(c.kind, v as string | number | null);
      return c.key === linkColumn && onDrill && r.drill ? <Typography.Link>{text}</Typography.Link> : text;
    },
  }));
  return (
    <Table<StatRow> rowKey="key" size="small" data-testid={testId} dataSource={table.rows} columns={columns} scroll={{ x: 'max-content' }}
      locale={{ emptyText: '所选条件下没有数据' }}
      pagination={table.rows.length > TABLE_PAGE ? { pageSize: TABLE_PAGE, showSizeChanger: true, showTotal: (n) => `共 ${n} 行` } : false}
      onRow={(r) => (onDrill && r.drill ? { onClick: () => onDrill(r), style: { cursor: 'pointer' } } : {})}
      summary={totals && table.rows.length ? () => (
        <Table.Summary>
          <Table.Summary.Row data-testid={`${testId}-totals`}>
            {shown.map((c, i) => (
              <Table.Summary.Cell key={c.key} index={i} align={c.kind === 'text' ? undefined : 'right'}>
                <Typography.Text strong>{i === 0 && (totals[c.key] === undefined || totals[c.key] === null) ? '合计' : formatCell(c.kind, totals[c.key] ?? null)}</Typography.Text>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        </Table.Summary>
      ) : undefined} />
  );
}
