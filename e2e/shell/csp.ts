/**
 * The built app under its own Content-Security-Policy: the pages a user can open are visited, and the browser must
 * report no CSP violation on any of them. The walk is shared by the three sides' files (csp-*.test.ts, and the
 * super administrator's in headers.test.ts), so that each runs in a worker of its own.
 */
import type { Browser, Page } from 'playwright-core';
import { flattenMenus, SUPER_MENUS } from '@dg/core';
import { login, newPage, shot, visit } from '../helpers.ts';

/** violations the page reports (securitypolicyviolation events) and the console's CSP errors */
export async function watchCsp(page: Page) {
  const seen: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) seen.push(m.text()); });
  return async (where: string) => {
    const fromPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp?.splice(0) ?? []);
    return [...seen.splice(0), ...fromPage].map((v) => `${where}: ${v}`);
  };
}

const leaves = (side: string) => flattenMenus().filter((m) => !m.children?.length && m.sides?.includes(side as never) && !SUPER_MENUS.includes(m.code));

/** every page of the side `user` belongs to, visited as a menu click reaches it: the violations the browser reported */
export async function walkSide(browser: Browser, user: string, side: 'government' | 'enterprise'): Promise<string[]> {
  const violations: string[] = [];
  const page = await newPage(browser);
  const csp = await watchCsp(page);
  await login(page, user);
  violations.push(...await csp(`${user} /dashboard`));
  for (const m of leaves(side)) {
    await visit(page, m.fullPath);
    violations.push(...await csp(`${user} ${m.fullPath}`));
  }
  await shot(page, `csp-${user}-last-page`);
  await page.context().close();
  return violations;
}
