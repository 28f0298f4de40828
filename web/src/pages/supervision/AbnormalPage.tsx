/**
 * 异常运单 (abnormalWaybillManager, 政): waybills found by the rules (超载, 超经营范围, 超适装介质,
 * 资质过期, 无押运员, 在途超时, 疑似无运单运输 by 数据融合) and reported by hand. List by rule with 详情
 * (/waybillManager/infoManager/info1?id=), 手工上报 and 下发核查单.
 */
import { useMemo, useState } from 'react';
import {
  Alert, Button, Card, Col, DatePicker, Descriptions, Empty, Form, Input, Modal, Result, Row, Select, Skeleton, Space, Table, Tag, Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { stateColor } from '@dg/core';
import { ABNORMAL_RULES, checklistFlow } from '@dg/core/waybill';
import RefSelect from '../../components/RefSelect';
import { useFeedback } from '../../components/resource/feedback';
import { WaybillDetailView } from '../waybill/WaybillDetail';
import { fmtTime, useQueryParam, useWaybillChanged, WAYBILL_ROUTES } from '../waybill/common';
import type { Abnormal, AbnormalRow, Checklist } from '@dg/core';
import { getAbnormal, issueChecklist, listAbnormal, reportAbnormal } from './api';
import { useCan, useSave } from '../../components/resource';
import PagedTable, { usePagedList } from '../../components/resource/PagedTable';
import { dayRange, textValues, useFormFollows } from '../../components/resource/useListState';
import { valuesAfterUploads } from '../../components/Upload';

export const ABNORMAL_STATUSES = ['待处理', '已下发核查单', '已办结'];
const STATUS_COLOR: Record<string, string> = { 待处理: 'red', 已下发核查单: 'orange', 已办结: 'green' };

interface Search { rule?: string; status?: string; enterpriseId?: string; foundAt?: [Dayjs | null, Dayjs | null] | null; waybillNo?: string }

export interface AbnormalPageProps {
  /** 基础信息查询 › 异常运单: the same findings, read only (no 手工上报, no 核查单) */
  readOnly?: boolean;
  /** the detail's route (default: 运单监管's) */
  infoPath?: (id: string) => string;
}

export default function AbnormalPage({ readOnly, infoPath = WAYBILL_ROUTES.abnormalInfo }: AbnormalPageProps = {}) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Search>();
  const list = usePagedList<AbnormalRow>('abnormal', {
    queryKey: ({ page, size, filters }) => ['waybill', 'abnormal', { page, size, filters }],
    request: ({ page, size, filters }) => listAbnormal({ page, size, filters }),
  });
  const { filters } = list;
  useFormFollows(form, useMemo(() => ({ ...textValues(filters, ['rule', 'status', 'enterpriseId', 'waybillNo']), foundAt: dayRange(filters.foundAt) }), [filters]));
  const [reporting, setReporting] = useState(false);
  const [issuing, setIssuing] = useState<AbnormalRow | null>(null);
  const canReport = useCan('abnormalWaybillManager:btn_add') && !readOnly;
  const canIssue = useCan('abnormalWaybillManager:btn_checklist') && !readOnly;

  const search = (v: Search) => {
    const f: Record<string, unknown> = {
      rule: v.rule || undefined, status: v.status || undefined, enterpriseId: v.enterpriseId || undefined, waybillNo: v.waybillNo?.trim() || undefined,
      foundAt: v.foundAt && (v.foundAt[0] || v.foundAt[1]) ? [v.foundAt[0]?.format('YYYY-MM-DD') ?? null, v.foundAt[1]?.format('YYYY-MM-DD') ?? null] : undefined,
    };
    list.search(Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined)));
  };

  return (
    <div data-testid="abnormal-page">
      <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
        <Form form={form} name="abnormal_search" onFinish={search} labelCol={{ flex: '80px' }} wrapperCol={{ flex: '1 1 0' }}>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={6}><Form.Item name="rule" label="异常规则"><Select allowClear placeholder="全部规则" options={ABNORMAL_RULES.map((r) => ({ value: r, label: r }))} /></Form.Item></Col>
            <Col xs={24} md={12} xl={6}><Form.Item name="status" label="处理状态"><Select allowClear placeholder="全部" options={ABNORMAL_STATUSES.map((r) => ({ value: r, label: r }))} /></Form.Item></Col>
            <Col xs={24} md={12} xl={6}><Form.Item name="enterpriseId" label="企业"><RefSelect resource="enterprise" placeholder="请选择企业" /></Form.Item></Col>
            <Col xs={24} md={12} xl={6}><Form.Item name="foundAt" label="发现日期"><DatePicker.RangePicker style={{ width: '100%' }} /></Form.Item></Col>
            <Col xs={24} md={12} xl={6}><Form.Item name="waybillNo" label="运单号"><Input allowClear placeholder="运单编号" /></Form.Item></Col>
            <Col flex="auto" style={{ textAlign: 'right', marginBottom: 16 }}>
              <Space><Button type="primary" htmlType="submit">查询</Button><Button onClick={() => { form.resetFields(); search({}); }}>重置</Button></Space>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card title="异常运单" extra={canReport && <Button type="primary" icon={<PlusOutlined />} onClick={() => setReporting(true)}>手工上报</Button>}>
        <PagedTable<AbnormalRow> list={list}
          columns={[
            { title: '发现时间', dataIndex: 'foundAt', width: 170, valueType: 'dateTime' },
            { title: '状态', dataIndex: 'status', width: 120, valueEnum: STATUS_COLOR },
            { title: '异常规则', dataIndex: 'rule', width: 110, render: (v: string) => <Tag color="red">{v}</Tag> },
            { title: '异常情况', dataIndex: 'detail', width: 360, ellipsis: true },
            { title: '运单编号', dataIndex: 'waybillNo', width: 200, render: (v) => v || '-' },
            { title: '车牌', dataIndex: 'plateNo', width: 110, render: (v) => v || '-' },
            { title: '企业', dataIndex: 'enterpriseName', width: 200, ellipsis: true, render: (v) => v || '-' },
            { title: '来源', dataIndex: 'source', width: 80 },
            {
              title: '操作', key: 'op', fixed: 'right', width: 210,
              render: (_, r) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => navigate(infoPath(r.id))}>详情</Button>
                  {canIssue && r.status === '待处理' && r.enterpriseId && <Button type="link" size="small" onClick={() => setIssuing(r)}>下发核查单</Button>}
                  {r.checklistId && !readOnly && <Button type="link" size="small" onClick={() => navigate(WAYBILL_ROUTES.checklistInfo(r.checklistId!))}>核查单</Button>}
                </Space>
              ),
            },
          ]} />
      </Card>
      {reporting && <ReportModal onClose={() => setReporting(false)} />}
      {issuing && <IssueModal abnormal={issuing} onClose={() => setIssuing(null)} />}
    </div>
  );
}

function ReportModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ waybillNo?: string; enterpriseId?: string; plateNo?: string; detail: string }>();
  const { message } = useFeedback();
  const changed = useWaybillChanged();
  const { save, saving } = useSave(reportAbnormal, { success: '已上报', refresh: changed, then: onClose });
  const ok = async () => {
    const v = await valuesAfterUploads(form).catch(() => null);
    if (!v) return;
    if (!v.waybillNo?.trim() && !v.enterpriseId) { message.warning('请选择运单或所属企业'); return; }
    await save({ waybillNo: v.waybillNo?.trim() || null, enterpriseId: v.enterpriseId || null, plateNo: v.plateNo?.trim() || null, detail: v.detail.trim() });
  };
  return (
    <Modal open title="手工上报异常运单" okText="上报" cancelText="取消" confirmLoading={saving} onOk={ok} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      <Form form={form} name="abnormal_report" layout="vertical">
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="填写运单编号，或选择企业并填写车牌（无运单运输等）" />
        <Form.Item name="waybillNo" label="运单编号" rules={[{ pattern: /^\d{20}$/, message: '运单编号为20位数字' }]}><Input maxLength={20} /></Form.Item>
        <Row gutter={12}>
          <Col span={14}><Form.Item name="enterpriseId" label="所属企业"><RefSelect resource="enterprise" /></Form.Item></Col>
          <Col span={10}><Form.Item name="plateNo" label="车牌号码"><Input maxLength={12} /></Form.Item></Col>
        </Row>
        <Form.Item name="detail" label="异常情况" rules={[{ required: true, whitespace: true, message: '请输入异常情况' }, { max: 1000, message: '异常情况不能超过1000个字符' }]}>
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function IssueModal({ abnormal, onClose }: { abnormal: Abnormal; onClose: () => void }) {
  const [form] = Form.useForm<{ problem: string; replyBy: Dayjs }>();
  const changed = useWaybillChanged();
  const { save, saving } = useSave(issueChecklist, { success: '核查单已下发，等待企业签收', refresh: changed, then: onClose });
  const ok = async () => {
    const v = await valuesAfterUploads(form).catch(() => null);
    if (!v) return;
    await save({ abnormalId: abnormal.id, problem: v.problem.trim(), replyBy: v.replyBy.format('YYYY-MM-DD') });
  };
  return (
    <Modal open title="下发核查单" okText="下发" cancelText="取消" confirmLoading={saving} onOk={ok} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} items={[
        { key: 'rule', label: '异常规则', children: <Tag color="red">{abnormal.rule}</Tag> },
        { key: 'ent', label: '企业', children: abnormal.enterpriseName ?? '-' },
        { key: 'no', label: '运单编号', children: abnormal.waybillNo ?? '-' },
      ]} />
      <Form form={form} name="checklist_issue" layout="vertical" initialValues={{ problem: `${abnormal.rule}：${abnormal.detail}。请核实情况并说明整改措施。`, replyBy: dayjs().add(7, 'day') }}>
        <Form.Item name="problem" label="核查问题" rules={[{ required: true, whitespace: true, message: '请输入核查问题' }, { max: 2000, message: '核查问题不能超过2000个字符' }]}>
          <Input.TextArea autoSize={{ minRows: 4 }} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="replyBy" label="回复期限" rules={[{ required: true, message: '请选择回复期限' }]}>
          <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /waybillManager/infoManager/info1?id=: the finding, its checklists, and the waybill. 基础信息查询 passes the id
 * from its own route and reads only: the checklists are listed without their 核查单 screen.
 */
export function AbnormalInfoPage({ id: given, readOnly }: { id?: string; readOnly?: boolean } = {}) {
  const fromQuery = useQueryParam('id');
  const id = given ?? fromQuery;
  const navigate = useNavigate();
  const canIssue = useCan('abnormalWaybillManager:btn_checklist') && !readOnly;
  const [issuing, setIssuing] = useState(false);
  const q = useQuery({ queryKey: ['waybill', 'abnormalInfo', id], queryFn: () => getAbnormal(id), enabled: Boolean(id) });
  if (!id) return <Result status="warning" title="缺少参数" />;
  if (q.isLoading) return <Card><Skeleton active /></Card>;
  if (q.isError || !q.data) return <Result status="warning" title="异常运单不存在或无权访问" />;
  const { abnormal: a, waybill, checklists } = q.data;
  return (
    <div data-testid="abnormal-info">
      <Card style={{ marginBottom: 12 }} title={<Space>异常运单<Tag color="red">{a.rule}</Tag><Tag color={STATUS_COLOR[a.status]}>{a.status}</Tag></Space>}
        extra={canIssue && a.status === '待处理' && a.enterpriseId && <Button type="primary" onClick={() => setIssuing(true)}>下发核查单</Button>}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} items={[
          { key: 'found', label: '发现时间', children: fmtTime(a.foundAt) },
          { key: 'source', label: '来源', children: a.source },
          { key: 'ent', label: '企业', children: a.enterpriseName ?? '-' },
          { key: 'no', label: '运单编号', children: a.waybillNo ?? '-' },
          { key: 'plate', label: '车牌', children: a.plateNo ?? '-' },
          { key: 'reporter', label: '上报人', children: a.reporterName ?? '-' },
          { key: 'detail', label: '异常情况', children: <Typography.Text type="danger">{a.detail}</Typography.Text>, span: 3 },
        ]} />
      </Card>
      <Card size="small" title="核查单" style={{ marginBottom: 12 }}>
        {checklists.length ? (
          <Table<Checklist> size="small" rowKey="id" pagination={false} dataSource={checklists} columns={[
            { title: '下发时间', dataIndex: 'issuedAt', width: 170, render: fmtTime },
            { title: '核查问题', dataIndex: 'problem', ellipsis: true },
            { title: '回复期限', dataIndex: 'replyBy', width: 110 },
            { title: '状态', dataIndex: 'state', width: 90, render: (v: string) => <Tag color={stateColor(checklistFlow.workflow, v)}>{v}</Tag> },
            ...(readOnly ? [] : [{ title: '操作', key: 'op', width: 80, render: (_: unknown, r: Checklist) => <Button type="link" size="small" onClick={() => navigate(WAYBILL_ROUTES.checklistInfo(r.id))}>详情</Button> }]),
          ]} />
        ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未下发核查单" />}
      </Card>
      {waybill ? <WaybillDetailView detail={waybill} gov /> : <Card size="small"><Empty description="无关联运单（无运单运输或运单不在辖区内）" /></Card>}
      {issuing && <IssueModal abnormal={a} onClose={() => setIssuing(false)} />}
    </div>
  );
}
