/**
 * Every registered API route, as an attacker without a valid token tries it: no token, a percent-encoded path, the
 * other token kind. A protected route must answer 401/40101 every time; none may answer 500. And a signed-in user
 * holding no role reaches no route gated by a menu or element code (40301).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, type TestApp } from '../helpers.ts';
import { apiRoutes, encoded, SESSION_ENDING } from './route-table.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

describe('route fuzz: access', () => {
  it('no protected route answers without a valid token of its kind, and none answers 500', { timeout: 120_000 }, async () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(300);
    const admin = await t.token('admin');
    const sup = await t.token('super');
    const none = await t.token('wuquanxian'); // signed in, no role
    const faults: string[] = [];
    let protectedCount = 0;
    for (const r of routes) {
      const send = async (url: string, token?: string) => {
        const res = await t.app.inject({ method: r.method as 'GET', url, headers: token ? { authorization: token } : {}, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }) });
        let body: { status?: number } = {};
        try { body = res.json(); } catch { /* a file or the web page */ }
        return { http: res.statusCode, status: body.status };
      };
      const tries: { how: string; url: string; token?: string }[] = [{ how: 'no token', url: r.path }, { how: 'encoded path', url: encoded(r.path) }];
      if (!r.access.public) {
        protectedCount++;
        const kinds = r.access.kinds ?? ['admin'];
        if (!kinds.includes('super')) tries.push({ how: 'super token', url: r.path, token: sup });
        if (!kinds.includes('admin')) tries.push({ how: 'admin token', url: r.path, token: admin });
      }
      const gated = !!(r.access.menu || r.access.element || r.access.anyMenu?.length || r.access.anyElement?.length) && (r.access.kinds ?? ['admin']).includes('admin');
      if (gated && !SESSION_ENDING.some((re) => re.test(r.url))) {
        const a = await send(r.path, none);
        if (a.status !== 40301) faults.push(`no role: ${r.method} ${r.path} answered ${a.http}/${a.status}`);
      }
      for (const x of tries) {
        if (x.token && SESSION_ENDING.some((re) => re.test(r.url))) continue;
        const a = await send(x.url, x.token);
        if (a.http >= 500 || a.status === 500) faults.push(`${x.how}: ${r.method} ${x.url} → ${a.http}/${a.status}`);
        else if (!r.access.public && (a.http !== 401 || a.status !== 40101)) faults.push(`${x.how}: ${r.method} ${x.url} answered ${a.http}/${a.status} without a valid token`);
      }
    }
    expect(protectedCount).toBeGreaterThan(300);
    expect(faults).toEqual([]);
  });
});
