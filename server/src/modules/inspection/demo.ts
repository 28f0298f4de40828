/**
 * Demo rows of 安全检查 and 整改管理: a province plan, approved and executed (both demo enterprises checked), whose
 * notices with the hand-written ones cover every state — one overdue — and two more plans, one waiting for approval and
 * one draft. Dates are relative to CURRENT_DATE at seeding.
 */
import { sql } from 'drizzle-orm';
import { addDemoSeeder, insertDemoRow, type DemoContext } from '../../db/seed-demo.ts';
import { nextNo } from '../../platform/numbers.ts';
import { sweepSupervision } from './supervise.ts';

const day = (n: number) => sql.raw(`(current_date + ${Math.trunc(n)})`);
const at = (n: number) => sql.raw(`(now() + interval '${Math.trunc(n)} days')`);
const ITEMS = ['安全生产责任制落实情况', '从业人员资格与培训教育', '车辆及罐体技术状况', '动态监控平台运行及违章处置', '应急预案及演练'];

addDemoSeeder('inspection', async (c: DemoContext) => {
  const { db } = c;
  const gov = async (username: string) => {
    const r = await db.execute<{ id: string; name: string; org: string }>(sql`select u.id, u.name, o.name as org from base_user u left join base_org o on o.id = u.org_id where u.username = ${username}`);
    return r.rows[0]!;
  };
  const province = await gov('zhengfu');
  const city = await gov('shiji');
  const flow = (subject: string, subjectId: string, by: { id: string; name: string }, side: string, action: string, from: string | null, to: string, opinion: string | null, when: number, enterpriseId: string | null = null) =>
    insertDemoRow(db, 'work_flow', { subject, subjectId, enterpriseId, action, fromState: from, toState: to, opinion, side, userId: by.id, userName: by.name, createdAt: at(when) });
  const byGov = (u: { id: string }) => ({ createdBy: u.id, updatedBy: u.id });

  // the executed province plan: both demo enterprises drawn and checked
  const planId = await insertDemoRow(db, 'check_plan', {
    planNo: await nextNo(db, 'JH', 'check_plan_no_seq'), name: '危险货物道路运输企业安全生产专项检查', periodStart: day(-20), periodEnd: day(10),
    regionCode: c.provinceCode, samplePercent: 100, checkItems: ITEMS.join('\n'), inspectors: '王监管、赵运管', state: '已通过', enterpriseCount: 2,
    seed: 'demo0000seed0001', approveOpinion: '同意，按计划组织实施', approvedAt: at(-19), ...byGov(province),
  });
  await flow('checkPlan', planId, province, 'government', '提交审批', '草稿', '待审批', null, -20);
  await flow('checkPlan', planId, province, 'government', '审批通过', '待审批', '已通过', '抽中2家企业；同意，按计划组织实施', -19);

  const notice = async (enterpriseId: string, o: { state: string; deadline: number; problems: string; source: string; recordId?: string; by: typeof province; submitted?: boolean; opinion?: string }) => {
    const id = await insertDemoRow(db, 'rect_notice', {
      noticeNo: await nextNo(db, 'ZG', 'rect_notice_no_seq'), enterpriseId, source: o.source, problems: o.problems, requirements: '立即整改，整改完成后提交整改措施和整改前后照片。',
      deadline: day(o.deadline), state: o.state, issuer: o.by.org, checkRecordId: o.recordId ?? null,
      measures: o.submitted ? '已逐项整改，更新制度并组织全员培训。' : null, submittedAt: o.submitted ? at(-3) : null,
      reviewOpinion: o.opinion ?? null, reviewedAt: o.opinion ? at(-2) : null, ...byGov(o.by),
    });
    await flow('rectNotice', id, o.by, 'government', '下发', null, '待整改', o.recordId ? '安全检查' : null, -12, enterpriseId);
    const admin = enterpriseId === c.enterprises.a.id ? { id: c.enterprises.a.adminUserId, name: '张安全' } : { id: c.enterprises.b.adminUserId, name: '李调度' };
    if (o.submitted) await flow('rectNotice', id, admin, 'enterprise', '提交整改', '待整改', '待审核', null, -3, enterpriseId);
    if (o.state === '已退回' || o.state === '合格') await flow('rectNotice', id, o.by, 'government', o.state === '合格' ? '合格' : '退回', '待审核', o.state, o.opinion ?? null, -2, enterpriseId);
    return id;
  };

  for (const [key, e] of [['a', c.enterprises.a], ['b', c.enterprises.b]] as const) {
    const results = ITEMS.map((item, i) => ({ item, result: i === 3 ? '不合格' : '合格', remark: i === 3 ? '动态监控报警未及时处置' : null }));
    const recordId = await insertDemoRow(db, 'check_record', {
      recordNo: await nextNo(db, 'JC', 'check_record_no_seq'), planId, enterpriseId: e.id, state: '已检查', checkDate: day(-12), inspectors: '王监管、赵运管',
      itemTotal: ITEMS.length, failedCount: 1, score: 80, problems: '动态监控值班记录不完整', results, ...byGov(province),
    });
    const noticeId = await notice(e.id, key === 'a'
      ? { state: '待整改', deadline: -2, problems: '1. 动态监控平台运行及违章处置：动态监控报警未及时处置\n动态监控值班记录不完整', source: '安全检查', recordId, by: province }
      : { state: '待审核', deadline: 5, problems: '1. 动态监控平台运行及违章处置：动态监控报警未及时处置', source: '安全检查', recordId, by: province, submitted: true });
    await db.execute(sql`update check_record set notice_id = ${noticeId} where id = ${recordId}`);
  }
  // hand-written notices of the city bureau to enterprise A: 待审核, 已退回, 合格
  const a = c.enterprises.a.id;
  await notice(a, { state: '待审核', deadline: 6, problems: '停车场消防器材过期', source: '日常监管', by: city, submitted: true });
  await notice(a, { state: '已退回', deadline: 4, problems: '驾驶员安全教育培训记录缺失', source: '日常监管', by: city, submitted: true, opinion: '培训签到表不全，请补充' });
  const closed = await notice(a, { state: '合格', deadline: -10, problems: '罐车标志灯损坏', source: '日常监管', by: city, submitted: true, opinion: '整改到位' });
  // 档案借阅 of that record: the province's, approved by the city; the city's own, waiting for the province
  const borrow = async (by: typeof province, approver: typeof province | null, purpose: string) => {
    const id = await insertDemoRow(db, 'rect_borrow', {
      recordId: closed, enterpriseId: a, purpose, until: day(10), state: approver ? '已批准' : '待审批', applicant: by.name, applicantId: by.id,
      approver: approver?.name ?? null, approveOpinion: approver ? '同意借阅' : null, approvedAt: approver ? at(-1) : null, ...byGov(by),
    });
    await flow('rectBorrow', id, by, 'government', '申请借阅', null, '待审批', purpose, -2, a);
    if (approver) await flow('rectBorrow', id, approver, 'government', '批准', '待审批', '已批准', '同意借阅', -1, a);
  };
  await borrow(province, city, '全省危货企业整改案卷抽查');
  await borrow(city, null, '年度执法案卷评查');
  await notice(c.enterprises.b.id, { state: '待整改', deadline: 8, problems: '安全生产管理人员配备不足', source: '日常监管', by: province });

  // a plan of the city waiting for approval, and a draft
  const pending = await insertDemoRow(db, 'check_plan', {
    planNo: await nextNo(db, 'JH', 'check_plan_no_seq'), name: '冬季危险货物运输安全抽查', periodStart: day(3), periodEnd: day(30),
    regionCode: c.enterprises.a.cityCode, samplePercent: 50, checkItems: ITEMS.slice(0, 3).join('\n'), inspectors: '赵运管', state: '待审批',
    ...byGov(city),
  });
  await flow('checkPlan', pending, city, 'government', '提交审批', '草稿', '待审批', null, -1);
  await insertDemoRow(db, 'check_plan', {
    planNo: await nextNo(db, 'JH', 'check_plan_no_seq'), name: '春节前综合安全检查（草拟）', periodStart: day(40), periodEnd: day(60),
    regionCode: c.provinceCode, samplePercent: 30, checkItems: ITEMS.join('\n'), inspectors: '王监管', state: '草稿', ...byGov(province),
  });

  // 督办: the overdue notice and the open 重大 hazards become items (市级: each city has its authority); the province
  // raises B's 重大 hazard awaiting review to 省级 (B's city has no demo account) and keeps an item of its own on A
  await sweepSupervision(db);
  const bMajor = (await db.execute<{ id: string; level: string }>(sql`select s.id, s.level from supervise_item s join hazard h on h.id::text = s.source_id
    where h.enterprise_id = ${c.enterprises.b.id} and h.level = '重大' and h.state = '待复核' limit 1`)).rows[0];
  if (bMajor) {
    await db.execute(sql`update supervise_item set level = '省级', version = version + 1 where id = ${bMajor.id}`);
    await insertDemoRow(db, 'work_flow', { subject: 'supervise', subjectId: bMajor.id, enterpriseId: c.enterprises.b.id, action: '提级督办', fromState: '督办中', toState: '督办中',
      opinion: `由${bMajor.level}提级为省级督办：超载运输危险货物，省厅直接督办复核`, side: 'government', userId: province.id, userName: province.name, createdAt: sql.raw(`(now() + interval '1 second')`) });
  }
  const own = await insertDemoRow(db, 'supervise_item', {
    superviseNo: await nextNo(db, 'DB', 'supervise_no_seq'), title: '动态监控违章处置不及时整改督办', sourceType: '人工', enterpriseId: a, level: '省级', deadline: day(12),
    requirement: '建立超速、疲劳驾驶报警的处置台账，落实监控人员值守', state: '督办中', reportCount: 0, reports: sql`'[]'::jsonb`, ...byGov(province),
  });
  await flow('supervise', own, province, 'government', '挂牌督办', null, '督办中', '建立超速、疲劳驾驶报警的处置台账，落实监控人员值守', -2, a);
  // the city bureau's own item, reported on and closed
  const item = await insertDemoRow(db, 'supervise_item', {
    superviseNo: await nextNo(db, 'DB', 'supervise_no_seq'), title: '停车场消防器材过期整改督办', sourceType: '人工', enterpriseId: a, level: '市级', deadline: day(-1),
    requirement: '更换全部过期消防器材并建立月度检查台账', state: '已销号', reportCount: 1, closeOpinion: '现场核查已整改到位，同意销号', closedAt: at(-1),
    reports: [{ at: new Date(Date.now() - 3 * 86400_000).toISOString(), by: '张安全', side: 'enterprise', content: '已更换灭火器24具，建立月度检查台账' }], ...byGov(city),
  });
  await flow('supervise', item, city, 'government', '挂牌督办', null, '督办中', '更换全部过期消防器材并建立月度检查台账', -8, a);
  await flow('supervise', item, { id: c.enterprises.a.adminUserId, name: '张安全' }, 'enterprise', '进展报告', '督办中', '督办中', '已更换灭火器24具，建立月度检查台账', -3, a);
  await flow('supervise', item, city, 'government', '销号', '督办中', '已销号', '现场核查已整改到位，同意销号', -1, a);
});
