/**
 * A waybill's detail: where it stands on the main path (Steps), every block of the official 运单,
 * its goods, and its records — the timeline of every transition (who, when, note), 出车检查,
 * 驾驶员自检, 五必查 (装货), 卸货签收, changes, messages sent at 下发, and 异常. Used by baseInfo
 * (/transportMission/baseInfo?id=, enterprise, with the actions of the state) and by the
 * government's /waybillManager/infoManager/info?id= (read-only).
 */
import { useState, type ReactNode } from 'react';
import {
  Alert, Button, Card, Col, Descriptions, Empty, Result, Row, Skeleton, Space, Steps, Table, Tabs, Tag, Timeline, Typography, type DescriptionsProps,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import AttachmentLinks from '../../components/resource/AttachmentLinks';
import type { WaybillCheck, WaybillDetail, WaybillGoodsLine } from '@dg/core';
import { getWaybill } from './api';
import WaybillActions from './WaybillActions';
import { ChangeTable } from './ChangeList';
import {
  MAIN_PATH, StateTag, dash, fmtNum, fmtTime, pgLabel, placeText, plateText, useQueryParam, WAYBILL_ROUTES,
} from './common';

export function BaseInfoPage() {
  const id = useQueryParam('id');
  return <WaybillDetailPage key={id} id={id} gov={false} />;
}

export function GovInfoPage() {
  const id = useQueryParam('id');
  return <WaybillDetailPage key={id} id={id} gov />;
}

function WaybillDetailPage({ id, gov }: { id: string; gov: boolean }) {
  const q = useQuery({ queryKey: ['waybill', 'info', id, gov ? 'gov' : 'ent'], queryFn: () => getWaybill(id, gov), enabled: Boolean(id) });
  if (!id) return <Result status="warning" title="缺少运单参数" />;
  if (q.isLoading) return <Card><Skeleton active /></Card>;
  if (q.isError || !q.data) return <Result status="warning" title="运单不存在或无权访问" />;
  return <WaybillDetailView detail={q.data} gov={gov} />;
}

/** the main path as Steps; a side exit (作废, 异常关闭) shows as an error at the step it left from */
function stateSteps(d: WaybillDetail) {
  const exited = d.state === '已作废' || d.state === '异常关闭';
  const lastMain = exited ? [...d.timeline].reverse().find((t) => (MAIN_PATH as readonly string[]).includes(t.toState))?.toState ?? '草稿' : d.state;
  const current = Math.max(0, (MAIN_PATH as readonly string[]).indexOf(lastMain));
  const at = (state: string) => [...d.timeline].reverse().find((t) => t.toState === state)?.at;
  const items: { title: string; content?: ReactNode; status: 'error' | 'finish' | 'process' | 'wait' }[] = MAIN_PATH.map((s, i) => ({
    title: s as string,
    content: i <= current ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{fmtTime(at(s)).slice(5, 16)}</Typography.Text> : undefined,
    status: i < current || (i === current && (exited || s === '已完成')) ? 'finish' : i === current ? 'process' : 'wait',
  }));
  if (exited) items.splice(current + 1, 0, { title: d.state, content: <Typography.Text type="danger" style={{ fontSize: 12 }}>{d.reason ?? ''}</Typography.Text>, status: 'error' });
  return { items, current: exited ? current + 1 : current };
}

const item = (key: string, label: string, children: ReactNode, span?: number) => ({ key, label, children: dash(children), span });

export function WaybillDetailView({ detail: d, gov, extra }: { detail: WaybillDetail; gov: boolean; extra?: ReactNode }) {
  const navigate = useNavigate();
  const steps = stateSteps(d);
  const [tab, setTab] = useState('timeline');

  const basic: DescriptionsProps['items'] = [
    item('no', '运单编号', d.waybillNo ? <Typography.Text copyable strong data-testid="detail-waybill-no">{d.waybillNo}</Typography.Text> : <Typography.Text type="secondary">下发后生成</Typography.Text>),
    item('type', '运单类型', d.waybillType),
    item('state', '状态', <StateTag state={d.state} />),
    ...(d.checkCode ? [item('code', '校验码', <Typography.Text code>{d.checkCode}</Typography.Text>)] : []),
    item('start', '起运日期', d.startDate),
    item('lq', '例外数量/有限数量', d.limitedQuantity ? '是' : '否'),
    item('created', '填报', `${d.createdByName ?? ''} ${fmtTime(d.createdAt)}`),
    item('dispatcher', '调度人', d.dispatcherName),
    item('dispatchedAt', '调度日期', fmtTime(d.dispatchedAt)),
  ];
  const parties: DescriptionsProps['items'] = [
    item('carrier', '承运人', d.carrierName),
    item('carrierPhone', '承运人电话', d.carrierPhone),
    item('licence', '许可证号', d.carrierLicenceNo),
    item('shipper', '托运人', d.shipperName),
    item('shipperContact', '联系人', d.shipperContact),
    item('shipperPhone', '联系电话', d.shipperPhone),
    item('consignee', '收货人', d.consigneeName),
    item('consigneePhone', '联系电话', d.consigneePhone, 2),
    item('loader', '装货人', d.loaderName),
    item('loaderPhone', '联系电话', d.loaderPhone),
    item('loadingPlace', '装货地点', d.loadingPlace),
  ];
  const route: DescriptionsProps['items'] = [
    item('origin', '起运地', placeText(d.originRegionName, d.originAddress)),
    item('dest', '目的地', placeText(d.destRegionName, d.destAddress)),
    item('via', '途经地', d.via),
    item('distance', '里程', d.distanceKm != null ? `${fmtNum(d.distanceKm, 2)} 公里` : ''),
    item('hours', '预计时长', d.expectedHours != null ? `${fmtNum(d.expectedHours, 2)} 小时` : ''),
    item('city', '城市配送', d.waybillType === '城市配送' ? '是' : '否'),
  ];
  const crew: DescriptionsProps['items'] = [
    item('plate', '车辆', plateText(d.plateNo, d.plateColor)),
    item('cert', '道路运输证号', d.vehicleCertNo, 2),
    item('trailer', '挂车', d.trailerPlateNo),
    item('trailerCert', '挂车道路运输证号', d.trailerCertNo, 2),
    item('tank', d.tankContainerId ? '罐箱编号' : '罐体编号', d.tankNo),
    item('volume', '容积', d.tankVolume != null ? `${fmtNum(d.tankVolume, 2)} 立方米` : '', 2),
    item('driver', '驾驶员', d.driverName),
    item('driverQ', '从业资格证号', d.driverQualificationNo),
    item('driverPhone', '联系电话', d.driverPhone),
    item('escort', '押运员', d.escortName),
    item('escortQ', '从业资格证号', d.escortQualificationNo),
    item('escortPhone', '联系电话', d.escortPhone),
  ];

  const backTo = gov ? undefined : d.state === '草稿' ? WAYBILL_ROUTES.list.base : undefined;

  return (
    <div data-testid="waybill-detail">
      <Card style={{ marginBottom: 12 }}
        title={<Space><span>运单详情</span>{d.waybillNo && <Typography.Text type="secondary">{d.waybillNo}</Typography.Text>}<StateTag state={d.state} />{d.overdue && <Tag color="red">在途超时</Tag>}</Space>}
        extra={(
          <Space wrap>
            {extra}
            {!gov && <WaybillActions row={d} detail={d} variant="button" onDone={(a) => { if (a === 'delete') navigate(WAYBILL_ROUTES.list.base); }} />}
            {!gov && d.changes.length > 0 && <Button onClick={() => navigate(WAYBILL_ROUTES.changeList(d.id))}>变更记录（{d.changes.length}）</Button>}
            {backTo && <Button onClick={() => navigate(backTo)}>返回列表</Button>}
          </Space>
        )}>
        <Steps size="small" current={steps.current} items={steps.items} data-testid="detail-steps" />
        {d.problems?.length ? (
          <Alert type="error" showIcon style={{ marginTop: 16 }} title={d.state === '待调度' ? '出车检查不合格，已退回待调度' : '问题'}
            description={<ul style={{ margin: 0, paddingLeft: 18 }}>{d.problems.map((p) => <li key={p}>{p}</li>)}</ul>} />
        ) : null}
        {d.reason && (d.state === '已作废' || d.state === '异常关闭') && (
          <Alert type="warning" showIcon style={{ marginTop: 16 }} title={`${d.state}原因：${d.reason}`} />
        )}
      </Card>

      <Row gutter={12}>
        <Col xs={24} xxl={12}>
          <Card title="基本信息" size="small" style={{ marginBottom: 12 }}><Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={basic} /></Card>
          <Card title="托运、收货、装货与承运" size="small" style={{ marginBottom: 12 }}><Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={parties} /></Card>
        </Col>
        <Col xs={24} xxl={12}>
          <Card title="运输线路" size="small" style={{ marginBottom: 12 }}><Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={route} /></Card>
          <Card title="车辆与人员" size="small" style={{ marginBottom: 12 }}><Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={crew} /></Card>
        </Col>
      </Row>

      <Card title="货物信息" size="small" style={{ marginBottom: 12 }}
        extra={d.totalMassKg != null && <Typography.Text>合计 {fmtNum(d.totalMassKg, 2)} 千克</Typography.Text>}>
        <GoodsTable goods={d.goods} />
        {d.remark && <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}><Typography.Text type="secondary">备注：</Typography.Text>{d.remark}</Typography.Paragraph>}
      </Card>

      <Card size="small">
        <Tabs activeKey={tab} onChange={setTab} items={[
          { key: 'timeline', label: `流转记录（${d.timeline.length}）`, children: <WaybillTimeline detail={d} /> },
          { key: 'checks', label: `出车检查（${d.checks.length}）`, children: <ChecksView checks={d.checks} /> },
          {
            key: 'self', label: `驾驶员自检（${d.selfInspections.length}）`,
            children: d.selfInspections.length ? (
              <Table size="small" rowKey="id" pagination={false} dataSource={d.selfInspections} columns={[
                { title: '自检时间', dataIndex: 'at', render: fmtTime },
                { title: '自检人', dataIndex: 'staffName', render: dash },
                { title: '结果', dataIndex: 'result', render: (v: string) => <Tag color={v === '合格' ? 'green' : 'red'}>{v}</Tag> },
                { title: '出车检查采用', dataIndex: 'usedByCheckId', render: (v: string | null) => (v ? '是' : '否') },
                ...(!gov ? [{ title: '操作', key: 'op', render: (_: unknown, r: { id: string }) => <Button type="link" size="small" onClick={() => navigate(WAYBILL_ROUTES.selfInfo(r.id))}>查看</Button> }] : []),
              ]} />
            ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无自检记录" />,
          },
          { key: 'loading', label: '装货（五必查）', children: <LoadingView detail={d} /> },
          { key: 'unloading', label: '卸货签收', children: <UnloadingView detail={d} /> },
          { key: 'changes', label: `变更记录（${d.changes.length}）`, children: d.changes.length ? <ChangeTable changes={d.changes} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无变更" /> },
          {
            key: 'messages', label: `下发通知（${d.messages.length}）`,
            children: d.messages.length ? (
              <Table size="small" rowKey={(r) => `${r.role}${r.createdAt}`} pagination={false} dataSource={d.messages} columns={[
                { title: '时间', dataIndex: 'createdAt', width: 170, render: fmtTime },
                { title: '接收人', key: 'who', width: 160, render: (_, r) => `${r.role} ${r.staffName ?? ''}` },
                { title: '手机', dataIndex: 'mobile', width: 130, render: dash },
                { title: '内容', dataIndex: 'content' },
              ]} />
            ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="下发后通知驾驶员、押运员" />,
          },
          {
            key: 'abnormal', label: <span>异常（{d.abnormal.length}）</span>,
            children: d.abnormal.length ? (
              <Table size="small" rowKey={(r) => r.id ?? `${r.rule}${r.foundAt}`} pagination={false} dataSource={d.abnormal} columns={[
                { title: '发现时间', dataIndex: 'foundAt', width: 170, render: fmtTime },
                { title: '规则', dataIndex: 'rule', width: 110, render: (v: string) => <Tag color="red">{v}</Tag> },
                { title: '情况', dataIndex: 'detail' },
                { title: '状态', dataIndex: 'status', width: 120 },
              ]} />
            ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无异常" />,
          },
        ]} />
      </Card>
    </div>
  );
}

export function GoodsTable({ goods }: { goods: WaybillGoodsLine[] }) {
  const showActual = goods.some((g) => g.actualQuantity != null);
  const showReceived = goods.some((g) => g.receivedQuantity != null);
  return (
    <Table<WaybillGoodsLine> size="small" rowKey={(g) => g.id ?? String(g.lineNo)} pagination={false} dataSource={goods} scroll={{ x: 'max-content' }} data-testid="detail-goods"
      columns={[
        { title: '序号', dataIndex: 'lineNo', width: 56, render: (v, _r, i) => v ?? i + 1 },
        { title: 'UN编号', dataIndex: 'unNo', width: 90, render: (v) => `UN${v}` },
        { title: '危险货物名称', dataIndex: 'goodsName' },
        { title: '类别', dataIndex: 'goodsClass', width: 70, render: (v, r) => `${v}${r.subsidiaryHazard ? `（${r.subsidiaryHazard}）` : ''}` },
        { title: '包装类别', dataIndex: 'packingGroup', width: 80, render: (v) => pgLabel(v) || '-' },
        { title: '包装规格', dataIndex: 'packingSpec', width: 110, render: dash },
        { title: '数量', key: 'q', width: 110, render: (_, g) => `${fmtNum(g.quantity)} ${g.unit}` },
        ...(showActual ? [{ title: '实装', key: 'a', width: 100, render: (_: unknown, g: WaybillGoodsLine) => (g.actualQuantity != null ? `${fmtNum(g.actualQuantity)} ${g.unit}` : '-') }] : []),
        ...(showReceived ? [{ title: '签收', key: 'r', width: 100, render: (_: unknown, g: WaybillGoodsLine) => (g.receivedQuantity != null ? `${fmtNum(g.receivedQuantity)} ${g.unit}` : '-') }] : []),
        { title: '质量（千克）', dataIndex: 'massKg', width: 110, align: 'right', render: (v) => (v == null ? '-' : fmtNum(v, 2)) },
        { title: '应急处置措施', dataIndex: 'emergencyMeasures', ellipsis: true, width: 220, render: dash },
      ]} />
  );
}

const ACTION_COLORS: Record<string, string> = { cancel: 'gray', close: 'red', checkFail: 'red', change: 'orange', crewChange: 'orange', unload: 'green' };

/** transitions in time order; steps written in the same instant follow the main path */
const pathIndex = (s: string) => { const i = (MAIN_PATH as readonly string[]).indexOf(s); return i < 0 ? MAIN_PATH.length : i; };

export function WaybillTimeline({ detail: d }: { detail: WaybillDetail }) {
  if (!d.timeline.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const sorted = d.timeline.map((t, i) => ({ t, i })).sort((a, b) =>
    new Date(a.t.at).getTime() - new Date(b.t.at).getTime()
    || (a.t.action === 'create' ? -1 : b.t.action === 'create' ? 1 : 0)
    || pathIndex(a.t.toState) - pathIndex(b.t.toState) || a.i - b.i).map((x) => x.t);
  return (
    <Timeline data-testid="detail-timeline"
      items={sorted.map((t, i) => ({
        key: t.id ?? i,
        color: ACTION_COLORS[t.action] ?? 'blue',
        title: fmtTime(t.at),
        content: (
          <div data-testid="timeline-item">
            <Space wrap size={6}>
              <Typography.Text strong data-testid="timeline-action">{t.actionLabel}</Typography.Text>
              {t.fromState && t.fromState !== t.toState ? <Typography.Text type="secondary">{t.fromState} → {t.toState}</Typography.Text> : <Typography.Text type="secondary">{t.toState}</Typography.Text>}
              {t.userName && <Tag>{t.userName}</Tag>}
            </Space>
            {t.note && <div><Typography.Text type="secondary">{t.note}</Typography.Text></div>}
          </div>
        ),
      }))} />
  );
}

function ChecksView({ checks }: { checks: WaybillCheck[] }) {
  if (!checks.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无出车检查" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      {checks.map((c) => (
        <Card key={c.id} size="small" type="inner"
          title={<Space><Tag color={c.result === '合格' ? 'green' : 'red'}>{c.result}</Tag><span>{fmtTime(c.at)}</span><span>检查人：{c.checkerName ?? '-'}</span></Space>}
          extra={<Space size={12}><span>安全告知：驾驶员{c.driverNotified ? '✔' : '✘'} 押运员{c.escortNotified ? '✔' : '✘'}</span>{c.selfInspectionId && <Tag>采用驾驶员自检</Tag>}</Space>}>
          <Table size="small" rowKey="itemId" pagination={false} dataSource={c.answers} columns={[
            { title: '分类', dataIndex: 'category', width: 90 },
            { title: '检查项', dataIndex: 'name', render: (v: string, r) => <span>{v}{r.mandatory && <Tag color="blue" style={{ marginLeft: 6 }}>必检</Tag>}</span> },
            { title: '结果', dataIndex: 'result', width: 90, render: (v: string) => <Typography.Text type={v === '不合格' ? 'danger' : v === '合格' ? 'success' : 'secondary'}>{v}</Typography.Text> },
            { title: '说明', dataIndex: 'remark', render: (v: string | null, r) => <div>{dash(v)}{Array.isArray(r.photos) && r.photos.length ? <AttachmentLinks value={r.photos} inline /> : null}</div> },
          ]} />
        </Card>
      ))}
    </Space>
  );
}

function LoadingView({ detail: d }: { detail: WaybillDetail }) {
  const l = d.loading;
  if (!l) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未装货" />;
  return (
    <div data-testid="detail-loading">
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }} items={[
        item('loader', '装货人', l.loaderName), item('at', '装货时间', fmtTime(l.loadedAt)), item('op', '确认人', l.operatorName),
        item('mass', '实装总质量', l.totalMassKg != null ? `${fmtNum(l.totalMassKg, 2)} 千克` : ''), item('remark', '备注', l.remark, 2),
      ]} />
      <Table size="small" rowKey="key" pagination={false} dataSource={l.checks} style={{ marginBottom: 12 }} columns={[
        { title: '五必查', dataIndex: 'label' },
        { title: '结果', dataIndex: 'ok', width: 90, render: (v: boolean) => (v ? <Typography.Text type="success">符合</Typography.Text> : <Typography.Text type="danger">不符合</Typography.Text>) },
        { title: '查验说明', dataIndex: 'remark', render: dash },
      ]} />
      <Table size="small" rowKey="lineId" pagination={false} dataSource={l.actual} columns={[
        { title: '货物', key: 'g', render: (_, r) => `UN${r.unNo} ${r.goodsName}` },
        { title: '运单数量', key: 'p', render: (_, r) => `${fmtNum(r.planned)} ${r.unit}` },
        { title: '实际装货数量', key: 'a', render: (_, r) => `${fmtNum(r.actual)} ${r.unit}` },
      ]} />
    </div>
  );
}

function UnloadingView({ detail: d }: { detail: WaybillDetail }) {
  const u = d.unloading;
  if (!u) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未签收" />;
  return (
    <div data-testid="detail-unloading">
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }} items={[
        item('signer', '签收人', u.signer), item('phone', '签收人电话', u.signerPhone), item('at', '卸货时间', fmtTime(u.unloadedAt)),
        item('op', '确认人', u.operatorName), item('remark', '备注', u.remark, 2),
      ]} />
      <Table size="small" rowKey="lineId" pagination={false} dataSource={u.received} columns={[
        { title: '货物', key: 'g', render: (_, r) => `UN${r.unNo} ${r.goodsName}` },
        { title: '签收数量', key: 'q', render: (_, r) => `${fmtNum(r.quantity)} ${r.unit}` },
      ]} />
    </div>
  );
}
