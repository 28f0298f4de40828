/**
 * Demo rows of 安全制度与费用 for both demo enterprises: JT/T 912 regimes (published ones read by part of their readers,
 * one revised to a second version, one draft), two years of 安全生产费用 (enterprise A carried a balance over 3× last
 * year's plan into this year, so January and February paused; last year it used under 60%), uses in several categories,
 * the 安全生产领导小组 with its members, this year's 安全生产责任书 (last year's scored), and 奖惩 rows. People are the
 * enterprise's own staff; dates are relative to CURRENT_DATE. A staff account (yuangong, 驾驶员 of enterprise A) reads
 * regimes it was asked to.
 */
import { sql } from 'drizzle-orm';
import { yearPlanFen, DG_FUND_RATE_BP } from '@dg/core';
import { addDemoSeeder, insertDemoRow, type DemoEnterprise } from '../../db/seed-demo.ts';
import type { Db } from '../../db/index.ts';
import { hashPassword } from '../../platform/crud/write.ts';
import { regimeTemplate } from './regimes.ts';

export const DEMO_STAFF_ACCOUNT = { username: 'yuangong', password: 'yuangong123' };
const yuan = (n: number) => Math.round(n * 100);

/** regimes: four published (one in its second version), one draft; readers partly read */
async function seedRegimes(db: Db, e: DemoEnterprise, year: number) {
  const by = { enterpriseId: e.id, createdBy: e.adminUserId, updatedBy: e.adminUserId };
  const staff = (await db.execute<{ id: string; name: string; post: string }>(sql`select id, name, post from staff where enterprise_id = ${e.id} and status = '在职' order by created_at`)).rows;
  const types = ['安全会议制度', '安全生产考核奖惩制度', '安全培训和教育学习制度', '车辆卫星定位系统管理制度', '事故统计报告和处理制度'];
  for (const [i, type] of types.entries()) {
    const series = crypto.randomUUID();
    const draft = i === types.length - 1;
    const posts = i % 2 === 0 ? ['驾驶员', '押运员'] : ['驾驶员', '押运员', '装卸管理人员', '安全管理人员'];
    const row = (rev: number, state: string, days: number) => ({
      title: type, docType: type, revision: rev, effectiveDate: sql.raw(`make_date(${year}, ${1 + i}, 1)`), content: regimeTemplate(type, e.name),
      readerPosts: posts, readerIds: [], state, publishedAt: state === '草稿' ? null : sql.raw(`(now() - interval '${days} days')`), seriesId: series, ...by,
    });
    if (draft) { await insertDemoRow(db, 'regime_doc', row(1, '草稿', 0)); continue; }
    if (i === 1) await insertDemoRow(db, 'regime_doc', row(1, '已替代', 400));
    const id = await insertDemoRow(db, 'regime_doc', row(i === 1 ? 2 : 1, '已发布', 60 - i * 10));
    for (const [k, s] of staff.filter((x) => posts.includes(x.post)).entries()) {
      const read = (k + i) % 3 !== 0;
      await db.execute(sql`insert into staff_read (subject, subject_id, enterprise_id, staff_id, staff_name, post, read_at, recorded_by)
        values ('regimeDoc', ${id}, ${e.id}, ${s.id}, ${s.name}, ${s.post}, ${read ? sql.raw(`(now() - interval '${20 + k} days')`) : null}, ${read && k % 4 === 0 ? '张安全' : null})`);
    }
  }
}

/**
 * two years of funds: last year from a carried balance (A: large, B: small), this year from last year's revenue; uses
 * month by month (A uses little last year — under 60% — and its balance pauses accrual in January and February)
 */
async function seedFunds(db: Db, e: DemoEnterprise, year: number, month: number, big: boolean) {
  const by = { enterpriseId: e.id, createdBy: e.adminUserId, updatedBy: e.adminUserId };
  const revenues = big ? [yuan(80_000_000), yuan(90_000_000)] : [yuan(30_000_000), yuan(35_000_000)];
  for (const [k, y] of [year - 1, year].entries()) {
    // A's first year: three times its 上年度应计提 (4,350,000) is above every balance of that year, so it accrues all year
    // and carries 4,300,000 into this year, three times over last year's 1,200,000
    await insertDemoRow(db, 'regime_fund_year', { year: y, lastRevenue: revenues[k], carryOver: k === 0 ? (big ? yuan(3_700_000) : yuan(100_000)) : 0,
      lastYearPlan: k === 0 ? (big ? yuan(1_450_000) : yuan(420_000)) : null,
      rate: 1.5, yearPlan: yearPlanFen(revenues[k]!, DG_FUND_RATE_BP), remark: k === 0 ? '首个登记年度，期初结余为上年末账面结余，上年度应计提金额按账面登记' : null, ...by });
  }
  // [year offset, month, day, category, 元, 说明, 审批人]
  const uses: [number, number, number, string, number, string][] = big ? [
    [-1, 3, 12, '2', 180_000, '更新12台车辆卫星定位及视频监控终端'], [-1, 5, 20, '7', 60_000, '驾驶员、押运员年度安全教育培训'],
    [-1, 7, 8, '3', 120_000, '购置应急救援器材并开展泄漏应急演练'], [-1, 9, 15, '10', 150_000, '缴纳安全生产责任保险'], [-1, 11, 6, '6', 90_000, '更新现场作业人员防护用品'],
    [0, 1, 18, '1', 500_000, '停车场防火防爆设施改造'], [0, 2, 22, '2', 300_000, '动态监控平台升级'], [0, 4, 10, '7', 80_000, '安全生产月宣传教育活动'],
    [0, 6, 16, '5', 120_000, '安全生产标准化评审咨询'], [0, 8, 9, '9', 60_000, '罐体及安全附件检测检验'],
  ] : [
    [-1, 2, 14, '6', 40_000, '配备防静电工作服和防毒面具'], [-1, 4, 9, '2', 90_000, '车辆卫星定位装置年费及维护'], [-1, 6, 21, '7', 45_000, '新入职驾驶员岗前培训'],
    [-1, 9, 3, '10', 80_000, '安全生产责任保险'], [-1, 12, 12, '4', 65_000, '隐患排查整改（停车场消防通道）'],
    [0, 3, 7, '3', 60_000, '应急预案修订与演练'], [0, 5, 19, '2', 95_000, '视频监控装置更换'], [0, 9, 11, '7', 30_000, '驾驶员安全警示教育'],
  ];
  for (const [off, m, d, category, amount, description] of uses) {
    if (off === 0 && m > month) continue;
    await insertDemoRow(db, 'regime_fund_use', { useDate: sql.raw(`make_date(${year + off}, ${m}, ${off === 0 && m === month ? 1 : d})`), category, amount: yuan(amount), description,
      approver: big ? '张安全' : '李调度', ...by });
  }
}

/** a driver of enterprise A signs in to read the regimes and 人员通知 he is sent: a role with 制度流程, 人员通知 and 通知公告 (reading) only */
async function seedStaffAccount(db: Db, e: DemoEnterprise) {
  const s = (await db.execute<{ id: string; name: string }>(sql`select id, name from staff where enterprise_id = ${e.id} and status = '在职' and post = '驾驶员' order by created_at limit 1`)).rows[0];
  if (!s) return;
  const g = (await db.execute<{ id: string }>(sql`insert into base_group (code, name, group_type_id, description)
    select 'enterpriseStaff', '企业从业人员', id, '阅知制度等' from base_group_type where code = 'role' on conflict (code) do update set name = excluded.name returning id`)).rows[0]!.id;
  await db.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
    select ${g}, id, 'menu' from base_menu where code in ('regime', 'workflowManager', 'informManger', 'personnelNoticeManager', 'noticeManger') on conflict do nothing`);
  await db.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
    select ${g}, e.id, 'button' from base_element e join base_menu m on m.id = e.menu_id where e.code in ('workflowManager:view', 'personnelNoticeManager:view', 'noticeManger:view') on conflict do nothing`);
  const u = await db.execute<{ id: string }>(sql`insert into base_user (name, username, password, mobile, side, enterprise_id, staff_id, status, description)
    values (${s.name}, ${DEMO_STAFF_ACCOUNT.username}, ${await hashPassword(DEMO_STAFF_ACCOUNT.password)}, '13905710021', 'enterprise', ${e.id}, ${s.id}, '1', '驾驶员，阅知安全制度') returning id`);
  await db.execute(sql`insert into base_group_member (group_id, user_id) values (${g}, ${u.rows[0]!.id})`);
}

const day = (n: number) => sql.raw(`(current_date + ${Math.trunc(n)})`);
const DUTY = '一、严格执行安全生产法律法规和公司安全管理制度；\n二、落实岗位安全操作规程，按规定参加安全教育培训；\n三、及时发现并报告事故隐患；\n四、发生事故时按应急预案处置并立即报告。';

async function seed(db: Db, e: DemoEnterprise) {
  const staff = (await db.execute<{ id: string; name: string; post: string }>(sql`select id, name, post from staff where enterprise_id = ${e.id} and status = '在职' order by created_at limit 6`)).rows;
  if (staff.length < 3) return;
  const by = { enterpriseId: e.id, createdBy: e.adminUserId, updatedBy: e.adminUserId };
  const roles = ['主任', '副主任', '专职安全员', '成员'];
  for (const [i, s] of staff.slice(0, 4).entries()) {
    await insertDemoRow(db, 'regime_safety_org', { orgName: '安全生产领导小组', memberId: s.id, role: roles[i], appointDate: day(-200), duties: i === 0 ? '全面负责公司安全生产工作' : null, orderNum: i + 1, ...by });
  }
  const year = Number((await db.execute<{ y: number }>(sql`select extract(year from current_date)::int as y`)).rows[0]!.y);
  for (const [i, s] of staff.entries()) {
    await insertDemoRow(db, 'regime_duty_letter', { year, staffId: s.id, post: s.post, content: DUTY, signDate: sql.raw(`make_date(${year}, 1, ${5 + i})`), ...by });
    if (i < 3) await insertDemoRow(db, 'regime_duty_letter', { year: year - 1, staffId: s.id, post: s.post, content: DUTY, signDate: sql.raw(`make_date(${year - 1}, 1, ${5 + i})`), score: 92 - i * 6, ...by });
  }
  await insertDemoRow(db, 'regime_prize', { staffId: staff[1]!.id, prizeDate: day(-30), kind: '奖励', reason: '全年安全行驶无事故，及时报告重大隐患1起', amount: 2000, basis: '《安全生产考核奖惩制度》第四条', ...by });
  await insertDemoRow(db, 'regime_prize', { staffId: staff[staff.length - 1]!.id, prizeDate: day(-9), kind: '处罚', reason: '超速行驶被动态监控报警', amount: 200, basis: '《安全生产考核奖惩制度》第九条', ...by });
}

addDemoSeeder('regime', async (c) => {
  for (const e of [c.enterprises.a, c.enterprises.b]) await seed(c.db, e);
  const [year, month] = (await c.db.execute<{ y: number; m: number }>(sql`select extract(year from current_date)::int as y, extract(month from current_date)::int as m`)).rows.map((r) => [r.y, r.m])[0]!;
  await seedStaffAccount(c.db, c.enterprises.a);
  for (const [k, e] of [c.enterprises.a, c.enterprises.b].entries()) {
    await seedRegimes(c.db, e, year!);
    await seedFunds(c.db, e, year!, month!, k === 0);
  }
});
