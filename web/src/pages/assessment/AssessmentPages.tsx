/**
 * 安全考核's screens. The lists are the generic ResourcePage of each definition; the bespoke parts are the model's
 * indicators and weights, 下发, the assessment itself (the enterprise's scores and evidence, the group's scores and
 * opinions beside them, confirmation, 发布), the history of every step and 考核统计. Which buttons show comes from the
 * workflow declared on the definition (allowedSteps); the server checks the same.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { BORROW_MAX_DAYS, allowedSteps, assessIndicator, assessTask, assessment, assessmentWorkflow, assessModel, rectBorrow, categoryWeights, itemPoints, modelWeightsRefusal, stateColor, totalOf, type StepDef } from '@dg/core';
import { ResourcePage, useCan, useSave, AttachmentLinks, formatDateTime } from '../../components/resource';
import { listRows, refreshAfterWrite, useRow, addRow, updateRow } from '../../components/resource/api';
import { useUserSide } from '../../components/resource/permission';
import type { Row } from '../../components/resource/types';
import Upload, { valuesAfterUploads } from '../../components/Upload';
import ExportButton from '../../components/ExportButton';
import Chart from '../../views/dashboard/Chart';
import '../../views/dashboard/basicCharts.ts';
import { WorkflowTimeline, useStepWrite } from '../../components/workflow';
import { ASSESS_PATHS, addAssessBorrow, copyModel, getAssessStat, issueTask, publishResult, readAssessBorrow, stepAssessBorrow, stepAssessment, type AssessItem, type AssessStep, type BorrowStep } from './api';


const GRADES = ['AAA', 'AA', 'A', 'B'] as const;
const GRADE_COLORS: Record<string, string> = { AAA: 'green', AA: 'blue', A: 'gold', B: 'red' };
const StateTag = ({ row }: { row: Row }) => (
  <Space size={4}>
    <Tag color={stateColor(assessmentWorkflow, row.state)}>{String(row.state ?? '')}</Tag>
    {row.late === true && <Tag color="error">逾期</Tag>}
  </Space>
);

// 考核模型: the indicators it weighs and their weights, which add up to its total
interface ModelLine { indicatorId: string; weight: number | null }

function ModelEditor({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; modelVersion: number; totalScore: number; remark?: string; lines: ModelLine[] }>();
  const indicators = useQuery({ queryKey: ['assessIndicator', 'all'], queryFn: () => listRows(assessIndicator, { page: 1, size: 100 }) });
  const rows: Row[] = useMemo(() => indicators.data?.content ?? [], [indicators.data]);
  const lines = Form.useWatch('lines', form) ?? [];
  const total = Form.useWatch('totalScore', form) ?? 1000;
  const chosen = lines.filter((l) => l?.weight);
  const named = chosen.map((l) => ({ ...l, name: String(rows.find((r) => r.id === l.indicatorId)?.name ?? ''), category: String(rows.find((r) => r.id === l.indicatorId)?.category ?? ''), weight: Number(l.weight) }));
  const refusal = modelWeightsRefusal(Number(total), named);
  const { save, saving } = useSave(async (v: { name: string; modelVersion: number; totalScore: number; remark?: string; lines: ModelLine[] }) => {
    const items = v.lines.filter((l) => l.weight).map((l) => ({ indicatorId: l.indicatorId, weight: l.weight }));
    const body = { name: v.name, modelVersion: v.modelVersion, totalScore: v.totalScore, remark: v.remark ?? null, items };
    return row ? updateRow(assessModel, { ...body, id: row.id, version: row.version as number }) : addRow(assessModel, body);
  }, { success: () => '考核模型已保存', refresh: () => refreshAfterWrite(queryClient, 'assessModel'), then: onClose });
  const initial = useMemo(() => {
    const items = (row?.items ?? []) as { indicatorId: string; weight: number }[];
    return { name: row?.name as string, modelVersion: (row?.modelVersion as number) ?? 1, totalScore: Number(row?.totalScore ?? 1000), remark: row?.remark as string,
      lines: rows.map((r) => ({ indicatorId: r.id, weight: items.find((i) => i.indicatorId === r.id)?.weight ?? null })) };
  }, [row, rows]);
  if (indicators.isLoading) return <Modal open title="考核模型" footer={null} onCancel={onClose}><Skeleton active /></Modal>;
  return (
    <Modal open width={860} title={row ? '编辑考核模型' : '新增考核模型'} okText="保存" cancelText="取消" confirmLoading={saving} onCancel={onClose}
      onOk={async () => save(await valuesAfterUploads(form))} destroyOnHidden>
      <Form form={form} layout="inline" initialValues={initial} name="assessModel" style={{ marginBottom: 12 }}>
        <Form.Item name="name" label="模型名称" rules={[{ required: true, message: '请输入模型名称' }]}><Input maxLength={100} style={{ width: 220 }} /></Form.Item>
        <Form.Item name="modelVersion" label="版本" rules={[{ required: true, message: '请输入版本' }]}><InputNumber min={1} precision={0} /></Form.Item>
        <Form.Item name="totalScore" label="总分" rules={[{ required: true, message: '请输入总分' }]}><InputNumber min={1} max={10000} precision={0} /></Form.Item>
        <Form.List name="lines">{() => (
          <Table size="small" rowKey="id" pagination={false} style={{ width: '100%', marginTop: 12 }} scroll={{ y: 360 }} dataSource={rows}
            columns={[
              { title: '类别', dataIndex: 'category', width: 90 },
              { title: '指标', dataIndex: 'name' },
              { title: '满分', dataIndex: 'maxScore', width: 70 },
              { title: '权重（分）', width: 130, render: (_v, _r, i) => (
                <><Form.Item name={[i, 'indicatorId']} hidden><Input /></Form.Item>
                  <Form.Item name={[i, 'weight']} noStyle><InputNumber min={0} precision={1} placeholder="不选" style={{ width: 110 }} /></Form.Item></>) },
            ]} />
        )}</Form.List>
      </Form>
      <Space wrap>
        {categoryWeights(named).map((c) => <Tag key={c.category}>{c.category} {c.weight}</Tag>)}
        <Typography.Text type={refusal ? 'danger' : 'success'} data-testid="model-weights">{refusal ?? `权重合计${totalOf(named.map((n) => n.weight))}分`}</Typography.Text>
      </Space>
    </Modal>
  );
}

export function ModelPage() {
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const queryClient = useQueryClient();
  const canAdd = useCan('assessModelManager:btn_add');
  const { save: copy } = useSave((r: Row) => copyModel(r.id), { success: (r) => `已复制为“${r.name}”第${r.modelVersion}版`, refresh: () => refreshAfterWrite(queryClient, 'assessModel') });
  return (
    <>
      <ResourcePage resourceKey="assessModel" onAdd={() => setEditing(null)} onEdit={(r) => setEditing(r)}
        extraActions={(r) => canAdd && <Button type="link" size="small" onClick={() => copy(r)}>复制为新版本</Button>} />
      {editing !== undefined && <ModelEditor row={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

// 考核下发
function IssueButton({ row }: { row: Row }) {
  const { save, saving } = useStepWrite(assessTask, (r: Row) => issueTask(r.id, r.version as number));
  return (
    <Popconfirm title="下发" description="下发后各企业开始自评，不能再修改。确定下发？" okText="下发" cancelText="取消" onConfirm={() => save(row)}>
      <Button type="link" size="small" loading={saving}>下发</Button>
    </Popconfirm>
  );
}

export function IssuePage() {
  const navigate = useNavigate();
  const canIssue = useCan('assessIssueManager:btn_edit');
  return (
    <ResourcePage resourceKey="assessTask" rowEditable={(r) => r.state === '草稿'}
      extraActions={(r) => (
        <>
          {canIssue && r.state === '草稿' && <IssueButton row={r} />}
          {r.state === '已下发' && <Button type="link" size="small" onClick={() => navigate(ASSESS_PATHS.history(r.id, 'assessTask'))}>处理记录</Button>}
        </>
      )} />
  );
}

// 考核记录 and 考核结果
export function RecordPage() {
  const navigate = useNavigate();
  return <ResourcePage resourceKey="assessment" onDetail={(r) => navigate(ASSESS_PATHS.info(r.id))}
    extraActions={(r) => <Button type="link" size="small" onClick={() => navigate(ASSESS_PATHS.info(r.id))}>{r.state === '已发布' ? '查看' : '办理'}</Button>} />;
}

function PublishButton({ row, link }: { row: Row; link?: boolean }) {
  const { save, saving } = useStepWrite(assessment, (r: Row) => publishResult(r.id, r.version as number));
  return (
    <Popconfirm title="发布" description="发布后结果不能再修改，企业可查看。确定发布？" okText="发布" cancelText="取消" onConfirm={() => save(row)}>
      <Button type={link ? 'link' : 'primary'} size={link ? 'small' : undefined} loading={saving}>发布</Button>
    </Popconfirm>
  );
}

export function ResultPage() {
  const navigate = useNavigate();
  const side = useUserSide();
  const canPublish = useCan('assessResultManager:btn_publish');
  return <ResourcePage resourceKey="assessment" title="考核结果" noWrite
    fixedFilters={side === 'enterprise' ? { state: '已发布' } : undefined}
    columns={['title', 'enterpriseId', 'regionCode', 'year', 'state', 'groupTotal', 'grade', 'publishedAt']}
    onDetail={(r) => navigate(ASSESS_PATHS.info(r.id))}
    extraActions={(r) => canPublish && r.state === '已确认' && <PublishButton row={r} link />} />;
}

/** one assessment: the items with the enterprise's and the group's columns, the step the user may take now, the history */
export function AssessmentInfo() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const side = useUserSide() ?? 'enterprise';
  const has = useCan();
  const row = useRow(assessment, id, { fresh: true });
  const [form] = Form.useForm<{ items: Partial<AssessItem>[]; opinion?: string }>();
  const { save, saving } = useStepWrite(assessment, async (a: { step: AssessStep; r: Row }) => {
    const v = await valuesAfterUploads(form);
    const items = ((a.r.items ?? []) as AssessItem[]).map((it, i) => ({ indicatorId: it.indicatorId, ...(v.items?.[i] ?? {}) }));
    return stepAssessment(a.step, a.r.id, { version: a.r.version as number, opinion: v.opinion ?? null, items });
  });
  if (row.isLoading || !row.data) return <Card><Skeleton active /></Card>;
  const r = row.data;
  const items = (r.items ?? []) as AssessItem[];
  const steps = allowedSteps(assessmentWorkflow, r, side, has).filter((s) => s !== 'publish') as AssessStep[];
  const selfing = steps.includes('submit');
  const scoring = steps.includes('score');
  const initial = { items: items.map((it) => ({ selfScore: it.selfScore, evidence: it.evidence, selfRemark: it.selfRemark, groupScore: it.groupScore, opinion: it.opinion })) };
  const stepDef = (s: AssessStep) => assessmentWorkflow.steps[s] as StepDef;
  return (
    <Card title={String(r.title ?? '考核')} extra={<Space><Button onClick={() => navigate(-1)}>返回</Button><Button onClick={() => navigate(ASSESS_PATHS.history(r.id, 'assessment'))}>处理记录</Button></Space>}>
      <Descriptions bordered size="small" column={3} items={[
        { label: '企业', children: String(r.enterpriseIdLabel ?? '') },
        { label: '考核年度', children: String(r.year ?? '') },
        { label: '状态', children: <StateTag row={r} /> },
        { label: '自评截止日期', children: String(r.deadline ?? '') },
        { label: '自评总分', children: String(r.selfTotal ?? '-') },
        { label: '考核得分', children: <span data-testid="group-total">{String(r.groupTotal ?? '-')}</span> },
        { label: '考核等级', children: r.grade ? <Tag color={GRADE_COLORS[String(r.grade)]} data-testid="grade">{String(r.grade)}</Tag> : '-' },
        { label: '发布时间', children: r.publishedAt ? formatDateTime(r.publishedAt) : '-' },
      ]} />
      {r.late === true && r.state !== '已发布' && <Alert style={{ marginTop: 12 }} type="warning" showIcon message="截止日期前未提交自评：考核组可以不经自评直接评分" />}
      <Form form={form} name="assessment" initialValues={initial} disabled={saving} key={`${r.id}-${r.version}`}>
        <Form.List name="items">{() => (
          <Table size="small" style={{ marginTop: 16 }} rowKey="indicatorId" pagination={false} dataSource={items} data-testid="assess-items"
            columns={[
              { title: '类别', dataIndex: 'category', width: 80 },
              { title: '指标', dataIndex: 'name' },
              { title: '满分', dataIndex: 'maxScore', width: 60 },
              { title: '权重', dataIndex: 'weight', width: 60 },
              { title: '自评得分', width: 120, render: (_v, it, i) => selfing
                ? <Form.Item name={[i, 'selfScore']} noStyle><InputNumber min={0} max={it.maxScore} precision={1} style={{ width: 100 }} aria-label={`${it.name}自评得分`} /></Form.Item>
                : it.selfScore ?? '-' },
              { title: '佐证材料', width: 200, render: (_v, it, i) => selfing
                ? <Form.Item name={[i, 'evidence']} noStyle><Upload multiple maxCount={10} /></Form.Item>
                : <AttachmentLinks value={it.evidence} /> },
              { title: '考核组评分', width: 120, render: (_v, it, i) => scoring
                ? <Form.Item name={[i, 'groupScore']} noStyle><InputNumber min={0} max={it.maxScore} precision={1} style={{ width: 100 }} aria-label={`${it.name}考核组评分`} /></Form.Item>
                : it.groupScore ?? '-' },
              { title: '折算得分', width: 90, render: (_v, it) => (it.groupScore ?? null) === null ? '-' : itemPoints(Number(it.groupScore), Number(it.maxScore), Number(it.weight)) },
              { title: '评分意见', width: 180, render: (_v, it, i) => scoring
                ? <Form.Item name={[i, 'opinion']} noStyle><Input maxLength={500} aria-label={`${it.name}评分意见`} /></Form.Item>
                : it.opinion ?? '' },
            ]} />
        )}</Form.List>
        {steps.includes('confirm') && <Form.Item name="opinion" label="确认意见" style={{ marginTop: 12 }}><Input.TextArea rows={2} maxLength={500} /></Form.Item>}
      </Form>
      <Space style={{ marginTop: 16 }}>
        {steps.map((s) => {
          const d = stepDef(s);
          const button = <Button key={s} type={s === 'save' ? 'default' : 'primary'} loading={saving} onClick={d.confirm ? undefined : () => save({ step: s, r })}>{d.label}</Button>;
          return d.confirm ? <Popconfirm key={s} title={d.label} description={d.confirm} okText="确定" cancelText="取消" onConfirm={() => save({ step: s, r })}>{button}</Popconfirm> : button;
        })}
        {has('assessResultManager:btn_publish') && side === 'government' && r.state === '已确认' && <PublishButton row={r} />}
      </Space>
      <WorkflowTimeline base="/aqkh/assessment" id={r.id} />
    </Card>
  );
}

/** /safetyManager/assessIssueManager/infoManager/{businessId}/{businessType}: who took each step and when */
export function HistoryPage() {
  const { businessId = '', businessType = 'assessment' } = useParams();
  const navigate = useNavigate();
  const base = businessType === 'assessTask' ? '/aqkh/assessTask' : '/aqkh/assessment';
  return (
    <Card title={businessType === 'assessTask' ? '考核下发处理记录' : '考核处理记录'} extra={<Button onClick={() => navigate(-1)}>返回</Button>}>
      <WorkflowTimeline base={base} id={businessId} card={false} />
    </Card>
  );
}

// 考核统计
export function StatPage() {
  const [year, setYear] = useState<number | undefined>();
  const canExport = useCan('assessStatManager:btn_export');
  const stat = useQuery({ queryKey: ['assessStat', year], queryFn: () => getAssessStat(year) });
  const s = stat.data;
  const bar = useMemo(() => s && ({
    tooltip: { trigger: 'axis' }, legend: { data: [...GRADES] },
    xAxis: { type: 'category', data: s.byCity.map((c) => c.city) }, yAxis: { type: 'value', minInterval: 1 },
    series: GRADES.map((g) => ({ name: g, type: 'bar', stack: 'g', data: s.byCity.map((c) => c[g]) })),
  }), [s]);
  const trend = useMemo(() => s && ({
    tooltip: { trigger: 'axis' }, legend: { data: [...GRADES] },
    xAxis: { type: 'category', data: s.trend.map((t) => String(t.year)) }, yAxis: { type: 'value', minInterval: 1 },
    series: GRADES.map((g) => ({ name: g, type: 'line', data: s.trend.map((t) => t[g]) })),
  }), [s]);
  return (
    <Card title="考核统计" extra={<Space>
      <Select style={{ width: 120 }} placeholder="考核年度" value={year ?? s?.year} onChange={setYear} options={(s?.years ?? []).map((y) => ({ value: y, label: `${y}年` }))} aria-label="考核年度" />
      {canExport && <ExportButton url="/aqkh/assessStat/export" body={{ year: year ?? s?.year ? String(year ?? s?.year) : undefined }} fileName={`${s?.year ?? ''}年考核等级统计.xlsx`} />}
    </Space>}>
      {stat.isLoading || !s ? <Skeleton active /> : (
        <>
          <Typography.Title level={5}>{s.year}年各地市考核等级</Typography.Title>
          {bar && <Chart option={bar} testId="assess-stat-city" />}
          <Table size="small" rowKey="regionCode" pagination={false} dataSource={s.byCity} data-testid="assess-stat-table"
            columns={[{ title: '地市', dataIndex: 'city' }, ...GRADES.map((g) => ({ title: g, dataIndex: g })), { title: '合计', dataIndex: 'total' }]} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>历年趋势</Typography.Title>
          {trend && <Chart option={trend} testId="assess-stat-trend" />}
        </>
      )}
    </Card>
  );
}

// 档案借阅 of published assessments
function BorrowRequest({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ assessmentId: string; purpose: string; until: Dayjs }>();
  const archives = useQuery({ queryKey: ['assessment', 'published'], queryFn: () => listRows(assessment, { page: 1, size: 100, filters: { state: '已发布' } }) });
  const { save, saving } = useSave((v: { assessmentId: string; purpose: string; until: Dayjs }) => addAssessBorrow({ assessmentId: v.assessmentId, purpose: v.purpose, until: v.until.format('YYYY-MM-DD') }),
    { success: () => '借阅申请已提交', refresh: () => refreshAfterWrite(queryClient, 'rectBorrow'), then: onClose });
  return (
    <Modal open title="申请借阅考核档案" okText="提交" cancelText="取消" confirmLoading={saving} onCancel={onClose} onOk={async () => save(await form.validateFields())} destroyOnHidden>
      <Form form={form} layout="vertical" name="assessBorrow">
        <Form.Item name="assessmentId" label="考核档案" rules={[{ required: true, message: '请选择考核档案' }]}>
          <Select showSearch optionFilterProp="label" loading={archives.isLoading}
            options={(archives.data?.content ?? []).map((r) => ({ value: r.id, label: `${String(r.enterpriseIdLabel ?? '')} · ${String(r.title)}（${String(r.grade ?? '')}）` }))} />
        </Form.Item>
        <Form.Item name="purpose" label="借阅用途" rules={[{ required: true, whitespace: true, message: '请输入借阅用途' }]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
        <Form.Item name="until" label="借阅截止日期" rules={[{ required: true, message: '请选择借阅截止日期' }]} extra={`最长${BORROW_MAX_DAYS}天`}>
          <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(BORROW_MAX_DAYS, 'day'), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function BorrowDecision({ row, onClose }: { row: Row; onClose: () => void }) {
  const [opinion, setOpinion] = useState('');
  const { save, saving } = useStepWrite(rectBorrow, (step: BorrowStep) => stepAssessBorrow(step, row.id, { version: row.version as number, opinion: opinion.trim() || null }), onClose);
  return (
    <Modal open title="审批借阅申请" onCancel={onClose} footer={<Space><Button onClick={onClose}>取消</Button>
      <Button danger loading={saving} onClick={() => save('reject')}>驳回</Button><Button type="primary" loading={saving} onClick={() => save('approve')}>批准</Button></Space>}>
      <Descriptions size="small" column={1} items={[{ label: '考核档案', children: String(row.assessmentIdLabel ?? '') }, { label: '企业', children: String(row.enterpriseIdLabel ?? '') },
        { label: '借阅用途', children: String(row.purpose ?? '') }, { label: '借阅截止日期', children: String(row.until ?? '') }, { label: '申请人', children: String(row.applicant ?? '') }]} />
      <Input.TextArea style={{ marginTop: 12 }} rows={3} maxLength={500} placeholder="审批意见（驳回时必填）" value={opinion} onChange={(e) => setOpinion(e.target.value)} aria-label="审批意见" />
    </Modal>
  );
}

function BorrowedArchive({ id, onClose }: { id: string; onClose: () => void }) {
  const navigate = useNavigate();
  const rec = useQuery({ queryKey: ['assessBorrow', 'read', id], queryFn: () => readAssessBorrow(id) });
  const r = rec.data;
  return (
    <Modal open title="借阅的考核档案" footer={null} onCancel={onClose} width={640}>
      {!r ? <Skeleton active /> : (
        <Descriptions bordered size="small" column={2} data-testid="borrowed-archive" items={[
          { label: '考核', children: String(r.title ?? '') }, { label: '企业', children: String(r.enterpriseIdLabel ?? '') },
          { label: '考核得分', children: String(r.groupTotal ?? '') }, { label: '考核等级', children: <Tag color={GRADE_COLORS[String(r.grade)]}>{String(r.grade ?? '')}</Tag> },
          { label: '明细', children: <Button type="link" size="small" onClick={() => navigate(ASSESS_PATHS.info(r.id))}>查看考核明细</Button> },
        ]} />
      )}
    </Modal>
  );
}

export function BorrowPage() {
  const side = useUserSide();
  const queryClient = useQueryClient();
  const canAdd = useCan('assessBorrowManager:btn_add');
  const canApprove = useCan('assessBorrowManager:btn_approve');
  const canReturn = useCan('assessBorrowManager:btn_return');
  const [adding, setAdding] = useState(false);
  const [deciding, setDeciding] = useState<Row | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const { save: giveBack } = useSave((r: Row) => stepAssessBorrow('giveBack', r.id, { version: r.version as number }),
    { success: () => '已归还', refresh: () => refreshAfterWrite(queryClient, 'rectBorrow') });
  return (
    <>
      <ResourcePage resourceKey="rectBorrow" title="考核档案借阅" noWrite fixedFilters={{ archiveKind: '考核档案' }}
        columns={['assessmentId', 'enterpriseId', 'purpose', 'until', 'state', 'readable', 'applicant']}
        toolbarExtra={canAdd && <Button type="primary" onClick={() => setAdding(true)}>申请借阅</Button>}
        extraActions={(r) => (
          <>
            {r.readable === true && <Button type="link" size="small" onClick={() => setReading(r.id)}>查阅</Button>}
            {canApprove && side === 'government' && r.state === '待审批' && <Button type="link" size="small" onClick={() => setDeciding(r)}>审批</Button>}
            {canReturn && r.state === '已批准' && (
              <Popconfirm title="归还" description="归还后不能再查阅该考核档案。确定归还？" okText="归还" cancelText="取消" onConfirm={() => giveBack(r)}>
                <Button type="link" size="small">归还</Button>
              </Popconfirm>
            )}
          </>
        )} />
      {adding && <BorrowRequest onClose={() => setAdding(false)} />}
      {deciding && <BorrowDecision row={deciding} onClose={() => setDeciding(null)} />}
      {reading && <BorrowedArchive id={reading} onClose={() => setReading(null)} />}
    </>
  );
}
