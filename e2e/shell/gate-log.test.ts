/**
 * 操作日志 shows what happened: 张安全 signs in and edits a 托运人; his enterprise's log lists the edit (菜单, 操作,
 * 操作人, 结果) and the sign-in, newest first; the other enterprise's administrator does not see them.
 */
import { describe, it, expect } from 'vitest';
import { baseUrl, btn, login, newPage, shot, sql, toast, useBrowser } from '../helpers.ts';

const ctx = useBrowser();

describe('操作日志', () => {
  it('lists an edit and the sign-in of the enterprise\'s user; another enterprise does not see them', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/waybillBaseInfo/shipperManager');
    const row = page.locator('.ant-table-row', { hasText: '巨化集团有限公司' }).first();
    await btn(row, '编辑').click();
    const contact = `联系人${Date.now() % 100000}`;
    await page.locator('#shipper_form_contact').fill(contact);
    await btn(page.locator('.ant-drawer-section', { hasText: '编辑托运人' }), '确定').click();
    await toast(page, '更新成功').waitFor();

    await page.goto(baseUrl() + '/adminSys/gateLogManager');
    const edit = page.locator('.ant-table-row', { hasText: '托运人' }).filter({ hasText: '张安全' }).first();
    await expect.poll(() => edit.innerText(), { timeout: 10_000 }).toMatch(/编辑[\s\S]*张安全[\s\S]*成功/);
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '登录' }).filter({ hasText: '张安全' }).count()).toBeGreaterThan(0);
    await shot(page, 'gate-log');
    const [stored] = await sql(`select after->>'contact' as contact from gate_log where crt_name = '张安全' and menu = '托运人' order by crt_time desc limit 1`);
    expect(stored.contact).toBe(contact);
    await page.context().close();

    const other = await newPage(ctx.browser);
    await login(other, 'qiye2');
    await other.goto(baseUrl() + '/adminSys/gateLogManager');
    // its own sign-in is listed: the list has loaded, and holds nothing of enterprise A
    await other.locator('.ant-table-row', { hasText: '李调度' }).first().waitFor();
    expect(await other.locator('.ant-table-row', { hasText: '张安全' }).count()).toBe(0);
    await other.context().close();
  });
});
