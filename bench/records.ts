/**
 * 档案管理 at province scale: 100,000 vehicles and 200,000 staff in ONE enterprise (the demo
 * enterprise A, 'qiye'), the same again spread over 100 further enterprises of the province, loaded
 * with multi-row INSERTs straight into the database (not the API), then VACUUM ANALYZE. Measured
 * through the API of the running server:
 *
 * - list / filter / page latency (p50, p99, req/s) for the enterprise, the city and the province;
 * - an export of 100,000 vehicles (seconds, bytes, peak RSS of the server's process);
 * - an import of a 100,000-row vehicle file with progress polling (?jobId= + …/import/progress/:jobId):
 *   seconds, rows imported, when progress first showed, the slowest progress answer (other requests keep answering).
 *
 * - 调度派车's pickers (POST /api/dzyd/waybill/candidates) over that fleet: the first page of vehicles, drivers and
 *   escorts, and a search by plate or name, each judged by the dispatch rules — API p50/p99 beside the raw SQL of
 *   the page query alone.
 *
 * Prints tables (console.table); asserts nothing. Scale with BENCH_RECORDS_SCALE (default 1); run only some
 * parts with BENCH_RECORDS_PARTS=load,lists,candidates,export,import (default: all; lists, candidates and export need load).
 */
import pg from 'pg';
import ExcelJS from 'exceljs';
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { PROVINCE_ABBR, makeCreditCode, makeIdCard18, resourceByKey, sheetFields } from '@dg/core';
import { provinceTree } from '../server/src/platform/regions.ts';
import { load, post, type LoadResult } from './load.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pageQuery } from '../server/src/modules/waybill/candidates.ts';
import { processMemory } from './memory.ts';

/**
 * What the suite needs from the runner (bench/run.ts passes its BenchContext, which fits):
 * - `baseUrl`: the running server, e.g. http://127.0.0.1:41234 (bench/run.ts runs it in a process of its own and
 *   passes `serverPid`, whose /proc figures are the memory columns);
 * - `databaseUrl` (or `url`): that server's database, written to directly;
 * - `token(user, password)`: a signed-in token of a demo account (qiye, qiye2, shiji, zhengfu);
 * - `label`, `seconds`: the table title and how long each latency measure runs (default 3 s).
 */
export interface RecordsBenchContext {
  baseUrl: string;
  databaseUrl?: string;
  url?: string;
  token(user: string, password: string): Promise<string>;
  label?: string;
  seconds?: number;
  /** the server's process id, for its memory figures (default: this process) */
  serverPid?: number;
}

const SCALE = Number(process.env.BENCH_RECORDS_SCALE ?? 1);
const ONE_VEHICLES = Math.round(100_000 * SCALE);
const ONE_STAFF = Math.round(200_000 * SCALE);
const OTHER_ENTERPRISES = 100;
const OTHER_VEHICLES = Math.round(100_000 * SCALE);
const OTHER_STAFF = Math.round(200_000 * SCALE);
const IMPORT_ROWS = Math.round(100_000 * SCALE);
const PARTS = new Set((process.env.BENCH_RECORDS_PARTS ?? 'load,lists,candidates,export,import').split(','));
const PASSWORDS: Record<string, string> = { qiye: 'qiye123', qiye2: 'qiye123', shiji: 'zhengfu123', zhengfu: 'zhengfu123' };

const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** the i-th 5-character plate serial (base 34, no I/O): unique for i < 45 million */
function serial(i: number): string {
  let s = '';
  for (let k = 0; k < 5; k++) { s = SERIAL[i % 34] + s; i = Math.floor(i / 34); }
  return s;
}
const day = (n: number) => { const d = new Date(); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); };
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志强海涛春梅国华晓东立新永红文斌德明金龙振华小军';
const VEHICLE_TYPES = ['tractor', 'tanker', 'tanker', 'van', 'trailer', 'vanTrailer'];
const POSTS = ['驾驶员', '驾驶员', '驾驶员', '押运员', '押运员', '装卸管理人员', '安全管理人员', '其他'];

async function insertRows(c: pg.Client, table: string, cols: string[], rows: unknown[][], batch = Math.floor(60_000 / cols.length)) {
  for (let i = 0; i < rows.length; i += batch) {
    const part = rows.slice(i, i + batch);
    const params: unknown[] = [];
    const tuples = part.map((r) => `(${r.map((v) => { params.push(v); return `$${params.length}`; }).join(',')})`);
    await c.query(`insert into ${table} (${cols.join(',')}) values ${tuples.join(',')}`, params);
  }
}

const VEHICLE_COLS = ['enterprise_id', 'plate_no', 'plate_color', 'vehicle_type', 'brand_model', 'vin', 'engine_no', 'approved_load', 'total_mass', 'transport_cert_no',
  'transport_cert_expiry', 'annual_review_expiry', 'inspection_expiry', 'tech_grade', 'compulsory_insurance_expiry', 'carrier_insurance_expiry', 'register_date', 'status', 'audit_status', 'created_at'];
function vehicleRow(enterpriseId: string, prefix: string, i: number, tag: string): unknown[] {
  const type = VEHICLE_TYPES[i % VEHICLE_TYPES.length]!;
  const trailer = type.endsWith('railer');
  const plate = trailer ? `${prefix}${serial(i).slice(1)}挂` : `${prefix}${serial(i)}`; // unique per enterprise for i < 34⁴
  const spread = (k: number) => ((i * k) % 760) - 60; // -60 … 700 days: some expired, some due, most valid
  return [enterpriseId, plate, '2', type, '解放J6P CA4250P66K24T1A1E5', `LB${tag}${String(i).padStart(15 - tag.length, '0')}`, `WP${i}`, trailer ? 32000 : 13000, trailer ? 40000 : 25000,
    `${tag}交运管字${String(i).padStart(12, '0')}`, day(spread(7)), day(spread(11)), day(spread(13)), '一级', day(spread(17)), day(spread(19)), day(-365 - (i % 3000)),
    i % 20 === 0 ? '停运' : '营运', i % 50 === 0 ? '待审核' : '已通过', new Date(Date.now() - (ONE_VEHICLES - i) * 1000)];
}
const STAFF_COLS = ['enterprise_id', 'name', 'sex', 'id_card', 'mobile', 'post', 'qualification_no', 'qualification_types', 'qualification_expiry',
  'driving_licence_no', 'driving_class', 'driving_licence_expiry', 'entry_date', 'status', 'created_at'];
function staffRow(enterpriseId: string, district: string, i: number): unknown[] {
  const birth = new Date(Date.UTC(1962, 0, 1) + (i % 13_000) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const seq = Math.floor(i / 13_000) * 2 + (i % 2); // odd = male
  const idCard = makeIdCard18(`${district}${birth}${String(seq % 1000).padStart(3, '0')}`);
  const post = POSTS[i % POSTS.length]!;
  const driver = post === '驾驶员';
  const qualified = ['驾驶员', '押运员', '装卸管理人员'].includes(post);
  return [enterpriseId, SURNAMES[i % SURNAMES.length]! + GIVEN[(i * 7) % GIVEN.length]! + (i % 3 ? GIVEN[(i * 13) % GIVEN.length]! : ''), i % 2 ? '1' : '2', idCard,
    `1${3 + (i % 7)}${String(i).padStart(9, '0')}`, post, qualified ? idCard : null, qualified ? [driver ? 'driver' : post === '押运员' ? 'escort' : 'loader'] : [],
    qualified ? day(((i * 7) % 2000) - 60) : null, driver ? idCard : null, driver ? 'A2' : null, driver ? day(((i * 11) % 3000) - 30) : null,
    day(-((i * 3) % 4000)), i % 25 === 0 ? '离职' : '在职', new Date(Date.now() - (ONE_STAFF - i) * 500)];
}

async function loadData(c: pg.Client) {
  const a = (await c.query(`select e.id, e.region_code from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`)).rows[0];
  const province = a.region_code.slice(0, 2) + '0000';
  const abbr = PROVINCE_ABBR[province.slice(0, 2)]!;
  const cities = provinceTree(province)[0]!.children ?? [];
  const districts = cities.flatMap((city, ci) => (city.children ?? []).filter((d) => !d.name.endsWith('市辖区')).map((d) => ({ id: d.id, letter: 'ABCDEFGHJKLMNPQRS'[ci] ?? 'Z' })));
  const t0 = performance.now();

  // one enterprise with the whole fleet
  const rowsA = Array.from({ length: ONE_VEHICLES }, (_, i) => vehicleRow(a.id, `${abbr}A`, i, 'A'));
  await insertRows(c, 'vehicle', VEHICLE_COLS, rowsA);
  await insertRows(c, 'staff', STAFF_COLS, Array.from({ length: ONE_STAFF }, (_, i) => staffRow(a.id, a.region_code, i)));

  // and as many again over 100 more enterprises of the province
  const others: { id: string; district: string; letter: string }[] = [];
  for (let k = 0; k < OTHER_ENTERPRISES; k++) {
    const d = districts[k % districts.length]!;
    const credit = makeCreditCode(`91${d.id}MA${String(k).padStart(6, '0')}B`);
    const r = await c.query(`insert into enterprise (name, credit_code, legal_person, licence_no, licence_expiry, business_scope, region_code, address, phone, status, audit_status)
      values ($1, $2, '压测', $3, $4, '{3,8}', $5, '压测路1号', '0571-86000000', '正常', '已通过') returning id`,
      [`压测危货运输企业${String(k).padStart(3, '0')}`, credit, `${abbr}交运管许可字${d.id}${String(k).padStart(6, '0')}号`, day(30 + k * 7), d.id]);
    others.push({ id: r.rows[0].id, district: d.id, letter: d.letter });
  }
  const perV = Math.ceil(OTHER_VEHICLES / OTHER_ENTERPRISES), perS = Math.ceil(OTHER_STAFF / OTHER_ENTERPRISES);
  for (const [k, o] of others.entries()) {
    const rows = Array.from({ length: perV }, (_, i) => vehicleRow(o.id, `${abbr}${o.letter}`, k * perV + i, 'O'));
    await insertRows(c, 'vehicle', VEHICLE_COLS, rows);
    await insertRows(c, 'staff', STAFF_COLS, Array.from({ length: perS }, (_, i) => staffRow(o.id, o.district, i)));
  }
  const loadS = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await c.query('vacuum analyze vehicle');
  await c.query('vacuum analyze staff');
  await c.query('vacuum analyze enterprise');
  // the load's dirty pages written now, not by the checkpointer in the middle of the latency measures
  await c.query('checkpoint').catch(() => undefined);
  const counts = (await c.query(`select (select count(*) from vehicle)::int as vehicles, (select count(*) from staff)::int as staff,
    (select count(*) from vehicle where enterprise_id = $1)::int as a_vehicles, (select count(*) from staff where enterprise_id = $1)::int as a_staff`, [a.id])).rows[0];
  return { enterpriseA: a.id as string, abbr, loadS, vacuumS: (performance.now() - t1) / 1000, counts };
}


export async function vehicleImportFile(rows: number, abbr: string): Promise<Buffer> {
  const fields = sheetFields(resourceByKey('vehicle')!).filter(([, f]) => !f.readOnly);
  const labels = fields.map(([, f]) => f.label);
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (b: Buffer) => chunks.push(b));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('SheetJS');
  ws.addRow(labels).commit();
  const value: Record<string, (i: number) => unknown> = {
    plateNo: (i) => `${abbr}B${serial(5_000_000 + i)}`, plateColor: () => '黄色', vehicleType: (i) => (i % 2 ? '罐式货车' : '重型半挂牵引车'), brandModel: () => '东风天龙 DFH4250A',
    vin: (i) => `LBIMP${String(i).padStart(12, '0')}`, engineNo: (i) => `E${i}`, approvedLoad: (i) => (i % 2 ? 13000 : 0), totalMass: () => 25000, dimensions: () => '8950×2500×3450',
    transportCertNo: (i) => `IMP交运管字${String(i).padStart(12, '0')}`, transportCertExpiry: (i) => day(i % 700), annualReviewExpiry: (i) => day((i * 3) % 700),
    inspectionExpiry: (i) => day((i * 5) % 700), techGrade: () => '一级', compulsoryInsuranceExpiry: (i) => day((i * 7) % 700), commercialInsuranceExpiry: () => null,
    carrierInsuranceExpiry: (i) => day((i * 9) % 700), gpsTerminalNo: (i) => `1380571${String(i).padStart(6, '0')}`, registerDate: () => '2021-06-01', status: () => '营运',
  };
  for (let i = 0; i < rows; i++) ws.addRow(fields.map(([name]) => value[name]?.(i) ?? null)).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

/** multipart upload over node:http (fetch gives up waiting for headers after 300 s) */
function upload(url: string, token: string, file: Buffer, filename: string): Promise<{ status: number; data: any; message: string }> {
  const boundary = '----dgbench' + randomUUID();
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => { try { resolve(JSON.parse(Buffer.concat(parts).toString('utf8'))); } catch (e) { reject(e); } });
    });
    req.setTimeout(0);
    req.on('error', reject);
    req.end(body);
  });
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
/** the server's process (bench/run.ts runs it apart from this load generator); this one when run in-process */
let serverPid = process.pid;
const serverMemory = () => processMemory(serverPid);
const peakRss = () => serverMemory().peak;

type Tokens = Record<string, string>;

async function measureLists(base: string, tok: Tokens, abbr: string, seconds: number) {
  const measure = async (who: string, what: string, path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const first = await post(`${base}/${path}`, body, tok[who]!);
    if (first.status !== 200) return { user: who, measure: what, error: first.message };
    const r: LoadResult = await load(() => post(`${base}/${path}`, body, tok[who]!).then((x) => x.status === 200), { concurrency: 1, seconds });
    return { user: who, measure: what, total: `${first.data.total}${first.data.totalCapped ? '+' : ''}`, rows: first.data.content.length, p50: r.p50, p99: r.p99, 'req/s': r.rps, errors: r.errors };
  };
  const soon = [day(0), day(30)];
  return [
    await measure('qiye', 'vehicle list, page 1', 'vehicle/list', { page: 1, size: 10 }),
    await measure('qiye', 'vehicle list, page 500', 'vehicle/list', { page: 500, size: 10 }),
    await measure('qiye', 'vehicle list, 50 a page, page 1', 'vehicle/list', { page: 1, size: 50 }),
    await measure('qiye', 'plate like "A3"', 'vehicle/list', { page: 1, size: 10, filters: { plateNo: 'A3' } }),
    await measure('qiye', 'plate like, one match', 'vehicle/list', { page: 1, size: 10, filters: { plateNo: `${abbr}A${serial(77_778)}` } }),
    await measure('qiye', 'status eq 停运', 'vehicle/list', { page: 1, size: 10, filters: { status: '停运' } }),
    await measure('qiye', '运输证 expiry within 30 days', 'vehicle/list', { page: 1, size: 10, filters: { transportCertExpiry: soon } }),
    await measure('qiye', 'expiry range, sorted by 年审 asc', 'vehicle/list', { page: 1, size: 10, filters: { annualReviewExpiry: soon }, sort: { field: 'annualReviewExpiry', order: 'asc' } }),
    await measure('qiye', '审核状态 待审核, page 20', 'vehicle/list', { page: 20, size: 10, filters: { auditStatus: '待审核' } }),
    await measure('qiye', 'staff list, page 1', 'staff/list', { page: 1, size: 10 }),
    await measure('qiye', 'staff list, page 500', 'staff/list', { page: 500, size: 10 }),
    await measure('qiye', 'staff name like "王"', 'staff/list', { page: 1, size: 10, filters: { name: '王' } }),
    await measure('qiye', 'staff status 离职', 'staff/list', { page: 1, size: 10, filters: { status: '离职' } }),
    await measure('qiye', 'staff 从业资格 expiry within 30 days', 'staff/list', { page: 1, size: 10, filters: { qualificationExpiry: soon } }),
    await measure('shiji', 'city: vehicle list, page 1', 'vehicle/list', { page: 1, size: 10 }),
    await measure('shiji', 'city: 运输证 expiry within 30 days', 'vehicle/list', { page: 1, size: 10, filters: { transportCertExpiry: soon } }),
    await measure('zhengfu', 'province: vehicle list, page 1', 'vehicle/list', { page: 1, size: 10 }),
    await measure('zhengfu', 'province: vehicle list, page 500', 'vehicle/list', { page: 500, size: 10 }),
    await measure('zhengfu', 'province: plate like "A3"', 'vehicle/list', { page: 1, size: 10, filters: { plateNo: 'A3' } }),
    await measure('zhengfu', 'province: staff 从业资格 expiry within 30 days', 'staff/list', { page: 1, size: 10, filters: { qualificationExpiry: soon } }),
  ];
}

/**
 * 调度派车's pickers over enterprise A's fleet: a waybill of 10 t of gasoline submitted through the API, then each
 * picker's first page (20 candidates judged by the dispatch rules) — API p50/p99 at one client beside the p50/p99 of
 * the page's own SQL run on a connection of its own (the rest is the crew locks of the page, the goods and the rules).
 */
async function measureCandidates(ctx: RecordsBenchContext, tok: Tokens, abbr: string, c: pg.Client, enterpriseId: string, seconds: number) {
  const day0 = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const made = await post(`${ctx.baseUrl}/api/dzyd/waybill/add`, {
    shipperName: '压测托运人', shipperPhone: '0571-86001234', consigneeName: '压测收货人', consigneePhone: '13800138000', loaderName: '压测装货站', startDate: day0,
    originRegion: '330102', originAddress: '化工园区1号', destRegion: '330102', destAddress: '工业大道2号', expectedHours: 4, submit: true,
    goods: [{ unNo: '1203', goodsName: '车用汽油或汽油', goodsClass: '3', packingGroup: 'II', quantity: 10, unit: '吨' }],
  }, tok.qiye!);
  if (made.status !== 200) return [{ measure: 'candidates', error: made.message }];
  const waybillId = made.data.id as string;
  const dialect = new PgDialect();
  const plate = `${abbr}A${serial(77_778)}`;
  const cases: { what: string; role: 'vehicle' | 'trailer' | 'driver' | 'escort' | 'bind'; q?: string }[] = [
    { what: 'vehicles, first page', role: 'vehicle' },
    { what: 'vehicles, plate (one match)', role: 'vehicle', q: plate },
    { what: 'vehicles, plate contains "A3"', role: 'vehicle', q: 'A3' },
    { what: 'trailers, first page', role: 'trailer' },
    { what: 'drivers, first page', role: 'driver' },
    { what: 'drivers, name contains "王"', role: 'driver', q: '王' },
    { what: 'escorts, name contains "李伟"', role: 'escort', q: '李伟' },
    { what: '车辆人员绑定, first page', role: 'bind' },
  ];
  const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]! * 100) / 100; };
  const out: Record<string, unknown>[] = [];
  for (const k of cases) {
    const body = { waybillId, role: k.role, q: k.q, size: 20 };
    const first = await post(`${ctx.baseUrl}/api/dzyd/waybill/candidates`, body, tok.qiye!);
    if (first.status !== 200) { out.push({ measure: k.what, error: first.message }); continue; }
    const r: LoadResult = await load(() => post(`${ctx.baseUrl}/api/dzyd/waybill/candidates`, body, tok.qiye!).then((x) => x.status === 200), { concurrency: 1, seconds });
    const { sql: text, params } = dialect.sqlToQuery(pageQuery(k.role, enterpriseId, k.q ?? '', 20, 0));
    const times: number[] = [];
    for (let i = 0; i < 50; i++) { const t0 = performance.now(); await c.query(text, params); times.push(performance.now() - t0); }
    const content = first.data.content as { eligible: boolean }[];
    out.push({ measure: k.what, rows: content.length, '可调度': content.filter((x) => x.eligible).length, p50: r.p50, p99: r.p99, 'req/s': r.rps, errors: r.errors, 'page SQL p50': pct(times, 0.5), 'page SQL p99': pct(times, 0.99) });
  }
  return out;
}

/** export of enterprise A's whole fleet, streamed and counted */
async function measureExport(base: string, tok: Tokens, rowsInScope: number) {
  const before = peakRss();
  let sampled = 0;
  const sampler = setInterval(() => { sampled = Math.max(sampled, serverMemory().rss); }, 50);
  const t0 = performance.now();
  const res = await fetch(`${base}/vehicle/export`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: tok.qiye! }, body: JSON.stringify({}) });
  let bytes = 0;
  let firstByte = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) { if (!bytes) firstByte = performance.now() - t0; bytes += chunk.length; }
  const s = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  return [{ measure: `export ${rowsInScope} vehicles (enterprise)`, http: res.status, seconds: Math.round(s * 10) / 10, 'first byte ms': Math.round(firstByte),
    MiB: Math.round((bytes / 2 ** 20) * 10) / 10, 'rows/s': Math.round(rowsInScope / s), 'peak RSS MiB (sampled)': mb(sampled), 'peak RSS MiB (process lifetime)': mb(peakRss()), 'lifetime peak before MiB': mb(before) }];
}

/** import of a 100,000-row vehicle file into enterprise B, polling its progress every second */
async function measureImport(base: string, tok: Tokens, abbr: string, c: pg.Client) {
  const tb = performance.now();
  const file = await vehicleImportFile(IMPORT_ROWS, abbr);
  const buildS = (performance.now() - tb) / 1000;
  const jobId = randomUUID();
  const rssBefore = peakRss();
  let sampled = 0;
  const sampler = setInterval(() => { sampled = Math.max(sampled, serverMemory().rss); }, 50);
  const ti = performance.now();
  const polls: { at: number; ms: number; done: number | null; total: number | null }[] = [];
  let finished = false;
  const poller = (async () => {
    while (!finished) {
      const p0 = performance.now();
      try {
        const r = await fetch(`${base}/vehicle/import/progress/${jobId}`, { headers: { authorization: tok.qiye2! } });
        const b = await r.json() as { data: { done: number; total: number } | null };
        polls.push({ at: (p0 - ti) / 1000, ms: performance.now() - p0, done: b.data?.done ?? null, total: b.data?.total ?? null });
      } catch { polls.push({ at: (p0 - ti) / 1000, ms: performance.now() - p0, done: null, total: null }); }
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  let report: { status: number; data: any; message: string } | { error: string };
  try { report = await upload(`${base}/vehicle/import?jobId=${jobId}`, tok.qiye2!, file, 'vehicles.xlsx'); } catch (e) { report = { error: String(e) }; }
  const importS = (performance.now() - ti) / 1000;
  finished = true;
  await poller;
  clearInterval(sampler);
  // times are when the answer came back (a poll can wait behind the import on the embedded database)
  const answered = (p: { at: number; ms: number }) => p.at + p.ms / 1000;
  const firstProgress = polls.find((p) => p.total !== null);
  const firstInsert = polls.find((p) => (p.done ?? 0) > 0);
  const moving = polls.filter((p) => p.done !== null && p.total !== null && p.done > 0 && p.done < p.total!).length;
  const imported = (await c.query(`select count(*)::int as n from vehicle where vin like 'LBIMP%'`)).rows[0].n;
  const r1 = (n: number) => Math.round(n * 10) / 10;
  if (!('error' in report) && report.status === 200 && report.data.errors.length) console.log('import refused rows, first ones:', report.data.errors.slice(0, 5));
  return [{
    measure: `import ${IMPORT_ROWS} vehicles (xlsx ${mb(file.length)} MiB, built in ${buildS.toFixed(1)} s)`,
    result: 'error' in report ? report.error : report.status === 200 ? `imported ${report.data.imported}, errors ${report.data.errors.length}` : `${report.status} ${report.message}`,
    seconds: r1(importS), 'rows in db': imported, 'rows/s': Math.round(imported / importS),
    'first progress seen s': firstProgress ? r1(answered(firstProgress)) : null, 'first rows-written progress seen s': firstInsert ? r1(answered(firstInsert)) : null,
    'polls with partial progress': moving, polls: polls.length, 'slowest poll ms': Math.round(Math.max(0, ...polls.map((p) => p.ms))),
    'peak RSS MiB (sampled)': mb(sampled), 'peak RSS MiB (process lifetime)': mb(peakRss()), 'lifetime peak before MiB': mb(rssBefore),
  }];
}

export async function benchRecords(ctx: RecordsBenchContext) {
  serverPid = ctx.serverPid ?? process.pid;
  const url = ctx.databaseUrl ?? ctx.url;
  if (!url) throw new Error('benchRecords: ctx.databaseUrl (or ctx.url) is required');
  const label = ctx.label ?? url.replace(/\/\/[^@]*@/, '//');
  const base = `${ctx.baseUrl}/api/xxda`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const out: Record<string, Record<string, unknown>[]> = {};
  try {
    const region = (await c.query(`select e.region_code from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`)).rows[0].region_code as string;
    const abbr = PROVINCE_ABBR[region.slice(0, 2)]!;
    const tok: Tokens = {};
    for (const u of Object.keys(PASSWORDS)) tok[u] = await ctx.token(u, PASSWORDS[u]!);
    if (PARTS.has('load')) {
      const data = await loadData(c);
      console.log(`\nrecords — ${label}: loaded ${data.counts.vehicles} vehicles and ${data.counts.staff} staff (enterprise A: ${data.counts.a_vehicles} vehicles, ${data.counts.a_staff} staff) `
        + `in ${data.loadS.toFixed(1)} s with multi-row INSERTs; VACUUM ANALYZE ${data.vacuumS.toFixed(1)} s`);
      if (PARTS.has('lists')) {
        out.lists = await measureLists(base, tok, abbr, ctx.seconds ?? 3);
        console.log(`\nrecords lists — ${label} (times in ms, ${ctx.seconds ?? 3} s each, one client)`);
        console.table(out.lists);
      }
      if (PARTS.has('candidates')) {
        out.candidates = await measureCandidates(ctx, tok, abbr, c, data.enterpriseA, ctx.seconds ?? 3);
        console.log(`\nrecords 调度候选 — ${label} (times in ms, ${ctx.seconds ?? 3} s each, one client; 20 candidates a page)`);
        console.table(out.candidates);
      }
      if (PARTS.has('export')) {
        out.export = await measureExport(base, tok, data.counts.a_vehicles);
        console.log(`\nrecords export — ${label}`);
        console.table(out.export);
      }
    }
    if (PARTS.has('import')) {
      out.import = await measureImport(base, tok, abbr, c);
      console.log(`\nrecords import — ${label} (progress polled every second)`);
      console.table(out.import);
    }
    return out;
  } finally {
    await c.end();
  }
}
