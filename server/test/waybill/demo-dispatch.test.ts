/**
 * The demo can be dispatched on the day it is seeded: each demo enterprise's 车辆人员绑定 holds at least three sets
 * that pass every dispatch check for its 待调度 waybills' goods, beside the busy and expired ones that show the checks.
 * Each set is tried through the real dispatch route on a waybill of its own, then voided (which frees the set again).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, type TestApp, type DemoUser } from '../helpers.ts';
import { ok, waybillBody } from './fixtures.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

describe('demo crews', () => {
  for (const as of ['qiye', 'qiye2'] as DemoUser[]) {
    it(`${as}: at least three bound sets dispatch the demo's 待调度 goods today; busy and expired ones are refused`, async () => {
      const [demo] = await t.sql(`select w.id from waybill w join base_user u on u.enterprise_id = w.enterprise_id
        where u.username = $1 and w.state = '待调度' and w.dispatched_at is null order by w.created_at limit 1`, [as]);
      expect(demo, 'a 待调度 demo waybill').toBeTruthy();
      const goods = ok(await t.call('GET', `/api/dzyd/waybill/info/${demo.id}`, { as })).goods
        .map((g: Record<string, unknown>) => ({ unNo: g.unNo, goodsName: g.goodsName, goodsClass: g.goodsClass, packingGroup: g.packingGroup, quantity: Number(g.quantity), unit: g.unit }));
      // the demo's own sets (N号车组（plate）): other test files add and dispatch sets of their own at the same time
      const binds = (ok(await t.call('POST', '/api/dzyd/bind/list', { as, body: { page: 1, size: 50, filters: { name: '号车组（' } } })).content as { id: string; name: string }[])
        .filter((b) => /^\d+号车组（/.test(b.name));
      expect(binds.length).toBeGreaterThanOrEqual(8);
      const passed: string[] = [];
      const refused: string[] = [];
      for (const bind of binds) {
        let w = ok(await t.call('POST', '/api/dzyd/waybill/add', { as, body: waybillBody({ goods }) }));
        w = ok(await t.call('POST', `/api/dzyd/waybill/submit/${w.id}`, { as, body: { version: w.version } }));
        const d = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as, body: { version: w.version, bindId: bind.id } });
        if (d.body.status === 200) {
          passed.push(bind.name);
          ok(await t.call('POST', `/api/dzyd/waybill/cancel/${w.id}`, { as, body: { version: d.body.data.version, reason: '演示数据检查' } }));
        } else {
          refused.push(`${bind.name}: ${d.body.message}`);
          ok(await t.call('POST', `/api/dzyd/waybill/cancel/${w.id}`, { as, body: { version: w.version, reason: '演示数据检查' } }));
        }
      }
      expect(passed.length, `refused: ${refused.join(' | ')}`).toBeGreaterThanOrEqual(3);
      // the busy sets of today's waybills (待检查 … 运输中) and the one with a lapsed 从业资格证 show the check
      expect(refused.some((r) => /已在运输中/.test(r)), refused.join(' | ')).toBe(true);
      expect(refused.some((r) => /从业资格证过期/.test(r)), refused.join(' | ')).toBe(true);
    });
  }
});
