/**
 * 信息看板 (zydXxkbManager, 政): 动态监控 (in transit now, live), 基础查询 (one box, one card),
 * 静态监控 (expired and due documents by area → enterprise → documents), 提示汇总 (open items with counts and links).
 * The server decides the jurisdiction; the areas are cities for a province, counties for a city.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Col, Descriptions, Drawer, Empty, Input, List, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { goodsClassName } from '@dg/core/waybill';
import { resourceByKey, type WarningRow } from '@dg/core';
import { WARNING_STATUS_COLOR, warningDaysText } from '@dg/core/warnings';
import Chart from '../../views/dashboard/Chart';
import '../../views/dashboard/basicCharts.ts';
import { menuPath } from '../../views/dashboard/parts';
import { useFormatContext } from '../../components/resource';
import { detailItems } from '../../components/resource/ResourceDetail';
import PagedTable, { usePagedList, type PagedColumn } from '../../components/resource/PagedTable';
import { StateTag, fmtTime, WAYBILL_ROUTES } from '../waybill/common';
import {
  dynamicList, dynamicSummary, getCard, lookup, staticDocuments, staticEnterprises, staticSummary, tipSummary,
  type AbnormalItem, type CardType, type DocumentItem, type EnterpriseCounts, type HazardItem, type InTransit, type Match, type StaticArea, type WaybillItem,
} from './api';

const RED = '#f5222d';
const ORANGE = '#fa8c16';
const classShort = (c: string) => (c === '-' ? '未分类' : `${c}类`);

/** the board follows the waybills in its jurisdiction (the server's live events, app/live.ts), and every minute anyway */
const FOLLOWS = ['waybill'];
const POLL = 60_000;
const LIVE = { refetchInterval: POLL, meta: { live: FOLLOWS } } as const;

// ---------------------------------------------------------------------------
// 动态监控
// ---------------------------------------------------------------------------

export function DynamicMonitor() {
  const summary = useQuery({ queryKey: ['board', 'dynamic'], queryFn: dynamicSummary, ...LIVE });
  // the area, class and 超时 picked and the page in the URL: a reload, 后退 or a shared link shows the same list
  const list = usePagedList<InTransit>('dynamic', {
    queryKey: (req) => ['board', 'dynamic', 'list', req],
    request: (req) => dynamicList(req),
    live: FOLLOWS, poll: POLL,
  });
  const filters = list.filters as { area?: string; goodsClass?: string; overdue?: boolean };
  const filter = (f: typeof filters) => list.search(f);

  const s = summary.data;
  const classes = s?.classes ?? [];
  const areas = s?.areas ?? [];
  const areaName = (code?: string) => areas.find((a) => a.code === code)?.name ?? code;
  const option = areas.length ? {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 48, right: 16, top: 24, bottom: 64 },
    xAxis: { type: 'category', data: areas.map((a) => a.name), axisLabel: { interval: 0, rotate: areas.length > 8 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1, name: '在途运单' },
    series: classes.map((c) => ({ name: goodsClassName(c), type: 'bar', stack: 'class', barMaxWidth: 36, data: areas.map((a) => a.byClass[c] ?? 0) })),
  } : null;

  const columns: PagedColumn<InTransit>[] = [
    { title: '运单编号', dataIndex: 'waybillNo', render: (v, r) => <Link to={WAYBILL_ROUTES.govInfo(r.id)}>{v || '（未下发）'}</Link> },
    { title: '车牌号码', dataIndex: 'plateNo' },
    { title: '承运企业', dataIndex: 'enterpriseName', ellipsis: true },
    { title: '地区', dataIndex: 'area' },
    { title: '货物', dataIndex: 'goodsSummary', ellipsis: true, render: (v, r) => <>{r.goodsClasses.map((c) => <Tag key={c}>{classShort(c)}</Tag>)}{v}</> },
    { title: '起讫', render: (_v, r) => `${r.origin.split('/').pop()} → ${r.dest.split('/').pop()}` },
    { title: '驾驶员', dataIndex: 'driverName', render: (v, r) => (v ? `${v} ${r.driverPhone ?? ''}` : '') },
    { title: '装货时间', dataIndex: 'loadedAt', valueType: 'dateTime' },
    {
      title: '在途时长', dataIndex: 'hours', render: (v, r) => (
        <Space size={4}>
          <span>{v}小时{r.expectedHours ? ` / 预计${r.expectedHours}小时` : ''}</span>
          {r.overdue && <Tag color="error">超时</Tag>}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="dynamic-monitor">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}><Card size="small"><Statistic title="在途运单" value={s?.total ?? 0} loading={summary.isLoading} /></Card></Col>
        <Col xs={12} md={6}>
          <Card size="small" hoverable onClick={() => filter({ ...filters, overdue: !filters.overdue })} data-testid="dynamic-overdue"
            style={{ borderColor: filters.overdue ? RED : undefined }}>
            <Statistic title="在途超时" value={s?.overdue ?? 0} styles={{ content: { color: s?.overdue ? RED : undefined } }} loading={summary.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" style={{ height: '100%' }}>
            <Typography.Text type="secondary">
              在途超过线路预计时长{s?.factor ?? 2}倍即为超时（参数设置）。随运单状态实时更新{s ? `，${fmtTime(s.asOf).slice(11) || fmtTime(s.asOf)}` : ''}。
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Card title="在途运单：地区 × 货物类别" style={{ marginTop: 16 }} data-testid="dynamic-chart">
        {option ? (
          <Chart option={option} onEvents={{ click: (p: { dataIndex: number; seriesIndex: number }) => filter({ ...filters, area: areas[p.dataIndex]?.code, goodsClass: classes[p.seriesIndex] }) }} />
        ) : <Empty description="当前没有在途运单" />}
        {areas.length > 0 && (
          <Table size="small" rowKey="code" pagination={false} style={{ marginTop: 8 }} data-testid="dynamic-areas" dataSource={areas} scroll={{ x: true }}
            columns={[
              { title: '地区', dataIndex: 'name', render: (v, a) => <Typography.Link onClick={() => filter({ ...filters, area: a.code, goodsClass: undefined })}>{v}</Typography.Link> },
              { title: '在途', dataIndex: 'total' },
              { title: '超时', dataIndex: 'overdue', render: (v: number, a) => (v ? <Typography.Link style={{ color: RED }} onClick={() => filter({ area: a.code, overdue: true })}>{v}</Typography.Link> : 0) },
              ...classes.map((c) => ({ title: classShort(c), key: c, render: (_: unknown, a: (typeof areas)[number]) => a.byClass[c] ?? 0 })),
            ]} />
        )}
      </Card>
      <Card style={{ marginTop: 16 }} title={
        <Space wrap>
          <span>在途运单</span>
          {filters.area && <Tag closable onClose={() => filter({ ...filters, area: undefined })}>{areaName(filters.area)}</Tag>}
          {filters.goodsClass && <Tag closable onClose={() => filter({ ...filters, goodsClass: undefined })}>{goodsClassName(filters.goodsClass)}</Tag>}
          {filters.overdue && <Tag color="error" closable onClose={() => filter({ ...filters, overdue: undefined })}>只看超时</Tag>}
        </Space>
      }>
        <PagedTable<InTransit> list={list} size="small" columns={columns} scroll={{ x: true }}
          data-testid="dynamic-list" onRow={(r) => (r.overdue ? { style: { background: '#fff1f0' } } : {})} />
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------------------
// 基础查询
// ---------------------------------------------------------------------------

const DOC_COLOR: Record<DocumentItem['status'], string> = { 有效: 'success', 即将到期: 'warning', 已过期: 'error' };
const JCXX_INFO: Partial<Record<CardType, { menu: string; path: (id: string) => string }>> = {
  enterprise: { menu: 'qyxxcxManager', path: (id) => `/jcxxcxManager/qyxxcxInfo/${id}` },
  vehicle: { menu: 'clxxcxManager', path: (id) => `/jcxxcxManager/clxxcxInfo/${id}` },
  staff: { menu: 'cyryxxManager', path: (id) => `/jcxxcxManager/cyryxxInfo/${id}` },
};
const TYPE_COLOR: Record<CardType, string> = { enterprise: 'blue', vehicle: 'cyan', staff: 'purple', waybill: 'geekblue' };
const TYPE_TITLE: Record<CardType, string> = { enterprise: '企业', vehicle: '车辆', staff: '从业人员', waybill: '运单' };

export function BasicQuery() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = params.get('type') as CardType | null;
  const id = params.get('id');
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const matches = useQuery({ queryKey: ['board', 'lookup', q], queryFn: () => lookup(q), enabled: !!q.trim() });
  // one match opens at once
  const only = matches.data?.length === 1 ? matches.data[0] : undefined;
  const open = type && id ? { type, id } : only ? { type: only.type, id: only.id } : null;
  const openCard = (m: Pick<Match, 'type' | 'id'>) => setParams({ ...(q ? { q } : {}), type: m.type, id: m.id });

  return (
    <div data-testid="basic-query">
      <Card>
        <Input.Search size="large" enterButton="查询" allowClear value={text} onChange={(e) => setText(e.target.value)} data-testid="lookup-input" maxLength={50}
          placeholder="车牌号、身份证号、企业名称或统一社会信用代码、运单号" onSearch={(v) => setParams(v.trim() ? { q: v.trim() } : {})} loading={matches.isFetching} />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          车牌号可只输入前几位；企业名称可输入其中一部分。只查询本辖区的档案和运单。
        </Typography.Text>
      </Card>
      {q && matches.data && !matches.data.length && <Empty style={{ marginTop: 24 }} description={`本辖区没有与“${q}”对应的车辆、人员、企业或运单`} />}
      {q && (matches.data?.length ?? 0) > 1 && (
        <Card size="small" title={`找到${matches.data!.length}条`} style={{ marginTop: 16 }} data-testid="lookup-matches">
          <List size="small" dataSource={matches.data} renderItem={(m) => (
            <List.Item style={{ cursor: 'pointer', background: open?.id === m.id ? '#e6f4ff' : undefined }} onClick={() => openCard(m)}>
              <Space><Tag color={TYPE_COLOR[m.type]}>{TYPE_TITLE[m.type]}</Tag><Typography.Link>{m.title}</Typography.Link><Typography.Text type="secondary">{m.subtitle}</Typography.Text></Space>
            </List.Item>
          )} />
        </Card>
      )}
      {open && <RecordCard type={open.type} id={open.id} onOpen={openCard} />}
    </div>
  );
}

function Section({ title, count, children, testId }: { title: string; count?: number; children: ReactNode; testId: string }) {
  return (
    <Card size="small" title={<Space>{title}{count !== undefined && <Badge count={count} showZero color={count ? undefined : '#d9d9d9'} />}</Space>} style={{ marginTop: 16 }} data-testid={testId}>
      {children}
    </Card>
  );
}

function RecordCard({ type, id, onOpen }: { type: CardType; id: string; onOpen: (m: Pick<Match, 'type' | 'id'>) => void }) {
  const ctx = useFormatContext();
  const { data, isLoading, isError } = useQuery({ queryKey: ['board', 'card', type, id], queryFn: () => getCard(type, id) });
  if (isLoading) return <Card style={{ marginTop: 16 }}><Skeleton active /></Card>;
  if (isError || !data) return <Alert style={{ marginTop: 16 }} type="warning" showIcon message="没有找到该档案，或不在本辖区" />;
  const def = type === 'waybill' ? undefined : resourceByKey(type);
  const listFields = new Set(Object.entries(def?.fields ?? {}).filter(([, f]) => f.column).map(([n]) => n));
  const jcxx = JCXX_INFO[type];
  const jcxxPath = jcxx && menuPath(jcxx.menu) ? jcxx.path(id) : undefined;
  return (
    <div data-testid="record-card">
      <Card style={{ marginTop: 16 }} title={<Space><Tag color={TYPE_COLOR[type]}>{data.typeTitle}</Tag><span data-testid="card-title">{data.title}</span><Typography.Text type="secondary">{data.subtitle}</Typography.Text></Space>}
        extra={jcxxPath ? <Link to={jcxxPath}>查看档案</Link> : type === 'waybill' ? <Link to={WAYBILL_ROUTES.govInfo(id)}>运单详情</Link> : null}>
        {def && data.record && (
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={detailItems(def, data.record, ctx).filter((i) => listFields.has(String(i.key)))} />
        )}
        {data.waybill && (
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={[
            { key: 'state', label: '状态', children: <Space><StateTag state={data.waybill.state} />{data.waybill.overdue && <Tag color="error">在途超时</Tag>}</Space> },
            { key: 'enterprise', label: '承运企业', children: data.waybill.enterpriseName },
            { key: 'plate', label: '车牌号码', children: data.waybill.plateNo },
            { key: 'goods', label: '货物', children: data.waybill.goodsSummary },
            { key: 'route', label: '起讫地', children: data.waybill.route },
            { key: 'start', label: '起运日期', children: data.waybill.startDate },
            { key: 'crew', label: '驾驶员/押运员', children: [data.waybill.driverName, data.waybill.escortName].filter(Boolean).join(' / ') },
            { key: 'loaded', label: '装货时间', children: fmtTime(data.waybill.loadedAt) },
            { key: 'completed', label: '完成时间', children: fmtTime(data.waybill.completedAt) },
          ]} />
        )}
        {data.counts && (
          <Row gutter={16} style={{ marginTop: 16 }}>
            {([['vehicles', '营运车辆'], ['staff', '在职人员'], ['waybills', '运单'], ['inTransit', '在途运单']] as const).map(([k, label]) => (
              <Col key={k} xs={12} md={6}><Statistic title={label} value={data.counts![k]} /></Col>
            ))}
          </Row>
        )}
        {!!data.links?.length && (
          <Space wrap style={{ marginTop: 16 }} data-testid="card-links">
            <Typography.Text type="secondary">关联：</Typography.Text>
            {data.links.map((l) => (
              <Button key={l.type + l.id + l.subtitle} size="small" onClick={() => onOpen(l)}>{l.subtitle}：{l.title}</Button>
            ))}
          </Space>
        )}
      </Card>
      <Section title="证件及有效期" count={data.documents.filter((d) => d.status !== '有效').length} testId="card-documents">
        <Table<DocumentItem> size="small" rowKey={(d) => d.document + d.expiryDate + (d.docNo ?? '')} pagination={false} dataSource={data.documents} locale={{ emptyText: '没有登记有效期的证件' }}
          columns={[
            { title: '证件', dataIndex: 'document' },
            { title: '证件编号', dataIndex: 'docNo' },
            { title: '有效期至', dataIndex: 'expiryDate' },
            { title: '状态', dataIndex: 'status', render: (v: DocumentItem['status'], d) => <Tag color={DOC_COLOR[v]}>{v}{v === '有效' ? '' : d.days < 0 ? ` ${-d.days}天` : ` 剩${d.days}天`}</Tag> },
          ]} />
      </Section>
      {data.waybills && (
        <Section title="最近运单" count={data.waybills.length} testId="card-waybills">
          <Table<WaybillItem> size="small" rowKey="id" pagination={false} dataSource={data.waybills} locale={{ emptyText: '没有运单' }} scroll={{ x: true }}
            columns={[
              { title: '运单编号', dataIndex: 'waybillNo', render: (v, w) => <Link to={WAYBILL_ROUTES.govInfo(w.id)}>{v || '（未下发）'}</Link> },
              { title: '状态', dataIndex: 'state', render: (v) => <StateTag state={v} /> },
              { title: '车牌号码', dataIndex: 'plateNo' },
              { title: '货物', dataIndex: 'goodsSummary', ellipsis: true },
              { title: '起讫', dataIndex: 'route' },
              { title: '起运日期', dataIndex: 'startDate' },
              { title: '驾驶员', dataIndex: 'driverName' },
            ]} />
        </Section>
      )}
      {data.warnings && (
        <Section title="证件预警" count={data.warnings.length} testId="card-warnings">
          <WarningTable rows={data.warnings} />
        </Section>
      )}
      {data.hazards && (
        <Section title="未销号隐患" count={data.hazards.length} testId="card-hazards">
          <Table<HazardItem> size="small" rowKey="id" pagination={false} dataSource={data.hazards} locale={{ emptyText: '没有未销号的隐患' }}
            columns={[
              { title: '隐患编号', dataIndex: 'hazardNo' },
              { title: '隐患名称', dataIndex: 'title' },
              { title: '等级', dataIndex: 'level', render: (v) => <Tag color={v === '重大' ? 'error' : undefined}>{v}</Tag> },
              { title: '状态', dataIndex: 'state' },
              { title: '整改期限', dataIndex: 'deadline', render: (v, h) => <Space>{v}{h.overdue && <Tag color="error">逾期</Tag>}</Space> },
            ]} />
        </Section>
      )}
      {data.abnormal && (
        <Section title="异常运单" count={data.abnormal.filter((a) => a.status !== '已办结').length} testId="card-abnormal">
          <Table<AbnormalItem> size="small" rowKey="id" pagination={false} dataSource={data.abnormal} locale={{ emptyText: '没有异常运单' }}
            columns={[
              { title: '运单编号', dataIndex: 'waybillNo', render: (v, a) => (a.waybillId ? <Link to={WAYBILL_ROUTES.govInfo(a.waybillId)}>{v}</Link> : v) },
              { title: '车牌号码', dataIndex: 'plateNo' },
              { title: '规则', dataIndex: 'rule', render: (v) => <Tag color="error">{v}</Tag> },
              { title: '说明', dataIndex: 'detail', ellipsis: true },
              { title: '状态', dataIndex: 'status' },
              { title: '发现时间', dataIndex: 'foundAt', render: (v) => fmtTime(v) },
            ]} />
        </Section>
      )}
    </div>
  );
}

/** a card's documents and 静态监控's: the status's colour, the days left or overdue as its text */
const WARNING_COLUMNS: ColumnsType<WarningRow> = [
  { title: '类别', dataIndex: 'kindTitle' },
  { title: '对象', dataIndex: 'subject', render: (v, r) => <Link to={r.route}>{v}</Link> },
  { title: '证件', dataIndex: 'document' },
  { title: '证件编号', dataIndex: 'docNo' },
  { title: '有效期至', dataIndex: 'expiryDate', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
  { title: '状态', dataIndex: 'status', onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (v: WarningRow['status'], r) => <Tag color={WARNING_STATUS_COLOR[v]}>{warningDaysText(r.days)}</Tag> },
];
const NO_WARNINGS = '没有即将到期或已过期的证件';

function WarningTable({ rows }: { rows: WarningRow[] }) {
  return <Table<WarningRow> size="small" rowKey="id" pagination={false} dataSource={rows} locale={{ emptyText: NO_WARNINGS }} scroll={{ x: true }} columns={WARNING_COLUMNS} />;
}

// ---------------------------------------------------------------------------
// 静态监控
// ---------------------------------------------------------------------------

export function StaticMonitor() {
  const summary = useQuery({ queryKey: ['board', 'static'], queryFn: staticSummary });
  // the area picked and the enterprises' page in the URL; the documents' page (in the drawer) here
  const enterprises = usePagedList<EnterpriseCounts>('static', {
    queryKey: (req) => ['board', 'static', 'enterprises', req],
    request: (req) => staticEnterprises(req),
  });
  const regionCode = typeof enterprises.filters.regionCode === 'string' ? enterprises.filters.regionCode : undefined;
  const [enterprise, setEnterprise] = useState<EnterpriseCounts | null>(null);
  const documents = usePagedList<WarningRow>('documents', {
    inUrl: false, fixed: { enterpriseId: enterprise?.enterpriseId }, enabled: !!enterprise,
    queryKey: (req) => ['board', 'static', 'documents', req],
    request: (req) => staticDocuments(req),
  });
  const s = summary.data;
  const areas = s?.areas ?? [];
  const area = regionCode ? areas.find((a) => a.code === regionCode) ?? null : null;
  const pickArea = (a: StaticArea | null) => enterprises.search(a ? { regionCode: a.code } : {});
  const option = areas.length ? {
    color: [RED, ORANGE],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: areas.map((a) => a.name), axisLabel: { interval: 0, rotate: areas.length > 8 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1, name: '证件数' },
    series: [
      { name: '已过期', type: 'bar', stack: 'doc', barMaxWidth: 36, data: areas.map((a) => a.overdue) },
      { name: '即将到期', type: 'bar', stack: 'doc', barMaxWidth: 36, data: areas.map((a) => a.due) },
    ],
  } : null;
  return (
    <div data-testid="static-monitor">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}><Card size="small"><Statistic title="已过期证件" value={s?.overdue ?? 0} styles={{ content: { color: s?.overdue ? RED : undefined } }} loading={summary.isLoading} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="即将到期证件" value={s?.due ?? 0} styles={{ content: { color: s?.due ? ORANGE : undefined } }} loading={summary.isLoading} /></Card></Col>
      </Row>
      <Card title="按地区" style={{ marginTop: 16 }} data-testid="static-areas">
        {option ? <Chart option={option} onEvents={{ click: (p: { dataIndex: number }) => pickArea(areas[p.dataIndex] ?? null) }} /> : <Empty description="没有即将到期或已过期的证件" />}
        {areas.length > 0 && (
          <Table<StaticArea> size="small" rowKey="code" pagination={false} dataSource={areas} scroll={{ x: true }} style={{ marginTop: 8 }}
            onRow={(a) => ({ onClick: () => pickArea(a), style: { cursor: 'pointer', background: area?.code === a.code ? '#e6f4ff' : undefined } })}
            columns={[
              { title: '地区', dataIndex: 'name', render: (v) => <Typography.Link>{v}</Typography.Link> },
              { title: '已过期', dataIndex: 'overdue', render: (v: number) => <span style={{ color: v ? RED : undefined }}>{v}</span> },
              { title: '即将到期', dataIndex: 'due', render: (v: number) => <span style={{ color: v ? ORANGE : undefined }}>{v}</span> },
              ...(s?.kinds ?? []).map((k) => ({
                title: k.title, key: k.key,
                render: (_: unknown, a: StaticArea) => { const c = a.byKind[k.key]; return c ? `${c.overdue} / ${c.due}` : '0 / 0'; },
              })),
            ]} />
        )}
        {areas.length > 0 && <Typography.Text type="secondary">各类证件列为“已过期 / 即将到期”。点击地区查看企业。</Typography.Text>}
      </Card>
      <Card style={{ marginTop: 16 }} data-testid="static-enterprises"
        title={<Space>按企业{area && <Tag closable onClose={() => pickArea(null)}>{area.name}</Tag>}</Space>}>
        <PagedTable<EnterpriseCounts> list={enterprises} size="small" rowKey="enterpriseId" scroll={undefined}
          onRow={(e) => ({ onClick: () => setEnterprise(e), style: { cursor: 'pointer' } })}
          columns={[
            { title: '企业', dataIndex: 'enterpriseName', render: (v) => <Typography.Link>{v}</Typography.Link> },
            { title: '已过期', dataIndex: 'overdue', render: (v: number) => <span style={{ color: v ? RED : undefined }}>{v}</span> },
            { title: '即将到期', dataIndex: 'due', render: (v: number) => <span style={{ color: v ? ORANGE : undefined }}>{v}</span> },
          ]} />
      </Card>
      <Drawer open={!!enterprise} onClose={() => setEnterprise(null)} size={Math.min(1000, window.innerWidth)} title={`${enterprise?.enterpriseName ?? ''}：即将到期和已过期的证件`} destroyOnHidden>
        <div data-testid="static-documents">
          <PagedTable<WarningRow> list={documents} size="small" columns={WARNING_COLUMNS} emptyText={NO_WARNINGS} scroll={{ x: true }} />
        </div>
      </Drawer>
    </div>
  );
}

// ---------------------------------------------------------------------------
// 提示汇总
// ---------------------------------------------------------------------------

export function TipSummary() {
  const { data, isLoading } = useQuery({ queryKey: ['board', 'tips'], queryFn: tipSummary, refetchInterval: 60_000, meta: { live: ['waybill', 'hazard'] } });
  if (isLoading) return <Skeleton active />;
  return (
    <Row gutter={[16, 16]} data-testid="tip-summary">
      {(data ?? []).map((g) => {
        // what must be acted on now (the other counts include some of these)
        const urgent = g.items.reduce((n, i) => n + (i.urgent ? i.count : 0), 0);
        return (
          <Col key={g.key} xs={24} lg={12}>
            <Card title={g.title} extra={urgent ? <Tag color="error">待立即处理 {urgent}</Tag> : <Tag color="success">无紧急事项</Tag>} data-testid={`tips-${g.key}`} style={{ height: '100%' }}>
              <List size="small" dataSource={g.items} locale={{ emptyText: '没有需要处理的事项' }} renderItem={(i) => {
                const path = menuPath(i.menu);
                const href = path ? `${path}${i.query ? `?${new URLSearchParams(i.query).toString()}` : ''}` : undefined;
                const color = i.count ? (i.urgent ? RED : ORANGE) : undefined;
                return (
                  <List.Item data-testid={`tip-${i.key}`}>
                    <span style={{ flex: 1 }}>{i.title}</span>
                    <Typography.Text strong style={{ color, fontSize: 16, minWidth: 48, textAlign: 'right' }}>{i.count}</Typography.Text>
                    <span style={{ width: 56, textAlign: 'right' }}>{href ? <Link to={href}>查看</Link> : null}</span>
                  </List.Item>
                );
              }} />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
