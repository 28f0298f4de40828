/**
 * One list for every waybill queue (运单填报 / 调度派车 / 出车检查 / 运单下发), 运单管理 and the
 * government's 运单监控: a search form (运单号, 日期, 车牌, 托运人, 货物类别, and per queue 状态,
 * 驾驶员, 企业, 起运地/目的地), a server-paged table, and the actions of the queue's state gated by
 * element codes. 运单下发 selects several rows and issues them at once.
 */
import { useEffect, useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Dayjs } from 'dayjs';
import { WAYBILL_STATES } from '@dg/core/waybill';
import RefSelect from '../../components/RefSelect';
import RegionCascader from '../../components/RegionCascader';
import ExportButton from '../../components/ExportButton';
import type { WaybillDistributed, WaybillListRow } from '@dg/core';
import { distributeWaybills, listWaybills, type QueueKey } from './api';
import WaybillActions, { IssuedModal, type ActionName } from './WaybillActions';
import {
  GOODS_CLASS_OPTIONS, StateTag, fmtMinute, plateText, shortRegion, useWaybillChanged, WAYBILL_ROUTES,
} from './common';
import { useCan, useSave } from '../../components/resource';
import { dayRange, textValues, useFormFollows } from '../../components/resource/useListState';
import type { Filters } from '../../components/resource/types';
import PagedTable, { usePagedList, type PagedColumn } from '../../components/resource/PagedTable';
import PhoneFilters, { type FilterItem } from '../../components/resource/PhoneFilters';
import { usePhone } from '../../components/resource/phone';

type ListKey = QueueKey | 'monitor';

interface QueueConfig {
  title: string;
  menu: string;
  /** the state the server fixes for this queue (shown in the title) */
  state?: string;
  /** the row actions this queue offers */
  actions: readonly ActionName[];
  /** extra search fields */
  extraFilters: readonly ('state' | 'driverName' | 'enterpriseId' | 'regions' | 'createdAt')[];
  /** hint under the search form */
  hint?: string;
  /** 运单编号 means nothing before 下发 */
  numbered: boolean;
}

export const QUEUES: Record<ListKey, QueueConfig> = {
  base: {
    title: '运单填报（待提交）', menu: 'baseManager', state: '草稿', actions: ['edit', 'submit', 'delete', 'cancel'], extraFilters: ['createdAt'], numbered: false,
  },
  dispatch: {
    title: '调度派车（待调度）', menu: 'dispatchManager', state: '待调度', actions: ['dispatch'], extraFilters: [], numbered: false,
    hint: '选择车辆人员绑定或车辆、挂车、罐体、驾驶员、押运员，合规检查通过后方可调度。',
  },
  waybillCheck: {
    title: '出车检查（待检查）', menu: 'waybillCheckManager', state: '待检查', actions: ['check'], extraFilters: ['driverName'], numbered: false,
  },
  distribute: {
    title: '运单下发（待下发）', menu: 'distributeManager', state: '待下发', actions: ['distribute'], extraFilters: ['driverName'], numbered: false,
    hint: '勾选运单后点击“批量下发”：生成运单编号和二维码，并通知驾驶员、押运员。',
  },
  manage: {
    title: '运单管理', menu: 'waybillManageManager', actions: ['load', 'unload', 'change', 'print', 'emptyLedger', 'cancel', 'close'],
    extraFilters: ['state', 'driverName', 'createdAt'], numbered: true,
  },
  monitor: {
    title: '运单监控', menu: 'waybillMonitorManager', actions: [], extraFilters: ['enterpriseId', 'state', 'regions', 'createdAt'], numbered: true,
  },
};

interface SearchValues {
  waybillNo?: string;
  startDate?: [Dayjs | null, Dayjs | null] | null;
  createdAt?: [Dayjs | null, Dayjs | null] | null;
  plateNo?: string;
  shipperName?: string;
  goodsClass?: string;
  state?: string;
  driverName?: string;
  enterpriseId?: string;
  originRegion?: string;
  destRegion?: string;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const range = (r: SearchValues['startDate']) => (r && (r[0] || r[1]) ? [day(r[0]), day(r[1])] : undefined);

function toFilters(v: SearchValues): Record<string, unknown> {
  const f: Record<string, unknown> = {
    waybillNo: v.waybillNo?.trim() || undefined,
    startDate: range(v.startDate),
    createdAt: range(v.createdAt),
    plateNo: v.plateNo?.trim() || undefined,
    shipperName: v.shipperName?.trim() || undefined,
    goodsClass: v.goodsClass || undefined,
    state: v.state || undefined,
    driverName: v.driverName?.trim() || undefined,
    enterpriseId: v.enterpriseId || undefined,
    originRegion: v.originRegion || undefined,
    destRegion: v.destRegion || undefined,
  };
  return Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined));
}

/** the search form's values for the list's filters (restored from the URL): the inverse of toFilters */
const toValues = (f: Filters): SearchValues => ({
  ...textValues(f, ['waybillNo', 'plateNo', 'shipperName', 'goodsClass', 'state', 'driverName', 'enterpriseId', 'originRegion', 'destRegion']),
  startDate: dayRange(f.startDate), createdAt: dayRange(f.createdAt),
});

/** a region code the list filter takes: 6 digits (a province or city code padded with zeros) */
const sixDigits = (code?: string) => (code ? code.slice(0, 6).padEnd(6, '0') : undefined);

export interface WaybillQueueProps {
  queue: ListKey;
  /** 运单监控: the state chosen on the count cards (overrides the search form's 状态; the page puts it in the list's filters) */
  state?: string;
  /** shown above the search form (the monitor's count cards) */
  header?: ReactNode;
}

export default function WaybillQueue({ queue, state, header }: WaybillQueueProps) {
  const cfg = QUEUES[queue];
  const navigate = useNavigate();
  const changed = useWaybillChanged();
  const [form] = Form.useForm<SearchValues>();
  // page, size and search in the URL: a reload, 后退 or a shared link shows the same list
  const list = usePagedList<WaybillListRow>(queue, {
    queryKey: ({ page, size, filters }) => ['waybill', 'list', queue, { page, size, filters }],
    request: ({ page, size, filters }) => listWaybills(queue, { page, size, filters }),
  });
  const { filters, rows, total } = list;
  useFormFollows(form, useMemo(() => toValues(filters), [filters]));
  const [selected, setSelected] = useState<string[]>([]);
  const [issued, setIssued] = useState<WaybillDistributed | null>(null);
  const phone = usePhone();

  const canAdd = useCan('baseManager:btn_add');
  const canDistribute = useCan('distributeManager:btn_distribute');
  const canExport = useCan('waybillManageManager:btn_export');

  // rows that left the queue leave the selection
  useEffect(() => {
    setSelected((s) => {
      const kept = s.filter((id) => rows.some((r) => r.id === id));
      return kept.length === s.length ? s : kept;
    });
  }, [rows]);

  const search = (v: SearchValues) => {
    const next = toFilters({ ...v, originRegion: sixDigits(v.originRegion), destRegion: sixDigits(v.destRegion), ...(state !== undefined ? { state } : {}) });
    list.search(next);
  };

  const distribute = useSave((ids: string[]) => distributeWaybills(ids, Object.fromEntries(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, r.version]))), {
    success: (r) => (r.done.length ? `下发成功${r.done.length}条` : ''),
    refresh: (r) => { setIssued(r); setSelected([]); return changed(); },
  });

  const columns: PagedColumn<WaybillListRow>[] = [];
  if (queue === 'monitor') columns.push({ title: '企业', dataIndex: 'carrierName', key: 'carrierName', width: 200, ellipsis: true, render: (v) => v ?? '-' });
  if (cfg.numbered) {
    columns.push({ title: '运单编号', dataIndex: 'waybillNo', key: 'waybillNo', width: 200, ellipsis: true, render: (v) => v || <Typography.Text type="secondary">未下发</Typography.Text> });
  }
  if (!cfg.state) {
    columns.push({
      title: '状态', dataIndex: 'state', key: 'state', width: 130,
      render: (v, r) => <Space size={0} wrap={false}><StateTag state={v} />{r.overdue && <Tooltip title="运输时间超过线路预计时长的规定倍数"><Tag color="red">超时</Tag></Tooltip>}</Space>,
    });
  }
  columns.push(
    {
      title: '货物', dataIndex: 'goodsSummary', key: 'goodsSummary', width: 240, ellipsis: { showTitle: false },
      render: (v, r) => (
        <Tooltip title={v}>
          <span>{v || '-'}</span>
          {r.problems?.length ? (
            <Tooltip title={<ul style={{ margin: 0, paddingLeft: 16 }}>{r.problems.map((p) => <li key={p}>{p}</li>)}</ul>}>
              <Typography.Text type="danger" style={{ marginLeft: 6 }}>（退回）</Typography.Text>
            </Tooltip>
          ) : null}
        </Tooltip>
      ),
    },
    { title: '托运人', dataIndex: 'shipperName', key: 'shipperName', width: 180, ellipsis: true },
    { title: '收货人', dataIndex: 'consigneeName', key: 'consigneeName', width: 180, ellipsis: true },
    { title: '起运日期', dataIndex: 'startDate', key: 'startDate', width: 110 },
    {
      title: '起运地 → 目的地', key: 'route', width: 240, ellipsis: true,
      render: (_, r) => `${shortRegion(r.originRegionName)} → ${shortRegion(r.destRegionName)}`,
    },
  );
  if (queue !== 'base' && queue !== 'dispatch') {
    columns.push(
      { title: '车辆', key: 'plate', width: 190, ellipsis: true, render: (_, r) => [plateText(r.plateNo, r.plateColor), r.trailerPlateNo].filter(Boolean).join(' / ') || '-' },
      { title: '驾驶员 / 押运员', key: 'crew', width: 140, ellipsis: true, render: (_, r) => [r.driverName, r.escortName].filter(Boolean).join(' / ') || '-' },
    );
  }
  if (queue === 'waybillCheck' || queue === 'distribute' || queue === 'manage' || queue === 'monitor') {
    columns.push({ title: '调度', key: 'dispatch', width: 190, ellipsis: true, render: (_, r) => (r.dispatchedAt ? `${r.dispatcherName ?? ''} ${fmtMinute(r.dispatchedAt)}` : '-') });
  }
  columns.push({ title: '填报时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, render: (v, r) => <Tooltip title={r.createdByName ? `填报人：${r.createdByName}` : undefined}>{fmtMinute(v)}</Tooltip> });
  columns.push({
    title: '操作', key: 'op', fixed: 'right', width: queue === 'manage' ? 380 : queue === 'base' ? 250 : 150,
    render: (_, r) => (
      <Space size={0} wrap={false}>
        <Button type="link" size="small" onClick={() => navigate(queue === 'monitor' ? WAYBILL_ROUTES.govInfo(r.id) : WAYBILL_ROUTES.baseInfo(r.id))} data-testid="wb-action-detail">详情</Button>
        {cfg.actions.length > 0 && <WaybillActions row={r} only={cfg.actions} onIssued={setIssued} />}
      </Space>
    ),
  });

  const has = (f: QueueConfig['extraFilters'][number]) => cfg.extraFilters.includes(f);
  // the search's fields in order: the first is the one a phone shows beside 查询 and 筛选
  const filterItems: FilterItem[] = [
    ...(cfg.numbered ? [{ name: 'waybillNo', label: '运单号', input: <Input allowClear placeholder="请输入运单编号" /> }] : []),
    ...(has('enterpriseId') ? [{ name: 'enterpriseId', label: '企业', input: <RefSelect resource="enterprise" placeholder="请选择企业" /> }] : []),
    ...(has('state') && state === undefined
      ? [{ name: 'state', label: '状态', input: <Select allowClear placeholder="请选择状态" options={WAYBILL_STATES.map((s) => ({ value: s, label: s }))} data-testid="filter-state" /> }] : []),
    { name: 'startDate', label: '起运日期', input: <DatePicker.RangePicker style={{ width: '100%' }} /> },
    ...(has('createdAt') ? [{ name: 'createdAt', label: '填报日期', input: <DatePicker.RangePicker style={{ width: '100%' }} /> }] : []),
    ...(queue !== 'base' && queue !== 'dispatch' ? [{ name: 'plateNo', label: '车牌', input: <Input allowClear placeholder="车牌号码（前缀）" /> }] : []),
    ...(has('driverName') ? [{ name: 'driverName', label: '驾驶员', input: <Input allowClear placeholder="驾驶员姓名" /> }] : []),
    { name: 'shipperName', label: '托运人', input: <Input allowClear placeholder="托运人名称" /> },
    { name: 'goodsClass', label: '货物类别', input: <Select allowClear placeholder="请选择类别" options={GOODS_CLASS_OPTIONS} /> },
    ...(has('regions') ? [
      { name: 'originRegion', label: '起运地', input: <RegionCascader changeOnSelect placeholder="起运地区划" /> },
      { name: 'destRegion', label: '目的地', input: <RegionCascader changeOnSelect placeholder="目的地区划" /> },
    ] : []),
  ];
  // a phone's one field is the waybill number where there is one, else the shipper
  const phoneItems = cfg.numbered ? filterItems : [...filterItems.filter((it) => it.name === 'shipperName'), ...filterItems.filter((it) => it.name !== 'shipperName')];
  const selectable = queue === 'distribute' && canDistribute;

  const toolbar = (
    <Space wrap>
      {queue === 'base' && canAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(WAYBILL_ROUTES.baseEdit())} data-testid="wb-add">新增运单</Button>
      )}
      {selectable && (
        <Button type="primary" icon={<SendOutlined />} disabled={!selected.length} loading={distribute.saving} onClick={() => selected.length && void distribute.save(selected)} data-testid="wb-distribute-selected">
          批量下发{selected.length ? `（${selected.length}）` : ''}
        </Button>
      )}
      {queue === 'manage' && canExport && <ExportButton url="/dzyd/waybill/manage/export" body={{ filters }} fileName="运单.xlsx" disabled={total === 0} />}
    </Space>
  );

  return (
    <div data-testid={`waybill-queue-${queue}`}>
      {header}
      <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
        <Form form={form} name={`waybill_${queue}_search`} onFinish={search} labelCol={{ flex: '80px' }} wrapperCol={{ flex: '1 1 0' }}>
          {phone ? (
            <PhoneFilters form={form} items={phoneItems} onReset={() => search({})} />
          ) : (
            <Row gutter={16}>
              {filterItems.map((it) => (
                <Col key={it.name} xs={24} md={12} xl={6}><Form.Item name={it.name} label={it.label}>{it.input}</Form.Item></Col>
              ))}
              <Col flex="auto" style={{ textAlign: 'right', marginBottom: 16 }}>
                <Space>
                  <Button type="primary" htmlType="submit" data-testid="wb-search">查询</Button>
                  <Button onClick={() => { form.resetFields(); search(form.getFieldsValue()); }}>重置</Button>
                </Space>
              </Col>
            </Row>
          )}
        </Form>
      </Card>
      <Card title={cfg.title} extra={toolbar}>
        {cfg.hint && <Alert type="info" showIcon title={cfg.hint} style={{ marginBottom: 12 }} />}
        <PagedTable<WaybillListRow>
          list={list}
          columns={columns}
          rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: false } : undefined}
          onRow={(r) => ({ 'data-testid': `wb-row-${r.id}` } as HTMLAttributes<HTMLElement>)}
        />
      </Card>
      {issued && <IssuedModal result={issued} onClose={() => setIssued(null)} />}
    </div>
  );
}
