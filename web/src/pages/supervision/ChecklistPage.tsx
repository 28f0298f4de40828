/**
 * 核查单 (checklistManager), both sides: 政 issues (from 异常运单) → 企 签收 → 企 回复 (explanation,
 * attachments) → 政 办结 or 退回. The list shows the user's side (企: its own, 政: jurisdiction); the
 * detail /waybillManager/checklistinfoManager/:uuid shows the steps and the actions of the side.
 */
import { useMemo, useState } from 'react';
import {
  Alert, Button, Card, Col, Descriptions, Form, Input, Modal, Result, Row, Select, Skeleton, Space, Steps, Tag, Timeline, Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import RefSelect from '../../components/RefSelect';
import Upload, { valuesAfterUploads } from '../../components/Upload';
import AttachmentLinks from '../../components/resource/AttachmentLinks';
import type { FileRef } from '../../components/resource/types';
import { StateTag, fmtTime, useWaybillChanged, WAYBILL_ROUTES } from '../waybill/common';
import { useUserSide } from '../../components/resource/permission';
import type { ChecklistDetail, ChecklistRow } from '@dg/core';
import { checklistAct, getChecklist, listChecklists, type ChecklistAction } from './api';
import { stateColor } from '@dg/core';
import { CHECKLIST_STATES, checklistFlow } from '@dg/core/waybill';
import { useAllowedSteps } from '../../components/workflow/useWorkflowStep';
import type { Row as ResourceRow } from '../../components/resource/types';
import { useSave } from '../../components/resource';
import PagedTable, { stateEnum, usePagedList } from '../../components/resource/PagedTable';
import { textValues, useFormFollows } from '../../components/resource/useListState';

/** the 核查单's workflow (core checklistFlow): its states' colours, its steps' labels and opinion rules, who may take them */
const FLOW = checklistFlow.workflow!;
const STEPS = FLOW.steps!;
const STATE_COLOR = stateEnum(FLOW);

export default function ChecklistPage() {
  const navigate = useNavigate();
  const side = useUserSide();
  const gov = side !== 'enterprise';
  const [form] = Form.useForm<{ state?: string; enterpriseId?: string; waybillNo?: string }>();
  const list = usePagedList<ChecklistRow>('checklist', {
    queryKey: ({ page, size, filters }) => ['waybill', 'checklists', { page, size, filters }],
    request: ({ page, size, filters }) => listChecklists({ page, size, filters }),
  });
  const { filters } = list;
  useFormFollows(form, useMemo(() => textValues(filters, ['state', 'enterpriseId', 'waybillNo']), [filters]));
  const search = (v: { state?: string; enterpriseId?: string; waybillNo?: string }) => {
    list.search(Object.fromEntries(Object.entries({ state: v.state, enterpriseId: v.enterpriseId, waybillNo: v.waybillNo?.trim() }).filter(([, x]) => x)));
  };
  return (
    <div data-testid="checklist-page">
      <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
        <Form form={form} name="checklist_search" onFinish={search} labelCol={{ flex: '70px' }} wrapperCol={{ flex: '1 1 0' }}>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={6}><Form.Item name="state" label="状态"><Select allowClear placeholder="全部" options={CHECKLIST_STATES.map((s) => ({ value: s, label: s }))} /></Form.Item></Col>
            {gov && <Col xs={24} md={12} xl={6}><Form.Item name="enterpriseId" label="企业"><RefSelect resource="enterprise" placeholder="请选择企业" /></Form.Item></Col>}
            <Col xs={24} md={12} xl={6}><Form.Item name="waybillNo" label="运单号"><Input allowClear /></Form.Item></Col>
            <Col flex="auto" style={{ textAlign: 'right', marginBottom: 16 }}>
              <Space><Button type="primary" htmlType="submit">查询</Button><Button onClick={() => { form.resetFields(); search({}); }}>重置</Button></Space>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card title={gov ? '核查单' : '核查单签收'}>
        <PagedTable<ChecklistRow> list={list}
          columns={[
            { title: '下发时间', dataIndex: 'issuedAt', width: 170, valueType: 'dateTime' },
            { title: '状态', dataIndex: 'state', width: 90, valueEnum: STATE_COLOR },
            ...(gov ? [{ title: '企业', dataIndex: 'enterpriseName', width: 200, ellipsis: true }] : []),
            { title: '异常规则', dataIndex: 'rule', width: 100, render: (v: string | null) => (v ? <Tag color="red">{v}</Tag> : '-') },
            { title: '运单编号', dataIndex: 'waybillNo', width: 200, render: (v: string | null) => v || '-' },
            { title: '回复期限', dataIndex: 'replyBy', width: 120, render: (v: string, r: ChecklistRow) => <Typography.Text type={r.overdue ? 'danger' : undefined}>{v}{r.overdue ? '（已逾期）' : ''}</Typography.Text> },
            { title: '核查问题', dataIndex: 'problem', width: 300, ellipsis: true },
            {
              title: '操作', key: 'op', fixed: 'right' as const, width: 100,
              render: (_: unknown, r: ChecklistRow) => <Button type="link" size="small" onClick={() => navigate(WAYBILL_ROUTES.checklistInfo(r.id))} data-testid="checklist-detail">{actionHint(r, gov)}</Button>,
            },
          ]} />
      </Card>
    </div>
  );
}

const actionHint = (r: ChecklistRow, gov: boolean) => {
  if (!gov && r.state === '待签收') return '签收';
  if (!gov && r.state === '待回复') return '回复';
  if (gov && r.state === '待审核') return '审核';
  return '详情';
};

export function ChecklistInfoPage() {
  const { uuid = '' } = useParams();
  return <ChecklistInfo key={uuid} id={uuid} />;
}

function ChecklistInfo({ id }: { id: string }) {
  const navigate = useNavigate();
  const side = useUserSide();
  const gov = side !== 'enterprise';
  const q = useQuery({ queryKey: ['waybill', 'checklist', id], queryFn: () => getChecklist(id), enabled: Boolean(id) });
  // the steps the declaration allows the user from the row's state (the server checks the same)
  const actions = useAllowedSteps(checklistFlow, q.data as ResourceRow | undefined) as ChecklistAction[];
  const [acting, setActing] = useState<ChecklistAction | null>(null);
  if (q.isLoading) return <Card><Skeleton active /></Card>;
  if (q.isError || !q.data) return <Result status="warning" title="核查单不存在或无权访问" />;
  const c: ChecklistDetail = q.data;
  const current = Math.max(0, (CHECKLIST_STATES as readonly string[]).indexOf(c.state));

  return (
    <div data-testid="checklist-info">
      <Card style={{ marginBottom: 12 }} title={<Space>核查单<Tag color={stateColor(FLOW, c.state)}>{c.state}</Tag>{c.overdue && <Tag color="red">已逾期</Tag>}</Space>}
        extra={<Space>{actions.map((a) => <Button key={a} type={a === 'return' ? 'default' : 'primary'} danger={a === 'return'} onClick={() => setActing(a)} data-testid={`checklist-${a}`}>{STEPS[a]!.label}</Button>)}</Space>}>
        <Steps size="small" current={c.state === '已办结' ? 4 : current} items={CHECKLIST_STATES.map((s) => ({ title: s }))} style={{ marginBottom: 16 }} />
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={[
          { key: 'ent', label: '企业', children: c.enterpriseName ?? '-' },
          { key: 'rule', label: '异常规则', children: c.abnormal?.rule ? <Tag color="red">{c.abnormal.rule}</Tag> : '-' },
          { key: 'issuer', label: '下发人', children: `${c.issuerName ?? ''} ${fmtTime(c.issuedAt)}` },
          { key: 'replyBy', label: '回复期限', children: <Typography.Text type={c.overdue ? 'danger' : undefined}>{c.replyBy}</Typography.Text> },
          { key: 'problem', label: '核查问题', children: <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{c.problem}</Typography.Paragraph>, span: 2 },
          ...(c.abnormal ? [{ key: 'detail', label: '异常情况', children: c.abnormal.detail, span: 2 }] : []),
          ...(c.reply ? [{ key: 'reply', label: '企业回复', children: <div><Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{c.reply}</Typography.Paragraph>{c.replyAttachments?.length ? <AttachmentLinks value={c.replyAttachments} /> : null}<Typography.Text type="secondary">{fmtTime(c.repliedAt)}</Typography.Text></div>, span: 2 }] : []),
          ...(c.opinion ? [{ key: 'opinion', label: '审核意见', children: c.opinion, span: 2 }] : []),
        ]} />
      </Card>
      {c.waybill && (
        <Card size="small" title="关联运单" style={{ marginBottom: 12 }}
          extra={<Button type="link" onClick={() => navigate(gov ? WAYBILL_ROUTES.govInfo(c.waybill!.id) : WAYBILL_ROUTES.baseInfo(c.waybill!.id))}>运单详情</Button>}>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} items={[
            { key: 'no', label: '运单编号', children: c.waybill.waybillNo ?? '-' },
            { key: 'state', label: '状态', children: <StateTag state={c.waybill.state} /> },
            { key: 'plate', label: '车牌', children: c.waybill.plateNo ?? '-' },
            { key: 'driver', label: '驾驶员', children: c.waybill.driverName ?? '-' },
            { key: 'start', label: '起运日期', children: c.waybill.startDate ?? '-' },
            { key: 'goods', label: '货物', children: c.waybill.goodsSummary ?? '-' },
          ]} />
        </Card>
      )}
      <Card size="small" title="处理过程">
        <Timeline items={c.steps.map((s) => ({
          key: s.id,
          color: s.action === '退回' ? 'red' : s.toState === '已办结' ? 'green' : 'blue',
          title: fmtTime(s.at),
          content: (
            <div>
              <Space><Typography.Text strong>{s.action}</Typography.Text>{s.userName && <Tag>{s.userName}</Tag>}<Typography.Text type="secondary">{s.fromState ? `${s.fromState} → ` : ''}{s.toState}</Typography.Text></Space>
              {s.note && <div style={{ whiteSpace: 'pre-wrap' }}>{s.note}</div>}
              {s.attachments?.length ? <AttachmentLinks value={s.attachments} /> : null}
            </div>
          ),
        }))} />
      </Card>
      {acting && <ActModal checklist={c} action={acting} label={STEPS[acting]!.label} onClose={() => setActing(null)} />}
    </div>
  );
}

function ActModal({ checklist: c, action, label, onClose }: { checklist: ChecklistDetail; action: ChecklistAction; label: string; onClose: () => void }) {
  const [form] = Form.useForm<{ text?: string; attachments?: FileRef[] }>();
  const changed = useWaybillChanged();
  const { save, saving } = useSave((body: Parameters<typeof checklistAct>[2]) => checklistAct(action, c.id, body), { success: `${label}成功`, refresh: changed, then: onClose });
  const opinion = STEPS[action]!.opinion;
  const required = !!opinion && 'required' in opinion;
  const textLabel = opinion?.label ?? '意见';
  const ok = async () => {
    const v = await valuesAfterUploads(form).catch(() => null);
    if (!v) return;
    const text = v.text?.trim();
    await save(action === 'reply'
      ? { version: c.version, reply: text, attachments: v.attachments?.length ? v.attachments : null }
      : action === 'receive' ? { version: c.version } : { version: c.version, opinion: text || null });
  };
  return (
    <Modal open title={`${label}核查单`} okText={label} cancelText="取消" confirmLoading={saving} onOk={ok} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      {action === 'receive' ? (
        <Alert type="info" showIcon title={`签收后请于${c.replyBy}前回复核查情况。`} />
      ) : (
        <Form form={form} name="checklist_act" layout="vertical">
          <Form.Item name="text" label={textLabel} rules={[...(required ? [{ required: true, whitespace: true, message: `请输入${textLabel}` }] : []), { max: 2000, message: `${textLabel}不能超过2000个字符` }]}>
            <Input.TextArea autoSize={{ minRows: 4 }} maxLength={2000} showCount />
          </Form.Item>
          {action === 'reply' && <Form.Item name="attachments" label="附件"><Upload multiple /></Form.Item>}
        </Form>
      )}
    </Modal>
  );
}
