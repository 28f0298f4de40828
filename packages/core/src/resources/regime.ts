/**
 * 安全制度与费用 (MODULES.md §6), API area 'aqzd': 安全管理机构, 安全生产责任书 and 奖惩 — the records a transport company
 * keeps for the annual 质量信誉 assessment and every inspection. People are picked from the enterprise's staff records.
 */
import { resource, text, textarea, date, number, integer, enumOf, file, ref } from '../resource.ts';
import { POSTS } from './records.ts';

export const safetyOrg = resource({
  key: 'safetyOrg', area: 'aqzd', menu: 'organizationManager', title: '安全管理机构', scope: 'enterprise', table: 'regime_safety_org', labelField: 'orgName',
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
  key: 'prize', area: 'aqzd', menu: 'prizeManager', title: '奖惩', scope: 'enterprise', table: 'regime_prize', labelField: 'reason',
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

export const regimeResources = [safetyOrg, dutyLetter, prize];
