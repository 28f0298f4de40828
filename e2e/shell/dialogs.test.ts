/**
 * The two session dialogs of the error catalogue as a user meets them:
 * - 40301: an administrator revokes the 导出 button of the user's role while the user has the list
 *   open; the next 导出 is refused by the server and the 当前用户无相关操作权限！ dialog offers 重新登录.
 * - 40101 after a successful refresh: the call's retry is refused again (another session signed the
 *   user out between the refresh and the retry). That race cannot be timed from outside, so this one
 *   journey answers the list call 401/40101 in the browser; the refresh itself goes to the server.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, login, newPage, shot, sql, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const dialog = (page: import('playwright-core').Page) => page.locator('.ant-modal-confirm');

describe('session dialogs', () => {
  it('40301: a revoked button answers 当前用户无相关操作权限！ and 重新登录 leads to sign-in', async () => {
    const page = await newPage(ctx.browser, { reducedMotion: false });
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/fileManagement/vehicleBasicManager');
    await page.locator('.ant-table-row').first().waitFor();
    const exportBtn = page.locator('button', { hasText: /^\s*导\s*出\s*$/ });
    await exportBtn.waitFor();
    // the administrator takes 导出 away from the enterprise admin role
    const revoked = await sql<{ group_id: string; resource_id: string }>(`
      delete from base_resource_authority a using base_group g, base_element e
      where a.group_id = g.id and a.resource_id = e.id and a.resource_type = 'button'
        and g.code = 'enterpriseAdmin' and e.code = 'vehicleBasicManager:btn_export'
      returning a.group_id, a.resource_id`);
    expect(revoked.length).toBe(1);
    try {
      await exportBtn.click();
      await expect.poll(() => dialog(page).innerText()).toContain('当前用户无相关操作权限！');
      await shot(page, 'shell-dialog-40301');
      await dialog(page).locator('button', { hasText: /重新登录/ }).click();
      await page.waitForURL('**/login**');
    } finally {
      for (const r of revoked) {
        await sql(`insert into base_resource_authority (group_id, resource_id, resource_type) values ($1, $2, 'button') on conflict do nothing`, [r.group_id, r.resource_id]);
      }
    }
    await page.context().close();
  });

  it('40101 on the retry after a refresh: 你已被登出 with 取消 (stay) and 重新登录', async () => {
    const page = await newPage(ctx.browser, { reducedMotion: false });
    await login(page, 'admin');
    // what the page asked, in order: the list, the refresh and the list's retry (the event stream, reconnecting with the
    // new token, later has every query fetched again — the list and a refresh of its own — which is not a retry)
    const asked: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/auth/jwt/refresh')) asked.push(`refresh ${r.status()}`);
      if (r.url().includes('/api/admin/gateLog/list')) asked.push(`list ${r.status()}`);
    });
    // only the list and its retry are refused: a later ask (the event stream's refetch once it reconnects with the new
    // token) reaches the server, else its own refused retry would open the dialog again right after 取消 closed it
    let refused = 0;
    await page.route('**/api/admin/gateLog/list', (route) => (refused++ < 2 ? route.fulfill({
      status: 401, contentType: 'application/json', body: JSON.stringify({ status: 40101, message: 'User token expired!' }),
    }) : route.continue()));
    await page.getByTestId('menu-adminSys').click();
    await page.getByTestId('menu-gateLogManager').click();
    await expect.poll(() => dialog(page).innerText()).toContain('你已被登出，可以取消继续留在该页面，或者重新登录');
    expect(asked.slice(0, 3)).toEqual(['list 401', 'refresh 200', 'list 401']); // refreshed once, the retry was refused again
    await shot(page, 'shell-dialog-40101');
    await dialog(page).locator('button', { hasText: /取\s*消/ }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/adminSys/gateLogManager'); // stayed
    await page.context().close();
  });

  it('a wrong password is refused with the server message and a fresh captcha', async () => {
    const page = await newPage(ctx.browser, { reducedMotion: false });
    let captchaBefore: string | null = null;
    await login(page, 'qiye2', 'wrong-password', { expectFailure: true, beforeSubmit: async () => {
      captchaBefore = await page.getByTestId('login-captcha-img').getAttribute('src');
    } });
    await expect.poll(() => page.locator('.ant-message-notice, [data-testid=login-error]').first().innerText()).toMatch(/密码/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.getByTestId('login-captcha-img').getAttribute('src')).not.toBe(captchaBefore);
    await sql(`update base_user set failed_logins = 0, locked_until = null where username = 'qiye2'`);
    await page.context().close();
  });
});
