/**
 * 菜单管理: the menu tree (AG-Admin's MenuTree with label = title),
 * menu CRUD and the elements (buttons / uris) of a menu. Menus and elements of the catalogue (packages/core menus.ts)
 * are re-seeded at every start and named by the web's routes, so their codes cannot change and they cannot be deleted.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnswers, isElementCode, isMenuCode, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import type { Db } from '../../db/index.ts';
import { ok, badInput, notFound } from '../../platform/errors.ts';
import { UUID_RE, idParam, isUuid } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';

export type MenuRow = {
  id: string; code: string; title: string; parent_id: string | null; href: string | null; icon: string | null; type: string;
  order_num: number; description: string | null; path: string | null; hidden: boolean; attr1: string | null;
};
export type MenuNode = Served<typeof adminAnswers.menuNode>;

export async function allMenus(db: Db): Promise<MenuRow[]> {
  return (await db.execute<MenuRow>(sql`select id, code, title, parent_id, href, icon, type, order_num, description, path, hidden, attr1
    from base_menu order by order_num, code`)).rows;
}

const toNode = (m: MenuRow): MenuNode => ({
  id: m.id, parentId: m.parent_id ?? '-1', code: m.code, title: m.title, label: m.title, icon: m.icon, href: m.href, type: m.type,
  orderNum: m.order_num, description: m.description, path: m.path, hidden: m.hidden, attr1: m.attr1, spread: false, children: [],
});

/** the rows as a tree; `keep` limits it to some menus (their ancestors stay so the tree holds together) */
export function menuTree(rows: MenuRow[], keep?: (m: MenuRow) => boolean): MenuNode[] {
  const byId = new Map(rows.map((m) => [m.id, m]));
  let kept = rows;
  if (keep) {
    const ids = new Set<string>();
    for (const m of rows) {
      if (!keep(m)) continue;
      for (let p: MenuRow | undefined = m; p && !ids.has(p.id); p = p.parent_id ? byId.get(p.parent_id) : undefined) ids.add(p.id);
    }
    kept = rows.filter((m) => ids.has(m.id));
  }
  const nodes = new Map(kept.map((m) => [m.id, toNode(m)]));
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId !== '-1' ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** every ancestor of the given menus, the menus included */
export function withAncestors(rows: MenuRow[], ids: Iterable<string>): Set<string> {
  const byId = new Map(rows.map((m) => [m.id, m]));
  const out = new Set<string>();
  for (const id of ids) {
    for (let m = byId.get(id); m && !out.has(m.id); m = m.parent_id ? byId.get(m.parent_id) : undefined) out.add(m.id);
  }
  return out;
}

export type ElementRow = { id: string; code: string; type: string; name: string; uri: string | null; menu_id: string; method: string | null; description: string | null };
export const elementOut = (e: ElementRow): Served<typeof adminAnswers.element> =>
  ({ id: e.id, code: e.code, type: e.type, name: e.name, uri: e.uri, menuId: e.menu_id, method: e.method, description: e.description });

const CODE_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const menuBody = z.object({
  code: z.string({ error: '请输入路径编码' }).trim().min(1, '请输入路径编码').regex(CODE_RE, '路径编码：请输入以字母开头、64位以内的英文字符、数字或下划线'),
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(64, '标题不能超过64个字符'),
  parentId: z.string().nullish(),
  icon: z.string().trim().max(64, '图标不能超过64个字符').nullish(),
  href: z.string().trim().max(255, '资源路径不能超过255个字符').nullish(),
  type: z.enum(['menu', 'dirt'], { error: '类型：请选择menu或dirt' }).optional(),
  orderNum: z.coerce.number({ error: '排序：请输入数字' }).int('排序：请输入整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999').optional(),
  description: z.string().trim().max(255, '描述不能超过255个字符').nullish(),
  hidden: z.boolean({ error: '隐藏：请选择是或否' }).optional(),
  attr1: z.string().trim().max(255, '前端组件不能超过255个字符').nullish(),
});
type MenuBody = z.infer<typeof menuBody>;

const ELEMENT_CODE_RE = /^[A-Za-z][A-Za-z0-9_:.-]{0,127}$/;
const elementBody = z.object({
  code: z.string({ error: '请输入资源编码' }).trim().min(1, '请输入资源编码').regex(ELEMENT_CODE_RE, '资源编码：请输入以字母开头、128位以内的英文字符、数字、冒号或下划线'),
  type: z.enum(['button', 'uri'], { error: '资源类型：请选择button或uri' }),
  name: z.string({ error: '请输入资源名称' }).trim().min(1, '请输入资源名称').max(64, '资源名称不能超过64个字符'),
  uri: z.string().trim().max(255, '资源地址不能超过255个字符').nullish(),
  menuId: z.string({ error: '请选择所属菜单' }).regex(UUID_RE, '所属菜单：参数格式不正确'),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE'], { error: '资源请求类型：请选择GET、POST、PUT或DELETE' }).nullish(),
  description: z.string().trim().max(255, '描述不能超过255个字符').nullish(),
});
type ElementBody = z.infer<typeof elementBody>;

export const menuRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['菜单管理'];
  const menuRead = { access: { menu: 'menuManager' } } as const;

  app.get('/admin/menu/tree', {
    config: menuRead, schema: { tags, summary: '菜单树', querystring: z.object({ title: z.string().max(64).optional() }), response: answer(adminAnswers.menuTree) },
  }, async (req) => {
    const title = req.query.title?.trim();
    return ok(menuTree(await allMenus(db()), title ? (m) => m.title.includes(title) : undefined));
  });

  app.get('/admin/menu/:id', { config: menuRead, schema: { tags, summary: '菜单详情', params: idParam, response: answer(adminAnswers.menu) } }, async (req) => {
    const m = (await allMenus(db())).find((x) => x.id === req.params.id);
    if (!m) throw notFound();
    const { children: _c, ...node } = toNode(m);
    return ok(node);
  });

  /** parent id as stored: null for the root ('-1', '', null) */
  const parentOf = (raw: string | null | undefined) => (!raw || raw === '-1' ? null : raw);

  async function checkMenu(tx: Db, body: MenuBody, selfId: string | null) {
    const dup = await tx.execute(sql`select 1 from base_menu where code = ${body.code} and (${selfId}::uuid is null or id <> ${selfId}::uuid)`);
    if (dup.rows.length) throw badInput(`路径编码“${body.code}”已存在`);
    const parentId = parentOf(body.parentId);
    if (parentId === null) return { parentPath: '' };
    if (!isUuid(parentId)) throw badInput('父级节点：参数格式不正确');
    const rows = await allMenus(tx);
    const parent = rows.find((m) => m.id === parentId);
    if (!parent) throw badInput('父级节点：所选菜单不存在');
    if (selfId && withAncestors(rows, [parentId]).has(selfId)) throw badInput('父级节点：不能选择自身或下级菜单');
    return { parentPath: parent.path ?? '' };
  }

  app.post('/admin/menu', { config: { access: { element: 'menuManager:btn_add' } }, schema: { tags, summary: '新增菜单', body: menuBody, response: answer(adminAnswers.menuNode) } }, async (req) => {
    const body = req.body;
    const row = await db().transaction(async (tx) => {
      const { parentPath } = await checkMenu(tx, body, null);
      const r = await tx.execute<MenuRow>(sql`insert into base_menu (code, title, parent_id, href, icon, type, order_num, description, path, hidden, attr1)
        values (${body.code}, ${body.title}, ${parentOf(body.parentId)}, ${body.href || '/' + body.code}, ${body.icon ?? null}, ${body.type ?? 'menu'},
          ${body.orderNum ?? 0}, ${body.description ?? null}, ${`${parentPath}/${body.code}`}, ${body.hidden ?? false}, ${body.attr1 ?? null})
        returning id, code, title, parent_id, href, icon, type, order_num, description, path, hidden, attr1`);
      return r.rows[0]!;
    });
    req.audit = { after: row };
    return ok(toNode(row));
  });

  app.put('/admin/menu/:id', { config: { access: { element: 'menuManager:btn_edit' } }, schema: { tags, summary: '修改菜单', params: idParam, body: menuBody, response: answer(adminAnswers.menuNode) } }, async (req) => {
    const { id } = req.params;
    const body = req.body;
    const { before, after } = await db().transaction(async (tx) => {
      const before = (await allMenus(tx)).find((m) => m.id === id);
      if (!before) throw notFound();
      if (before.code !== body.code && isMenuCode(before.code)) throw badInput('路径编码：内置菜单的路径编码不能修改');
      const { parentPath } = await checkMenu(tx, body, id);
      const path = `${parentPath}/${body.code}`;
      const r = await tx.execute<MenuRow>(sql`update base_menu set code = ${body.code}, title = ${body.title}, parent_id = ${parentOf(body.parentId)},
          href = ${body.href || before.href}, icon = ${body.icon ?? null}, type = ${body.type ?? before.type}, order_num = ${body.orderNum ?? before.order_num},
          description = ${body.description ?? null}, path = ${path}, hidden = ${body.hidden ?? before.hidden}, attr1 = ${body.attr1 ?? null}, updated_at = now()
        where id = ${id} returning id, code, title, parent_id, href, icon, type, order_num, description, path, hidden, attr1`);
      // the path ("/adminSys/baseManager/userManager") of every menu below follows its parent
      if (before.path !== path) {
        await tx.execute(sql`update base_menu set path = ${path} || substr(path, ${(before.path ?? '').length + 1})
          where path like ${(before.path ?? '').replace(/[\\%_]/g, (c) => '\\' + c) + '/%'}`);
      }
      return { before, after: r.rows[0]! };
    });
    req.audit = { before, after };
    return ok(toNode(after));
  });

  app.delete('/admin/menu/:id', { config: { access: { element: 'menuManager:btn_del' } }, schema: { tags, summary: '删除菜单', params: idParam, response: answer(adminAnswers.done) } }, async (req) => {
    const { id } = req.params;
    const before = await db().transaction(async (tx) => {
      const m = (await allMenus(tx)).find((x) => x.id === id);
      if (!m) throw notFound();
      if (isMenuCode(m.code)) throw badInput('内置菜单不能删除');
      const below = await tx.execute(sql`select 1 from base_menu where parent_id = ${id} union all select 1 from base_element where menu_id = ${id} limit 1`);
      if (below.rows.length) throw badInput('请先删除下级菜单和按钮');
      await tx.execute(sql`delete from base_resource_authority where resource_id = ${id}`);
      await tx.execute(sql`delete from base_menu where id = ${id}`);
      return m;
    });
    req.audit = { before };
    return ok(null);
  });

  // ---------------------------------------------------------------------------
  // elements
  // ---------------------------------------------------------------------------
  const findElement = async (tx: Db, id: string) =>
    (await tx.execute<ElementRow>(sql`select id, code, type, name, uri, menu_id, method, description from base_element where id = ${id}`)).rows[0];

  app.get('/admin/element/list', {
    config: menuRead,
    schema: { tags, summary: '菜单的按钮或资源', querystring: z.object({ menuId: z.string().optional(), name: z.string().max(64).optional(), limit: z.string().optional(), offset: z.string().optional() }),
      response: answer(adminAnswers.elements) },
  }, async (req) => {
    const { menuId, name } = req.query;
    if (menuId && !isUuid(menuId)) throw badInput('所属菜单：参数格式不正确');
    const conds = [sql`true`];
    if (menuId) conds.push(sql`menu_id = ${menuId}`);
    if (name?.trim()) conds.push(sql`name ilike ${'%' + name.trim().replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
    const r = await db().execute<ElementRow>(sql`select id, code, type, name, uri, menu_id, method, description from base_element
      where ${sql.join(conds, sql` and `)} order by code limit 1000`);
    return ok({ total: r.rows.length, rows: r.rows.map(elementOut) });
  });

  app.get('/admin/element/:id', { config: menuRead, schema: { tags, summary: '按钮详情', params: idParam, response: answer(adminAnswers.element) } }, async (req) => {
    const e = await findElement(db(), req.params.id);
    if (!e) throw notFound();
    return ok(elementOut(e));
  });

  async function checkElement(tx: Db, body: ElementBody, selfId: string | null) {
    const dup = await tx.execute(sql`select 1 from base_element where code = ${body.code} and (${selfId}::uuid is null or id <> ${selfId}::uuid)`);
    if (dup.rows.length) throw badInput(`资源编码“${body.code}”已存在`);
    const menu = await tx.execute(sql`select 1 from base_menu where id = ${body.menuId}`);
    if (!menu.rows.length) throw badInput('所属菜单：所选菜单不存在');
  }

  app.post('/admin/element', { config: { access: { element: 'menuManager:btn_element_add' } }, schema: { tags, summary: '新增按钮', body: elementBody, response: answer(adminAnswers.element) } }, async (req) => {
    const b = req.body;
    const row = await db().transaction(async (tx) => {
      await checkElement(tx, b, null);
      return (await tx.execute<ElementRow>(sql`insert into base_element (code, type, name, uri, menu_id, method, description)
        values (${b.code}, ${b.type}, ${b.name}, ${b.uri ?? null}, ${b.menuId}, ${b.method ?? null}, ${b.description ?? null})
        returning id, code, type, name, uri, menu_id, method, description`)).rows[0]!;
    });
    req.audit = { after: row };
    return ok(elementOut(row));
  });

  app.put('/admin/element/:id', { config: { access: { element: 'menuManager:btn_element_edit' } }, schema: { tags, summary: '修改按钮', params: idParam, body: elementBody, response: answer(adminAnswers.element) } }, async (req) => {
    const { id } = req.params;
    const b = req.body;
    const { before, after } = await db().transaction(async (tx) => {
      const before = await findElement(tx, id);
      if (!before) throw notFound();
      if (before.code !== b.code && isElementCode(before.code)) throw badInput('资源编码：内置按钮的资源编码不能修改');
      await checkElement(tx, b, id);
      const after = (await tx.execute<ElementRow>(sql`update base_element set code = ${b.code}, type = ${b.type}, name = ${b.name}, uri = ${b.uri ?? null},
          menu_id = ${b.menuId}, method = ${b.method ?? null}, description = ${b.description ?? null}, updated_at = now()
        where id = ${id} returning id, code, type, name, uri, menu_id, method, description`)).rows[0]!;
      return { before, after };
    });
    req.audit = { before, after };
    return ok(elementOut(after));
  });

  app.delete('/admin/element/:id', { config: { access: { element: 'menuManager:btn_element_del' } }, schema: { tags, summary: '删除按钮', params: idParam, response: answer(adminAnswers.done) } }, async (req) => {
    const { id } = req.params;
    const before = await db().transaction(async (tx) => {
      const e = await findElement(tx, id);
      if (!e) throw notFound();
      if (isElementCode(e.code)) throw badInput('内置按钮不能删除');
      await tx.execute(sql`delete from base_resource_authority where resource_id = ${id}`);
      await tx.execute(sql`delete from base_element where id = ${id}`);
      return e;
    });
    req.audit = { before };
    return ok(null);
  });
};
