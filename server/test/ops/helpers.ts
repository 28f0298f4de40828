/** Helpers of the operations tests: throw-away PostgreSQL databases (ops_*), free ports, plain HTTP calls. */
import net from 'node:net';
import pg from 'pg';
import { randomUUID } from 'node:crypto';

export const PG_BASE = process.env.TEST_DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL || undefined;

/** the URL of database `name` on the test PostgreSQL server */
export function pgUrl(name: string) {
  const u = new URL(PG_BASE!);
  u.pathname = '/' + name;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: pgUrl('postgres') });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

/** a new empty database `ops_<what>_<random>`; its URL */
export async function createDb(what: string) {
  const name = `ops_${what}_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  await admin((c) => c.query(`create database "${name}"`));
  return { name, url: pgUrl(name) };
}

export async function dropDb(name: string) {
  await admin((c) => c.query(`drop database if exists "${name}" with (force)`)).catch(() => {});
}

export const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); });
});

/** the envelope, its HTTP status and the request's 追踪号 (the x-trace-id header) */
export interface Answer { http: number; traceId: string | null; status?: number; message?: string; data?: any; [k: string]: any }

/** a JSON call over HTTP; a refused connection rejects (the client is told) */
export async function api(base: string, method: string, url: string, o: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const r = await fetch(`${base}${url}`, {
    method, body: o.body === undefined ? undefined : JSON.stringify(o.body),
    headers: { ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.token ? { authorization: o.token } : {}) },
  });
  const text = await r.text();
  let body: any = {};
  try { body = JSON.parse(text); } catch { body = { text }; }
  return { ...body, http: r.status, traceId: r.headers.get('x-trace-id') };
}

export async function signIn(base: string, username = 'admin', password = 'admin123') {
  const r = await api(base, 'POST', '/api/auth/jwt/token', { body: { username, password, type: 1 } });
  if (r.status !== 200) throw new Error(`sign-in ${username}: ${r.message}`);
  return r.data as string;
}

/** waits until `f` answers truthy (generous: the machine may be busy) */
export async function until<T>(f: () => Promise<T>, what: string, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await f().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
