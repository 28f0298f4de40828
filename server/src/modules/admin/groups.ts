/**
 * 角色权限管理 (MODULES.md §1, REFERENCE-shell §1 and §3.6): role types, the role tree, role CRUD, 权限分配
 * (menus with their ancestors, elements) and 关联用户 (members, leaders). The platform manages every role; a
 * government or enterprise manages the roles it owns (org_id / enterprise_id on base_group), sees the built-in
 * role of its side, and never grants more than it holds itself.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { resourceByKey } from '@dg/core';
import type { App } from '../../platform/context.ts';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { scopeCondition, tableOf } from '../../platform/crud/query.ts';
import { ok, badInput, notFound, staleVersion } from '../../platform/errors.ts';
import { checkAssignable, findGroup, idList, isBuiltInRole, ownedGroups, roleSide, uuidArray, visibleGroups, type GroupRow } from './common.ts';
import { allMenus, menuTree, withAncestors } from './menus.ts';
import { UUID_RE, idParam, isUuid } from '../../platform/schemas.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const userDef = resourceByKey('user')!;

const groupBody = z.object({
  code: z.string({ error: '请输入编码' }).trim().min(1, '请输入编码').regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, '编码：请输入以字母开头、64位以内的英文字符、数字或下划线'),
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(64, '名称不能超过64个字符'),
  parentId: z.string().nullish(),
  groupType: z.string({ error: '请选择角色类型' }).min(1, '请选择角色类型'),
  description: z.string().trim().max(255, '描述不能超过255个字符').nullish(),
  version: z.coerce.number().int().optional(),
});
type GroupBody = z.infer<typeof groupBody>;

const groupOut = (g: GroupRow & { type_code?: string | null }, user: SessionUser) => ({
  id: g.id, code: g.code, name: g.name, label: g.name, parentId: g.parent_id ?? '-1', groupType: g.group_type_id, description: g.description,
  enterpriseId: g.enterprise_id, orgId: g.org_id, version: g.version, builtIn: isBuiltInRole(g.code), side: roleSide(g),
  editable: user.side === 'platform' || (!isBuiltInRole(g.code) && (user.side === 'enterprise' ? g.enterprise_id === user.enterpriseId : !!g.org_id)),
});

export const groupRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['角色权限管理'];
  const read = { access: { menu: 'groupManager' } };

  /** a role the caller owns, or 40001 数据不存在或无权访问 (built-in roles are the platform's) */
  const ownedGroup = async (tx: Db, user: SessionUser, id: string) => {
    const g = await findGroup(tx, user, id, 'own');
    if (!g) throw notFound();
    if (user.side !== 'platform' && isBuiltInRole(g.code)) throw notFound();
    return g;
  };
  const seenGroup = async (tx: Db, user: SessionUser, id: string) => {
    const g = await findGroup(tx, user, id, 'see');
    if (!g) throw notFound();
    return g;
  };

  app.get('/admin/groupType/all', { config: read, schema: { tags, summary: '全部角色类型' } }, async () => {
    // AG-Admin's tabs: 角色类型 first, then 部门类型, 自定义类型, then the rest
    const r = await db().execute(sql`select id, code, name, description from base_group_type
      order by case code when 'role' then 0 when 'depart' then 1 when 'free' then 2 else 3 end, created_at, code`);
    return ok(r.rows);
  });

  app.get('/admin/group/tree', {
    config: read, schema: { tags, summary: '角色树', querystring: z.object({ groupType: z.string().max(64).optional(), name: z.string().max(64).optional() }) },
  }, async (req) => {
    const { groupType, name } = req.query;
    const user = req.user!;
    const conds = [visibleGroups(user)];
    if (groupType) conds.push(isUuid(groupType) ? sql`g.group_type_id = ${groupType}` : sql`g.group_type_id in (select id from base_group_type where code = ${groupType})`);
    const r = await db().execute<GroupRow>(sql`select g.id, g.code, g.name, g.parent_id, g.group_type_id, g.description, g.enterprise_id, g.org_id, g.version
      from base_group g where ${sql.join(conds, sql` and `)} order by g.created_at, g.code`);
    const owned = user.side === 'platform' ? null : new Set((await db().execute<{ id: string }>(sql`select g.id from base_group g where ${ownedGroups(user)}`)).rows.map((x) => x.id));
    const rows = r.rows;
    // a name filter keeps the matching roles and the roles above them
    const byId = new Map(rows.map((g) => [g.id, g]));
    let kept = rows;
    const q = name?.trim();
    if (q) {
      const ids = new Set<string>();
      for (const g of rows) {
        if (!g.name.includes(q)) continue;
        for (let p: GroupRow | undefined = g; p && !ids.has(p.id); p = p.parent_id ? byId.get(p.parent_id) : undefined) ids.add(p.id);
      }
      kept = rows.filter((g) => ids.has(g.id));
    }
    type Node = ReturnType<typeof groupOut> & { children: Node[] };
    const nodes = new Map<string, Node>(kept.map((g) => [g.id, { ...groupOut(g, user), editable: owned ? owned.has(g.id) && !isBuiltInRole(g.code) : true, children: [] }]));
    const roots: Node[] = [];
    for (const n of nodes.values()) {
      const parent = n.parentId !== '-1' ? nodes.get(n.parentId) : undefined;
      (parent ? parent.children : roots).push(n);
    }
    return ok(roots);
  });

  app.get('/admin/group/:id', { config: read, schema: { tags, summary: '角色详情', params: idParam } }, async (req) => {
    const g = await seenGroup(db(), req.user!, req.params.id);
    return ok(groupOut(g, req.user!));
  });

  async function checkGroup(tx: Db, user: SessionUser, body: GroupBody, selfId: string | null) {
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

  app.post('/admin/group', { config: { access: { element: 'groupManager:btn_add' } }, schema: { tags, summary: '新增角色', body: groupBody } }, async (req) => {
    const user = req.user!;
    const body = req.body;
    if (user.side === 'government' && !user.orgId) throw badInput('您的账户未关联组织机构，不能创建角色');
    const row = await db().transaction(async (tx) => {
      const { typeId, parentId } = await checkGroup(tx, user, body, null);
      return (await tx.execute<GroupRow>(sql`insert into base_group (code, name, parent_id, group_type_id, description, enterprise_id, org_id)
        values (${body.code}, ${body.name}, ${parentId}, ${typeId}, ${body.description ?? null},
          ${user.side === 'enterprise' ? user.enterpriseId : null}, ${user.side === 'government' ? user.orgId : null})
        returning id, code, name, parent_id, group_type_id, description, enterprise_id, org_id, version`)).rows[0]!;
    });
    req.audit = { after: row };
    return ok(groupOut(row, user));
  });

  app.put('/admin/group/:id', { config: { access: { element: 'groupManager:btn_edit' } }, schema: { tags, summary: '修改角色', params: idParam, body: groupBody } }, async (req) => {
    const user = req.user!;
    const { id } = req.params;
    const body = req.body;
    const { before, after } = await db().transaction(async (tx) => {
      const before = await ownedGroup(tx, user, id);
      if (body.version !== undefined && body.version !== before.version) throw staleVersion();
      if (before.code !== body.code && isBuiltInRole(before.code)) throw badInput('编码：内置角色的编码不能修改');
      const { typeId, parentId } = await checkGroup(tx, user, body, id);
      const r = await tx.execute<GroupRow>(sql`update base_group set code = ${body.code}, name = ${body.name}, parent_id = ${parentId}, group_type_id = ${typeId},
          description = ${body.description ?? null}, version = version + 1, updated_at = now()
        where id = ${id} and version = ${before.version} returning id, code, name, parent_id, group_type_id, description, enterprise_id, org_id, version`);
      if (!r.rows[0]) throw staleVersion();
      return { before, after: r.rows[0] };
    });
    req.audit = { before, after };
    return ok(groupOut(after, user));
  });

  app.delete('/admin/group/:id', { config: { access: { element: 'groupManager:btn_del' } }, schema: { tags, summary: '删除角色', params: idParam } }, async (req) => {
    const user = req.user!;
    const { id } = req.params;
    const before = await db().transaction(async (tx) => {
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
    req.audit = { before };
    return ok(null);
  });

  // ---------------------------------------------------------------------------
  // 权限分配
  // ---------------------------------------------------------------------------

  /** the menus the caller may grant, as a tree (the platform: every menu) */
  app.get('/admin/group/menuTree', { config: read, schema: { tags, summary: '可分配的菜单树' } }, async (req) => {
    const user = req.user!;
    return ok(menuTree(await allMenus(db()), user.side === 'platform' ? undefined : (m) => user.menus.has(m.code)));
  });

  /** the elements of one menu the caller may grant */
  app.get('/admin/group/element/list', {
    config: read, schema: { tags, summary: '菜单的可分配按钮', querystring: z.object({ menuId: z.string().regex(UUID_RE, '所属菜单：参数格式不正确') }) },
  }, async (req) => {
    const user = req.user!;
    const { menuId } = req.query;
    const r = await db().execute<{ id: string; code: string; type: string; name: string; uri: string | null; menu_id: string; method: string | null; description: string | null }>(sql`
      select id, code, type, name, uri, menu_id, method, description from base_element where menu_id = ${menuId} order by code`);
    const rows = r.rows.filter((e) => user.side === 'platform' || user.elements.has(e.code))
      .map((e) => ({ id: e.id, code: e.code, type: e.type, name: e.name, uri: e.uri, menuId: e.menu_id, method: e.method, description: e.description }));
    return ok({ total: rows.length, rows });
  });

  app.get('/admin/group/:id/authority/menu', { config: read, schema: { tags, summary: '角色的菜单', params: idParam } }, async (req) => {
    const g = await seenGroup(db(), req.user!, req.params.id);
    const r = await db().execute<{ id: string }>(sql`select resource_id as id from base_resource_authority where group_id = ${g.id} and resource_type = 'menu'`);
    return ok(r.rows.map((x) => x.id));
  });

  app.get('/admin/group/:id/authority/element', { config: read, schema: { tags, summary: '角色的按钮', params: idParam } }, async (req) => {
    const g = await seenGroup(db(), req.user!, req.params.id);
    const r = await db().execute<{ id: string }>(sql`select resource_id as id from base_resource_authority where group_id = ${g.id} and resource_type = 'button'`);
    return ok(r.rows.map((x) => x.id));
  });

  const setMenus = async (req: FastifyRequest<{ Params: { id: string }; Querystring: { menuTrees?: string } }>) => {
    const user = req.user!;
    const { id } = req.params;
    const ticked = idList(req.query.menuTrees, '菜单');
    const result = await db().transaction(async (tx) => {
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
      // the buttons of menus no longer granted go with them
      await tx.execute(sql`delete from base_resource_authority ra using base_element e
        where ra.group_id = ${g.id} and ra.resource_type = 'button' and e.id = ra.resource_id and not (e.menu_id = any(${keep}))`);
      if (wanted.size) {
        await tx.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
          select ${g.id}::uuid, m, 'menu' from unnest(${keep}) as m on conflict do nothing`);
      }
      return { group: g, before, after: [...wanted] };
    });
    req.audit = { before: { group: result.group.name, menus: result.before }, after: { group: result.group.name, menus: result.after } };
    return ok(result.after);
  };
  const menuSchema = { tags, summary: '分配菜单', params: idParam, querystring: z.object({ menuTrees: z.string().max(100_000).optional() }) };
  const resourceManager = { access: { element: 'groupManager:btn_resourceManager' } };
  app.put('/admin/group/:id/authority/menu', { config: resourceManager, schema: menuSchema }, setMenus);
  app.post('/admin/group/:id/authority/menu', { config: resourceManager, schema: menuSchema }, setMenus);

  const elementQuery = z.object({
    menuId: z.string().optional(),
    elementId: z.string({ error: '请选择按钮' }).regex(UUID_RE, '按钮：参数格式不正确'),
  });
  const changeElement = (what: 'add' | 'remove') => async (req: FastifyRequest<{ Params: { id: string }; Querystring: z.infer<typeof elementQuery> }>) => {
    const user = req.user!;
    const { id } = req.params;
    const { menuId, elementId } = req.query;
    await db().transaction(async (tx) => {
      const g = await ownedGroup(tx, user, id);
      const e = (await tx.execute<{ id: string; code: string; name: string; menu_id: string }>(sql`select id, code, name, menu_id from base_element where id = ${elementId}`)).rows[0];
      if (!e || (menuId && menuId !== e.menu_id)) throw badInput('按钮：所选按钮不存在');
      if (user.side !== 'platform' && !user.elements.has(e.code)) throw badInput(`按钮：无权分配按钮“${e.name}”`);
      if (what === 'add') {
        const hasMenu = await tx.execute(sql`select 1 from base_resource_authority where group_id = ${g.id} and resource_id = ${e.menu_id}`);
        if (!hasMenu.rows.length) throw badInput('请先勾选并保存该按钮所属的菜单');
        await tx.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type) values (${g.id}, ${e.id}, 'button') on conflict do nothing`);
      } else {
        await tx.execute(sql`delete from base_resource_authority where group_id = ${g.id} and resource_id = ${e.id} and resource_type = 'button'`);
      }
      req.audit = { opt: what === 'add' ? '分配按钮' : '移除按钮', after: { group: g.name, element: e.code } };
    });
    return ok(null);
  };
  const elementSchema = { tags, params: idParam, querystring: elementQuery };
  app.post('/admin/group/:id/authority/element/add', { config: resourceManager, schema: { ...elementSchema, summary: '分配按钮' } }, changeElement('add'));
  app.put('/admin/group/:id/authority/element/add', { config: resourceManager, schema: { ...elementSchema, summary: '分配按钮' } }, changeElement('add'));
  app.post('/admin/group/:id/authority/element/remove', { config: resourceManager, schema: { ...elementSchema, summary: '移除按钮' } }, changeElement('remove'));
  app.put('/admin/group/:id/authority/element/remove', { config: resourceManager, schema: { ...elementSchema, summary: '移除按钮' } }, changeElement('remove'));

  // ---------------------------------------------------------------------------
  // 关联用户
  // ---------------------------------------------------------------------------
  type UserLite = { id: string; name: string; username: string; side: string };
  const scopedUsers = (user: SessionUser) => scopeCondition(userDef, user);
  const t = tableOf(userDef);

  app.get('/admin/group/:id/user', { config: read, schema: { tags, summary: '角色的用户', params: idParam } }, async (req) => {
    const user = req.user!;
    const g = await seenGroup(db(), user, req.params.id);
    // a built-in role spans enterprises: each caller sees only the users of its own scope
    const of = async (table: 'base_group_member' | 'base_group_leader') => (await db().execute<UserLite>(sql`
      select ${t.id} as id, ${t.name} as name, ${t.username} as username from ${t}
      where ${t.id} in (select user_id from ${sql.identifier(table)} where group_id = ${g.id}) and ${scopedUsers(user)} order by ${t.name}`)).rows;
    return ok({ members: await of('base_group_member'), leaders: await of('base_group_leader') });
  });

  app.put('/admin/group/:id/user', {
    config: { access: { element: 'groupManager:btn_userManager' } },
    schema: { tags, summary: '关联用户', params: idParam, querystring: z.object({ members: z.string().max(100_000).optional(), leaders: z.string().max(100_000).optional() }) },
  }, async (req) => {
    const user = req.user!;
    const { id } = req.params;
    const q = req.query;
    const members = idList(q.members, '组员'), leaders = idList(q.leaders, '领导');
    const result = await db().transaction(async (tx) => {
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
      return { g, beforeMembers, beforeLeaders };
    });
    req.audit = { before: { group: result.g.name, members: result.beforeMembers, leaders: result.beforeLeaders }, after: { group: result.g.name, members, leaders } };
    return ok(null);
  });
};
