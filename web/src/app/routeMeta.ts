/**
 * What the shell needs to know about the current route: its title (page title, tag, breadcrumb),
 * the menu it belongs to (sidebar highlight) and the breadcrumb trail. Menu pages are resolved
 * by path against the user's granted routes; other routes carry a `handle`.
 */
import { useMatches, useLocation } from 'react-router';
import { usePermissionStore, type AccessRoute } from '../store/permission.ts';

export interface RouteHandle {
  title?: string;
  /** menu code the route belongs to (detail/edit pages of a menu) */
  menu?: string;
  /** fixed tab (首页) */
  affix?: boolean;
  /** never shown as a tab (redirect, error pages) */
  noTag?: boolean;
  /** the generic menu page: title and menu come from the path */
  menuPage?: boolean;
}

export interface Crumb {
  title: string;
  path?: string;
}

export interface RouteMeta {
  title: string;
  menuCode?: string;
  /** path of the sidebar entry to highlight */
  activePath: string;
  crumbs: Crumb[];
  affix: boolean;
  noTag: boolean;
}

export const HOME_CRUMB: Crumb = { title: '首页', path: '/dashboard' };

function chain(code: string, routes: AccessRoute[]): AccessRoute[] {
  const out: AccessRoute[] = [];
  let r = routes.find((x) => x.code === code);
  while (r && out.length < 6) {
    out.unshift(r);
    const parent: string | null = r.parentCode;
    r = parent ? routes.find((x) => x.code === parent) : undefined;
  }
  return out;
}

export function computeRouteMeta(pathname: string, handle: RouteHandle | undefined, routes: AccessRoute[]): RouteMeta {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let title = handle?.title ?? '';
  let menuCode = handle?.menu;
  let ownTitle = !!handle?.title;
  if (handle?.menuPage) {
    const r = routes.find((x) => !x.isDir && x.path === clean);
    title = r?.title ?? '';
    menuCode = r?.code;
    ownTitle = false;
  }
  const crumbs: Crumb[] = [HOME_CRUMB];
  let activePath = clean;
  if (menuCode) {
    const c = chain(menuCode, routes);
    for (const r of c) crumbs.push(r.isDir ? { title: r.title } : { title: r.title, path: r.path });
    const page = c[c.length - 1];
    if (page && !page.isDir) activePath = page.path;
    if (!title && page) title = page.title;
  }
  if (ownTitle && clean !== HOME_CRUMB.path) crumbs.push({ title });
  return { title, menuCode, activePath, crumbs, affix: !!handle?.affix, noTag: !!handle?.noTag || !title };
}

export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const { pathname } = useLocation();
  const routes = usePermissionStore((s) => s.routes);
  const handle = [...matches].reverse().find((m) => m.handle)?.handle as RouteHandle | undefined;
  return computeRouteMeta(pathname, handle, routes);
}
