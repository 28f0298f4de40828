/**
 * The permission matrix of system administration: every demo role × every admin API. The expectation comes from
 * the role's grants (packages/core menus `sides`, as seed-base gives them to the built-in roles) and, for the
 * engine's writes, from the sides that may write the resource — never from a hand-written table of booleans.
 * Allowed = HTTP 200 with status 200 or a 40001 business answer; refused = exactly status 40301 with data null.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { RESOURCES, elementCode, type Side } from '@dg/core';
import { canWrite } from '../../src/platform/crud/write.ts';
import type { SessionUser } from '../../src/platform/access.ts';
import { testApp, type TestApp, type DemoUser } from '../helpers.ts';
import { RANDOM_ID, grantsOf } from './util.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

const ROLES: DemoUser[] = ['admin', 'qiye', 'qiye2', 'zhengfu', 'shiji', 'wuquanxian'];
const SIDE: Record<string, Side> = { admin: 'platform', qiye: 'enterprise', qiye2: 'enterprise', zhengfu: 'government', shiji: 'government', wuquanxian: 'enterprise' };

interface Case { method: string; url: string; body?: unknown; menu?: string; element?: string; anyUser?: boolean; sideMayWrite?: (side: Side) => boolean }

const cases: Case[] = [];
// the engine's routes of every admin resource
for (const def of RESOURCES.filter((r) => r.area === 'admin')) {
  const base = `/api/admin/${def.key}`;
  const writes = (side: Side) => canWrite(def, { side } as SessionUser);
  cases.push({ method: 'POST', url: `${base}/list`, body: {}, menu: def.menu });
  cases.push({ method: 'POST', url: `${base}/export`, body: { filters: { id: RANDOM_ID } }, element: elementCode(def, 'export') });
  if (def.readOnly) continue;
  // an empty body is refused by validation (40001) before anything is written
  cases.push({ method: 'POST', url: `${base}/add`, body: {}, element: elementCode(def, 'add') });
  cases.push({ method: 'PUT', url: `${base}/update`, body: { id: RANDOM_ID, version: 1 }, element: elementCode(def, 'edit'), sideMayWrite: writes });
  cases.push({ method: 'DELETE', url: `${base}/del/${RANDOM_ID}`, element: elementCode(def, 'del'), sideMayWrite: writes });
}
const G = `/api/admin/group/${RANDOM_ID}`;
cases.push(
  // users
  { method: 'PUT', url: `/api/admin/user/resetPassword/${RANDOM_ID}`, body: { password: 'abc12345' }, element: 'userManager:btn_resetPassword' },
  { method: 'PUT', url: `/api/admin/user/unlock/${RANDOM_ID}`, element: 'userManager:btn_unlock' },
  { method: 'GET', url: '/api/admin/group/options', menu: 'userManager' },
  // menus and elements
  { method: 'GET', url: '/api/admin/menu/tree', menu: 'menuManager' },
  { method: 'GET', url: `/api/admin/menu/${RANDOM_ID}`, menu: 'menuManager' },
  { method: 'POST', url: '/api/admin/menu', body: {}, element: 'menuManager:btn_add' },
  { method: 'PUT', url: `/api/admin/menu/${RANDOM_ID}`, body: { code: 'noSuchMenu', title: '无' }, element: 'menuManager:btn_edit' },
  { method: 'DELETE', url: `/api/admin/menu/${RANDOM_ID}`, element: 'menuManager:btn_del' },
  { method: 'GET', url: `/api/admin/element/list?menuId=${RANDOM_ID}`, menu: 'menuManager' },
  { method: 'POST', url: '/api/admin/element', body: {}, element: 'menuManager:btn_element_add' },
  { method: 'PUT', url: `/api/admin/element/${RANDOM_ID}`, body: {}, element: 'menuManager:btn_element_edit' },
  { method: 'DELETE', url: `/api/admin/element/${RANDOM_ID}`, element: 'menuManager:btn_element_del' },
  // roles
  { method: 'GET', url: '/api/admin/groupType/all', menu: 'groupManager' },
  { method: 'GET', url: '/api/admin/group/tree?groupType=role', menu: 'groupManager' },
  { method: 'GET', url: '/api/admin/group/menuTree', menu: 'groupManager' },
  { method: 'GET', url: `/api/admin/group/element/list?menuId=${RANDOM_ID}`, menu: 'groupManager' },
  { method: 'GET', url: G, menu: 'groupManager' },
  { method: 'POST', url: '/api/admin/group', body: {}, element: 'groupManager:btn_add' },
  { method: 'PUT', url: G, body: {}, element: 'groupManager:btn_edit' },
  { method: 'DELETE', url: G, element: 'groupManager:btn_del' },
  { method: 'GET', url: `${G}/authority/menu`, menu: 'groupManager' },
  { method: 'PUT', url: `${G}/authority/menu?menuTrees=`, element: 'groupManager:btn_resourceManager' },
  { method: 'GET', url: `${G}/authority/element`, menu: 'groupManager' },
  { method: 'POST', url: `${G}/authority/element/add?elementId=${RANDOM_ID}`, element: 'groupManager:btn_resourceManager' },
  { method: 'POST', url: `${G}/authority/element/remove?elementId=${RANDOM_ID}`, element: 'groupManager:btn_resourceManager' },
  { method: 'GET', url: `${G}/user`, menu: 'groupManager' },
  { method: 'PUT', url: `${G}/user?members=&leaders=`, element: 'groupManager:btn_userManager' },
  // dictionaries
  { method: 'GET', url: '/api/admin/dict/manageTree', menu: 'dictManager' },
  { method: 'POST', url: '/api/admin/dict/addDict', body: {}, element: 'dictManager:btn_add' },
  { method: 'PUT', url: '/api/admin/dict/updateDict', body: {}, element: 'dictManager:btn_edit' },
  { method: 'DELETE', url: `/api/admin/dict/deleteDict?id=${RANDOM_ID}`, element: 'dictManager:btn_del' },
  // services
  { method: 'POST', url: `/api/admin/serviceClient/resetSecret/${RANDOM_ID}`, element: 'serviceManager:btn_resetSecret' },
  { method: 'GET', url: '/api/admin/serviceRegistry/list', menu: 'serviceRegistryManager' },
  { method: 'GET', url: '/api/admin/serviceStatus', menu: 'serviceStatusManager' },
  { method: 'GET', url: '/api/admin/serviceTrace/recent', menu: 'serviceTraceManager' },
  { method: 'GET', url: '/api/admin/serviceTrace/slow', menu: 'serviceTraceManager' },
  { method: 'GET', url: '/api/admin/serviceTrace/no-such-trace', menu: 'serviceTraceManager' },
  // articles and policies
  { method: 'POST', url: `/api/admin/article/publish/${RANDOM_ID}`, element: 'articleManager:btn_publish' },
  { method: 'POST', url: `/api/admin/policy/publish/${RANDOM_ID}`, element: 'policyManager:btn_publish' },
  // any signed-in user
  { method: 'GET', url: '/api/admin/user/profile', anyUser: true },
  { method: 'GET', url: '/api/admin/published?limit=3', anyUser: true },
  { method: 'GET', url: '/api/index/dashboard', anyUser: true },
  { method: 'GET', url: `/api/zxxx/file/getAttachment/${RANDOM_ID}`, anyUser: true },
);

function expectation(role: DemoUser, c: Case): 'allowed' | 'refused' {
  if (c.anyUser) return 'allowed';
  const g = grantsOf(role);
  const holds = c.element ? g.elements.has(c.element) : g.menus.has(c.menu!);
  if (!holds) return 'refused';
  if (c.sideMayWrite && !c.sideMayWrite(SIDE[role]!)) return 'refused';
  return 'allowed';
}

describe('permission matrix of system administration', () => {
  it('covers the demo roles with both outcomes', () => {
    const outcomes = new Set(ROLES.flatMap((r) => cases.map((c) => `${r}:${expectation(r, c)}`)));
    for (const r of ['admin', 'qiye', 'zhengfu']) expect(outcomes.has(`${r}:allowed`)).toBe(true);
    for (const r of ['qiye', 'zhengfu', 'wuquanxian']) expect(outcomes.has(`${r}:refused`)).toBe(true);
    expect(cases.length).toBeGreaterThan(70);
  });

  for (const role of ROLES) {
    it(`${role}: each admin API answers as the role's grants say`, async () => {
      const wrong: string[] = [];
      for (const c of cases) {
        const r = await t.call(c.method, c.url, { as: role, body: c.body });
        const want = expectation(role, c);
        const status = typeof r.body === 'object' && r.body && 'status' in r.body ? r.body.status : r.http === 200 ? 200 : r.http;
        const ok = want === 'refused'
          ? r.http === 200 && status === 40301 && r.body.data === null
          : r.http === 200 && (status === 200 || status === 40001);
        if (!ok) wrong.push(`${c.method} ${c.url}: expected ${want}, got HTTP ${r.http} status ${status} ${r.body?.message ?? ''}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('the super token reaches the super menus under /api/super only', async () => {
    const sup = await t.token('super');
    expect((await t.call('GET', '/api/super/admin/menu/tree', { token: sup })).body.status).toBe(200);
    expect((await t.call('GET', '/api/super/admin/serviceStatus', { token: sup })).body.status).toBe(200);
    expect((await t.call('GET', '/api/admin/menu/tree', { token: sup })).http).toBe(401);
    // userManager is not a super menu
    expect((await t.call('POST', '/api/super/admin/user/list', { token: sup, body: {} })).body).toMatchObject({ status: 40301, data: null });
    expect((await t.call('GET', '/api/super/admin/menu/tree', { as: 'admin' })).http).toBe(401);
  });
});
