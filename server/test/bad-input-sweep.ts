/**
 * "Bad input gets a clear Chinese message naming the field (40001), never a 500" — for every write and
 * query call the OpenAPI document lists: each is sent malformed bodies and path parameters as the
 * platform administrator (who holds every menu, so the call gets past the permission check) and as an
 * enterprise user. No answer may be a 500, and a 40001 must say what is wrong in Chinese.
 *
 * The calls are dealt round-robin over PARTS test files (bad-input-<n>.test.ts), which vitest runs in
 * parallel: one file holding them all took a minute.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, type TestApp, type DemoUser } from './helpers.ts';

export const PARTS = 4;

const LONG = '危'.repeat(20_000);
/** bodies a careless or hostile client sends */
export const BODIES: unknown[] = [
  {},
  { page: 'abc', size: -5, filters: 'x', sort: { field: 'nope; drop table x', order: 'sideways' } },
  { page: 1e12, size: 1e9, filters: { createdAt: ['not-a-date', 5], id: 'x', enterpriseId: 12 }, parentId: 'not-a-uuid' },
  { id: 'not-a-uuid', version: 'x', name: { a: 1 }, regionCode: 99999999999999, status: ['a'], date: '2026-13-45', quantity: 'many', goods: 'x' },
  { id: '00000000-0000-0000-0000-000000000000', version: 1, name: 'x'.repeat(5000), goods: [{ unNo: 'abc', quantity: -1 }, null, 3] },
  // NUL characters (PostgreSQL refuses them in text) and over-long strings, in fields and in filters
  { page: 1, size: 10, name: 'a\u0000b', keyword: '\u0000', filters: { name: 'x\u0000', plateNo: '\u0000' }, id: '\u0000', remark: 'r\u0000' },
  { page: 1, size: 10, name: LONG, title: LONG, remark: LONG, content: LONG, filters: { name: LONG, plateNo: LONG }, keyword: LONG },
  [1, 2, 3],
  'just a string',
];
/** path parameters that do not name anything */
export const PARAMS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1'or'1=1", 'a\u0000b'];
/** query strings for GETs: odd but well-typed values (pickers: q, ids), wrong types, NUL characters, over-long values */
const queries = (param: string) => ['', `?q=${encodeURIComponent("%_'\\")}&ids=${encodeURIComponent(param)},x`, '?limit=abc&page=-1&size=x&platform=nope&certificate=&month=2026-13',
  '?q=a%00b&name=%00&keyword=x%00&ids=%00', `?q=${'危'.repeat(2000)}&name=${'x'.repeat(20_000)}`];

const SKIP = [
  /^\/api\/auth\//, // sign-in has its own tests (captcha, lockout) and would lock the demo accounts
  /\/import$/, /\/zxxx\/file\/add$/, /\/upload/, // multipart
  /^\/api\/super\//, // the same handlers as /api (pageB), with another token kind
  /\/logout$/, // would end the session the rest of the run uses
  /^\/api\/events$/, // a Server-Sent Events stream never ends; test/live-events.test.ts covers it
  /\/laborContract\/getCmpsnByCertificate$/, // answers 500 for "not found", as the product's clients expect (they stay silent on it); its own test covers it
];

function pathsOf(doc: { paths: Record<string, Record<string, unknown>> }) {
  const calls: { method: string; path: string }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (SKIP.some((r) => r.test(path))) continue;
    for (const method of Object.keys(methods)) {
      if (['post', 'put', 'delete', 'get'].includes(method)) calls.push({ method: method.toUpperCase(), path });
    }
  }
  return calls;
}

const isChinese = (s: unknown) => typeof s === 'string' && /[\u4e00-\u9fa5]/.test(s);

/** the test of one part: the calls whose index in the document is `part` modulo PARTS */
export function badInputSweep(part: number) {
  let t: TestApp;
  beforeAll(async () => { t = await testApp(); });

  describe(`bad input, every call (part ${part + 1} of ${PARTS})`, () => {
    it('never answers 500; a 40001 says what is wrong in Chinese', { timeout: 600_000 }, async () => {
      const doc = (await t.call('GET', '/api/docs/json', { as: 'admin' })).body; // the document is for signed-in users
      const all = pathsOf(doc);
      expect(all.length).toBeGreaterThan(100);
      const calls = all.filter((_c, i) => i % PARTS === part);
      const faults: string[] = [];
      for (const { method, path } of calls) {
        // a path without parameters is sent each body once (the same request four times would test nothing more)
        for (const param of /\{/.test(path) ? PARAMS : PARAMS.slice(0, 1)) {
          const target = path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
          const sends: { url: string; body?: unknown }[] = method === 'GET' ? queries(param).map((qs) => ({ url: target + qs }))
            : method === 'DELETE' ? [{ url: target }] : BODIES.map((body) => ({ url: target, body }));
          for (const { url, body } of sends) {
            for (const as of ['admin', 'qiye'] as DemoUser[]) {
              const r = await t.call(method, url, { as, body });
              const status = r.body?.status;
              if (r.http >= 500 || status === 500) faults.push(`${as} ${method} ${url.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 80)} → ${r.http} ${JSON.stringify(r.body)?.slice(0, 200)}`);
              else if (status === 40001 && !isChinese(r.body.message)) faults.push(`${as} ${method} ${url.slice(0, 120)} → 40001 without a Chinese message: ${r.body.message}`);
            }
          }
          if (!path.includes('{')) break; // one round is enough without path parameters
        }
      }
      expect(faults).toEqual([]);
    });
  });
}
