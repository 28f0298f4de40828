/** What the admin routes share: id checks, jurisdiction SQL, and which roles a caller may see, own and hand out. */
import { sql, type SQL } from 'drizzle-orm';
import type { Side } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { ROLES } from '../../db/seed-base.ts';
import { type SessionUser, regionPrefix } from '../../platform/access.ts';
import { badInput } from '../../platform/errors.ts';
import { isUuid } from '../../platform/schemas.ts';

/** "1,2,3" → ids; anything that is not an id is a 40001 naming the parameter */
export function idList(raw: string | undefined, label: string): string[] {
  const ids = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const id of ids) if (!isUuid(id)) throw badInput(`${label}：参数格式不正确`);
  return [...new Set(ids)];
}

/** organisations inside a government user's jurisdiction (none for other sides) */
export function jurisdictionOrgs(user: SessionUser): SQL {
  if (user.side !== 'government' || !user.regionCode) return sql`(select null::uuid where false)`;
  return sql`(select o.id from base_org o where o.region_code like ${regionPrefix(user.regionCode) + '%'})`;
}
export function jurisdictionEnterprises(user: SessionUser): SQL {
  if (user.side !== 'government' || !user.regionCode) return sql`(select null::uuid where false)`;
  return sql`(select e.id from enterprise e where e.region_code like ${regionPrefix(user.regionCode) + '%'})`;
}

// ---------------------------------------------------------------------------
// roles (base_group)
// ---------------------------------------------------------------------------

export type GroupRow = {
  id: string; code: string; name: string; parent_id: string | null; group_type_id: string; description: string | null;
  enterprise_id: string | null; org_id: string | null; version: number;
};

/** the built-in roles of seed-base and the side each one is for */
const BUILT_IN_SIDE: Record<string, Side> = Object.fromEntries(ROLES.map((r) => [r.code,
  r.sides === 'all' || r.sides.includes('super') ? 'platform' : r.sides.includes('enterprise') ? 'enterprise' : 'government'])) as Record<string, Side>;
export const isBuiltInRole = (code: string) => code in BUILT_IN_SIDE;

/** the side of the users a role is meant for (null: any side — a platform-wide custom group) */
export function roleSide(g: Pick<GroupRow, 'code' | 'enterprise_id' | 'org_id'>): Side | null {
  if (isBuiltInRole(g.code)) return BUILT_IN_SIDE[g.code]!;
  if (g.enterprise_id) return 'enterprise';
  if (g.org_id) return 'government';
  return null;
}

/** roles a caller may see: platform all; others the built-in role of their side and the roles they own */
export function visibleGroups(user: SessionUser, alias = 'g'): SQL {
  const g = sql.raw(alias);
  if (user.side === 'platform') return sql`true`;
  const builtIn = Object.entries(BUILT_IN_SIDE).filter(([, s]) => s === user.side).map(([c]) => c);
  const own = ownedGroups(user, alias);
  return sql`(${g}.code in (${sql.join(builtIn.map((c) => sql`${c}`), sql`, `)}) or ${own})`;
}

/** roles a caller may edit, delete and grant: platform all; an enterprise its own; a government the roles of organisations in its jurisdiction */
export function ownedGroups(user: SessionUser, alias = 'g'): SQL {
  const g = sql.raw(alias);
  if (user.side === 'platform') return sql`true`;
  if (user.side === 'enterprise') return user.enterpriseId ? sql`${g}.enterprise_id = ${user.enterpriseId}` : sql`false`;
  return sql`${g}.org_id in ${jurisdictionOrgs(user)}`;
}

export async function findGroup(db: Db, user: SessionUser, id: string, mode: 'see' | 'own'): Promise<GroupRow | null> {
  if (!isUuid(id)) return null;
  const cond = mode === 'own' ? ownedGroups(user) : visibleGroups(user);
  const r = await db.execute<GroupRow>(sql`select g.id, g.code, g.name, g.parent_id, g.group_type_id, g.description, g.enterprise_id, g.org_id, g.version
    from base_group g where g.id = ${id} and ${cond}`);
  return r.rows[0] ?? null;
}

/**
 * May `user` add or take away role `g` for users of `targetSide`? The role must be visible to the caller, meant for
 * that side, and — for callers other than the platform — grant nothing the caller does not hold itself (no escalation).
 */
export async function checkAssignable(db: Db, user: SessionUser, groups: GroupRow[], targetSide: Side, what: 'add' | 'remove') {
  for (const g of groups) {
    const side = roleSide(g);
    if (what === 'add' && side && side !== targetSide) throw badInput(`角色：角色“${g.name}”不适用于该类型的用户`);
    if (user.side === 'platform') continue;
    const visible = await db.execute(sql`select 1 from base_group g where g.id = ${g.id} and ${visibleGroups(user)}`);
    if (!visible.rows.length) throw badInput(`角色：无权分配角色“${g.name}”`);
    if (what === 'remove') continue;
    const grants = await db.execute<{ code: string; kind: string }>(sql`
      select m.code, 'menu' as kind from base_resource_authority ra join base_menu m on m.id = ra.resource_id where ra.group_id = ${g.id} and ra.resource_type = 'menu'
      union all
      select e.code, 'button' as kind from base_resource_authority ra join base_element e on e.id = ra.resource_id where ra.group_id = ${g.id} and ra.resource_type = 'button'`);
    for (const x of grants.rows) {
      if (!(x.kind === 'menu' ? user.menus : user.elements).has(x.code)) throw badInput(`角色：无权分配角色“${g.name}”，其权限超出您的权限`);
    }
  }
}

export async function groupsByIds(db: Db, ids: string[]): Promise<GroupRow[]> {
  if (!ids.length) return [];
  const r = await db.execute<GroupRow>(sql`select id, code, name, parent_id, group_type_id, description, enterprise_id, org_id, version
    from base_group where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  if (r.rows.length !== ids.length) throw badInput('角色：所选角色不存在');
  return r.rows;
}

