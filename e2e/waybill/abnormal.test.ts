/**
 * 异常运单 for a city inspector: a finding reported by hand (手工上报: the enterprise and what was seen
 * at the roadside), then a 核查单 issued to the enterprise from it. Both dialogs save through the shared save hook
 * (components/resource/useSave.ts): the button waits while the write is out, the success message shows, the list
 * refreshes and the dialog closes.
 */
import { describe, expect, it } from 'vitest';
import { flattenMenus, MENUS } from '@dg/core';
import { baseUrl, login, newPage, shot, sql, toast, useBrowser } from '../helpers.ts';
import { pick, tag } from './fixtures.ts';

const ctx = useBrowser();

describe('异常运单', () => {
  it('an inspector reports a finding by hand and issues a 核查单 from it', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'shiji');
    const path = flattenMenus(MENUS).find((m) => m.code === 'abnormalWaybillManager')!.fullPath;
    await page.goto(baseUrl() + path);
    await page.getByTestId('abnormal-page').waitFor();

    const [ent] = await sql<{ name: string }>(`select e.name from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`);
    const seen = `卡口发现车辆未按线路行驶 ${tag()}`;
    await page.getByRole('button', { name: /手工上报/ }).click();
    const report = page.locator('.ant-modal', { hasText: '手工上报异常运单' });
    await report.waitFor();
    await pick(page, report.locator('.ant-form-item', { hasText: '所属企业' }), ent!.name.slice(0, 4), ent!.name);
    await report.locator('textarea').fill(seen);
    await report.getByRole('button', { name: /上\s*报/ }).click();
    await toast(page, '已上报').waitFor();
    await expect.poll(() => report.count()).toBe(0); // closed
    const row = page.locator('.ant-table-row', { hasText: seen.slice(0, 12) }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('待处理');

    await row.getByRole('button', { name: '下发核查单' }).click();
    const issue = page.locator('.ant-modal', { hasText: '下发核查单' });
    await issue.waitFor();
    await issue.getByRole('button', { name: /下\s*发/ }).click();
    await toast(page, '核查单已下发，等待企业签收').waitFor();
    await expect.poll(() => issue.count()).toBe(0);
    await expect.poll(() => row.innerText()).not.toContain('待处理'); // the list refetched
    const [stored] = await sql<{ status: string; n: number }>(`select a.status, (select count(*)::int from checklist c where c.abnormal_id = a.id) as n
      from abnormal_waybill a where a.detail = $1`, [seen]);
    expect(stored).toMatchObject({ n: 1 });
    expect(stored!.status).not.toBe('待处理');
    await shot(page, 'abnormal-issued');
    await page.context().close();
  });
});
