/**
 * 数据融合比对 at province scale: an external file of checkpoint passages imported through the API and compared with
 * the bench's waybills (bench/waybill.ts: enterprises whose credit code starts BENCHWB, 10 million waybills at full
 * scale), on PostgreSQL. Goal: the import of 1 million records and their comparison finish within 5 minutes together,
 * the server's peak memory under 1 GB.
 *
 * 1. The waybills of the last 30 days are read (keyset pages) and the file is written to a temporary csv as they come
 *    (never held whole): `BENCH_FUSION_RECORDS` passages (default 1,000,000) — three in four from a waybill's vehicle
 *    (most within the waybill's period in its 起运地 or 目的地; some in another city; some 20–55 minutes outside the
 *    period; a waybill with a trailer seen by its trailer's plate only), one in four of plates no waybill carries.
 *    Plates are written as other systems write them (lower case, full-width, spaced, 挂车), regions as names.
 *    The bench waybills carry no trailer: before the file is made, the waybills of the period whose plate ends in 7
 *    (one vehicle in ten) are given one, derived from the plate, and their months vacuumed (once: a later run finds
 *    them set).
 * 2. The file is uploaded to 外部数据导入 as the province's government user (王监管, `zhengfu`: the demo account whose
 *    role holds the import), streamed from the file, with the import's progress polled every second.
 * 3. A comparison task over the period is created and run (运行比对) as that user, its progress polled; then the
 *    city's user (`shiji`) runs the same period for the city.
 * 4. The results' list (first page, a class, the city's) and the charts' counts are timed with 4 callers.
 * Each step's server memory: its peak (VmHWM, started over before the step: bench/memory.ts) and the highest RSS sampled
 * every 50 ms. A later run removes the records, tasks and results of the run before it first.
 *
 * `BENCH_DATABASE_URL=… npm run bench -- --engines postgres --suite waybill,fusion` (the waybill suite generates or
 * reuses the waybills). Prints tables; asserts nothing.
 */
import pg from 'pg';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { isPlate, PROVINCE_ABBR } from '@dg/core';
import { provinceTree, regionName } from '../server/src/platform/regions.ts';
import { load, post, request, type LoadResult } from './load.ts';
import { processMemory, resetPeak } from './memory.ts';

export interface FusionBenchContext {
  baseUrl: string;
  databaseUrl: string;
  token(user: string, password: string): Promise<string>;
  label?: string;
  seconds?: number;
  /** the server's process, whose memory is measured */
  serverPid: number;
}

const RECORDS = Number(process.env.BENCH_FUSION_RECORDS ?? 1_000_000);
/** the passages lie within the waybills of this many days before today */
const DAYS = 30;
const TASK = '压测比对';
const EXTERNAL_NO = 'BF';
const GOAL_SECONDS = 300;
const GOAL_RSS_MB = 1000;
const HEADER = ['数据类型', '车牌号码', '挂车号牌', '开始时间', '结束时间', '卡口站点', '方向', '所在地区', '外部编号'];
const STATIONS = ['北收费站', '东枢纽', '南互通', '西服务区', '城区出口'];
const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const log = (...a: unknown[]) => console.log('[fusion bench]', ...a);
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const r1 = (n: number) => Math.round(n * 10) / 10;
/** a China day, n days from today */
const chinaDay = (n: number) => new Date(Date.now() + 8 * HOUR + n * DAY).toISOString().slice(0, 10);
const chinaTime = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 19) + '+08:00';

/** a small seeded generator: the same file for the same data */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** a plate as other systems write it: as is, lower case, full-width, spaced; a trailer's mark as 挂车 or (挂) */
function messy(plate: string, i: number): string {
  const p = plate.endsWith('挂') && i % 2 ? plate.slice(0, -1) + (i % 4 === 1 ? '挂车' : '(挂)') : plate;
  switch (i % 4) {
    case 1: return p.toLowerCase();
    case 2: return p.replace(/[A-Z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    case 3: return `${p.slice(0, 2)} ${p.slice(2)}`;
    default: return p;
  }
}
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** the csv written as it is made: lines gathered a thousand at a time, the stream's back-pressure waited for */
class CsvFile {
  private readonly out;
  private lines: string[] = [];
  rows = 0;
  constructor(readonly file: string) { this.out = createWriteStream(file); this.lines.push('\uFEFF' + HEADER.join(',') + '\r\n'); }
  async row(cells: string[]) {
    this.lines.push(cells.map(csvCell).join(',') + '\r\n');
    this.rows++;
    if (this.lines.length >= 1000) await this.flush();
  }
  private async flush() {
    const ok = this.out.write(this.lines.join(''));
    this.lines = [];
    if (!ok) await once(this.out, 'drain');
  }
  async close() { await this.flush(); this.out.end(); await once(this.out, 'finish'); }
}

/** the server's memory during a step: its peak started over before it, and the RSS sampled every 50 ms */
function memoryWatch(pid: number) {
  const reset = resetPeak(pid);
  let sampled = 0;
  const timer = setInterval(() => { sampled = Math.max(sampled, processMemory(pid).rss); }, 50);
  return {
    stop() {
      clearInterval(timer);
      const m = processMemory(pid);
      return { peak: mb(reset ? m.peak : Math.max(sampled, m.rss)), sampled: mb(Math.max(sampled, m.rss)), lifetime: !reset };
    },
  };
}

/** multipart upload of a file streamed from disk over node:http (no time-out: an import of a million rows takes minutes) */
function uploadFile(url: string, token: string, file: string, filename: string): Promise<{ status: number; data: any; message: string }> {
  const boundary = '----dgbench' + randomUUID();
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + statSync(file).size + tail.length } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => { try { resolve(JSON.parse(Buffer.concat(parts).toString('utf8'))); } catch (e) { reject(e); } });
    });
    req.setTimeout(0);
    req.on('error', reject);
    req.write(head);
    const body = createReadStream(file);
    body.on('error', reject);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

/**
 * A plate the import takes (the bench's master data writes some with the letter I, which no plate holds): the waybills
 * with another are left out of the file
 */
const VALID_PLATE = `w.plate_no ~ '^.[A-HJ-NP-Z][A-HJ-NP-Z0-9]{5}$'`;

interface Waybill { id: string; created: string; plate: string; trailer: string | null; origin: string; dest: string; lo: number; hi: number }

/** the bench waybills whose day lies in the period, in pages along (created_at, id) */
async function* periodWaybills(c: pg.Client, from: string, to: string): AsyncGenerator<Waybill> {
  let after: { created: string; id: string } | null = null;
  for (;;) {
    const rows: Waybill[] = (await c.query(`
      select w.id, w.created_at::text as created, w.plate_no as plate, w.trailer_plate_no as trailer, w.origin_region as origin, w.dest_region as dest,
        extract(epoch from w.start_date::timestamptz) * 1000 as lo,
        extract(epoch from greatest(w.start_date::timestamptz + interval '1 day', coalesce(w.completed_at, w.closed_at, w.start_date::timestamptz))) * 1000 as hi
      from waybill w join enterprise e on e.id = w.enterprise_id and e.credit_code like 'BENCHWB%'
      where w.created_at >= $1::date - 33 and w.created_at < $2::date + 1 and w.start_date between $1::date and $2::date
        and w.state not in ('草稿', '已作废') and w.deleted_at is null and ${VALID_PLATE}
        ${after ? `and (w.created_at, w.id) > ($3::timestamptz, $4::uuid)` : ''}
      order by w.created_at, w.id limit 20000`, after ? [from, to, after.created, after.id] : [from, to])).rows;
    for (const w of rows) yield { ...w, lo: Number(w.lo), hi: Number(w.hi) };
    if (rows.length < 20000) return;
    after = { created: rows[rows.length - 1]!.created, id: rows[rows.length - 1]!.id };
  }
}

/** a 4-character serial from a number (base 34, no I or O) */
const trailerSerialSql = (n: string) => [39304, 1156, 34, 1].map((d) => `substr('${SERIAL}', (${n} / ${d}) % 34 + 1, 1)`).join(' || ');

/**
 * The file: `total` passages of the period, written to `file`. Answers its row count and what it holds by design.
 */
async function makeFile(c: pg.Client, file: string, total: number, from: string, to: string, province: string) {
  const cities = provinceTree(province)[0]?.children ?? [];
  const districts = cities.flatMap((city) => (city.children ?? []).filter((d) => !d.name.endsWith('市辖区')).map((d) => d.id));
  const live = `w.state not in ('草稿', '已作废') and w.deleted_at is null`;
  const inPeriod = `w.created_at >= $1::date - 33 and w.created_at < $2::date + 1 and w.start_date between $1::date and $2::date`;
  const bench = `w.enterprise_id in (select id from enterprise where credit_code like 'BENCHWB%')`;
  const t0 = performance.now();
  const trailers = await c.query(`update waybill w set trailer_plate_no = left(w.plate_no, 2) || ${trailerSerialSql('substr(w.plate_no, 3)::int')} || '挂'
    where ${bench} and ${inPeriod} and ${live} and w.trailer_plate_no is null and w.plate_no ~ '^.[A-HJ-NP-Z][0-9]{4}7$'`, [from, to]);
  if (trailers.rowCount) {
    // the updated rows' pages visible to all again (the monitor's index-only scans), in the months they lie in
    const months = (await c.query(`select p from (select distinct 'waybill_p' || to_char(w.created_at, 'YYYYMM') as p from waybill w
      where w.created_at >= $1::date - 33 and w.created_at < $2::date + 1) m where to_regclass(p) is not null`, [from, to])).rows.map((r) => r.p as string);
    for (const m of months) await c.query(`vacuum analyze ${m}`);
  }
  const trailerS = (performance.now() - t0) / 1000;
  const count = Number((await c.query(`select count(*) as n from waybill w where ${bench} and ${inPeriod} and ${live} and ${VALID_PLATE}`, [from, to])).rows[0].n);
  if (!count) return null;
  const noWaybill = Math.round(total * 0.25);
  const fromWaybills = total - noWaybill;
  const rnd = random(20261128);
  const now = Date.now() - MIN;
  const out = new CsvFile(file);
  const made = { inPeriod: 0, otherCity: 0, hourOff: 0, trailerOnly: 0, noWaybill: 0, waybills: 0, skipped: 0, otherPlates: 0 };
  made.otherPlates = Number((await c.query(`select count(*) as n from waybill w where ${bench} and ${inPeriod} and ${live} and not ${VALID_PLATE}`, [from, to])).rows[0].n);
  const name = (code: string, i: number) => {
    const full = regionName(code);
    return i % 4 === 3 ? full.split('/').slice(1).join('/') : full; // a name without its province, now and then
  };
  const station = (code: string, i: number) => `${regionName(code).split('/').pop()}${STATIONS[i % STATIONS.length]}`;
  const put = (plate: string, at: number, region: string) => {
    const i = out.rows;
    return out.row(['卡口通行', messy(plate, i), '', chinaTime(at), '', station(region, i), i % 2 ? '上行' : '下行', name(region, i), `${EXTERNAL_NO}${String(i + 1).padStart(8, '0')}`]);
  };
  const abbr = PROVINCE_ABBR[province.slice(0, 2)] ?? '浙';
  const stranger = async () => {
    // the province, a letter after K (the bench's plates use A–K) and five digits: a plate no waybill carries
    const plate = `${abbr}${'LMNPQRSTUVWXY'[Math.floor(rnd() * 13)]}${String(Math.floor(rnd() * 100000)).padStart(5, '0')}`;
    const at = Date.parse(`${from}T00:00:00+08:00`) + rnd() * (now - HOUR - Date.parse(`${from}T00:00:00+08:00`));
    made.noWaybill++;
    await put(plate, at, districts[Math.floor(rnd() * districts.length)]!);
  };
  let k = 0, i = 0;
  for await (const w of periodWaybills(c, from, to)) {
    // this waybill's share of the passages that come from waybills
    const n = Math.floor(((i + 1) * fromWaybills) / count) - Math.floor((i * fromWaybills) / count);
    i++;
    if (!isPlate(w.plate) || (w.trailer && !isPlate(w.trailer))) { made.skipped++; continue; } // (VALID_PLATE leaves none)
    if (n) made.waybills++;
    const end = Math.min(w.hi, now);
    for (let j = 0; j < n; j++, k++) {
      const within = w.lo + (0.02 + rnd() * 0.96) * (end - w.lo);
      const region = k % 2 ? w.dest : w.origin;
      if (w.trailer) { made.trailerOnly++; await put(w.trailer, within, region); }
      else if (k % 20 < 13) { made.inPeriod++; await put(w.plate, within, region); }
      else if (k % 20 < 15) {
        // a district of a city that is neither the 起运地's nor the 目的地's
        let d = districts[Math.floor(rnd() * districts.length)]!;
        for (let tries = 0; tries < 50 && [w.origin, w.dest].some((x) => x.slice(0, 4) === d.slice(0, 4)); tries++) d = districts[Math.floor(rnd() * districts.length)]!;
        made.otherCity++;
        await put(w.plate, within, d);
      } else {
        const off = (20 + rnd() * 35) * MIN;
        made.hourOff++;
        await put(w.plate, w.hi + off < now ? w.hi + off : w.lo - off, region);
      }
      // the strangers among them, in proportion
      while (made.noWaybill < Math.round(((made.inPeriod + made.otherCity + made.hourOff + made.trailerOnly) * noWaybill) / fromWaybills)) await stranger();
    }
  }
  while (out.rows < total) await stranger();
  await out.close();
  return { made, waybillsInPeriod: count, trailersGiven: trailers.rowCount ?? 0, trailerS, seconds: (performance.now() - t0) / 1000, bytes: statSync(file).size };
}

interface Poll { at: number; done: number | null; total: number | null }

/** the import through the API as `token`'s user, its progress polled every second */
async function importFile(ctx: FusionBenchContext, token: string, file: string) {
  const jobId = randomUUID();
  const mem = memoryWatch(ctx.serverPid);
  const polls: (Poll & { ms: number; stage?: string })[] = [];
  let finished = false;
  const t0 = performance.now();
  const poller = (async () => {
    while (!finished) {
      const p0 = performance.now();
      const r = await request(`${ctx.baseUrl}/api/sjrh/fusionRecord/import/progress/${jobId}`, { token }).catch(() => null);
      const b = r ? JSON.parse(r.text) as { data: { done: number; total: number; stage: string } | null } : null;
      polls.push({ at: (p0 - t0) / 1000, ms: performance.now() - p0, done: b?.data?.done ?? null, total: b?.data?.total ?? null, stage: b?.data?.stage });
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  let report: { status: number; data: any; message: string } | { error: string };
  try { report = await uploadFile(`${ctx.baseUrl}/api/sjrh/fusionRecord/import?jobId=${jobId}`, token, file, 'passages.csv'); } catch (e) { report = { error: String(e) }; }
  const seconds = (performance.now() - t0) / 1000;
  finished = true;
  await poller;
  const memory = mem.stop();
  // when the check ended and the writing began (the first poll saying 写入)
  const writing = polls.find((p) => p.stage === '写入');
  return { report, seconds, memory, polls, writingFrom: writing?.at ?? null, slowestPoll: Math.max(0, ...polls.map((p) => p.ms)) };
}

interface Task { id: string; state: string; total: number | null; done: number; matched: number; partial: number; noWaybill: number; noTrace: number; message: string | null }

/** a task over the period created and run as `token`'s user; its progress polled every second until the run ends */
async function compare(ctx: FusionBenchContext, token: string, who: string, from: string, to: string) {
  const add = await post(`${ctx.baseUrl}/api/sjrh/fusionTask/add`, { name: `${TASK} ${who} ${new Date().toISOString().slice(0, 16)}`, dateFrom: from, dateTo: to }, token);
  if (add.status !== 200) throw new Error(`比对任务 could not be added: ${add.message}`);
  const mem = memoryWatch(ctx.serverPid);
  const t0 = performance.now();
  const run = await post(`${ctx.baseUrl}/api/sjrh/fusionTask/run/${add.data.id}`, { version: add.data.version }, token);
  if (run.status !== 200) throw new Error(`运行比对 refused: ${run.message}`);
  const polls: Poll[] = [];
  let task: Task;
  for (;;) {
    task = JSON.parse((await request(`${ctx.baseUrl}/api/sjrh/fusionTask/info/${add.data.id}`, { token })).text).data;
    polls.push({ at: (performance.now() - t0) / 1000, done: task.done, total: task.total });
    if (task.state !== '运行中') break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const seconds = (performance.now() - t0) / 1000;
  const memory = mem.stop();
  // the records' pace in each quarter of them (a chunk slower as the run goes shows here; the first quarter's time runs
  // from 运行比对, counting and analyzing the records included), and the last statement's time: from every record
  // compared to the end (运单无外部记录)
  const total = task.total ?? 0;
  const at = (share: number) => (share === 0 ? 0 : polls.find((p) => (p.done ?? 0) >= total * share)?.at ?? null);
  const pace = (a: number, b: number) => { const ta = at(a), tb = at(b); return ta !== null && tb !== null && tb > ta ? Math.round((total * (b - a)) / (tb - ta)) : '?'; };
  const allDone = at(1);
  return { task, seconds, memory, quarters: [pace(0, 0.25), pace(0.25, 0.5), pace(0.5, 0.75), pace(0.75, 1)].join(' / '), untracedSeconds: allDone === null ? null : seconds - allDone };
}

export async function benchFusion(ctx: FusionBenchContext) {
  const label = ctx.label ?? 'PostgreSQL';
  const seconds = ctx.seconds ?? 3;
  const c = new pg.Client({ connectionString: ctx.databaseUrl });
  await c.connect();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dg-fusion-'));
  try {
    await c.query(`set timezone = 'Asia/Shanghai'`);
    const bench = Number((await c.query(`select count(*) as n from enterprise where credit_code like 'BENCHWB%'`)).rows[0].n);
    const anyWaybill = bench ? (await c.query(`select 1 from waybill w join enterprise e on e.id = w.enterprise_id where e.credit_code like 'BENCHWB%' limit 1`)).rows.length : 0;
    if (!anyWaybill) {
      console.log(`\nfusion — ${label}: refused — the database holds no bench waybills (enterprises BENCHWB…). Generate them first: `
        + '`BENCH_DATABASE_URL=… npm run bench -- --engines postgres --suite waybill,fusion` (or the waybill suite alone, earlier, on the same database).');
      return;
    }
    const users = (await c.query(`select u.username, o.region_code from base_user u join base_org o on o.id = u.org_id where u.username in ('zhengfu', 'shiji')`)).rows as { username: string; region_code: string }[];
    const province = users.find((u) => u.username === 'zhengfu')?.region_code;
    if (!province) throw new Error('fusion bench: the demo account zhengfu (the province) is missing');
    const city = users.find((u) => u.username === 'shiji')?.region_code ?? null;
    const from = chinaDay(-DAYS), last = chinaDay(-1);

    // the runs before this one: their records, tasks and results
    const t0 = performance.now();
    await c.query(`delete from fusion_result where task_id in (select id from fusion_task where name like '${TASK}%')`);
    await c.query(`delete from fusion_result_count where task_id in (select id from fusion_task where name like '${TASK}%')`);
    await c.query(`delete from fusion_task where name like '${TASK}%'`);
    const removed = (await c.query(`delete from fusion_record where external_no like '${EXTERNAL_NO}%'`)).rowCount ?? 0;
    await c.query('vacuum analyze fusion_record');
    await c.query('vacuum analyze fusion_result');
    if (removed) log(`removed the ${removed.toLocaleString()} records of an earlier run, and its tasks, in ${r1((performance.now() - t0) / 1000)} s`);

    const file = path.join(dir, 'passages.csv');
    log(`writing ${RECORDS.toLocaleString()} passages of ${from} … ${last} …`);
    const made = await makeFile(c, file, RECORDS, from, last, province);
    if (!made) {
      console.log(`\nfusion — ${label}: refused — no bench waybill starts between ${from} and ${last} (the waybills were generated more than ${DAYS} days ago: generate them again).`);
      return;
    }
    log(`file: ${made.bytes.toLocaleString()} bytes in ${r1(made.seconds)} s (${made.trailersGiven.toLocaleString()} waybills given a trailer in ${r1(made.trailerS)} s)`);

    const zhengfu = await ctx.token('zhengfu', 'zhengfu123');
    const imp = await importFile(ctx, zhengfu, file);
    const rep = imp.report;
    if ('error' in rep || rep.status !== 200) throw new Error(`the import failed: ${'error' in rep ? rep.error : `${rep.status} ${rep.message}`}`);
    if (rep.data.errors.length) console.log('the import refused rows, the first ones:', rep.data.errors.slice(0, 5));
    const imported = Number((await c.query(`select count(*) as n from fusion_record where external_no like '${EXTERNAL_NO}%'`)).rows[0].n);
    log(`import: ${imported.toLocaleString()} records in ${r1(imp.seconds)} s`);

    const province1 = await compare(ctx, zhengfu, '全省', chinaDay(-DAYS - 1), chinaDay(0));
    log(`comparison (province): ${province1.task.state} in ${r1(province1.seconds)} s`);
    const shiji = city ? await ctx.token('shiji', 'zhengfu123') : null;
    const city1 = shiji ? await compare(ctx, shiji, '地市', chinaDay(-DAYS - 1), chinaDay(0)) : null;
    if (city1) log(`comparison (city): ${city1.task.state} in ${r1(city1.seconds)} s`);

    // ───── the results' screen ─────
    const list = (token: string, body: unknown) => () => post(`${ctx.baseUrl}/api/sjrh/fusionResult/list`, body, token).then((r) => r.status === 200);
    const measures: { name: string; call: () => Promise<boolean>; total?: () => Promise<string> }[] = [];
    const page = (taskId: string, filters: Record<string, unknown> = {}) => ({ page: 1, size: 10, filters: { taskId, ...filters } });
    const totalOf = (token: string, body: unknown) => async () => { const r = await post(`${ctx.baseUrl}/api/sjrh/fusionResult/list`, body, token); return r.status === 200 ? `${r.data.total}${r.data.totalCapped ? '+' : ''}` : r.message; };
    const pt = province1.task.id;
    measures.push({ name: '比对明细 全省 第1页', call: list(zhengfu, page(pt)), total: totalOf(zhengfu, page(pt)) });
    measures.push({ name: '比对明细 全省 疑似无运单运输', call: list(zhengfu, page(pt, { resultClass: '疑似无运单运输' })), total: totalOf(zhengfu, page(pt, { resultClass: '疑似无运单运输' })) });
    measures.push({ name: '比对明细 全省 部分匹配', call: list(zhengfu, page(pt, { resultClass: '部分匹配' })), total: totalOf(zhengfu, page(pt, { resultClass: '部分匹配' })) });
    measures.push({ name: '比对结果统计 全省 (charts)', call: () => post(`${ctx.baseUrl}/api/sjrh/fusionResult/stats`, { taskId: pt }, zhengfu).then((r) => r.status === 200) });
    if (city1 && shiji) {
      const ct = city1.task.id;
      measures.push({ name: '比对明细 地市 第1页', call: list(shiji, page(ct)), total: totalOf(shiji, page(ct)) });
      measures.push({ name: '比对明细 地市 疑似无运单运输', call: list(shiji, page(ct, { resultClass: '疑似无运单运输' })), total: totalOf(shiji, page(ct, { resultClass: '疑似无运单运输' })) });
      measures.push({ name: '比对结果统计 地市 (charts)', call: () => post(`${ctx.baseUrl}/api/sjrh/fusionResult/stats`, { taskId: ct }, shiji).then((r) => r.status === 200) });
    }
    const lists: Record<string, unknown>[] = [];
    for (const m of measures) {
      const rows = m.total ? await m.total() : '';
      await m.call();
      const r: LoadResult = await load(m.call, { concurrency: 4, seconds });
      lists.push({ measure: m.name, rows, requests: r.requests, errors: r.errors, 'req/s': r.rps, p50: r.p50, p99: r.p99, max: r.max });
    }

    // ───── the tables ─────
    const m = made.made;
    console.log(`\nfusion — ${label}: the file (${RECORDS.toLocaleString()} checkpoint passages of ${from} … ${last}; ${made.waybillsInPeriod.toLocaleString()} bench waybills in the period, `
      + `${m.waybills.toLocaleString()} of them with passages${m.otherPlates ? `; ${m.otherPlates.toLocaleString()} more left out: a plate with I, which the import refuses` : ''})`);
    console.table([
      { share: 'a waybill\'s vehicle within its period, in its 起运地 or 目的地 (→ 匹配)', rows: m.inPeriod },
      { share: 'a waybill\'s vehicle within its period, in another city (→ 部分匹配: 地点)', rows: m.otherCity },
      { share: 'a waybill\'s vehicle 20–55 min outside its period (→ 部分匹配: 时间, or 匹配 with the next day\'s waybill)', rows: m.hourOff },
      { share: 'a waybill\'s trailer alone (→ 部分匹配: 仅挂车)', rows: m.trailerOnly },
      { share: 'a plate no waybill carries (→ 疑似无运单运输)', rows: m.noWaybill },
      { share: `in all (csv: ${r1(made.bytes / 2 ** 20)} MiB, written in ${r1(made.seconds)} s)`, rows: m.inPeriod + m.otherCity + m.hourOff + m.trailerOnly + m.noWaybill },
    ]);
    const goal = (v: number, g: number) => (v <= g ? 'yes' : 'no');
    const both = imp.seconds + province1.seconds;
    const peakBoth = Math.max(imp.memory.peak, province1.memory.peak);
    console.log(`\nfusion — ${label}: import and comparison (the server's memory: peak of the step${imp.memory.lifetime ? ' — the process\'s lifetime peak: /proc/<pid>/clear_refs refused' : ''}, and the highest RSS sampled every 50 ms)`);
    const t = province1.task;
    console.table([
      { measure: `外部数据导入 ${imported.toLocaleString()} records (${rep.data.imported.toLocaleString()} imported, ${rep.data.errorCount ?? rep.data.errors.length} refused)`, seconds: r1(imp.seconds), 'rows/s': Math.round(imported / imp.seconds),
        'peak RSS MiB': imp.memory.peak, 'sampled MiB': imp.memory.sampled, note: `check ${imp.writingFrom === null ? '?' : r1(imp.writingFrom)} s, then writing; slowest progress poll ${Math.round(imp.slowestPoll)} ms` },
      { measure: `运行比对 全省 (${(t.total ?? 0).toLocaleString()} records)`, seconds: r1(province1.seconds), 'rows/s': t.total ? Math.round(t.total / province1.seconds) : '',
        'peak RSS MiB': province1.memory.peak, 'sampled MiB': province1.memory.sampled,
        note: `records/s by quarter ${province1.quarters}; 运单无外部记录 step ${province1.untracedSeconds === null ? '?' : r1(province1.untracedSeconds)} s; ${t.state}${t.message ? ` ${t.message}` : ''}` },
      { measure: 'import + comparison', seconds: r1(both), 'rows/s': '', 'peak RSS MiB': peakBoth, 'sampled MiB': '', note: `goal: ≤ ${GOAL_SECONDS} s and ≤ ${GOAL_RSS_MB} MB — ${goal(both, GOAL_SECONDS) === 'yes' && peakBoth * 1.048576 <= GOAL_RSS_MB ? 'met' : 'not met'}${RECORDS < 1_000_000 ? ` (at ${RECORDS.toLocaleString()} records; the goal is for 1,000,000)` : ''}` },
      ...(city1 ? [{ measure: `运行比对 地市 (${(city1.task.total ?? 0).toLocaleString()} records)`, seconds: r1(city1.seconds), 'rows/s': city1.task.total ? Math.round(city1.task.total / city1.seconds) : '',
        'peak RSS MiB': city1.memory.peak, 'sampled MiB': city1.memory.sampled, note: `运单无外部记录 step ${city1.untracedSeconds === null ? '?' : r1(city1.untracedSeconds)} s; ${city1.task.state}` }] : []),
    ]);
    console.log(`\nfusion — ${label}: results by class`);
    const classes = (x: Task) => ({ 匹配: x.matched, 部分匹配: x.partial, 疑似无运单运输: x.noWaybill, 运单无外部记录: x.noTrace });
    console.table([{ task: '全省', records: t.total, ...classes(t) }, ...(city1 ? [{ task: '地市', records: city1.task.total, ...classes(city1.task) }] : [])]);
    console.log(`\nfusion — ${label}: the results' screen (4 concurrent callers, ${seconds} s each; ms)`);
    console.table(lists);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await c.end();
  }
}
