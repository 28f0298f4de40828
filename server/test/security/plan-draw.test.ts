/**
 * Review finding 5: an inspector cannot pick his own draw. A plan has no seed and shows no draw until it is approved;
 * the seed is generated at approval (random, stored) and the approval is another officer's than the planner's or the
 * submitter's. The approved plan's draw is the same on every call and is the set of check records it opened.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { caller, day } from '../danger/fixtures.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData, step } = caller(() => t);
const P = '/api/aqjc/checkPlan';
beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
});

describe('检查计划 draw and approval', () => {
  it('no draw before approval; the planner cannot approve; another officer does and the draw is fixed', async () => {
    const city = E.a.regionCode.slice(0, 4) + '00';
    const plan = await okData('POST', `${P}/add`, 'shiji', { name: uid('双随机'), periodStart: day(0), periodEnd: day(20), regionCode: city, samplePercent: 50,
      checkItems: '安全管理制度\n动态监控', inspectors: '赵运管' });
    expect(plan).toMatchObject({ state: '草稿', seed: null });
    const refused = { status: 40001, message: `检查计划“${plan.name}”尚未审批通过，审批通过时才随机抽取企业` };
    expect(await call('GET', `${P}/draw/${plan.id}`, 'shiji')).toMatchObject(refused);

    expect((await step(P, 'submit', plan.id, 'shiji')).data).toMatchObject({ state: '待审批', seed: null });
    expect(await call('GET', `${P}/draw/${plan.id}`, 'zhengfu')).toMatchObject(refused);
    // the planner (who also submitted it) approves nothing of his own, not even a rejection
    const own = { status: 40001, message: `检查计划“${plan.name}”由本人制定或提交，须由其他工作人员审批` };
    expect(await step(P, 'pass', plan.id, 'shiji', { opinion: '同意' })).toMatchObject(own);
    expect(await step(P, 'reject', plan.id, 'shiji', { opinion: '重做' })).toMatchObject(own);
    expect((await t.sql(`select state, seed from check_plan where id = $1`, [plan.id]))[0]).toEqual({ state: '待审批', seed: null });

    const approved = (await step(P, 'pass', plan.id, 'zhengfu', { opinion: '同意' })).data;
    expect(approved).toMatchObject({ state: '已通过', seed: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const first = await okData('GET', `${P}/draw/${plan.id}`, 'shiji');
    const again = await okData('GET', `${P}/draw/${plan.id}`, 'zhengfu');
    expect(again).toEqual(first);
    expect(first.length).toBe(approved.enterpriseCount);
    const records = await okData('POST', '/api/aqjc/checkRecord/list', 'shiji', { size: 500, filters: { planId: plan.id } });
    expect(records.content.map((r: { enterpriseId: string }) => r.enterpriseId).sort()).toEqual(first.map((e: { id: string }) => e.id).sort());
    const flow = await okData('GET', `${P}/flow/${plan.id}`, 'shiji');
    expect(flow.map((f: { action: string; userName: string }) => `${f.action}:${f.userName}`)).toEqual(['提交审批:赵运管', '审批通过:王监管']);
  });

  it('each approval generates its own seed, none before', async () => {
    const seeds = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const plan = await okData('POST', `${P}/add`, 'shiji', { name: uid('种子'), periodStart: day(0), periodEnd: day(5), regionCode: E.a.regionCode.slice(0, 4) + '00',
        samplePercent: 100, checkItems: '制度', inspectors: '赵运管' });
      expect((await step(P, 'submit', plan.id, 'shiji')).data.seed).toBeNull();
      const seed = (await step(P, 'pass', plan.id, 'zhengfu')).data.seed as string;
      expect(seed).toMatch(/^[0-9a-f]{32}$/);
      seeds.add(seed);
    }
    expect(seeds.size).toBe(2);
  });
});
