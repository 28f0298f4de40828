/**
 * Every screen of the menu catalogue is built: a menu page opens its bespoke page (PAGES) or the generic list of the
 * resource whose menu it is, never the 该功能正在建设中 placeholder MenuPage shows for a code with neither.
 */
import { describe, expect, it } from 'vitest';
import { flattenMenus, MENUS, resourceByMenu } from '@dg/core';
import { PAGES } from './registry';

describe('menu pages', () => {
  it('every page of the catalogue has a screen', () => {
    const pages = flattenMenus(MENUS).filter((m) => !m.children?.length);
    expect(pages.length).toBeGreaterThan(100);
    const unbuilt = pages.filter((m) => !PAGES[m.code] && !resourceByMenu(m.code)).map((m) => `${m.title} (${m.code})`);
    expect(unbuilt).toEqual([]);
  });
});
