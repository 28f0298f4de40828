/**
 * vue-element-admin store/modules/permission.js, AG-Admin flavour:
 * the routes a user may reach are built from the menu codes granted in front/info; the sidebar
 * tree comes from front/menus; titles and icons from front/menu/all. Route paths are core's
 * (`/<top>/<code>` or the menu's own `path`), so every granted entry has a page.
 */
import { create } from 'zustand';
import { flattenMenus, MENUS, type FlatMenu, type MenuDef } from '@dg/core';
import type { MenuNode } from '../api/user.ts';

export interface AccessRoute {
  code: string;
  title: string;
  icon?: string;
  /** front-end path */
  path: string;
  parentCode: string | null;
  /** titles from the top directory down to this entry (breadcrumb, header search) */
  titles: string[];
  hidden: boolean;
  /** a directory (has children); directories have no page of their own */
  isDir: boolean;
}

export interface SidebarItem {
  code: string;
  title: string;
  icon?: string;
  path: string;
  children?: SidebarItem[];
}

export const DASHBOARD: SidebarItem = { code: 'dashboard', title: '首页', icon: 'DashboardOutlined', path: '/dashboard' };

const CORE: Map<string, FlatMenu> = new Map(flattenMenus().map((m) => [m.code, m]));
export const coreMenu = (code: string) => CORE.get(code);

interface PermissionState {
  generated: boolean;
  granted: Set<string>;
  /** code → title/icon from front/menu/all, falling back to core */
  meta: Record<string, { title: string; icon?: string }>;
  sidebar: SidebarItem[];
  routes: AccessRoute[];
  generateRoutes: (grantedCodes: string[], tree: MenuNode[] | null, all: MenuNode[] | null) => void;
  reset: () => void;
}

const byOrder = (a: MenuNode, b: MenuNode) => (a.orderNum ?? 0) - (b.orderNum ?? 0);

/** core's catalogue as MenuNodes, for when front/menus could not be read */
function coreTree(list: readonly MenuDef[] = MENUS): MenuNode[] {
  return list.map((m) => ({ id: m.code, code: m.code, title: m.title, icon: m.icon, hidden: m.hidden, children: m.children ? coreTree(m.children) : undefined }));
}

export const usePermissionStore = create<PermissionState>((set) => ({
  generated: false,
  granted: new Set(),
  meta: {},
  sidebar: [],
  routes: [],
  generateRoutes: (grantedCodes, tree, all) => {
    const granted = new Set(grantedCodes);
    const meta: PermissionState['meta'] = {};
    for (const m of CORE.values()) meta[m.code] = { title: m.title, icon: m.icon };
    for (const m of all ?? []) if (m?.code) meta[m.code] = { title: m.title || meta[m.code]?.title || m.code, icon: m.icon || meta[m.code]?.icon };

    const routes: AccessRoute[] = [];
    const walk = (nodes: MenuNode[], parent: AccessRoute | null): SidebarItem[] => {
      const out: SidebarItem[] = [];
      for (const n of [...nodes].sort(byOrder)) {
        const kids = n.children?.length ? n.children : null;
        // a directory is shown when it or any of its entries is granted; an entry when its code is
        if (!granted.has(n.code) && !(kids && hasGranted(kids, granted))) continue;
        const core = CORE.get(n.code);
        const title = meta[n.code]?.title ?? n.title ?? n.code;
        const icon = meta[n.code]?.icon ?? n.icon ?? undefined;
        const ownPath = n.path && n.path.startsWith('/') && !core ? n.path : undefined;
        const path = core?.fullPath ?? ownPath ?? (parent ? `${topPath(parent)}/${n.code}` : `/${n.code}`);
        const route: AccessRoute = {
          code: n.code, title, icon, path, parentCode: parent?.code ?? null,
          titles: [...(parent?.titles ?? []), title], hidden: !!n.hidden, isDir: !!kids,
        };
        routes.push(route);
        const children = kids ? walk(kids, route) : undefined;
        if (!n.hidden) out.push({ code: n.code, title, icon: icon ?? undefined, path, children: kids ? children : undefined });
      }
      return out;
    };
    const sidebar = walk(tree?.length ? tree : coreTree(), null);
    set({ generated: true, granted, meta, sidebar, routes });
  },
  reset: () => set({ generated: false, granted: new Set(), meta: {}, sidebar: [], routes: [] }),
}));

function hasGranted(nodes: MenuNode[], granted: Set<string>): boolean {
  return nodes.some((n) => granted.has(n.code) || (n.children?.length ? hasGranted(n.children, granted) : false));
}
/** `/<top-level code>` of a route: the top directory's path */
function topPath(r: AccessRoute): string {
  return '/' + r.path.split('/').filter(Boolean)[0];
}

/** the granted page at a path (exact match), or undefined */
export function routeByPath(path: string): AccessRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return usePermissionStore.getState().routes.find((r) => !r.isDir && r.path === clean);
}
export function routeByCode(code: string): AccessRoute | undefined {
  return usePermissionStore.getState().routes.find((r) => r.code === code);
}
/** whether the signed-in user holds a menu code */
export const hasMenu = (code: string) => usePermissionStore.getState().granted.has(code);
/** the display title of a menu code (front/menu/all, then core) */
export const menuTitle = (code: string) => usePermissionStore.getState().meta[code]?.title ?? CORE.get(code)?.title ?? code;
