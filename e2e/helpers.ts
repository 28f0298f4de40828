/** Browser journey helpers: Debian's Chromium through playwright-core, sign-in through the real captcha. */
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { inject, afterAll, afterEach, beforeAll, expect } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { claimSlot } from '../server/test/workers.ts';
import { chromiumPath } from './browser.ts';

/** this worker's server (e2e/global-setup.ts starts one per worker, each on its own database) */
function server() {
  const servers = inject('e2eServers');
  return servers[claimSlot(inject('e2eSlots'), servers.length)]!;
}
export const baseUrl = () => server().baseUrl;
/** this worker's database (the journeys read what the server stored, and the captcha the page shows) */
export const databaseUrl = () => server().databaseUrl;
const SHOTS = path.join(import.meta.dirname, 'screenshots');

export const DEMO_PASSWORDS: Record<string, string> = {
  admin: 'admin123', qiye: 'qiye123', qiye2: 'qiye123', zhengfu: 'zhengfu123', shiji: 'zhengfu123', wuquanxian: 'wuquanxian123', super: 'super123', yuangong: 'yuangong123',
};

/** one browser per test file */
export function useBrowser() {
  const ctx: { browser: Browser } = {} as never;
  beforeAll(async () => {
    ctx.browser = await chromium.launch({
      executablePath: chromiumPath(), headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await reportFailure(ctx.browser, task.name);
  });
  afterAll(async () => { await ctx.browser?.close(); });
  return ctx;
}

/** the last answers of the API each page received: what a failed step was waiting on */
const apiLog = new WeakMap<Page, string[]>();

/**
 * A failed journey leaves what the user saw: a screenshot of every page still open (screenshots/FAILED-*.png) and, on
 * the console, its address, the messages, dialogs and field errors on screen, and the page's last API answers.
 */
async function reportFailure(browser: Browser | undefined, name: string) {
  const pages = browser?.contexts().flatMap((c) => c.pages()) ?? [];
  for (const [i, page] of pages.entries()) {
    try {
      const file = await shot(page, `FAILED-${name.replace(/[^\w\u4e00-\u9fff]+/g, '-').slice(0, 60)}-${i}`);
      const onScreen = await page.locator('.ant-message-notice, .ant-notification-notice, .ant-modal-container, .ant-form-item-explain-error')
        .allInnerTexts().catch(() => []);
      console.error([`[e2e failure] ${name} — page ${i}: ${page.url()}`, `  screenshot: ${file}`,
        ...onScreen.map((t) => `  on screen: ${t.replace(/\s+/g, ' ').slice(0, 300)}`),
        ...(apiLog.get(page) ?? []).map((l) => `  api: ${l}`)].join('\n'));
    } catch (e) {
      console.error(`[e2e failure] ${name} — page ${i}: no report (${(e as Error).message})`);
    }
  }
}

/**
 * reducedMotion: the system setting 减少动态效果, on unless a journey turns it off: antd's transitions and the charts'
 * entry animation are left out, so a page stands still as soon as it is drawn and the browser draws no frames in
 * between (most of a journey's time on two cores is the browser drawing). The dialogs journey walks with them on.
 */
export async function newPage(browser: Browser, opts: { width?: number; height?: number; reducedMotion?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
    reducedMotion: opts.reducedMotion === false ? 'no-preference' : 'reduce' });
  const page = await context.newPage();
  // a full run on a busy 2-core machine has seen a save and its toast take longer than 15 s
  page.setDefaultTimeout(30_000);
  const log: string[] = [];
  apiLog.set(page, log);
  page.on('requestfinished', (req) => {
    if (!req.url().includes('/api/')) return;
    void req.response().then(async (res) => {
      const body = res && /json/.test(res.headers()['content-type'] ?? '') ? (await res.text().catch(() => '')).slice(0, 200) : '';
      log.push(`${new Date().toISOString().slice(11, 23)} ${req.method()} ${new URL(req.url()).pathname} → ${res?.status() ?? '?'} ${body}`);
      if (log.length > 12) log.shift();
    }).catch(() => undefined);
  });
  page.on('requestfailed', (req) => {
    if (req.url().includes('/api/')) log.push(`${req.method()} ${new URL(req.url()).pathname} failed: ${req.failure()?.errorText}`);
  });
  return page;
}

/** the text of a captcha the server issued (the test plays the person reading the image) */
export async function captchaText(verifyId: string, dbUrl = databaseUrl()): Promise<string> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const r = await c.query('select text from captcha where id = $1', [verifyId]);
    return r.rows[0]?.text ?? '';
  } finally { await c.end(); }
}

export async function sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: databaseUrl() });
  await c.connect();
  try { return (await c.query(text, params)).rows; } finally { await c.end(); }
}

/**
 * Opens /login (or `path`, which redirects there), fills 账号/密码, reads the captcha the page is showing and signs in.
 * Waits until the page left /login. `server`: another journey server than the run's (its address and database).
 */
export async function login(page: Page, username: string, password = DEMO_PASSWORDS[username]!,
  opts: { path?: string; expectFailure?: boolean; beforeSubmit?: () => Promise<void>; server?: { url: string; dbUrl: string } } = {}) {
  const verifyId = await captchaShown(page, async () => {
    await page.goto((opts.server?.url ?? baseUrl()) + (opts.path ?? '/login'));
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(password);
  });
  if (verifyId) await page.getByTestId('login-captcha').fill(await captchaText(verifyId, opts.server?.dbUrl));
  await opts.beforeSubmit?.();
  await page.getByTestId('login-submit').click();
  // a sign-in checks the password's hash and loads the session: under a full run's load that has taken over 20 s
  if (!opts.expectFailure) await leftLogin(page, 60_000);
}

/** waits until the page left /login; a refusal the form shows meanwhile is the error, not a bare timeout */
export async function leftLogin(page: Page, timeout: number) {
  try {
    await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout });
  } catch (e) {
    // the form's refusal and each field's message are alerts
    const shown = await page.getByRole('alert').allInnerTexts().catch(() => []);
    throw new Error(`still on /login after ${timeout} ms: ${shown.filter(Boolean).join(' / ') || 'no message shown'}`, { cause: e });
  }
}

/**
 * Runs `open` (which brings up the sign-in form) and answers the id of the captcha the form shows, read from the image
 * itself once the form has decided (its config loaded: data-captcha on or off); '' when it asks for none. The page, not
 * a fixed wait, says when: under a full run's load the first page of a worker has taken over 15 s to ask for one.
 */
export async function captchaShown(page: Page, open: () => Promise<void>): Promise<string> {
  await open();
  const form = page.locator('[data-testid="login-form"]:not([data-captcha="pending"])');
  await form.waitFor({ timeout: 60_000 });
  if ((await form.getAttribute('data-captcha')) !== 'on') return '';
  const img = page.locator('img[data-testid="login-captcha-img"][data-verify-id]');
  await img.waitFor({ timeout: 60_000 });
  return (await img.getAttribute('data-verify-id')) ?? '';
}

/**
 * Waits until the screen stands still, as a person waits before reading it: no CSS animation or transition running
 * (a dialog's or a route's fade-in; endless ones such as spinners aside), then two frames drawn (a chart's lazy update).
 */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined, { timeout: 10_000, polling: 'raf' }).catch(() => undefined);
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Client-side navigation to `to`, as a menu click makes it (the router listens to popstate), then until its lazy
 * chunks are in and it stands still: a walk over many pages pays for one load of the app, not one per page. What the
 * previous page showed is marked `data-stale` first, so a wait for rows after it (`:not([data-stale])`) never counts
 * the previous page's.
 */
export async function visit(page: Page, to: string) {
  await page.evaluate((p) => {
    for (const el of document.querySelectorAll('.ant-table-row, .ant-list-item, form')) el.setAttribute('data-stale', '');
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .nprogress-busy'), undefined, { timeout: 10_000 }).catch(() => {});
  await settled(page);
}

/** a screenshot of what the user sees once the screen stands still (settled) */
export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await settled(page);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * The newest message or notification saying `text`. One that is fading out (an earlier 创建成功) does not count:
 * two of the same text may be on screen for a moment.
 */
export const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice:not([class*="-leave"]), .ant-notification-notice:not([class*="-leave"])', { hasText: text }).last();

/**
 * Keeps every message and notification the page shows, across reloads of the tab (sessionStorage), for a toast that a
 * reload may take away before a poll of the page sees it (刷新token出错 stands 1.2 s before the page reloads). Call it
 * before the page's first navigation; `toastsSeen` reads what it kept.
 */
export async function keepToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const key = 'e2e-toasts';
    const keep = () => {
      const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      let changed = false;
      for (const n of document.querySelectorAll('.ant-message-notice, .ant-notification-notice')) {
        const text = n.textContent?.trim();
        if (text && !seen.includes(text)) { seen.push(text); changed = true; }
      }
      if (changed) sessionStorage.setItem(key, JSON.stringify(seen));
    };
    new MutationObserver(keep).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
export const toastsSeen = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[]);

/**
 * a button by its text (antd puts a space between two Chinese characters of a button), once it is not loading: antd
 * ignores a click on a loading button (a save still refreshing what it changed), and a user waits for the spinner
 */
export const btn = (scope: Page | Locator, text: string) => scope.locator('button:not(.ant-btn-loading)', { hasText: buttonText(text) });
/** every button with the text, loading or not: for a button that must be absent */
export const anyBtn = (scope: Page | Locator, text: string) => scope.locator('button', { hasText: buttonText(text) });
const buttonText = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/** types a date into a DatePicker and commits it with Enter; again if a busy page dropped it (the field must keep it) */
export async function pickDate(page: Page, id: string, value: string) {
  const input = page.locator(`#${id}`);
  await expect.poll(async () => {
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined);
    return input.inputValue();
  }, { timeout: 30_000, interval: 300 }).toBe(value);
}
/** chooses an option of a Select; again until the field shows it */
export async function pickOption(page: Page, id: string, label: string) {
  const select = page.locator('.ant-select', { has: page.locator(`#${id}`) });
  await expect.poll(async () => {
    await page.locator(`#${id}`).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click({ timeout: 5_000 }).catch(() => undefined);
    return (await select.innerText()).includes(label);
  }, { timeout: 30_000, interval: 300 }).toBe(true);
}

/**
 * Chooses the entry `entry` of the dropdown that `trigger` opens (test ids) and waits until the page is at `url`: the
 * menu is opened only when the entry is not showing (a second click would close it), and the entry is chosen again
 * when a click was lost on a menu still opening or leaving (seen in full runs on the user menu and the bell), or the
 * entry hid under the click (a menu still leaving after the last choice: seen once on 退出登录 after 个人中心).
 */
export async function chooseFromMenu(page: Page, trigger: string, entry: string, url: string | RegExp) {
  for (let i = 0; i < 4; i++) {
    if (!(await page.getByTestId(entry).isVisible())) await page.getByTestId(trigger).click();
    // an entry seen on a menu that was leaving (the last choice's) hides before the click lands: try again, not wait 30 s
    const clicked = await page.getByTestId(entry).click({ timeout: 3000 }).then(() => true, () => false);
    if (clicked && await page.waitForURL(url, { timeout: 5000 }).then(() => true, () => false)) return;
  }
  await page.waitForURL(url);
}

/**
 * Clicks the sidebar's menu item `code` until its page is open (the path ends with /code): a click while its
 * submenu is still opening, or the menu re-renders, can miss under load.
 */
export async function clickMenuItem(page: Page, code: string) {
  const item = page.getByTestId('sidebar').getByTestId(`menu-${code}`);
  await expect.poll(async () => {
    if (new URL(page.url()).pathname.endsWith(`/${code}`)) return true;
    await item.click({ timeout: 5_000 }).catch(() => undefined);
    return page.waitForURL((u) => u.pathname.endsWith(`/${code}`), { timeout: 3_000 }).then(() => true, () => false);
  }, { timeout: 30_000, interval: 200 }).toBe(true);
}
