/**
 * The shell as a user meets it (layout behaviours, the guard and the session, the error messages):
 * sign-in and the guard, the sidebar, tags, header search, size, settings, error log, bell, user
 * menu, token refresh, and the super-admin page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, captchaShown, captchaText, chooseFromMenu, clickMenuItem, keepToasts, login, newPage, shot, toast, toastsSeen, useBrowser } from '../helpers.ts';

const ctx = useBrowser();

const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;
const tagTitles = async (page: Page) => (await page.getByTestId('tag').allInnerTexts()).map((t) => t.trim());

describe('sign-in and the navigation guard', () => {
  it('sends a visitor to /login with the page to come back to, and back there after signing in', async () => {
    const page = await newPage(ctx.browser);
    await page.goto(baseUrl() + '/adminSys/userManager');
    await page.waitForURL('**/login?redirect=/adminSys/userManager');
    await login(page, 'admin', undefined, { path: '/login?redirect=/adminSys/userManager' });
    await page.waitForURL('**/adminSys/userManager');
    await expect.poll(() => page.title()).toMatch(/^用户管理 - .*危险货物道路运输安全监管系统$/);
    expect(await page.getByTestId('breadcrumb').innerText()).toMatch(/首页[\s\S]*系统管理[\s\S]*用户管理/);
    // the list shows each user's roles (read in the page's own statement)
    await expect.poll(() => page.locator('tr', { hasText: '张安全' }).first().innerText().catch(() => '')).toMatch(/企业管理员/);
    await shot(page, 'shell-user-list-roles');
    // signed in, /login goes home
    await page.goto(baseUrl() + '/login');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('tells a user without any menu 没有权限，请联系管理员！ and keeps them signed out', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'wuquanxian', undefined, { expectFailure: true });
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe('没有权限，请联系管理员！');
    expect(await cookie(page, 'Admin-Token')).toBeUndefined();
    await page.context().close();
  });

  it('refreshes the captcha image on click', async () => {
    const page = await newPage(ctx.browser);
    await page.goto(baseUrl() + '/login');
    const img = page.getByTestId('login-captcha-img');
    await expect.poll(() => img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const first = await img.getAttribute('src');
    await img.click();
    await expect.poll(() => img.getAttribute('src')).not.toBe(first);
    await page.context().close();
  });

  it('shows 404 for a path that is not one of the user\'s pages', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.goto(baseUrl() + '/adminSys/menuManager'); // a super-admin menu
    await page.waitForURL('**/404');
    await page.getByTestId('page-404').waitFor();
    await page.context().close();
  });
});

describe('layout', () => {
  it('collapses the sidebar and remembers it; under 992 px the sidebar is a closed drawer', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'admin');
    await page.getByTestId('hamburger').click();
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-collapsed')).toBe('1');
    expect(await cookie(page, 'sidebarStatus')).toBe('0');
    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-collapsed')).toBe('1');
    await page.getByTestId('hamburger').click();
    expect(await cookie(page, 'sidebarStatus')).toBe('1');
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => page.getByTestId('layout').getAttribute('class')).toContain('mobile');
    expect(await page.getByTestId('layout').getAttribute('class')).toContain('hideSidebar');
    await page.getByTestId('hamburger').click();
    await page.getByTestId('sidebar-mask').click();
    await expect.poll(() => page.getByTestId('sidebar-mask').count()).toBe(0);
    await page.context().close();
  });

  it('keeps a tab per page: 首页 is fixed; 关闭, 关闭其它 and 关闭所有 from the right-click menu; middle click closes', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'admin');
    await page.getByTestId('menu-adminSys').click();
    for (const code of ['userManager', 'gateLogManager', 'orgManager', 'articleManager']) await clickMenuItem(page, code);
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '用户管理', '操作日志', '组织机构', '文章管理']);
    expect(await page.locator('[data-testid=tag][data-affix="1"] [data-testid=tag-close]').count()).toBe(0);

    // 关闭 on the open page: its tab goes and the last one left is shown
    await page.locator('[data-testid=tag][data-path="/adminSys/articleManager"]').click({ button: 'right' });
    await page.getByTestId('tag-close-current').click();
    await page.waitForURL('**/adminSys/orgManager');
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '用户管理', '操作日志', '组织机构']);

    await page.locator('[data-testid=tag][data-path="/adminSys/gateLogManager"]').click({ button: 'middle' });
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '用户管理', '组织机构']);

    await page.locator('[data-testid=tag][data-path="/adminSys/userManager"]').click({ button: 'right' });
    await page.getByTestId('tag-close-others').click();
    await page.waitForURL('**/adminSys/userManager');
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '用户管理']);

    await page.locator('[data-testid=tag][data-path="/dashboard"]').click({ button: 'right' });
    expect(await page.getByTestId('tag-close-current').count()).toBe(0);
    await page.getByTestId('tag-close-all').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => tagTitles(page)).toEqual(['首页']);
    await page.context().close();
  });

  it('refreshes a tab through /redirect', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'admin', undefined, { path: '/login?redirect=/adminSys/userManager' });
    const seen: string[] = [];
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) seen.push(new URL(f.url()).pathname); });
    await page.locator('[data-testid=tag][data-path="/adminSys/userManager"]').click({ button: 'right' });
    await page.getByTestId('tag-refresh').click();
    await expect.poll(() => seen).toContain('/adminSys/userManager');
    expect(seen).toContain('/redirect/adminSys/userManager');
    await page.context().close();
  });

  it('finds a menu by title with the header search', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'admin');
    await page.getByTestId('header-search-toggle').click();
    // the user types once the menu search (antd's Select, loaded on first use) has the cursor: keys pressed in the
    // moment between the plain field it replaces and its own focus reach no field
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-select'))).toBe(true);
    await page.keyboard.type('操作日志');
    await page.locator('.ant-select-item-option', { hasText: '系统管理 > 操作日志' }).click();
    await page.waitForURL('**/adminSys/gateLogManager');
    await page.context().close();
  });

  it('switches the size and keeps it in the size cookie', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'admin');
    await page.getByTestId('size-select').click();
    await page.getByTestId('size-mini').click();
    await toast(page, '切换尺寸成功').waitFor();
    expect(await cookie(page, 'size')).toBe('mini');
    await page.context().close();
  });

  it('keeps the display settings: turning Tags-View off hides the tab bar, also after a reload', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'admin');
    await page.getByTestId('settings-handle').click();
    await page.getByTestId('settings-tags-view').click();
    await expect.poll(() => page.getByTestId('tags-view').count()).toBe(0);
    await page.reload();
    await page.getByTestId('layout').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('dg-settings'))) ?? '{}')).toMatchObject({ tagsView: false, fixedHeader: true, sidebarLogo: true });
    await page.context().close();
  });

  it('collects errors in the error log dialog', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'admin');
    expect(await page.getByTestId('error-log').count()).toBe(0);
    await page.evaluate(() => { setTimeout(() => { throw new Error('测试错误'); }); });
    await page.getByTestId('error-log').click();
    await page.getByTestId('error-log-message').filter({ hasText: '测试错误' }).waitFor();
    await page.getByTestId('error-log-clear').click();
    await expect.poll(() => page.getByTestId('error-log').count()).toBe(0);
    await page.context().close();
  });

  it('shows the bell entries of the menus the user holds', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.getByTestId('bell').click();
    // 通知公告 and the four queues, in that order; after them only reminders of what is waiting (站内消息, 人员通知, 制度待阅知 with a count)
    const entries = async () => (await page.locator('[data-testid^=bell-item-]').allInnerTexts()).map((t) => t.split('\n')[0]);
    await expect.poll(async () => (await entries()).slice(0, 5)).toEqual(['通知公告', '待提交', '待调度', '待检查', '待下发']);
    for (const extra of (await entries()).slice(5)) expect(['站内消息', '人员通知', '制度待阅知']).toContain(extra);
    await shot(page, 'shell-bell');
    await page.context().close();
  });

  it('opens 个人中心 and signs out from the user menu', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await chooseFromMenu(page, 'user-menu', 'user-menu-profile', '**/profile/index');
    await page.getByTestId('profile-page').waitFor();
    // the menu closed by the first choice may still be leaving: chosen again until it signs out
    await chooseFromMenu(page, 'user-menu', 'user-menu-logout', '**/login');
    expect(await cookie(page, 'Admin-Token')).toBeUndefined();
    await page.context().close();
  });
});

describe('session', () => {
  it('refreshes the token when under 10 minutes remain', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'admin');
    const before = await cookie(page, 'Admin-Token');
    await page.context().addCookies([{ name: 'Admin-Expires', value: String(Date.now() + 5 * 60_000), url: baseUrl() }]);
    await page.getByTestId('menu-adminSys').click();
    await page.getByTestId('menu-gateLogManager').click();
    await expect.poll(() => cookie(page, 'Admin-Token')).not.toBe(before);
    expect(Number(await cookie(page, 'Admin-Expires')) - Date.now()).toBeGreaterThan(3.9 * 3600_000);
    await page.context().close();
  });

  it('a token that cannot be refreshed: 刷新token出错, then back to sign-in for this page', async () => {
    const page = await newPage(ctx.browser);
    // the message stands 1.2 s before the page reloads: on a loaded machine a poll of the page may fall either side of
    // it, so every message the tab shows is kept and read after the reload
    await keepToasts(page);
    await login(page, 'admin');
    await page.context().addCookies([{ name: 'Admin-Token', value: 'not.a.token', url: baseUrl() }]);
    await page.getByTestId('menu-adminSys').click();
    await page.getByTestId('menu-gateLogManager').click();
    await page.waitForURL('**/login?redirect=/adminSys/gateLogManager', { timeout: 90_000 });
    expect(await toastsSeen(page)).toContain('刷新token出错');
    await page.context().close();
  });
});

describe('super-admin page', () => {
  it('has its own login and token', async () => {
    const page = await newPage(ctx.browser);
    const verifyId = await captchaShown(page, async () => {
      await page.goto(baseUrl() + '/pageB.html');
      await expect.poll(() => page.getByTestId('login-title').innerText()).toBe('超级管理员登录');
      await page.getByTestId('login-username').fill('super');
      await page.getByTestId('login-password').fill('super123');
    });
    expect(verifyId).not.toBe('');
    await page.getByTestId('login-captcha').fill(await captchaText(verifyId));
    await page.getByTestId('login-submit').click();
    await page.getByTestId('layout').waitFor();
    expect(page.url()).toContain('/pageB.html#/dashboard');
    expect(await cookie(page, 'Super-Token')).toBeTruthy();
    expect(await cookie(page, 'Admin-Token')).toBeUndefined();
    await page.context().close();
  });
});

describe('enterprise registration', () => {
  it('checks the form with the shared rules and submits an application: 已提交，等待审核', async (t) => {
    const { makeCreditCode } = await import('@dg/core');
    // POST /api/public/register is the audit area's; until its routes are registered there is nothing to submit to
    const probe = await fetch(baseUrl() + '/api/public/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (probe.status === 404) t.skip();
    const page = await newPage(ctx.browser);
    await page.goto(baseUrl() + '/login');
    await page.getByTestId('login-register-link').click();
    await page.waitForURL('**/userRegister');
    await page.getByTestId('register-submit').click();
    await page.getByText('请输入企业名称').waitFor();
    await page.getByTestId('register-creditCode').fill('91330100MA27XXXX1X');
    await page.getByText('统一社会信用代码校验码不正确').waitFor();

    const n = String(Date.now()).slice(-6);
    await page.getByTestId('register-enterpriseName').fill(`测试危化品运输有限公司${n}`);
    await page.getByTestId('register-creditCode').fill(makeCreditCode(`91330106MA2${n}`));
    await page.getByTestId('register-licenceNo').fill(`浙交运管许可杭字${n}号`);
    await page.getByTestId('register-businessScope').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('register-region').click();
    await page.locator('.ant-cascader-menu-item', { hasText: '浙江省' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '杭州市' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '西湖区' }).click();
    await page.getByTestId('register-address').fill('文三路 100 号');
    await page.getByTestId('register-contact').fill('周经理');
    await page.getByTestId('register-phone').fill('13900001111');
    await page.getByTestId('register-username').fill(`reg${n}`);
    await page.getByTestId('register-password').fill('abc12345');
    await page.getByTestId('register-confirm').fill('abc12345');
    await page.getByTestId('register-submit').click();
    await page.getByText('已提交，等待审核').waitFor();
    await page.context().close();
  });
});

describe('home page', () => {
  it('shows the enterprise board to an enterprise user and the government board to an inspector', async () => {
    const page = await newPage(ctx.browser);
    await login(page, 'qiye');
    await page.getByTestId('dashboard-enterprise').waitFor();
    for (const key of ['uncommitted', 'unscheduled', 'unchecked', 'undistributed', 'unread']) await page.getByTestId(`dashboard-card-${key}`).waitFor();
    // 到期预警: a row per list of 到期预警
    const expiry = page.getByTestId('dashboard-expiry');
    await expect.poll(() => expiry.locator('tbody tr').count()).toBe(7);
    expect(await expiry.innerText()).toContain('车辆道路运输证');
    // 本月运单: a column per day of the month so far, and their sum printed under them
    const days = page.getByTestId('dashboard-days').locator('[data-date]');
    await expect.poll(() => days.count()).toBe(new Date(Date.now() + 8 * 3600_000).getUTCDate());
    const counts = (await days.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value')))));
    expect(await page.getByTestId('dashboard-days-sum').innerText()).toContain(`本月合计 ${counts.reduce((a, n) => a + n, 0).toLocaleString('zh-CN')} 单`);
    await shot(page, 'shell-dashboard-enterprise');
    await page.context().close();
    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.getByTestId('dashboard-government').waitFor();
    expect(await gov.getByTestId('sidebar-logo').getAttribute('data-edition')).toBe('government');
    // 证件过期 counts the overdue documents of the province (the demo has some)
    await expect.poll(async () => Number((await gov.getByTestId('dashboard-card-overdueCertificates').locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''))).toBeGreaterThan(0);
    // 各地市运单 and 货物类别: bars ranked largest first, each with its figure printed
    for (const id of ['dashboard-by-city-bars', 'dashboard-by-class-bars']) {
      const bars = gov.getByTestId(id).locator('li');
      await expect.poll(() => bars.count()).toBeGreaterThan(1);
      const values = await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(await bars.first().innerText()).toContain(values[0]!.toLocaleString('zh-CN'));
    }
    await shot(gov, 'shell-dashboard-government');
    await gov.context().close();
  });
});
