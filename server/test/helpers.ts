/**
 * API test helpers: a real app on the run's database, spoken to with app.inject().
 * Demo accounts (README) are shared by every test file: never lock, disable or re-password them —
 * create your own users/rows with unique names (uid()) for that.
 */
import {} from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { connect } from '../src/db/index.ts';
import type { SessionUser } from '../src/platform/access.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { testDatabaseUrl } from './database.ts';

export const uid = (p = '') => p + randomUUID().replace(/-/g, '').slice(0, 10);

export const DEMO = {
  admin: 'admin123', qiye: 'qiye123', qiye2: 'qiye123', zhengfu: 'zhengfu123', shiji: 'zhengfu123', wuquanxian: 'wuquanxian123', super: 'super123', yuangong: 'yuangong123',
} as const;
export type DemoUser = keyof typeof DEMO;

export interface TestApp {
  app: BuiltApp;
  config: Config;
  /** the signed-in token of a demo account (cached per file) */
  token(user: DemoUser): Promise<string>;
  login(username: string, password: string, type?: 1 | 2): Promise<{ status: number; message: string; data: string }>;
  /** JSON call; returns the parsed body and the HTTP status */
  call(method: string, url: string, opts?: { token?: string; body?: unknown; as?: DemoUser }): Promise<{ http: number; body: any; headers: Record<string, unknown>; raw: Buffer }>;
  sql<T = any>(text: string, params?: unknown[]): Promise<T[]>;
}

/** a demo account's session as the server holds it (for calling a module's functions directly) */
export async function sessionOf(t: TestApp, who: DemoUser): Promise<SessionUser> {
  const u = await t.app.ctx.sessions.authenticate(await t.token(who));
  if ('error' in u) throw new Error(u.error);
  return u;
}

/**
 * The apps this file opened, closed after its tests by server/test/setup.ts (a hook registered inside beforeAll, where
 * most files call testApp, is not run; and a worker runs many files: one file's connections must not outlive it).
 */
const open = new Set<() => Promise<void>>();
export async function closeTestApps() {
  const closing = [...open];
  open.clear();
  await Promise.all(closing.map((close) => close()));
}

/** one signing secret for every app of this test process (the instances of a multi-instance test share it, as in production) */
const JWT_SECRET = randomBytes(32).toString('hex');

export async function testApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  // every answer a route declares is checked against its schema (a mismatch answers 500)
  const config: Config = { ...loadConfig({}), loginCaptcha: false, seedDemo: false, checkAnswers: true,
    // every test app signs in from 127.0.0.1: a run's deliberate failures must not hold up the next file's sign-ins
    loginAddressFailures: 1_000_000, logLevel: process.env.DEBUG_LOG ? 'warn' : 'silent', serveWeb: false, jwtSecret: JWT_SECRET, ...overrides };
  const database = connect(testDatabaseUrl(), 4);
  const app = await buildApp({ config, database, logger: process.env.DEBUG_LOG ? true : false });
  open.add(async () => { await app.close(); await database.close(); });
  const tokens = new Map<string, string>();
  const t: TestApp = {
    app, config,
    async login(username, password, type = 1) {
      const r = await app.inject({ method: 'POST', url: '/api/auth/jwt/token', payload: { username, password, type } });
      return r.json();
    },
    async token(user) {
      if (!tokens.has(user)) {
        const r = await t.login(user, DEMO[user], user === 'super' ? 2 : 1);
        if (r.status !== 200) throw new Error(`login ${user}: ${r.message}`);
        tokens.set(user, r.data);
      }
      return tokens.get(user)!;
    },
    async call(method, url, opts = {}) {
      const token = opts.token ?? (opts.as ? await t.token(opts.as) : undefined);
      const r = await app.inject({
        method: method as any, url,
        headers: token ? { authorization: token } : {},
        ...(opts.body !== undefined ? { payload: opts.body as any } : {}),
      });
      let body: any = null;
      try { body = r.json(); } catch { body = r.body; }
      return { http: r.statusCode, body, headers: r.headers, raw: r.rawPayload };
    },
    async sql(text, params = []) {
      return (await database.pool.query(text, params)).rows;
    },
  };
  return t;
}
