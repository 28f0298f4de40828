/** 菜单管理 and 角色权限管理: menu and element CRUD, the role tree, grants (with ancestors) and members. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { demoIds, makeUser, tokenOf, eventually } from './util.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let menuId: Record<string, string>;
let elementId: Record<string, string>;
let roleType: string;
beforeAll(async () => {
  t = await testApp();
  ids = await demoIds(t);
  menuId = Object.fromEntries((await t.sql(`select code, id from base_menu`)).map((r) => [r.code, r.id]));
  elementId = Object.fromEntries((await t.sql(`select code, id from base_element`)).map((r) => [r.code, r.id]));
  roleType = (await t.sql(`select id from base_group_type where code = 'role'`))[0].id;
});

const findNode = (nodes: any[], code: string): any => {
  for (const n of nodes) {
    if (n.code === code) return n;
    const hit = findNode(n.children ?? [], code);
    if (hit) return hit;
  }
  return null;
};

describe('菜单管理', () => {
  it('answers the menu tree with label = title and filters it by title', async () => {
    const r = await t.call('GET', '/api/admin/menu/tree', { as: 'admin' });
    const sys = r.body.data.find((n: any) => n.code === 'adminSys');
    expect(sys).toMatchObject({ label: '系统管理', title: '系统管理', parentId: '-1', type: 'dirt' });
    expect(sys.children.map((c: any) => c.code)).toContain('userManager');
    const f = await t.call('GET', `/api/admin/menu/tree?title=${encodeURIComponent('用户管理')}`, { as: 'admin' });
    expect(f.body.data).toHaveLength(1);
    expect(f.body.data[0].code).toBe('adminSys');
    expect(f.body.data[0].children.map((c: any) => c.code)).toEqual(['userManager']);
  });

  it('creates, edits and deletes a menu and its elements', async () => {
    const code = uid('m');
    const add = await t.call('POST', '/api/admin/menu', { as: 'admin', body: { code, title: '测试菜单', parentId: menuId.adminSys, icon: 'ToolOutlined', type: 'menu', orderNum: 99 } });
    expect(add.body).toMatchObject({ status: 200, data: { code, title: '测试菜单', parentId: menuId.adminSys, path: `/adminSys/${code}` } });
    const id = add.body.data.id;
    expect((await t.call('POST', '/api/admin/menu', { as: 'admin', body: { code, title: '重复' } })).body).toMatchObject({ status: 40001, message: `路径编码“${code}”已存在` });
    expect((await t.call('POST', '/api/admin/menu', { as: 'admin', body: { code: '中文', title: 'x' } })).body.message).toMatch(/^路径编码：/);
    expect((await t.call('POST', '/api/admin/menu', { as: 'admin', body: { code: uid('m') } })).body.message).toBe('请输入标题');

    const child = await t.call('POST', '/api/admin/menu', { as: 'admin', body: { code: uid('c'), title: '子菜单', parentId: id } });
    expect(child.body.data.path).toBe(`/adminSys/${code}/${child.body.data.code}`);
    // a menu cannot move below itself
    expect((await t.call('PUT', `/api/admin/menu/${id}`, { as: 'admin', body: { code, title: '测试菜单', parentId: child.body.data.id } })).body.status).toBe(40001);
    // renaming the code moves the paths below
    const code2 = uid('m');
    const edit = await t.call('PUT', `/api/admin/menu/${id}`, { as: 'admin', body: { code: code2, title: '改名菜单', parentId: menuId.adminSys } });
    expect(edit.body.data).toMatchObject({ code: code2, title: '改名菜单' });
    const [moved] = await t.sql(`select path from base_menu where id = $1`, [child.body.data.id]);
    expect(moved.path).toBe(`/adminSys/${code2}/${child.body.data.code}`);
    const [log] = await eventually(t, `select before, after from gate_log where uri = $1 and result = '成功'`, [`/api/admin/menu/${id}`]);
    expect(log.before.title).toBe('测试菜单');
    expect(log.after.title).toBe('改名菜单');

    const elCode = `${code2}:btn_test`;
    const el = await t.call('POST', '/api/admin/element', { as: 'admin', body: { code: elCode, type: 'button', name: '测试按钮', uri: '/x', menuId: id, method: 'POST' } });
    expect(el.body).toMatchObject({ status: 200, data: { code: elCode, menuId: id } });
    expect((await t.call('POST', '/api/admin/element', { as: 'admin', body: { code: elCode, type: 'button', name: '重复', menuId: id } })).body.message).toBe(`资源编码“${elCode}”已存在`);
    const list = await t.call('GET', `/api/admin/element/list?menuId=${id}`, { as: 'admin' });
    expect(list.body.data).toMatchObject({ total: 1, rows: [{ code: elCode, name: '测试按钮' }] });
    const byName = await t.call('GET', `/api/admin/element/list?menuId=${id}&name=${encodeURIComponent('不存在')}`, { as: 'admin' });
    expect(byName.body.data.total).toBe(0);
    const elEdit = await t.call('PUT', `/api/admin/element/${el.body.data.id}`, { as: 'admin', body: { code: elCode, type: 'uri', name: '改名按钮', menuId: id, method: 'GET' } });
    expect(elEdit.body.data).toMatchObject({ type: 'uri', name: '改名按钮' });

    expect((await t.call('DELETE', `/api/admin/menu/${id}`, { as: 'admin' })).body).toMatchObject({ status: 40001, message: '请先删除下级菜单和按钮' });
    expect((await t.call('DELETE', `/api/admin/menu/${child.body.data.id}`, { as: 'admin' })).body.status).toBe(200);
    expect((await t.call('DELETE', `/api/admin/menu/${id}`, { as: 'admin' })).body.message).toBe('请先删除下级菜单和按钮');
    expect((await t.call('DELETE', `/api/admin/element/${el.body.data.id}`, { as: 'admin' })).body.status).toBe(200);
    expect((await t.call('DELETE', `/api/admin/menu/${id}`, { as: 'admin' })).body.status).toBe(200);
    expect((await t.call('GET', `/api/admin/menu/${id}`, { as: 'admin' })).body.message).toBe('数据不存在或无权访问');
  });

  it('keeps the catalogue menus: their codes are fixed and they cannot be deleted', async () => {
    expect((await t.call('DELETE', `/api/admin/menu/${menuId.userManager}`, { as: 'admin' })).body.message).toBe('内置菜单不能删除');
    const r = await t.call('PUT', `/api/admin/menu/${menuId.userManager}`, { as: 'admin', body: { code: 'userManager2', title: '用户管理', parentId: menuId.adminSys } });
    expect(r.body.message).toBe('路径编码：内置菜单的路径编码不能修改');
    expect((await t.call('DELETE', `/api/admin/element/${elementId['userManager:btn_add']}`, { as: 'admin' })).body.message).toBe('内置按钮不能删除');
  });

  it('pageB manages menus with the super token', async () => {
    const sup = await t.token('super');
    const code = uid('s');
    const add = await t.call('POST', '/api/super/admin/menu', { token: sup, body: { code, title: '超级菜单' } });
    expect(add.body.data.parentId).toBe('-1');
    expect((await t.call('DELETE', `/api/super/admin/menu/${add.body.data.id}`, { token: sup })).body.status).toBe(200);
  });
});

describe('角色权限管理', () => {
  const newGroup = async (as: 'admin' | 'zhengfu' | 'shiji', extra: Record<string, unknown> = {}) =>
    t.call('POST', '/api/admin/group', { as, body: { code: uid('g'), name: uid('角色'), groupType: roleType, ...extra } });

  it('lists role types and the role tree of a type', async () => {
    const types = await t.call('GET', '/api/admin/groupType/all', { as: 'zhengfu' });
    expect(types.body.data.map((x: any) => x.code)).toEqual(expect.arrayContaining(['role', 'depart', 'free']));
    const tree = await t.call('GET', `/api/admin/group/tree?groupType=${roleType}`, { as: 'admin' });
    expect(tree.body.data.map((g: any) => g.code)).toEqual(expect.arrayContaining(['platformAdmin', 'enterpriseAdmin', 'governmentSupervisor']));
    // a government sees the built-in role of its side, not the platform's
    const gov = await t.call('GET', '/api/admin/group/tree?groupType=role', { as: 'zhengfu' });
    const codes = gov.body.data.map((g: any) => g.code);
    expect(codes).toContain('governmentSupervisor');
    expect(codes).not.toContain('platformAdmin');
    expect(gov.body.data.find((g: any) => g.code === 'governmentSupervisor').editable).toBe(false);
  });

  it('a granted menu grants its ancestors; unticking a menu takes its buttons away', async () => {
    const g = (await newGroup('admin')).body.data;
    const put = await t.call('PUT', `/api/admin/group/${g.id}/authority/menu?menuTrees=${menuId.userManager}`, { as: 'admin' });
    expect(put.body.status).toBe(200);
    const menus = (await t.call('GET', `/api/admin/group/${g.id}/authority/menu`, { as: 'admin' })).body.data;
    expect(menus.sort()).toEqual([menuId.adminSys, menuId.userManager].sort());
    const add = await t.call('POST', `/api/admin/group/${g.id}/authority/element/add?menuId=${menuId.userManager}&elementId=${elementId['userManager:btn_add']}`, { as: 'admin' });
    expect(add.body.status).toBe(200);
    // a button of a menu the role does not hold
    const stray = await t.call('POST', `/api/admin/group/${g.id}/authority/element/add?menuId=${menuId.orgManager}&elementId=${elementId['orgManager:btn_add']}`, { as: 'admin' });
    expect(stray.body.status).toBe(40001);
    expect((await t.call('GET', `/api/admin/group/${g.id}/authority/element`, { as: 'admin' })).body.data).toEqual([elementId['userManager:btn_add']]);

    // a member gets exactly that: the menu, its ancestor and the button
    const u = await makeUser(t, { side: 'enterprise', enterpriseId: ids.enterpriseA });
    expect((await t.call('PUT', `/api/admin/group/${g.id}/user?members=${u.id}&leaders=`, { as: 'admin' })).body.status).toBe(200);
    const token = await tokenOf(t, u.username, u.password);
    const info = (await t.call('GET', '/api/admin/user/front/info', { token })).body;
    expect(info.menus.map((m: any) => m.code).sort()).toEqual(['adminSys', 'userManager']);
    expect(info.elements.map((e: any) => e.code)).toEqual(['userManager:btn_add']);
    expect((await t.call('POST', '/api/admin/user/list', { token, body: {} })).body.status).toBe(200);
    expect((await t.call('DELETE', `/api/admin/user/del/${u.id}`, { token })).body.status).toBe(40301);

    const members = await t.call('GET', `/api/admin/group/${g.id}/user`, { as: 'admin' });
    expect(members.body.data).toEqual({ members: [{ id: u.id, name: '测试用户', username: u.username }], leaders: [] });

    await t.call('PUT', `/api/admin/group/${g.id}/authority/menu?menuTrees=${menuId.orgManager}`, { as: 'admin' });
    expect((await t.call('GET', `/api/admin/group/${g.id}/authority/element`, { as: 'admin' })).body.data).toEqual([]);
    const after = (await t.call('GET', '/api/admin/user/front/info', { token })).body;
    expect(after.menus.map((m: any) => m.code).sort()).toEqual(['adminSys', 'orgManager']);

    // a role with members cannot be deleted
    expect((await t.call('DELETE', `/api/admin/group/${g.id}`, { as: 'admin' })).body.message).toBe('该角色下还有关联用户，请先移除');
    await t.call('PUT', `/api/admin/group/${g.id}/user?members=&leaders=`, { as: 'admin' });
    expect((await t.call('DELETE', `/api/admin/group/${g.id}`, { as: 'admin' })).body.status).toBe(200);
    expect(await t.sql(`select 1 from base_resource_authority where group_id = $1`, [g.id])).toHaveLength(0);
  });

  it('role tree: children, duplicates, no deleting a parent, the built-in roles stay', async () => {
    const parent = (await newGroup('admin')).body.data;
    const child = await newGroup('admin', { parentId: parent.id });
    expect(child.body.data.parentId).toBe(parent.id);
    expect((await newGroup('admin', { code: parent.code })).body.message).toBe(`编码“${parent.code}”已存在`);
    expect((await t.call('DELETE', `/api/admin/group/${parent.id}`, { as: 'admin' })).body.message).toBe('请先删除下级角色');
    const tree = await t.call('GET', `/api/admin/group/tree?groupType=role&name=${encodeURIComponent(child.body.data.name)}`, { as: 'admin' });
    expect(tree.body.data).toHaveLength(1);
    expect(tree.body.data[0].children[0].id).toBe(child.body.data.id);
    // a stale version is refused
    const edit = await t.call('PUT', `/api/admin/group/${parent.id}`, { as: 'admin', body: { code: parent.code, name: '新名字', groupType: roleType, version: parent.version } });
    expect(edit.body.data.version).toBe(parent.version + 1);
    const stale = await t.call('PUT', `/api/admin/group/${parent.id}`, { as: 'admin', body: { code: parent.code, name: '再改', groupType: roleType, version: parent.version } });
    expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
    const builtIn = (await t.sql(`select id from base_group where code = 'enterpriseAdmin'`))[0].id;
    expect((await t.call('DELETE', `/api/admin/group/${builtIn}`, { as: 'admin' })).body.message).toBe('内置角色不能删除');
  });

  it('a government manages only its own roles and grants only what it holds', async () => {
    const g = (await newGroup('zhengfu')).body.data;
    expect(g.orgId).toBe(ids.orgProvince);
    // it cannot grant the menu manager (a super menu it does not hold)
    const tooMuch = await t.call('PUT', `/api/admin/group/${g.id}/authority/menu?menuTrees=${menuId.menuManager}`, { as: 'zhengfu' });
    expect(tooMuch.body).toMatchObject({ status: 40001, message: '菜单：无权分配菜单“菜单管理”' });
    expect((await t.call('PUT', `/api/admin/group/${g.id}/authority/menu?menuTrees=${menuId.waybillMonitorManager}`, { as: 'zhengfu' })).body.status).toBe(200);
    // the menu tree it may grant holds only its own menus
    const tree = (await t.call('GET', '/api/admin/group/menuTree', { as: 'zhengfu' })).body.data;
    expect(findNode(tree, 'waybillMonitorManager')).toBeTruthy();
    expect(findNode(tree, 'menuManager')).toBeNull();
    // the built-in role is the platform's
    const gs = (await t.sql(`select id from base_group where code = 'governmentSupervisor'`))[0].id;
    expect((await t.call('PUT', `/api/admin/group/${gs}/authority/menu?menuTrees=`, { as: 'zhengfu' })).body.message).toBe('数据不存在或无权访问');
    expect((await t.call('DELETE', `/api/admin/group/${gs}`, { as: 'zhengfu' })).body.message).toBe('数据不存在或无权访问');
    // the city does not see the province's role
    expect((await t.call('GET', `/api/admin/group/${g.id}`, { as: 'shiji' })).body.message).toBe('数据不存在或无权访问');
    expect((await t.call('DELETE', `/api/admin/group/${g.id}`, { as: 'shiji' })).body.message).toBe('数据不存在或无权访问');
    // members: government users of its jurisdiction only
    const gov = await makeUser(t, { side: 'government', orgId: ids.orgCityA });
    const ent = await makeUser(t, { side: 'enterprise', enterpriseId: ids.enterpriseA });
    expect((await t.call('PUT', `/api/admin/group/${g.id}/user?members=${ent.id}`, { as: 'zhengfu' })).body.status).toBe(40001);
    expect((await t.call('PUT', `/api/admin/group/${g.id}/user?members=${gov.id}&leaders=${gov.id}`, { as: 'zhengfu' })).body.status).toBe(200);
    const token = await tokenOf(t, gov.username, gov.password);
    expect((await t.call('GET', '/api/admin/user/front/info', { token })).body.menus.map((m: any) => m.code)).toContain('waybillMonitorManager');
    // a user of the city can get the province's role through the user form too (it is the province's to hand out)
    const [row] = await t.sql(`select version from base_user where id = $1`, [gov.id]);
    const form = await t.call('PUT', '/api/admin/user/update', { as: 'zhengfu', body: { id: gov.id, version: row.version, groupIds: [g.id] } });
    expect(form.body.data.groupIdsLabel).toEqual([g.name]);
    expect((await t.call('PUT', '/api/admin/user/update', { as: 'shiji', body: { id: gov.id, version: form.body.data.version, groupIds: [] } })).body.status).toBe(40001);
  });

  it('the members of a built-in role are shown within the caller’s scope only', async () => {
    const ea = (await t.sql(`select id from base_group where code = 'enterpriseAdmin'`))[0].id;
    const all = (await t.call('GET', `/api/admin/group/${ea}/user`, { as: 'admin' })).body.data.members.map((u: any) => u.username);
    expect(all).toEqual(expect.arrayContaining(['qiye', 'qiye2']));
    // a government does not see the enterprises' built-in role at all
    expect((await t.call('GET', `/api/admin/group/${ea}/user`, { as: 'shiji' })).body.message).toBe('数据不存在或无权访问');
    const gs = (await t.sql(`select id from base_group where code = 'governmentSupervisor'`))[0].id;
    const province = (await t.call('GET', `/api/admin/group/${gs}/user`, { as: 'zhengfu' })).body.data.members.map((u: any) => u.username);
    expect(province).toEqual(expect.arrayContaining(['zhengfu', 'shiji']));
    const city = (await t.call('GET', `/api/admin/group/${gs}/user`, { as: 'shiji' })).body.data.members.map((u: any) => u.username);
    expect(city).toContain('shiji');
    expect(city).not.toContain('zhengfu');
  });
});
