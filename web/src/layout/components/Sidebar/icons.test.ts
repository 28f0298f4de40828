// Only the icons the menu catalogue names are bundled: a menu given a new icon must find it here, or the
// sidebar would show the fallback (AppstoreOutlined) instead.
import { describe, it, expect } from 'vitest';
import { flattenMenus } from '@dg/core';
import { MENU_ICON_NAMES } from './icons.tsx';

describe('sidebar icons', () => {
  it('bundle every icon the menu catalogue names', () => {
    const named = [...new Set(flattenMenus().map((m) => m.icon).filter((i): i is string => !!i))];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((i) => !MENU_ICON_NAMES.includes(i))).toEqual([]);
  });
});
