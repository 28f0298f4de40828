/**
 * Accounts: a rejected registration cannot be taken over by whoever knows its (public) credit code, the
 * registration form does not tell which accounts exist, every registration step is in 操作日志, and repeated
 * wrong passwords ask for a captcha instead of locking the owner out.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { makeCreditCode } from '@dg/core';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { hashPassword } from '../../src/platform/crud/write.ts';

let t: TestApp;
let regionA: string;
beforeAll(async () => {
  t = await testApp();
  // this file registers several companies from one address: the registration limiter has its own test (audit.test.ts)
  const state = t.app.ctx.state;
  t.app.ctx.state = { ...state, hit: (key, limit, windowSec) => (key.startsWith('register') ? Promise.resolve(true) : state.hit(key, limit, windowSec)) };
  [{ region_code: regionA }] = await t.sql(`select e.region_code from base_user u join enterprise e on e.id = u.enterprise_id where u.username = 'qiye'`);
});

const UNUSABLE = '管理员账号：该账号不可用，请换一个（20位以内的英文字符和数字）';
const CAPTCHA = '登录失败次数过多，请输入验证码后重试';

/** a valid application in enterprise A's district (shiji's city), with unique name, credit code and account */
function application(o: Record<string, unknown> = {}) {
  const u = uid();
  return {
    name: `账户测试${u}运输有限公司`, creditCode: makeCreditCode(`91${regionA}${u.slice(0, 9).toUpperCase()}`), licenceNo: `测试许可${u}`,
    businessScope: ['3'], regionCode: regionA, address: '测试路2号', contact: '李申请', phone: '13900002222', username: `acc${u}`, password: 'abc12345', ...o,
  };
}
const register = (body: unknown) => t.call('POST', '/api/public/register', { body });
const revise = (body: unknown) => t.call('POST', '/api/public/register/revise', { body });
const status = (username: string, password: string) => t.call('POST', '/api/public/register/status', { body: { username, password } });
const reject = (id: string, as: 'zhengfu' | 'shiji' = 'shiji') => t.call('POST', `/api/audit/reject/enterprise/${id}`, { as, body: { opinion: '许可证号与许可机关记录不符' } });
const approve = (id: string) => t.call('POST', `/api/audit/pass/enterprise/${id}`, { as: 'shiji', body: {} });
const registrationRows = (enterpriseId: string) =>
  t.sql(`select opt, crt_name, crt_user, result, body, after from gate_log where menu = '企业注册' and enterprise_id = $1 order by crt_time, created_at`, [enterpriseId]);

/** an application the government has rejected: its id and the applicant's credentials */
async function rejected() {
  const body = application();
  const r = await register(body);
  expect(r.body.status).toBe(200);
  const id = r.body.data.enterpriseId as string;
  expect((await reject(id)).body.status).toBe(200);
  return { id, body };
}

describe('2. a rejected registration cannot be taken over', () => {
  it('another applicant with the same credit code gets neither the application nor its account', async () => {
    const { id, body } = await rejected();
    const attacker = application({ creditCode: body.creditCode, name: `冒名${uid()}公司`, username: `evil${uid()}`, password: 'evil12345' });
    const taken = await register(attacker);
    expect(taken.body).toMatchObject({ status: 40001, message: `统一社会信用代码“${body.creditCode}”的注册申请未通过审核，请原申请人在“查询注册进度”中修改后重新提交` });
    // revising needs the application's own account and password
    expect((await revise({ ...attacker })).body).toMatchObject({ status: 40001, message: '账户或密码错误！' });
    expect((await revise({ ...attacker, username: body.username })).body).toMatchObject({ status: 40001, message: '账户或密码错误！' });
    const [e] = await t.sql(`select name, audit_status from enterprise where id = $1`, [id]);
    expect(e).toEqual({ name: body.name, audit_status: '已驳回' });
    expect((await t.sql(`select username from base_user where enterprise_id = $1`, [id])).map((u) => u.username)).toEqual([body.username]);
    expect(await t.sql(`select 1 from base_user where username = $1`, [attacker.username])).toEqual([]);

    // the applicant corrects it, the government approves: only the applicant's credentials sign in
    expect((await revise({ ...body, licenceNo: `更正许可${uid()}` })).body.status).toBe(200);
    expect((await approve(id)).body.data.enabledUsers).toEqual([body.username]);
    expect((await t.login(attacker.username, attacker.password)).status).toBe(40001);
    const own = await t.login(body.username, body.password);
    expect(own.status).toBe(200);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: own.data })).body.enterpriseId).toBe(id);
    // an approved enterprise's credit code is not registered again
    expect((await register(application({ creditCode: body.creditCode }))).body.message).toBe(`统一社会信用代码“${body.creditCode}”已注册`);
  });

  it('the applicant reads the rejected application and revises it; it waits in 企业车辆审核 again, under the same account', async () => {
    const { id, body } = await rejected();
    const read = await status(body.username, body.password);
    expect(read.body.data).toMatchObject({ auditStatus: '已驳回', auditOpinion: '许可证号与许可机关记录不符',
      application: { name: body.name, creditCode: body.creditCode, licenceNo: body.licenceNo, businessScope: ['3'], regionCode: regionA, contact: '李申请', phone: body.phone } });
    const licenceNo = `更正许可${uid()}`;
    const r = await revise({ ...read.body.data.application, licenceNo, contact: '李更正', username: body.username, password: body.password });
    expect(r.body).toMatchObject({ status: 200, message: '注册申请已重新提交，等待审核', data: { enterpriseId: id, auditStatus: '待审核' } });
    const [e] = await t.sql(`select licence_no, audit_status, audit_opinion, safety_manager from enterprise where id = $1`, [id]);
    expect(e).toEqual({ licence_no: licenceNo, audit_status: '待审核', audit_opinion: null, safety_manager: '李更正' });
    const queue = await t.call('POST', '/api/audit/pending/list', { as: 'shiji', body: { page: 1, size: 100, filters: { type: 'enterprise', keyword: body.creditCode } } });
    expect(queue.body.data.content.map((x: { id: string; auditStatus: string }) => [x.id, x.auditStatus])).toEqual([[id, '待审核']]);
    // only a rejected application is revised
    expect((await revise({ ...body, licenceNo })).body).toMatchObject({ status: 40001, message: '注册申请当前为“待审核”，只有已驳回的申请可以修改后重新提交' });
    expect((await t.sql(`select username from base_user where enterprise_id = $1`, [id])).map((u) => u.username)).toEqual([body.username]);
  });

  it('every step has its operation-log row naming the applicant: apply, refused takeover, failed status read, reject, revise, approve', async () => {
    const body = application();
    const id = (await register(body)).body.data.enterpriseId as string;
    expect((await status(body.username, 'wrong999')).body.message).toBe('账户或密码错误！');
    expect((await t.call('POST', `/api/audit/reject/enterprise/${id}`, { as: 'zhengfu', body: { opinion: '资料不全' } })).body.status).toBe(200);
    const attacker = application({ creditCode: body.creditCode, username: `evil${uid()}` });
    expect((await register(attacker)).body.status).toBe(40001);
    expect((await revise({ ...body })).body.status).toBe(200);
    expect((await approve(id)).body.status).toBe(200);

    const [applicant] = await t.sql(`select id from base_user where username = $1`, [body.username]);
    const rows = await registrationRows(id);
    expect(rows.map((r) => [r.opt, r.crt_name, r.result])).toEqual([
      ['提交注册申请', body.username, '成功'],
      ['提交注册申请', attacker.username, '拒绝(40001)'],
      ['修改注册申请', body.username, '成功'],
    ]);
    expect(rows[0]).toMatchObject({ crt_user: applicant.id, after: { enterpriseId: id, creditCode: body.creditCode, username: body.username } });
    expect(rows[1].after.message).toContain('未通过审核');
    expect(JSON.stringify(rows)).not.toContain(body.password);
    const [read] = await t.sql(`select result from gate_log where menu = '企业注册' and opt = '查询注册进度' and crt_name = $1`, [body.username]);
    expect(read).toEqual({ result: '拒绝(40001)' });
    const [rej] = await t.sql(`select crt_name, result, after from gate_log where uri = $1`, [`/api/audit/reject/enterprise/${id}`]);
    expect(rej).toMatchObject({ result: '成功', after: { applicants: [body.username], audit_status: '已驳回' } });
    const [pass] = await t.sql(`select result, after from gate_log where uri = $1`, [`/api/audit/pass/enterprise/${id}`]);
    expect(pass).toMatchObject({ result: '成功', after: { applicants: [body.username], enabledUsers: [body.username] } });
  });

  it('the form answers a taken account exactly like a malformed one', async () => {
    const answers = [];
    for (const username of ['admin', 'zhengfu', 'ZhengFu', `no-such_${uid()}!`]) {
      const body = application({ username });
      const r = await register(body);
      answers.push(r.body);
      expect(await t.sql(`select 1 from enterprise where credit_code = $1`, [body.creditCode])).toEqual([]);
      // with another field wrong as well, data.errors still lists the account alike
      answers.push((await register(application({ username, phone: '12345' }))).body);
    }
    expect(answers[0]).toEqual({ status: 40001, message: UNUSABLE, data: { errors: [{ field: 'username', label: '管理员账号', message: UNUSABLE }] } });
    for (let i = 2; i < answers.length; i += 2) expect([i, answers[i]]).toEqual([i, answers[0]]);
    for (let i = 3; i < answers.length; i += 2) expect([i, answers[i]]).toEqual([i, answers[1]]);
    expect(answers[1].data.errors.map((e: { field: string }) => e.field)).toEqual(['phone', 'username']);
  });
});

/** a throw-away enabled user of enterprise A */
async function makeUser(password = 'pass1234') {
  const username = uid('acc');
  const [ent] = await t.sql(`select enterprise_id as id from base_user where username = 'qiye'`);
  const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('账户测试', $1, $2, 'enterprise', $3, '1') returning id`,
    [username, await hashPassword(password), ent.id]);
  await t.sql(`insert into base_group_member (group_id, user_id) select id, $1 from base_group where code = 'enterpriseAdmin'`, [u.id]);
  return { id: u.id as string, username, password };
}

/** a captcha the server issued, read as the person at the screen would */
async function captcha(app: TestApp = t) {
  const img = await app.call('GET', '/api/admin/user/getVerify');
  const [cap] = await app.sql(`select text from captcha where id = $1`, [img.body.data.verifyId]);
  return { verifyId: img.body.data.verifyId as string, verifyCode: cap.text as string };
}
const signIn = async (username: string, password: string, extra: Record<string, unknown> = {}) =>
  (await t.call('POST', '/api/auth/jwt/token', { body: { username, password, type: 1, ...extra } })).body;

describe('8. no one can lock an account', () => {
  it('after 5 wrong passwords the owner still signs in, with a captcha; an unknown name answers alike at every step', async () => {
    const u = await makeUser();
    const ghost = uid('ghost');
    const both = async (password: (name: string) => string, extra: () => Promise<Record<string, unknown>> = async () => ({})) => {
      const a = await signIn(u.username, password(u.username), await extra());
      const b = await signIn(ghost, password(ghost), await extra());
      expect(b).toEqual(a);
      return a;
    };
    for (let i = 1; i <= 5; i++) {
      const r = await both(() => 'wrong-one');
      expect(r.message).toBe(i < 5 ? `账户或密码错误！再失败${5 - i}次后登录需输入验证码` : CAPTCHA);
    }
    // the right password without a captcha (LOGIN_CAPTCHA is off here): refused, and the page is told to show one
    expect(await signIn(u.username, u.password)).toEqual({ status: 40001, message: CAPTCHA, data: { captcha: true } });
    expect(await signIn(ghost, 'whatever1')).toEqual({ status: 40001, message: CAPTCHA, data: { captcha: true } });
    expect(await both(() => 'wrong-one', async () => ({ verifyId: (await captcha()).verifyId, verifyCode: 'zzzz' }))).toEqual({ status: 40001, message: '验证码不正确', data: { captcha: true } });
    expect(await both(() => 'wrong-one', captcha)).toEqual({ status: 40001, message: '账户或密码错误！', data: { captcha: true } });
    // the right password with a solved captcha signs in during the 15 minutes
    const ok = await signIn(u.username, u.password, await captcha());
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/admin/user/front/info', { token: ok.data })).body.username).toBe(u.username);
    const [row] = await t.sql(`select locked_until, failed_logins from base_user where id = $1`, [u.id]);
    expect(row).toEqual({ locked_until: null, failed_logins: 0 });
  });

  it('the address that made the failures is slowed, not the account', async () => {
    const c = await testApp({ trustProxy: ['127.0.0.1'], loginAddressFailures: 30 });
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const from = (ip: string, username: string, password: string) =>
      c.app.inject({ method: 'POST', url: '/api/auth/jwt/token', headers: { 'x-forwarded-for': ip }, payload: { username, password, type: 1 } }).then((r) => r.json());
    for (let i = 0; i <= 30; i++) expect((await from(address, uid('spray'), 'guess123')).message).toContain('账户或密码错误！');
    const u = await makeUser();
    expect(await from(address, u.username, u.password)).toMatchObject({ status: 40001, message: '登录失败次数过多，请15分钟后再试' });
    // the owner, from elsewhere, is not held up
    expect((await from('10.254.254.254', u.username, u.password)).status).toBe(200);
  });
});
