/**
 * The buttons of a waybill's workflow steps (docs/waybill-api.md §0), shown only for the steps the waybill's
 * workflow declares from its state for the user's element codes (core `allowedSteps` on WAYBILL_WORKFLOW, the same
 * the server runs), a draft's 编辑 and 删除 where the workflow does not lock the state, and the dialogs
 * behind them: 作废 / 异常关闭 (reason), 装货确认 (五必查 and actual quantities), 卸货签收,
 * 变更 (reason and changed fields), and the numbers issued by 下发.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import {
  Alert, Button, Checkbox, Col, DatePicker, Descriptions, Divider, Form, Input, InputNumber, Modal, Popconfirm, Row, Space, Spin, Table, Typography,
} from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { FIVE_CHECKS, waybillForm, WAYBILL_WORKFLOW, WAYBILL_PRINT_MENUS, type WaybillStep } from '@dg/core/waybill';
import { checkRule, lockRefusal } from '@dg/core';
import { useAllowedSteps } from '../../components/workflow/useWorkflowStep';
import type { Row as ResourceRow } from '../../components/resource/types';
import RefSelect from '../../components/RefSelect';
import RegionCascader from '../../components/RegionCascader';
import { useFeedback } from '../../components/resource/feedback';
import type { Waybill, WaybillDetail, WaybillDistributed, WaybillGoodsLine, WaybillListRow } from '@dg/core';
import {
  cancelWaybill, changeWaybill, closeWaybill, deleteWaybill, distributeWaybills, getWaybill, loadWaybill, submitWaybill, unloadWaybill,
} from './api';
import { fmtNum, plateText, refusalProblems, useWaybillChanged, WAYBILL_ROUTES } from './common';
import { useCan, useSave } from '../../components/resource';
import { valuesAfterUploads } from '../../components/Upload';

export type ActionName = WaybillStep | 'edit' | 'delete' | 'print' | 'emptyLedger';

const STEPS = WAYBILL_WORKFLOW.steps;

interface Props {
  row: WaybillListRow;
  /** which actions this place offers (the queue's own); default: all */
  only?: readonly ActionName[];
  /** link buttons in a table row, or regular buttons on a detail page */
  variant?: 'link' | 'button';
  /** the detail already loaded (its goods spare a fetch) */
  detail?: WaybillDetail;
  /** after a transition succeeded */
  onDone?: (action: ActionName, result?: unknown) => void;
  /** shows what 下发 issued (a list whose row leaves the queue); default: this component's own dialog */
  onIssued?: (result: WaybillDistributed) => void;
}

export default function WaybillActions({ row, only, variant = 'link', detail, onDone, onIssued }: Props) {
  const navigate = useNavigate();
  const can = useCan();
  const changed = useWaybillChanged();
  const { message } = useFeedback();
  const [open, setOpen] = useState<null | 'cancel' | 'close' | 'load' | 'unload' | 'change'>(null);
  const [issued, setIssued] = useState<WaybillDistributed | null>(null);
  const { save: act, saving, pending } = useSave(({ call }: { action: ActionName; call: () => Promise<unknown>; text: string }) => call(), {
    success: (_r, { text }) => text,
    refresh: changed,
    then: (result, { action }) => onDone?.(action, result),
  });
  const busy = pending?.action ?? null;

  const steps = useAllowedSteps(waybillForm, row as unknown as ResourceRow) as WaybillStep[];
  const allowed = new Set<ActionName>(steps);
  // a draft's own edit and delete: the states the workflow locks take neither
  if (!lockRefusal(waybillForm, row, '修改')) {
    if (can('baseManager:btn_edit')) allowed.add('edit');
    if (can('baseManager:btn_del')) allowed.add('delete');
  }
  if (row.waybillNo && WAYBILL_PRINT_MENUS.some(can)) allowed.add('print');
  if (row.state === '已完成' && (row.tankId || row.tankContainerId) && can('emptyLedgerManager:btn_add')) allowed.add('emptyLedger');
  const shown = (only ?? (['edit', 'submit', 'dispatch', 'check', 'distribute', 'load', 'unload', 'change', 'print', 'emptyLedger', 'cancel', 'close', 'delete'] as ActionName[]))
    .filter((a) => allowed.has(a));
  // no button to show, and no dialog open: nothing at all
  if (!shown.length && !open && !issued) return null;

  const finish = async (action: ActionName, text: string, result?: unknown) => {
    message.success(text);
    await changed();
    onDone?.(action, result);
  };
  // a refusal is shown by the request client
  const run = (action: ActionName, call: () => Promise<unknown>, text: string) => act({ action, call, text });

  const link = variant === 'link';
  const btn = (action: ActionName, label: string, onClick?: () => void, extra: { danger?: boolean; primary?: boolean } = {}) => (
    <Button
      key={action}
      type={link ? 'link' : extra.primary ? 'primary' : 'default'}
      size={link ? 'small' : 'middle'}
      danger={extra.danger}
      loading={busy === action}
      onClick={onClick}
      data-testid={`wb-action-${action}`}
    >
      {label}
    </Button>
  );
  const confirm = (action: ActionName, label: string, title: string, call: () => Promise<unknown>, done: string, extra: { danger?: boolean; primary?: boolean } = {}) => (
    <Popconfirm key={action} title={title} okText="确定" cancelText="取消" onConfirm={() => run(action, call, done)}>
      {btn(action, label, undefined, extra)}
    </Popconfirm>
  );

  const buttons = shown.map((a) => {
    switch (a) {
      case 'edit': return btn(a, '编辑', () => navigate(WAYBILL_ROUTES.baseEdit(row.id)));
      case 'submit': return confirm(a, STEPS.submit.label, STEPS.submit.confirm, () => submitWaybill(row.id, row.version), '已提交，运单进入待调度', { primary: true });
      case 'delete': return confirm(a, '删除', '此操作将永久删除, 是否继续?', () => deleteWaybill(row.id), '删除成功', { danger: true });
      case 'dispatch': return btn(a, STEPS.dispatch.label, () => navigate(WAYBILL_ROUTES.dispatchEdit(row.id)), { primary: true });
      case 'check': return btn(a, STEPS.check.label, () => navigate(WAYBILL_ROUTES.checkEdit(row.id)), { primary: true });
      case 'distribute':
        return (
          <Popconfirm key={a} title={STEPS.distribute.confirm} okText={STEPS.distribute.label} cancelText="取消"
            onConfirm={async () => {
              const r = await run(a, () => distributeWaybills([row.id], { [row.id]: row.version }), '下发成功');
              if (r) (onIssued ?? setIssued)(r as WaybillDistributed);
            }}>
            {btn(a, STEPS.distribute.label, undefined, { primary: true })}
          </Popconfirm>
        );
      case 'load': return btn(a, STEPS.load.label, () => setOpen('load'), { primary: true });
      case 'unload': return btn(a, STEPS.unload.label, () => setOpen('unload'), { primary: true });
      case 'change': return btn(a, STEPS.change.label, () => setOpen('change'));
      case 'cancel': return btn(a, STEPS.cancel.label, () => setOpen('cancel'), { danger: true });
      case 'close': return btn(a, STEPS.close.label, () => setOpen('close'), { danger: true });
      case 'print': return btn(a, '打印', () => navigate(WAYBILL_ROUTES.print(row.id)));
      case 'emptyLedger': return btn(a, '登记空车返程', () => navigate(WAYBILL_ROUTES.emptyLedgerEdit({ waybillId: row.id })));
      default: return null;
    }
  });

  return (
    <>
      {shown.length > 0 && <Space size={link ? 0 : 8} wrap={!link}>{buttons}</Space>}
      {(open === 'cancel' || open === 'close') && (
        <ReasonModal
          title={open === 'cancel' ? '作废运单' : '异常关闭运单'}
          hint={open === 'cancel' ? '作废后运单不能恢复，占用的车辆人员随即释放。' : '异常关闭用于无法正常完成的运输（事故、货物拒收等），关闭后车辆人员随即释放。'}
          onCancel={() => setOpen(null)}
          saving={saving}
          onOk={async (reason) => {
            const action = open;
            const r = await run(action, () => (action === 'cancel' ? cancelWaybill : closeWaybill)(row.id, row.version, reason), action === 'cancel' ? '运单已作废' : '运单已异常关闭');
            if (r) setOpen(null);
          }}
        />
      )}
      {open === 'load' && (
        <LoadModal row={row} detail={detail} onCancel={() => setOpen(null)} onDone={async () => { setOpen(null); await finish('load', '装货确认成功，运单进入运输中'); }} />
      )}
      {open === 'unload' && (
        <UnloadModal row={row} detail={detail} onCancel={() => setOpen(null)} onDone={async () => { setOpen(null); await finish('unload', '卸货签收成功，运单已完成'); }} />
      )}
      {open === 'change' && (
        <ChangeModal row={row} detail={detail} onCancel={() => setOpen(null)} onDone={async () => { setOpen(null); await finish('change', '变更成功'); }} />
      )}
      {issued && <IssuedModal result={issued} onClose={() => setIssued(null)} />}
    </>
  );
}

// ───────────────────────── dialogs ─────────────────────────

export function ReasonModal({ title, hint, onOk, onCancel, saving }: { title: string; hint?: string; onOk: (reason: string) => Promise<void>; onCancel: () => void; saving: boolean }) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal open title={title} okText="确定" cancelText="取消" confirmLoading={saving} onCancel={onCancel} destroyOnHidden mask={{ closable: false }}
      onOk={async () => {
        const v = await valuesAfterUploads(form).catch(() => null);
        if (v) await onOk(v.reason.trim());
      }}>
      {hint && <Alert type="warning" showIcon title={hint} style={{ marginBottom: 16 }} />}
      <Form form={form} name="wb_reason" layout="vertical">
        <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请输入原因' }, { max: 500, message: '原因不能超过500个字符' }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount autoFocus data-testid="reason-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * the detail with its goods lines (a list row has none) that a step's dialog fills its form from: as the server has it now, not a cached read of an earlier version
 * (the step just taken on the row is still settling into the cache), so the form is filled once and kept
 */
function useDetail(row: WaybillListRow, detail?: WaybillDetail) {
  const q = useQuery({ queryKey: ['waybill', 'info', row.id], queryFn: () => getWaybill(row.id), enabled: !detail, staleTime: 0 });
  return detail ?? (q.isFetchedAfterMount ? q.data : undefined);
}

function WaybillBrief({ wb }: { wb: Waybill }) {
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}
      items={[
        { key: 'no', label: '运单编号', children: wb.waybillNo || '-' },
        { key: 'plate', label: '车辆', children: [plateText(wb.plateNo, wb.plateColor), wb.trailerPlateNo].filter(Boolean).join(' / ') || '-' },
        { key: 'goods', label: '货物', children: wb.goodsSummary || '-', span: 2 },
        { key: 'crew', label: '驾驶员/押运员', children: [wb.driverName, wb.escortName].filter(Boolean).join(' / ') || '-' },
        { key: 'tank', label: '罐体', children: wb.tankNo || '-' },
      ]} />
  );
}

interface LoadValues {
  loaderName?: string;
  checks: string[];
  remarks: Record<string, string>;
  actual: Record<string, number>;
  loadedAt?: Dayjs;
  remark?: string;
}

/**
 * fills a step's form from the waybill once for each version of it, before the form is first drawn (a field typed
 * into as soon as it shows is not emptied after): a refetch of the same version (a change heard on the live stream
 * refetches the row) keeps what the user has typed; a new version fills it again
 */
function useFillOnce(wb: WaybillDetail | undefined, fill: (wb: WaybillDetail) => void) {
  const filled = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!wb || filled.current === `${wb.id}:${wb.version}`) return;
    filled.current = `${wb.id}:${wb.version}`;
    fill(wb);
  }, [wb, fill]);
}

/** 装货确认: the loader's 五必查 (办法第二十七条), actual quantities; the server checks documents and mass again */
function LoadModal({ row, detail, onCancel, onDone }: { row: WaybillListRow; detail?: WaybillDetail; onCancel: () => void; onDone: () => void }) {
  const wb = useDetail(row, detail);
  const [form] = Form.useForm<LoadValues>();
  const { save, saving } = useSave((body: Parameters<typeof loadWaybill>[1]) => loadWaybill(row.id, body), { then: onDone });
  const { message } = useFeedback();
  const checked = Form.useWatch('checks', form) ?? [];
  const allOk = FIVE_CHECKS.every((c) => checked.includes(c.key));

  useFillOnce(wb, (wb) => {
    form.setFieldsValue({
      loaderName: wb.loaderName ?? undefined, checks: [], remarks: {},
      actual: Object.fromEntries(wb.goods.map((g) => [g.id, Number(g.quantity)])), loadedAt: dayjs(),
    });
  });

  const submit = async () => {
    const v = await valuesAfterUploads(form).catch(() => null);
    if (!v || !wb) return;
    const missing = FIVE_CHECKS.filter((c) => !v.checks?.includes(c.key));
    if (missing.length) {
      message.warning(`五必查不通过，不得装货：${missing.map((c) => c.label).join('；')}`);
      return;
    }
    // a refusal (e.g. 五必查不通过，不得装货：…) is shown by the request client
    await save({
      version: wb.version,
      loaderName: v.loaderName?.trim() || null,
      checks: Object.fromEntries(FIVE_CHECKS.map((c) => [c.key, v.checks.includes(c.key)])),
      remarks: Object.fromEntries(Object.entries(v.remarks ?? {}).filter(([, s]) => s?.trim())),
      goods: wb.goods.map((g) => ({ lineId: g.id, actualQuantity: Number(v.actual?.[g.id] ?? g.quantity) })),
      loadedAt: v.loadedAt?.toISOString(),
      remark: v.remark?.trim() || null,
    });
  };

  return (
    <Modal open title="装货确认（五必查）" width={760} onCancel={onCancel} destroyOnHidden mask={{ closable: false }}
      footer={<Space><Button onClick={onCancel}>取消</Button><Button type="primary" loading={saving} disabled={!wb} onClick={submit} data-testid="load-submit">确认装货</Button></Space>}>
      {!wb ? <Spin /> : (
        <Form form={form} name="wb_load" layout="vertical" data-testid="load-form">
          <WaybillBrief wb={wb} />
          <Row gutter={16}>
            <Col span={12}><Form.Item name="loaderName" label="装货人"><Input maxLength={100} /></Form.Item></Col>
            <Col span={12}><Form.Item name="loadedAt" label="装货时间" rules={[{ required: true, message: '请选择装货时间' }]}><DatePicker showTime style={{ width: '100%' }} format="YYYY-MM-DD HH:mm" /></Form.Item></Col>
          </Row>
          <Divider titlePlacement="start" plain>装货人五必查（不符合的不得充装或装载）</Divider>
          <Form.Item name="checks" style={{ marginBottom: 8 }}>
            <Checkbox.Group style={{ width: '100%' }}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                {FIVE_CHECKS.map((c, i) => (
                  <Row key={c.key} gutter={8} align="middle" style={{ width: '100%' }}>
                    <Col flex="auto"><Checkbox value={c.key} data-testid={`five-check-${c.key}`}>{i + 1}. {c.label}</Checkbox></Col>
                    <Col flex="240px"><Form.Item name={['remarks', c.key]} noStyle><Input size="small" placeholder="查验说明（选填）" maxLength={200} /></Form.Item></Col>
                  </Row>
                ))}
              </Space>
            </Checkbox.Group>
          </Form.Item>
          <Space style={{ marginBottom: 12 }}>
            <Button size="small" onClick={() => form.setFieldValue('checks', FIVE_CHECKS.map((c) => c.key))} data-testid="five-check-all">全部符合</Button>
            {allOk ? <Typography.Text type="success">五项均符合</Typography.Text> : <Typography.Text type="danger">五必查未全部符合，不得装货</Typography.Text>}
          </Space>
          <Divider titlePlacement="start" plain>实际装货数量</Divider>
          <QuantityTable goods={wb.goods} field="actual" planned />
          <Form.Item name="remark" label="备注"><Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} /></Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function QuantityTable({ goods, field, planned }: { goods: WaybillGoodsLine[]; field: 'actual' | 'received' | 'quantity'; planned?: boolean }) {
  return (
    <Table<WaybillGoodsLine> size="small" rowKey={(g) => g.id ?? `${g.lineNo}`} pagination={false} dataSource={goods} style={{ marginBottom: 16 }}
      columns={[
        { title: 'UN编号', dataIndex: 'unNo', width: 80 },
        { title: '货物名称', dataIndex: 'goodsName' },
        ...(planned ? [{ title: '运单数量', key: 'planned', width: 110, render: (_: unknown, g: WaybillGoodsLine) => `${fmtNum(g.quantity)}${g.unit}` }] : []),
        ...(field === 'received' ? [{ title: '实装数量', key: 'actual', width: 110, render: (_: unknown, g: WaybillGoodsLine) => `${fmtNum(g.actualQuantity ?? g.quantity)}${g.unit}` }] : []),
        {
          title: field === 'actual' ? '实际装货数量' : field === 'received' ? '签收数量' : '数量', key: 'q', width: 180,
          render: (_: unknown, g: WaybillGoodsLine) => (
            <Form.Item name={[field, g.id]} noStyle rules={[{ required: true, message: '请输入数量' }]}>
              <InputNumber min={0} precision={3} style={{ width: 150 }} suffix={g.unit} data-testid={`qty-${field}-${g.lineNo ?? ''}`} />
            </Form.Item>
          ),
        },
      ]} />
  );
}

/** 卸货签收: signer, received quantities */
function UnloadModal({ row, detail, onCancel, onDone }: { row: WaybillListRow; detail?: WaybillDetail; onCancel: () => void; onDone: () => void }) {
  const wb = useDetail(row, detail);
  const [form] = Form.useForm<{ signer: string; signerPhone?: string; received: Record<string, number>; unloadedAt?: Dayjs; remark?: string }>();
  const { save, saving } = useSave((body: Parameters<typeof unloadWaybill>[1]) => unloadWaybill(row.id, body), { then: onDone });
  useFillOnce(wb, (wb) => {
    form.setFieldsValue({
      signer: '', received: Object.fromEntries(wb.goods.map((g) => [g.id, Number(g.actualQuantity ?? g.quantity)])), unloadedAt: dayjs(),
    });
  });
  const submit = async () => {
    const v = await valuesAfterUploads(form).catch(() => null);
    if (!v || !wb) return;
    await save({
      version: wb.version, signer: v.signer.trim(), signerPhone: v.signerPhone?.trim() || null,
      goods: wb.goods.map((g) => ({ lineId: g.id, receivedQuantity: Number(v.received?.[g.id] ?? g.actualQuantity ?? g.quantity) })),
      unloadedAt: v.unloadedAt?.toISOString(), remark: v.remark?.trim() || null,
    });
  };
  return (
    <Modal open title="卸货签收" width={720} onCancel={onCancel} destroyOnHidden mask={{ closable: false }}
      footer={<Space><Button onClick={onCancel}>取消</Button><Button type="primary" loading={saving} disabled={!wb} onClick={submit} data-testid="unload-submit">确认签收</Button></Space>}>
      {!wb ? <Spin /> : (
        <Form form={form} name="wb_unload" layout="vertical" data-testid="unload-form">
          <WaybillBrief wb={wb} />
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="signer" label="签收人" rules={[{ required: true, whitespace: true, message: '请输入签收人' }, { max: 20, message: '签收人不能超过20个字符' }]}>
                <Input autoFocus data-testid="unload-signer" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="signerPhone" label="签收人电话" rules={[{ validator: (_, v) => { const m = v ? checkRule('phoneOrLandline', String(v).trim()) : null; return m ? Promise.reject(new Error(m)) : Promise.resolve(); } }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={8}><Form.Item name="unloadedAt" label="卸货时间" rules={[{ required: true, message: '请选择卸货时间' }]}><DatePicker showTime style={{ width: '100%' }} format="YYYY-MM-DD HH:mm" /></Form.Item></Col>
          </Row>
          <QuantityTable goods={wb.goods} field="received" planned />
          <Form.Item name="remark" label="备注"><Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} /></Form.Item>
        </Form>
      )}
    </Modal>
  );
}

const CREW_PICKERS = [
  { name: 'vehicleId', label: '车辆', resource: 'vehicle', labelOf: (w: Waybill) => w.plateNo },
  { name: 'trailerId', label: '挂车', resource: 'vehicle', labelOf: (w: Waybill) => w.trailerPlateNo },
  { name: 'tankId', label: '罐体', resource: 'tank', labelOf: (w: Waybill) => (w.tankId ? w.tankNo : null) },
  { name: 'tankContainerId', label: '罐箱', resource: 'tankContainer', labelOf: (w: Waybill) => (w.tankContainerId ? w.tankNo : null) },
  { name: 'driverId', label: '驾驶员', resource: 'staff', labelOf: (w: Waybill) => w.driverName },
  { name: 'escortId', label: '押运员', resource: 'staff', labelOf: (w: Waybill) => w.escortName },
] as const;

const CHANGE_FIELDS = ['startDate', 'destRegion', 'destAddress', 'via', 'consigneeName', 'consigneePhone', 'remark'] as const;

/** 变更: a reason and what changes; the server keeps before/after and re-runs the dispatch rules for crew or goods */
function ChangeModal({ row, detail, onCancel, onDone }: { row: WaybillListRow; detail?: WaybillDetail; onCancel: () => void; onDone: () => void }) {
  const wb = useDetail(row, detail);
  const [form] = Form.useForm();
  const [problems, setProblems] = useState<string[]>([]);
  const { message } = useFeedback();
  // a refusal by the dispatch rules lists its problems above the form
  const { save, saving } = useSave((body: { version: number; reason: string }) => changeWaybill(row.id, body), {
    then: onDone,
    failed: (e) => {
      const p = refusalProblems(e);
      if (p.length) setProblems(p);
    },
  });
  const crewAllowed = row.state !== '待调度';

  useFillOnce(wb, (wb) => {
    form.setFieldsValue({
      reason: '',
      startDate: wb.startDate ? dayjs(wb.startDate) : undefined,
      destRegion: wb.destRegion, destAddress: wb.destAddress, via: wb.via, consigneeName: wb.consigneeName, consigneePhone: wb.consigneePhone, remark: wb.remark,
      ...Object.fromEntries(CREW_PICKERS.map((p) => [p.name, wb[p.name] ?? undefined])),
      quantity: Object.fromEntries(wb.goods.map((g) => [g.id, Number(g.quantity)])),
    });
  });

  const submit = async () => {
    const v = await valuesAfterUploads(form).catch(() => null);
    if (!v || !wb) return;
    const body: Record<string, unknown> = { version: wb.version, reason: String(v.reason).trim() };
    const cur = wb as unknown as Record<string, unknown>;
    const norm = (x: unknown) => (x === undefined || x === '' ? null : x);
    for (const f of CHANGE_FIELDS) {
      const val = f === 'startDate' ? (v.startDate ? (v.startDate as Dayjs).format('YYYY-MM-DD') : null) : typeof v[f] === 'string' ? v[f].trim() : v[f];
      if (norm(val) !== norm(cur[f])) body[f] = norm(val);
    }
    if (crewAllowed) for (const p of CREW_PICKERS) if (norm(v[p.name]) !== norm(cur[p.name])) body[p.name] = norm(v[p.name]);
    if (wb.goods.some((g) => Number(v.quantity?.[g.id]) !== Number(g.quantity))) {
      body.goods = wb.goods.map((g) => ({
        cargoId: g.cargoId ?? undefined, goodsId: g.goodsId ?? undefined, unNo: g.unNo, goodsName: g.goodsName, goodsClass: g.goodsClass,
        subsidiaryHazard: g.subsidiaryHazard, packingGroup: g.packingGroup, packingType: g.packingType, packingSpec: g.packingSpec,
        quantity: Number(v.quantity?.[g.id] ?? g.quantity), unit: g.unit, density: g.density == null ? null : Number(g.density),
        pieceMass: g.pieceMass == null ? null : Number(g.pieceMass), emergencyMeasures: g.emergencyMeasures,
      }));
    }
    if (Object.keys(body).length <= 2) {
      message.warning('没有需要变更的内容');
      return;
    }
    setProblems([]);
    await save(body as { version: number; reason: string });
  };

  return (
    <Modal open title="运单变更" width={820} onCancel={onCancel} destroyOnHidden mask={{ closable: false }}
      footer={<Space><Button onClick={onCancel}>取消</Button><Button type="primary" loading={saving} disabled={!wb} onClick={submit} data-testid="change-submit">确认变更</Button></Space>}>
      {!wb ? <Spin /> : (
        <Form form={form} name="wb_change" layout="vertical">
          <Alert type="info" showIcon style={{ marginBottom: 16 }}
            title={row.state === '待下发' ? '变更车辆或人员后，运单退回待检查，需重新出车检查。' : '变更将留存变更前后的记录；车辆、人员或货物变更会重新进行调度合规检查。'} />
          {problems.length > 0 && (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} title="不能变更" description={<ul style={{ margin: 0, paddingLeft: 18 }}>{problems.map((p) => <li key={p}>{p}</li>)}</ul>} />
          )}
          <Form.Item name="reason" label="变更原因" rules={[{ required: true, whitespace: true, message: '请输入原因' }, { max: 500, message: '原因不能超过500个字符' }]}>
            <Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} showCount />
          </Form.Item>
          <Row gutter={16}>
            <Col span={8}><Form.Item name="startDate" label="起运日期" rules={[{ required: true, message: '请选择起运日期' }]}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
            <Col span={8}><Form.Item name="destRegion" label="目的地" rules={[{ required: true, message: '请选择目的地' }]}><RegionCascader /></Form.Item></Col>
            <Col span={8}><Form.Item name="destAddress" label="目的地详细地址" rules={[{ required: true, whitespace: true, message: '请输入目的地详细地址' }]}><Input maxLength={200} /></Form.Item></Col>
            <Col span={8}><Form.Item name="consigneeName" label="收货人名称" rules={[{ required: true, whitespace: true, message: '请输入收货人名称' }]}><Input maxLength={100} /></Form.Item></Col>
            <Col span={8}>
              <Form.Item name="consigneePhone" label="收货人联系电话"
                rules={[{ required: true, message: '请输入收货人联系电话' }, { validator: (_, val) => { const m = val ? checkRule('phoneOrLandline', String(val).trim()) : null; return m ? Promise.reject(new Error(m)) : Promise.resolve(); } }]}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={8}><Form.Item name="via" label="途经地"><Input maxLength={200} /></Form.Item></Col>
          </Row>
          {crewAllowed && (
            <>
              <Divider titlePlacement="start" plain>车辆人员</Divider>
              <Row gutter={16}>
                {CREW_PICKERS.map((p) => (
                  <Col span={8} key={p.name}>
                    <Form.Item name={p.name} label={p.label}>
                      <RefSelect resource={p.resource} labels={p.labelOf(wb)} placeholder={`请选择${p.label}`} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </>
          )}
          <Divider titlePlacement="start" plain>货物数量</Divider>
          <QuantityTable goods={wb.goods} field="quantity" />
          <Form.Item name="remark" label="备注"><Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} /></Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** what 下发 issued: numbers and check codes, each with its print view */
export function IssuedModal({ result, onClose }: { result: WaybillDistributed; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal open title="下发结果" width={720} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>关闭</Button>} data-testid="issued-modal">
      <Alert type={result.failed.length ? 'warning' : 'success'} showIcon style={{ marginBottom: 16 }}
        title={`下发成功${result.done.length}条${result.failed.length ? `，失败${result.failed.length}条` : ''}`}
        description="运单编号和二维码已生成，并已通知驾驶员、押运员。" />
      {result.done.length > 0 && (
        <Table size="small" rowKey="id" pagination={false} dataSource={result.done} style={{ marginBottom: 16 }}
          columns={[
            { title: '运单编号', dataIndex: 'waybillNo', render: (v: string) => <Typography.Text copyable strong data-testid="issued-no">{v}</Typography.Text> },
            { title: '校验码', dataIndex: 'checkCode', width: 110, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
            { title: '操作', key: 'op', width: 90, render: (_: unknown, r) => <Button type="link" size="small" onClick={() => { onClose(); navigate(WAYBILL_ROUTES.print(r.id)); }} data-testid="issued-print">打印</Button> },
          ]} />
      )}
      {result.failed.length > 0 && (
        <Table size="small" rowKey="id" pagination={false} dataSource={result.failed}
          columns={[
            { title: '未下发的运单', dataIndex: 'message', render: (m: string, r) => (
              <div>
                <Typography.Text type="danger">{r.problems?.length ? '不能下发：' : m}</Typography.Text>
                {r.problems?.length ? <ul style={{ margin: 0, paddingLeft: 18, color: '#cf1322' }}>{r.problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
              </div>
            ) },
            { title: '操作', key: 'op', width: 90, render: (_: unknown, r) => <Button type="link" size="small" onClick={() => { onClose(); navigate(WAYBILL_ROUTES.baseInfo(r.id)); }}>详情</Button> },
          ]} />
      )}
    </Modal>
  );
}
