/**
 * The admin dialogs save through the shared save hook: 代码表's 新增类型 (super admin, pageB) and 用户管理's
 * 重置密码 (an enterprise admin, on a user of its own made for the test): the button waits, the success message shows,
 * the dialog closes and the change is stored.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, btn, login, newPage, sql, toast, useBrowser } from '../helpers.ts';
import { api, tag, tokenOf } from '../waybill/fixtures.ts';

const ctx = useBrowser();

describe('admin dialogs', () => {
  it('代码表: a new dictionary type is saved and listed', async () => {
    const code = `e2eType${tag()}`;
    const page = await newPage(ctx.browser);
    await login(page, 'super', undefined, { path: '/pageB.html' });
    await page.getByTestId('layout').waitFor();
    await page.evaluate(() => { window.location.hash = '#/adminSys/dictManager'; });
    await page.getByText('代码类型').first().waitFor();
    await page.getByRole('button', { name: /新增类型/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '新增代码类型' });
    await page.locator('#dict_form_name').fill(`测试类型${code.slice(-4)}`);
    await page.locator('#dict_form_value').fill(code);
    await btn(dialog, '确定').click();
    await toast(page, '创建成功').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText(code).count()).toBeGreaterThan(0);
    expect(await sql(`select 1 from base_dict where value = $1`, [code])).toHaveLength(1);
    await page.context().close();
  });

  it('用户管理: 重置密码 stores a new password for the chosen user', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    const username = `e2ereset${tag()}`;
    await api(await tokenOf(page), 'POST', '/admin/user/add', { name: '重置测试', username, password: 'abc12345', side: 'enterprise', status: '1' });
    const [before] = await sql<{ password: string }>(`select password from base_user where username = $1`, [username]);
    await page.goto(baseUrl() + '/adminSys/userManager');
    await page.locator('#user_search_username').fill(username);
    await page.locator('.dg-resource-search').getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-row', { hasText: username });
    await btn(row, '重置密码').click();
    const dialog = page.locator('.ant-modal', { hasText: '重置密码' });
    await page.locator('#reset_password_password').fill('xyz98765');
    await page.locator('#reset_password_confirm').fill('xyz98765');
    await btn(dialog, '确定').click();
    await toast(page, '密码已重置，该用户需用新密码重新登录').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const [after] = await sql<{ password: string }>(`select password from base_user where username = $1`, [username]);
    expect(after!.password).not.toBe(before!.password);
    await page.context().close();
  });
});
