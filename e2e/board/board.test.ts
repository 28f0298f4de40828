/**
 * 信息看板 in the browser: 王监管 types a plate into 基础查询, its card opens with the vehicle's
 * documents and waybills, and a waybill of the card opens its detail; 动态监控 shows the overdue trip highlighted and
 * filters by it; 静态监控 drills from a city to an enterprise's documents; 提示汇总 links a count to its list.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, login, newPage, shot, sql, useBrowser } from '../helpers.ts';

const ctx = useBrowser();

describe('信息看板', () => {
  it('the one-box lookup finds a plate and opens its linked waybill', async () => {
    const [v] = await sql<{ plate_no: string; waybill_no: string }>(`select v.plate_no, w.waybill_no from vehicle v join enterprise e on e.id = v.enterprise_id
      join base_user u on u.enterprise_id = e.id and u.username = 'qiye' join waybill w on w.vehicle_id = v.id and w.waybill_no is not null
      order by w.created_at desc limit 1`);
    const page = await newPage(ctx.browser);
    await login(page, 'zhengfu');
    await page.goto(baseUrl() + '/zydXxkbManager/basicQueryManager');
    const box = page.getByTestId('lookup-input').locator('input');
    await box.fill(v!.plate_no);
    await box.press('Enter');
    const card = page.getByTestId('record-card');
    await expect.poll(() => card.getByTestId('card-title').innerText(), { timeout: 10_000 }).toBe(v!.plate_no);
    await expect.poll(() => card.getByTestId('card-documents').innerText()).toContain('道路运输证');
    await card.getByTestId('card-waybills').locator('.ant-table-row').first().waitFor();
    await shot(page, 'board-lookup-vehicle');
    // the link keeps the search in the address: a reload shows the same card
    expect(new URL(page.url()).searchParams.get('q')).toBe(v!.plate_no);

    await card.getByTestId('card-waybills').getByRole('link', { name: v!.waybill_no }).click();
    await page.waitForURL(/\/waybillManager\/infoManager\/info\?id=/);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain(v!.waybill_no);
    await shot(page, 'board-lookup-waybill');
    await page.context().close();
  });

  it('动态监控 highlights the overdue trip; 静态监控 drills down; 提示汇总 links its counts', async () => {
    const page = await newPage(ctx.browser, { width: 1440, height: 1000 });
    await login(page, 'zhengfu');
    await page.goto(baseUrl() + '/zydXxkbManager/dynamicMonitorManager');
    const list = page.getByTestId('dynamic-list');
    await list.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => list.locator('.ant-table-row').first().innerText()).toContain('超时');
    await page.getByTestId('dynamic-overdue').click();
    await expect.poll(async () => {
      const rows = await list.locator('.ant-table-row').allInnerTexts();
      return rows.length > 0 && rows.every((r) => r.includes('超时'));
    }).toBe(true);
    await shot(page, 'board-dynamic');

    await page.goto(baseUrl() + '/zydXxkbManager/staticMonitorManager');
    const areas = page.getByTestId('static-areas');
    await areas.locator('.ant-table-row').first().click();
    const ents = page.getByTestId('static-enterprises');
    await ents.locator('.ant-tag').first().waitFor(); // the chosen city as a filter
    await ents.locator('.ant-table-row').first().click();
    await page.getByTestId('static-documents').locator('.ant-table-row').first().waitFor();
    await shot(page, 'board-static');
    await page.keyboard.press('Escape');

    await page.goto(baseUrl() + '/zydXxkbManager/tipSummaryManager');
    const item = page.getByTestId('tip-checklists');
    await item.waitFor();
    await shot(page, 'board-tips');
    await item.getByRole('link', { name: '查看' }).click();
    await page.waitForURL(/checklistManager/);
    await page.getByTestId('checklist-page').waitFor();
    await page.context().close();
  });

  it('业务大厅 shows its counts, each a link', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/businessLobby/lobbyWarningManager');
    const strip = page.getByTestId('lobby-counts');
    await strip.waitFor();
    await expect.poll(async () => Number((await strip.getByTestId('lobby-count-warningsOverdue').locator('.ant-statistic-content').innerText()).trim())).toBeGreaterThan(0);
    await shot(page, 'lobby-counts');
    await strip.getByTestId('lobby-count-unreadMessages').click();
    await page.waitForURL(/lobbyMessageManager/);
    await page.getByTestId('lobby-counts').waitFor();
    await page.context().close();
  });
});
