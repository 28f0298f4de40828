/**
 * 电子运单 at province scale: a province writes ~30,000 waybills a day, 10 million a year.
 *
 * On PostgreSQL: generates `waybills` waybills (default 10 million; bench/run.ts passes --waybills) over the
 * last 365 days with their goods lines, numbers and rollups by set-based SQL (generate_series, in chunks),
 * for ~5,000 enterprises of the province with 20 vehicles and 40 drivers/escorts each (scaled down with the
 * count), then VACUUM ANALYZE. Measured through the real API of the running server: government monitoring
 * (first page, several filters, province and city), the enterprise's queue lists, getRemindInfo, the
 * dispatch compliance check, state counts — p50/p99 — and EXPLAIN of each query, saying whether any plan
 * reads the waybill table with a Seq Scan. Prints tables; asserts nothing.
 *
 * `npm run bench -- --suite waybill --waybills 10000000`, or alone:
 * `node --import tsx bench/waybill.ts [count]` (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/dg_wb_bench).
 */
import { spawnSync } from 'node:child_process';
import { sql, type SQL } from 'drizzle-orm';
import { connect, type Database } from '../server/src/db/index.ts';
import { provinceTree } from '../server/src/platform/regions.ts';
import type { SessionUser } from '../server/src/platform/access.ts';
import { hashPassword } from '../server/src/platform/crud/write.ts';
import { generateWaybills, createCrewTable, restoreIndexes } from '../server/src/modules/waybill/generate.ts';
import { waybillWhere, waybillPageSql, waybillCountSql, regionStateArea } from '../server/src/modules/waybill/list.ts';
import { ensurePartitions } from '../server/src/modules/waybill/index.ts';
import { WAYBILL_QUEUES } from '@dg/core/waybill';
import { STATS, statDef, type StatQuery } from '@dg/core/stats';
import { COMPUTE } from '../server/src/modules/stats/definitions.ts';
import { readStatFilters } from '../server/src/modules/stats/filters.ts';
import { moveRollups, counts, ROLLUP_TABLES } from '../server/src/modules/waybill/rollups.ts';
import { goodsOf } from '../server/src/modules/waybill/service.ts';
import { toRow } from '../server/src/modules/waybill/list.ts';
import { remindSql } from '../server/src/modules/shell/remind.ts';
import { getOk, load, post, type LoadResult } from './load.ts';
// the areas that add getRemindInfo's counts (each registers its counter when loaded)
import '../server/src/modules/regime/regimes.ts';
import '../server/src/modules/notice/messages.ts';
import '../server/src/modules/notice/staff-notices.ts';

/**
 * BENCH_COLD=1: before each monitoring measure PostgreSQL stops, the OS drops its page cache and PostgreSQL starts
 * again (BENCH_PG_RESTART overrides the commands; the default needs root and Debian's pg_ctlcluster), so the measure's
 * first call reads from disk as the first supervisor's does after a restart. The server's pools drop the connections
 * the shutdown ended; the call waits until /api/ready answers.
 */
const COLD = process.env.BENCH_COLD === '1';
async function coldDatabase(baseUrl: string) {
  const restart = process.env.BENCH_PG_RESTART ?? 'pg_ctlcluster 15 main stop -m fast && sync && echo 3 > /proc/sys/vm/drop_caches && pg_ctlcluster 15 main start';
  const r = spawnSync('sh', ['-c', restart], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`BENCH_COLD: restarting PostgreSQL failed: ${r.stderr || r.stdout}`);
  for (let i = 0; ; i++) {
    if (await getOk(`${baseUrl}/api/ready`).catch(() => false)) return;
    if (i > 300) throw new Error('BENCH_COLD: the server did not become ready after the restart');
    await new Promise((done) => setTimeout(done, 100));
  }
}

export interface WaybillBenchContext {
  baseUrl: string;
  databaseUrl: string;
  token(user: string, password: string): Promise<string>;
  label?: string;
  seconds?: number;
  waybills?: number;
}

const PROVINCE = process.env.PROVINCE_CODE ?? '330000';
const BENCH_USER = 'benchwaybill';
const BENCH_PASSWORD = 'bench123';
const log = (...a: unknown[]) => console.log('[waybill bench]', ...a);

async function q<T = Record<string, any>>(db: Database, text: SQL | string): Promise<T[]> {
  return (await db.db.execute(typeof text === 'string' ? sql.raw(text) : text)).rows as T[];
}

/** enterprises, vehicles and staff of the bench (their own rows, marked 'BENCH'), and the crew table */
async function seedMasterData(db: Database, count: number) {
  const enterprises = Math.max(20, Math.min(5000, Math.round(count / 2000)));
  const perEnt = 20;
  const districts = (provinceTree(PROVINCE)[0]?.children ?? []).flatMap((c) => (c.children ?? []).filter((d) => !d.name.endsWith('市辖区')).map((d) => d.id));
  const regions = `(array[${districts.map((d) => `'${d}'`).join(',')}]::text[])`;
  const old = `(select id from enterprise where credit_code like 'BENCHWB%')`;
  await q(db, `delete from base_user where enterprise_id in ${old}`);
  await q(db, `delete from vehicle where enterprise_id in ${old}`);
  await q(db, `delete from staff where enterprise_id in ${old}`);
  await q(db, `delete from enterprise where credit_code like 'BENCHWB%'`);
  await q(db, `insert into enterprise (name, credit_code, legal_person, licence_no, licence_expiry, business_scope, region_code, address, phone, status, audit_status)
    select '测试危货运输企业' || g || '号', 'BENCHWB' || lpad(g::text, 11, '0'), '法人' || g, '浙交运管许可' || lpad(g::text, 8, '0'), current_date + 365,
      '{2,3,8,9}', ${regions}[1 + g % ${districts.length}], '工业路' || g || '号', '0571-8' || lpad(g::text, 7, '0'), '正常', '已通过'
    from generate_series(1, ${enterprises}) g`);
  const ents = `(select id, region_code, name, phone, licence_no, row_number() over (order by credit_code) - 1 as k from enterprise where credit_code like 'BENCHWB%')`;
  await q(db, `insert into vehicle (enterprise_id, plate_no, plate_color, vehicle_type, brand_model, vin, approved_load, total_mass, transport_cert_no, transport_cert_expiry,
      annual_review_expiry, inspection_expiry, tech_grade, compulsory_insurance_expiry, carrier_insurance_expiry, register_date, status, audit_status)
    select e.id, '浙' || chr(65 + (e.k % 11)::int) || lpad(((e.k * ${perEnt} + v) % 100000)::text, 5, '0'), '2', 'tanker', '测试 运油车', 'LBENCH' || lpad((e.k * ${perEnt} + v)::text, 11, '0'),
      30000, 40000, '浙交运管' || (e.k * ${perEnt} + v), current_date + 200, current_date + 200, current_date + 200, '一级', current_date + 200, current_date + 200, '2020-01-01', '营运', '已通过'
    from ${ents} e, generate_series(1, ${perEnt}) v`);
  await q(db, `insert into staff (enterprise_id, name, sex, id_card, mobile, post, qualification_no, qualification_types, qualification_expiry, status)
    select e.id, case when s % 2 = 0 then '驾驶员' else '押运员' end || (e.k * 100 + s), '1', 'BENCH' || lpad((e.k * 100 + s)::text, 13, '0'), '139' || lpad((e.k * 100 + s)::text, 8, '0'),
      case when s % 2 = 0 then '驾驶员' else '押运员' end, 'Q' || (e.k * 100 + s), case when s % 2 = 0 then '{driver}'::text[] else '{escort}'::text[] end, current_date + 700, '在职'
    from ${ents} e, generate_series(1, ${perEnt * 2}) s`);
  await createCrewTable(db.db, 'wbgen_crew');
  // fresh statistics first: planned on empty-table estimates, the lateral joins below scanned every vehicle and staff
  // row once per enterprise (5,000 × 300,000 rows: minutes)
  await q(db, `analyze enterprise, vehicle, staff`);
  await q(db, `insert into wbgen_crew
    select (row_number() over (order by e.k, v.plate_no) - 1)::int, e.id, e.region_code, e.name, e.phone, e.licence_no, v.id, v.plate_no, '2', v.transport_cert_no, null, null, null, null, null, null,
      d.id, d.name, d.qualification_no, d.mobile, s.id, s.name, s.qualification_no, s.mobile, '调度员'
    from ${ents} e
    join lateral (select id, plate_no, transport_cert_no, row_number() over (order by plate_no) as n from vehicle where enterprise_id = e.id) v on true
    join lateral (select id, name, qualification_no, mobile, row_number() over (order by name) as n from staff where enterprise_id = e.id and post = '驾驶员') d on d.n = v.n
    join lateral (select id, name, qualification_no, mobile, row_number() over (order by name) as n from staff where enterprise_id = e.id and post = '押运员') s on s.n = v.n`);
  return { enterprises, vehicles: enterprises * perEnt, staff: enterprises * perEnt * 2, districts };
}

/**
 * The generator's chunk: 250,000 waybills, or a 40th of a larger count. Each chunk also moves the rollups of every
 * enterprise and vehicle it touches (a vehicle's year-to-date row up to December: ~a million upserts a chunk, however
 * many waybills it holds), so 30 million in chunks of 250,000 spent most of its time on rollups
 */
const chunkOf = (count: number) => Math.max(250_000, Math.ceil(count / 40 / 50_000) * 50_000);

const SEQ_SCAN = /Seq Scan on (waybill(?:_p\d{6}|_pdefault)?)(?![\w])/g;

export async function benchWaybill(c: WaybillBenchContext) {
  const count = Number(c.waybills ?? process.env.BENCH_WAYBILLS ?? 10_000_000);
  const seconds = c.seconds ?? 5;
  const label = c.label ?? 'PostgreSQL';
  // one connection: the generator uses temporary tables
  const db = connect(c.databaseUrl, 1);
  try {
    const timings: { step: string; seconds: number; rows?: number }[] = [];
    const step = async <T>(name: string, fn: () => Promise<T>, rows?: number) => {
      const t0 = performance.now();
      const r = await fn();
      timings.push({ step: name, seconds: Math.round((performance.now() - t0) / 100) / 10, rows });
      log(`${name}: ${timings.at(-1)!.seconds} s`);
      return r;
    };
    await q(db, `set synchronous_commit = off`);
    await restoreIndexes(db.db); // an aborted earlier run may have left them dropped
    const existing = (await q<{ n: number }>(db, `select count(*)::int as n from waybill w join enterprise e on e.id = w.enterprise_id where e.credit_code like 'BENCHWB%'`))[0]!.n;
    let master: Awaited<ReturnType<typeof seedMasterData>> | null = null;
    if (existing < count * 0.99) {
      if (existing) {
        await step('remove earlier bench waybills', async () => {
          await q(db, `truncate waybill, waybill_goods, waybill_number, waybill_transition, waybill_state_count, ${ROLLUP_TABLES.join(', ')}, waybill_crew_lock, abnormal_waybill, checklist`);
          await q(db, `delete from sequence_counter where key like 'waybill:%'`);
        });
      }
      master = await step('enterprises, vehicles, staff', () => seedMasterData(db, count));
      const now = Date.now();
      const from = now - 365 * 86400_000;
      await step('monthly partitions', () => ensurePartitions(db.db, new Date(from - 40 * 86400_000).toISOString().slice(0, 10), new Date(now + 90 * 86400_000).toISOString().slice(0, 10)));
      let last = performance.now();
      await step(`generate ${count.toLocaleString()} waybills + goods lines + numbers + rollups`, () => generateWaybills(db.db, {
        crewTable: 'wbgen_crew', count, fromMs: from, toMs: now - 60_000, provinceCode: PROVINCE, regions: master!.districts, recentMs: 86400_000, chunk: chunkOf(count), bulk: count >= 500_000,
        onProgress: (done) => { if (performance.now() - last > 15_000 || done === count) { last = performance.now(); log(`  ${done.toLocaleString()} / ${count.toLocaleString()}`); } },
      }), count);
      await step('VACUUM ANALYZE', async () => {
        for (const t of ['waybill', 'waybill_goods', 'waybill_number', ...ROLLUP_TABLES, 'waybill_state_count', 'enterprise', 'vehicle', 'staff']) await q(db, `vacuum analyze ${t}`);
      });
    } else log(`reusing ${existing.toLocaleString()} bench waybills already in the database`);

    const sizes = await q<{ table: string; rows: number; size: string }>(db, `
      select t as table, (select sum(c.reltuples)::bigint from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = t::regclass) as rows,
        pg_size_pretty((select sum(pg_total_relation_size(i.inhrelid)) from pg_inherits i where i.inhparent = t::regclass)) as size
      from unnest(array['waybill', 'waybill_goods']) t`);

    // ───── the bench enterprise's user ─────
    const ent = (await q<{ id: string; region_code: string }>(db, `select id, region_code from enterprise where credit_code = 'BENCHWB00000000001'`))[0]!;
    await q(db, sql`delete from base_user where username = ${BENCH_USER}`);
    const uid = (await q<{ id: string }>(db, sql`insert into base_user (name, username, password, side, enterprise_id, status) values ('压测调度员', ${BENCH_USER}, ${await hashPassword(BENCH_PASSWORD)}, 'enterprise', ${ent.id}, '1') returning id`))[0]!.id;
    await q(db, sql`insert into base_group_member (group_id, user_id) select id, ${uid} from base_group where code = 'enterpriseAdmin'`);
    const entToken = await c.token(BENCH_USER, BENCH_PASSWORD);
    const govToken = await c.token('zhengfu', 'zhengfu123');
    const cityToken = await c.token('shiji', 'zhengfu123');

    // a 待调度 waybill of that enterprise and a free crew for the compliance check
    let pending = (await q<{ id: string }>(db, sql`select id from waybill where enterprise_id = ${ent.id} and state = '待调度' and deleted_at is null limit 1`))[0]?.id;
    if (!pending) {
      const w = await post(`${c.baseUrl}/api/dzyd/waybill/add`, { submit: true, shipperName: '压测托运人', shipperPhone: '0571-86001234', consigneeName: '压测收货人', consigneePhone: '0571-86001235', loaderName: '压测装货站',
        startDate: new Date().toISOString().slice(0, 10), originRegion: ent.region_code, originAddress: '园区1号', destRegion: ent.region_code, destAddress: '路2号', goods: [{ unNo: '1203', goodsName: '车用汽油或汽油', goodsClass: '3', packingGroup: 'II', quantity: 20, unit: '吨' }] }, entToken);
      pending = w.data?.id;
    }
    const crew = (await q<{ vehicle_id: string; driver_id: string; escort_id: string }>(db, sql`select vehicle_id, driver_id, escort_id from wbgen_crew where enterprise_id = ${ent.id} limit 1`))[0]
      ?? (await q<{ vehicle_id: string; driver_id: string; escort_id: string }>(db, sql`select (select id from vehicle where enterprise_id = ${ent.id} limit 1) as vehicle_id,
        (select id from staff where enterprise_id = ${ent.id} and post = '驾驶员' limit 1) as driver_id, (select id from staff where enterprise_id = ${ent.id} and post = '押运员' limit 1) as escort_id`))[0]!;
    const anyEnt = (await q<{ enterprise_id: string }>(db, `select enterprise_id from wbgen_crew where idx = 7`))[0]?.enterprise_id ?? ent.id;
    const plate = (await q<{ plate_no: string }>(db, `select plate_no from wbgen_crew where idx = 7`))[0]?.plate_no ?? '浙A00001';
    const cityOf = ent.region_code.slice(0, 4) + '00';
    const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);

    // ───── measured calls, each with the SQL its handler runs (for EXPLAIN) ─────
    const gov: SessionUser = { id: uid, username: 'zhengfu', name: 'x', side: 'government', enterpriseId: null, orgId: null, regionCode: PROVINCE, isSuper: false, menus: new Set(), elements: new Set(), token: {} as never };
    const city: SessionUser = { ...gov, regionCode: '330100' };
    const entUser: SessionUser = { ...gov, side: 'enterprise', enterpriseId: ent.id, regionCode: null };
    /** the SQL listWaybills runs: the page, and the count */
    const listSql = (u: SessionUser, f: Record<string, unknown>, state?: string, page = 1): SQL[] => {
      const where = waybillWhere(u, f, state);
      return [waybillPageSql(where, f, 20, (page - 1) * 20), waybillCountSql(u, f, where, state).sql];
    };
    type Measure = { name: string; call: () => Promise<boolean>; sql: SQL[] };
    const listCall = (token: string, url: string, body: unknown) => () => post(url, body, token).then((r) => r.status === 200);
    const monitor = (name: string, f: Record<string, unknown>, u = gov, token = govToken, page = 1): Measure =>
      ({ name: `监控 ${name}`, call: listCall(token, `${c.baseUrl}/api/ydjg/waybill/list`, { page, size: 20, filters: f }), sql: listSql(u, f, undefined, page) });
    const measures: Measure[] = [
      monitor('全省 无筛选', {}),
      monitor('全省 状态=运输中', { state: '运输中' }),
      monitor('全省 货物类别=8', { goodsClass: '8' }),
      monitor('全省 近7天', { createdAt: [day(-7), day(0)] }),
      monitor('全省 企业', { enterpriseId: anyEnt }),
      monitor('全省 起运地=地市', { originRegion: cityOf }),
      monitor('全省 已完成+第3类+近30天', { state: '已完成', goodsClass: '3', createdAt: [day(-30), day(0)] }),
      monitor('全省 车牌（整车牌）', { plateNo: plate }),
      monitor('全省 车牌前缀', { plateNo: plate.slice(0, 5) }),
      monitor('全省 目的地=地市', { destRegion: '330200' }),
      monitor('全省 状态=运输中+第3类', { state: '运输中', goodsClass: '3' }),
      monitor('全省 企业+近30天', { enterpriseId: anyEnt, createdAt: [day(-30), day(0)] }),
      monitor('全省 第500页', {}, gov, govToken, 500),
      monitor('地市 无筛选', {}, city, cityToken),
      monitor('地市 目的地=地市+近7天', { destRegion: '330200', createdAt: [day(-7), day(0)] }, city, cityToken),
      monitor('地市 货物类别=3', { goodsClass: '3' }, city, cityToken),
      monitor('地市 车牌前缀', { plateNo: plate.slice(0, 5) }, city, cityToken),
      monitor('地市 状态=运输中+近7天', { state: '运输中', createdAt: [day(-7), day(0)] }, city, cityToken),
      { name: '监控 状态统计（全省）', call: () => getOk(`${c.baseUrl}/api/ydjg/waybill/stateCounts`, govToken),
        sql: [sql`select s.state, sum(s.n)::int as n from waybill_region_state_count s where ${regionStateArea(gov)} group by s.state`] },
      ...Object.entries(WAYBILL_QUEUES).map(([queue, qd]) => ({
        name: `企业 ${qd.title}队列`, call: listCall(entToken, `${c.baseUrl}/api/dzyd/waybill/${queue}/list`, { page: 1, size: 20 }), sql: listSql(entUser, {}, qd.state),
      })),
      { name: '企业 运单管理（全部）', call: listCall(entToken, `${c.baseUrl}/api/dzyd/waybill/manage/list`, { page: 1, size: 20 }), sql: listSql(entUser, {}) },
      { name: '企业 运单管理 车牌+近30天', call: listCall(entToken, `${c.baseUrl}/api/dzyd/waybill/manage/list`, { page: 1, size: 20, filters: { plateNo: '浙A', createdAt: [day(-30), day(0)] } }), sql: listSql(entUser, { plateNo: '浙A', createdAt: [day(-30), day(0)] }) },
      { name: 'getRemindInfo', call: () => getOk(`${c.baseUrl}/api/index/indexQyd/getRemindInfo`, entToken),
        sql: [remindSql(entUser)!.sql] },
      { name: '调度合规检查', call: () => post(`${c.baseUrl}/api/dzyd/waybill/compliance`, { waybillId: pending, vehicleId: crew.vehicle_id, driverId: crew.driver_id, escortId: crew.escort_id }, entToken).then((r) => r.status === 200 && Array.isArray(r.data?.problems)),
        sql: [sql`select l.resource_id, w.waybill_no, w.state from waybill_crew_lock l join waybill w on w.id = l.waybill_id and w.created_at = l.waybill_created_at
          where l.resource_id in (${crew.vehicle_id}, ${crew.driver_id}, ${crew.escort_id}) and l.waybill_id <> ${pending ?? null}`,
          sql`select * from waybill_goods where waybill_id = ${pending ?? null} and waybill_created_at = ${pending ? new Date(parseInt(pending.replace(/-/g, '').slice(0, 12), 16)) : null}`] },
    ];

    // 运单统计: each statistic over a province-year and a city-month, with the SQL its handler runs (captured)
    const statSql = async (key: string, u: SessionUser, body: StatQuery): Promise<SQL[]> => {
      const captured: SQL[] = [];
      const spy = { execute: (x: SQL) => { captured.push(x); return db.db.execute(x); } } as unknown as typeof db.db;
      await COMPUTE[key]!(spy, readStatFilters(u, statDef(key)!, body), { provinceCode: PROVINCE });
      return captured;
    };
    const provinceYear: StatQuery = { from: day(-364), to: day(0) };
    const cityMonth: StatQuery = { from: day(-30), to: day(0) };
    for (const s of STATS.filter((x) => !x.key.startsWith('industry'))) {
      for (const [scope, u, token, body] of [['全省一年', gov, govToken, provinceYear], ['地市一月', city, cityToken, cityMonth]] as const) {
        measures.push({ name: `统计 ${s.title} ${scope}`, call: listCall(token, `${c.baseUrl}/api/stat/${s.key}`, body), sql: await statSql(s.key, u, body) });
      }
    }

    const rows: (LoadResult & { measure: string; cold: number | '' })[] = [];
    const plans: { measure: string; plan: string; seqScanOnWaybill: string; emptyPartitionsSeqScanned: number }[] = [];
    // BENCH_ONLY=<regular expression>: only the measures whose names match (e.g. BENCH_ONLY=监控)
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    for (const m of measures) {
      if (only && !only.test(m.name)) continue;
      let cold: number | '' = '';
      if (COLD && m.name.startsWith('监控')) {
        await coldDatabase(c.baseUrl);
        const t0 = performance.now();
        if (!(await m.call())) throw new Error(`${m.name}: the first call after the restart failed`);
        cold = Math.round(performance.now() - t0);
      }
      await m.call(); // warm
      rows.push({ measure: m.name, cold, ...(await load(m.call, { concurrency: 4, seconds })) });
      const seen = new Set<string>();
      let first = '';
      for (const s of m.sql) {
        const text = (await db.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${s}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
        if (!first) first = text.split('\n').slice(0, 3).map((l) => l.trim()).join(' | ').slice(0, 150);
        for (const hit of text.matchAll(SEQ_SCAN)) seen.add(hit[1]!);
      }
      // the planner reads an empty partition (months ahead, the default) with a Seq Scan of no rows: named apart
      const empty = new Set((await q<{ relname: string }>(db, `select relname from pg_class where relname like 'waybill_p%' and relkind = 'r' and reltuples <= 0`)).map((r) => r.relname));
      const real = [...seen].filter((x) => !empty.has(x));
      const none = [...seen].filter((x) => empty.has(x));
      plans.push({ measure: m.name, plan: first, seqScanOnWaybill: real.length ? real.join(', ') : 'no', emptyPartitionsSeqScanned: none.length });
    }

    console.log(`\nwaybill — ${label}: data`);
    console.table([...timings.map((t) => ({ step: t.step, seconds: t.seconds, 'rows/s': t.rows ? Math.round(t.rows / t.seconds) : '' })),
      ...(master ? [{ step: `master data: ${master.enterprises} enterprises, ${master.vehicles} vehicles, ${master.staff} staff`, seconds: '', 'rows/s': '' }] : []),
      ...sizes.map((s) => ({ step: `${s.table}: ${Number(s.rows).toLocaleString()} rows, ${s.size}`, seconds: '', 'rows/s': '' }))]);
    console.log(`\nwaybill — ${label}: API latency (4 concurrent callers, ${seconds} s each; ms)`);
    if (COLD) console.log('cold: the first call after PostgreSQL restarted and the OS dropped its page cache (BENCH_COLD=1)');
    console.table(rows.map((r) => ({ measure: r.measure, ...(COLD ? { cold: r.cold } : {}), requests: r.requests, errors: r.errors, rps: r.rps, p50: r.p50, p99: r.p99, max: r.max })));
    console.log(`\nwaybill — ${label}: EXPLAIN of each measured query (Seq Scan on the waybill table or one of its partitions?)`);
    console.table(plans);
    // the write overhead of the rollups: a 作废 of an issued waybill (lock, update) with and without moving its contribution, rolled back
    const sample = await q<Record<string, unknown>>(db, `select * from waybill where state = '待装货' and deleted_at is null order by created_at desc limit 200`);
    class Rollback extends Error {}
    const timeTx = async (withRollups: boolean) => {
      const times: number[] = [];
      for (const r of sample) {
        const wb = toRow(r);
        const t0 = performance.now();
        await db.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from waybill where id = ${wb.id} and created_at = ${wb.createdAt} for update`);
          const before = withRollups && counts(wb) ? { w: wb, goods: await goodsOf(tx, wb) } : null;
          await tx.execute(sql`update waybill set state = '已作废', version = version + 1 where id = ${wb.id} and created_at = ${wb.createdAt}`);
          if (withRollups) await moveRollups(tx, before, null);
          throw new Rollback();
        }).catch((e: unknown) => { if (!(e instanceof Rollback)) throw e; });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0) * 10) / 10;
      return { p50: at(0.5), p99: at(0.99) };
    };
    if (sample.length) {
      await timeTx(true); // warm
      const without = await timeTx(false);
      const withR = await timeTx(true);
      console.log(`\nwaybill — ${label}: the rollups' write overhead on a transition (作废 of ${sample.length} issued waybills, each rolled back; ms)`);
      console.table([{ transition: 'without the rollups', ...without }, { transition: `with the rollups (goods read + ${ROLLUP_TABLES.length} upserts)`, ...withR }]);
    }
    const anySeq = plans.filter((p) => p.seqScanOnWaybill !== 'no');
    console.log(anySeq.length ? `Seq Scan on waybill rows in: ${anySeq.map((p) => `${p.measure} (${p.seqScanOnWaybill})`).join('; ')}`
      : 'No plan reads the waybill table (any partition holding rows) with a Seq Scan; only empty partitions (months ahead, the default) are, at no cost.');
  } finally {
    await db.close();
  }
}

// run alone: node --import tsx bench/waybill.ts [count]
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const { startServer } = await import('../server/src/server.ts');
  const { loadConfig } = await import('../server/src/config.ts');
  const pg = (await import('pg')).default;
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dg_wb_bench';
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = url.split('/').pop()!;
  const has = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!has.rows.length) await admin.query(`create database ${name.replace(/\W/g, '')}`);
  await admin.end();
  const server = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', databaseUrl: url, seedDemo: true, loginCaptcha: false, logLevel: 'warn', serveWeb: false, loginRatePerMinute: 1e9 }, { logger: false });
  const tokens = new Map<string, string>();
  try {
    await benchWaybill({
      baseUrl: server.url, databaseUrl: url, label: 'PostgreSQL', seconds: Number(process.env.BENCH_SECONDS ?? 5), waybills: Number(process.argv[2] ?? 10_000_000),
      async token(user, password) {
        if (!tokens.has(user)) tokens.set(user, (await post(`${server.url}/api/auth/jwt/token`, { username: user, password, type: 1 })).data);
        return tokens.get(user)!;
      },
    });
  } finally { await server.stop(); }
  process.exit(0);
}
