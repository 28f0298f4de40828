/**
 * 安全考核 (API area 'aqkh'): the government's yearly 质量信誉 assessment of transport enterprises. 考核指标 and 考核模型
 * (indicators with weights adding up to the model's total) and 考核组 (members and a leader) are the ground; 考核下发
 * issues a period's assessment to the chosen enterprises; each enterprise's 考核记录 then runs the workflow declared
 * here: self-assessment with evidence → the group's scores → the leader's confirmation → 发布. The arithmetic is
 * ../assessment.ts; the steps are routes of server/src/modules/assessment.
 */
import { resource, text, textarea, date, datetime, number, integer, enumOf, ref, bool, json, region, dict } from '../resource.ts';
import type { WorkflowDef } from '../workflow.ts';
import { ASSESS_GRADES } from '../assessment.ts';

/** the categories of the shipped 1000-point 质量信誉 model, with their points */
export const ASSESS_CATEGORIES = [
  { name: '运输安全', weight: 300 }, { name: '经营行为', weight: 200 }, { name: '服务质量', weight: 150 },
  { name: '社会责任', weight: 150 }, { name: '企业管理', weight: 200 },
] as const;

export const assessIndicator = resource({
  key: 'assessIndicator', area: 'aqkh', menu: 'assessIndicatorManager', readMenus: ['assessModelManager'], scope: 'none',
  table: 'assess_indicator', labelField: 'name', writableBy: ['government', 'platform'], defaultSort: { field: 'orderNum', order: 'asc' },
  fields: {
    category: enumOf('指标类别', ASSESS_CATEGORIES.map((c) => c.name), { required: true, column: true, search: 'eq', max: 10 }),
    name: text('指标名称', { required: true, max: 100, column: true, search: 'like' }),
    maxScore: number('满分', { required: true, min: 0.1, max: 1000, digits: 5, precision: 1, column: true }),
    rule: textarea('评分规则', { required: true, max: 1000 }),
    evidence: textarea('佐证要求', { max: 500 }),
    orderNum: integer('排序', { default: 0, column: true, sort: true }),
  },
});

export const assessModel = resource({
  key: 'assessModel', area: 'aqkh', menu: 'assessModelManager', readMenus: ['assessIssueManager'], scope: 'none',
  table: 'assess_model', labelField: 'name', writableBy: ['government', 'platform'], actions: { copy: '复制为新版本' },
  fields: {
    name: text('模型名称', { required: true, max: 100, column: true, search: 'like' }),
    modelVersion: integer('版本', { required: true, min: 1, default: 1, column: true }),
    totalScore: integer('总分', { required: true, min: 1, max: 10000, default: 1000, column: true }),
    items: json('指标及权重', { required: true }),
    remark: textarea('说明', { max: 500 }),
  },
});

export const assessGroup = resource({
  key: 'assessGroup', area: 'aqkh', menu: 'assessGroupManager', readMenus: ['assessIssueManager'], scope: 'org',
  table: 'assess_group', labelField: 'name', writableBy: ['government'],
  fields: {
    name: text('考核组名称', { required: true, max: 100, column: true, search: 'like' }),
    leaderName: text('组长', { required: true, max: 50, column: true, help: '填写本单位政府端用户的姓名或账户' }),
    memberNames: text('组员', { required: true, max: 500, column: true, help: '本单位政府端用户的姓名或账户，以逗号分隔' }),
    regionCode: region('所属地区', { readOnly: true, anyLevel: true, column: true }),
    leaderId: text('组长ID', { readOnly: true, internal: true, max: 36 }),
    memberIds: json('组员ID', { readOnly: true, internal: true }),
    remark: textarea('说明', { max: 500 }),
  },
});

export const TASK_STATES = ['草稿', '已下发'] as const;

export const assessTask = resource({
  key: 'assessTask', area: 'aqkh', menu: 'assessIssueManager', scope: 'org', table: 'assess_task', labelField: 'name',
  writableBy: ['government'], actions: { issue: '下发' }, defaultSort: { field: 'deadline', order: 'desc' },
  workflow: {
    owns: ['state', 'enterpriseCount', 'issuedAt'],
    states: { 草稿: { color: 'default' }, 已下发: { color: 'processing', final: true } },
    steps: { issue: { label: '下发', from: ['草稿'], to: '已下发', sides: ['government'], elements: ['assessIssueManager:btn_edit'], confirm: '下发后各企业开始自评，不能再修改。确定下发？' } },
  },
  fields: {
    name: text('考核名称', { required: true, max: 100, column: true, search: 'like' }),
    year: integer('考核年度', { required: true, min: 2000, max: 2100, column: true, search: 'eq', sort: true }),
    modelId: ref('考核模型', 'assessModel', 'name', { required: true, column: true }),
    groupId: ref('考核组', 'assessGroup', 'name', { required: true, column: true }),
    regionCode: region('考核地区', { required: true, anyLevel: true, column: true, help: '该地区内的企业（须在本单位辖区内）' }),
    businessScope: dict('经营范围', 'businessScope', { multiple: true, help: '不选则不限；选择后只考核经营范围含其中任一项的企业' }),
    enterpriseIds: ref('考核企业', 'enterprise', 'name', { multiple: true, help: '不选则为该地区（及所选经营范围）的全部企业' }),
    deadline: date('自评截止日期', { required: true, column: true, search: 'range', sort: true }),
    state: enumOf('状态', [...TASK_STATES], { readOnly: true, default: '草稿', column: true, search: 'eq' }),
    enterpriseCount: integer('考核企业数', { readOnly: true, column: true }),
    issuedAt: datetime('下发时间', { readOnly: true }),
  },
});

export const ASSESS_STATES = ['待自评', '自评中', '已提交', '已评分', '已确认', '已发布'] as const;
export type AssessState = (typeof ASSESS_STATES)[number];

/** the scores a step takes, per indicator of the assessment: [{ indicatorId, selfScore, evidence, selfRemark, groupScore, opinion }] */
const ASSESS_ITEMS_INPUT = json('各项指标的得分');

export const assessmentWorkflow = {
  owns: ['taskId', 'enterpriseId', 'year', 'modelId', 'groupId', 'deadline', 'state', 'late', 'items', 'selfTotal', 'groupTotal', 'grade',
    'submittedAt', 'scoredAt', 'confirmedAt', 'publishedAt', 'confirmOpinion'],
  states: {
    待自评: { color: 'default' }, 自评中: { color: 'processing' }, 已提交: { color: 'blue' }, 已评分: { color: 'purple' },
    已确认: { color: 'gold' }, 已发布: { color: 'success', final: true },
  },
  steps: {
    save: { label: '保存草稿', from: ['待自评', '自评中'], to: '自评中', sides: ['enterprise'], elements: ['assessRecordManager:btn_edit'], inputs: { items: ASSESS_ITEMS_INPUT } },
    submit: {
      label: '提交自评', from: ['待自评', '自评中'], to: '已提交', sides: ['enterprise'], elements: ['assessRecordManager:btn_edit'], inputs: { items: ASSESS_ITEMS_INPUT },
      confirm: '提交后不能再修改自评。确定提交？',
    },
    // past the deadline the group scores without a self-assessment (the module checks the date)
    score: { label: '评分', from: ['已提交', '待自评', '自评中'], to: '已评分', sides: ['government'], elements: ['assessRecordManager:btn_edit'], inputs: { items: ASSESS_ITEMS_INPUT } },
    confirm: { label: '确认', action: '组长确认', from: ['已评分'], to: '已确认', sides: ['government'], elements: ['assessRecordManager:btn_edit'], opinion: { optional: true, label: '确认意见' } },
    publish: { label: '发布', from: ['已确认'], to: '已发布', sides: ['government'], elements: ['assessResultManager:btn_publish'], confirm: '发布后结果不能再修改，企业可查看。确定发布？' },
  },
  refusal: (_row, state, label) => `考核当前为${state}，不能${label}`,
} as const satisfies WorkflowDef;

/** one enterprise's assessment of one period: its self-assessment, the group's scores, its total and grade */
export const assessment = resource({
  key: 'assessment', area: 'aqkh', menu: 'assessRecordManager', readMenus: ['assessResultManager'], pickMenus: ['assessBorrowManager'], scope: 'enterprise',
  table: 'assessment', labelField: 'title', readOnly: true, defaultSort: { field: 'deadline', order: 'desc' },
  workflow: assessmentWorkflow,
  fields: {
    title: text('考核名称', { readOnly: true, max: 100, column: true, search: 'like' }),
    taskId: ref('考核下发', 'assessTask', 'name', { readOnly: true, search: 'eq' }),
    enterpriseId: ref('企业', 'enterprise', 'name', { readOnly: true, column: true, search: 'eq' }),
    regionCode: region('所在地区', { readOnly: true, anyLevel: true, column: true, search: true }),
    year: integer('考核年度', { readOnly: true, column: true, search: 'eq', sort: true }),
    modelId: ref('考核模型', 'assessModel', 'name', { readOnly: true }),
    groupId: ref('考核组', 'assessGroup', 'name', { readOnly: true }),
    deadline: date('自评截止日期', { readOnly: true, column: true, search: 'range', sort: true }),
    state: enumOf('状态', [...ASSESS_STATES], { readOnly: true, default: '待自评', column: true, search: 'eq' }),
    late: bool('逾期', { readOnly: true, default: false, column: true, search: 'eq', alarm: true, help: '截止日期前未提交自评' }),
    selfTotal: number('自评总分', { readOnly: true, digits: 6, precision: 1, column: true }),
    groupTotal: number('考核得分', { readOnly: true, digits: 6, precision: 1, column: true, sort: true }),
    grade: enumOf('考核等级', [...ASSESS_GRADES], { readOnly: true, column: true, search: 'eq', max: 4 }),
    items: json('考核明细', { readOnly: true, ownView: true }),
    submittedAt: datetime('自评提交时间', { readOnly: true }),
    scoredAt: datetime('评分时间', { readOnly: true }),
    confirmedAt: datetime('确认时间', { readOnly: true }),
    confirmOpinion: textarea('确认意见', { readOnly: true, max: 500 }),
    publishedAt: datetime('发布时间', { readOnly: true, column: true }),
  },
});

export const assessmentResources = [assessIndicator, assessModel, assessGroup, assessTask, assessment];
