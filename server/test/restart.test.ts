/**
 * `npm start` as an operator meets it: the server process with the embedded database in DATA_DIR
 * stops on SIGTERM (exit code 0, the database child gone), and after a restart every row committed
 * before the signal is there. Embedded only: with DATABASE_URL the database outlives the process anyway.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { uid } from './helpers.ts';
import { seededDataDir } from './template.ts';

const root = path.join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dg-restart-'));
const started: ChildProcess[] = [];
afterAll(() => {
  // a failed test must not leave a server (and its database) running
  for (const c of started) if (c.exitCode === null) { try { process.kill(-c.pid!, 'SIGKILL'); } catch { c.kill('SIGKILL'); } }
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); });
});

async function start(port: number, o: { group?: boolean } = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root, stdio: ['ignore', 'ignore', 'pipe'], detached: !!o.group,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOGIN_CAPTCHA: 'off', SERVE_WEB: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
  });
  started.push(child);
  let err = '';
  child.stderr!.on('data', (d) => { err += d; });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${err}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

async function api(port: number, method: string, url: string, body?: unknown, token?: string) {
  const r = await fetch(`http://127.0.0.1:${port}/api${url}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
  });
  return r.json() as Promise<{ status: number; message?: string; data: any }>;
}

const signIn = async (port: number) => (await api(port, 'POST', '/auth/jwt/token', { username: 'admin', password: 'admin123', type: 1 })).data as string;

const stopped = (child: ChildProcess) => new Promise<number | null>((resolve) => {
  if (child.exitCode !== null) return resolve(child.exitCode);
  child.once('exit', (code) => resolve(code));
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('stop and restart on the embedded database', () => {
  // it starts two servers of its own on the embedded database: under the whole suite's load on two cores that has
  // taken over four minutes (alone, under one), as the migration and backup tests have
  it('SIGTERM exits 0, and a row committed just before it is there after the restart', { timeout: 600_000 }, async () => {
    const port = await freePort();
    // the run's seeded database as DATA_DIR's: the first start finds it current instead of seeding one
    seededDataDir(dataDir);
    const first = await start(port);
    const token = await signIn(port);
    const code = uid('rs');
    const added = await api(port, 'POST', '/admin/dict/addDict', { name: '重启前写入', value: code }, token);
    expect(added.status).toBe(200);

    first.kill('SIGTERM');
    expect(await stopped(first)).toBe(0);
    // the port is free again: nothing of the old process (or its database child) still listens
    expect(await fetch(`http://127.0.0.1:${port}/api/health`).then(() => 'up', () => 'down')).toBe('down');

    const second = await start(port);
    try {
      const all = await api(port, 'GET', '/admin/dict/getAll', undefined, await signIn(port));
      expect(all.data.some((d: { value: string; name: string }) => d.value === code && d.name === '重启前写入')).toBe(true);
    } finally {
      second.kill('SIGTERM');
      expect(await stopped(second)).toBe(0);
    }
  });

  it('SIGTERM to the whole process group under a write load: exit 0, every confirmed write there, none unconfirmed or unlogged', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const first = await start(port, { group: true }); // its own process group, as a shell, systemd or Docker runs it
    const token = await signIn(port);
    const run = uid('grp');
    const confirmed = new Set<string>();
    let sent = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const value = `${run}_${w}_${i}`;
        sent++;
        const r = await api(port, 'POST', '/admin/dict/addDict', { name: '停机时写入', value }, token).catch(() => null);
        if (r?.status === 200) confirmed.add(value);
        else if (r === null) return; // refused: the server has stopped listening
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    for (let i = 0; confirmed.size < 40; i++) {
      if (i > 1500) throw new Error(`only ${confirmed.size} of ${sent} writes confirmed in 30 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    process.kill(-first.pid!, 'SIGTERM'); // the group: the API process and its embedded database child together
    expect(await stopped(first)).toBe(0);
    stop = true;
    await load;
    expect(sent).toBeGreaterThan(confirmed.size); // writes were in flight or refused when the signal came

    const second = await start(port);
    try {
      const t2 = await signIn(port);
      const all = await api(port, 'GET', '/admin/dict/getAll', undefined, t2);
      const stored = new Set((all.data as { value: string }[]).map((d) => d.value).filter((v) => v.startsWith(run + '_')));
      // every confirmed write survived, and nothing was committed that the client was not told of
      expect([...confirmed].filter((v) => !stored.has(v))).toEqual([]);
      expect([...stored].filter((v) => !confirmed.has(v))).toEqual([]);
      // and each has its finished operation-log row
      const logged = new Set<string>();
      for (let page = 1; ; page++) {
        const l = await api(port, 'POST', '/admin/gateLog/list', { page, size: 100, filters: { menu: '代码表' } }, t2);
        const rows = l.data.content as { body: { value?: string } | null; result: string }[];
        for (const row of rows) if (row.result === '成功' && row.body?.value?.startsWith(run + '_')) logged.add(row.body.value);
        if (rows.length < 100) break;
      }
      expect([...stored].filter((v) => !logged.has(v))).toEqual([]);
    } finally {
      second.kill('SIGTERM');
      expect(await stopped(second)).toBe(0);
    }
  });
});
