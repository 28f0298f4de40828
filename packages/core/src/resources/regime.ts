/**
 * 安全制度与费用, API area 'aqzd': 安全生产管理制度 with staff 阅知, the 安全生产费用 ledger
 * (财资〔2022〕136号: year plans, uses, tracking — the rules in ../funds.ts), 安全管理机构, 安全生产责任书 and 奖惩 — the
 * records a transport company keeps for the annual 质量信誉 assessment and every inspection. People are picked from the
 * enterprise's staff records.
 */
import { resource, text, textarea, richText, date, datetime, number, integer, money, enumOf, dict, file, ref } from '../resource.ts';
import { POSTS } from './records.ts';

export const safetyOrg = resource({
  key: 'safetyOrg', area: 'aqzd', menu: 'organizationManager', scope: 'enterprise', table: 'regime_safety_org', labelField: 'orgName',
  defaultSort: { field: 'orderNum', order: 'asc' },
  fields: {
    orgName: text('机构名称', { required: true, max: 100, column: true, search: 'like', default: '安全生产领导小组' }),
    memberId: ref('成员', 'staff', 'name', { required: true, column: true, search: 'eq' }),
    role: enumOf('职务', ['主任', '副主任', '专职安全员', '兼职安全员', '成员'], { required: true, column: true, search: 'eq' }),
    appointDate: date('任命日期', { required: true, column: true, sort: true }),
    duties: textarea('职责', { max: 1000 }),
    appointDoc: file('任命文件', { multiple: true }),
    orderNum: integer('排序', { default: 0, column: true, sort: true }),
  },
});

export const dutyLetter = resource({
  key: 'dutyLetter', area: 'aqzd', menu: 'dutyManager', title: '安全生产责任书', scope: 'enterprise', table: 'regime_duty_letter', labelField: 'year',
  defaultSort: { field: 'signDate', order: 'desc' },
  fields: {
    year: integer('年度', { required: true, min: 2000, max: 2100, column: true, search: 'eq', sort: true }),
    staffId: ref('责任人', 'staff', 'name', { required: true, column: true, search: 'eq' }),
    post: enumOf('岗位', [...POSTS], { required: true, column: true, search: 'eq' }),
    content: textarea('责任内容', { required: true, max: 5000 }),
    signDate: date('签订日期', { required: true, column: true, search: 'range', sort: true }),
    score: number('考核得分', { min: 0, max: 100, column: true, help: '年度考核后填写，满分100' }),
    attachments: file('责任书附件', { multiple: true }),
  },
});

export const prize = resource({
  key: 'prize', area: 'aqzd', menu: 'prizeManager', scope: 'enterprise', table: 'regime_prize', labelField: 'reason',
  defaultSort: { field: 'prizeDate', order: 'desc' },
  fields: {
    staffId: ref('人员', 'staff', 'name', { required: true, column: true, search: 'eq' }),
    prizeDate: date('日期', { required: true, column: true, search: 'range', sort: true }),
    kind: enumOf('奖惩类型', ['奖励', '处罚'], { required: true, column: true, search: 'eq' }),
    reason: textarea('事由', { required: true, max: 1000, column: true }),
    amount: number('金额（元）', { min: 0, max: 1000000, precision: 2, column: true }),
    basis: text('依据', { required: true, max: 200, column: true, placeholder: '如：《安全生产考核奖惩制度》第五条' }),
    attachments: file('附件', { multiple: true }),
  },
});

/** JT/T 912-2014 道路危险货物运输企业安全生产管理制度编写要求: the ten required regimes and the operating rules */
export const REGIME_TYPES = [
  '安全生产监督检查制度', '安全培训和教育学习制度', '从业人员安全管理制度', '专用车辆管理制度', '安全设施设备（停车场）管理制度',
  '车辆卫星定位系统管理制度', '安全事故应急预案管理制度', '安全会议制度', '安全生产考核奖惩制度', '事故统计报告和处理制度', '安全生产操作规程',
] as const;
export const REGIME_STATES = ['草稿', '已发布', '已替代'] as const;

export const regimeDoc = resource({
  key: 'regimeDoc', area: 'aqzd', menu: 'workflowManager', title: '安全生产管理制度', scope: 'enterprise', table: 'regime_doc', labelField: 'title',
  defaultSort: { field: 'effectiveDate', order: 'desc' },
  actions: { publish: '发布' },
  workflow: {
    owns: ['revision', 'state', 'publishedAt', 'seriesId'],
    states: { 草稿: { color: 'default' }, 已发布: { color: 'success' }, 已替代: { color: 'warning', final: true } },
    // 发布 asks the readers and replaces the earlier published version (the step hook); 修订 is a new draft, not a step
    steps: { publish: { label: '发布', from: ['草稿'], to: '已发布', sides: ['enterprise'], elements: ['workflowManager:btn_publish'] } },
    refusal: (row, state) => `制度“${String(row.title)}”${state}`,
  },
  fields: {
    title: text('制度名称', { required: true, max: 100, column: true, search: 'like' }),
    docType: enumOf('制度类型', [...REGIME_TYPES, '其他'], { required: true, column: true, search: 'eq' }),
    revision: integer('版本', { readOnly: true, column: true, default: 1, width: 70, help: '修订时自动加一' }),
    effectiveDate: date('生效日期', { required: true, column: true, search: 'range', sort: true }),
    content: richText('正文', { required: true }),
    attachments: file('附件', { multiple: true }),
    readerPosts: enumOf('阅知岗位', [...POSTS], { multiple: true, help: '发布时请这些岗位的全部人员阅知' }),
    readerIds: ref('阅知人员', 'staff', 'name', { multiple: true, help: '发布时另请这些人员阅知' }),
    state: enumOf('状态', [...REGIME_STATES], { readOnly: true, default: '草稿', column: true, search: 'eq' }),
    publishedAt: datetime('发布时间', { readOnly: true, column: true }),
    readCount: integer('已阅', { readOnly: true, virtual: true, column: true, width: 70 }),
    readTotal: integer('应阅', { readOnly: true, virtual: true, column: true, width: 70 }),
    /** the versions of one regime share it (the first version's id) */
    seriesId: text('制度系列', { internal: true, max: 36 }),
  },
});

export const fundYear = resource({
  key: 'fundYear', area: 'aqzd', menu: 'fundsExtractManager', title: '安全费用提取计划', scope: 'enterprise', table: 'regime_fund_year', labelField: 'year',
  defaultSort: { field: 'year', order: 'desc' },
  readMenus: ['fundsUseManager', 'fundsTrackManager'],
  fields: {
    year: integer('年度', { required: true, min: 2000, max: 2100, unique: true, column: true, sort: true, search: 'eq' }),
    lastRevenue: money('上年度营业收入（元）', { required: true, column: true, help: '按上一年度营业收入计提（财资〔2022〕136号第二十四条）' }),
    carryOver: money('期初结余（元）', { default: 0, help: '仅首个登记年度填写上年末结余；以后年度自动结转上一年度年末结余' }),
    lastYearPlan: money('上年度应计提（元）', { help: '仅首个登记年度填写（上一年度应计提的安全生产费用）：月初结余达到其三倍及以上时暂停提取（第五十条）；不填则按本年应计提金额估算' }),
    rate: number('提取比例（%）', { readOnly: true, column: true, precision: 2, help: '新增时取自参数设置“安全生产费用提取比例”' }),
    yearPlan: money('本年应计提（元）', { readOnly: true, column: true }),
    accrued: money('已提取（元）', { readOnly: true, virtual: true, column: true }),
    used: money('已使用（元）', { readOnly: true, virtual: true, column: true }),
    balance: money('结余（元）', { readOnly: true, virtual: true, column: true }),
    pausedMonths: integer('暂停提取月数', { readOnly: true, virtual: true, column: true }),
    remark: textarea('备注', { max: 500 }),
    /** 第五十一条: a finished year used under 60% is explained in writing (POST /aqzd/funds/explanation writes these) */
    explanation: textarea('情况说明', { max: 2000, readOnly: true, noForm: true }),
    explanationFiles: file('情况说明附件', { multiple: true, readOnly: true, noForm: true }),
    explainedAt: datetime('情况说明提交时间', { readOnly: true, noForm: true }),
  },
});

export const fundUse = resource({
  key: 'fundUse', area: 'aqzd', menu: 'fundsUseManager', scope: 'enterprise', table: 'regime_fund_use', labelField: 'description',
  defaultSort: { field: 'useDate', order: 'desc' },
  readMenus: ['fundsTrackManager'],
  fields: {
    useDate: date('日期', { required: true, column: true, search: 'range', sort: true }),
    category: dict('类别', 'fundsUseCategory', { required: true, column: true, search: 'eq', width: 260 }),
    amount: money('金额（元）', { required: true, min: 1, max: 100_000_000_000, column: true, sort: true }),
    description: textarea('说明', { required: true, max: 500, column: true }),
    vouchers: file('凭证', { multiple: true }),
    approver: text('审批人', { required: true, max: 20, column: true, search: 'like' }),
  },
});

export const regimeResources = [regimeDoc, fundYear, fundUse, safetyOrg, dutyLetter, prize];
