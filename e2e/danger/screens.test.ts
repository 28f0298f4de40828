/**
 * Every screen of 隐患排查治理, 安全检查, 整改管理, 整改督办, 安全制度与费用, 通知公告, 站内消息, 业务大厅 and 信息看板 is built and has demo
 * rows for the demo accounts who hold it: none shows
 * 该功能正在建设中, every list shows rows (发消息, 基础查询 and 参数设置 open on a form).
 */
import { describe, expect, it } from 'vitest';
import { flattenMenus, MENUS } from '@dg/core';
import { login, newPage, shot, useBrowser, visit } from '../helpers.ts';

const ctx = useBrowser();
const DIRS = ['danger', 'safetyCheck', 'rectificationManager', 'aqjczgdbManager', 'regime', 'informManger', 'messageSend', 'businessLobby', 'zydXxkbManager'];
/** screens that open on a form rather than rows: what shows they are built */
const FORMS: Record<string, string> = { newMessageManager: 'form:not([data-stale])', basicQueryManager: '[data-testid=lookup-input]', paramSettingManager: 'form:not([data-stale])' };
const all = flattenMenus(MENUS);
const screens = (side: 'enterprise' | 'government') => all.filter((m) => !m.children && m.sides?.includes(side)
  && DIRS.includes(m.parentCode ?? ''));

describe('隐患排查治理 screens', () => {
  for (const [user, side] of [['qiye', 'enterprise'], ['zhengfu', 'government']] as const) {
    // the screens are reached as a menu click reaches them (one load of the app for the walk)
    it(`${user}: every screen is built and shows demo rows`, { timeout: 300_000 }, async () => {
      const page = await newPage(ctx.browser);
      await login(page, user);
      const list = screens(side);
      expect(list.length).toBeGreaterThan(side === 'enterprise' ? 10 : 7);
      const empty: string[] = [];
      for (const m of list) {
        await visit(page, m.fullPath);
        const rows = page.locator('.ant-table-row:not([data-stale]), .ant-list-item:not([data-stale])');
        const building = page.getByTestId('under-construction');
        // what shows the screen is there: its form, or its rows (a screen without them is reported below, after 15 s);
        // 该功能正在建设中 ends the wait either way
        const shown = FORMS[m.code] ? page.locator(FORMS[m.code]!).first() : rows;
        await expect.poll(async () => (await shown.count()) + (await building.count()), { timeout: 15_000 }).toBeGreaterThan(0).catch(() => undefined);
        if (await building.count()) throw new Error(`${m.title} (${m.fullPath}) shows 该功能正在建设中`);
        if (!(await shown.count())) empty.push(m.title);
        await shot(page, `screen-${user}-${m.code}`);
      }
      expect(empty).toEqual([]);
      await page.context().close();
    });
  }
});
