/**
 * `npm run bench [-- --suite platform,records,waybill --waybills 10000000 --seconds 5]` (the defaults; a smaller --waybills for a quick look)
 * Starts real servers (embedded PGlite, and PostgreSQL when one answers on 127.0.0.1:5432 or BENCH_DATABASE_URL
 * is set — a database `dg_bench` is created there) and prints tables of measured figures. Nothing is asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { startServer, type RunningServer } from '../server/src/server.ts';
import { loadConfig } from '../server/src/config.ts';
import { load, post } from './load.ts';

const { values: args } = parseArgs({ options: { suite: { type: 'string', default: 'platform,records,waybill' }, seconds: { type: 'string', default: '5' }, waybills: { type: 'string', default: '10000000' } } });
const suites = new Set(args.suite!.split(','));
const seconds = Number(args.seconds);

export interface BenchContext { label: string; server: RunningServer; baseUrl: string; databaseUrl: string; token(user: string, password: string): Promise<string>; seconds: number; waybills: number }

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

async function platformSuite(c: BenchContext) {
  // distinct accounts: one account is limited to 20 attempts a minute from one address
  const users = Object.entries({ admin: 'admin123', qiye: 'qiye123', qiye2: 'qiye123', zhengfu: 'zhengfu123', shiji: 'zhengfu123' });
  let n = 0;
  const login = () => { const [u, p] = users[n++ % users.length]!; return post(`${c.baseUrl}/api/auth/jwt/token`, { username: u, password: p, type: 1 }).then((r) => r.status === 200); };
  const token = await c.token('admin', 'admin123');
  const list = () => post(`${c.baseUrl}/api/admin/user/list`, { page: 1, size: 20 }, token).then((r) => r.status === 200);
  const remind = () => fetch(`${c.baseUrl}/api/index/indexQyd/getRemindInfo`, { headers: { authorization: token } }).then((r) => r.ok);
  const rows = [
    { measure: 'login (argon2id), 8 concurrent', ...(await load(login, { concurrency: 8, seconds: c.seconds })) },
    { measure: 'POST /api/admin/user/list, 20 concurrent', ...(await load(list, { concurrency: 20, seconds: c.seconds })) },
    { measure: 'GET getRemindInfo, 20 concurrent', ...(await load(remind, { concurrency: 20, seconds: c.seconds })) },
  ];
  console.log(`\nplatform — ${c.label} (rps = requests/s, times in ms)`);
  console.table(rows);
}

async function run(label: string, databaseUrl: string | undefined) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dg-bench-'));
  const server = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir: dir, databaseUrl, seedDemo: true, loginCaptcha: false, logLevel: 'warn', serveWeb: false, loginRatePerMinute: 1e9 }, { logger: false });
  const tokens = new Map<string, string>();
  const c: BenchContext = {
    label, server, baseUrl: server.url, databaseUrl: server.database.url, seconds, waybills: Number(args.waybills),
    async token(user, password) {
      if (!tokens.has(user)) tokens.set(user, (await post(`${server.url}/api/auth/jwt/token`, { username: user, password, type: user === 'super' ? 2 : 1 })).data);
      return tokens.get(user)!;
    },
  };
  try {
    if (suites.has('platform')) await platformSuite(c);
    for (const [name, file, fn] of [['records', './records.ts', 'benchRecords'], ['waybill', './waybill.ts', 'benchWaybill']] as const) {
      if (!suites.has(name)) continue;
      if (name === 'waybill' && !databaseUrl) { console.log(`\n${name} — ${label}: skipped (10 million waybills are measured on PostgreSQL)`); continue; }
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
await run('embedded PGlite', undefined);
const pgUrl = await postgresUrl();
if (pgUrl) await run('PostgreSQL', pgUrl);
else console.log('\nPostgreSQL: not reachable on 127.0.0.1:5432 and BENCH_DATABASE_URL unset — skipped');
process.exit(0);
