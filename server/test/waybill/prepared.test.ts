/**
 * An enterprise's waybill lists run as named prepared statements on generic plans on PostgreSQL (db/index.ts
 * execPrepared: one plan per query shape, reused). For every list filter, as an enterprise, a city
 * and the province, each of seven calls answers exactly what the same SQL answers unprepared.
 */
import { describe, it, expect, beforeAll} from 'vitest';
import { sql } from 'drizzle-orm';
import { connect, detectEngine, execPrepared, poolStats } from '../../src/db/index.ts';
import { testApp, sessionOf as sessionOfDemo, type TestApp, type DemoUser } from '../helpers.ts';
import { enterpriseOf, ok, waybillBody } from './fixtures.ts';
import { waybillWhere, waybillPageSql, waybillCountSql, listWaybills, listPlan, AREA_COUNT_CAP, LIST_COUNT_CAP, type WaybillFilters } from '../../src/modules/waybill/list.ts';
import { addRemindCounter, remindSql } from '../../src/modules/shell/remind.ts';
import { testDatabaseUrl } from '../database.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

const sessionOf = (who: DemoUser) => sessionOfDemo(t, who);

describe('prepared waybill lists', () => {
  it('answer as the unprepared SQL does, for every filter and side, call after call', { timeout: 120_000 }, async () => {
    const [w] = await t.sql(`select w.* from waybill w join base_user u on u.enterprise_id = w.enterprise_id where u.username = 'qiye' and w.deleted_at is null and w.plate_no is not null and w.start_date is not null and w.driver_name is not null order by w.created_at desc limit 1`);
    expect(w).toBeTruthy();
    const created = new Date(w.created_at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const filters: WaybillFilters[] = [
      {}, { state: w.state }, { waybillNo: w.waybill_no }, { createdAt: [created, created] }, { createdAt: [created] },
      { startDate: [w.start_date, w.start_date] }, { goodsClass: w.goods_classes?.[0] ?? '3' }, { plateNo: w.plate_no }, { plateNo: w.plate_no.slice(0, 3) },
      { driverName: (w.driver_name ?? '').slice(0, 1) }, { shipperName: (w.shipper_name ?? '').slice(1, 3) }, { enterpriseId: w.enterprise_id },
      { originRegion: w.origin_region }, { destRegion: w.dest_region }, { state: w.state, plateNo: w.plate_no.slice(0, 3), createdAt: [created, null as unknown as string] },
    ];
    const db = t.app.ctx.database.db;
    let compared = 0;
    for (const who of ['qiye', 'shiji', 'zhengfu'] as DemoUser[]) {
      const user = await sessionOf(who);
      for (const f of filters) {
        const where = waybillWhere(user, f);
        const count = waybillCountSql(user, f, where);
        /** the same SQL unprepared: ids of page 1 and the total as the list shows it */
        const unprepared = async () => {
          const n = (await db.execute<{ n: number }>(count.sql)).rows[0]!.n;
          return { ids: (await db.execute(waybillPageSql(where, f, 10, 0))).rows.map((r) => r.id), total: count.capped ? Math.min(n, count.cap) : n };
        };
        const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
        for (let i = 0; i < 7; i++) {
          // Other test files write waybills meanwhile, and a list reads its page and its count in two statements: the
          // prepared page must be the unprepared one just before or just after it, and so must the count. Where nothing
          // moved between those two reads, the answer must be exactly theirs; where data moved every time, try again.
          let matched = false;
          for (let attempt = 0; attempt < 5 && !matched; attempt++) {
            const before = await unprepared();
            const got = await listWaybills(db, user, { page: 1, size: 10, filters: f });
            const after = await unprepared();
            const shown = { ids: got.content.map((r) => r.id), total: got.total };
            matched = [before.ids, after.ids].some((ids) => same(ids, shown.ids)) && [before.total, after.total].includes(shown.total);
            if (!matched && same(before, after)) expect(shown, `${who} ${JSON.stringify(f)}`).toEqual(before);
          }
          expect(matched, `${who} ${JSON.stringify(f)}: data moved under five tries`).toBe(true);
          compared++;
        }
      }
    }
    expect(compared).toBe(3 * filters.length * 7);
    // the filters narrowed something: the whole-plate list is not the unfiltered one
    const all = await listWaybills(db, await sessionOf('qiye'), { page: 1, size: 100 });
    const plate = await listWaybills(db, await sessionOf('qiye'), { page: 1, size: 100, filters: { plateNo: w.plate_no } });
    expect(plate.content.length).toBeGreaterThan(0);
    expect(plate.content.every((r) => r.plateNo === w.plate_no)).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(plate.total);
    // on PostgreSQL an enterprise's queue is prepared and runs on a generic plan, never planned again: the session that
    // holds the statements says so (the embedded database: nothing named)
    const one = connect(testDatabaseUrl(), 1);
    try {
      const isPg = await detectEngine(one);
      for (let i = 0; i < 7; i++) await listWaybills(one.db, await sessionOf('qiye'), { page: 1, size: 10, filters: { state: w.state } });
      const held = (await execPrepared<{ generic_plans: number; custom_plans: number }>(one.db, sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'q\\_%' and statement like '%from waybill w%'`, 'generic')).rows;
      expect(held.length > 0).toBe(isPg);
      for (const r of held) expect(r).toMatchObject({ generic_plans: expect.any(Number), custom_plans: 0 });
      expect(held.some((r) => r.generic_plans >= 7)).toBe(isPg);
      // 系统监控 counts the generic-plan pool's connection too (the embedded database has none)
      expect(poolStats(one).total).toBe(isPg ? 2 : 1);
    } finally { await one.close(); }
  });

  it("getRemindInfo's counts run on a generic plan for every side; a counter that declares another plan decides for its users", async () => {
    for (const who of ['qiye', 'shiji', 'zhengfu'] as DemoUser[]) {
      const q = remindSql(await sessionOf(who));
      expect(q, who).not.toBeNull();
      expect(q!.plan, who).toBe('generic');
    }
    const shiji = await sessionOf('shiji');
    const probe = { ...shiji, id: 'remind-plan-probe' };
    addRemindCounter((u) => (u.id === probe.id ? { unread: sql`select count(*)::int from notice where created_at > now() - interval '7 days'` } : {}), 'chosen');
    expect(remindSql(probe)!.plan).toBe('chosen');
    expect(remindSql(shiji)!.plan).toBe('generic');
  });

  it('count an area by the carrier districts rollup, kept by every transition; filtered area lists count to 1,000', async () => {
    // the rollup follows what a transition does: the rollup minus a count of the waybills (one statement, one snapshot)
    // stays the same across a submit and a delete of a draft — other files write (some straight into the table) meanwhile,
    // so where the difference moved, try again
    const qiye = await enterpriseOf(t, 'qiye');
    const offset = async (state: string) => (await t.sql(`select ((select coalesce(sum(n), 0) from waybill_region_state_count where carrier_region = $1 and state = $2)
      - (select count(*) from waybill where carrier_region = $1 and state = $2 and deleted_at is null))::int as d`, [qiye.regionCode, state]))[0].d as number;
    let kept = false;
    for (let attempt = 0; attempt < 5 && !kept; attempt++) {
      const before = [await offset('待调度'), await offset('草稿')];
      const [rollBefore] = await t.sql(`select coalesce(sum(n), 0)::int as n from waybill_region_state_count where carrier_region = $1 and state = '待调度'`, [qiye.regionCode]);
      ok(await t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody({ submit: true }) }));
      const draft = ok(await t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody() }));
      ok(await t.call('DELETE', `/api/dzyd/waybill/del/${draft.id}`, { as: 'qiye' }));
      const [rollAfter] = await t.sql(`select coalesce(sum(n), 0)::int as n from waybill_region_state_count where carrier_region = $1 and state = '待调度'`, [qiye.regionCode]);
      expect(rollAfter.n).toBeGreaterThan(rollBefore.n);
      kept = JSON.stringify([await offset('待调度'), await offset('草稿')]) === JSON.stringify(before);
    }
    expect(kept).toBe(true);
    const db = t.app.ctx.database.db;
    for (const who of ['shiji', 'zhengfu'] as DemoUser[]) {
      const user = await sessionOf(who);
      const count = waybillCountSql(user, { state: '运输中' }, waybillWhere(user, { state: '运输中' }));
      expect(count.capped).toBe(false);
      const [exact] = await t.sql(`select (select coalesce(sum(n), 0)::int from waybill_region_state_count where carrier_region like $1 and state = '运输中') as r,
        (select count(*)::int from waybill where carrier_region like $1 and state = '运输中' and deleted_at is null) as w`, [user.regionCode!.replace(/(00)+$/, '') + '%']);
      expect(exact.r).toBe(exact.w);
      // the list's total is the area's count of the base table (other files write waybills meanwhile: read until a
      // count and the table agree)
      await expect.poll(async () => {
        const n = (await db.execute<{ n: number }>(count.sql)).rows[0]!.n;
        const [w] = await t.sql(`select count(*)::int as n from waybill where carrier_region like $1 and state = '运输中' and deleted_at is null`, [user.regionCode!.replace(/(00)+$/, '') + '%']);
        return n - w.n;
      }, { timeout: 10_000 }).toBe(0);
    }
    const gov = await sessionOf('zhengfu');
    const ent = await sessionOf('qiye');
    // a goods class, a region, a date or a part of a plate: planned per call and counted to AREA_COUNT_CAP for an area
    expect(listPlan(gov, { goodsClass: '3' })).toBe('per call');
    expect(listPlan(gov, { plateNo: '浙A' })).toBe('per call');
    expect(listPlan(gov, { plateNo: '浙A12345' })).toBe('chosen');
    expect(listPlan(gov, { state: '运输中' })).toBe('chosen');
    // an enterprise's lists by state, number or whole plate run on a generic plan; an area's, or a value-sensitive
    // filter's, on PostgreSQL's choice
    expect(listPlan(ent, {})).toBe('generic');
    expect(listPlan(ent, { state: '运输中', plateNo: '浙A12345' })).toBe('generic');
    expect(listPlan(ent, { goodsClass: '3' })).toBe('chosen');
    expect(listPlan(ent, { plateNo: '浙A' })).toBe('chosen');
    expect(listPlan(gov, {})).toBe('chosen');
    expect(listPlan(gov, { state: '运输中' })).toBe('chosen');
    expect(waybillCountSql(gov, { goodsClass: '3' }, waybillWhere(gov, { goodsClass: '3' })).cap).toBe(AREA_COUNT_CAP);
    expect(waybillCountSql(ent, { goodsClass: '3' }, waybillWhere(ent, { goodsClass: '3' })).cap).toBe(LIST_COUNT_CAP);
  });
});
