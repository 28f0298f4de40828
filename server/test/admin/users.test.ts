/** 用户管理 and 个人中心: data scope, roles, side rules, disabling, reset/unlock, the operation log, profile and password. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { demoIds, makeUser, tokenOf, eventually, RANDOM_ID } from './util.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let roleIds: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  ids = await demoIds(t);
  roleIds = Object.fromEntries((await t.sql(`select code, id from base_group`)).map((r) => [r.code, r.id]));
});

const addUser = (as: 'qiye' | 'qiye2' | 'zhengfu' | 'shiji' | 'admin', body: Record<string, unknown>) =>
  t.call('POST', '/api/admin/user/add', { as, body: { name: '测试员', username: uid('u'), password: 'abc12345', side: 'enterprise', status: '1', ...body } });

describe('users of an enterprise', () => {
  it('an enterprise admin creates users of its own enterprise, whatever enterprise the form names', async () => {
    const r = await addUser('qiye', { groupIds: [roleIds.enterpriseAdmin] });
    expect(r.body.status).toBe(200);
    expect(r.body.data).toMatchObject({ side: 'enterprise', enterpriseId: ids.enterpriseA, groupIds: [roleIds.enterpriseAdmin], groupIdsLabel: ['企业管理员'] });
    expect(r.body.data.password).toBeUndefined();
    // naming another enterprise is refused rather than silently changed
    const other = await addUser('qiye', { enterpriseId: ids.enterpriseB });
    expect(other.body.status).toBe(40001);
    // and a government user cannot be made by an enterprise
    const gov = await addUser('qiye', { side: 'government', orgId: ids.orgCityA });
    expect(gov.body.status).toBe(40001);
  });

  it("enterprise B cannot list, read, update, delete, reset or unlock enterprise A's users", async () => {
    const a = (await addUser('qiye', {})).body.data;
    const list = await t.call('POST', '/api/admin/user/list', { as: 'qiye2', body: { filters: { name: a.username } } });
    expect(list.body.data.total).toBe(0);
    const mine = await t.call('POST', '/api/admin/user/list', { as: 'qiye', body: { filters: { name: a.username } } });
    expect(mine.body.data.total).toBe(1);
    const refused = { status: 40001, message: '数据不存在或无权访问' };
    expect((await t.call('GET', `/api/admin/user/info/${a.id}`, { as: 'qiye2' })).body).toMatchObject(refused);
    expect((await t.call('PUT', '/api/admin/user/update', { as: 'qiye2', body: { id: a.id, version: a.version, name: '篡改' } })).body).toMatchObject(refused);
    expect((await t.call('DELETE', `/api/admin/user/del/${a.id}`, { as: 'qiye2' })).body).toMatchObject(refused);
    expect((await t.call('PUT', `/api/admin/user/resetPassword/${a.id}`, { as: 'qiye2', body: { password: 'newpass123' } })).body).toMatchObject(refused);
    expect((await t.call('PUT', `/api/admin/user/unlock/${a.id}`, { as: 'qiye2' })).body).toMatchObject(refused);
    const [row] = await t.sql(`select name from base_user where id = $1`, [a.id]);
    expect(row.name).toBe('测试员');
  });

  it('a government sees the users of its jurisdiction only', async () => {
    const a = (await addUser('qiye', {})).body.data;
    const b = (await addUser('qiye2', {})).body.data;
    const seen = async (as: 'shiji' | 'zhengfu' | 'admin', username: string) =>
      (await t.call('POST', '/api/admin/user/list', { as, body: { filters: { name: username } } })).body.data.total;
    expect(await seen('shiji', a.username)).toBe(1);
    expect(await seen('shiji', b.username)).toBe(0);
    expect(await seen('zhengfu', a.username)).toBe(1);
    expect(await seen('zhengfu', b.username)).toBe(1);
    expect(await seen('admin', b.username)).toBe(1);
    // the city sees itself, not the province
    const list = await t.call('POST', '/api/admin/user/list', { as: 'shiji', body: { filters: { name: 'zhengfu' } } });
    expect(list.body.data.content.map((u: { username: string }) => u.username)).not.toContain('zhengfu');
  });

  it('a government creates government users in its jurisdiction; only the platform creates platform users', async () => {
    const ok = await addUser('shiji', { side: 'government', orgId: ids.orgCityA, groupIds: [roleIds.governmentSupervisor] });
    expect(ok.body).toMatchObject({ status: 200, data: { side: 'government', orgId: ids.orgCityA, enterpriseId: null } });
    expect((await addUser('shiji', { side: 'government', orgId: ids.orgProvince })).body.status).toBe(40001);
    expect((await addUser('zhengfu', { side: 'platform' })).body).toMatchObject({ status: 40001, message: '用户类型：只有平台管理员可以创建平台用户' });
    expect((await addUser('admin', { side: 'platform' })).body.status).toBe(200);
    // an enterprise user made by the city must belong to an enterprise of the city
    expect((await addUser('shiji', { enterpriseId: ids.enterpriseB })).body.status).toBe(40001);
    expect((await addUser('shiji', { enterpriseId: ids.enterpriseA })).body.status).toBe(200);
  });

  it('roles: only the built-in role of the own side or own roles, and never one of another side', async () => {
    expect((await addUser('qiye', { groupIds: [roleIds.governmentSupervisor] })).body.status).toBe(40001);
    expect((await addUser('qiye', { groupIds: [roleIds.platformAdmin] })).body.status).toBe(40001);
    expect((await addUser('zhengfu', { side: 'government', orgId: ids.orgProvince, groupIds: [roleIds.platformAdmin] })).body.status).toBe(40001);
    // the platform may hand out any role, but only to users of the role's side
    expect((await addUser('admin', { enterpriseId: ids.enterpriseA, groupIds: [roleIds.governmentSupervisor] })).body.status).toBe(40001);
    const u = (await addUser('admin', { enterpriseId: ids.enterpriseA, groupIds: [roleIds.enterpriseAdmin] })).body.data;
    expect(u.groupIdsLabel).toEqual(['企业管理员']);
    // sending groupIds replaces the roles, leaving them out keeps them
    const kept = await t.call('PUT', '/api/admin/user/update', { as: 'qiye', body: { id: u.id, version: u.version, name: '改名' } });
    expect(kept.body.data.groupIds).toEqual([roleIds.enterpriseAdmin]);
    const cleared = await t.call('PUT', '/api/admin/user/update', { as: 'qiye', body: { id: u.id, version: kept.body.data.version, groupIds: [] } });
    expect(cleared.body.data.groupIds).toEqual([]);
    const rows = await t.sql(`select 1 from base_group_member where user_id = $1`, [u.id]);
    expect(rows).toHaveLength(0);
  });

  it('the account is unique across all users', async () => {
    const a = (await addUser('qiye', {})).body.data;
    const again = await addUser('shiji', { side: 'government', orgId: ids.orgCityA, username: a.username });
    expect(again.body).toMatchObject({ status: 40001, message: `账户“${a.username}”已存在` });
  });

  it('a stale version is refused and nothing is overwritten', async () => {
    const a = (await addUser('qiye', {})).body.data;
    const first = await t.call('PUT', '/api/admin/user/update', { as: 'qiye', body: { id: a.id, version: a.version, name: '第一次' } });
    expect(first.body.status).toBe(200);
    const stale = await t.call('PUT', '/api/admin/user/update', { as: 'qiye', body: { id: a.id, version: a.version, name: '第二次' } });
    expect(stale.body).toMatchObject({ status: 40001, message: '数据已被他人修改，请刷新后重试' });
    const [row] = await t.sql(`select name from base_user where id = $1`, [a.id]);
    expect(row.name).toBe('第一次');
  });

  it('disabling a user ends its sessions at once', async () => {
    const body = { password: 'abc12345' };
    const a = (await addUser('qiye', body)).body.data;
    const token = await tokenOf(t, a.username, body.password);
    expect((await t.call('GET', '/api/admin/user/front/info', { token })).body.username).toBe(a.username);
    await new Promise((r) => setTimeout(r, 1100));
    const off = await t.call('PUT', '/api/admin/user/update', { as: 'qiye', body: { id: a.id, version: a.version, status: '0' } });
    expect(off.body.status).toBe(200);
    expect((await t.call('GET', '/api/admin/user/front/info', { token })).http).toBe(401);
    expect((await t.login(a.username, body.password)).message).toBe('账户已停用，请联系管理员');
  });

  it('an admin cannot disable or delete its own account', async () => {
    const me = await makeUser(t, { side: 'enterprise', enterpriseId: ids.enterpriseA, role: 'enterpriseAdmin' });
    const token = await tokenOf(t, me.username, me.password);
    const [row] = await t.sql(`select version from base_user where id = $1`, [me.id]);
    expect((await t.call('PUT', '/api/admin/user/update', { token, body: { id: me.id, version: row.version, status: '0' } })).body.status).toBe(40001);
    expect((await t.call('DELETE', `/api/admin/user/del/${me.id}`, { token })).body).toMatchObject({ status: 40001, message: '不能删除当前登录的账户' });
  });

  it('deleting a user removes its role memberships', async () => {
    const a = (await addUser('qiye', { groupIds: [roleIds.enterpriseAdmin] })).body.data;
    expect((await t.call('DELETE', `/api/admin/user/del/${a.id}`, { as: 'qiye' })).body.status).toBe(200);
    expect(await t.sql(`select 1 from base_group_member where user_id = $1`, [a.id])).toHaveLength(0);
  });
});

describe('reset password and unlock', () => {
  it('resets the password: the new one signs in, the old one and old tokens do not', async () => {
    const u = await makeUser(t, { side: 'enterprise', enterpriseId: ids.enterpriseA });
    const old = await tokenOf(t, u.username, u.password);
    await new Promise((r) => setTimeout(r, 1100));
    const weak = await t.call('PUT', `/api/admin/user/resetPassword/${u.id}`, { as: 'qiye', body: { password: '12345678' } });
    expect(weak.body).toMatchObject({ status: 40001, message: '密码：请输入5-20位以内的字母、数字和字符，至少包含字母和数字两种' });
    const r = await t.call('PUT', `/api/admin/user/resetPassword/${u.id}`, { as: 'qiye', body: { password: 'fresh2024' } });
    expect(r.body.status).toBe(200);
    expect((await t.login(u.username, 'fresh2024')).status).toBe(200);
    expect((await t.login(u.username, u.password)).status).toBe(40001);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: old })).http).toBe(401);
    // the operation log keeps the call with the password redacted
    const [log] = await eventually(t, `select body, result, opt from gate_log where uri = $1 and result = '成功'`, [`/api/admin/user/resetPassword/${u.id}`]);
    expect(log).toMatchObject({ body: { password: '******' }, result: '成功', opt: '重置密码' });
  });

  it('unlocks a locked account', async () => {
    const u = await makeUser(t, { side: 'enterprise', enterpriseId: ids.enterpriseA });
    await t.sql(`update base_user set locked_until = now() + interval '15 minutes', failed_logins = 0 where id = $1`, [u.id]);
    expect((await t.login(u.username, u.password)).message).toBe('登录失败次数过多，请输入验证码后重试');
    expect((await t.call('PUT', `/api/admin/user/unlock/${u.id}`, { as: 'shiji' })).body.status).toBe(200);
    expect((await t.login(u.username, u.password)).status).toBe(200);
    expect((await t.call('PUT', `/api/admin/user/unlock/${RANDOM_ID}`, { as: 'admin' })).body.message).toBe('数据不存在或无权访问');
  });
});

describe('operation log', () => {
  it('writes a row per write, with the password redacted and before/after of an update', async () => {
    const a = (await addUser('qiye', { password: 'secret123' })).body.data;
    const [add] = await eventually(t, `select body, after, crt_name, menu, opt, method, result from gate_log where uri = '/api/admin/user/add' and after->>'id' = $1`, [a.id]);
    expect(add).toMatchObject({ menu: '用户管理', opt: '新增', method: 'POST', result: '成功', crt_name: '张安全' });
    expect(add.body.password).toBe('******');
    expect(add.after.password).toBe('******');
    await t.call('PUT', '/api/admin/user/update', { as: 'qiye', body: { id: a.id, version: a.version, name: '改过的名字' } });
    const [upd] = await eventually(t, `select before, after from gate_log where uri = '/api/admin/user/update' and after->>'id' = $1`, [a.id]);
    expect(upd.before.name).toBe('测试员');
    expect(upd.after.name).toBe('改过的名字');
    // a refused write is logged as refused
    await t.call('PUT', '/api/admin/user/update', { as: 'qiye', body: { id: a.id, version: 1, name: '过期版本' } });
    const [stale] = await eventually(t, `select result, after from gate_log where uri = '/api/admin/user/update' and body->>'id' = $1 and body->>'name' = '过期版本'`, [a.id]);
    expect(stale.result).toBe('拒绝(40001)');
    expect(stale.after).toBeNull();
    // enterprise B does not see A's log rows; the city of A does, the city of A does not see B's
    const seen = await t.call('POST', '/api/admin/gateLog/list', { as: 'qiye2', body: { filters: { crtName: '张安全' } } });
    expect(seen.body.data.total).toBe(0);
    expect((await t.call('POST', '/api/admin/gateLog/list', { as: 'shiji', body: { filters: { crtName: '张安全' } } })).body.data.total).toBeGreaterThan(0);
    await addUser('qiye2', {});
    await eventually(t, `select 1 from gate_log where crt_name = '李调度'`);
    expect((await t.call('POST', '/api/admin/gateLog/list', { as: 'shiji', body: { filters: { crtName: '李调度' } } })).body.data.total).toBe(0);
    // a government sees what its own people did; an enterprise does not
    const gov = await addUser('shiji', { side: 'government', orgId: ids.orgCityA });
    await eventually(t, `select 1 from gate_log where uri = '/api/admin/user/add' and after->>'id' = $1`, [gov.body.data.id]);
    expect((await t.call('POST', '/api/admin/gateLog/list', { as: 'shiji', body: { filters: { crtName: '赵运管' } } })).body.data.total).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/admin/gateLog/list', { as: 'zhengfu', body: { filters: { crtName: '赵运管' } } })).body.data.total).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/admin/gateLog/list', { as: 'qiye', body: { filters: { crtName: '赵运管' } } })).body.data.total).toBe(0);
  });

  it('shows sign-ins and sign-outs beside the writes, to the user\'s enterprise and not another', async () => {
    const made = await makeUser(t, { side: 'enterprise', enterpriseId: ids.enterpriseA });
    const u = { ...made, name: '登录' + made.username.slice(-6) };
    await t.sql(`update base_user set name = $2 where id = $1`, [u.id, u.name]);
    const signedIn = await t.login(u.username, u.password);
    expect(signedIn.status).toBe(200);
    await t.call('GET', '/api/admin/user/logout', { token: signedIn.data });
    const rows = async (as: 'qiye' | 'qiye2') => (await t.call('POST', '/api/admin/gateLog/list', { as, body: { filters: { crtName: u.name } } })).body.data;
    await expect.poll(async () => (await rows('qiye')).content.map((r: { opt: string }) => r.opt).sort(), { timeout: 5000 }).toEqual(['登录', '退出登录']);
    expect((await rows('qiye')).content[0]).toMatchObject({ menu: '登录', result: '成功', crtName: u.name });
    expect((await rows('qiye2')).total).toBe(0);
  });
});

describe('个人中心', () => {
  it('shows and edits the own profile with the rule set', async () => {
    const u = await makeUser(t, { side: 'enterprise', enterpriseId: ids.enterpriseA });
    const token = await tokenOf(t, u.username, u.password);
    const p = await t.call('GET', '/api/admin/user/profile', { token });
    expect(p.body.data).toMatchObject({ username: u.username, side: 'enterprise' });
    expect(p.body.data.enterpriseName).toMatch(/有限公司$/);
    expect(p.body.data.logins[0]).toMatchObject({ result: '成功' });
    expect(p.body.data.logins[0].at).toBeTruthy();
    const bad = await t.call('PUT', '/api/admin/user/profile', { token, body: { name: '新名字', mobile: '123' } });
    expect(bad.body).toMatchObject({ status: 40001, message: '手机：请输入正确手机号码' });
    const good = await t.call('PUT', '/api/admin/user/profile', { token, body: { name: '新名字', mobile: '13912345678', email: 'a@b.cn' } });
    expect(good.body.status).toBe(200);
    expect((await t.call('GET', '/api/admin/user/profile', { token })).body.data).toMatchObject({ name: '新名字', mobile: '13912345678', email: 'a@b.cn' });
  });

  it('a password change kills the old token and answers a new one that works', async () => {
    const u = await makeUser(t, { side: 'enterprise', enterpriseId: ids.enterpriseA });
    const old = await tokenOf(t, u.username, u.password);
    const wrong = await t.call('PUT', '/api/admin/user/password', { token: old, body: { oldPassword: 'nope1234', newPassword: 'next2024' } });
    expect(wrong.body).toMatchObject({ status: 40001, message: '原密码不正确' });
    const same = await t.call('PUT', '/api/admin/user/password', { token: old, body: { oldPassword: u.password, newPassword: u.password } });
    expect(same.body.status).toBe(40001);
    const weak = await t.call('PUT', '/api/admin/user/password', { token: old, body: { oldPassword: u.password, newPassword: 'abc' } });
    expect(weak.body.message).toBe('新密码：请输入5-20位以内的字母、数字和字符，至少包含字母和数字两种');
    const r = await t.call('PUT', '/api/admin/user/password', { token: old, body: { oldPassword: u.password, newPassword: 'next2024' } });
    expect(r.body.status).toBe(200);
    const fresh = r.body.data as string;
    expect(fresh.split('.')).toHaveLength(3);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: old })).http).toBe(401);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: fresh })).body.username).toBe(u.username);
    expect((await t.login(u.username, 'next2024')).status).toBe(200);
    const [log] = await eventually(t, `select body from gate_log where uri = '/api/admin/user/password' and crt_user = $1 and result = '成功'`, [u.id]);
    expect(log.body).toEqual({ oldPassword: '******', newPassword: '******' });
  });
});
