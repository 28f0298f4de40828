/**
 * `npm run bench [-- --engines embedded,postgres --suite platform,records,waybill,assessment,learning,knowledge,exam --waybills 10000000 --seconds 5]` (the defaults;
 * a smaller --waybills for a quick look, --engines postgres for PostgreSQL alone)
 * The `fusion` suite (数据融合比对: 1 million external records imported and compared with the bench waybills; bench/fusion.ts)
 * is not among the defaults: it needs the waybill suite's data, generated in the same run or earlier on the same
 * database — `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npm run bench -- --engines postgres --suite waybill,fusion`
 * (BENCH_FUSION_RECORDS sets the file's rows).
 * Starts real servers (embedded PGlite, and PostgreSQL when one answers on 127.0.0.1:5432 or BENCH_DATABASE_URL
 * is set — a database `dg_bench` is created there) and prints tables of measured figures. Nothing is asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { fork, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { load, post, request } from './load.ts';
import { replay, statementsOf } from './sql.ts';

const { values: args } = parseArgs({ options: { engines: { type: 'string', default: 'embedded,postgres' }, suite: { type: 'string', default: 'platform,records,waybill,assessment,learning,knowledge,exam' }, seconds: { type: 'string', default: '5' }, waybills: { type: 'string', default: '10000000' } } });
const suites = new Set(args.suite!.split(','));
const seconds = Number(args.seconds);

export interface BenchContext {
  label: string; baseUrl: string; databaseUrl: string; token(user: string, password: string): Promise<string>; seconds: number; waybills: number;
  /** the server's own process (not this one, which only generates load) */
  serverPid: number;
}

/**
 * The server as production runs it: bench/server-child.ts bundled with the server by scripts/build-server.mjs (the
 * build `npm run start:prod` runs) and started with plain node — no tsx transpiling at run time, which costs a
 * server ~80 MB and slows the code it loads.
 */
function buildServer(): string {
  const outdir = path.join(import.meta.dirname, '../server/.bench-dist');
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir, '--entry', 'bench-server=bench/server-child.ts'], { cwd: path.join(import.meta.dirname, '..'), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the bench server failed: ${r.stderr || r.stdout}`);
  return path.join(outdir, 'bench-server.mjs');
}
let built: string | null = null;

/** starts the server in a child process and resolves when it listens */
function startServerProcess(config: Record<string, unknown>) {
  built ??= buildServer();
  const child = fork(built, [JSON.stringify(config)], {
    // BENCH_SERVER_ARGS: node options for the server alone (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of a run)
    execArgv: (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean), stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, TRACE_SQL: 'full' },
  });
  return new Promise<{ url: string; databaseUrl: string; pid: number; stop(): Promise<void> }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it listened`)));
    child.once('message', (m: { url: string; databaseUrl: string; pid: number }) => {
      child.removeAllListeners('exit');
      resolve({ ...m, stop: () => new Promise<void>((done) => { if (child.exitCode !== null) return done(); child.once('exit', () => done()); child.send('stop'); }) });
    });
  });
}

async function postgresUrl(): Promise<string | null> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
    await admin.query('drop database if exists dg_bench with (force)');
    await admin.query('create database dg_bench');
    return 'postgres://postgres@127.0.0.1:5432/dg_bench';
  } catch { return null; } finally { await admin.end().catch(() => {}); }
}

/** a measured call; `share`: its goal as a share of /api/health's req/s; `list`: a list, whose p50 has a goal beside its SQL's */
interface Measure { measure: string; method: 'GET' | 'POST'; path: string; body?: unknown; token?: string; share?: number; list?: boolean }

/** one call; true when it answered 200 with status 200 (or plain 200 for /api/health) */
function call(c: BenchContext, m: Measure) {
  return fetch(c.baseUrl + m.path, {
    method: m.method, headers: { ...(m.token ? { authorization: m.token } : {}), ...(m.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: m.body === undefined ? undefined : JSON.stringify(m.body),
  });
}

/**
 * The raw SQL of one warm call (bench/sql.ts): its statements read back from 链路监控 by the call's trace id and
 * replayed from here. Returns the statements' p50 (sum of one replay) and how many there are.
 */
async function rawSql(c: BenchContext, m: Measure, adminToken: string) {
  await call(c, m);
  const res = await call(c, m);
  const traceId = res.headers.get('x-trace-id');
  await res.arrayBuffer();
  const statements = await statementsOf(c.baseUrl, adminToken, traceId);
  return { p50: await replay(c.databaseUrl, statements), statements: statements.length };
}

async function platformSuite(c: BenchContext) {
  // distinct accounts: one account is limited to 20 attempts a minute from one address
  const users = Object.entries({ admin: 'admin123', qiye: 'qiye123', qiye2: 'qiye123', zhengfu: 'zhengfu123', shiji: 'zhengfu123' });
  let n = 0;
  const login = () => { const [u, p] = users[n++ % users.length]!; return post(`${c.baseUrl}/api/auth/jwt/token`, { username: u, password: p, type: 1 }).then((r) => r.status === 200); };
  const admin = await c.token('admin', 'admin123');
  const qiye = await c.token('qiye', 'qiye123');
  const measures: Measure[] = [
    { measure: 'GET /api/health', method: 'GET', path: '/api/health' },
    { measure: 'GET getRemindInfo (enterprise)', method: 'GET', path: '/api/index/indexQyd/getRemindInfo', token: qiye, share: 0.5 },
    { measure: 'POST admin/user/list, page 1 of 10', method: 'POST', path: '/api/admin/user/list', body: { page: 1, size: 10 }, token: admin, share: 0.2, list: true },
    { measure: 'POST xxda/vehicle/list, page 1 of 10 (enterprise)', method: 'POST', path: '/api/xxda/vehicle/list', body: { page: 1, size: 10 }, token: qiye, share: 0.2, list: true },
    { measure: 'POST dzyd/waybill/manage/list, page 1 of 10 (enterprise)', method: 'POST', path: '/api/dzyd/waybill/manage/list', body: { page: 1, size: 10 }, token: qiye, share: 0.2, list: true },
  ];
  const CONCURRENCY = 10;
  const rows: Record<string, unknown>[] = [];
  let health = 0;
  // BENCH_ONLY=<regular expression>: only the measures whose names match, beside /api/health (e.g. for a profile of one)
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  for (const m of measures.filter((x) => !x.token || !only || only.test(x.measure))) {
    const raw = m.token ? await rawSql(c, m, admin) : { p50: 0, statements: 0 };
    const first = await call(c, m);
    const answer = m.token ? await first.json() as { status: number; message?: string } : (await first.arrayBuffer(), { status: first.status });
    if (answer.status !== 200) { rows.push({ measure: m.measure, errors: `${answer.status} ${answer.message ?? ''}` }); continue; }
    const run = (connections: number, duration: number) => autocannon({
      url: c.baseUrl + m.path, method: m.method, connections, duration,
      headers: { ...(m.token ? { authorization: m.token } : {}), ...(m.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: m.body === undefined ? undefined : JSON.stringify(m.body),
    });
    // throughput at CONCURRENCY first (it also warms the code the shape runs: V8 optimises what it runs often), then
    // the latency alone (one caller: no queueing behind other requests), timed here to the microsecond — autocannon
    // keeps whole milliseconds (its mean for /api/health read 0.05 ms while its own 2,312 req/s on one connection meant 0.43)
    const r = await run(CONCURRENCY, c.seconds);
    const one = await load(() => request(c.baseUrl + m.path, { method: m.method, token: m.token, body: m.body }).then((x) => x.status === 200), { concurrency: 1, seconds: Math.max(2, Math.round(c.seconds / 2)) });
    const rps = Math.round(r.requests.average);
    if (!m.token) health = rps;
    const p50 = one.p50;
    rows.push({
      measure: m.measure, 'req/s': rps, 'p99 ms': r.latency.p99, errors: r.errors + r.non2xx + r.timeouts + one.errors,
      'API p50 (1 caller)': p50,
      'raw SQL p50': m.token ? raw.p50 : '', statements: m.token ? raw.statements : '', 'API − SQL': m.token ? Math.round((p50 - raw.p50) * 100) / 100 : '',
      '× health req/s': health ? Math.round((rps / health) * 100) / 100 : '',
      // the goals: a share of /api/health's throughput; a list's p50 within 1.2 × its SQL + 0.3 ms
      goal: [m.share ? `≥ ${m.share} × health` : '', m.list ? `p50 ≤ ${Math.round((1.2 * raw.p50 + 0.3) * 100) / 100}` : ''].filter(Boolean).join(', '),
      met: !m.share ? '' : rps / health >= m.share && (!m.list || p50 <= 1.2 * raw.p50 + 0.3) ? 'yes' : 'no',
    });
  }
  const signIn = only && !only.test('login') ? null : await load(login, { concurrency: 8, seconds: c.seconds });
  if (signIn) rows.push({ measure: 'login (argon2id), 8 concurrent', 'req/s': signIn.rps, 'p99 ms': signIn.p99, errors: signIn.errors });
  console.log(`\nplatform — ${c.label}: ${CONCURRENCY} connections (autocannon) from this process, the server in its own (req/s and p99 at that load; API p50 from one caller here through node:http, beside its SQL statements replayed from here, prepared, on one connection; ms)`);
  console.table(rows);
}

async function run(label: string, databaseUrl: string | undefined) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dg-bench-'));
  const server = await startServerProcess({ port: 0, host: '127.0.0.1', dataDir: dir, databaseUrl, seedDemo: true, loginCaptcha: false, logLevel: 'warn', serveWeb: false, loginRatePerMinute: 1e9 });
  const tokens = new Map<string, string>();
  const c: BenchContext = {
    label, baseUrl: server.url, databaseUrl: server.databaseUrl, seconds, waybills: Number(args.waybills), serverPid: server.pid,
    async token(user, password) {
      if (!tokens.has(user)) tokens.set(user, (await post(`${server.url}/api/auth/jwt/token`, { username: user, password, type: user === 'super' ? 2 : 1 })).data);
      return tokens.get(user)!;
    },
  };
  try {
    if (suites.has('platform')) await platformSuite(c);
    for (const [name, file, fn] of [['records', './records.ts', 'benchRecords'], ['waybill', './waybill.ts', 'benchWaybill'], ['assessment', './assessment.ts', 'benchAssessment'], ['learning', './learning.ts', 'benchLearning'], ['knowledge', './knowledge.ts', 'benchKnowledge'], ['exam', './exam.ts', 'benchExam'], ['fusion', './fusion.ts', 'benchFusion']] as const) {
      if (!suites.has(name)) continue;
      if ((name === 'waybill' || name === 'fusion') && !databaseUrl) { console.log(`\n${name} — ${label}: skipped (10 million waybills are measured on PostgreSQL)`); continue; }
      const mod = await import(file).catch(() => null);
      if (!mod?.[fn]) { console.log(`\n${name}: suite not available`); continue; }
      await mod[fn](c);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
const engines = new Set(args.engines!.split(','));
if (engines.has('embedded')) await run('embedded PGlite', undefined);
const pgUrl = engines.has('postgres') ? await postgresUrl() : null;
if (pgUrl) await run('PostgreSQL', pgUrl);
else if (engines.has('postgres')) console.log('\nPostgreSQL: not reachable on 127.0.0.1:5432 and BENCH_DATABASE_URL unset — skipped');
process.exit(0);
