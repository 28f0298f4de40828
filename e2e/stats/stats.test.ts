/**
 * 运单统计 and 行业统计 in the browser: 王监管 opens the twelve statistics, each with its chart and table;
 * a goods class chosen on 运单总量 stays in the link after a reload; a row of 货物类别 opens the waybills it counts,
 * as many as the row says; 企业排名 exports an xlsx. The enterprise sees its seven statistics without the region
 * and enterprise filters.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { flattenMenus } from '@dg/core';
import { STATS } from '@dg/core/stats';
import { baseUrl, login, newPage, pickOption, shot, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const MENUS = flattenMenus();
const pathOf = (key: string) => {
  const menu = STATS.find((s) => s.key === key)!.menu;
  return MENUS.find((m) => m.code === menu)!.fullPath;
};
/** the enterprise's statistics: 运单统计 but 企业排名 */
const ENTERPRISE_STATS = STATS.filter((s) => s.menu.startsWith('stat') && s.key !== 'enterprise');
const int = (text: string) => Number(text.replace(/[,\s+]/g, ''));

/** opens a statistic and waits for its chart and at least one row of its table */
async function openStat(page: Page, key: string) {
  await page.goto(baseUrl() + pathOf(key));
  const stat = page.locator(`[data-testid=stat-page][data-stat=${key}]`);
  await stat.waitFor();
  if (await page.getByTestId('under-construction').count()) throw new Error(`${key} shows 该功能正在建设中`);
  await stat.getByTestId('stat-chart').locator('canvas').first().waitFor();
  await expect.poll(() => stat.getByTestId('stat-table').locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return stat;
}

describe('运单统计 and 行业统计', () => {
  it('王监管 sees the twelve statistics, each with a chart and a table', async () => {
    const page = await newPage(ctx.browser, { width: 1440, height: 1000 });
    await login(page, 'zhengfu');
    for (const s of STATS) {
      const stat = await openStat(page, s.key);
      expect(await page.locator('body').innerText()).not.toContain('该功能正在建设中');
      if ((s.filters as readonly string[]).includes('region')) expect(await stat.getByTestId('stat-filter-region').count()).toBe(1);
      await shot(page, `stats-zhengfu-${s.key}`);
    }
    await page.context().close();
  });

  it('a goods class chosen on 运单总量 stays in the link after a reload', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'zhengfu');
    await openStat(page, 'total');
    await pickOption(page, 'stat-goodsClass', '易燃液体');
    await page.waitForURL((u) => (u.searchParams.get('f') ?? '').includes('"goodsClass":"3"'));
    await page.reload();
    const stat = page.getByTestId('stat-page');
    expect(JSON.parse(new URL(page.url()).searchParams.get('f')!)).toMatchObject({ goodsClass: '3' });
    await expect.poll(() => stat.getByTestId('stat-filter-goodsClass').innerText()).toContain('第3类 易燃液体');
    await expect.poll(() => stat.getByTestId('stat-subtitle').innerText()).toBeTruthy();
    await shot(page, 'stats-total-goods-class');
    await page.context().close();
  });

  it('a row of 货物类别 opens the waybills it counts, as many as the row says', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'zhengfu');
    const stat = await openStat(page, 'class');
    const table = stat.getByTestId('stat-table');
    const headers = await table.locator('thead th').allInnerTexts();
    const col = headers.findIndex((h) => h.includes('运单'));
    expect(col, `a 运单 column among ${headers.join(' | ')}`).toBeGreaterThan(0);
    const row = table.locator('.ant-table-row').first();
    const counted = int(await row.locator('td').nth(col).innerText());
    expect(counted).toBeGreaterThan(0);
    const label = (await row.locator('td').first().innerText()).trim();
    await row.click();
    await page.waitForURL(/\/waybillStatistics\/waybills\?f=/);
    const list = page.getByTestId('stat-waybills');
    await expect.poll(() => list.getByTestId('stat-waybills-total').innerText(), { timeout: 15_000 }).toMatch(/^共 [\d,]+\+? 张运单$/);
    const total = await list.getByTestId('stat-waybills-total').innerText();
    expect(int(total.replace(/[^\d,]/g, ''))).toBe(counted);
    expect(await list.getByTestId('stat-waybills-label').innerText()).toContain(label);
    await list.locator('.ant-table-row').first().waitFor();
    await shot(page, 'stats-class-drill');
    // a waybill of the list opens its detail
    await list.locator('.ant-table-row').first().locator('a').first().click();
    await page.waitForURL(/\/waybillManager\/infoManager\/info\?id=/);
    await page.context().close();
  });

  it('企业排名 exports an xlsx', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'zhengfu');
    const stat = await openStat(page, 'enterprise');
    const first = (await stat.getByTestId('stat-table').locator('.ant-table-row').first().locator('td').first().innerText()).trim();
    const [download] = await Promise.all([page.waitForEvent('download'), stat.getByTestId('stat-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    expect(JSON.stringify(wb.worksheets[0]!.getSheetValues())).toContain(first);
    await page.context().close();
  });

  it('the enterprise sees its seven statistics, without the region and enterprise filters', async () => {
    const page = await newPage(ctx.browser, { width: 1440, height: 1000 });
    await login(page, 'qiye');
    expect(ENTERPRISE_STATS).toHaveLength(7);
    for (const s of ENTERPRISE_STATS) {
      const stat = await openStat(page, s.key);
      expect(await stat.getByTestId('stat-filter-region').count()).toBe(0);
      expect(await stat.getByTestId('stat-filter-enterprise').count()).toBe(0);
      await shot(page, `stats-qiye-${s.key}`);
    }
    await page.context().close();
  });
});
