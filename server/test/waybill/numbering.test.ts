/** 运单编号: never duplicated, even with 50 concurrent distributions across two server instances on one database. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { enterpriseOf, makeCrew, day } from './fixtures.ts';

let t1: TestApp;
let t2: TestApp;
beforeAll(async () => { t1 = await testApp(); t2 = await testApp(); });

/** n waybills in 待下发 of enterprise A with a compliant crew, written directly (the rollups kept in step) */
async function readyToDistribute(t: TestApp, n: number) {
  const A = await enterpriseOf(t, 'qiye');
  const crew = await makeCrew(t, A.id);
  const tag = '编号并发' + uid();
  await t.sql(`with ins as (
      insert into waybill (id, created_at, enterprise_id, carrier_region, state, start_date, origin_region, dest_region, shipper_name,
        vehicle_id, plate_no, tank_id, tank_no, driver_id, driver_name, escort_id, escort_name, goods_classes, goods_summary, total_mass_kg)
      select wb_uuid7(ms), timestamptz 'epoch' + ms * interval '1 millisecond', $1, $2, '待下发', current_date, '330102', '330203', $3,
        $4, $5, $6, $7, $8, '测试驾驶员', $9, '测试押运员', '{3}', 'UN1203 汽油 3 II 10吨', 10000
      from (select (extract(epoch from now()) * 1000)::bigint - g * 7 as ms from generate_series(1, ${n}) g) s
      returning id, created_at)
    insert into waybill_goods (waybill_id, waybill_created_at, line_no, un_no, goods_name, goods_class, packing_group, quantity, unit, mass_kg)
    select id, created_at, 1, '1203', '车用汽油或汽油', '3', 'II', 10, '吨', 10000 from ins`,
  [A.id, A.regionCode, tag, crew.vehicle.id, crew.vehicle.plateNo, crew.tank.id, crew.tank.tankNo, crew.driver.id, crew.escort.id]);
  await t.sql(`insert into waybill_state_count (enterprise_id, state, n) values ($1, '待下发', ${n}) on conflict (enterprise_id, state) do update set n = waybill_state_count.n + ${n}`, [A.id]);
  await t.sql(`insert into waybill_region_state_count (carrier_region, state, n) values ($1, '待下发', ${n}) on conflict (carrier_region, state) do update set n = waybill_region_state_count.n + ${n}`, [A.regionCode]);
  return (await t.sql(`select id from waybill where shipper_name = $1`, [tag])).map((r) => r.id as string);
}

describe('运单编号', () => {
  it('50 concurrent distributions on two instances give 50 distinct numbers: province code + yyyyMMdd + 6-digit daily sequence', async () => {
    const ids = await readyToDistribute(t1, 50);
    expect(ids).toHaveLength(50);
    const tokens = [await t2.token('qiye'), await t1.token('qiye')];
    const results = await Promise.all(ids.map((id, i) => (i % 2 ? t1 : t2).call('POST', '/api/dzyd/waybill/distribute', { token: tokens[i % 2], body: { ids: [id] } })));
    for (const r of results) expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    const numbers = results.map((r) => r.body.data.done[0].waybillNo as string);
    expect(new Set(numbers).size).toBe(50);
    const today = day(0).replace(/-/g, '');
    for (const no of numbers) expect(no).toMatch(new RegExp(`^330000${today}\\d{6}$`));
    const stored = await t1.sql(`select waybill_no, check_code from waybill where id = any($1::uuid[])`, [ids]);
    expect(new Set(stored.map((s) => s.waybill_no)).size).toBe(50);
    expect(stored.every((s) => /^[A-Z2-9]{6}$/.test(s.check_code))).toBe(true);
    const registry = await t1.sql(`select count(*)::int as n from waybill_number where waybill_id = any($1::uuid[])`, [ids]);
    expect(registry[0].n).toBe(50);
    // the day's counter is at least the highest sequence issued
    const [{ value }] = await t1.sql(`select value from sequence_counter where key = $1`, ['waybill:' + today]);
    expect(Math.max(...numbers.map((n) => Number(n.slice(-6))))).toBeLessThanOrEqual(Number(value));
  });

  it('the number is unique in the database too (waybill_number primary key)', async () => {
    const [w] = await t1.sql(`select waybill_no, waybill_id, waybill_created_at from waybill_number limit 1`);
    await expect(t1.sql(`insert into waybill_number (waybill_no, waybill_id, waybill_created_at) values ($1, $2, $3)`, [w.waybill_no, w.waybill_id, w.waybill_created_at])).rejects.toThrow(/duplicate key/);
  });
});
