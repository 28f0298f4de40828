/**
 * 角色权限管理's work (routes in groups.ts only parse, authorise and answer): the role tree, role CRUD, 权限分配
 * (menus with their ancestors, elements) and 关联用户 (members, leaders). The platform manages every role; a
 * government or enterprise manages the roles it owns (org_id / enterprise_id on base_group), sees the built-in
 * role of its side, and never grants more than it holds itself. Each write answers what the audit log records.
 */
import { sql } from 'drizzle-orm';
import { adminAnswers, resourceByKey, type Served } from '@dg/core';
import { uuidArray, type Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { scopeCondition, tableOf } from '../../platform/crud/query.ts';
import { badInput, notFound, staleVersion } from '../../platform/errors.ts';
import { checkAssignable, findGroup, isBuiltInRole, ownedGroups, roleSide, visibleGroups, type GroupRow } from './common.ts';
import { allMenus, elementOut, withAncestors, type ElementRow } from './menus.ts';
import { isUuid } from '../../platform/schemas.ts';

const userDef = resourceByKey('user')!;

/** a role as the client writes it (groupBody in groups.ts) */
export interface GroupInput {
  code: string;
  name: string;
  parentId?: string | null;
  groupType: string;
  description?: string | null;
  version?: number;
}

const RETURNING = sql`returning id, code, name, parent_id, group_type_id, description, enterprise_id, org_id, version`;

/** a role as the client reads it */
export const groupOut = (g: GroupRow & { type_code?: string | null }, user: SessionUser): Served<typeof adminAnswers.group> => ({
  id: g.id, code: g.code, name: g.name, label: g.name, parentId: g.parent_id ?? '-1', groupType: g.group_type_id, description: g.description,
  enterpriseId: g.enterprise_id, orgId: g.org_id, version: g.version, builtIn: isBuiltInRole(g.code), side: roleSide(g),
  editable: user.side === 'platform' || (!isBuiltInRole(g.code) && (user.side === 'enterprise' ? g.enterprise_id === user.enterpriseId : !!g.org_id)),
});

/** a role the caller owns, or 40001 数据不存在或无权访问 (built-in roles are the platform's) */
export async function ownedGroup(tx: Db, user: SessionUser, id: string) {
  const g = await findGroup(tx, user, id, 'own');
  if (!g) throw notFound();
  if (user.side !== 'platform' && isBuiltInRole(g.code)) throw notFound();
  return g;
}

/** a role the caller may see, or 40001 */
export async function seenGroup(tx: Db, user: SessionUser, id: string) {
  const g = await findGroup(tx, user, id, 'see');
  if (!g) throw notFound();
  return g;
}

/** the role types, in AG-Admin's tab order: 角色类型 first, then 部门类型, 自定义类型, then the rest */
export async function groupTypes(db: Db) {
  return (await db.execute<Served<typeof adminAnswers.groupTypes>[number]>(sql`select id, code, name, description from base_group_type
    order by case code when 'role' then 0 when 'depart' then 1 when 'free' then 2 else 3 end, created_at, code`)).rows;
}

/** the roles the caller sees as a tree; a name filter keeps the matching roles and the roles above them */
export async function groupTree(db: Db, user: SessionUser, q: { groupType?: string; name?: string }) {
  const conds = [visibleGroups(user)];
  if (q.groupType) {
    conds.push(isUuid(q.groupType) ? sql`g.group_type_id = ${q.groupType}` : sql`g.group_type_id in (select id from base_group_type where code = ${q.groupType})`);
  }
  const rows = (await db.execute<GroupRow>(sql`select g.id, g.code, g.name, g.parent_id, g.group_type_id, g.description, g.enterprise_id, g.org_id, g.version
    from base_group g where ${sql.join(conds, sql` and `)} order by g.created_at, g.code`)).rows;
  const owned = user.side === 'platform' ? null : new Set((await db.execute<{ id: string }>(sql`select g.id from base_group g where ${ownedGroups(user)}`)).rows.map((x) => x.id));
  const byId = new Map(rows.map((g) => [g.id, g]));
  let kept = rows;
  const name = q.name?.trim();
  if (name) {
    const ids = new Set<string>();
    for (const g of rows) {
      if (!g.name.includes(name)) continue;
      for (let p: GroupRow | undefined = g; p && !ids.has(p.id); p = p.parent_id ? byId.get(p.parent_id) : undefined) ids.add(p.id);
    }
    kept = rows.filter((g) => ids.has(g.id));
  }
  type Node = Served<typeof adminAnswers.groupTree>[number];
  const nodes = new Map<string, Node>(kept.map((g) => [g.id, { ...groupOut(g, user), editable: owned ? owned.has(g.id) && !isBuiltInRole(g.code) : true, children: [] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId !== '-1' ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** the role type exists, the code is free, the parent is the caller's, of the same type and not below the role itself */
async function checkGroup(tx: Db, user: SessionUser, body: GroupInput, selfId: string | null) {
  const type = await tx.execute<{ id: string }>(sql`select id from base_group_type where ${isUuid(body.groupType) ? sql`id = ${body.groupType}` : sql`code = ${body.groupType}`}`);
  if (!type.rows[0]) throw badInput('角色类型：所选角色类型不存在');
  const dup = await tx.execute(sql`select 1 from base_group where code = ${body.code} and (${selfId}::uuid is null or id <> ${selfId}::uuid)`);
  if (dup.rows.length) throw badInput(`编码“${body.code}”已存在`);
  const parentId = !body.parentId || body.parentId === '-1' ? null : body.parentId;
  if (parentId) {
    if (!isUuid(parentId)) throw badInput('上级角色：参数格式不正确');
    const parent = await findGroup(tx, user, parentId, 'own');
    if (!parent) throw badInput('上级角色：所选角色不存在或无权使用');
    if (parent.group_type_id !== type.rows[0].id) throw badInput('上级角色：上级角色须属于同一角色类型');
    if (selfId) {
      // no cycles: the new parent may not be this role or one below it
      const below = await tx.execute(sql`with recursive d as (select id from base_group where id = ${selfId}
        union all select g.id from base_group g join d on g.parent_id = d.id) select 1 from d where id = ${parentId}`);
      if (below.rows.length) throw badInput('上级角色：不能选择自身或下级角色');
    }
  }
  return { typeId: type.rows[0].id, parentId };
}

export async function createGroup(db: Db, user: SessionUser, body: GroupInput) {
  if (user.side === 'government' && !user.orgId) throw badInput('您的账户未关联组织机构，不能创建角色');
  return db.transaction(async (tx) => {
    const { typeId, parentId } = await checkGroup(tx, user, body, null);
    return (await tx.execute<GroupRow>(sql`insert into base_group (code, name, parent_id, group_type_id, description, enterprise_id, org_id)
      values (${body.code}, ${body.name}, ${parentId}, ${typeId}, ${body.description ?? null},
        ${user.side === 'enterprise' ? user.enterpriseId : null}, ${user.side === 'government' ? user.orgId : null})
      ${RETURNING}`)).rows[0]!;
  });
}

export async function updateGroup(db: Db, user: SessionUser, id: string, body: GroupInput) {
  return db.transaction(async (tx) => {
    const before = await ownedGroup(tx, user, id);
    if (body.version !== undefined && body.version !== before.version) throw staleVersion();
    if (before.code !== body.code && isBuiltInRole(before.code)) throw badInput('编码：内置角色的编码不能修改');
    const { typeId, parentId } = await checkGroup(tx, user, body, id);
    const r = await tx.execute<GroupRow>(sql`update base_group set code = ${body.code}, name = ${body.name}, parent_id = ${parentId}, group_type_id = ${typeId},
        description = ${body.description ?? null}, version = version + 1, updated_at = now()
      where id = ${id} and version = ${before.version} ${RETURNING}`);
    if (!r.rows[0]) throw staleVersion();
    return { before, after: r.rows[0] };
  });
}

/** a role without sub-roles and users goes, with its grants; answers the role as it was */
export async function deleteGroup(db: Db, user: SessionUser, id: string) {
  return db.transaction(async (tx) => {
    const g = await ownedGroup(tx, user, id);
    if (isBuiltInRole(g.code)) throw badInput('内置角色不能删除');
    const children = await tx.execute(sql`select 1 from base_group where parent_id = ${id} limit 1`);
    if (children.rows.length) throw badInput('请先删除下级角色');
    const users = await tx.execute(sql`select 1 from base_group_member where group_id = ${id} union all select 1 from base_group_leader where group_id = ${id} limit 1`);
    if (users.rows.length) throw badInput('该角色下还有关联用户，请先移除');
    await tx.execute(sql`delete from base_resource_authority where group_id = ${id}`);
    await tx.execute(sql`delete from base_group where id = ${id}`);
    return g;
  });
}

// ───────────────────────── 权限分配 ─────────────────────────

/** the elements of one menu the caller may grant */
export async function grantableElements(db: Db, user: SessionUser, menuId: string) {
  const r = await db.execute<ElementRow>(sql`
    select id, code, type, name, uri, menu_id, method, description from base_element where menu_id = ${menuId} order by code`);
  const rows = r.rows.filter((e) => user.side === 'platform' || user.elements.has(e.code)).map(elementOut);
  return { total: rows.length, rows };
}

/** the ids of a role's granted menus or buttons */
export async function groupAuthority(db: Db, user: SessionUser, id: string, type: 'menu' | 'button') {
  const g = await seenGroup(db, user, id);
  const r = await db.execute<{ id: string }>(sql`select resource_id as id from base_resource_authority where group_id = ${g.id} and resource_type = ${type}`);
  return r.rows.map((x) => x.id);
}

/** grants exactly the ticked menus and every menu above them; the buttons of menus no longer granted go with them */
export async function setGroupMenus(db: Db, user: SessionUser, id: string, ticked: string[]) {
  return db.transaction(async (tx) => {
    const g = await ownedGroup(tx, user, id);
    const menus = await allMenus(tx);
    const byId = new Map(menus.map((m) => [m.id, m]));
    for (const m of ticked) if (!byId.has(m)) throw badInput('菜单：所选菜单不存在');
    // a granted menu grants every menu above it (AG-Admin inserts the ancestors)
    const wanted = withAncestors(menus, ticked);
    if (user.side !== 'platform') {
      for (const m of wanted) if (!user.menus.has(byId.get(m)!.code)) throw badInput(`菜单：无权分配菜单“${byId.get(m)!.title}”`);
    }
    const before = (await tx.execute<{ id: string }>(sql`select resource_id as id from base_resource_authority where group_id = ${g.id} and resource_type = 'menu'`)).rows.map((x) => x.id);
    const keep = uuidArray([...wanted]);
    await tx.execute(sql`delete from base_resource_authority where group_id = ${g.id} and resource_type = 'menu' and not (resource_id = any(${keep}))`);
    await tx.execute(sql`delete from base_resource_authority ra using base_element e
      where ra.group_id = ${g.id} and ra.resource_type = 'button' and e.id = ra.resource_id and not (e.menu_id = any(${keep}))`);
    if (wanted.size) {
      await tx.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
        select ${g.id}::uuid, m, 'menu' from unnest(${keep}) as m on conflict do nothing`);
    }
    return { group: g, before, after: [...wanted] };
  });
}

/** grants or withdraws one button (granting needs its menu granted first); answers the role and the button */
export async function changeGroupElement(db: Db, user: SessionUser, id: string, what: 'add' | 'remove', q: { menuId?: string; elementId: string }) {
  return db.transaction(async (tx) => {
    const g = await ownedGroup(tx, user, id);
    const e = (await tx.execute<{ id: string; code: string; name: string; menu_id: string }>(sql`select id, code, name, menu_id from base_element where id = ${q.elementId}`)).rows[0];
    if (!e || (q.menuId && q.menuId !== e.menu_id)) throw badInput('按钮：所选按钮不存在');
    if (user.side !== 'platform' && !user.elements.has(e.code)) throw badInput(`按钮：无权分配按钮“${e.name}”`);
    if (what === 'add') {
      const hasMenu = await tx.execute(sql`select 1 from base_resource_authority where group_id = ${g.id} and resource_id = ${e.menu_id}`);
      if (!hasMenu.rows.length) throw badInput('请先勾选并保存该按钮所属的菜单');
      await tx.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type) values (${g.id}, ${e.id}, 'button') on conflict do nothing`);
    } else {
      await tx.execute(sql`delete from base_resource_authority where group_id = ${g.id} and resource_id = ${e.id} and resource_type = 'button'`);
    }
    return { group: g, element: e };
  });
}

// ───────────────────────── 关联用户 ─────────────────────────

type UserLite = { id: string; name: string; username: string; side: string };
const scopedUsers = (user: SessionUser) => scopeCondition(userDef, user);
const t = tableOf(userDef);

/** a role's members and leaders (a built-in role spans enterprises: each caller sees only the users of its own scope) */
export async function groupUsers(db: Db, user: SessionUser, id: string) {
  const g = await seenGroup(db, user, id);
  const of = async (table: 'base_group_member' | 'base_group_leader') => (await db.execute<UserLite>(sql`
    select ${t.id} as id, ${t.name} as name, ${t.username} as username from ${t}
    where ${t.id} in (select user_id from ${sql.identifier(table)} where group_id = ${g.id}) and ${scopedUsers(user)} order by ${t.name}`)).rows;
  return { members: await of('base_group_member'), leaders: await of('base_group_leader') };
}

/** sets a role's members and leaders within the caller's scope; answers the role and who were in it before */
export async function setGroupUsers(db: Db, user: SessionUser, id: string, members: string[], leaders: string[]) {
  return db.transaction(async (tx) => {
    const g = await seenGroup(tx, user, id);
    const all = [...new Set([...members, ...leaders])];
    const found = all.length ? (await tx.execute<UserLite>(sql`select ${t.id} as id, ${t.name} as name, ${t.username} as username, ${t.side} as side from ${t}
      where ${t.id} = any(${uuidArray(all)}) and ${scopedUsers(user)}`)).rows : [];
    if (found.length !== all.length) throw badInput('用户：所选用户不存在或无权访问');
    const side = roleSide(g);
    for (const u of found) if (side && u.side !== side) throw badInput(`用户：用户“${u.name}”的类型与角色不符`);
    // only changes are checked: users already in the role keep it even when the caller could not hand it out
    const replace = async (table: 'base_group_member' | 'base_group_leader', ids: string[]) => {
      const inScope = sql`user_id in (select ${t.id} from ${t} where ${scopedUsers(user)})`;
      const current = (await tx.execute<{ user_id: string }>(sql`select user_id from ${sql.identifier(table)} where group_id = ${g.id} and ${inScope}`)).rows.map((r) => r.user_id);
      const changed = ids.some((u) => !current.includes(u)) || current.some((u) => !ids.includes(u));
      if (changed) await checkAssignable(tx, user, [g], (side ?? 'enterprise'), side ? 'add' : 'remove');
      await tx.execute(sql`delete from ${sql.identifier(table)} where group_id = ${g.id} and ${inScope} and not (user_id = any(${uuidArray(ids)}))`);
      if (ids.length) await tx.execute(sql`insert into ${sql.identifier(table)} (group_id, user_id) select ${g.id}::uuid, u from unnest(${uuidArray(ids)}) as u on conflict do nothing`);
      return current;
    };
    const beforeMembers = await replace('base_group_member', members);
    const beforeLeaders = await replace('base_group_leader', leaders);
    return { group: g, beforeMembers, beforeLeaders };
  });
}
