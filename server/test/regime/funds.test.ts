/**
 * 安全生产费用: the year plan from last year's revenue × the rate of 参数设置 (never below 1.5%; of the
 * tests of this area only this file changes that parameter, for moments), twelve accrual rows that
 * add up to the plan, the 3× pause and its resumption, money as integer 分 end to end, uses refused when they would take
 * a month's balance below zero or carry a bad amount, the tracking figures and export, and the scope of every read.
 * Enterprise B works in years long past (2003, 2005, 2015, 2016), so the demo ledgers the browser journeys read are left alone.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG, yearPlanFen } from '@dg/core';
import { testApp, type TestApp } from '../helpers.ts';
import { demoEnterprises, exportXlsx, readXlsx, type DemoEnterprises } from '../records/fixtures.ts';
import { caller, day } from '../danger/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData } = caller(() => t);
const yuan = (n: number) => Math.round(n * 100);
const use = (o: Record<string, unknown>) => call('POST', '/api/aqzd/fundUse/add', 'qiye2',
  { useDate: '2016-01-15', category: '1', amount: yuan(1000), description: '测试支出', approver: '李调度', ...o });

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
});

describe('安全费用提取 and 使用', () => {
  it('plans a year from last year revenue, accrues twelve months that add up, pauses at 3× and resumes', async () => {
    // 2015: revenue 10,000,000.01 元 × 1.5% → 150,000.00 元 (rounded half up, in 分); a carried balance of 500,000 元,
    // under three times 2014's 应计提 of 250,000 元 all year (650,000 at its end), so 2015 never pauses
    const y2015 = await okData('POST', '/api/aqzd/fundYear/add', 'qiye2', { year: 2015, lastRevenue: 1_000_000_001, carryOver: yuan(500_000), lastYearPlan: yuan(250_000) });
    expect(Number(y2015.rate)).toBe(1.5);
    expect(y2015.yearPlan).toBe(yearPlanFen(1_000_000_001, 150));
    expect(y2015.yearPlan).toBe(yuan(150_000));
    const track = await okData('GET', '/api/aqzd/funds/track?year=2015', 'qiye2');
    expect(track.months).toHaveLength(12);
    expect(track.months.reduce((n: number, m: { accrued: number }) => n + m.accrued, 0)).toBe(yuan(150_000));
    expect(track.months.every((m: { paused: boolean; reason: string }) => !m.paused && m.reason.includes('第二十四条'))).toBe(true);
    expect(track.plan).toMatchObject({ accrued: yuan(150_000), used: 0, balance: yuan(650_000), warning: true });

    // 2016 at a changed rate (2%): its January opens with 2015's 650,000 ≥ 3 × 150,000 → paused
    await t.sql(`update param_setting set value = '2'::jsonb where key = 'safetyFundRate'`);
    try {
      const y2016 = await okData('POST', '/api/aqzd/fundYear/add', 'qiye2', { year: 2016, lastRevenue: yuan(12_000_000) });
      expect(Number(y2016.rate)).toBe(2);
      expect(y2016.yearPlan).toBe(yuan(240_000));
    } finally {
      await t.sql(`update param_setting set value = '1.5'::jsonb where key = 'safetyFundRate'`);
    }
    let months = (await okData('GET', '/api/aqzd/funds/track?year=2016', 'qiye2')).months;
    expect(months[0]).toMatchObject({ opening: yuan(650_000), accrued: 0, paused: true });
    expect(months[0].reason).toContain('暂停提取');
    expect(months[0].reason).toContain('第五十条');

    // a use of 250,000 元 in January: February opens at 400,000 < 450,000 and accrual resumes
    const spent = await okData('POST', '/api/aqzd/fundUse/add', 'qiye2', { useDate: '2016-01-20', category: '2', amount: yuan(250_000), description: '更换卫星定位终端', approver: '李调度' });
    expect(spent.amount).toBe(25_000_000);
    expect((await t.sql(`select amount::text as a from regime_fund_use where id = $1`, [spent.id]))[0].a).toBe('25000000');
    months = (await okData('GET', '/api/aqzd/funds/track?year=2016', 'qiye2')).months;
    expect(months[1]).toMatchObject({ opening: yuan(400_000), paused: false, accrued: yuan(20_000) });
    expect(months[1].reason).toContain('恢复提取');
    expect(months.reduce((n: number, m: { planned: number }) => n + m.planned, 0)).toBe(yuan(240_000));

    // February to April accrue 20,000 each: May opens at 460,000 ≥ 450,000 and pauses again to December
    expect(months.map((m: { paused: boolean }) => m.paused)).toEqual([true, false, false, false, true, true, true, true, true, true, true, true]);
    // the year list shows the figures; a year with uses cannot be deleted
    const list = await okData('POST', '/api/aqzd/fundYear/list', 'qiye2', { filters: { year: 2016 } });
    expect(list.content[0]).toMatchObject({ year: 2016, used: yuan(250_000), accrued: yuan(60_000), balance: yuan(460_000), pausedMonths: 9 });
    expect((await call('DELETE', `/api/aqzd/fundYear/del/${list.content[0].id}`, 'qiye2')).message).toBe('2016年度已登记1笔安全费用使用，不能删除该年度的提取计划');
  });

  it('takes 1.5% at least (第二十四条): a stored 1.49% applies 1.5%; 2% stays 2%', async () => {
    // 参数设置 written directly, as a value stored before its floor was checked would be (this file alone changes it)
    const setRate = (v: string) => t.sql(`update param_setting set value = $1::jsonb where key = 'safetyFundRate'`, [v]);
    let low, high;
    await setRate('1.49');
    try {
      low = await okData('POST', '/api/aqzd/fundYear/add', 'qiye2', { year: 2003, lastRevenue: yuan(10_000_000) });
    } finally {
      await setRate('1.5');
    }
    expect(Number(low.rate)).toBe(1.5);
    expect(low.yearPlan).toBe(yuan(150_000));
    await setRate('2');
    try {
      high = await okData('POST', '/api/aqzd/fundYear/add', 'qiye2', { year: 2005, lastRevenue: yuan(10_000_000) });
    } finally {
      await setRate('1.5');
    }
    expect(Number(high.rate)).toBe(2);
    expect(high.yearPlan).toBe(yuan(200_000));
    // a plan stored at a lower rate is lifted to 1.5% by its next edit, never kept below
    await t.sql(`update regime_fund_year set rate = 1.2, year_plan = $2 where id = $1`, [low.id, yuan(120_000)]);
    const cur = await okData('GET', `/api/aqzd/fundYear/info/${low.id}`, 'qiye2');
    const edited = await okData('PUT', '/api/aqzd/fundYear/update', 'qiye2', { id: low.id, version: cur.version, remark: '改正' });
    expect(Number(edited.rate)).toBe(1.5);
    expect(edited.yearPlan).toBe(yuan(150_000));
    expect((await okData('GET', '/api/aqzd/funds/track?year=2003', 'qiye2')).plan).toMatchObject({ rate: 1.5, yearPlan: yuan(150_000) });
  });

  it('refuses bad amounts, dates outside a plan or ahead of today, and a use beyond the balance', async () => {
    expect((await use({ amount: -100 })).message).toBe('金额（元）必须大于0');
    expect((await use({ amount: 0 })).message).toBe('金额（元）必须大于0');
    expect((await use({ amount: 'abc' })).message).toBe('金额（元）：请输入正确的金额');
    expect((await use({ amount: 12.5 })).message).toBe('金额（元）：请输入正确的金额');
    expect((await use({ useDate: '2014-06-01' })).message).toBe('日期：2014年度尚未登记安全费用提取计划，请先在“安全费用提取”中登记上年度营业收入');
    expect((await use({ useDate: day(1) })).message).toBe('日期：不能晚于今天');
    // B's uses of that day only: fund-rules.test.ts adds B's uses of other years meanwhile
    const before = (await t.sql(`select count(*)::int as n from regime_fund_use where enterprise_id = $1 and use_date = '2016-03-01'`, [E.b.id]))[0].n;
    const over = await use({ useDate: '2016-03-01', amount: yuan(10_000_000) });
    expect(over.status).toBe(40001);
    expect(over.message).toMatch(/^金额（元）：超出安全生产费用结余，2016年3月末结余将为-/);
    expect((await t.sql(`select count(*)::int as n from regime_fund_use where enterprise_id = $1 and use_date = '2016-03-01'`, [E.b.id]))[0].n).toBe(before);
    // an edit that would overdraw is refused too, and the row keeps its amount
    const ok = await okData('POST', '/api/aqzd/fundUse/add', 'qiye2', { useDate: '2016-03-02', category: '7', amount: yuan(1000), description: '培训', approver: '李调度' });
    const edit = await call('PUT', '/api/aqzd/fundUse/update', 'qiye2', { id: ok.id, version: ok.version, amount: yuan(9_000_000) });
    expect(edit.message).toMatch(/^金额（元）：超出安全生产费用结余/);
    expect((await okData('GET', `/api/aqzd/fundUse/info/${ok.id}`, 'qiye2')).amount).toBe(yuan(1000));
  });

  it('keeps every enterprise to its own ledger; a government reads its jurisdiction and the enterprises under 60%', async () => {
    const [u] = await t.sql(`select id from regime_fund_use where enterprise_id = $1 limit 1`, [E.b.id]);
    expect((await call('GET', `/api/aqzd/fundUse/info/${u.id}`, 'qiye')).message).toBe(MSG.notFound);
    expect((await call('DELETE', `/api/aqzd/fundUse/del/${u.id}`, 'qiye')).message).toBe(MSG.notFound);
    expect((await okData('POST', '/api/aqzd/fundUse/list', 'qiye', { filters: { useDate: ['2016-01-01', '2016-12-31'] } })).content).toEqual([]);
    // an enterprise reads its own whatever it names
    const own = await okData('GET', `/api/aqzd/funds/track?year=2016&enterpriseId=${E.b.id}`, 'qiye');
    expect(own.enterprise.id).toBe(E.a.id);
    expect(own.plan).toBeNull();
    // the province reads B; the city of A does not
    expect((await okData('GET', `/api/aqzd/funds/track?year=2016&enterpriseId=${E.b.id}`, 'zhengfu')).plan.used).toBeGreaterThan(0);
    expect((await call('GET', `/api/aqzd/funds/track?year=2016&enterpriseId=${E.b.id}`, 'shiji')).message).toBe(MSG.notFound);
    expect((await call('GET', '/api/aqzd/funds/track?year=2016', 'zhengfu')).message).toBe('所属企业：请选择企业');
    const under = await okData('GET', '/api/aqzd/funds/overview?year=2015&warningOnly=true', 'zhengfu');
    expect(under.rows.map((r: { enterpriseId: string }) => r.enterpriseId)).toContain(E.b.id);
    expect((await okData('GET', '/api/aqzd/funds/overview?year=2015', 'shiji')).rows.map((r: { enterpriseId: string }) => r.enterpriseId)).not.toContain(E.b.id);
    // demo: A used under 60% last year, and paused accrual this January
    const year = Number(day(0).slice(0, 4));
    const lastYear = (await okData('GET', `/api/aqzd/funds/overview?year=${year - 1}`, 'zhengfu')).rows.find((r: { enterpriseId: string }) => r.enterpriseId === E.a.id);
    expect(lastYear.warning).toBe(true);
    expect((await okData('GET', '/api/aqzd/funds/track', 'qiye')).months[0].paused).toBe(true);
    // the province's list of year plans: A's and B's rows in one page, each with the figures its enterprise sees (the
    // demo years only: other files register and use years long past meanwhile)
    const figures = (r: Record<string, unknown>) => ({ accrued: r.accrued, used: r.used, balance: r.balance, usageRate: r.usageRate, warning: r.warning, progress: r.progress, pausedMonths: r.pausedMonths });
    const demoYears = (rows: Record<string, unknown>[]) => rows.filter((r) => Number(r.year) >= year - 1);
    const province = demoYears((await okData('POST', '/api/aqzd/fundYear/list', 'zhengfu', { size: 100 })).content);
    for (const [who, id] of [['qiye', E.a.id], ['qiye2', E.b.id]] as const) {
      const mine = demoYears((await okData('POST', '/api/aqzd/fundYear/list', who, { size: 100 })).content);
      expect(mine.length, who).toBeGreaterThan(0);
      expect(province.filter((r) => r.enterpriseId === id).map(figures), who).toEqual(mine.map(figures));
      expect(mine.every((r) => typeof r.balance === 'number'), who).toBe(true);
    }
    // an enterprise's overview is its own row only
    expect((await okData('GET', `/api/aqzd/funds/overview?year=${year - 1}`, 'qiye')).rows.map((r: { enterpriseId: string }) => r.enterpriseId)).toEqual([E.a.id]);
  });

  it('exports the year: months with their reasons, the total and the categories', async () => {
    const r = await exportXlsx(t, '/api/aqzd/funds/track/export', 'qiye2', { year: 2016 });
    const sheet = await readXlsx(r.raw);
    expect(sheet[0]![0]).toContain('2016年');
    expect(sheet[1]).toEqual(expect.arrayContaining(['1月', '650000.00', '暂停']));
    expect(sheet.some((row) => row[0] === '合计')).toBe(true);
    expect(sheet.some((row) => row[0]?.startsWith('购置、安装和使用具有行驶记录功能') && row[1] === '250000.00')).toBe(true);
  });
});
