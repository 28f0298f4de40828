/**
 * 运单监控 for the province: the state cards count the waybills of the jurisdiction and each filters the
 * list below; the card picked is one of the list's filters, kept in the URL with the rest of its search, so a reload
 * or a shared link opens the same view (components/resource/useListState.ts).
 */
import { describe, expect, it } from 'vitest';
import { flattenMenus, MENUS } from '@dg/core';
import { baseUrl, login, newPage, shot, useBrowser } from '../helpers.ts';

const ctx = useBrowser();

describe('运单监控', () => {
  it('a state card filters the list, and the filter survives a reload', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'zhengfu');
    const path = flattenMenus(MENUS).find((m) => m.code === 'waybillMonitorManager')!.fullPath;
    await page.goto(baseUrl() + path);
    const card = page.getByTestId('state-card-运输中');
    await card.waitFor();
    // the demo data has waybills on the road in the province
    await expect.poll(async () => Number((await card.locator('.ant-statistic-content').innerText()).replace(/\D/g, '') || 0)).toBeGreaterThan(0);
    await card.click();
    await page.waitForURL(/%E8%BF%90%E8%BE%93%E4%B8%AD|运输中/);
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const others = async () => (await rows.allInnerTexts()).filter((t) => !t.includes('运输中'));
    await expect.poll(others).toEqual([]);
    const before = await rows.count();

    await page.reload();
    await card.waitFor();
    await expect.poll(() => rows.count()).toBe(before);
    expect(await others()).toEqual([]);
    expect(await card.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none'); // still the card picked
    await shot(page, 'waybill-monitor-in-transit');

    // 全部 clears it
    await page.getByTestId('state-card-all').click();
    await expect.poll(() => page.url().includes('%E8%BF%90%E8%BE%93%E4%B8%AD') || page.url().includes('运输中')).toBe(false);
  });
});
