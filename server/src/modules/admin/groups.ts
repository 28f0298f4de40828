/**
 * 角色权限管理 (AG-Admin's role model): role types, the role tree, role CRUD, 权限分配
 * (menus with their ancestors, elements) and 关联用户 (members, leaders). These routes parse, authorise and answer;
 * the work and its rules (who manages which role, never granting more than one holds) are in group-service.ts.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from '../../platform/context.ts';
import { adminAnswers } from '@dg/core';
import { ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { UUID_RE, idParam } from '../../platform/schemas.ts';
import { idList } from './common.ts';
import { allMenus, menuTree } from './menus.ts';
import {
  changeGroupElement, createGroup, deleteGroup, grantableElements, groupAuthority, groupOut, groupTree, groupTypes, groupUsers,
  seenGroup, setGroupMenus, setGroupUsers, updateGroup,
} from './group-service.ts';

const groupBody = z.object({
  code: z.string({ error: '请输入编码' }).trim().min(1, '请输入编码').regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, '编码：请输入以字母开头、64位以内的英文字符、数字或下划线'),
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(64, '名称不能超过64个字符'),
  parentId: z.string().nullish(),
  groupType: z.string({ error: '请选择角色类型' }).min(1, '请选择角色类型'),
  description: z.string().trim().max(255, '描述不能超过255个字符').nullish(),
  version: z.coerce.number().int().optional(),
});

const elementQuery = z.object({
  menuId: z.string().optional(),
  elementId: z.string({ error: '请选择按钮' }).regex(UUID_RE, '按钮：参数格式不正确'),
});

export const groupRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['角色权限管理'];
  const read = { access: { menu: 'groupManager' } } as const;

  app.get('/admin/groupType/all', { config: read, schema: { tags, summary: '全部角色类型', response: answer(adminAnswers.groupTypes) } }, async () => ok(await groupTypes(db())));

  app.get('/admin/group/tree', {
    config: read, schema: { tags, summary: '角色树', querystring: z.object({ groupType: z.string().max(64).optional(), name: z.string().max(64).optional() }),
      response: answer(adminAnswers.groupTree) },
  }, async (req) => ok(await groupTree(db(), req.user!, req.query)));

  app.get('/admin/group/:id', { config: read, schema: { tags, summary: '角色详情', params: idParam, response: answer(adminAnswers.group) } }, async (req) => {
    const g = await seenGroup(db(), req.user!, req.params.id);
    return ok(groupOut(g, req.user!));
  });

  app.post('/admin/group', { config: { access: { element: 'groupManager:btn_add' } }, schema: { tags, summary: '新增角色', body: groupBody, response: answer(adminAnswers.group) } }, async (req) => {
    const row = await createGroup(db(), req.user!, req.body);
    req.audit = { after: row };
    return ok(groupOut(row, req.user!));
  });

  app.put('/admin/group/:id', { config: { access: { element: 'groupManager:btn_edit' } }, schema: { tags, summary: '修改角色', params: idParam, body: groupBody, response: answer(adminAnswers.group) } }, async (req) => {
    const { before, after } = await updateGroup(db(), req.user!, req.params.id, req.body);
    req.audit = { before, after };
    return ok(groupOut(after, req.user!));
  });

  app.delete('/admin/group/:id', { config: { access: { element: 'groupManager:btn_del' } }, schema: { tags, summary: '删除角色', params: idParam, response: answer(adminAnswers.done) } }, async (req) => {
    req.audit = { before: await deleteGroup(db(), req.user!, req.params.id) };
    return ok(null);
  });

  // ---------------------------------------------------------------------------
  // 权限分配
  // ---------------------------------------------------------------------------

  /** the menus the caller may grant, as a tree (the platform: every menu) */
  app.get('/admin/group/menuTree', { config: read, schema: { tags, summary: '可分配的菜单树', response: answer(adminAnswers.menuTree) } }, async (req) => {
    const user = req.user!;
    return ok(menuTree(await allMenus(db()), user.side === 'platform' ? undefined : (m) => user.menus.has(m.code)));
  });

  /** the elements of one menu the caller may grant */
  app.get('/admin/group/element/list', {
    config: read, schema: { tags, summary: '菜单的可分配按钮', querystring: z.object({ menuId: z.string().regex(UUID_RE, '所属菜单：参数格式不正确') }),
      response: answer(adminAnswers.elements) },
  }, async (req) => ok(await grantableElements(db(), req.user!, req.query.menuId)));

  app.get('/admin/group/:id/authority/menu', { config: read, schema: { tags, summary: '角色的菜单', params: idParam, response: answer(adminAnswers.ids) } }, async (req) =>
    ok(await groupAuthority(db(), req.user!, req.params.id, 'menu')));

  app.get('/admin/group/:id/authority/element', { config: read, schema: { tags, summary: '角色的按钮', params: idParam, response: answer(adminAnswers.ids) } }, async (req) =>
    ok(await groupAuthority(db(), req.user!, req.params.id, 'button')));

  const setMenus = async (req: FastifyRequest<{ Params: { id: string }; Querystring: { menuTrees?: string } }>) => {
    const result = await setGroupMenus(db(), req.user!, req.params.id, idList(req.query.menuTrees, '菜单'));
    req.audit = { before: { group: result.group.name, menus: result.before }, after: { group: result.group.name, menus: result.after } };
    return ok(result.after);
  };
  const menuSchema = { tags, summary: '分配菜单', params: idParam, querystring: z.object({ menuTrees: z.string().max(100_000).optional() }),
    response: answer(adminAnswers.ids) };
  const resourceManager = { access: { element: 'groupManager:btn_resourceManager' } } as const;
  app.put('/admin/group/:id/authority/menu', { config: resourceManager, schema: menuSchema }, setMenus);
  app.post('/admin/group/:id/authority/menu', { config: resourceManager, schema: menuSchema }, setMenus);

  const changeElement = (what: 'add' | 'remove') => async (req: FastifyRequest<{ Params: { id: string }; Querystring: z.infer<typeof elementQuery> }>) => {
    const { group, element } = await changeGroupElement(db(), req.user!, req.params.id, what, req.query);
    req.audit = { opt: what === 'add' ? '分配按钮' : '移除按钮', after: { group: group.name, element: element.code } };
    return ok(null);
  };
  const elementSchema = { tags, params: idParam, querystring: elementQuery, response: answer(adminAnswers.done) };
  app.post('/admin/group/:id/authority/element/add', { config: resourceManager, schema: { ...elementSchema, summary: '分配按钮' } }, changeElement('add'));
  app.put('/admin/group/:id/authority/element/add', { config: resourceManager, schema: { ...elementSchema, summary: '分配按钮' } }, changeElement('add'));
  app.post('/admin/group/:id/authority/element/remove', { config: resourceManager, schema: { ...elementSchema, summary: '移除按钮' } }, changeElement('remove'));
  app.put('/admin/group/:id/authority/element/remove', { config: resourceManager, schema: { ...elementSchema, summary: '移除按钮' } }, changeElement('remove'));

  // ---------------------------------------------------------------------------
  // 关联用户
  // ---------------------------------------------------------------------------

  app.get('/admin/group/:id/user', { config: read, schema: { tags, summary: '角色的用户', params: idParam, response: answer(adminAnswers.groupUsers) } }, async (req) =>
    ok(await groupUsers(db(), req.user!, req.params.id)));

  app.put('/admin/group/:id/user', {
    config: { access: { element: 'groupManager:btn_userManager' } },
    schema: { tags, summary: '关联用户', params: idParam, querystring: z.object({ members: z.string().max(100_000).optional(), leaders: z.string().max(100_000).optional() }),
      response: answer(adminAnswers.done) },
  }, async (req) => {
    const members = idList(req.query.members, '组员'), leaders = idList(req.query.leaders, '领导');
    const r = await setGroupUsers(db(), req.user!, req.params.id, members, leaders);
    req.audit = { before: { group: r.group.name, members: r.beforeMembers, leaders: r.beforeLeaders }, after: { group: r.group.name, members, leaders } };
    return ok(null);
  });
};
