/**
 * 异常运单 found by rules: on write (a 下发 or 装货确认 that meets a rule is refused, and the finding is
 * kept here), by the 在途超时 sweep, and by hand (supervision module). One finding per waybill and rule.
 */
import { sql } from 'drizzle-orm';
import { ABNORMAL_RULE_OF, type ComplianceProblem } from '@dg/core/waybill';
import type { Db } from '../../db/index.ts';
import type { WaybillRow } from './common.ts';

export async function recordFindings(db: Db, wb: WaybillRow, findings: ComplianceProblem[], source: '规则' | '巡检' = '规则') {
  const byRule = new Map<string, string[]>();
  for (const f of findings) {
    const rule = ABNORMAL_RULE_OF[f.kind];
    if (!rule) continue;
    byRule.set(rule, [...(byRule.get(rule) ?? []), f.message]);
  }
  for (const [rule, lines] of byRule) {
    await db.execute(sql`insert into abnormal_waybill (waybill_id, waybill_created_at, waybill_no, plate_no, enterprise_id, carrier_region, rule, detail, source)
      values (${wb.id}, ${wb.createdAt}, ${wb.waybillNo}, ${wb.plateNo}, ${wb.enterpriseId}, ${wb.carrierRegion}, ${rule}, ${lines.join('；')}, ${source})
      on conflict (waybill_id, rule) where source <> '手工' and waybill_id is not null do nothing`);
  }
  return byRule.size;
}

/**
 * 在途超时: 运输中 for longer than factor × the line's 预计时长 (factor: 参数设置 inTransitOverdueFactor).
 * Reads only the in-transit partial index; each waybill is flagged once (overdue_at).
 */
export async function sweepOverdue(db: Db, now = new Date()): Promise<number> {
  const f = (await db.execute<{ value: unknown }>(sql`select value from param_setting where key = 'inTransitOverdueFactor'`)).rows[0]?.value;
  const factor = Number(f) > 0 ? Number(f) : 2;
  return db.transaction(async (tx) => {
    const got = (await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(7243102) as ok`)).rows[0];
    if (!got?.ok) return 0;
    const r = await tx.execute<{ n: number }>(sql`
      with due as (
        select id, created_at, waybill_no, plate_no, enterprise_id, carrier_region, loaded_at, expected_hours from waybill
        where state = '运输中' and loaded_at is not null and overdue_at is null and expected_hours > 0
          and loaded_at < ${now}::timestamptz - make_interval(secs => expected_hours * ${factor} * 3600)
        limit 5000
      ), flagged as (
        update waybill w set overdue_at = ${now} from due where w.id = due.id and w.created_at = due.created_at returning w.id
      ), ins as (
        insert into abnormal_waybill (waybill_id, waybill_created_at, waybill_no, plate_no, enterprise_id, carrier_region, rule, detail, source, found_at)
        select id, created_at, waybill_no, plate_no, enterprise_id, carrier_region, '在途超时',
          '在途' || round(extract(epoch from (${now}::timestamptz - loaded_at)) / 3600.0, 1) || '小时，超过线路预计时长' || expected_hours::float8 || '小时的' || ${factor} || '倍', '巡检', ${now}
        from due
        on conflict (waybill_id, rule) where source <> '手工' and waybill_id is not null do nothing
        returning 1
      )
      select (select count(*) from flagged)::int as n`);
    return r.rows[0]?.n ?? 0;
  });
}
