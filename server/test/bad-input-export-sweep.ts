/**
 * "An export either streams a complete file or answers with the JSON envelope before the first byte":
 * every export and list route of the route table, sent malformed filters (impossible days, words for
 * dates, objects for values, ids that are no ids) as the platform administrator and an enterprise user.
 * A list answers JSON without a 500; an export answers a 40001 envelope with a Chinese message, or a
 * workbook that opens.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import ExcelJS from 'exceljs';
import { RESOURCES } from '@dg/core';
import { testApp, type TestApp } from './helpers.ts';

/** the routes are shared between this many test files (bad-input-export-N.test.ts), so that none runs long */
const PARTS = 2;

const FILTERS: Record<string, unknown>[] = [
  { expiryDate: ['2026-02-30', '2026-99-99'], startDate: ['2026-13-45', 'x'] }, { createdAt: ['2026-13-45', 'tomorrow'], crtTime: ['x', 5] },
  { enterpriseId: 'x' }, { regionCode: ['33', { a: 1 }] },
  // every searchable field of every resource at once: dates get impossible days, the rest objects
  ...[true, false].map((dates) => Object.fromEntries(RESOURCES.flatMap((d) => Object.entries(d.fields)).filter(([, f]) => f.search)
    .map(([n, f]) => [n, f.type === 'date' || f.type === 'datetime' ? (dates ? ['2026-13-45', 'x'] : '2026-01-01') : { x: 1 }]))),
];

export function exportSweep(part: number) {
  let t: TestApp;
  beforeAll(async () => { t = await testApp(); });

  describe(`malformed filters to every export and list (part ${part + 1} of ${PARTS})`, () => {
    it('answer a Chinese 40001 envelope or a complete file, never a 500 or a broken file', { timeout: 300_000 }, async () => {
      const all = t.app.ctx.routes.filter((r) => /\/(export|list)$/.test(r.url) && r.url.startsWith('/api/') && !r.url.startsWith('/api/super/') && ([] as string[]).concat(r.method).includes('POST'));
      expect(all.filter((r) => r.url.endsWith('/export')).length).toBeGreaterThan(20);
      const routes = all.filter((_r, i) => i % PARTS === part);
      const faults: string[] = [];
      for (const r of routes) {
        // lists answer JSON whatever happens: one user is enough there
        for (const as of r.url.endsWith('/export') ? ['admin', 'qiye'] as const : ['admin'] as const) {
          for (const filters of FILTERS) {
            const what = `${as} ${r.url} ${JSON.stringify(filters).slice(0, 80)}`;
            let res;
            try { res = await t.app.inject({ method: 'POST', url: r.url, headers: { authorization: await t.token(as) }, payload: { filters } }); }
            catch (e) { faults.push(`${what} → ${String(e)}`); continue; }
            if (res.statusCode >= 500) { faults.push(`${what} → HTTP ${res.statusCode} ${res.body.slice(0, 120)}`); continue; }
            if (String(res.headers['content-type']).startsWith('application/json')) {
              const b = res.json();
              if (b.status === 500) faults.push(`${what} → 500 ${b.message}`);
              else if (b.status === 40001 && !/[\u4e00-\u9fa5]/.test(b.message)) faults.push(`${what} → 40001 without a Chinese message: ${b.message}`);
            } else if (r.url.endsWith('/export')) {
              try { await new ExcelJS.Workbook().xlsx.load(res.rawPayload as unknown as ArrayBuffer); } catch (e) { faults.push(`${what} → a broken file: ${String(e).slice(0, 80)}`); }
            }
          }
        }
      }
      expect(faults).toEqual([]);
    });
  });
}
