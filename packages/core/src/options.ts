/**
 * Who may read a resource's option list (`GET /<area>/<key>/options`, the pickers): the menus whose screens pick its
 * rows. The server declares them on the route (`access.anyMenu`), so a user holding none of them — or no role at all —
 * is refused before the handler reads a row; the handler applies the list's data scope.
 */
import type { ResourceDef } from './resource.ts';
import type { MenuCode } from './menus.ts';
import { RESOURCES } from './resources/index.ts';
import { waybillForm, waybillGoodsForm } from './waybill.ts';
import { STATS } from './stats.ts';

/** definitions whose forms pick rows but are not registered resources: the waybill's form and its goods lines */
const FORMS: ResourceDef[] = [waybillForm, waybillGoodsForm];

/** a definition names rows of `key`: a reference field to it, or (for the enterprise) rows it scopes by enterprise, whose lists filter by 所属企业 */
const references = (d: ResourceDef, key: string) =>
  Object.values(d.fields).some((f) => f.type === 'ref' && f.ref?.resource === key) || (key === 'enterprise' && d.scope === 'enterprise');

/**
 * The menus that open `def`'s option list: its own and its readers' (`menu`, `readMenus`), those of every definition
 * whose form or filter references it, the screens declared in `pickMenus`, and for the enterprise the statistics
 * that filter by 企业.
 */
export function optionMenus(def: ResourceDef): MenuCode[] {
  const menus = new Set<MenuCode>([def.menu, ...(def.readMenus ?? []), ...(def.pickMenus ?? [])]);
  for (const d of [...RESOURCES, ...FORMS]) {
    if (d === def || !references(d, def.key)) continue;
    menus.add(d.menu);
    for (const m of d.readMenus ?? []) menus.add(m);
  }
  if (def.key === 'enterprise') for (const s of STATS) if ((s.filters as readonly string[]).includes('enterprise')) menus.add(s.menu);
  return [...menus];
}
