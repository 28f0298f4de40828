/**
 * Demo rows of 安全考核: the 1000-point 质量信誉 model (运输安全 300, 经营行为 200, 服务质量 150, 社会责任 150, 企业管理 200)
 * over indicators written for this platform, a province group (王监管 leads, 赵运管 scores), last year's assessment
 * published for every demo enterprise with mixed grades, and this year's in progress — one enterprise past the
 * deadline without a self-assessment; borrowings of last year's archives in each state (one approved and past its date).
 * Dates are relative to CURRENT_DATE at seeding.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_GRADE_THRESHOLDS, gradeOf, round1, totalOf, type ModelItem } from '@dg/core';
import { addDemoSeeder, insertDemoRow, type DemoContext } from '../../db/seed-demo.ts';

const day = (n: number) => sql.raw(`(current_date + ${Math.trunc(n)})`);
const at = (n: number) => sql.raw(`(now() + interval '${Math.trunc(n)} days')`);

/** [category, indicator, 满分 (= its weight in the model), 评分规则, 佐证要求] */
const INDICATORS: [string, string, number, string, string][] = [
  ['运输安全', '责任事故', 80, '考核期内无负有责任的道路运输安全事故得满分；一般事故每起扣20分，较大及以上事故本项不得分', '事故认定书或无事故情况说明'],
  ['运输安全', '动态监控', 60, '车辆上线率、数据合格率均达95%以上得满分；每低1个百分点扣3分；超速、疲劳驾驶未处置每起扣2分', '动态监控平台统计报表、违规处置记录'],
  ['运输安全', '车辆及罐体技术状况', 60, '车辆按期综合性能检测、罐体按期检验得满分；每发现1辆（个）逾期扣5分', '检测报告、罐体检验报告'],
  ['运输安全', '电子运单填报', 50, '运单填报率达100%得满分；每低1个百分点扣2分；运单与实际不符每起扣5分', '电子运单系统统计'],
  ['运输安全', '隐患排查治理', 50, '按计划开展自查并闭环整改得满分；重大隐患未按期整改每项扣10分', '自查记录、隐患整改台账'],
  ['经营行为', '经营资质', 60, '道路运输经营许可证在有效期内、经营范围与实际一致得满分；超范围经营本项不得分', '经营许可证'],
  ['经营行为', '违法违规行为', 80, '考核期内无行政处罚得满分；每起一般违法行为扣10分', '处罚决定书或无违法情况说明'],
  ['经营行为', '从业人员资格', 60, '驾驶员、押运员全部持有效从业资格证得满分；每发现1人无证或证件过期扣10分', '从业资格证台账'],
  ['服务质量', '托运人评价', 50, '托运人满意度达90%以上得满分；每低5个百分点扣5分', '满意度调查表'],
  ['服务质量', '投诉处理', 50, '有效投诉按时办结率100%得满分；每起未按时办结扣10分', '投诉处理台账'],
  ['服务质量', '运输时效', 50, '按约定时限送达率达98%以上得满分；每低1个百分点扣2分', '电子运单到达记录'],
  ['社会责任', '应急救援能力', 60, '有应急预案并每半年至少演练一次得满分；未演练扣20分', '应急预案、演练记录及照片'],
  ['社会责任', '环境保护', 45, '无泄漏、污染事件得满分；每起扣15分', '情况说明'],
  ['社会责任', '社会公益与诚信', 45, '无失信记录得满分；列入失信名单本项不得分；参与公益活动可酌情认定', '信用查询截图、公益活动证明'],
  ['企业管理', '安全生产责任制', 60, '逐级签订安全生产责任书并考核兑现得满分；每缺一级扣10分', '安全生产责任书、考核记录'],
  ['企业管理', '安全生产费用', 50, '按不低于1.5%提取并专款专用得满分；提取不足或挪用扣20分', '安全生产费用台账'],
  ['企业管理', '教育培训', 50, '从业人员每月安全培训不少于2学时得满分；每缺1人次扣1分', '培训台账、考试记录'],
  ['企业管理', '制度与档案管理', 40, '安全管理制度齐全、一车一档一人一档完整得满分；每缺一项扣5分', '制度汇编、档案目录'],
];

/** the share of each indicator's 满分 an enterprise earns, by its rank: AAA, AA, A, B in turn */
const LEVELS = [0.95, 0.83, 0.68, 0.52];

addDemoSeeder('assessment', async (c: DemoContext) => {
  const { db } = c;
  const user = async (username: string) => (await db.execute<{ id: string; name: string }>(sql`select id, name from base_user where username = ${username}`)).rows[0]!;
  const leader = await user('zhengfu');
  const member = await user('shiji');
  const by = (u: { id: string }) => ({ createdBy: u.id, updatedBy: u.id });
  const flow = (subject: string, subjectId: string, u: { id: string; name: string }, side: string, action: string, from: string | null, to: string, opinion: string | null, when: number, enterpriseId: string | null = null) =>
    insertDemoRow(db, 'work_flow', { subject, subjectId, enterpriseId, action, fromState: from, toState: to, opinion, side, userId: u.id, userName: u.name, createdAt: at(when) });

  const items: ModelItem[] = [];
  let order = 0;
  for (const [category, name, maxScore, rule, evidence] of INDICATORS) {
    order += 1;
    const id = await insertDemoRow(db, 'assess_indicator', { category, name, maxScore, rule, evidence, orderNum: order, ...by(leader) });
    items.push({ indicatorId: id, category, name, maxScore, weight: maxScore });
  }
  const modelId = await insertDemoRow(db, 'assess_model', { name: '道路危险货物运输企业质量信誉考核模型', modelVersion: 1, totalScore: 1000, items,
    remark: '千分制：运输安全300分、经营行为200分、服务质量150分、社会责任150分、企业管理200分。可复制为新版本后按本地要求调整。', ...by(leader) });
  const groupId = await insertDemoRow(db, 'assess_group', { name: '省级质量信誉考核组', leaderName: leader.name, memberNames: `${leader.name}，${member.name}`,
    leaderId: leader.id, memberIds: sql`${JSON.stringify([leader.id, member.id])}::jsonb`, regionCode: c.provinceCode, remark: '负责全省危险货物道路运输企业年度质量信誉考核', ...by(leader) });

  const enterprises = (await db.execute<{ id: string; region_code: string }>(sql`select id, region_code from enterprise
    where region_code like ${c.provinceCode.slice(0, 2) + '%'} and status = '正常' and audit_status = '已通过' order by name`)).rows;
  const year = Number((await db.execute<{ y: number }>(sql`select extract(year from current_date)::int as y`)).rows[0]!.y);

  const task = async (y: number, deadline: number, issued: number) => {
    const id = await insertDemoRow(db, 'assess_task', { name: `${y}年度道路危险货物运输企业质量信誉考核`, year: y, modelId, groupId, regionCode: c.provinceCode,
      deadline: day(deadline), state: '已下发', enterpriseCount: enterprises.length, issuedAt: at(issued), ...by(leader) });
    await flow('assessTask', id, leader, 'government', '下发', '草稿', '已下发', `${enterprises.length}家企业`, issued);
    return { id, title: `${y}年度道路危险货物运输企业质量信誉考核`, year: y, deadline };
  };
  const scored = (level: number, slack: number) => items.map((it, i) => {
    const share = Math.min(1, level + ((i % 3) - 1) * 0.03);
    const group = round1(it.maxScore * share);
    const self = Math.min(it.maxScore, round1(group + it.maxScore * slack));
    return { ...it, selfScore: self, evidence: [], selfRemark: null, groupScore: group, opinion: group < it.maxScore ? '佐证材料不完整，酌情扣分' : null };
  });

  // last year's: every enterprise published, grades in turn
  const last = await task(year - 1, -300, -330);
  const adminOf = async (enterpriseId: string) => (await db.execute<{ id: string; name: string }>(sql`select id, name from base_user
    where enterprise_id = ${enterpriseId} and side = 'enterprise' order by created_at limit 1`)).rows[0] ?? leader;
  for (const [i, e] of enterprises.entries()) {
    const lines = scored(LEVELS[i % LEVELS.length]!, 0.03);
    const groupTotal = totalOf(lines.map((l) => l.groupScore!));
    const id = await insertDemoRow(db, 'assessment', { title: last.title, taskId: last.id, enterpriseId: e.id, regionCode: e.region_code, year: last.year, modelId, groupId,
      deadline: day(last.deadline), state: '已发布', late: false, items: lines, selfTotal: totalOf(lines.map((l) => l.selfScore!)), groupTotal,
      grade: gradeOf(groupTotal, DEFAULT_GRADE_THRESHOLDS), submittedAt: at(-305), scoredAt: at(-290), confirmedAt: at(-285), confirmOpinion: '同意考核组意见', publishedAt: at(-280), ...by(leader) });
    await flow('assessment', id, leader, 'government', '下发', null, '待自评', null, -330, e.id);
    await flow('assessment', id, await adminOf(e.id), 'enterprise', '提交自评', '待自评', '已提交', null, -305, e.id);
    await flow('assessment', id, member, 'government', '评分', '已提交', '已评分', null, -290, e.id);
    await flow('assessment', id, leader, 'government', '组长确认', '已评分', '已确认', '同意考核组意见', -285, e.id);
    await flow('assessment', id, leader, 'government', '发布', '已确认', '已发布', `${groupTotal}分，${gradeOf(groupTotal, DEFAULT_GRADE_THRESHOLDS)}级`, -280, e.id);
  }

  // 档案借阅 of last year's published archives, one in each state (the borrowing mechanism of 整改管理, kind 考核档案)
  const archives = (await db.execute<{ id: string; enterprise_id: string }>(sql`select id, enterprise_id from assessment where task_id = ${last.id} order by enterprise_id`)).rows;
  const borrows: [string, number, string | null][] = [['待审批', 10, null], ['已批准', 20, '同意借阅'], ['已驳回', 5, '用途不明确'], ['已归还', 15, '同意借阅'], ['已批准', -1, '同意借阅']];
  for (const [i, [state, until, opinion]] of borrows.entries()) {
    const a = archives[i % archives.length]!;
    const id = await insertDemoRow(db, 'rect_borrow', { archiveKind: '考核档案', assessmentId: a.id, enterpriseId: a.enterprise_id, purpose: ['信用评价复核', '年度执法检查', '行业评优推荐', '投诉核查', '约谈前调阅'][i]!,
      until: day(until), state, applicant: leader.name, applicantId: leader.id, approver: state === '待审批' ? null : member.name, approveOpinion: opinion,
      approvedAt: state === '待审批' ? null : at(-6), returnedAt: state === '已归还' ? at(-2) : null, ...by(leader) });
    await flow('rectBorrow', id, leader, 'government', '申请借阅', null, '待审批', null, -7, a.enterprise_id);
    if (state !== '待审批') await flow('rectBorrow', id, member, 'government', state === '已驳回' ? '驳回' : '批准', '待审批', state === '已驳回' ? '已驳回' : '已批准', opinion, -6, a.enterprise_id);
    if (state === '已归还') await flow('rectBorrow', id, leader, 'government', '归还', '已批准', '已归还', null, -2, a.enterprise_id);
  }

  // this year's: the first enterprise is still to assess itself (its deadline is ahead), the second is past the deadline
  // without a self-assessment; any others move along the steps
  const open = await task(year, 14, -10);
  const late = await task(year, -2, -20);
  for (const [i, e] of enterprises.entries()) {
    const t = i === 1 ? late : open;
    const state = i === 0 ? '待自评' : i === 1 ? '待自评' : ['自评中', '已提交', '已评分'][i % 3]!;
    const lines = scored(LEVELS[(i + 1) % LEVELS.length]!, 0.02).map((l) => ({ ...l,
      selfScore: state === '待自评' ? null : l.selfScore, groupScore: state === '已评分' ? l.groupScore : null, opinion: state === '已评分' ? l.opinion : null }));
    const groupTotal = state === '已评分' ? totalOf(lines.map((l) => l.groupScore!)) : null;
    const id = await insertDemoRow(db, 'assessment', { title: t.title, taskId: t.id, enterpriseId: e.id, regionCode: e.region_code, year, modelId, groupId,
      deadline: day(t.deadline), state, late: i === 1, items: lines, selfTotal: state === '待自评' ? null : totalOf(lines.map((l) => l.selfScore ?? 0)),
      groupTotal, grade: groupTotal === null ? null : gradeOf(groupTotal, DEFAULT_GRADE_THRESHOLDS), submittedAt: ['已提交', '已评分'].includes(state) ? at(-3) : null, ...by(leader) });
    await flow('assessment', id, leader, 'government', '下发', null, '待自评', null, i === 1 ? -20 : -10, e.id);
  }
});
