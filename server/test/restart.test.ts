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

const root = path.join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dg-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); });
});

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root, stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOGIN_CAPTCHA: 'off', SERVE_WEB: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
  });
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
  it('SIGTERM exits 0, and a row committed just before it is there after the restart', { timeout: 240_000 }, async () => {
    const port = await freePort();
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
});
