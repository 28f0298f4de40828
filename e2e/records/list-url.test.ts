/**
 * A list of its own screen keeps its search, page and size in the URL: a reload, 后退 and a link sent to a
 * colleague show the same list with the search form filled in; 重置 clears both.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, login, newPage, settled, shot, sql, useBrowser } from '../helpers.ts';

const ctx = useBrowser();

describe('list state in the URL', () => {
  it('a searched vehicle list survives reload, back and a shared link', async () => {
    const [v] = await sql<{ plate_no: string; n: number }>(`select v.plate_no, (select count(*)::int from vehicle x where x.enterprise_id = v.enterprise_id) as n
      from vehicle v join base_user u on u.enterprise_id = v.enterprise_id where u.username = 'qiye' order by v.created_at limit 1`);
    expect(v!.n).toBeGreaterThan(1); // the search narrows the list
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/fileManagement/vehicleBasicManager');
    const rows = page.locator('.dg-resource-page .ant-table-row');
    await rows.first().waitFor();
    const before = await rows.count();
    expect(before).toBeGreaterThan(1);

    await page.locator('#vehicle_search_plateNo').fill(v!.plate_no);
    await page.locator('.dg-resource-search').getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(v!.plate_no);
    const searched = page.url();
    expect(decodeURIComponent(new URL(searched).search)).toContain(v!.plate_no);

    // reload: the same list, the form still says what was searched
    await page.reload();
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.locator('#vehicle_search_plateNo').inputValue()).toBe(v!.plate_no);

    // 后退 goes to the unsearched list, 前进 back to the search
    await page.goBack();
    await expect.poll(() => rows.count()).toBe(before);
    expect(await page.locator('#vehicle_search_plateNo').inputValue()).toBe('');
    await page.goForward();
    await expect.poll(() => rows.count()).toBe(1);

    // a colleague of the same company opening the link sees the same list
    const other = await newPage(ctx.browser);
    await login(other, 'qiye', undefined, { path: '/login?redirect=' + encodeURIComponent(new URL(searched).pathname + new URL(searched).search) });
    const otherRows = other.locator('.dg-resource-page .ant-table-row');
    await otherRows.first().waitFor(); // the app's first load after sign-in (slow while other journeys run)
    await expect.poll(() => otherRows.count()).toBe(1);
    expect(await other.locator('#vehicle_search_plateNo').inputValue()).toBe(v!.plate_no);
    // and it settles: no request loop from the URL state (the table's spinner goes and stays gone)
    await expect.poll(() => other.locator('.dg-resource-page .ant-spin-spinning').count(), { timeout: 10_000 }).toBe(0);
    let requests = 0;
    other.on('request', (r) => { if (r.url().includes('/vehicle/list')) requests++; });
    // a loop asks again as each answer lands, or on the next render: the page makes three round trips of its own to
    // the server and draws after each, and the list is not asked for meanwhile
    for (let i = 0; i < 3; i++) {
      await other.evaluate(async () => {
        await fetch('/api/health');
        await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
      });
      await settled(other);
    }
    expect(requests).toBe(0);
    await shot(other, 'list-url-shared');
    await other.context().close();

    // 重置 clears the form and the URL
    await page.locator('.dg-resource-search').getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => rows.count()).toBe(before);
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });
});
