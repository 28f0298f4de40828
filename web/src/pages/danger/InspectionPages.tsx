/**
 * 安全检查 (/safetyCheck/checkplanEdit, checkplanInfo, checkplanApprovalEdit, checkEdit,
 * checkInfo): plans with 提交审批, the approval screen (another officer than the planner approves; the approval draws the
 * enterprises with a seed generated then, so no draw is shown before it), the check records and the form that records a
 * check (a failed item or a problem issues a 整改通知).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Input, Radio, Row as GridRow, Skeleton, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { CHECK_RESULTS, checkPlan, checkRecord, rectNotice } from '@dg/core';
import { ResourceDetail, ResourcePage, useCan } from '../../components/resource';
import { ResourceEditPage, ResourceInfoPage } from '../../components/resource/ResourcePages';
import { useRow } from '../../components/resource/api';
import { valuesAfterUploads } from '../../components/Upload';
import { buildRules } from '../../components/resource/formRules';
import { formWidget } from '../../components/resource/widgets';
import type { Row } from '../../components/resource/types';
import { useLeave, useQueryParam } from '../../utils/pageNav';
import { drawOf, recordCheck } from './api';
import { Decision, WorkflowState, WorkflowSteps, WorkflowTimeline, baseOf, useAllowedSteps, useStepWrite, useWorkflowStep } from '../../components/workflow';
import { INSPECTION_PATHS as PATHS } from './paths';

const planItems = (plan?: Row) => String(plan?.checkItems ?? '').split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
/** a check record's state (a record has no steps of its own to declare: it is filled in once, by its own route) */

/** a plan's allowed steps (its workflow in core decides): 提交审批 asks its question; 审批 opens the approval's form */
function PlanSteps({ row, link = false }: { row: Row; link?: boolean }) {
  const navigate = useNavigate();
  const approve = (r: Row, small: boolean) => <Button type={small ? 'link' : 'primary'} size={small ? 'small' : undefined} onClick={() => navigate(PATHS.planApproval(r.id))}>审批</Button>;
  return <WorkflowSteps def={checkPlan} row={row} link={link} forms={[{ steps: ['pass', 'reject'], render: approve }]} />;
}
const editablePlan = (r: Row) => r.state === '草稿' || r.state === '已驳回';

export function CheckPlanList() {
  const navigate = useNavigate();
  return (
    <ResourcePage resourceKey="checkPlan" rowEditable={editablePlan} onAdd={() => navigate(PATHS.planEdit())} onEdit={(r) => navigate(PATHS.planEdit(r.id))}
      onDetail={(r) => navigate(PATHS.planInfo(r.id))} extraActions={(row) => <PlanSteps row={row} link />} />
  );
}

export function CheckPlanApprovalList() {
  const navigate = useNavigate();
  return (
    <ResourcePage resourceKey="checkPlan" title="计划审批" noWrite fixedFilters={{ state: ['待审批', '已通过', '已驳回'] }} onDetail={(r) => navigate(PATHS.planInfo(r.id))}
      extraActions={(row) => <PlanSteps row={row} link />} />
  );
}

const PLAN_PATHS = { list: '/safetyCheck/checkPlanManager', base: '/safetyCheck', edit: (q?: Record<string, string>) => PATHS.planEdit(q?.id), info: (id: string) => PATHS.planInfo(id) };
export const CheckPlanEdit = () => <ResourceEditPage resourceKey="checkPlan" paths={PLAN_PATHS} />;

/** the enterprises an approved plan drew; before approval there is no draw to show (the seed is generated at approval) */
function DrawnEnterprises({ plan }: { plan: Row }) {
  const approved = plan.state === '已通过';
  const drawn = useQuery({ queryKey: ['checkPlan', 'draw', plan.id, plan.version], queryFn: () => drawOf(plan.id), enabled: approved });
  if (!approved) {
    return <Alert type="info" showIcon style={{ marginTop: 16 }} data-testid="plan-drawn" title="审批通过时生成随机种子，按抽查比例从检查地区内符合条件的企业中随机抽取；审批须由制定计划以外的工作人员办理。" />;
  }
  return (
    <Card size="small" style={{ marginTop: 16 }} title={`抽中的企业（${drawn.data?.length ?? '…'}家）`} data-testid="plan-drawn">
      {drawn.isLoading ? <Skeleton active /> : (
        <Table rowKey="id" size="small" pagination={{ pageSize: 10, hideOnSinglePage: true }} dataSource={drawn.data ?? []}
          columns={[{ title: '序号', width: 60, render: (_v, _r, i) => i + 1 }, { title: '企业名称', dataIndex: 'name' }]} />
      )}
    </Card>
  );
}

export function CheckPlanInfo() {
  return (
    <ResourceInfoPage resourceKey="checkPlan" paths={PLAN_PATHS} editable={editablePlan}
      extra={(row) => <><WorkflowState def={checkPlan} row={row} /><PlanSteps row={row} /></>}>
      {(row) => <><DrawnEnterprises plan={row} /><WorkflowTimeline base={baseOf(checkPlan)} id={row.id} /></>}
    </ResourceInfoPage>
  );
}

/** one row of a resource by `?id=`, fresh */
function useRowParam(def: typeof checkPlan | typeof checkRecord) {
  const id = useQueryParam('id');
  const row = useRow(def, id, { fresh: true });
  return { id, row };
}

export function CheckPlanApprovalEdit() {
  const { id, row } = useRowParam(checkPlan);
  const leave = useLeave();
  const allowed = useAllowedSteps(checkPlan, row.data);
  const { save, saving } = useWorkflowStep(checkPlan, (saved) => leave(PATHS.planInfo(saved.id)));
  if (!id || row.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  return (
    <Card title="检查计划审批" data-testid="plan-approval" extra={<WorkflowState def={checkPlan} row={row.data} />}>
      <ResourceDetail resourceKey="checkPlan" id={id} row={row.data} />
      <DrawnEnterprises plan={row.data} />
      <Decision name="plan_approval" label="审批意见" saving={saving} yes={allowed.includes('pass') ? '通过并抽取企业' : undefined} no={allowed.includes('reject') ? '驳回' : undefined}
        onBack={() => leave(PATHS.approvalList)} onDecide={(yes, opinion) => save({ step: yes ? 'pass' : 'reject', row: row.data!, body: { opinion } })} />
    </Card>
  );
}

export function CheckRecordList() {
  const navigate = useNavigate();
  const canRecord = useCan('checkRecordManager:btn_edit');
  return (
    <ResourcePage resourceKey="checkRecord" onDetail={(r) => navigate(PATHS.recordInfo(r.id))}
      extraActions={(row) => (canRecord && row.state === '待检查' ? <Button type="link" size="small" onClick={() => navigate(PATHS.recordEdit(row.id))}>检查</Button> : null)} />
  );
}

interface Answer { result: string; remark?: string }
const NOTICE_DEADLINE = rectNotice.fields.deadline;
const PHOTOS = { ...checkRecord.fields.photos, readOnly: false };

/** 填写检查记录: each item of the plan, the problems seen; failures need the notice's deadline and requirements */
export function CheckRecordEdit() {
  const { id, row } = useRowParam(checkRecord);
  const plan = useRow(checkPlan, String(row.data?.planId ?? ''));
  const items = useMemo(() => planItems(plan.data), [plan.data]);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [form] = Form.useForm();
  const leave = useLeave();
  const { save, saving } = useStepWrite(checkRecord, (body: Record<string, unknown>) => recordCheck(id, body), (saved) => leave(PATHS.recordInfo(saved.id)));
  const problems = Form.useWatch('problems', form) as string | undefined;
  if (!id || row.isLoading || plan.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  if (row.data.state !== '待检查') return <Alert type="info" message={`检查记录“${row.data.recordNo}”已填写`} />;
  const answer = (item: string): Answer => answers[item] ?? { result: '合格' };
  const set = (item: string, a: Partial<Answer>) => setAnswers((x) => ({ ...x, [item]: { ...answer(item), ...a } }));
  const failed = items.filter((i) => answer(i).result === '不合格');
  const issues = failed.length > 0 || Boolean(problems?.trim());
  const submit = async () => {
    let v: { checkDate: Dayjs; inspectors: string; problems?: string; photos?: unknown; deadline?: Dayjs; requirements?: string };
    try {
      v = await valuesAfterUploads(form);
    } catch {
      return;
    }
    await save({
      version: row.data!.version, checkDate: v.checkDate.format('YYYY-MM-DD'), inspectors: v.inspectors, problems: v.problems ?? null, photos: v.photos ?? [],
      results: items.map((item) => ({ item, result: answer(item).result, remark: answer(item).remark ?? null })),
      ...(issues ? { deadline: v.deadline?.format('YYYY-MM-DD'), requirements: v.requirements } : {}),
    });
  };
  return (
    <Card title={`检查记录：${String(row.data.enterpriseIdLabel ?? '')}`} data-testid="check-record-edit">
      <Form form={form} name="check_record" layout="vertical" disabled={saving} initialValues={{ checkDate: dayjs(), inspectors: row.data.inspectors, deadline: dayjs().add(15, 'day') }}>
        <GridRow gutter={16}>
          <Col xs={24} md={8}><Form.Item name="checkDate" label="检查日期" rules={[{ required: true, message: '请选择检查日期' }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} /></Form.Item></Col>
          <Col xs={24} md={16}><Form.Item name="inspectors" label="检查人员" rules={[{ required: true, whitespace: true, message: '请输入检查人员' }, { max: 200, message: '检查人员不能超过200个字符' }]}>
            <Input maxLength={200} /></Form.Item></Col>
        </GridRow>
        <Table<string> rowKey={(i) => i} size="small" pagination={false} dataSource={items} style={{ marginBottom: 16 }} columns={[
          { title: '序号', width: 60, render: (_v, _r, i) => i + 1 },
          { title: '检查内容', render: (_v, item) => item },
          { title: '检查结果', width: 250, render: (_v, item) => (
            <Radio.Group value={answer(item).result} onChange={(e) => set(item, { result: e.target.value })} disabled={saving}
              options={CHECK_RESULTS.map((x) => ({ label: x, value: x }))} aria-label={`${item}的检查结果`} />
          ) },
          { title: '情况说明', width: 280, render: (_v, item) => (
            <Input value={answer(item).remark} maxLength={200} disabled={saving} placeholder={answer(item).result === '不合格' ? '必填：不合格情况' : ''}
              onChange={(e) => set(item, { remark: e.target.value })} aria-label={`${item}的情况说明`} />
          ) },
        ]} />
        <Form.Item name="problems" label="存在问题" rules={[{ max: 2000, message: '存在问题不能超过2000个字符' }]}><Input.TextArea rows={2} maxLength={2000} /></Form.Item>
        <Form.Item name="photos" label={PHOTOS.label}>{formWidget(PHOTOS)}</Form.Item>
        {issues && (
          <Card size="small" title="整改通知（有不合格项或问题时下发）" style={{ marginBottom: 16 }}>
            <GridRow gutter={16}>
              <Col xs={24} md={8}><Form.Item name="deadline" label={NOTICE_DEADLINE.label} rules={buildRules(NOTICE_DEADLINE)}>{formWidget(NOTICE_DEADLINE)}</Form.Item></Col>
              <Col xs={24} md={16}><Form.Item name="requirements" label="整改要求" rules={[{ required: true, whitespace: true, message: '请输入整改要求' }, { max: 2000, message: '整改要求不能超过2000个字符' }]}>
                <Input.TextArea rows={2} maxLength={2000} /></Form.Item></Col>
            </GridRow>
          </Card>
        )}
      </Form>
      <Space>
        <Button onClick={() => leave(PATHS.recordList)}>返回</Button>
        <Button type="primary" loading={saving} onClick={submit}>{issues ? `保存并下发整改通知（${failed.length}项不合格）` : '保存检查记录'}</Button>
      </Space>
    </Card>
  );
}

const RESULT_COLOR: Record<string, string> = { 合格: 'success', 不合格: 'error', 不适用: 'default' };
const RECORD_PATHS = { list: '/safetyCheck/checkRecordManager', base: '/safetyCheck', edit: (q?: Record<string, string>) => PATHS.recordEdit(q?.id ?? ''), info: (id: string) => PATHS.recordInfo(id) };

export function CheckRecordInfo() {
  const navigate = useNavigate();
  return (
    <ResourceInfoPage resourceKey="checkRecord" paths={RECORD_PATHS} extra={(row) => (
      <>
        <WorkflowState def={checkRecord} row={row} />
        {Boolean(row.noticeId) && <Button onClick={() => navigate(PATHS.notice(String(row.noticeId), 'info'))}>查看整改通知</Button>}
      </>
    )}>
      {(row) => (
        <Table<{ item: string; result: string; remark: string | null }> rowKey="item" size="small" pagination={false} style={{ marginTop: 16 }} title={() => '检查结果'}
          dataSource={(row.results ?? []) as { item: string; result: string; remark: string | null }[]} columns={[
            { title: '序号', width: 60, render: (_v, _r, i) => i + 1 },
            { title: '检查内容', dataIndex: 'item' },
            { title: '检查结果', dataIndex: 'result', width: 90, render: (v: string) => <Tag color={RESULT_COLOR[v]}>{v}</Tag> },
            { title: '情况说明', dataIndex: 'remark' },
          ]} />
      )}
    </ResourceInfoPage>
  );
}
