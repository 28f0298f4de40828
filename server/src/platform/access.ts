/**
 * Who is calling and what they may do: the signed-in user, their menu and element codes
 * (AG-Admin: union over the groups they are member or leader of), and the data scope of
 * their side. Every route declares its access in `config.access`; the hook in app.ts enforces
 * it before the handler runs (fail closed: a route that declares nothing is refused).
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { isElementCode, isMenuCode, type ElementCode, type MenuCode, type ResourceDef, type Side } from '@dg/core';
import type { RouteOptions } from 'fastify';
import type { TokenClaims, TokenKind } from './tokens.ts';

export interface SessionUser {
  id: string;
  username: string;
  name: string;
  side: Side;
  enterpriseId: string | null;
  orgId: string | null;
  /** government users: their jurisdiction's region code (e.g. 330000 province, 330100 city) */
  regionCode: string | null;
  isSuper: boolean;
  menus: Set<string>;
  elements: Set<string>;
  token: TokenClaims;
}

/**
 * What a session works out once and uses on every call: a statement that depends only on who the user is — their ids,
 * side, scope and grants — never on the moment (getRemindInfo's counts, a list's prepared page). Kept by the
 * SessionUser object, which is one object until the session's grants change (sessions.ts), so a change of grants
 * builds them anew; gone with the session. At most 64 a session (a list's pages are one each), the oldest built dropped
 * first. `current`: whether a kept value still serves (else it is built again).
 */
const sessionMemos = new WeakMap<SessionUser, Map<string, unknown>>();
const SESSION_MEMOS = 64;
export function sessionMemo<T>(user: SessionUser, key: string, build: () => T, current?: (kept: T) => boolean): T {
  let kept = sessionMemos.get(user);
  if (!kept) sessionMemos.set(user, kept = new Map());
  if (kept.has(key) && (!current || current(kept.get(key) as T))) return kept.get(key) as T;
  const value = build();
  kept.delete(key);
  kept.set(key, value);
  if (kept.size > SESSION_MEMOS) kept.delete(kept.keys().next().value!);
  return value;
}

export interface RouteAccess {
  /** no token needed */
  public?: boolean;
  /** any signed-in user (pickers, dictionaries, own profile) */
  anyUser?: boolean;
  /** the menu code gating the page and its read APIs (core's catalogue: a code not in it fails the type check) */
  menu?: MenuCode;
  /** any one of these menus (rows several screens read, e.g. a hazard on 登记, 整改 and 验收) */
  anyMenu?: readonly MenuCode[];
  /** the element code gating a button and its API */
  element?: ElementCode;
  /** any one of these element codes (a step two screens offer, e.g. 作废 from 运单填报 and 运单管理) */
  anyElement?: ElementCode[];
  /** token kinds accepted (default: the main page's admin token; the /api/super scope declares super for its routes) */
  kinds?: ('admin' | 'super')[];
  /** audit: what the operation is called in the log (defaults to the element's name) */
  opt?: string;
}

/**
 * The caller of one request of a registration's applicant, who proves the application's account and password on a
 * public route (the account stays disabled until the application is approved, so it has no session): an enterprise
 * user of the enterprise applied for, holding no menu and no element code. Its claims name the account for this
 * request only: they expire as they are made, no session store holds them and no token carries them.
 */
export function applicantUser(a: { id: string; username: string; name: string; enterpriseId: string }): SessionUser {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: a.id, username: a.username, name: a.name, side: 'enterprise', enterpriseId: a.enterpriseId, orgId: null, regionCode: null, isSuper: false,
    menus: new Set(), elements: new Set(), token: { sub: a.id, username: a.username, name: a.name, kind: 'admin', jti: randomUUID(), iat: now, exp: now, ep: 0 },
  };
}

/** who reads a resource's rows: its menu's holders, and those of the menus that also show them (`readMenus`) */
export const readAccess = (def: Pick<ResourceDef, 'menu' | 'readMenus'>): RouteAccess => (def.readMenus?.length ? { anyMenu: [def.menu, ...def.readMenus] } : { menu: def.menu });

export const DEFAULT_KINDS: TokenKind[] = ['admin'];
const SIGNED_IN: RouteAccess = { menu: 'serviceStatusManager', kinds: ['admin', 'super'] };

/** a path as the router sees it: decoded, without the query (a malformed escape stays as it was) */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  const raw = q === -1 ? url : url.slice(0, q);
  try { return decodeURIComponent(raw); } catch { return raw; }
}
export const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

/**
 * onRoute: a route registers only with a declaration of who may call it (fail closed). Outside /api, GET/HEAD routes
 * are the web app's files and public; the OpenAPI pages need a token with 服务状态监控, like /api/metrics.
 */
export function declareAccess(route: RouteOptions) {
  const access = route.config?.access;
  const methods = ([] as string[]).concat(route.method);
  if (!access) {
    if (route.url.startsWith('/api/docs')) { route.config = { ...route.config, access: SIGNED_IN }; return; }
    if (!isApiPath(route.url) && methods.every((m) => m === 'GET' || m === 'HEAD')) { route.config = { ...route.config, access: { public: true } }; return; }
    throw new Error(`${methods.join(',')} ${route.url}: declare config.access (public, anyUser, menu or element) — see platform/access.ts`);
  }
  const ways = [access.public, access.anyUser, access.menu || access.element || access.anyMenu?.length || access.anyElement?.length].filter(Boolean).length;
  if (ways !== 1) throw new Error(`${methods.join(',')} ${route.url}: config.access must be exactly one of public, anyUser, menu/element`);
  // a code built at run time (`${def.menu}:btn_x`) escapes the type check: a code no grant can hold would lock the route
  for (const code of [access.menu, ...(access.anyMenu ?? [])]) {
    if (code && !isMenuCode(code)) throw new Error(`${methods.join(',')} ${route.url}: menu code ${code} is not in core's catalogue (menus.ts)`);
  }
  for (const code of [access.element, ...(access.anyElement ?? [])]) {
    if (code && !isElementCode(code)) throw new Error(`${methods.join(',')} ${route.url}: element code ${code} is not in core's catalogue (menus.ts)`);
  }
}

/** onRoute in the /api/super scope: its routes take the super token unless they say otherwise */
export function superScope(route: RouteOptions) {
  const access = route.config?.access;
  if (access && !access.public && !access.kinds) route.config = { ...route.config, access: { ...access, kinds: ['super'] } };
}

/** whether the user holds a button code (one a definition's menu may not have: `elementCode` gives undefined, held by nobody) */
export const holdsElement = (user: SessionUser, code: ElementCode | undefined): boolean => code !== undefined && user.elements.has(code);

/** the route's menu or element code (a route naming both needs both) */
export function allowed(user: SessionUser, access: RouteAccess): boolean {
  if (access.anyUser) return true;
  if (access.anyMenu?.length) return access.anyMenu.some((m) => user.menus.has(m));
  if (access.anyElement?.length) return access.anyElement.some((e) => user.elements.has(e));
  if (!access.menu && !access.element) return false;
  if (access.element && !user.elements.has(access.element)) return false;
  if (access.menu && !user.menus.has(access.menu)) return false;
  return true;
}

/** 330000 → '33', 330100 → '3301', 330102 → '330102': the prefix every code in the jurisdiction starts with */
export function regionPrefix(code: string): string {
  if (/^\d{2}0000$/.test(code)) return code.slice(0, 2);
  if (/^\d{4}00$/.test(code)) return code.slice(0, 4);
  return code;
}

/** regionPrefix in SQL, of a region code column */
export const regionPrefixSql = (col: SQL) =>
  sql`(case when ${col} ~ '^[0-9]{2}0000$' then left(${col}, 2) when ${col} ~ '^[0-9]{4}00$' then left(${col}, 4) else ${col} end)`;

/**
 * The data scope in one place. `enterpriseCol` is the SQL expression of the row's enterprise id.
 * enterprise → its own rows; government → rows of enterprises inside its jurisdiction; platform → all.
 */
export function enterpriseScope(user: SessionUser, enterpriseCol: SQL): SQL {
  if (user.side === 'platform') return sql`true`;
  if (user.side === 'enterprise') return user.enterpriseId ? sql`${enterpriseCol} = ${user.enterpriseId}` : sql`false`;
  if (!user.regionCode) return sql`false`;
  return sql`${enterpriseCol} in (select e.id from enterprise e where e.region_code like ${regionPrefix(user.regionCode) + '%'})`;
}

/** rows located by a region code column (organisations, enterprises themselves) */
export function regionScope(user: SessionUser, regionCol: SQL): SQL {
  if (user.side === 'platform') return sql`true`;
  if (user.side === 'government' && user.regionCode) return sql`${regionCol} like ${regionPrefix(user.regionCode) + '%'}`;
  return sql`false`;
}

/** regionScope of one code, here rather than in SQL (a row of an import is checked without a statement of its own) */
export function inRegionScope(user: SessionUser, code: string): boolean {
  if (user.side === 'platform') return true;
  return user.side === 'government' && !!user.regionCode && code.startsWith(regionPrefix(user.regionCode));
}

export function canSeeEnterprise(user: SessionUser, enterprise: { id: string; regionCode?: string | null }): boolean {
  if (user.side === 'platform') return true;
  if (user.side === 'enterprise') return user.enterpriseId === enterprise.id;
  return !!user.regionCode && !!enterprise.regionCode && enterprise.regionCode.startsWith(regionPrefix(user.regionCode));
}
