/**
 * 统计运单 (/waybillStatistics/waybills?f=<drill>): the waybills a statistic's figure counts, or with the drill's
 * `rule` the abnormal findings, paged by the server. Each waybill opens its detail page.
 */
import { useMemo } from 'react';
import { Card, Result, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { tonnes, type StatDrill } from '@dg/core/stats';
import { useUserSide } from '../../components/resource/permission';
import PagedTable, { usePagedList, type PagedColumn, type PagedList } from '../../components/resource/PagedTable';
import { StateTag, shortRegion, useQueryParam, WAYBILL_ROUTES } from '../waybill/common';
import type { StatFinding, StatWaybills as Answer, WaybillListRow } from '@dg/core';
import { statWaybills } from './api';
import { formatCell } from './chartOption';
import { STAT_PARAM } from './paths';

function parseDrill(raw: string): StatDrill | null {
  try {
    const d = JSON.parse(raw) as StatDrill;
    return d && typeof d === 'object' && typeof d.from === 'string' && typeof d.to === 'string' ? d : null;
  } catch {
    return null;
  }
}

export default function StatWaybills() {
  const raw = useQueryParam(STAT_PARAM);
  const drill = useMemo(() => parseDrill(raw), [raw]);
  // the drill is the link's own parameter (f); page and size are the list's
  const list = usePagedList<WaybillListRow | StatFinding, Answer>('list', {
    enabled: !!drill,
    queryKey: ({ page, size }) => ['stat', 'waybills', drill ? { page, size, drill } : null],
    request: ({ page, size }) => statWaybills({ page, size, drill: drill! }),
  });
  const side = useUserSide();
  // an enterprise opens its own waybill's page, the government the supervision one
  const waybillPath = (id: string) => (side === 'enterprise' ? WAYBILL_ROUTES.baseInfo(id) : WAYBILL_ROUTES.govInfo(id));
  const waybillLink = (no: string | null, id: string | null) => (id ? <Link to={waybillPath(id)}>{no || '（未下发）'}</Link> : no);

  if (!drill) return <Result status="warning" title="链接不完整" subTitle="请在统计页面点击图表或表格中的一行打开所统计的运单" />;
  const data = list.query.data;
  // the answer says what it lists; until it is in, the drill does
  const findings = data ? data.kind === 'findings' : typeof drill.rule === 'string';
  const total = data ? `共 ${data.total}${data.totalCapped ? '+' : ''} ${findings ? '条异常记录' : '张运单'}` : '';

  const waybillColumns: PagedColumn<WaybillListRow>[] = [
    { title: '运单编号', dataIndex: 'waybillNo', render: (v, r) => waybillLink(v, r.id) },
    { title: '状态', dataIndex: 'state', render: (v) => <StateTag state={v} /> },
    { title: '运单类型', dataIndex: 'waybillType' },
    { title: '车牌号码', dataIndex: 'plateNo' },
    { title: '承运企业', dataIndex: 'carrierName', width: 180, ellipsis: true },
    { title: '货物', dataIndex: 'goodsSummary', width: 200, ellipsis: true },
    { title: '质量（t）', dataIndex: 'totalMassKg', align: 'right', render: (v) => formatCell('tonnes', tonnes(v)) },
    { title: '起讫', key: 'route', render: (_v, r) => `${shortRegion(r.originRegionName)} → ${shortRegion(r.destRegionName)}` },
    { title: '起运日期', dataIndex: 'startDate' },
    { title: '填报时间', dataIndex: 'createdAt', valueType: 'minute' },
  ];
  const findingColumns: PagedColumn<StatFinding>[] = [
    { title: '运单编号', dataIndex: 'waybillNo', render: (v, r) => waybillLink(v, r.waybillId) },
    { title: '车牌号码', dataIndex: 'plateNo' },
    { title: '企业', dataIndex: 'enterpriseName', width: 200, ellipsis: true },
    { title: '异常规则', dataIndex: 'rule', render: (v) => <Tag color="error">{v}</Tag> },
    { title: '说明', dataIndex: 'detail', width: 280, ellipsis: true },
    { title: '处理状态', dataIndex: 'status' },
    { title: '发现时间', dataIndex: 'foundAt', valueType: 'minute' },
  ];

  return (
    <Card data-testid="stat-waybills" title={<span data-testid="stat-waybills-label">{drill.label || (findings ? '异常运单' : '统计运单')}</span>}
      extra={<Typography.Text strong data-testid="stat-waybills-total">{total}</Typography.Text>}>
      <Typography.Paragraph type="secondary">统计日期 {drill.from} 至 {drill.to}</Typography.Paragraph>
      {findings
        ? <PagedTable<StatFinding> list={list as PagedList<StatFinding>} size="small" data-testid="stat-waybills-list" columns={findingColumns} />
        : <PagedTable<WaybillListRow> list={list as PagedList<WaybillListRow>} size="small" data-testid="stat-waybills-list" columns={waybillColumns} />}
    </Card>
  );
}
