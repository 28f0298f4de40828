/**
 * The demo's stored rows answer as their schemas declare: every 异常运单 of the province opens with its waybill, whose
 * 出车检查 and 五必查 the demo wrote as the product's steps write them (the answer check of the test app refuses a
 * detail that holds less or more than core says).
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers.ts';
import { ok } from './fixtures.ts';

describe('demo waybills in their details', () => {
  it('every 异常运单 of the province opens with its waybill, checks and loading', async () => {
    const t = await testApp();
    const list = ok(await t.call('POST', '/api/ydjg/abnormal/list', { as: 'zhengfu', body: { page: 1, size: 100 } }));
    expect(list.content.length).toBeGreaterThan(3);
    const refused: string[] = [];
    let withLoading = 0;
    for (const r of list.content) {
      const x = await t.call('GET', `/api/ydjg/abnormal/info/${r.id}`, { as: 'zhengfu' });
      if (x.body.status !== 200) refused.push(`${r.rule}: ${x.body.message}`);
      else if (x.body.data.waybill?.loading) withLoading++;
    }
    expect(refused).toEqual([]);
    expect(withLoading).toBeGreaterThan(0);
  });
});
