/**
 * The production start: the server bundle built by the same command `npm run build` runs for the server
 * (scripts/build-server.mjs), started with plain node (no tsx) and configured only by the environment or the file
 * CONFIG_FILE names. A wrong setting stops it with one Chinese and English line naming the setting and exit code 1;
 * a good one answers /api/health and /api/ready; when its database goes away /api/ready answers 503 naming it, a
 * request answers 服务器内部错误（追踪号 …）, and stdout holds one JSON line with that trace id.
 * Embedded database, and on PostgreSQL (TEST_DATABASE_URL) a database that a newer version migrated is refused.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { freePort, api, until, PG_BASE, createDb, dropDb } from './helpers.ts';
import { connect, runMigrations } from '../../src/db/index.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const out = path.join(root, 'server/dist', `test-${randomUUID().slice(0, 8)}`);
const main = path.join(out, 'main.mjs');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ops-prod-'));
const started: ChildProcess[] = [];

beforeAll(() => {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', out], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
}, 120_000);
afterAll(() => {
  for (const c of started) if (c.exitCode === null) { try { process.kill(-c.pid!, 'SIGKILL'); } catch { c.kill('SIGKILL'); } }
  rmSync(out, { recursive: true, force: true });
  try { rmdirSync(path.dirname(out)); } catch { /* server/dist holds other builds */ }
  rmSync(tmp, { recursive: true, force: true });
});

/** the bundle with only `env` (plus PATH): no NODE_OPTIONS, no tsx loader */
function startBuilt(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], { cwd: tmp, env: { PATH: process.env.PATH!, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(child);
  const o = { out: '', err: '', exit: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
  child.stdout!.on('data', (d) => { o.out += d; });
  child.stderr!.on('data', (d) => { o.err += d; });
  return { child, o };
}

describe('the production build', () => {
  it('imports nothing but runtime dependencies (no tsx, no devDependency)', () => {
    const deps = (f: string) => Object.keys(JSON.parse(readFileSync(path.join(root, f), 'utf8')).dependencies);
    const runtime = new Set([...deps('server/package.json'), ...deps('packages/core/package.json')]);
    const imports = JSON.parse(readFileSync(path.join(out, 'imports.json'), 'utf8')) as string[];
    const pkg = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);
    expect(imports.map(pkg).filter((p) => !runtime.has(p))).toEqual([]);
    expect(readFileSync(main, 'utf8')).not.toMatch(/from ["']@dg\/core|from ["']tsx|\.ts["']\)/);
  });

  it('a wrong or missing setting stops the start with one Chinese and English line naming it, exit code 1', { timeout: 120_000 }, async () => {
    const busy = net.createServer();
    const busyPort = await new Promise<number>((resolve) => busy.listen(0, '127.0.0.1', () => resolve((busy.address() as net.AddressInfo).port)));
    const dataDir = path.join(tmp, 'bad');
    const aFile = path.join(tmp, 'a-file');
    writeFileSync(aFile, 'x');
    const badConfig = path.join(tmp, 'bad.env');
    writeFileSync(badConfig, `# 配置文件\nPORT=99999\nDATA_DIR=${dataDir}\n`);
    const cases: [Record<string, string>, string][] = [
      [{ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: 'postgres://dg@127.0.0.1:1/dg' }, 'DATABASE_URL'],
      [{ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ DATA_DIR: dataDir, PORT: String(await freePort()), REDIS_URL: 'redis://127.0.0.1:1' }, 'REDIS_URL'],
      [{ DATA_DIR: dataDir, PORT: String(busyPort) }, `PORT ${busyPort}`],
      [{ DATA_DIR: path.join(aFile, 'data'), PORT: String(await freePort()) }, 'DATA_DIR'],
      [{ DATA_DIR: dataDir, JWT_SECRET: 'short' }, 'JWT_SECRET'],
      [{ CONFIG_FILE: badConfig }, 'PORT'],
      [{ CONFIG_FILE: path.join(tmp, 'missing.env') }, 'CONFIG_FILE'],
    ];
    try {
      const results = await Promise.all(cases.map(async ([env, setting]) => {
        const { o } = startBuilt(env);
        const code = await o.exit;
        return { setting, code, lines: o.err.split('\n').filter(Boolean), out: o.out };
      }));
      for (const r of results) {
        expect({ setting: r.setting, code: r.code, lines: r.lines.length }).toEqual({ setting: r.setting, code: 1, lines: 1 });
        expect(r.lines[0]).toContain(r.setting);
        expect(r.lines[0]).toMatch(/^启动失败：.*Startup failed: /);
      }
    } finally { busy.close(); }
  });

  it('starts from CONFIG_FILE alone, is alive and ready; without its database it is not ready, a request is answered 503 and logged by its trace id', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const dataDir = path.join(tmp, 'good');
    const conf = path.join(tmp, 'good.env');
    writeFileSync(conf, `PORT=${port}\nHOST=127.0.0.1\nDATA_DIR=${dataDir}\nSERVE_WEB=0\nLOGIN_CAPTCHA=off\nLOG_LEVEL=info\nSEED_DEMO=0\n`);
    const { child, o } = startBuilt({ CONFIG_FILE: conf, NODE_ENV: 'production' });
    const base = `http://127.0.0.1:${port}`;
    await until(async () => child.exitCode === null && (await fetch(`${base}/api/health`)).ok, 'the built server to answer', 150_000)
      .catch((err) => { throw new Error(`${err.message}; exit ${child.exitCode}; stderr: ${o.err}`); });
    expect(await api(base, 'GET', '/api/ready')).toMatchObject({ http: 200, ready: true, database: 'ok', redis: 'not configured', migrations: 'current', problems: [] });
    // stdout is JSON lines (pino)
    const first = o.out.split('\n').find(Boolean)!;
    expect(JSON.parse(first)).toHaveProperty('level');

    // the database goes away under it (its embedded child killed)
    const db = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' }).trim().split(/\s+/).map(Number).filter(Boolean);
    expect(db.length).toBe(1);
    process.kill(db[0]!, 'SIGKILL');
    await until(async () => (await api(base, 'GET', '/api/ready')).http === 503, 'readiness to say 503');
    const ready = await api(base, 'GET', '/api/ready');
    expect(ready).toMatchObject({ ready: false, database: 'down' });
    expect(ready.problems.join()).toContain('数据库无应答');
    // the database away is the user's 503 (try again), not a 500 to report; the log names the request by its 追踪号
    const failed = await api(base, 'POST', '/api/auth/jwt/token', { body: { username: 'admin', password: 'admin123', type: 1 } });
    expect(failed).toMatchObject({ http: 503, status: 503, message: '数据库暂时不可用，请稍后重试' });
    const traceId = failed.traceId;
    expect(traceId).toBeTruthy();
    await until(async () => o.out.includes(traceId!), 'the warning line on stdout', 10_000);
    const lines = o.out.split('\n').filter((l) => l.includes(traceId!)).map((l) => JSON.parse(l));
    expect(lines.some((l) => l.level >= 40 && l.traceId === traceId && l.msg === 'service unavailable')).toBe(true);
    child.kill('SIGTERM');
    await o.exit;
  });

  it.skipIf(!PG_BASE)('refuses, in one line, a PostgreSQL database that a newer version migrated', { timeout: 120_000 }, async () => {
    const db = await createDb('newer');
    try {
      const database = connect(db.url, 2, { jitOff: true });
      try {
        await runMigrations(database);
        await database.pool.query(`insert into drizzle."__migrations_waybill" (hash, created_at) values ('from-a-newer-version', 9999999999998)`);
      } finally { await database.close(); }
      const { o } = startBuilt({ DATABASE_URL: db.url, DATA_DIR: path.join(tmp, 'newer'), PORT: String(await freePort()), SERVE_WEB: '0' });
      expect(await o.exit).toBe(1);
      const lines = o.err.split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^启动失败：数据库已由更新的版本迁移（本版本没有的迁移：waybill\/9999999999998）.*The database was migrated by a newer version/);
    } finally { await dropDb(db.name); }
  });
});
