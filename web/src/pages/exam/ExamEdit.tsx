/**
 * 考试管理's editor (/learningManager/exemManagerAdd, /learningManager/exemManagerEdit/{uuid}): the exam definition's
 * fields, widgets and checks, laid out as the task is thought through — 基本信息, 试卷 (per type how many questions
 * and their score, the 总分 as it is typed, and how many questions of each type the bank holds for the chosen 科目),
 * 考生. A count above what the bank holds is refused here, with the words the server uses when it refuses to 发布
 * such an exam. The server checks everything again; its 40001 refusal (`字段：说明`) is shown on the field it names.
 */
import { useEffect, useMemo } from 'react';
import { Button, Card, Col, Form, InputNumber, Result, Row as GridRow, Skeleton, Space, Table, Typography, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PLAN_TYPES, totalScore, type PaperPlan, type QuestionType } from '@dg/core';
import { useSave } from '../../components/resource';
import { addRow, getRow, listRows, queryKeys, refreshAfterWrite, requireResource, updateRow } from '../../components/resource/api';
import { buildRules } from '../../components/resource/formRules';
import { defaultValues, formFields, toFormValues, toPayload, type FormField } from '../../components/resource/payload';
import { formWidget } from '../../components/resource/widgets';
import type { Row } from '../../components/resource/types';
import { RequestError } from '../../api/request';
import { useLeave } from '../../utils/pageNav';
import { EXAM_PATHS } from './api';

const BASIC = ['title', 'subjectId', 'startAt', 'endAt', 'duration', 'passScore', 'maxAttempts', 'remark'];
const CANDIDATES = ['candidatePosts', 'candidateStaffIds'];
const countField = (k: keyof PaperPlan) => `${k}Count`;
const scoreField = (k: keyof PaperPlan) => `${k}Score`;

/** the plan as typed (empty boxes count as 0) */
const planOf = (values: Record<string, unknown>): PaperPlan => Object.fromEntries(PLAN_TYPES.map(([k]) =>
  [k, { count: Number(values[countField(k)] ?? 0) || 0, score: Number(values[scoreField(k)] ?? 0) || 0 }])) as unknown as PaperPlan;

/** the subject's questions in the bank, per type (the 题库 list's totals: the same data scope as the draw) */
function useBankCounts(subjectId: unknown) {
  const question = requireResource('question');
  return useQuery({
    queryKey: ['exam', 'bank', subjectId],
    enabled: typeof subjectId === 'string' && subjectId !== '',
    queryFn: async () => Object.fromEntries(await Promise.all(PLAN_TYPES.map(async ([, type]) =>
      [type, (await listRows(question, { page: 1, size: 1, filters: { subjectId: subjectId as string, type } })).total] as const))) as Record<QuestionType, number>,
  });
}

/** a server refusal `字段：说明` on the field whose label it names; true when one was found */
function showOnField(form: FormInstance, fields: FormField[], e: unknown): boolean {
  if (!(e instanceof RequestError) || e.status !== 40001) return false;
  const [head, ...rest] = e.message.split('：');
  const f = fields.find(({ fd }) => fd.label === head);
  if (!f || !rest.length) return false;
  form.setFields([{ name: f.name, errors: [rest.join('：')] }]);
  form.scrollToField(f.name);
  return true;
}

export default function ExamEdit() {
  const { uuid = '' } = useParams();
  return <ExamForm key={uuid} id={uuid} />;
}

function ExamForm({ id }: { id: string }) {
  const def = requireResource('exam');
  const editing = Boolean(id);
  const [form] = Form.useForm();
  const leave = useLeave();
  const queryClient = useQueryClient();
  const fields = useMemo(() => formFields(def, editing ? 'update' : 'add'), [def, editing]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const current = useQuery({ queryKey: queryKeys.info(def.key, id), queryFn: () => getRow(def, id), enabled: editing, staleTime: 0 });
  useEffect(() => {
    if (editing) { if (current.data) form.setFieldsValue(toFormValues(fields, current.data)); return; }
    form.setFieldsValue(defaultValues(fields));
  }, [editing, current.data, fields, form]);

  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const bank = useBankCounts(values?.subjectId);
  // counts typed before the bank's figures came (or before the subject changed) are checked again against them
  useEffect(() => {
    if (bank.data) void form.validateFields(PLAN_TYPES.map(([k]) => countField(k)).filter((n) => form.isFieldTouched(n) || editing)).catch(() => {});
  }, [bank.data, form, editing]);
  const plan = planOf(values ?? {});
  const total = totalScore(plan);

  const { save, saving } = useSave(
    (body: Record<string, unknown>) => (editing ? updateRow(def, { ...body, id, version: current.data?.version }) : addRow(def, body)),
    {
      success: editing ? '更新成功' : '创建成功',
      refresh: async (saved) => {
        queryClient.setQueryData(queryKeys.info(def.key, saved.id), saved);
        await refreshAfterWrite(queryClient, def.key);
      },
      then: () => leave(EXAM_PATHS.manager),
      failed: (e) => { showOnField(form, fields, e); },
    },
  );
  const submit = async () => {
    try { await form.validateFields(); } catch { return; }
    await save(toPayload(fields, form.getFieldsValue(true)));
  };

  if (editing && current.isLoading) return <Card><Skeleton active /></Card>;
  if (editing && current.isError) return <Result status="warning" title="数据不存在或无权访问" />;
  const data = current.data as Row | undefined;

  const item = (name: string, span: 'third' | 'wide' = 'third') => {
    const f = byName.get(name);
    if (!f) return null;
    const wide = span === 'wide' || f.fd.type === 'textarea' || (f.fd.type === 'ref' && f.fd.multiple);
    return (
      <Col key={name} xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
        <Form.Item name={name} label={f.fd.label} rules={f.disabled ? undefined : buildRules(f.fd)} extra={f.fd.help} validateFirst>
          {formWidget(f.fd, { disabled: f.disabled, labels: data?.[`${name}Label`] })}
        </Form.Item>
      </Col>
    );
  };
  const cell = (name: string, more: Rule[] = []) => {
    const f = byName.get(name)!;
    return (
      <Form.Item name={name} rules={[...buildRules(f.fd), ...more]} style={{ marginBottom: 0 }} validateFirst>
        <InputNumber min={0} precision={f.fd.type === 'integer' ? 0 : 1} style={{ width: 120 }} aria-label={f.fd.label} disabled={f.disabled} />
      </Form.Item>
    );
  };
  const available = (type: QuestionType) => bank.data?.[type];
  const notMoreThanBank = (type: QuestionType): Rule => ({
    validator: async (_, v) => {
      const n = available(type);
      if (n !== undefined && Number(v ?? 0) > n) throw new Error(`题库中该科目的${type}题只有${n}道，不足${Number(v)}道`);
    },
  });

  return (
    <Card title={editing ? '编辑考试' : '新增考试'} data-testid="exam-edit">
      <Form form={form} name="exam_edit" layout="vertical" disabled={saving} scrollToFirstError>
        <Typography.Title level={5}>基本信息</Typography.Title>
        <GridRow gutter={16}>{BASIC.map((n) => item(n))}</GridRow>

        <Typography.Title level={5}>试卷</Typography.Title>
        <GridRow gutter={16}>{item('paperMode')}</GridRow>
        <Table<{ key: keyof PaperPlan; type: QuestionType }> size="small" pagination={false} rowKey="key" data-testid="exam-plan" style={{ marginBottom: 16 }}
          dataSource={PLAN_TYPES.map(([key, type]) => ({ key, type }))}
          columns={[
            { title: '题型', dataIndex: 'type', width: 90 },
            { title: '题库可用', key: 'bank', width: 110, render: (_, r) => (values?.subjectId ? (bank.isLoading ? '…' : `${available(r.type) ?? '—'}道`) : '请先选择科目') },
            { title: '数量', key: 'count', render: (_, r) => cell(countField(r.key), [notMoreThanBank(r.type)]) },
            { title: '每题分值', key: 'score', render: (_, r) => cell(scoreField(r.key)) },
            { title: '小计', key: 'sum', width: 100, render: (_, r) => `${Math.round(plan[r.key].count * plan[r.key].score * 10) / 10}分` },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}><Typography.Text strong>总分</Typography.Text></Table.Summary.Cell>
              <Table.Summary.Cell index={1}><Typography.Text strong data-testid="exam-total">{Math.round(total * 10) / 10}分</Typography.Text></Table.Summary.Cell>
            </Table.Summary.Row>
          )} />

        <Typography.Title level={5}>考生</Typography.Title>
        <GridRow gutter={16}>{CANDIDATES.map((n) => item(n, 'wide'))}</GridRow>
      </Form>
      <Space>
        <Button onClick={() => leave(EXAM_PATHS.manager)}>返回</Button>
        <Button type="primary" loading={saving} onClick={submit}>保存</Button>
      </Space>
    </Card>
  );
}

