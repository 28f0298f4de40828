/**
 * Who is calling and what they may do: the signed-in user, their menu and element codes
 * (AG-Admin: union over the groups they are member or leader of), and the data scope of
 * their side. Every route declares its access in `config.access`; the hook in app.ts enforces
 * it before the handler runs (fail closed: a route that declares nothing is refused).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Side } from '@dg/core';
import type { Db } from '../db/index.ts';
import type { TokenClaims } from './tokens.ts';

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

export interface RouteAccess {
  /** no token needed */
  public?: boolean;
  /** any signed-in user (pickers, dictionaries, own profile) */
  anyUser?: boolean;
  /** the menu code gating the page and its read APIs */
  menu?: string;
  /** the element code gating a button and its API */
  element?: string;
  /** token kinds accepted (default: by prefix — /api/super → super, else admin) */
  kinds?: ('admin' | 'super')[];
  /** audit: what the operation is called in the log (defaults to the element's name) */
  opt?: string;
}

/** 330000 → '33', 330100 → '3301', 330102 → '330102': the prefix every code in the jurisdiction starts with */
export function regionPrefix(code: string): string {
  if (/^\d{2}0000$/.test(code)) return code.slice(0, 2);
  if (/^\d{4}00$/.test(code)) return code.slice(0, 4);
  return code;
}

/** the user and their grants in one round trip, on every request (no cache: a disable or a revoked grant applies at once) */
export async function loadSessionUser(db: Db, claims: TokenClaims): Promise<SessionUser | { error: string }> {
  if (!/^[0-9a-f-]{36}$/i.test(String(claims.sub))) return { error: 'User token signature error!' };
  const r = await db.execute<{
    id: string; username: string; name: string; side: Side; enterprise_id: string | null; org_id: string | null;
    status: string; tokens_valid_after: Date | null; is_super: boolean | null; org_region: string | null; menus: string[]; elements: string[];
  }>(sql`
    with g as (select group_id from base_group_member where user_id = ${claims.sub}
               union select group_id from base_group_leader where user_id = ${claims.sub}),
         ra as (select ra.resource_id, ra.resource_type from base_resource_authority ra join g on g.group_id = ra.group_id)
    select u.id, u.username, u.name, u.side, u.enterprise_id, u.org_id, u.status, u.tokens_valid_after, u.is_super,
           o.region_code as org_region,
           array(select m.code from base_menu m where m.id in (select resource_id from ra where resource_type = 'menu')) as menus,
           array(select e.code from base_element e where e.id in (select resource_id from ra where resource_type = 'button')) as elements
    from base_user u left join base_org o on o.id = u.org_id where u.id = ${claims.sub}`);
  const u = r.rows[0];
  if (!u || u.status !== '1') return { error: 'User token expired!' };
  // a password change or a disable invalidates every token issued before it
  if (u.tokens_valid_after && claims.iat * 1000 < new Date(u.tokens_valid_after).getTime() - 999) return { error: 'User token expired!' };
  return {
    id: u.id, username: u.username, name: u.name, side: u.side, enterpriseId: u.enterprise_id, orgId: u.org_id,
    regionCode: u.side === 'government' ? u.org_region : null, isSuper: !!u.is_super,
    menus: new Set(u.menus), elements: new Set(u.elements), token: claims,
  };
}

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

export function canSeeEnterprise(user: SessionUser, enterprise: { id: string; regionCode?: string | null }): boolean {
  if (user.side === 'platform') return true;
  if (user.side === 'enterprise') return user.enterpriseId === enterprise.id;
  return !!user.regionCode && !!enterprise.regionCode && enterprise.regionCode.startsWith(regionPrefix(user.regionCode));
}
