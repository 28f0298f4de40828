import { describe, expect, it } from 'vitest';
import {
  FUND_USE_CATEGORIES, accrualYear, fenToYuan, formatYuan, fundRateBp, fundYearFinished, isFundUseCategory, monthlySplit, usageOf, usageStatus,
  yearPlanFen, yuanToFen,
} from './funds.ts';
import { checkField } from './validate.ts';
import { money } from './resource.ts';

describe('安全生产费用 (财资〔2022〕136号)', () => {
  it('money is integer 分 both ways', () => {
    expect(yuanToFen('1234.5')).toBe(123450);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen('-3.10')).toBe(-310);
    for (const bad of ['1.234', 'abc', '', '1e5', '12,000', null, undefined, {}, NaN]) expect(yuanToFen(bad)).toBeNull();
    expect(fenToYuan(123450)).toBe('1234.50');
    expect(fenToYuan(7)).toBe('0.07');
    expect(fenToYuan(-310)).toBe('-3.10');
  });

  it('the year plan is last year’s revenue × 1.5%, rounded half up', () => {
    expect(yearPlanFen(yuanToFen('86000000')!)).toBe(yuanToFen('1290000'));
    expect(yearPlanFen(100)).toBe(2); // 1.5 分 → 2
    expect(yearPlanFen(99)).toBe(1); // 1.485 分 → 1
    expect(yearPlanFen(yuanToFen('86000000')!, 100)).toBe(yuanToFen('860000')); // a changed rate: 1%
  });

  it('the rate is a floor of 1.5% (第二十四条): a lower stored value applies 1.5%, a higher one stays', () => {
    expect(fundRateBp(1.49)).toBe(150);
    expect(fundRateBp('1.49')).toBe(150);
    expect(fundRateBp(1.5)).toBe(150);
    expect(fundRateBp(2)).toBe(200);
    expect(fundRateBp('2.25')).toBe(225);
    for (const bad of [null, undefined, '', 'abc', NaN, -1, 0, {}]) expect(fundRateBp(bad)).toBe(150);
    expect(yearPlanFen(yuanToFen('10000000')!, fundRateBp(1.49))).toBe(yuanToFen('150000'));
  });

  it('a use names one of the eleven categories of 第二十五条, nothing else', () => {
    expect(FUND_USE_CATEGORIES.map((c) => c.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    for (const good of ['1', '2', '11']) expect(isFundUseCategory(good)).toBe(true);
    for (const bad of ['99', '0', '12', '', ' 1', 1, null, undefined]) expect(isFundUseCategory(bad)).toBe(false);
  });

  it('twelve months add up exactly to the year, the remainder on the first months', () => {
    const m = monthlySplit(1_290_005);
    expect(m.reduce((a, b) => a + b, 0)).toBe(1_290_005);
    expect(m.slice(0, 5)).toEqual([107_501, 107_501, 107_501, 107_501, 107_501]);
    expect(m.slice(5)).toEqual(Array(7).fill(107_500));
    expect(monthlySplit(11)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
  });

  it('pauses while the opening balance is ≥ 3× last year’s plan and resumes below it (第五十条)', () => {
    const lastYearPlan = 120_000; // limit 360,000
    const months = accrualYear({ yearPlan: 120_000, lastYearPlan, opening: 350_000, usedByMonth: [0, 0, 0, 50_000] });
    expect(months[0]).toMatchObject({ opening: 350_000, accrued: 10_000, paused: false, closing: 360_000 });
    expect(months[1]).toMatchObject({ opening: 360_000, accrued: 0, paused: true });
    expect(months[1]!.reason).toContain('暂停提取');
    expect(months[3]).toMatchObject({ opening: 360_000, paused: true, used: 50_000, closing: 310_000 });
    expect(months[4]).toMatchObject({ opening: 310_000, paused: false, accrued: 10_000 });
    expect(months[4]!.reason).toContain('恢复提取');
    expect(months[5]!.reason).toContain('逐月平均提取');
    // exactly at the limit pauses; one 分 under does not
    expect(accrualYear({ yearPlan: 12, lastYearPlan: 10, opening: 30 })[0]!.paused).toBe(true);
    expect(accrualYear({ yearPlan: 12, lastYearPlan: 10, opening: 29 })[0]!.paused).toBe(false);
    // the first year recorded: its opening balance against the last year's plan entered with it, from January
    const first = accrualYear({ yearPlan: 120_000, lastYearPlan: 100_000, opening: 300_001 });
    expect(first[0]).toMatchObject({ opening: 300_001, accrued: 0, paused: true });
    expect(first.every((m) => m.paused)).toBe(true);
    expect(accrualYear({ yearPlan: 120_000, lastYearPlan: 100_000, opening: 300_000 })[0]!.paused).toBe(true);
    expect(accrualYear({ yearPlan: 120_000, lastYearPlan: 100_000, opening: 299_999 })[0]).toMatchObject({ paused: false, accrued: 10_000 });
    // an estimated base is named in the reason
    const estimated = accrualYear({ yearPlan: 100_000, lastYearPlan: 100_000, lastYearPlanEstimated: true, opening: 300_000 });
    expect(estimated[0]!.reason).toContain('按本年应计提金额估算');
    expect(first[0]!.reason).not.toContain('估算');
    // no last year's plan: never pauses; a full year accrues the whole plan
    const fresh = accrualYear({ yearPlan: 1_290_005, lastYearPlan: 0, opening: 10_000_000 });
    expect(fresh.every((m) => !m.paused)).toBe(true);
    expect(fresh.reduce((a, m) => a + m.accrued, 0)).toBe(1_290_005);
  });

  it('flags a year using less than 60% of its plan (第五十一条), not exactly 60%', () => {
    expect(usageOf(59_999, 100_000)).toEqual({ rate: 0.59999, warning: true });
    expect(usageOf(60_000, 100_000)).toEqual({ rate: 0.6, warning: false });
    expect(usageOf(0, 0)).toEqual({ rate: null, warning: false });
  });

  it('flags a finished year only; a year in progress shows how far it is from 60% (第五十一条)', () => {
    expect(fundYearFinished(2025, '2026-01-01')).toBe(true);
    expect(fundYearFinished(2026, '2026-12-31')).toBe(false);
    expect(fundYearFinished(2027, '2026-12-31')).toBe(false);
    expect(usageStatus(4_200_000, 10_000_000, true)).toEqual({ rate: 0.42, warning: true, progress: null });
    expect(usageStatus(4_200_000, 10_000_000, false)).toEqual({ rate: 0.42, warning: false, progress: '已使用42.0%，距60%还差18,000.00元' });
    expect(usageStatus(6_000_000, 10_000_000, true)).toEqual({ rate: 0.6, warning: false, progress: null });
    expect(usageStatus(6_000_000, 10_000_000, false).progress).toBe('已使用60.0%，已达到60%');
    // the line in whole 分: 60% of 11 分 is 6.6, so 6 分 is one short and 7 reaches it
    expect(usageStatus(6, 11, false).progress).toBe('已使用54.5%，距60%还差0.01元');
    expect(usageStatus(6, 11, true).warning).toBe(true);
    expect(usageStatus(7, 11, false).progress).toBe('已使用63.6%，已达到60%');
    expect(usageStatus(7, 11, true).warning).toBe(false);
    expect(usageStatus(0, 0, false)).toEqual({ rate: null, warning: false, progress: null });
  });
});

describe('a money field (integer 分 in the API and the database)', () => {
  const amount = money('金额（元）', { min: 1, max: 100_000_000 });
  it('takes whole 分 and refuses anything else, naming the field in 元', () => {
    expect(checkField(amount, 123450)).toEqual({ value: 123450 });
    expect(checkField(amount, '88')).toEqual({ value: 88 });
    expect(checkField(amount, 12.5)).toEqual({ error: '金额（元）：请输入正确的金额' });
    expect(checkField(amount, '1e3')).toEqual({ error: '金额（元）：请输入正确的金额' });
    expect(checkField(amount, 0)).toEqual({ error: '金额（元）必须大于0' });
    expect(checkField(amount, -5)).toEqual({ error: '金额（元）必须大于0' });
    expect(checkField(amount, 100_000_001)).toEqual({ error: '金额（元）不能大于1000000.00元' });
    expect(checkField(money('结余（元）'), -1)).toEqual({ error: '结余（元）不能小于0.00元' });
  });
  it('is shown with two decimals and thousands separators', () => {
    expect(formatYuan(123456789)).toBe('1,234,567.89');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(-100000)).toBe('-1,000.00');
  });
});
