/**
 * dispatchEdit (/transportMission/dispatchEdit?id=): 调度派车. Pick a 车辆人员绑定 or each of
 * vehicle, trailer, tank or tank container, driver and escort — each picker lists its candidates with the server's
 * verdict beside the name (可调度 first, else the reason: CandidateSelect); a live compliance panel asks the
 * server (POST …/compliance, the same rules as `dispatchComplianceProblems`) on every change and
 * lists each problem in red, or 合规，可以调度 in green. 调度 stays disabled while there are
 * problems; a refusal (40001) shows its lines. Enter moves on; Ctrl+Enter dispatches; after a
 * dispatch the next waybill of the queue opens (the morning round of thirty tankers).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert, Button, Card, Checkbox, Col, Descriptions, Form, Input, List, Result, Row, Skeleton, Space, Spin, Tag, Typography,
} from 'antd';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import CandidateSelect from './CandidateSelect';
import { useSave } from '../../components/resource/useSave';
import type { WaybillDetail } from '@dg/core';
import { checkCompliance, dispatchWaybill, getResourceRow, getWaybill, listWaybills, type CandidateRole, type CrewInput } from './api';
import { GoodsTable } from './WaybillDetail';
import { enterMovesOn, fmtNum, placeText, refusalProblems, useLeave, useQueryParam, useWaybillChanged, WAYBILL_ROUTES } from './common';

const CREW = ['vehicleId', 'trailerId', 'tankId', 'tankContainerId', 'driverId', 'escortId'] as const;
type CrewField = (typeof CREW)[number];
type CrewValues = { bindId?: string | null; remark?: string } & Partial<Record<CrewField, string | null>>;

const NEXT_KEY = 'dg.dispatch.openNext';

export default function DispatchEdit() {
  const id = useQueryParam('id');
  return <DispatchForm key={id} id={id} />;
}

interface Compliance {
  status: 'idle' | 'checking' | 'done' | 'error';
  problems: string[];
  /** the crew the problems are about (JSON) */
  of?: string;
}

function DispatchForm({ id }: { id: string }) {
  const leave = useLeave();
  const changed = useWaybillChanged();
  const [form] = Form.useForm<CrewValues>();
  const [openNext, setOpenNext] = useState(() => localStorage.getItem(NEXT_KEY) !== '0');
  const [bind, setBind] = useState<Record<string, unknown> | null>(null);
  const [compliance, setCompliance] = useState<Compliance>({ status: 'idle', problems: [] });
  const seq = useRef(0);
  const submitRef = useRef<HTMLButtonElement>(null);

  const q = useQuery({ queryKey: ['waybill', 'info', id], queryFn: () => getWaybill(id), enabled: Boolean(id), staleTime: 0, refetchOnWindowFocus: false });
  const wb = q.data;

  // the crew as it stands on the form
  const watched = Form.useWatch([], form) as CrewValues | undefined;
  const crew: CrewInput = Object.fromEntries([['bindId', watched?.bindId ?? null], ...CREW.map((f) => [f, watched?.[f] ?? null])]);
  const crewKey = JSON.stringify(crew);

  // the panel follows every change (debounced; answers to older questions are dropped)
  useEffect(() => {
    if (!wb || wb.state !== '待调度') return;
    const mine = ++seq.current;
    setCompliance((c) => ({ ...c, status: 'checking' }));
    const t = setTimeout(async () => {
      try {
        const r = await checkCompliance(wb.id, JSON.parse(crewKey) as CrewInput);
        if (mine === seq.current) setCompliance({ status: 'done', problems: r.problems ?? [], of: crewKey });
      } catch (e) {
        if (mine === seq.current) setCompliance({ status: 'error', problems: [(e as Error).message || '合规检查失败'], of: crewKey });
      }
    }, 250);
    return () => clearTimeout(t);
  }, [crewKey, wb]);

  // a waybill sent back by a failed check: start from the crew it had
  useEffect(() => {
    if (!wb) return;
    form.setFieldsValue({ bindId: wb.bindId ?? undefined, ...Object.fromEntries(CREW.map((f) => [f, wb[f] ?? undefined])) });
  }, [wb, form]);

  const onBind = async (value?: string | string[]) => {
    if (!value || Array.isArray(value)) { setBind(null); return; }
    try {
      const r = await getResourceRow<Record<string, unknown>>('dzyd', 'bind', value);
      setBind(r);
      form.setFieldsValue(Object.fromEntries(CREW.map((f) => [f, (r[f] as string | null) ?? undefined])) as CrewValues);
    } catch {
      // shown by the request client
    }
  };
  // a crew that no longer matches the picked binding is not that binding
  const onCrewChange = (field: CrewField, value: string | null | undefined) => {
    if (field === 'tankId' && value) form.setFieldValue('tankContainerId', undefined);
    if (field === 'tankContainerId' && value) form.setFieldValue('tankId', undefined);
    if (bind && (bind[field] ?? null) !== (value ?? null)) {
      form.setFieldValue('bindId', undefined);
      setBind(null);
    }
  };

  const fresh = compliance.status === 'done' && compliance.of === crewKey;
  const ok = fresh && compliance.problems.length === 0;

  // a refusal (40001) lists its problems on the compliance panel, for the crew it was about
  const { save, saving } = useSave(({ wb: w, v }: { wb: WaybillDetail; v: CrewValues; crewKey: string }) =>
    dispatchWaybill(w.id, { version: w.version, bindId: v.bindId || null, ...Object.fromEntries(CREW.map((f) => [f, v[f] || null])), remark: v.remark?.trim() || null }), {
    success: (_r, { wb: w }) => `调度成功：${[w.shipperName, w.goodsSummary].filter(Boolean).join('，')}`,
    refresh: changed,
    then: async (_r, { wb: w }) => {
      // the next waybill of the queue, or back to the queue
      const next = openNext ? await listWaybills('dispatch', { page: 1, size: 5 }).catch(() => null) : null;
      const other = next?.content.find((x) => x.id !== w.id);
      if (other) leave(WAYBILL_ROUTES.dispatchEdit(other.id), { replace: true });
      else leave(WAYBILL_ROUTES.list.dispatch);
    },
    failed: (e, { crewKey: of }) => {
      const problems = refusalProblems(e);
      if (problems.length) setCompliance({ status: 'done', problems, of });
    },
  });
  const dispatch = useCallback(async () => {
    if (!wb || !ok || saving) return;
    await save({ wb, v: form.getFieldsValue(true) as CrewValues, crewKey });
  }, [wb, ok, saving, form, save, crewKey]);

  if (!id) return <Result status="warning" title="缺少运单参数" />;
  if (q.isLoading) return <Card><Skeleton active /></Card>;
  if (q.isError || !wb) return <Result status="warning" title="运单不存在或无权访问" />;
  if (wb.state !== '待调度') {
    return (
      <Result status="info" title={`当前状态为${wb.state}，不能调度`}
        extra={<Space><Button onClick={() => leave(WAYBILL_ROUTES.list.dispatch)}>返回调度列表</Button><Button type="primary" onClick={() => leave(WAYBILL_ROUTES.baseInfo(wb.id))}>查看详情</Button></Space>} />
    );
  }

  const pickers: { name: CrewField; label: string; role: CandidateRole; placeholder: string }[] = [
    { name: 'vehicleId', label: '车辆', role: 'vehicle', placeholder: '车牌号码' },
    { name: 'trailerId', label: '挂车', role: 'trailer', placeholder: '挂车号牌（牵引车必填）' },
    { name: 'tankId', label: '罐体', role: 'tank', placeholder: '罐体编号（罐式车辆）' },
    { name: 'tankContainerId', label: '罐箱', role: 'tankContainer', placeholder: '罐式集装箱编号' },
    { name: 'driverId', label: '驾驶员', role: 'driver', placeholder: '驾驶员姓名' },
    { name: 'escortId', label: '押运员', role: 'escort', placeholder: '押运员姓名' },
  ];
  // each picker is judged beside the crew of the other slots
  const others = (field: CrewField): CrewInput => Object.fromEntries(CREW.filter((f) => f !== field && crew[f]).map((f) => [f, crew[f]]));

  return (
    <div
      data-testid="dispatch-edit"
      onKeyDownCapture={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); e.stopPropagation(); void dispatch(); return; }
        enterMovesOn(e);
      }}>
      <WaybillSummary wb={wb} />
      <Row gutter={12}>
        <Col xs={24} lg={13}>
          <Card title="选择车辆人员" size="small" style={{ marginBottom: 12 }}
            extra={<Typography.Text type="secondary">Enter 下一项 · Ctrl+Enter 调度</Typography.Text>}>
            <Form form={form} name="dispatch_crew" layout="horizontal" labelCol={{ flex: '96px' }} wrapperCol={{ flex: '1 1 0' }} disabled={saving}>
              <Form.Item name="bindId" label="车辆人员绑定" extra={bind ? <BindQualification value={bind.qualification} /> : '选择绑定后自动带出车辆、罐体和人员，也可逐项选择；可调度的排在前面'}>
                <CandidateSelect waybillId={wb.id} role="bind" crew={{}} placeholder="绑定名称" onChange={onBind} />
              </Form.Item>
              {pickers.map((p) => (
                <Form.Item key={p.name} name={p.name} label={p.label} data-testid={`crew-${p.name}`}>
                  <CandidateSelect waybillId={wb.id} role={p.role} crew={others(p.name)} placeholder={p.placeholder} onChange={(v) => onCrewChange(p.name, v ?? null)} />
                </Form.Item>
              ))}
              <Form.Item name="remark" label="调度备注">
                <Input maxLength={500} placeholder="选填" />
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={11}>
          <CompliancePanel compliance={compliance} fresh={fresh} />
          <Card size="small">
            <Space wrap>
              <Button onClick={() => leave(WAYBILL_ROUTES.list.dispatch)}>返回</Button>
              <Button ref={submitRef} type="primary" size="large" disabled={!ok} loading={saving} onClick={dispatch} data-enter-target data-testid="dispatch-submit">
                调度
              </Button>
              <Checkbox checked={openNext} onChange={(e) => { setOpenNext(e.target.checked); localStorage.setItem(NEXT_KEY, e.target.checked ? '1' : '0'); }}>
                调度后打开下一单
              </Checkbox>
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function BindQualification({ value }: { value: unknown }) {
  if (!value) return null;
  return value === '有效' ? <Tag color="green">资质有效</Tag> : <Typography.Text type="danger">{String(value)}</Typography.Text>;
}

function CompliancePanel({ compliance, fresh }: { compliance: Compliance; fresh: boolean }) {
  const checking = compliance.status === 'checking' || (compliance.status !== 'idle' && !fresh);
  const ok = fresh && compliance.status === 'done' && compliance.problems.length === 0;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="compliance-panel" data-state={checking ? 'checking' : ok ? 'ok' : 'problems'}
      title={<Space>合规检查（五必查与调度规则）{checking && <Spin indicator={<LoadingOutlined spin />} size="small" />}</Space>}>
      {compliance.status === 'idle' ? <Typography.Text type="secondary">选择车辆人员后自动检查</Typography.Text>
        : ok ? (
          <Alert type="success" showIcon icon={<CheckCircleFilled />} title="合规，可以调度" data-testid="compliance-ok" />
        ) : (
          <List size="small" dataSource={compliance.problems} style={{ opacity: checking ? 0.6 : 1 }}
            header={<Typography.Text type="danger" strong>存在以下问题，不能调度（{compliance.problems.length}项）</Typography.Text>}
            renderItem={(p) => (
              <List.Item style={{ padding: '4px 0' }} data-testid="compliance-problem">
                <Typography.Text type="danger"><CloseCircleFilled style={{ marginRight: 6 }} />{p}</Typography.Text>
              </List.Item>
            )} />
        )}
    </Card>
  );
}

export function WaybillSummary({ wb }: { wb: WaybillDetail }) {
  return (
    <Card size="small" style={{ marginBottom: 12 }} title="运单信息">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} items={[
        { key: 'shipper', label: '托运人', children: wb.shipperName ?? '-' },
        { key: 'consignee', label: '收货人', children: wb.consigneeName ?? '-' },
        { key: 'start', label: '起运日期', children: wb.startDate },
        { key: 'type', label: '运单类型', children: wb.waybillType },
        { key: 'origin', label: '起运地', children: placeText(wb.originRegionName, wb.originAddress) || '-' },
        { key: 'dest', label: '目的地', children: placeText(wb.destRegionName, wb.destAddress) || '-' },
        { key: 'loader', label: '装货人', children: [wb.loaderName, wb.loadingPlace].filter(Boolean).join('，') || '-' },
        { key: 'mass', label: '货物总质量', children: wb.totalMassKg != null ? `${fmtNum(wb.totalMassKg, 2)} 千克` : <Typography.Text type="warning">无法核算</Typography.Text> },
      ]} />
      {wb.problems?.length ? (
        <Alert type="warning" showIcon style={{ margin: '8px 0' }} title="上次出车检查不合格，已退回待调度"
          description={<ul style={{ margin: 0, paddingLeft: 18 }}>{wb.problems.map((p) => <li key={p}>{p}</li>)}</ul>} />
      ) : null}
      <GoodsTable goods={wb.goods} />
    </Card>
  );
}
