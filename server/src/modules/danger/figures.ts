/**
 * 隐患排查's figures on 首页: open, 重大 and 逾期 hazards (enterprise; 逾期 by the one rule of hazard-rules.ts, among the
 * open ones); open notices and 重大 hazards in the jurisdiction (government).
 */
import { sql } from 'drizzle-orm';
import { HAZARD_OPEN_STATES } from '@dg/core';
import { addDashboardPart } from '../admin/dashboard.ts';
import { enterpriseScope } from '../../platform/access.ts';
import { hazardOverdueSql } from './overdue.ts';

const open = sql`state in (${sql.join(HAZARD_OPEN_STATES.map((s) => sql`${s}`), sql`, `)})`;

addDashboardPart('enterprise', async (app, user) => {
  if (!user.enterpriseId) return {};
  const r = await app.ctx.database.db.execute<{ open: number; major: number; overdue: number }>(sql`select count(*)::int as open,
      count(*) filter (where level = '重大')::int as major, count(*) filter (where ${hazardOverdueSql(sql`state`, sql`deadline`, sql`completed_date`)})::int as overdue
    from hazard where enterprise_id = ${user.enterpriseId} and ${open}`);
  const x = r.rows[0];
  return { hazards: { open: x?.open ?? 0, major: x?.major ?? 0, overdue: x?.overdue ?? 0 } };
});

/** 未完成整改: the notices not yet 合格 and the 重大 hazards not yet closed, in the jurisdiction */
addDashboardPart('government', async (app, user) => {
  const r = await app.ctx.database.db.execute<{ n: number }>(sql`select
      (select count(*) from hazard where level = '重大' and ${open} and ${enterpriseScope(user, sql`enterprise_id`)})
    + (select count(*) from rect_notice where state <> '合格' and ${enterpriseScope(user, sql`enterprise_id`)}) as n`);
  return { openRectifications: Number(r.rows[0]?.n ?? 0) };
});
