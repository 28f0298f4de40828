/**
 * What server/test/faults.test.ts stands up for itself: a PostgreSQL cluster and a Redis of its own (the shared ones
 * are never stopped), and the server as a child process against them, spoken to over HTTP with every answer recorded.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.join(import.meta.dirname, '../..');

export const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); });
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** a PostgreSQL server binary: on PATH, in /usr/local/bin, or in Debian's versioned directory */
function pgBinary(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (existsSync(`/usr/local/bin/${name}`)) return `/usr/local/bin/${name}`;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(`/usr/lib/postgresql/${v}/bin/${name}`)) return `/usr/lib/postgresql/${v}/bin/${name}`;
  return null;
}

/** initdb and pg_ctl refuse to run as root: as root, they run as this user (the packages' own, else nobody) */
function clusterUser(): { uid: number; gid: number; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (r.status === 0) return { uid: Number(r.stdout.trim()), gid: Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim()), name };
  }
  return null;
}

/** why the fault test cannot run here, or null when it can */
export function faultToolsMissing(): string | null {
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter((b) => !pgBinary(b));
  if (!spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim()) missing.push('redis-server');
  if (process.getuid?.() === 0 && !clusterUser()) missing.push('a user other than root for initdb');
  if (process.getuid?.() === 0 && !spawnSync('sh', ['-c', 'command -v setpriv'], { encoding: 'utf8' }).stdout.trim()) missing.push('setpriv');
  return missing.length ? `not found: ${missing.join(', ')}` : null;
}

function asClusterUser(cmd: string, args: string[]): [string, string[]] {
  const u = clusterUser();
  return u ? ['setpriv', ['--reuid', String(u.uid), '--regid', String(u.gid), '--init-groups', '--', cmd, ...args]] : [cmd, args];
}

function run(cmd: string, args: string[]) {
  const [c, a] = asClusterUser(cmd, args);
  const r = spawnSync(c, a, { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export interface OwnPostgres {
  url: string; dir: string;
  /**
   * `pg_ctl restart -m fast`: every connection is cut; resolves with how long it took. With `whileDown`, the cluster
   * is stopped (`-m fast`), `whileDown` runs while nothing listens, and then it starts again.
   */
  restart(whileDown?: () => Promise<void>): Promise<number>;
  stop(): void;
}

/** a throw-away cluster on a free port (trust auth on 127.0.0.1 only, its socket in its own directory, no fsync) */
export async function startPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dg-faults-pg-'));
  const u = clusterUser();
  if (u) chownSync(dir, u.uid, u.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(pgBinary('initdb')!, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=100`;
  const pgCtl = pgBinary('pg_ctl')!;
  const ctl = (...a: string[]) => run(pgCtl, ['-D', data, '-l', path.join(dir, 'log'), '-o', opts, ...a]);
  ctl('-w', 'start');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url, dir,
    async restart(whileDown) {
      const t0 = Date.now();
      // not spawnSync: the test's own load runs in this process and must go on meanwhile
      const pgCtlAsync = (...args: string[]) => new Promise<void>((resolve, reject) => {
        const [c, a] = asClusterUser(pgCtl, ['-D', data, '-l', path.join(dir, 'log'), '-o', opts, ...args]);
        const p = spawn(c, a, { stdio: 'ignore' });
        p.on('error', reject);
        p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.at(-1)}: exit ${code}`))));
      });
      if (!whileDown) await pgCtlAsync('-m', 'fast', '-w', 'restart');
      else {
        await pgCtlAsync('-m', 'fast', '-w', 'stop');
        try { await whileDown(); } finally { await pgCtlAsync('-w', 'start'); }
      }
      return Date.now() - t0;
    },
    stop() {
      try { ctl('-m', 'immediate', '-w', 'stop'); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Copies a migrated and seeded database into `to` with pg_dump | pg_restore (seconds, where migrating and seeding a
 * fresh one takes most of a minute). False when the client tools are not there: the server then prepares it itself.
 */
export function copyDatabase(from: string, to: string): boolean {
  if (!spawnSync('sh', ['-c', 'command -v pg_dump && command -v pg_restore'], { encoding: 'utf8' }).stdout.trim()) return false;
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', 'pg_dump -Fc --no-owner --no-acl -d "$FROM" | pg_restore --no-owner --no-acl -d "$TO"'],
    { encoding: 'utf8', env: { ...process.env, FROM: from, TO: to }, timeout: 120_000 });
  if (r.status !== 0) throw new Error(`copying the test database: ${r.stderr}`);
  return true;
}

export interface OwnRedis { url: string; start(): Promise<void>; stop(): Promise<void> }

/** a Redis on a free port, without persistence (what a restart brings back is empty, as with a cache) */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const answers = () => new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1').on('connect', () => { s.end(); resolve(true); }).on('error', () => resolve(false));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      for (let i = 0; !(await answers()); i++) {
        if (i > 100) throw new Error('redis-server did not start');
        await sleep(50);
      }
    },
    async stop() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await gone;
    },
  };
}

export interface ServerProcess {
  child: ChildProcess; base: string;
  /** the exit code and signal if it ended */
  exited: { code: number | null; signal: string | null } | null;
  /** the last 20 KB of its output */
  output(): string;
  stop(): Promise<number | null>;
  /** `kill -9` of its process group, as a crash or the OOM killer ends it: nothing is finished, nothing closed */
  kill(): Promise<void>;
}

/** `npm start` against the given database and Redis, as an operator runs it (tsx, its own process group) */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dg-faults-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOGIN_CAPTCHA: 'off', SERVE_WEB: '0', LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  const keep = (d: Buffer) => { out = (out + d).slice(-20_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const sp: ServerProcess = {
    child, base: `http://127.0.0.1:${port}`, exited: null, output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const code = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      child.kill('SIGTERM');
      const t = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 30_000);
      const c = await code;
      clearTimeout(t);
      rmSync(dataDir, { recursive: true, force: true });
      return c;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ }
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  child.once('exit', (code, signal) => { sp.exited = { code, signal }; });
  for (let i = 0; ; i++) {
    if (sp.exited) throw new Error(`server exited ${sp.exited.code}: ${out}`);
    if (i > 1200) throw new Error(`server did not become ready: ${out}`);
    if (await fetch(`${sp.base}/api/health`).then((r) => r.ok, () => false)) return sp;
    await sleep(250);
  }
}

export interface Answer {
  what: string; at: number; ms: number;
  /** the HTTP status, or 0 when no answer came (refused, reset, aborted after 15 s) */
  http: number;
  status?: number; message?: string; data?: unknown;
  /** the whole JSON body (`/api/ready` answers without the envelope) */
  body?: unknown;
  error?: string;
}

/** one JSON call, recorded in `log` whatever comes back */
export async function call(log: Answer[], what: string, base: string, method: string, url: string, o: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const at = Date.now();
  const a: Answer = { what, at, ms: 0, http: 0 };
  try {
    const r = await fetch(`${base}/api${url}`, {
      method, body: o.body === undefined ? undefined : JSON.stringify(o.body), signal: AbortSignal.timeout(15_000),
      headers: { ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.token ? { authorization: o.token } : {}) },
    });
    a.http = r.status;
    const text = await r.text();
    try { const b = JSON.parse(text); a.body = b; a.status = b.status; a.message = b.message; a.data = b.data; } catch { a.message = text.slice(0, 200); }
  } catch (err) {
    a.error = String((err as Error).cause ?? (err as Error).message ?? err);
  }
  a.ms = Date.now() - at;
  log.push(a);
  return a;
}
