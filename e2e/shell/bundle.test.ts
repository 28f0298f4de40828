/**
 * A browser's download budget: the sign-in page ≤ 150 KB of compressed JavaScript; the dashboard's first
 * load in all (document, scripts, styles, images, fonts and its API answers), counted from the encoded bodies that
 * crossed the wire in a fresh browser profile (localhost is a secure origin: Chromium accepts brotli), ≤ 500 KB.
 * What keeps it there (web/vite.config.ts): what the sign-in page loads, what the signed-in shell and dashboard add,
 * each one chunk; the menu icons loaded as the sidebar shows them; the header search's Select and Fuse on its first
 * use; the dashboard's error view on failure; the notice list and the enterprise's 到期预警 drawn without antd's List,
 * Typography and Table; the boards' figures by city, class and day drawn as bars of the page's own elements
 * (views/dashboard/Bars.tsx), so no ECharts (~140 KB with a bar series) in either first load. Each route's JavaScript
 * beyond the shell has its own budget, checked by the build (web/budgets.json).
 */
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { baseUrl, login, newPage, shot, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const KB = 1024;

/** bytes of body on the wire (as encoded: brotli or gzip) per resource type, from now until `read()` */
function meter(page: Page) {
  const seen: Promise<{ type: string; url: string; bytes: number }>[] = [];
  const on = (r: Response) => {
    if (STREAM.test(r.url())) return; // the live-update stream never finishes its body
    seen.push(r.request().sizes().then((s) => ({ type: r.request().resourceType(), url: r.url(), bytes: s.responseBodySize })).catch(() => ({ type: 'gone', url: r.url(), bytes: 0 })));
  };
  page.on('response', on);
  return async () => {
    page.off('response', on);
    const all = await Promise.all(seen);
    const sum = (types?: string[]) => all.filter((x) => !types || types.includes(x.type)).reduce((a, x) => a + x.bytes, 0);
    return { all, scripts: sum(['script']), total: sum() };
  };
}

/** the Server-Sent Events stream stays open for the whole visit: it is not part of what a page downloads */
const STREAM = /\/api\/events(\?|$)/;

/** until no request but the live-update stream has been in flight for `ms` (networkidle never comes while it is open) */
async function settled(page: Page, ms = 800) {
  const open = new Set<unknown>();
  let last = Date.now();
  const start = (r: { url(): string }) => { if (!STREAM.test(r.url())) { open.add(r); last = Date.now(); } };
  const end = (r: unknown) => { if (open.delete(r)) last = Date.now(); };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  await expect.poll(() => open.size === 0 && Date.now() - last >= ms, { timeout: 15_000, interval: 100 }).toBe(true);
  page.off('request', start);
  page.off('requestfinished', end);
  page.off('requestfailed', end);
}

describe('download budget', () => {
  it('the sign-in page loads ≤ 150 KB of compressed JavaScript and no antd, ECharts or editor', async () => {
    const page = await newPage(ctx.browser);
    const read = meter(page);
    await page.goto(baseUrl() + '/login');
    await page.getByTestId('login-captcha-img').waitFor();
    await page.waitForLoadState('networkidle');
    const { all, scripts } = await read();
    const names = all.filter((x) => x.type === 'script').map((x) => new URL(x.url).pathname);
    console.log(`sign-in page: ${(scripts / KB).toFixed(0)} KB of scripts in ${names.length} files`);
    expect(scripts).toBeGreaterThan(20 * KB); // it did count the scripts
    expect(scripts).toBeLessThanOrEqual(150 * KB);
    expect(names.filter((n) => /echarts|tiptap|RichText|AntdRoot|Layout/i.test(n))).toEqual([]);
    // and it still looks and answers like the sign-in page
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.locator('.login-field-error').allInnerTexts()).toEqual(['请输入账号', '请输入密码', '请输入验证码']);
    await shot(page, 'bundle-login');
    await page.context().close();
  });

  it.each([
    ['government', 'zhengfu', '[data-testid=dashboard-by-class-bars] li', 350],
    ['enterprise', 'qiye', '[data-testid=dashboard-days-sum]', 350],
  ])("the %s dashboard's first load is within its budget, compressed in all, with no chart library", async (side, user, shown, budgetKb) => {
    const signIn = await newPage(ctx.browser);
    await login(signIn, user);
    const cookies = await signIn.context().cookies();
    await signIn.context().close();

    const page = await newPage(ctx.browser); // a fresh profile: nothing cached
    await page.context().addCookies(cookies);
    const read = meter(page);
    await page.goto(baseUrl() + '/dashboard');
    await page.locator(shown).first().waitFor();
    await page.locator('[data-testid=dashboard-notices]').waitFor();
    await settled(page);
    const { total, scripts, all } = await read();
    console.log(`${side} dashboard first load: ${(total / KB).toFixed(0)} KB in ${all.length} responses, ${(scripts / KB).toFixed(0)} KB of it scripts`);
    for (const x of all.sort((a, b) => b.bytes - a.bytes).slice(0, 12)) console.log(`${(x.bytes / KB).toFixed(1).padStart(7)} KB ${x.type} ${new URL(x.url).pathname}`);
    expect(all.some((x) => x.type === 'script')).toBe(true);
    expect(total).toBeLessThanOrEqual(budgetKb * KB);
    await shot(page, `bundle-dashboard-${side}`);
    await page.context().close();
  });
});
