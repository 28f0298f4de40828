/**
 * Demo rows of 安全制度与费用 for both demo enterprises: the 安全生产领导小组 with its members, this year's 安全生产责任书
 * (last year's scored), and 奖惩 rows. People are the enterprise's own staff; dates are relative to CURRENT_DATE.
 */
import { sql } from 'drizzle-orm';
import { addDemoSeeder, insertDemoRow, type DemoEnterprise } from '../../db/seed-demo.ts';
import type { Db } from '../../db/index.ts';

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
});
