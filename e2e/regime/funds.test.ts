/**
 * 安全生产费用 in the browser: 张安全 registers 2020's plan from 2019's revenue and sees its twelve
 * accrual rows add up to 1.5% of it; he records a use with a voucher, in 元 with two decimals (stored as 分); the
 * tracking page's figures and category chart change with it. This year, in progress, shows how far its use is from
 * 60% and carries no flag; last year, used under 60%, takes his 情况说明 (第五十一条). The province sees enterprise A
 * among those under 60%, with the 情况说明 it wrote.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usageStatus } from '@dg/core';
import { baseUrl, btn, login, newPage, pickDate, pickOption, shot, sql, toast, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const YEAR = 2020;
const THIS_YEAR = Number(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4));
const EXPLANATION = '上年度车辆更新推迟，已经董事会审议，结余资金将于本年用于视频监控装置更换。';
const chooseYear = async (page: Page, year: number) => {
  await page.getByTestId('track-year').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${year}年` }).click();
};

describe('安全生产费用', () => {
  it('a year plan accrues twelve months; a use with its voucher moves the tracking figures and chart', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/regime/fundsExtractManager');
    await page.locator('.ant-table-row').first().waitFor();
    await btn(page, '新增').click();
    const drawer = page.locator('.ant-modal-container', { hasText: '新增' });
    await drawer.waitFor();
    await page.locator('#fundYear_form_year').fill(String(YEAR));
    await page.locator('#fundYear_form_lastRevenue').fill('48000000.5');
    await btn(drawer, '确定').click();
    await toast(page, '创建成功').waitFor();
    const row = page.locator('.ant-table-row', { hasText: `${YEAR}` }).first();
    await expect.poll(() => row.innerText()).toContain('48,000,000.50');
    await expect.poll(() => row.innerText()).toContain('720,000.01'); // 48,000,000.50 × 1.5% = 720,000.0075 → 分, half up
    await page.getByTestId(`ledger-${YEAR}`).click();
    const ledger = page.getByTestId('accrual-ledger');
    await expect.poll(() => ledger.getByTestId('year-plan').innerText()).toBe('720,000.01');
    const months = ledger.locator('[data-testid="accrual-months"] .ant-table-row');
    await expect.poll(() => months.count()).toBe(12);
    // 72,000,001 分 over twelve months: 6,000,000.08 … the first month takes the remaining 分
    expect(await months.nth(0).innerText()).toContain('60,000.01');
    expect(await months.nth(11).innerText()).toContain('60,000.00');
    expect(await months.nth(11).innerText()).toContain('720,000.01'); // the year's closing with nothing used
    await ledger.scrollIntoViewIfNeeded();
    await shot(page, 'regime-funds-extract');

    // the tracking page opens on this year, in progress: how far from 60%, no flag
    await page.goto(baseUrl() + '/regime/fundsTrackManager');
    await page.getByTestId('fund-track').waitFor();
    const [now] = await sql(`select y.year_plan::text as plan, coalesce((select sum(amount) from regime_fund_use u where u.enterprise_id = y.enterprise_id
      and extract(year from u.use_date) = y.year), 0)::text as used from regime_fund_year y join base_user b on b.enterprise_id = y.enterprise_id
      where b.username = 'qiye' and y.year = $1`, [THIS_YEAR]);
    const progress = usageStatus(Number(now.used), Number(now.plan), false).progress!;
    expect(progress).toMatch(/^已使用\d+\.\d%，(距60%还差[\d,.]+元|已达到60%)$/);
    await expect.poll(() => page.getByTestId('track-progress').innerText()).toBe(progress);
    expect(await page.getByTestId('track-warning').count()).toBe(0);
    await shot(page, 'regime-funds-progress');

    // the tracking page before the use: no category chart yet
    await chooseYear(page, YEAR);
    await expect.poll(() => page.getByTestId('fund-track').innerText()).toContain(`${YEAR}年度安全生产费用`);
    await expect.poll(() => page.getByTestId('track-used').innerText()).toContain('0.00');
    expect(await page.getByTestId('chart-category').count()).toBe(0);

    // a use of 12,345.67 元 with its voucher
    await page.goto(baseUrl() + '/regime/fundsUseManager');
    await page.locator('.ant-table-row').first().waitFor();
    await btn(page, '新增').click();
    const form = page.locator('.ant-modal-container', { hasText: '新增' });
    await form.waitFor();
    await pickDate(page, 'fundUse_form_useDate', `${YEAR}-05-10`);
    await pickOption(page, 'fundUse_form_category', '安全生产责任保险支出');
    await page.locator('#fundUse_form_amount').fill('-5');
    await btn(form, '确定').click();
    await form.getByText('金额（元）必须大于0').waitFor();
    await page.locator('#fundUse_form_amount').fill('12345.67');
    await page.locator('#fundUse_form_description').fill('2020年度安全生产责任保险');
    await page.locator('#fundUse_form_approver').fill('张安全');
    // a slow upload: 确定 while the voucher is still on its way saves it with the voucher, not without
    await page.route('**/api/zxxx/file/add', async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.continue(); });
    await form.locator('input[type=file]').setInputFiles({ name: '保险单.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% 保险单\n') });
    await form.getByText('保险单.pdf').waitFor();
    await btn(form, '确定').click();
    await toast(page, '创建成功').waitFor();
    const [stored] = await sql(`select u.amount::text as amount, u.vouchers from regime_fund_use u join base_user b on b.enterprise_id = u.enterprise_id
      where b.username = 'qiye' and u.use_date = $1`, [`${YEAR}-05-10`]);
    expect(stored.amount).toBe('1234567');
    expect(stored.vouchers[0].name).toBe('保险单.pdf');

    // the tracking page after it: figures, usage under 60%, the category chart
    await page.goto(baseUrl() + '/regime/fundsTrackManager');
    await chooseYear(page, YEAR);
    await expect.poll(() => page.getByTestId('track-used').innerText()).toContain('12,345.67');
    await expect.poll(() => page.getByTestId('track-rate').innerText()).toContain('1.7%');
    await page.getByTestId('track-warning').waitFor();
    await page.getByTestId('chart-category').locator('canvas').waitFor();
    await expect.poll(() => page.getByTestId('track-months').locator('.ant-table-row').nth(4).innerText()).toContain('12,345.67');
    await shot(page, 'regime-funds-track');

    // last year used under 60%: its ledger takes the 情况说明
    await page.goto(baseUrl() + '/regime/fundsExtractManager');
    await page.getByTestId(`ledger-${THIS_YEAR - 1}`).click();
    const lastLedger = page.getByTestId('accrual-ledger');
    await lastLedger.getByTestId('explanation-missing').waitFor();
    await lastLedger.getByTestId('explanation-edit').click();
    await btn(lastLedger, '提交情况说明').click();
    await lastLedger.getByText('情况说明：请填写情况说明').waitFor();
    await lastLedger.locator('#fund_explanation').fill(EXPLANATION);
    await btn(lastLedger, '提交情况说明').click();
    await toast(page, '情况说明已提交').waitFor();
    await expect.poll(() => lastLedger.getByTestId('fund-explanation').innerText()).toContain(EXPLANATION);
    await lastLedger.scrollIntoViewIfNeeded();
    await lastLedger.screenshot({ path: '/tmp/funds-explanation.png' });
    await shot(page, 'regime-funds-explanation');
    await page.context().close();
  });

  it('the province sees the enterprises under 60% with their 情况说明 and opens one', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'zhengfu');
    await page.goto(baseUrl() + '/regime/fundsTrackManager');
    const list = page.getByTestId('fund-overview');
    const row = list.locator('.ant-table-row', { hasText: '低于60%' }).filter({ hasText: '已提交' }).first();
    await row.waitFor();
    expect(await row.getByTestId('overview-explanation').innerText()).toBe(EXPLANATION);
    await row.click();
    await page.getByTestId('fund-track').waitFor();
    await page.getByTestId('track-warning').waitFor();
    await expect.poll(() => page.getByTestId('fund-explanation').innerText()).toContain(EXPLANATION);
    await page.getByTestId('chart-month').locator('canvas').waitFor();
    await shot(page, 'regime-funds-government');
    await page.context().close();
  });
});
