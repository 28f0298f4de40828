/** The waybill figures of 首页, all from rollups or small indexed reads. */
import { sql } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { goodsClassName } from '@dg/core/waybill';
import { addDashboardPart } from '../admin/dashboard.ts';
import { regionName } from '../../platform/regions.ts';
import { regionScope } from '../../platform/access.ts';
import { cnMonth, cnStart, regionRange } from './common.ts';


addDashboardPart('enterprise', async (app, user) => {
  if (!user.enterpriseId) return {};
  // this month's waybills of the enterprise by day: an index range of (enterprise_id, created_at)
  const r = await app.ctx.database.db.execute<{ date: string; count: number }>(sql`select wb_cn_date(created_at)::text as date, count(*)::int as count from waybill
    where enterprise_id = ${user.enterpriseId} and created_at >= ${cnStart(cnMonth())} and deleted_at is null group by 1 order by 1`);
  // every day of the month so far, 0 where there was none (a quiet day stands as an empty column)
  const counts = new Map(r.rows.map((x) => [x.date, x.count]));
  const waybillsByDay: { date: string; count: number }[] = [];
  for (let day = cnMonth(), today = chinaToday(); day <= today; day = new Date(Date.parse(day + 'T00:00:00Z') + 86400_000).toISOString().slice(0, 10)) {
    waybillsByDay.push({ date: day, count: counts.get(day) ?? 0 });
  }
  return { waybillsByDay };
});

addDashboardPart('government', async (app, user) => {
  const db = app.ctx.database.db;
  const stat = user.side === 'platform' ? sql`true` : user.regionCode ? regionRange(sql`s.carrier_region`, user.regionCode) : sql`false`;
  const today = await db.execute<{ n: number }>(sql`select coalesce(sum(waybills), 0)::int as n from waybill_daily_stat s where day = ${chinaToday()}::date and ${stat}`);
  const transit = await db.execute<{ n: number }>(sql`select coalesce(sum(s.n), 0)::int as n from waybill_state_count s join enterprise e on e.id = s.enterprise_id
    where s.state = '运输中' and ${regionScope(user, sql`e.region_code`)}`);
  const abnormal = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from abnormal_waybill s where status <> '已办结' and ${stat} limit 10000) x`);
  const byCity = await db.execute<{ city: string; n: number }>(sql`select left(carrier_region, 4) || '00' as city, sum(waybills)::int as n from waybill_daily_stat s
    where day >= ${cnMonth()}::date and ${stat} group by 1 order by 2 desc`);
  const byClass = await db.execute<{ cls: string; n: number }>(sql`select goods_class as cls, sum(waybills)::int as n from waybill_daily_stat s
    where day >= ${cnMonth()}::date and ${stat} group by 1 order by 1`);
  return {
    todayWaybills: today.rows[0]?.n ?? 0,
    inTransit: transit.rows[0]?.n ?? 0,
    abnormal: abnormal.rows[0]?.n ?? 0,
    byCity: byCity.rows.map((x) => ({ name: regionName(x.city).split('/').pop() || x.city, value: x.n })),
    byClass: byClass.rows.map((x) => ({ name: goodsClassName(x.cls), value: x.n })),
  };
});
