/**
 * Every registered API route, called with a valid token of its kind (the platform administrator holds every menu, the
 * super administrator pageB's) and hostile input: NUL bytes, over-long strings, wrong types, deep nesting. None may
 * answer 500, and every write that answers 200 has its operation-log row.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, type TestApp } from '../helpers.ts';
import { apiRoutes, SESSION_ENDING, STREAMS } from './route-table.ts';

/** the routes are shared between this many test files (route-fuzz-input-N.test.ts), so that none runs long */
const PARTS = 2;

let nested: unknown = 'x';
for (let i = 0; i < 40; i++) nested = i % 2 ? { a: nested } : [nested]; // 40 levels, one value each
const LONG = '危'.repeat(100_000);
const BODIES: unknown[] = [
  { name: 'a\u0000b', page: 1, size: 10, filters: { name: 'x\u0000', keyword: '\u0000' }, id: '\u0000', value: 'v\u0000' },
  { name: LONG, code: LONG, filters: { name: LONG }, remark: LONG, value: LONG },
  { name: 12, page: 'one', size: {}, filters: [1, 2], id: 7, version: 'x', status: { $ne: 1 }, ids: 'a,b' },
  { page: 1, filters: nested, data: nested },
];
const QUERIES = ['?q=a%00b&name=%00&keyword=x%00', `?q=${'x'.repeat(20_000)}&page=abc&size=-1&month=2026-99`];

export function fuzzInputSweep(part: number) {
  let t: TestApp;
  beforeAll(async () => { t = await testApp(); });

  describe(`route fuzz: input (part ${part + 1} of ${PARTS})`, () => {
    it('hostile input never answers 500; every write answered 200 has its log row', { timeout: 240_000 }, async () => {
      const routes = apiRoutes(t).filter((r) => !r.access.public && !SESSION_ENDING.some((re) => re.test(r.url)) && !STREAMS.some((re) => re.test(r.url))).filter((_r, i) => i % PARTS === part);
      const admin = await t.token('admin');
      const sup = await t.token('super');
      const ids = await t.sql(`select id, username from base_user where username in ('admin', 'super')`);
      const userId = (name: string) => ids.find((u) => u.username === name)!.id;
      const faults: string[] = [];
      const unlogged: string[] = [];
      for (const r of routes) {
        const asSuper = !(r.access.kinds ?? ['admin']).includes('admin');
        const token = asSuper ? sup : admin;
        const sends = r.method === 'GET' || r.method === 'DELETE'
          ? QUERIES.map((q) => ({ url: r.path + q, body: undefined as unknown }))
          : BODIES.map((body) => ({ url: r.path, body }));
        for (const s of sends) {
          const res = await t.app.inject({ method: r.method as 'POST', url: s.url, headers: { authorization: token }, ...(s.body === undefined ? {} : { payload: s.body as object }) });
          let status: number | undefined;
          try { status = res.json().status; } catch { /* a file */ }
          if (res.statusCode >= 500 || status === 500) faults.push(`${r.method} ${s.url.slice(0, 120)} ${JSON.stringify(s.body)?.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
          const write = r.method !== 'GET' && (r.method !== 'POST' || !!(r.access.element || r.access.opt));
          if (write && res.statusCode === 200 && status === 200) {
            const rows = await t.sql(`select 1 from gate_log where uri = $1 and crt_user = $2 and result = '成功'`, [s.url.slice(0, 500), userId(asSuper ? 'super' : 'admin')]);
            if (!rows.length) unlogged.push(`${r.method} ${s.url}`);
          }
        }
      }
      expect(faults).toEqual([]);
      expect(unlogged).toEqual([]);
    });
  });
}
