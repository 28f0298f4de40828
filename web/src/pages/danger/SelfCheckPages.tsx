/**
 * 检查模板 and 企业自查: the templates' list with 开展自查 on each, the self-check records beside it;
 * a self-check page that walks the template's items (合格 / 不合格 / 不适用, a note for each failure); and the record's
 * detail, where the failed items become hazards in the check's workflow step (来源 自查, 待整改) and its timeline shows.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Modal, Radio, Row as GridRow, Select, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { CHECK_RESULTS, HAZARD_LEVELS, checkModel, dangerCheckItem, hazard, selfCheck } from '@dg/core';
import { ResourcePage, useCan, useSave } from '../../components/resource';
import { WorkflowSteps, WorkflowTimeline, baseOf, flowKey } from '../../components/workflow';
import { ResourceEditPage, ResourceInfoPage } from '../../components/resource/ResourcePages';
import { listRows, queryKeys, refreshAfterWrite, useRow } from '../../components/resource/api';
import { buildRules } from '../../components/resource/formRules';
import { formWidget } from '../../components/resource/widgets';
import type { Row } from '../../components/resource/types';
import { useUserStore } from '../../store/user';
import { useLeave, useQueryParam } from '../../utils/pageNav';
import { failedToHazards, runSelfCheck, type CheckResult } from './api';
import { DANGER_PATHS } from './paths';
import { valuesAfterUploads } from '../../components/Upload';

const TABS = { models: '检查模板', checks: '自查记录' } as const;

export function CheckModelPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'checks' ? 'checks' : 'models';
  const canRun = useCan('checkModelManager:btn_add');
  const paths = DANGER_PATHS.checkModel;
  return (
    <Tabs activeKey={tab} onChange={(k) => setParams(k === 'checks' ? { tab: k } : {})} items={[
      {
        key: 'models', label: TABS.models, children: (
          <ResourcePage resourceKey="checkModel" onAdd={() => navigate(paths.edit())} onEdit={(r) => navigate(paths.edit({ id: r.id }))} onDetail={(r) => navigate(paths.info(r.id))}
            extraActions={(row) => (canRun ? <Button type="link" size="small" onClick={() => navigate(DANGER_PATHS.selfCheck.edit({ modelId: row.id }))}>开展自查</Button> : null)} />
        ),
      },
      { key: 'checks', label: TABS.checks, children: <ResourcePage resourceKey="selfCheck" onDetail={(r) => navigate(DANGER_PATHS.selfCheck.info(r.id))} /> },
    ]} />
  );
}

export const CheckModelEdit = () => <ResourceEditPage resourceKey="checkModel" paths={DANGER_PATHS.checkModel} />;
export const CheckModelInfo = () => <ResourceInfoPage resourceKey="checkModel" paths={DANGER_PATHS.checkModel} />;

interface Answer { result: string; remark?: string }

/** 开展自查 from ?modelId=: every item of the template, 合格 unless changed */
export function SelfCheckRun() {
  const modelId = useQueryParam('modelId');
  const leave = useLeave();
  const queryClient = useQueryClient();
  const me = useUserStore((s) => s.name);
  const [form] = Form.useForm();
  const model = useRow(checkModel, modelId);
  const ids = useMemo(() => (model.data?.itemIds ?? []) as string[], [model.data]);
  const items = useQuery({
    queryKey: ['selfCheck', 'items', ids],
    queryFn: () => listRows(dangerCheckItem, { page: 1, size: 500, filters: {} }),
    enabled: ids.length > 0,
  });
  const rows = useMemo(() => {
    const byId = new Map((items.data?.content ?? []).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter(Boolean) as Row[];
  }, [ids, items.data]);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const answer = (id: string): Answer => answers[id] ?? { result: '合格' };
  const set = (id: string, a: Partial<Answer>) => setAnswers((x) => ({ ...x, [id]: { ...answer(id), ...a } }));
  const { save, saving } = useSave(runSelfCheck, {
    success: (r) => `自查完成：${r.failedCount}项不合格`,
    refresh: () => refreshAfterWrite(queryClient, 'selfCheck'),
    then: (r) => leave(DANGER_PATHS.selfCheck.info(r.id)),
  });
  if (!modelId) return <Alert type="warning" message="请从检查模板开展自查" />;
  if (model.isLoading || items.isLoading) return <Card><Skeleton active /></Card>;
  const failed = rows.filter((r) => answer(r.id).result === '不合格');
  const submit = async () => {
    let v: { checkDate: Dayjs; inspector: string; place?: string; conclusion?: string };
    try {
      v = await valuesAfterUploads(form);
    } catch {
      return;
    }
    const missing = failed.find((r) => !answer(r.id).remark?.trim());
    if (missing) { Modal.warning({ title: '请填写不合格情况', content: `“${missing.content}”为不合格，请填写情况说明` }); return; }
    await save({
      checkModelId: modelId, checkDate: v.checkDate.format('YYYY-MM-DD'), inspector: v.inspector, place: v.place ?? null, conclusion: v.conclusion ?? null,
      results: rows.map((r) => ({ itemId: r.id, result: answer(r.id).result, remark: answer(r.id).remark ?? null })),
    });
  };
  return (
    <Card title={`开展自查：${model.data?.name ?? ''}`} data-testid="self-check-run">
      <Form form={form} name="self_check" layout="vertical" disabled={saving} initialValues={{ checkDate: dayjs(), inspector: me }}>
        <GridRow gutter={16}>
          <Col xs={24} md={8}><Form.Item name="checkDate" label={selfCheck.fields.checkDate.label} rules={[{ required: true, message: '请选择检查日期' }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="inspector" label={selfCheck.fields.inspector.label} rules={[{ required: true, whitespace: true, message: '请输入检查人' }, { max: 50, message: '检查人不能超过50个字符' }]}>
            <Input maxLength={50} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="place" label={selfCheck.fields.place.label} rules={[{ max: 200, message: '检查地点不能超过200个字符' }]}>
            <Input maxLength={200} /></Form.Item></Col>
        </GridRow>
      </Form>
      <Table<Row> rowKey="id" size="small" pagination={false} dataSource={rows} style={{ marginBottom: 16 }} columns={[
        { title: '序号', width: 60, render: (_v, _r, i) => i + 1 },
        { title: '检查内容', dataIndex: 'content' },
        { title: '分类', dataIndex: 'category', width: 70 },
        { title: '分值', dataIndex: 'score', width: 70 },
        {
          title: '检查结果', width: 250, render: (_v, r) => (
            <Radio.Group value={answer(r.id).result} onChange={(e) => set(r.id, { result: e.target.value })} disabled={saving}
              options={CHECK_RESULTS.map((x) => ({ label: x, value: x }))} aria-label={`${r.content}的检查结果`} />
          ),
        },
        {
          title: '情况说明', width: 260, render: (_v, r) => (
            <Input value={answer(r.id).remark} maxLength={200} disabled={saving} placeholder={answer(r.id).result === '不合格' ? '必填：不合格情况' : ''}
              status={answer(r.id).result === '不合格' && !answer(r.id).remark?.trim() ? 'warning' : undefined}
              onChange={(e) => set(r.id, { remark: e.target.value })} aria-label={`${r.content}的情况说明`} />
          ),
        },
      ]} />
      <Form form={form} component={false}>
        <Form.Item name="conclusion" label={selfCheck.fields.conclusion.label} rules={[{ max: 1000, message: '检查结论不能超过1000个字符' }]}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
      </Form>
      <Space>
        <Button onClick={() => leave(DANGER_PATHS.checkModel.list)}>返回</Button>
        <Button type="primary" loading={saving} onClick={submit}>提交检查结果（{failed.length}项不合格）</Button>
      </Space>
    </Card>
  );
}

const RESULT_COLOR: Record<string, string> = { 合格: 'success', 不合格: 'error', 不适用: 'default' };

export function SelfCheckInfo() {
  const navigate = useNavigate();
  return (
    <ResourceInfoPage resourceKey="selfCheck" paths={DANGER_PATHS.selfCheck} title="自查记录详情"
      extra={(row) => <WorkflowSteps def={selfCheck} row={row} forms={[{ steps: ['toHazards'], render: (r) => <ToHazardsButton row={r} /> }]} />}>
      {(row) => (
        <>
          <Table<CheckResult> rowKey="itemId" size="small" pagination={false} style={{ marginTop: 16 }} title={() => '检查结果'}
            dataSource={(row.results ?? []) as CheckResult[]} columns={[
              { title: '序号', width: 60, render: (_v, _r, i) => i + 1 },
              { title: '检查内容', dataIndex: 'content' },
              { title: '分类', dataIndex: 'category', width: 70 },
              { title: '检查依据', dataIndex: 'basis' },
              { title: '分值', dataIndex: 'score', width: 70 },
              { title: '检查结果', dataIndex: 'result', width: 90, render: (v: string) => <Tag color={RESULT_COLOR[v]}>{v}</Tag> },
              { title: '情况说明', dataIndex: 'remark' },
              { title: '隐患', dataIndex: 'hazardId', width: 90, render: (v?: string | null) => (v ? <Button type="link" size="small" onClick={() => navigate(DANGER_PATHS.hazardRegister.info(v))}>查看隐患</Button> : '') },
            ]} />
          <WorkflowTimeline base={baseOf(selfCheck)} id={row.id} />
        </>
      )}
    </ResourceInfoPage>
  );
}

const RESPONSIBLE = { ...hazard.fields.responsibleId };
const DEADLINE = { ...hazard.fields.deadline };

/** 不合格项转隐患 (shown where the workflow allows it): its dialog asks 整改责任人, 整改期限 and 隐患等级 */
function ToHazardsButton({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const left = ((row.results ?? []) as CheckResult[]).filter((r) => r.result === '不合格' && !r.hazardId);
  const { save, saving } = useSave((body: Record<string, unknown>) => failedToHazards(row.id, body), {
    success: (r) => `已生成${r.hazards.length}条隐患（待整改）`,
    refresh: async (r) => {
      queryClient.setQueryData(queryKeys.info('selfCheck', row.id), r.check);
      await queryClient.invalidateQueries({ queryKey: flowKey(baseOf(selfCheck), row.id) });
      await refreshAfterWrite(queryClient, 'selfCheck', 'hazard');
    },
    then: () => setOpen(false),
  });
  if (!left.length) return null;
  const ok = async () => {
    let v: { responsibleId: string; deadline: Dayjs; level: string };
    try {
      v = await valuesAfterUploads(form);
    } catch {
      return;
    }
    await save({ version: row.version, responsibleId: v.responsibleId, deadline: v.deadline.format('YYYY-MM-DD'), level: v.level });
  };
  return (
    <>
      <Button type="primary" danger onClick={() => setOpen(true)}>不合格项转隐患（{left.length}）</Button>
      <Modal open={open} title="不合格项转隐患" okText="生成隐患" cancelText="取消" confirmLoading={saving} onOk={ok} onCancel={() => setOpen(false)} destroyOnHidden>
        <p>{left.map((r) => r.content).join('；')}</p>
        <Form form={form} name="to_hazards" layout="vertical" initialValues={{ level: '一般', deadline: dayjs().add(7, 'day') }}>
          <Form.Item name="responsibleId" label={RESPONSIBLE.label} rules={buildRules(RESPONSIBLE)}>{formWidget(RESPONSIBLE)}</Form.Item>
          <Form.Item name="deadline" label={DEADLINE.label} rules={buildRules(DEADLINE)}>{formWidget(DEADLINE)}</Form.Item>
          <Form.Item name="level" label="隐患等级" rules={[{ required: true, message: '请选择隐患等级' }]}>
            <Select options={HAZARD_LEVELS.map((x) => ({ label: x, value: x }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
