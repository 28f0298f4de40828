/**
 * 运单统计 and 行业统计: the rollups equal a count over the base tables after issue, change, void and
 * missing masses; each statistic keeps to the user's scope, a city's figures add up to its province's, a figure's
 * drill-down lists as many waybills as it counts, the export carries the table, and bad filters name the field.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { STATS } from '@dg/core/stats';
import { testApp, type TestApp, type DemoUser } from '../helpers.ts';
import { moveRollups } from '../../src/modules/waybill/rollups.ts';
import { waybillIn, enterpriseOf, ok, GASOLINE, day } from '../waybill/fixtures.ts';

let t: TestApp;
let A: { id: string; regionCode: string };
let B: { id: string; regionCode: string };
const year = { from: `${day(0).slice(0, 4)}-01-01`, to: day(0) };

const stat = async (key: string, as: DemoUser, body: Record<string, unknown> = {}) =>
  ok(await t.call('POST', `/api/stat/${key}`, { as, body: { ...year, ...body } }));

/** rows of a rollup that differ from the same grouping over the base tables, in one statement (one snapshot) */
async function rollupDiff(table: string, keys: string, base: string, count = 'waybills') {
  const [r] = await t.sql(`with b as (${base}), r as (select ${keys}, ${count} as n, mass_kg::numeric as kg, mass_unknown as u from ${table} where ${count} <> 0 or mass_kg <> 0 or mass_unknown <> 0)
    select (select count(*) from (select * from b except select * from r) x)::int + (select count(*) from (select * from r except select * from b) y)::int as diff,
      (select count(*) from b)::int as n`);
  return r as { diff: number; n: number };
}
const COUNTED = `w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null`;
const DAY = `wb_cn_date(w.created_at)`;
const wsum = `count(*)::int as n, coalesce(sum(w.total_mass_kg), 0)::numeric as kg, count(*) filter (where w.total_mass_kg is null)::int as u`;
const city = (c: string) => `coalesce(left(${c}, 4) || '00', '')`;

beforeAll(async () => {
  t = await testApp();
  A = await enterpriseOf(t, 'qiye');
  B = await enterpriseOf(t, 'qiye2');
});

describe('rollups', () => {
  it('equal a count over the base tables after 下发, a change of goods and 作废', async () => {
    const { w: changed } = await waybillIn(t, '待装货', { as: 'qiye2' });
    ok(await t.call('POST', `/api/dzyd/waybill/change/${changed.id}`, { as: 'qiye2', body: { version: changed.version, reason: '减量', goods: [{ ...GASOLINE, quantity: 6 }] } }));
    const { w: voided } = await waybillIn(t, '待装货');
    ok(await t.call('POST', `/api/dzyd/waybill/cancel/${voided.id}`, { as: 'qiye', body: { version: voided.version, reason: '取消' } }));

    const checks = [
      ['waybill_daily_stat', `day, carrier_region, goods_class, waybill_type`,
        `select ${DAY} as day, w.carrier_region, coalesce(w.goods_classes[1], '-')::varchar as goods_class, w.waybill_type, ${wsum} from waybill w where ${COUNTED} group by 1, 2, 3, 4`],
      ['waybill_ent_daily', `day, enterprise_id, carrier_region, goods_class, waybill_type`,
        `select ${DAY} as day, w.enterprise_id, w.carrier_region, coalesce(w.goods_classes[1], '-')::varchar as goods_class, w.waybill_type, ${wsum} from waybill w where ${COUNTED} group by 1, 2, 3, 4, 5`],
      ['waybill_month_stat', `month, carrier_region, goods_class, waybill_type`,
        `select date_trunc('month', ${DAY})::date as month, w.carrier_region, coalesce(w.goods_classes[1], '-')::varchar as goods_class, w.waybill_type, ${wsum} from waybill w where ${COUNTED} group by 1, 2, 3, 4`],
      ['waybill_ent_month', `month, enterprise_id, carrier_region, goods_class, waybill_type`,
        `select date_trunc('month', ${DAY})::date as month, w.enterprise_id, w.carrier_region, coalesce(w.goods_classes[1], '-')::varchar as goods_class, w.waybill_type, ${wsum} from waybill w where ${COUNTED} group by 1, 2, 3, 4, 5`],
      ['waybill_ent_year', `year, enterprise_id, carrier_region, goods_class, waybill_type`,
        `select date_trunc('year', ${DAY})::date as year, w.enterprise_id, w.carrier_region, coalesce(w.goods_classes[1], '-')::varchar as goods_class, w.waybill_type, ${wsum} from waybill w where ${COUNTED} group by 1, 2, 3, 4, 5`],
      ['waybill_vehicle_year', `year, enterprise_id, vehicle_id, carrier_region, goods_class`,
        `select date_trunc('year', ${DAY})::date as year, w.enterprise_id, w.vehicle_id, w.carrier_region, coalesce(w.goods_classes[1], '-')::varchar as goods_class, ${wsum}
          from waybill w where ${COUNTED} and w.vehicle_id is not null group by 1, 2, 3, 4, 5`],
      ['waybill_flow_month', `month, carrier_region, enterprise_id, goods_class, origin_city, dest_city`,
        `select date_trunc('month', ${DAY})::date as month, w.carrier_region, w.enterprise_id, coalesce(w.goods_classes[1], '-')::varchar as goods_class,
          ${city('w.origin_region')}::varchar as origin_city, ${city('w.dest_region')}::varchar as dest_city, ${wsum} from waybill w where ${COUNTED} group by 1, 2, 3, 4, 5, 6`],
      ['waybill_flow_region_month', `month, carrier_region, goods_class, origin_city, dest_city`,
        `select date_trunc('month', ${DAY})::date as month, w.carrier_region, coalesce(w.goods_classes[1], '-')::varchar as goods_class,
          ${city('w.origin_region')}::varchar as origin_city, ${city('w.dest_region')}::varchar as dest_city, ${wsum} from waybill w where ${COUNTED} group by 1, 2, 3, 4, 5`],
      ['waybill_vehicle_month', `month, enterprise_id, vehicle_id, carrier_region, goods_class`,
        `select date_trunc('month', ${DAY})::date as month, w.enterprise_id, w.vehicle_id, w.carrier_region, coalesce(w.goods_classes[1], '-')::varchar as goods_class, ${wsum}
          from waybill w where ${COUNTED} and w.vehicle_id is not null group by 1, 2, 3, 4, 5`],
    ] as const;
    for (const [table, keys, base] of checks) {
      const r = await rollupDiff(table, keys, base);
      expect({ table, ...r }).toEqual({ table, diff: 0, n: expect.any(Number) });
      expect(r.n).toBeGreaterThan(0);
    }
    const goods = await rollupDiff('waybill_goods_month', 'month, carrier_region, enterprise_id, un_no, goods_class',
      `select date_trunc('month', ${DAY})::date as month, w.carrier_region, w.enterprise_id, g.un_no, g.goods_class::varchar,
        count(*)::int as n, coalesce(sum(g.mass_kg), 0)::numeric as kg, count(*) filter (where g.mass_kg is null)::int as u
        from waybill w join waybill_goods g on g.waybill_id = w.id and g.waybill_created_at = w.created_at where ${COUNTED} group by 1, 2, 3, 4, 5`, 'lines');
    expect(goods.diff).toBe(0);
    const goodsRegion = await rollupDiff('waybill_goods_region_month', 'month, carrier_region, un_no, goods_class',
      `select date_trunc('month', ${DAY})::date as month, w.carrier_region, g.un_no, g.goods_class::varchar,
        count(*)::int as n, coalesce(sum(g.mass_kg), 0)::numeric as kg, count(*) filter (where g.mass_kg is null)::int as u
        from waybill w join waybill_goods g on g.waybill_id = w.id and g.waybill_created_at = w.created_at where ${COUNTED} group by 1, 2, 3, 4`, 'lines');
    expect(goodsRegion.diff).toBe(0);
    // the running totals: every day (month) from the first counted waybill of its month (year) to the month's end (December)
    const running = (key: string[], step: 'day' | 'month', extra = '') => {
      const [unit, span, last] = step === 'day' ? [DAY, 'month', `interval '1 month - 1 day'`] : [`date_trunc('month', ${DAY})::date`, 'year', `interval '11 months'`];
      const cols = key.join(', '), fk = key.map((k) => `f.${k}`).join(', ');
      const win = (c: string) => `(sum(coalesce(d.${c}, 0)) over win)`;
      return `with d as (select ${unit} as at, ${key.map((k) => `w.${k}`).join(', ')}, ${wsum} from waybill w where ${COUNTED}${extra} group by 1, ${cols}),
          f as (select ${cols}, date_trunc('${span}', at)::date as p, min(at) as first from d group by ${cols}, date_trunc('${span}', at))
        select g.x::date as at, ${fk}, ${win('n')}::int as n, ${win('kg')}::numeric as kg, ${win('u')}::int as u
        from f cross join lateral generate_series(f.first, (f.p + ${last})::date, interval '1 ${step}') g(x)
          left join d on ${key.map((k) => `d.${k} = f.${k}`).join(' and ')} and d.at = g.x::date
        window win as (partition by ${fk}, f.p order by g.x)`;
    };
    for (const [table, at, key, step, extra] of [['waybill_ent_mtd', 'day', ['enterprise_id', 'carrier_region'], 'day', ''],
      ['waybill_ent_ytd', 'month', ['enterprise_id', 'carrier_region'], 'month', ''],
      ['waybill_vehicle_ytd', 'month', ['vehicle_id', 'enterprise_id', 'carrier_region'], 'month', ' and w.vehicle_id is not null']] as const) {
      const r = await rollupDiff(table, `${at}, ${key.join(', ')}`, running([...key], step, extra));
      expect({ table, ...r }).toEqual({ table, diff: 0, n: expect.any(Number) });
      expect(r.n).toBeGreaterThan(0);
    }

  });

  it('count a waybill whose mass is not known as a waybill with an unknown mass, never as 0 t', async () => {
    // the dispatch rules refuse such a waybill, but imported or older ones exist: the rollup step itself, rolled back
    const ent = randomUUID();
    const w = { createdAt: new Date(), enterpriseId: ent, carrierRegion: A.regionCode, goodsClasses: ['3'], waybillType: '普通', originRegion: '330102', destRegion: null,
      vehicleId: null, totalMassKg: null, distributedAt: new Date(), state: '待装货' };
    class Seen extends Error { constructor(public data: unknown) { super('rolled back'); } }
    const seen = await t.app.ctx.database.db.transaction(async (tx) => {
      await moveRollups(tx, null, { w, goods: [{ unNo: '1203', goodsClass: '3', massKg: null }] });
      const rows = async (q: SQL) => (await tx.execute(q)).rows;
      throw new Seen({
        day: await rows(sql`select waybills, mass_kg::float8 as kg, mass_unknown from waybill_ent_daily where enterprise_id = ${ent}`),
        goods: await rows(sql`select lines, mass_kg::float8 as kg, mass_unknown from waybill_goods_month where enterprise_id = ${ent}`),
        flow: await rows(sql`select origin_city, dest_city from waybill_flow_month where enterprise_id = ${ent}`),
      });
    }).then(() => null, (e: unknown) => { if (e instanceof Seen) return e.data; throw e; });
    expect(seen).toEqual({
      day: [{ waybills: 1, kg: 0, mass_unknown: 1 }],
      goods: [{ lines: 1, kg: 0, mass_unknown: 1 }],
      flow: [{ origin_city: '330100', dest_city: '' }],
    });
    expect(await t.sql(`select 1 from waybill_ent_daily where enterprise_id = $1`, [ent])).toEqual([]);
    // and the statistic says so
    const r = await t.sql(`select coalesce(sum(mass_unknown), 0)::int as u from waybill_daily_stat where day >= $1::date`, [year.from]);
    const total = await stat('total', 'zhengfu');
    expect(total.totals.unknown).toBe(r[0].u);
    expect(total.notes.length > 0).toBe(r[0].u > 0);
  });
});

describe('statistics', () => {
  it('answer every statistic for each side it is granted to, and refuse the others', async () => {
    for (const s of STATS) {
      const r = await stat(s.key, 'zhengfu');
      expect(r).toMatchObject({ title: s.title, chart: { type: s.chart } });
      expect(r.rows.length).toBeGreaterThan(0);
      const qiye = await t.call('POST', `/api/stat/${s.key}`, { as: 'qiye', body: year });
      expect(qiye.body.status).toBe(s.key === 'enterprise' || s.key.startsWith('industry') ? 40301 : 200);
    }
  });

  it('answer the same over a range of whole and partial months as day by day', async () => {
    const from = `${Number(day(0).slice(0, 4)) - 1}-11-17`;
    for (const as of ['zhengfu', 'qiye'] as const) {
      const byMonth = await stat('total', as, { from, to: day(0), granularity: 'month' });
      const byDay = await stat('total', as, { from, to: day(0), granularity: 'day' });
      const cls = await stat('class', as, { from, to: day(0) });
      const ent = as === 'zhengfu' ? await stat('enterprise', as, { from, to: day(0) }) : null;
      // other suites add waybills today: compare what the days before today sum to
      const before = (r: { rows: { period: string; waybills: number }[] }) => r.rows.filter((x) => x.period < day(0)).reduce((s, x) => s + x.waybills, 0);
      const dayTotal = byDay.rows.filter((x: { period: string }) => x.period < day(0).slice(0, 7)).reduce((s: number, x: { waybills: number }) => s + x.waybills, 0);
      const monthTotal = byMonth.rows.filter((x: { period: string }) => x.period < day(0).slice(0, 7)).reduce((s: number, x: { waybills: number }) => s + x.waybills, 0);
      expect(monthTotal).toBe(dayTotal);
      expect(before(byDay)).toBeGreaterThan(0);
      expect(cls.totals.waybills).toBeGreaterThanOrEqual(dayTotal);
      if (ent) expect(ent.notes[0]).toContain('家企业');
      // the year rollup (class, for one enterprise) and the month rollup (the chart by month) agree; other suites write meanwhile
      await expect.poll(async () => (await stat('class', as, { from, to: day(0) })).totals.waybills
        - (await stat('total', as, { from, to: day(0), granularity: 'month' })).totals.waybills).toBe(0);
    }
  });

  it('keep an enterprise to its own waybills and a city to its own; the cities add up to the province', async () => {
    const direct = async (where: string, params: unknown[]) => (await t.sql(`select count(*)::int as n from waybill w where ${COUNTED}
      and w.created_at >= $1::date - interval '8 hours' and ${where}`, [year.from, ...params]))[0].n as number;
    await expect.poll(async () => (await stat('total', 'qiye')).totals.waybills - await direct('w.enterprise_id = $2', [A.id])).toBe(0);
    // what qiye asks for another enterprise is still its own
    const forced = await stat('class', 'qiye', { enterpriseId: B.id });
    const own = await stat('class', 'qiye');
    expect(forced.totals.waybills).toBe(own.totals.waybills);
    await expect.poll(async () => (await stat('total', 'shiji')).totals.waybills - await direct(`left(w.carrier_region, 4) = $2`, [A.regionCode.slice(0, 4)])).toBe(0);
    await expect.poll(async () => {
      const prov = await stat('class', 'zhengfu');
      const cities = (await t.sql(`select distinct left(carrier_region, 4) || '00' as c from waybill_daily_stat`)).map((r) => r.c as string);
      let sum = 0;
      for (const c of cities) sum += (await stat('class', 'zhengfu', { regionCode: c })).totals.waybills;
      return sum - prov.totals.waybills;
    }).toBe(0);
    // the shiji user asking for a city outside its own sees nothing of it, where the province sees its waybills (the
    // demo's waybills run from more than one city)
    const [other] = await t.sql(`select left(carrier_region, 4) || '00' as c from waybill_daily_stat where left(carrier_region, 4) <> $1
      group by 1 order by sum(waybills) desc limit 1`, [A.regionCode.slice(0, 4)]);
    expect(other).toBeDefined();
    expect((await stat('total', 'zhengfu', { regionCode: other.c })).totals.waybills).toBeGreaterThan(0);
    expect((await stat('total', 'shiji', { regionCode: other.c })).totals.waybills).toBe(0);
  });

  it('a figure opens as many waybills as it counts, for classes, enterprises, flows and empty runs', async () => {
    const pairs: [string, string][] = [['class', 'waybills'], ['enterprise', 'waybills'], ['flow', 'waybills'], ['empty', 'empty'], ['abnormal', 'count']];
    for (const [key, figure] of pairs) {
      await expect.poll(async () => {
        const r = await stat(key, 'zhengfu', key === 'empty' ? { granularity: 'month' } : {});
        const row = r.rows.find((x: Record<string, unknown>) => Number(x[figure]) > 0);
        const list = ok(await t.call('POST', '/api/stat/waybills', { as: 'zhengfu', body: { page: 1, size: 1, drill: row.drill } }));
        // the answer says what it lists: 异常运单's figures count findings, the others waybills
        return [list.kind, list.total - Number(row[figure])];
      }, { timeout: 15_000 }).toEqual([key === 'abnormal' ? 'findings' : 'waybills', 0]);
    }
    // an enterprise's drill-down stays its own, whatever it names
    const r = await stat('class', 'qiye');
    const list = ok(await t.call('POST', '/api/stat/waybills', { as: 'qiye', body: { page: 1, size: 50, drill: { ...r.rows[0].drill, enterpriseId: B.id } } }));
    expect(list.content.every((w: { enterpriseId: string }) => w.enterpriseId === A.id)).toBe(true);
    // a drill-down row is a list row with the load and type it shows, not the whole waybill (no phones, no licence numbers)
    expect(list.content[0]).toMatchObject({ waybillType: expect.any(String), totalMassKg: expect.anything(), originRegionName: expect.anything() });
    expect(list.content[0]).not.toHaveProperty('driverPhone');
    expect(list.content[0]).not.toHaveProperty('carrierLicenceNo');
  });

  it('ranks vehicles and enterprises by the waybills and tonnes a count over the base tables gives, over a range across a year end', async () => {
    // from the 17th of November last year: running totals of two years, a partial first month and (enterprises) days
    const from = `${Number(day(0).slice(0, 4)) - 1}-11-17`;
    const monthStart = `${from.slice(0, 7)}-01`;
    const base = async (key: 'vehicle_id' | 'enterprise_id', id: string, first: string) => (await t.sql(`select count(*)::int as n,
        coalesce(sum(w.total_mass_kg), 0)::numeric as kg from waybill w where ${COUNTED} and ${DAY} >= $1::date and ${DAY} <= $2::date and w.${key} = $3`, [first, day(0), id]))[0] as { n: number; kg: string };
    for (const [key, column, first] of [['vehicle', 'vehicle_id', monthStart], ['enterprise', 'enterprise_id', from]] as const) {
      await expect.poll(async () => {
        const r = await stat(key, 'zhengfu', { from, to: day(0) });
        const wrong: unknown[] = [];
        for (const row of r.rows.slice(0, 5)) {
          const b = await base(column, String(row.key), first);
          if (b.n !== row.waybills || Math.abs(Number(b.kg) / 1000 - row.tonnes) > 0.01) wrong.push([row.key, row.waybills, row.tonnes, b]);
        }
        return [r.rows.length > 0, wrong];
      }, { timeout: 15_000 }).toEqual([true, []]);
    }
  });

  it('ranks an enterprise user\'s own vehicles only', async () => {
    const own = new Set((await t.sql(`select id from vehicle where enterprise_id = $1`, [A.id])).map((r) => r.id as string));
    const r = await stat('vehicle', 'qiye', { enterpriseId: B.id });
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.filter((x: { key: string }) => !own.has(x.key))).toEqual([]);
  });

  it('exports the table as xlsx with the same figures', async () => {
    const r = await stat('enterprise', 'zhengfu');
    const x = await t.app.inject({ method: 'POST', url: '/api/stat/enterprise/export', headers: { authorization: await t.token('zhengfu') }, payload: year });
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, ...r.columns.map((c: { title: string }) => c.title)]);
    const first = ws.getRow(3).values as unknown[];
    // other files issue waybills meanwhile: the sheet's figures lie between the table read before and the one after
    const after = await stat('enterprise', 'zhengfu');
    expect([r.rows[0].enterpriseName, after.rows[0].enterpriseName]).toContain(first[2]);
    const of = (x: { rows: { enterpriseName: string; waybills: number }[] }) => x.rows.find((row) => row.enterpriseName === first[2])?.waybills ?? 0;
    expect(Number(first[4])).toBeGreaterThanOrEqual(Math.min(of(r), of(after)));
    expect(Number(first[4])).toBeLessThanOrEqual(Math.max(of(r), of(after)));
    expect((await t.app.inject({ method: 'POST', url: '/api/stat/total/export', headers: { authorization: await t.token('qiye') }, payload: year })).statusCode).toBe(200);
  });

  it('industry figures count the records of the jurisdiction', async () => {
    const v = await stat('industryVehicle', 'zhengfu');
    const [n] = await t.sql(`select count(*)::int as n from vehicle v join enterprise e on e.id = v.enterprise_id
      where v.status <> '报废' and e.status <> '注销' and e.audit_status not in ('待审核', '已驳回') and e.region_code like $1`, [A.regionCode.slice(0, 2) + '%']);
    // cached a few minutes: other suites add vehicles meanwhile, so the figure is at most the count now
    expect(v.totals.total).toBeLessThanOrEqual(n.n);
    expect(v.totals.total).toBeGreaterThan(0);
    expect(v.refreshedAt).toEqual(expect.any(String));
    const city = await stat('industryStaff', 'shiji');
    expect(city.rows.every((r: { key: string }) => r.key.startsWith(A.regionCode.slice(0, 4)))).toBe(true);
    const validity = await stat('industryValidity', 'zhengfu');
    for (const row of validity.rows) expect(row.valid + row.due + row.expired).toBe(row.total);
  });

  it('names the field of a bad filter', async () => {
    const bad = async (body: Record<string, unknown>) => (await t.call('POST', '/api/stat/total', { as: 'zhengfu', body })).body;
    expect(await bad({ from: '2026-13-01' })).toMatchObject({ status: 40001, message: '统计日期：日期格式不正确，应为YYYY-MM-DD' });
    expect(await bad({ from: '2026-05-01', to: '2026-04-01' })).toMatchObject({ status: 40001, message: '统计日期：开始日期不能晚于结束日期' });
    expect(await bad({ from: '2020-01-01', to: '2026-01-01' })).toMatchObject({ status: 40001, message: '统计日期：一次最多统计3年' });
    expect(await bad({ regionCode: '33' })).toMatchObject({ status: 40001, message: '地区：请选择正确的行政区划' });
    expect(await bad({ enterpriseId: 'x' })).toMatchObject({ status: 40001, message: '企业：请选择有效的企业' });
    expect(await bad({ goodsClass: '12' })).toMatchObject({ status: 40001, message: '货物类别：请选择第1类至第9类' });
    expect((await t.call('POST', '/api/stat/waybills', { as: 'zhengfu', body: { drill: { from: 'x', to: 'y' } } })).body).toMatchObject({ status: 40001, message: '统计日期：日期格式不正确，应为YYYY-MM-DD' });
  });
});
