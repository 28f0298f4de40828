/**
 * What the shell needs from the server, at the paths the product's shell calls: user info and menus, dictionaries, regions,
 * reminders, public config, health. Registered under /api and again under /api/super (pageB).
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { flattenMenus, PRODUCT_TITLE, shellAnswers, type Served } from '@dg/core';
import { answer } from '../../platform/answers.ts';
import type { App } from '../../platform/context.ts';
import { textArray } from '../../db/index.ts';
import { ok, badInput, notFound } from '../../platform/errors.ts';
import { provinceTree, regionTree, streetsOf, regionName } from '../../platform/regions.ts';
import { remindCounts } from './remind.ts';

const fullPath = new Map(flattenMenus().map((m) => [m.code, m.fullPath]));

type MenuRow = { id: string; code: string; title: string; parent_id: string | null; href: string | null; icon: string | null; type: string; path: string | null; hidden: boolean; order_num: number };

export const shellRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const any = { access: { anyUser: true } };
  const tags = ['框架'];

  app.get('/admin/user/front/info', { config: any, schema: { tags, summary: '当前用户信息', response: { 200: shellAnswers.frontInfo } } }, async (req) => {
    const u = req.user!;
    const extra = await db().execute<{ enterprise_name: string | null; org_name: string | null; avatar: string | null }>(sql`
      select e.name as enterprise_name, o.name as org_name, null as avatar
      from base_user u left join enterprise e on e.id = u.enterprise_id left join base_org o on o.id = u.org_id where u.id = ${u.id}`);
    const menus = await db().execute<{ code: string; title: string; href: string | null }>(sql`select code, title, href from base_menu where code = any(${textArray([...u.menus])}) order by order_num`);
    const elements = await db().execute<{ code: string; type: string; uri: string | null; method: string | null; name: string; menu_id: string }>(sql`select code, type, uri, method, name, menu_id from base_element where code = any(${textArray([...u.elements])})`);
    return {
      id: u.id, username: u.username, name: u.name, side: u.side, enterpriseId: u.enterpriseId, orgId: u.orgId,
      enterpriseName: extra.rows[0]?.enterprise_name ?? null, orgName: extra.rows[0]?.org_name ?? null, regionCode: u.regionCode,
      description: null, image: null, isSuper: u.isSuper,
      menus: menus.rows.map((m) => ({ code: m.code, type: 'menu' as const, uri: m.href || '/' + m.code, method: 'GET' as const, name: '访问', menu: m.title })),
      elements: elements.rows.map((e) => ({ code: e.code, type: e.type, uri: e.uri, method: e.method, name: e.name, menu: e.menu_id })),
    };
  });

  const menuNode = (m: MenuRow): Served<typeof shellAnswers.allMenus>[number] => ({
    id: m.id, parentId: m.parent_id ?? '-1', code: m.code, title: m.title, icon: m.icon, href: m.href, type: m.type,
    path: fullPath.get(m.code) ?? m.path, hidden: m.hidden, orderNum: m.order_num, spread: false,
  });
  const allMenus = async () => (await db().execute<MenuRow>(sql`select id, code, title, parent_id, href, icon, type, path, hidden, order_num from base_menu order by order_num, code`)).rows;

  app.get('/admin/user/front/menus', { config: any, schema: { tags, summary: '当前用户的菜单树', response: { 200: shellAnswers.frontMenus } } }, async (req) => {
    const granted = (await allMenus()).filter((m) => req.user!.menus.has(m.code));
    type Node = Served<typeof shellAnswers.frontMenus>[number];
    const nodes = new Map(granted.map((m): [string, Node] => [m.id, { ...menuNode(m), children: [] }]));
    const roots: Node[] = [];
    for (const n of nodes.values()) {
      const parent = n.parentId !== '-1' ? nodes.get(n.parentId) : undefined;
      (parent ? parent.children : roots).push(n);
    }
    return roots;
  });

  app.get('/admin/user/front/menu/all', { config: any, schema: { tags, summary: '全部菜单', response: { 200: shellAnswers.allMenus } } }, async () => (await allMenus()).map(menuNode));

  // code tables are public: the registration page needs 经营范围 before anyone signs in
  app.get('/admin/dict/getAll', { config: { access: { public: true } }, schema: { tags, summary: '全部代码', response: answer(shellAnswers.dictAll) } }, async () => {
    const r = await db().execute<Served<typeof shellAnswers.dictAll>[number]>(sql`select id, type, name, value, pid, order_num as "orderNum", enabled from base_dict where enabled order by type, order_num, value`);
    return ok(r.rows);
  });
  app.get('/admin/dict/getTree', { config: { access: { public: true } }, schema: { tags, summary: '代码树', response: answer(shellAnswers.dictTree) } }, async () => {
    const r = await db().execute<Served<typeof shellAnswers.dictAll>[number]>(sql`select id, type, name, value, pid, order_num as "orderNum", enabled from base_dict order by order_num, value`);
    type Node = Served<typeof shellAnswers.dictTree>[number];
    const nodes = new Map(r.rows.map((d): [string, Node] => [d.id, { ...d, children: [] }]));
    const roots: Node[] = [];
    for (const n of nodes.values()) (n.pid && nodes.get(n.pid) ? nodes.get(n.pid)!.children : roots).push(n);
    return ok(roots);
  });

  app.get('/admin/region/province', {
    config: { access: { public: true } },
    schema: { tags, summary: '行政区划树', querystring: z.object({ flag: z.string().optional(), isAll: z.string().optional(), parent: z.string().regex(/^\d{6}$/, '上级区划代码不正确').optional() }),
      response: answer(shellAnswers.regions) },
  }, async (req) => {
    const q = req.query;
    if (q.parent) return ok(streetsOf(q.parent));
    return ok(q.isAll === '1' ? regionTree() : provinceTree(app.ctx.config.provinceCode));
  });
  app.get('/admin/region/getAreaCode', { config: { access: { public: true } }, schema: { tags, summary: '本省区划代码', response: answer(shellAnswers.areaCode) } }, async () =>
    ok({ code: app.ctx.config.provinceCode, name: regionName(app.ctx.config.provinceCode) }));

  app.get('/index/indexQyd/getRemindInfo', { config: any, schema: { tags, summary: '提醒数量', response: answer(shellAnswers.remind) } }, async (req) =>
    ok({ content: await remindCounts(app, req.user!) }));
};

export async function publicRoutes(app: App) {
  app.get('/api/public/config', { config: { access: { public: true } }, schema: { tags: ['框架'], summary: '公开配置', response: answer(shellAnswers.publicConfig) } }, async () => {
    const provinceName = regionName(app.ctx.config.provinceCode) || '浙江省';
    return ok({
      title: PRODUCT_TITLE.replace('浙江省', provinceName), provinceCode: app.ctx.config.provinceCode, provinceName,
      captcha: app.ctx.config.loginCaptcha, version: app.ctx.config.version,
    });
  });
  app.get('/api/health', { config: { access: { public: true } }, schema: { tags: ['框架'], summary: '健康检查', response: { 200: shellAnswers.health, 503: shellAnswers.healthDown } } }, async (_req, reply) => {
    try {
      const t0 = performance.now();
      await app.ctx.database.pool.query('select 1');
      return { status: 'ok' as const, db: 'ok' as const, dbMs: Math.round((performance.now() - t0) * 10) / 10, instance: app.ctx.instanceId, uptime: Math.round(process.uptime()) };
    } catch {
      return reply.code(503).send({ status: 'error' as const, db: 'down' as const });
    }
  });
  void badInput; void notFound;
}
