/**
 * Every registered API route, called with a valid token of its kind (the platform administrator holds every menu, the
 * super administrator pageB's) and hostile input: NUL bytes, over-long strings, wrong types, deep nesting, and
 * multipart bodies (a file name or field with a NUL, an over-long name, a field where the file should be, a body cut
 * short). None may answer 500, every write that answers 200 has its operation-log row, and no upload leaves a file on
 * disk without its attachment row.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp, type TestApp } from '../helpers.ts';
import { apiRoutes, SESSION_ENDING, STREAMS } from './route-table.ts';
import { multipart, type Part } from './upload-fixtures.ts';

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

/** sent to every write: a route that reads a file answers it with the guard's refusal, and gets the MULTIPART bodies too */
const PROBE: Part[] = [{ name: 'file', filename: 'a\u0000b.xlsx', data: 'x' }];
const FILE_REFUSED = '文件名含有非法字符';
const MULTIPART: { parts: Part[]; truncated?: boolean }[] = [
  { parts: [{ name: 'file', disposition: "; filename*=UTF-8''%E5%8D%B1%00.txt", data: 'x' }] },
  { parts: [{ name: 'bizType', data: 'vehicle\u0000' }, { name: 'remark', data: '\u0000' }, { name: 'file', filename: 'a.xlsx', data: 'x' }] },
  { parts: [{ name: 'x\u0000', data: 'v' }, { name: 'file', filename: 'a.txt', data: 'x' }] },
  { parts: [{ name: 'file', filename: `${'长'.repeat(3000)}.txt`, data: 'x' }] },
  { parts: [{ name: 'file', filename: `${'x'.repeat(5000)}.xlsx`, data: 'x' }] },
  { parts: [{ name: 'file', data: 'a field, not a file' }] },
  { parts: [] },
  { parts: [{ name: 'file', filename: 'cut.txt', data: 'y'.repeat(100_000) }], truncated: true },
];

export function fuzzInputSweep(part: number) {
  let t: TestApp;
  // attachments go to a directory of this file's own: every file in it must have its row
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dg-fuzz-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => { t = await testApp({ dataDir }); });

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

    it('multipart bodies never answer 500 and leave no file without its row', { timeout: 240_000 }, async () => {
      const routes = apiRoutes(t).filter((r) => r.method !== 'GET' && !r.access.public && !SESSION_ENDING.some((re) => re.test(r.url))).filter((_r, i) => i % PARTS === part);
      const admin = await t.token('admin');
      const sup = await t.token('super');
      const faults: string[] = [];
      const fileRoutes: string[] = [];
      const forbidden = new Set<string>(); // an import no role grants (its resource has no 导入 button): the handler never runs
      const send = async (r: (typeof routes)[number], body: { parts: Part[]; truncated?: boolean }) => {
        const { payload, contentType } = multipart(body.parts, { truncated: body.truncated });
        const token = (r.access.kinds ?? ['admin']).includes('admin') ? admin : sup;
        const res = await t.app.inject({ method: r.method as 'POST', url: r.path, payload, headers: { authorization: token, 'content-type': contentType } });
        let json: { status?: number; message?: string } = {};
        try { json = res.json(); } catch { /* a file */ }
        if (res.statusCode >= 500 || json.status === 500) faults.push(`${r.method} ${r.path} ${JSON.stringify(body.parts.map((p) => [p.name, p.filename?.slice(0, 20), p.disposition]))} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        return json;
      };
      for (const r of routes) {
        const probed = await send(r, { parts: PROBE });
        if (probed.status === 40301) forbidden.add(`${r.method} ${r.url}`);
        if (probed.message !== FILE_REFUSED) continue;
        fileRoutes.push(`${r.method} ${r.url}`);
        for (const body of MULTIPART) await send(r, body);
      }
      expect(faults).toEqual([]);
      // the probe finds every route that reads a file: the imports and the attachment upload at least
      const known = routes.filter((r) => /\/(import|importOfficial|file\/add)$/.test(r.url)).map((r) => `${r.method} ${r.url}`).filter((k) => !forbidden.has(k));
      expect(known.length).toBeGreaterThan(0);
      expect(known.filter((k) => !fileRoutes.includes(k))).toEqual([]);
      const dir = path.join(dataDir, 'files');
      const files = (existsSync(dir) ? readdirSync(dir, { recursive: true }) as string[] : []).filter((f) => statSync(path.join(dir, f)).isFile()).map((f) => f.split(path.sep).join('/'));
      const rows = new Set((await t.sql(`select storage_path from attachment where storage_path = any($1)`, [files])).map((x) => x.storage_path));
      expect(files.filter((f) => !rows.has(f))).toEqual([]);
    });
  });
}
