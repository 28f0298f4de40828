import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from './helpers.ts';
import { hashPassword } from '../src/platform/crud/write.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

/** a throw-away enterprise user with the enterprise admin role */
async function makeUser(password = 'pass1234') {
  const username = uid('u');
  const [ent] = await t.sql(`select id from enterprise order by created_at limit 1`);
  const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('测试用户', $1, $2, 'enterprise', $3, '1') returning id`,
    [username, await hashPassword(password), ent.id]);
  await t.sql(`insert into base_group_member (group_id, user_id) select id, $1 from base_group where code = 'enterpriseAdmin'`, [u.id]);
  return { id: u.id as string, username, password };
}

describe('sign-in', () => {
  it('answers a token for the right password and 账户或密码错误！ for a wrong one', async () => {
    const ok = await t.login('qiye', 'qiye123');
    expect(ok.status).toBe(200);
    expect(ok.data.split('.')).toHaveLength(3);
    const bad = await t.login('qiye', 'wrong-pass');
    expect(bad.status).toBe(40001);
    expect(bad.message).toContain('账户或密码错误！');
    const nobody = await t.login(uid('nobody'), 'x');
    expect(nobody).toMatchObject({ status: 40001, message: '账户或密码错误！再失败4次后登录需输入验证码' });
  });

  it('trims the username', async () => {
    expect((await t.login('  qiye  ', 'qiye123')).status).toBe(200);
  });

  it('after 5 failures an account needs a captcha for 15 minutes, and the right password with it still signs in', async () => {
    const u = await makeUser();
    for (let i = 1; i <= 4; i++) expect((await t.login(u.username, 'bad')).message).toContain(`再失败${5 - i}次`);
    const fifth = await t.login(u.username, 'bad');
    expect(fifth).toMatchObject({ status: 40001, message: '登录失败次数过多，请输入验证码后重试', data: { captcha: true } });
    const right = await t.login(u.username, u.password);
    expect(right).toMatchObject({ status: 40001, message: '登录失败次数过多，请输入验证码后重试', data: { captcha: true } });
    const [row] = await t.sql(`select locked_until > now() + interval '14 minutes' as asks from base_user where id = $1`, [u.id]);
    expect(row.asks).toBe(true);
    const img = await t.call('GET', '/api/admin/user/getVerify');
    const [cap] = await t.sql(`select text from captcha where id = $1`, [img.body.data.verifyId]);
    const good = await t.call('POST', '/api/auth/jwt/token', { body: { username: u.username, password: u.password, type: 1, verifyId: img.body.data.verifyId, verifyCode: cap.text } });
    expect(good.body.status).toBe(200);
    // signed in: the requirement ends
    expect((await t.login(u.username, u.password)).status).toBe(200);
  });

  it('refuses a wrong or missing captcha when the captcha is on', async () => {
    const c = await testApp({ loginCaptcha: true });
    const img = await c.call('GET', '/api/admin/user/getVerify');
    expect(img.body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const missing = await c.call('POST', '/api/auth/jwt/token', { body: { username: 'qiye', password: 'qiye123', type: 1 } });
    expect(missing.body).toMatchObject({ status: 40001, message: '请输入验证码' });
    const wrong = await c.call('POST', '/api/auth/jwt/token', { body: { username: 'qiye', password: 'qiye123', type: 1, verifyId: img.body.data.verifyId, verifyCode: 'zzzz' } });
    expect(wrong.body).toMatchObject({ status: 40001, message: '验证码不正确' });
    // a captcha is single use: after a wrong try it is gone
    const again = await c.call('POST', '/api/auth/jwt/token', { body: { username: 'qiye', password: 'qiye123', type: 1, verifyId: img.body.data.verifyId, verifyCode: 'zzzz' } });
    expect(again.body.message).toBe('验证码已过期');
    const img2 = await c.call('GET', '/api/admin/user/getVerify');
    const [cap] = await c.sql(`select text from captcha where id = $1`, [img2.body.data.verifyId]);
    const good = await c.call('POST', '/api/auth/jwt/token', { body: { username: 'qiye', password: 'qiye123', type: 1, verifyId: img2.body.data.verifyId, verifyCode: cap.text.toUpperCase() } });
    expect(good.body.status).toBe(200);
  });

  it('answers 40001 naming the field for a missing username, never a 500', async () => {
    const r = await t.call('POST', '/api/auth/jwt/token', { body: { password: 'x' } });
    expect(r.body).toMatchObject({ status: 40001, message: '请输入账户' });
    const junk = await t.app.inject({ method: 'POST', url: '/api/auth/jwt/token', headers: { 'content-type': 'application/json' }, payload: '{bad json' });
    expect(junk.json()).toMatchObject({ status: 40001, message: '请求内容格式不正确' });
  });
});

describe('tokens', () => {
  it('a missing, forged or expired token gets HTTP 401 with status 40101', async () => {
    const none = await t.call('GET', '/api/admin/user/front/info');
    expect(none.http).toBe(401);
    expect(none.body.status).toBe(40101);
    const token = await t.token('qiye');
    const forged = token.slice(0, -3) + (token.endsWith('abc') ? 'xyz' : 'abc');
    const f = await t.call('GET', '/api/admin/user/front/info', { token: forged });
    expect([f.http, f.body.status]).toEqual([401, 40101]);
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ kind: 'admin' }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setJti('y').setIssuedAt(1).setExpirationTime(2).sign(new TextEncoder().encode('nope'));
    expect((await t.call('GET', '/api/admin/user/front/info', { token: expired })).http).toBe(401);
  });

  it('refresh issues a new token that works; the old one is refused at once', async () => {
    const u = await makeUser();
    const first = (await t.login(u.username, u.password)).data;
    expect((await t.call('GET', '/api/admin/user/front/info', { token: first })).body.username).toBe(u.username);
    const r = await t.call('GET', '/api/auth/jwt/refresh', { token: first });
    expect(r.body.status).toBe(200);
    expect(r.body.data).not.toBe(first);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: r.body.data })).body.username).toBe(u.username);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: first })).body.status).toBe(40101);
  });

  it('logout and jwt/invalid make a token refused everywhere', async () => {
    const u = await makeUser();
    const a = (await t.login(u.username, u.password)).data;
    expect((await t.call('GET', '/api/admin/user/logout', { token: a })).body.status).toBe(200);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: a })).body.status).toBe(40101);
    const b = (await t.login(u.username, u.password)).data;
    expect((await t.call('POST', `/api/auth/jwt/invalid?token=${encodeURIComponent(b)}`)).body.status).toBe(200);
    expect((await t.call('POST', '/api/admin/user/list', { token: b, body: {} })).body.status).toBe(40101);
  });

  it('a disabled user or a changed password refuses earlier tokens', async () => {
    const u = await makeUser();
    const a = (await t.login(u.username, u.password)).data;
    await t.sql(`update base_user set status = '0' where id = $1`, [u.id]);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: a })).http).toBe(401);
    expect((await t.login(u.username, u.password)).message).toBe('账户已停用，请联系管理员');
    await t.sql(`update base_user set status = '1' where id = $1`, [u.id]);
    const b = (await t.login(u.username, u.password)).data;
    expect((await t.call('GET', '/api/admin/user/front/info', { token: b })).body.username).toBe(u.username);
    // within the same second as the sign-in: the token epoch, not a clock, decides
    // (changed straight in the database, as another instance would: the notification arrives within milliseconds)
    await t.sql(`update base_user set password = $2 where id = $1`, [u.id, await hashPassword('other1234')]);
    await expect.poll(async () => (await t.call('GET', '/api/admin/user/front/info', { token: b })).body.status, { timeout: 2000, interval: 5 }).toBe(40101);
  });

  it('the super token and the main token are each refused on the other side', async () => {
    const sup = await t.token('super');
    const main = await t.token('admin');
    expect((await t.call('GET', '/api/super/admin/user/front/info', { token: sup })).body.username).toBe('super');
    expect((await t.call('GET', '/api/admin/user/front/info', { token: sup })).body.status).toBe(40101);
    expect((await t.call('GET', '/api/super/admin/user/front/info', { token: main })).body.status).toBe(40101);
    expect((await t.login('super', 'super123', 1)).message).toBe('超级管理员请从超级管理员入口登录');
    expect((await t.login('admin', 'admin123', 2)).message).toBe('该账户不是超级管理员');
  });

  it('a one-time ticket opens a session once, within 60 seconds', async () => {
    const token = await t.token('qiye');
    const ticket = (await t.call('POST', '/api/auth/ticket', { token })).body.data;
    const first = await t.call('POST', '/api/auth/jwt/ticket', { body: { ticket } });
    expect(first.body.status).toBe(200);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: first.body.data })).body.username).toBe('qiye');
    expect((await t.call('POST', '/api/auth/jwt/ticket', { body: { ticket } })).body.message).toBe('登录票据无效或已过期');
  });
});

describe('front info', () => {
  it('answers AG-Admin\'s shape with menu and element codes', async () => {
    const r = await t.call('GET', '/api/admin/user/front/info', { as: 'qiye' });
    expect(r.body).toMatchObject({ username: 'qiye', side: 'enterprise' });
    const codes = r.body.menus.map((m: { code: string }) => m.code);
    expect(codes).toContain('shipperManager');
    expect(codes).not.toContain('waybillMonitorManager');
    expect(r.body.elements.map((e: { code: string }) => e.code)).toContain('userManager:btn_add');
  });
  it('a user with no role has no menu', async () => {
    const r = await t.call('GET', '/api/admin/user/front/info', { as: 'wuquanxian' });
    expect(r.body.menus).toEqual([]);
    expect((await t.call('POST', '/api/admin/user/list', { as: 'wuquanxian', body: {} })).body).toMatchObject({ status: 40301, message: '当前用户无相关操作权限！', data: null });
  });
});
