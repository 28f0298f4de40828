/**
 * 安全生产费用 at the edges of 财资〔2022〕136号, through the routes a user calls: the 3× pause of the first recorded year
 * (第五十条: 达到三倍及以上), the categories of a use (第二十五条), and the 60% rule (第五十一条): flagged for a finished year
 * only, progress for the year in progress, and the 情况说明 an enterprise writes for a flagged year, read by its
 * governments and no one else. Years long past (2007–2013) keep clear of the demo ledgers and of funds.test.ts (B's
 * 2003–2016), which changes the rate of 参数设置 for moments: nothing here depends on the rate a plan takes.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG, monthlySplit, usageStatus } from '@dg/core';
import { testApp, type TestApp } from '../helpers.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';
import { caller, day } from '../danger/fixtures.ts';
import { upload } from '../admin/util.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData } = caller(() => t);
const yuan = (n: number) => Math.round(n * 100);
const thisYear = Number(day(0).slice(0, 4));
const track = (who: 'qiye' | 'qiye2' | 'zhengfu' | 'shiji', year: number, enterpriseId?: string) =>
  okData('GET', `/api/aqzd/funds/track?year=${year}${enterpriseId ? `&enterpriseId=${enterpriseId}` : ''}`, who);

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
});

describe('the first recorded year pauses at 3× last year’s 应计提 (第五十条)', () => {
  // a first year (no registered year before it); the 3× limit is of the 上年度应计提 entered, whatever this year's rate
  const firstYear = (year: number, carryOver: number, lastYearPlan?: number) => okData('POST', '/api/aqzd/fundYear/add', 'qiye2',
    { year, lastRevenue: yuan(10_000_000), carryOver, ...(lastYearPlan === undefined ? {} : { lastYearPlan }) });

  it('pauses from January when the opening balance is at or over three times the 上年度应计提 entered with it', async () => {
    const y2007 = await firstYear(2007, yuan(450_000) + 1, yuan(150_000));
    expect(y2007.lastYearPlan).toBe(yuan(150_000));
    let months = (await track('qiye2', 2007)).months;
    expect(months[0]).toMatchObject({ opening: yuan(450_000) + 1, accrued: 0, paused: true });
    expect(months[0].reason).toContain('第五十条');
    expect(months[0].reason).toContain('450,000.00');
    expect(months.every((m: { paused: boolean }) => m.paused)).toBe(true);
    // exactly three times: 达到三倍 pauses too
    await firstYear(2009, yuan(450_000), yuan(150_000));
    months = (await track('qiye2', 2009)).months;
    expect(months[0]).toMatchObject({ paused: true, accrued: 0 });
    // one 分 under: accrues, and the year adds up to its plan
    const y2011 = await firstYear(2011, yuan(450_000) - 1, yuan(150_000));
    months = (await track('qiye2', 2011)).months;
    expect(months[0]).toMatchObject({ paused: false, accrued: monthlySplit(y2011.yearPlan)[0] });
    expect(months[0].reason).toContain('第二十四条');
  });

  it('without the 上年度应计提 the year’s own plan stands in, and says so; a following year uses the year before it', async () => {
    // 900,000 元 is over three times any plan of a 10,000,000 元 revenue at the rates 参数设置 takes here (1.5%, 2%)
    await firstYear(2013, yuan(900_000));
    const months = (await track('qiye2', 2013)).months;
    expect(months[0]).toMatchObject({ paused: true, accrued: 0 });
    expect(months[0].reason).toContain('按本年应计提金额估算');
    // 2008 follows 2007: its own 上年度应计提 of 0.01 元 is not the base, 2007's plan is
    const plan2007 = (await track('qiye2', 2007)).plan.yearPlan;
    await okData('POST', '/api/aqzd/fundYear/add', 'qiye2', { year: 2008, lastRevenue: yuan(10_000_000), lastYearPlan: 1 });
    const next = await track('qiye2', 2008);
    expect(next.plan).toMatchObject({ lastYearPlan: plan2007, lastYearPlanEstimated: false });
    expect(next.months[0].opening).toBe(yuan(450_000) + 1);
    // 2007's plan is 150,000 at 1.5% (January pauses at 450,000.01) and 200,000 at the 2% funds.test.ts may set meanwhile
    expect(next.months[0].paused).toBe(yuan(450_000) + 1 >= 3 * plan2007);
  });
});

describe('a use names a category of 第二十五条', () => {
  it('refuses any other category on add and on update, through the routes', async () => {
    const count = async () => (await t.sql(`select count(*)::int as n from regime_fund_use where enterprise_id = $1 and use_date = '2011-03-01'`, [E.b.id]))[0].n;
    const body = { useDate: '2011-03-01', amount: yuan(100), description: '类别测试', approver: '李调度' };
    const before = await count();
    for (const category of ['99', '0', '12']) {
      const r = await call('POST', '/api/aqzd/fundUse/add', 'qiye2', { ...body, category });
      expect(r.status, category).toBe(40001);
      expect(r.message, category).toBe('使用类别：请选择有效的类别');
    }
    expect(await count()).toBe(before);
    const row = await okData('POST', '/api/aqzd/fundUse/add', 'qiye2', { ...body, category: '11' });
    const edit = await call('PUT', '/api/aqzd/fundUse/update', 'qiye2', { id: row.id, version: row.version, category: '99' });
    expect(edit.status).toBe(40001);
    expect(edit.message).toBe('使用类别：请选择有效的类别');
    expect((await okData('GET', `/api/aqzd/fundUse/info/${row.id}`, 'qiye2')).category).toBe('11');
  });
});

describe('the 60% rule (第五十一条)', () => {
  it('flags a finished year only; the year in progress shows its progress toward 60%', async () => {
    // demo: A used 50% last year; B this year is under 60% so far
    const last = (await okData('GET', `/api/aqzd/funds/overview?year=${thisYear - 1}`, 'zhengfu')).rows.find((r: { enterpriseId: string }) => r.enterpriseId === E.a.id);
    expect(last).toMatchObject({ warning: true, progress: null });
    const now = await track('qiye2', thisYear);
    expect(now.plan.finished).toBe(false);
    expect(now.plan.usageRate).toBeLessThan(0.6);
    expect(now.plan.warning).toBe(false);
    const [u] = await t.sql(`select coalesce(sum(amount), 0)::bigint as s from regime_fund_use where enterprise_id = $1 and extract(year from use_date) = $2`, [E.b.id, thisYear]);
    expect(now.plan.progress).toBe(usageStatus(Number(u.s), now.plan.yearPlan, false).progress);
    expect(now.plan.progress).toMatch(/^已使用\d+\.\d%，距60%还差[\d,]+\.\d\d元$/);
    const current = await okData('GET', `/api/aqzd/funds/overview?year=${thisYear}`, 'zhengfu');
    expect(current.finished).toBe(false);
    expect(current.rows.find((r: { enterpriseId: string }) => r.enterpriseId === E.b.id)).toMatchObject({ warning: false, progress: now.plan.progress });
    expect((await okData('GET', `/api/aqzd/funds/overview?year=${thisYear}&warningOnly=true`, 'zhengfu')).rows).toEqual([]);
    const list = (await okData('POST', '/api/aqzd/fundYear/list', 'qiye2', { filters: { year: thisYear } })).content;
    expect(list[0]).toMatchObject({ year: thisYear, warning: false, progress: now.plan.progress });
  });

  it('the enterprise explains a flagged year; its governments read it; another enterprise neither writes nor reads it', async () => {
    // A's 2012: a first year with nothing used, finished and flagged
    const plan = await okData('POST', '/api/aqzd/fundYear/add', 'qiye', { year: 2012, lastRevenue: yuan(20_000_000) });
    expect((await track('qiye', 2012)).plan).toMatchObject({ warning: true, explanation: null });
    const explain = (who: 'qiye' | 'qiye2' | 'zhengfu', body: Record<string, unknown>) => call('POST', '/api/aqzd/funds/explanation', who, body);
    const text = '2012年度车辆更新推迟至次年，已经董事会审议，结余资金将于次年用于卫星定位装置更换。';

    // refused: a year in progress, a year at 60%, a year not registered, no text, a file of another enterprise
    expect((await explain('qiye', { year: thisYear, explanation: text })).message).toBe(`年度：${thisYear}年度尚未结束，年度结束后使用不足应计提金额60%的才需提交情况说明`);
    // 2010: exactly 60% of its plan used (a plan of 1.50 元 uses 0.90 元) — not under the line
    const y2010 = await okData('POST', '/api/aqzd/fundYear/add', 'qiye', { year: 2010, lastRevenue: yuan(100) });
    const line = Math.ceil(y2010.yearPlan * 0.6);
    await okData('POST', '/api/aqzd/fundUse/add', 'qiye', { useDate: '2010-12-31', category: '7', amount: line, description: '培训', approver: '张安全' });
    expect((await track('qiye', 2010)).plan).toMatchObject({ used: line, warning: false });
    expect((await explain('qiye', { year: 2010, explanation: text })).message).toBe('年度：2010年度安全费用使用已达到应计提金额的60%，无需提交情况说明');
    expect((await explain('qiye', { year: 2004, explanation: text })).message).toBe('年度：2004年度尚未登记安全费用提取计划');
    expect((await explain('qiye', { year: 2012, explanation: '  ' })).message).toBe('情况说明：请填写情况说明');
    const theirs = await upload(t, 'qiye2', 'b.pdf', '%PDF-1.4 b');
    expect((await explain('qiye', { year: 2012, explanation: text, files: [{ id: theirs.data.id, name: 'b.pdf' }] })).message).toBe('情况说明附件：附件不存在或无权使用');
    // another enterprise cannot write it (it writes only its own years), nor a government
    expect((await explain('qiye2', { year: 2012, explanation: '冒名' })).message).toBe('年度：2012年度尚未登记安全费用提取计划');
    expect((await explain('zhengfu', { year: 2012, explanation: '代写' })).status).toBe(40301);
    // the generic edit does not write it either
    await okData('PUT', '/api/aqzd/fundYear/update', 'qiye', { id: plan.id, version: plan.version, explanation: '绕过', remark: '备注' });
    expect((await t.sql(`select explanation from regime_fund_year where id = $1`, [plan.id]))[0].explanation).toBeNull();

    const mine = await upload(t, 'qiye', '情况说明.pdf', '%PDF-1.4 a');
    const saved = await okData('POST', '/api/aqzd/funds/explanation', 'qiye', { year: 2012, explanation: ` ${text} `, files: [{ id: mine.data.id, name: 'x' }] });
    const expected = { text, files: [{ id: mine.data.id, name: '情况说明.pdf' }] };
    // the answer is the 情况说明 as the year's figures show it
    expect(saved).toMatchObject({ id: plan.id, year: 2012, explanation: expected });
    expect(saved.explanation.at).toBe((await track('qiye', 2012)).plan.explanation.at);
    expect((await track('qiye', 2012)).plan.explanation).toMatchObject(expected);
    expect((await track('qiye', 2012)).plan.explanation.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // A's city and the province read it: in the list of the year, on the enterprise's figures, on the plan, and its file
    for (const gov of ['shiji', 'zhengfu'] as const) {
      const row = (await okData('GET', '/api/aqzd/funds/overview?year=2012&warningOnly=true', gov)).rows.find((r: { enterpriseId: string }) => r.enterpriseId === E.a.id);
      expect(row, gov).toMatchObject({ warning: true, explanation: expected });
      expect((await track(gov, 2012, E.a.id)).plan.explanation, gov).toMatchObject(expected);
      expect((await okData('GET', `/api/aqzd/fundYear/info/${plan.id}`, gov)).explanation, gov).toBe(text);
      const file = await t.app.inject({ method: 'GET', url: `/api/zxxx/file/getAttachment/${mine.data.id}`, headers: { authorization: await t.token(gov) } });
      expect(file.statusCode, gov).toBe(200);
    }
    // B reads none of it
    expect((await okData('GET', '/api/aqzd/funds/overview?year=2012', 'qiye2')).rows.map((r: { enterpriseId: string }) => r.enterpriseId)).not.toContain(E.a.id);
    expect((await track('qiye2', 2012, E.a.id)).enterprise.id).toBe(E.b.id);
    expect((await call('GET', `/api/aqzd/fundYear/info/${plan.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await okData('POST', '/api/aqzd/fundYear/list', 'qiye2', { filters: { year: 2012 } })).content).toEqual([]);
    // written again, it replaces the first
    await okData('POST', '/api/aqzd/funds/explanation', 'qiye', { year: 2012, explanation: '补充说明', files: [] });
    expect((await track('zhengfu', 2012, E.a.id)).plan.explanation).toMatchObject({ text: '补充说明', files: [] });
  });
});
