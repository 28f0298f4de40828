import { describe, it, expect } from 'vitest';
import { flattenMenus, elementOf, isElementCode, isMenuCode, menuTitle, type ElementCode, type MenuCode } from './menus.ts';
import { RESOURCES } from './resources/index.ts';
import { elementCode } from './resource.ts';
import { STATS } from './stats.ts';
import { WARNING_KINDS } from './warnings.ts';

describe('the permission catalogue', () => {
  it('types its codes: a code that is not in menus.ts fails the type check (npm run typecheck)', () => {
    const menu: MenuCode = 'shipperManager';
    const button: ElementCode = 'waybillManageManager:btn_close';
    const imported: ElementCode = 'shipperManager:btn_import';
    const readOnlyExport: ElementCode = 'gateLogManager:btn_export';
    // @ts-expect-error a misspelt menu
    const typo: MenuCode = 'shiperManager';
    // @ts-expect-error a read-only page has no 新增
    const readOnlyAdd: ElementCode = 'gateLogManager:btn_add';
    // @ts-expect-error a page without import has no 导入
    const noImport: ElementCode = 'cargoManager:btn_import';
    // what the type admits is what the catalogue holds at run time
    expect([menu, button, imported, readOnlyExport].map((c) => isMenuCode(c) || isElementCode(c))).toEqual([true, true, true, true]);
    expect([typo, readOnlyAdd, noImport].map((c) => isMenuCode(c) || isElementCode(c))).toEqual([false, false, false]);
  });

  it('gives a button code from a menu held in a variable only when the menu has that button', () => {
    expect(elementOf('shipperManager', 'btn_import')).toBe('shipperManager:btn_import');
    expect(elementOf('cargoManager', 'btn_import')).toBeUndefined();
    expect(menuTitle('statTotalManager')).toBe('运单总量');
  });

  it('every code a definition names is in the catalogue', () => {
    const faults: string[] = [];
    for (const d of RESOURCES) {
      for (const m of [d.menu, ...(d.readMenus ?? []), ...(d.pickMenus ?? [])]) if (!isMenuCode(m)) faults.push(`${d.key}: menu ${m}`);
      for (const [name, s] of Object.entries(d.workflow?.steps ?? {})) {
        for (const e of s.elements) if (!isElementCode(e)) faults.push(`${d.key}.${name}: element ${e}`);
      }
    }
    for (const s of [...STATS, ...WARNING_KINDS]) if (!isMenuCode(s.menu)) faults.push(`${s.key}: menu ${s.menu}`);
    expect(faults).toEqual([]);
  });

  it('a resource imports exactly when its menu has 导入 (the server registers its import routes by the button)', () => {
    expect(RESOURCES.filter((d) => Boolean(d.importable) !== Boolean(elementCode(d, 'import'))).map((d) => d.key)).toEqual([]);
  });

  it('element codes are unique and each belongs to the menu it is named after', () => {
    const codes = flattenMenus().flatMap((m) => (m.elements ?? []).map((e) => [m.code, e.code] as const));
    expect(new Set(codes.map(([, c]) => c)).size).toBe(codes.length);
    expect(codes.filter(([m, c]) => !c.startsWith(`${m}:`))).toEqual([]);
  });
});
