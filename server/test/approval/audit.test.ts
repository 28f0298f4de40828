/**
 * 企业注册 and 企业车辆审核: a company applies without an account, the
 * government of its area approves or rejects it; new vehicles and tanks are reviewed the same way.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { makeCreditCode } from '@dg/core';
import { uid, testApp, type TestApp } from '../helpers.ts';
import { moduleApp, data, demoEnterprises, addVehicle, addStaff, type DemoEnterprise } from '../warnings/app.ts';
import { REGISTER_LIMIT } from '../../src/modules/approval/register.ts';
import { approvalModule } from '../../src/modules/approval/index.ts';

let t: TestApp;
let A: DemoEnterprise, B: DemoEnterprise;
beforeAll(async () => {
  t = await moduleApp();
  ({ a: A, b: B } = await demoEnterprises(t));
  // this file registers many companies from one address: the limiter is tested on an app of its own below
  t.app.ctx.state = { ...t.app.ctx.state, hit: async () => true };
});

/** a valid application in the district of `regionCode`, with unique name, credit code and account */
function application(regionCode: string, o: Record<string, unknown> = {}) {
  const u = uid();
  return {
    name: `测试${u}危险品运输有限公司`, creditCode: makeCreditCode(`91${regionCode}${u.slice(0, 9).toUpperCase()}`), licenceNo: `测试许可${u}`,
    businessScope: ['3', '8'], regionCode, address: '测试路1号', contact: '王申请', phone: '13900001111', username: `reg${u}`, password: 'abc12345', ...o,
  };
}
const GOOD = makeCreditCode('91330100MA2B00000');
const WRONG_CHECK = GOOD.slice(0, 17) + (GOOD[17] === '0' ? '1' : '0');
const register = (body: unknown) => t.call('POST', '/api/public/register', { body });
const pending = (as: 'zhengfu' | 'shiji' | 'qiye', filters: Record<string, unknown> = {}) =>
  data(t, 'POST', '/api/audit/pending/list', as, { page: 1, size: 100, filters });

describe('POST /api/public/register', () => {
  it('creates a 待审核 enterprise and its disabled administrator in one go, without signing in', async () => {
    const body = application(A.regionCode);
    const r = await register(body);
    expect(r.body).toMatchObject({ status: 200, message: '注册申请已提交，等待审核', data: { auditStatus: '待审核' } });
    const [e] = await t.sql(`select name, credit_code, licence_no, business_scope, region_code, audit_status, status, phone, safety_manager from enterprise where id = $1`, [r.body.data.enterpriseId]);
    expect(e).toEqual({ name: body.name, credit_code: body.creditCode, licence_no: body.licenceNo, business_scope: ['3', '8'], region_code: A.regionCode,
      audit_status: '待审核', status: '正常', phone: body.phone, safety_manager: '王申请' });
    const [u] = await t.sql(`select u.name, u.side, u.status, u.mobile, g.code from base_user u join base_group_member m on m.user_id = u.id join base_group g on g.id = m.group_id where u.username = $1`, [body.username]);
    expect(u).toEqual({ name: '王申请', side: 'enterprise', status: '0', mobile: body.phone, code: 'enterpriseAdmin' });
    // not before approval
    expect((await t.login(body.username, body.password)).message).toBe('账户已停用，请联系管理员');
    const status = await t.call('POST', '/api/public/register/status', { body: { username: body.username, password: body.password } });
    expect(status.body.data).toEqual({ enterpriseName: body.name, auditStatus: '待审核', auditOpinion: null });
    expect((await t.call('POST', '/api/public/register/status', { body: { username: body.username, password: 'wrong1' } })).body.message).toBe('账户或密码错误！');
  });

  it('names the field of every invalid value in Chinese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入企业名称'],
      [{ name: 'x'.repeat(101) }, '企业名称不能超过100个字符'],
      [{ creditCode: undefined }, '请输入统一社会信用代码'],
      [{ creditCode: WRONG_CHECK }, '统一社会信用代码：统一社会信用代码校验码不正确'],
      [{ creditCode: '9133' }, '统一社会信用代码：统一社会信用代码长度不为18位'],
      [{ licenceNo: ' ' }, '请输入道路运输经营许可证号'],
      [{ businessScope: [] }, '请选择经营范围'],
      [{ businessScope: ['rocket'] }, '经营范围：请选择有效的经营范围'],
      [{ regionCode: undefined }, '请选择所在地区'],
      [{ regionCode: '110101' }, '所在地区：请选择浙江省的地区'],
      [{ regionCode: '339999' }, '所在地区：请选择正确的行政区划'],
      [{ address: '' }, '请输入详细地址'],
      [{ contact: '' }, '请输入联系人'],
      [{ phone: '12345' }, '联系电话：号码格式不正确'],
      [{ username: '' }, '请输入管理员账号'],
      [{ username: '管理员' }, '管理员账号：该账号不可用，请换一个（20位以内的英文字符和数字）'],
      [{ password: '' }, '请输入密码'],
      [{ password: 'abcdef' }, '密码：请输入5-20位以内的字母、数字和字符，至少包含字母和数字两种'],
    ];
    for (const [patch, message] of cases) {
      const r = await register(application(A.regionCode, patch));
      expect(r.body, JSON.stringify(patch)).toMatchObject({ status: 40001, message });
    }
    // every problem at once in data.errors, in the form's order
    const all = await register({ phone: 'x' });
    expect(all.body.data.errors.map((e: { label: string }) => e.label)).toEqual(['企业名称', '统一社会信用代码', '道路运输经营许可证号', '经营范围', '所在地区', '详细地址', '联系人', '联系电话', '管理员账号', '密码']);
  });

  it('refuses a credit code, name or account already taken, naming it', async () => {
    const first = application(A.regionCode);
    expect((await register(first)).body.status).toBe(200);
    expect((await register(application(A.regionCode, { creditCode: first.creditCode }))).body).toMatchObject({ status: 40001, message: `统一社会信用代码“${first.creditCode}”已提交注册申请，正在审核中` });
    expect((await register(application(A.regionCode, { name: first.name }))).body).toMatchObject({ status: 40001, message: `企业名称“${first.name}”已注册` });
    expect((await register(application(A.regionCode, { username: 'qiye' }))).body).toMatchObject({ status: 40001, message: '管理员账号：该账号不可用，请换一个（20位以内的英文字符和数字）' });
    const [demo] = await t.sql(`select credit_code from enterprise where id = $1`, [A.id]);
    expect((await register(application(A.regionCode, { creditCode: demo.credit_code }))).body).toMatchObject({ status: 40001, message: `统一社会信用代码“${demo.credit_code}”已注册` });
    // nothing half-made
    expect(await t.sql(`select 1 from base_user where username = $1`, [`x${first.username}`])).toHaveLength(0);
  });

  it('accepts the first web form\'s enterpriseName for name', async () => {
    const { name, ...rest } = application(A.regionCode);
    const r = await register({ ...rest, enterpriseName: name });
    expect(r.body.status).toBe(200);
  });

  it('is rate-limited per address', async () => {
    const c = await testApp();
    if (!c.app.hasRoute({ method: 'POST', url: '/api/public/register' })) await c.app.register(approvalModule, { prefix: '/api' });
    let last: any;
    for (let i = 0; i <= REGISTER_LIMIT.hits; i++) last = (await c.call('POST', '/api/public/register', { body: {} })).body;
    expect(last).toMatchObject({ status: 40001, message: '操作过于频繁，请稍后再试' });
  });
});

describe('企业车辆审核', () => {
  it('lists registrations, vehicles and tanks waiting in the jurisdiction, with their type', async () => {
    const inA = application(A.regionCode);
    const inB = application(B.regionCode);
    const ra = (await register(inA)).body.data.enterpriseId;
    const rb = (await register(inB)).body.data.enterpriseId;
    const v = await addVehicle(t, 'qiye', A.regionCode);
    await data(t, 'POST', `/api/xxda/vehicle/submitAudit/${v.id}`, 'qiye');
    const tank = await data(t, 'POST', '/api/xxda/tank/add', 'qiye2', { tankNo: uid('GT'), tankType: 'atmospheric', volume: 25, suitableMedia: ['1203'], inspectionExpiry: '2030-01-01', status: '在用' });
    await data(t, 'POST', `/api/xxda/tank/submitAudit/${tank.id}`, 'qiye2');

    const province = await pending('zhengfu');
    const ids = province.content.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([ra, rb, v.id, tank.id]));
    expect(province.content.find((r: { id: string }) => r.id === ra)).toMatchObject({ type: 'enterprise', typeTitle: '企业注册', title: inA.name, detail: inA.creditCode, auditStatus: '待审核' });
    expect(province.content.find((r: { id: string }) => r.id === v.id)).toMatchObject({ type: 'vehicle', typeTitle: '车辆', title: v.plateNo, enterpriseId: A.id });
    expect(province.content.find((r: { id: string }) => r.id === tank.id)).toMatchObject({ type: 'tank', typeTitle: '罐体', enterpriseId: B.id });
    expect(province.counts.enterprise + province.counts.vehicle + province.counts.tank).toBe(province.total);
    // the demo's own pending registration and vehicle are there too
    expect(province.content.some((r: { title: string }) => r.title.endsWith('恒安危化品运输有限公司'))).toBe(true);

    const city = (await pending('shiji')).content.map((r: { id: string }) => r.id);
    expect(city).toEqual(expect.arrayContaining([ra, v.id]));
    expect(city).not.toContain(rb);
    expect(city).not.toContain(tank.id);
    expect((await pending('zhengfu', { type: 'vehicle', keyword: v.plateNo })).content.map((r: { id: string }) => r.id)).toEqual([v.id]);
    expect((await t.call('POST', '/api/audit/pending/list', { as: 'qiye', body: {} })).body.status).toBe(40301);
  });

  it('通过 a registration enables its administrator, who can then sign in', async () => {
    const body = application(A.regionCode);
    const id = (await register(body)).body.data.enterpriseId;
    const info = await data(t, 'GET', `/api/audit/info/enterprise/${id}`, 'shiji');
    expect(info).toMatchObject({ typeTitle: '企业注册', row: { name: body.name, auditStatus: '待审核' }, applicant: { username: body.username, status: '0' } });
    const r = await t.call('POST', `/api/audit/pass/enterprise/${id}`, { as: 'shiji', body: {} });
    expect(r.body).toMatchObject({ status: 200, message: '审核通过', data: { auditStatus: '已通过', enabledUsers: [body.username] } });
    const login = await t.login(body.username, body.password);
    expect(login.status).toBe(200);
    const me = await t.call('GET', '/api/admin/user/front/info', { token: login.data });
    expect(me.body.enterpriseId).toBe(id);
    expect(me.body.menus.some((m: { code: string }) => m.code === 'vehicleBasicManager')).toBe(true);
    // decided once
    expect((await t.call('POST', `/api/audit/pass/enterprise/${id}`, { as: 'shiji', body: {} })).body).toMatchObject({ status: 40001, message: '该企业注册当前为“已通过”，不是待审核状态' });
    const [log] = await t.sql(`select opt, menu, result from gate_log where uri = $1 order by crt_time limit 1`, [`/api/audit/pass/enterprise/${id}`]);
    expect(log).toEqual({ opt: '通过', menu: '企业车辆审核', result: '成功' });
  });

  it('驳回 needs an opinion, which the enterprise then reads on its record; it may submit again', async () => {
    const v = await addVehicle(t, 'qiye', A.regionCode);
    await data(t, 'POST', `/api/xxda/vehicle/submitAudit/${v.id}`, 'qiye');
    for (const body of [{}, { opinion: '   ' }, undefined]) {
      expect((await t.call('POST', `/api/audit/reject/vehicle/${v.id}`, { as: 'zhengfu', body })).body, JSON.stringify(body)).toMatchObject({ status: 40001, message: '请输入驳回意见' });
    }
    const r = await data(t, 'POST', `/api/audit/reject/vehicle/${v.id}`, 'zhengfu', { opinion: '道路运输证复印件不清晰，请重新上传' });
    expect(r).toMatchObject({ auditStatus: '已驳回', auditOpinion: '道路运输证复印件不清晰，请重新上传' });
    const mine = await data(t, 'GET', `/api/xxda/vehicle/info/${v.id}`, 'qiye');
    expect(mine).toMatchObject({ auditStatus: '已驳回', auditOpinion: '道路运输证复印件不清晰，请重新上传' });
    expect((await pending('zhengfu', { auditStatus: '已驳回', keyword: v.plateNo })).content.map((x: { id: string }) => x.id)).toEqual([v.id]);
    await data(t, 'POST', `/api/xxda/vehicle/submitAudit/${v.id}`, 'qiye');
    expect((await data(t, 'POST', `/api/audit/pass/vehicle/${v.id}`, 'zhengfu', { opinion: '资料齐全' })).auditStatus).toBe('已通过');
  });

  it('a rejected registration keeps its administrator disabled, tells the applicant why, and may be submitted again', async () => {
    const body = application(A.regionCode);
    const id = (await register(body)).body.data.enterpriseId;
    await data(t, 'POST', `/api/audit/reject/enterprise/${id}`, 'zhengfu', { opinion: '经营许可证号与许可机关记录不符' });
    expect((await t.login(body.username, body.password)).status).toBe(40001);
    const status = await t.call('POST', '/api/public/register/status', { body: { username: body.username, password: body.password } });
    expect(status.body.data).toMatchObject({ auditStatus: '已驳回', auditOpinion: '经营许可证号与许可机关记录不符' });
    // a new application cannot take the credit code over; the applicant revises the application with its account and password
    expect((await register({ ...body, username: `${body.username}x`, licenceNo: '浙交运管许可杭字330100000999号' })).body.message).toContain('的注册申请未通过审核');
    const again = await t.call('POST', '/api/public/register/revise', { body: { ...body, licenceNo: '浙交运管许可杭字330100000999号' } });
    expect(again.body).toMatchObject({ status: 200, message: '注册申请已重新提交，等待审核', data: { enterpriseId: id, resubmitted: true } });
    const [e] = await t.sql(`select licence_no, audit_status, audit_opinion from enterprise where id = $1`, [id]);
    expect(e).toEqual({ licence_no: '浙交运管许可杭字330100000999号', audit_status: '待审核', audit_opinion: null });
    expect(await t.sql(`select 1 from base_user where enterprise_id = $1`, [id])).toHaveLength(1);
  });

  it('a registration\'s history is the workflow timeline: applied, rejected with the opinion, revised, approved', async () => {
    const body = application(A.regionCode);
    const id = (await register(body)).body.data.enterpriseId;
    await data(t, 'POST', `/api/audit/reject/enterprise/${id}`, 'shiji', { opinion: '许可证扫描件不清晰' });
    expect((await t.call('POST', '/api/public/register/revise', { body: { ...body, licenceNo: `更正${body.licenceNo}` } })).body.status).toBe(200);
    // a decision taken at a version the reviewer no longer sees is refused
    const [{ version }] = await t.sql(`select version from enterprise where id = $1`, [id]);
    expect((await t.call('POST', `/api/audit/pass/enterprise/${id}`, { as: 'shiji', body: { version: version - 1 } })).body).toMatchObject({ status: 40001, message: '数据已被他人修改，请刷新后重试' });
    await data(t, 'POST', `/api/audit/pass/enterprise/${id}`, 'shiji', { opinion: '资料齐全', version });
    const flow = await data(t, 'GET', `/api/audit/enterprise/flow/${id}`, 'shiji');
    expect(flow.map((f: { action: string; fromState: string | null; toState: string; opinion: string | null; side: string }) => [f.action, f.fromState, f.toState, f.opinion, f.side])).toEqual([
      ['提交注册申请', null, '待审核', null, 'enterprise'],
      ['驳回', '待审核', '已驳回', '许可证扫描件不清晰', 'government'],
      ['重新提交', '已驳回', '待审核', null, 'enterprise'],
      ['通过', '待审核', '已通过', '资料齐全', 'government'],
    ]);
    // an enterprise has no such screen; another city's officer does not find the registration
    expect((await t.call('GET', `/api/audit/enterprise/flow/${id}`, { as: 'qiye2' })).body.status).toBe(40301);
    const inB = (await register(application(B.regionCode))).body.data.enterpriseId;
    expect((await t.call('GET', `/api/audit/enterprise/flow/${inB}`, { as: 'shiji' })).body.message).toBe('数据不存在或无权访问');
  });

  it('outside the jurisdiction, or without the button, nothing happens', async () => {
    const inB = (await register(application(B.regionCode))).body.data.enterpriseId;
    expect((await t.call('POST', `/api/audit/pass/enterprise/${inB}`, { as: 'shiji', body: {} })).body).toMatchObject({ status: 40001, message: '数据不存在或无权访问' });
    expect((await t.call('POST', `/api/audit/reject/enterprise/${inB}`, { as: 'shiji', body: { opinion: '不在本市' } })).body).toMatchObject({ status: 40001, message: '数据不存在或无权访问' });
    expect((await t.call('GET', `/api/audit/info/enterprise/${inB}`, { as: 'shiji' })).body.message).toBe('数据不存在或无权访问');
    expect((await t.call('POST', `/api/audit/pass/enterprise/${inB}`, { as: 'qiye', body: {} })).body.status).toBe(40301);
    expect((await t.call('POST', `/api/audit/pass/boat/${inB}`, { as: 'zhengfu', body: {} })).body).toMatchObject({ status: 40001, message: '审核类型不正确' });
    const [e] = await t.sql(`select audit_status from enterprise where id = $1`, [inB]);
    expect(e.audit_status).toBe('待审核');
    // a vehicle still in 草稿 is not the reviewer's to decide
    const draft = await addVehicle(t, 'qiye', A.regionCode);
    expect((await t.call('POST', `/api/audit/pass/vehicle/${draft.id}`, { as: 'zhengfu', body: {} })).body).toMatchObject({ status: 40001, message: '该车辆当前为“草稿”，不是待审核状态' });
  });
});

describe('基础信息查询 (jcxxcxManager)', () => {
  it('lists enterprises, vehicles, staff and tanks of the jurisdiction under the jcxx menu codes', async () => {
    const province = await data(t, 'POST', '/api/jcxx/qyxxcx/list', 'zhengfu', { page: 1, size: 100 });
    const ids = province.content.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([A.id, B.id]));
    const city = (await data(t, 'POST', '/api/jcxx/qyxxcx/list', 'shiji', { page: 1, size: 100 })).content.map((r: { id: string }) => r.id);
    expect(city).toContain(A.id);
    expect(city).not.toContain(B.id);
    const v = await addVehicle(t, 'qiye2', B.regionCode);
    const vehicles = await data(t, 'POST', '/api/jcxx/clxxcx/list', 'zhengfu', { filters: { plateNo: v.plateNo } });
    expect(vehicles.content.map((r: { id: string; enterpriseName: string }) => [r.id, r.enterpriseName])).toEqual([[v.id, B.name]]);
    expect((await data(t, 'POST', '/api/jcxx/clxxcx/list', 'shiji', { filters: { plateNo: v.plateNo } })).total).toBe(0);
    expect((await data(t, 'POST', '/api/jcxx/cyryxx/list', 'zhengfu', { filters: { enterpriseId: A.id } })).content.every((r: { enterpriseId: string }) => r.enterpriseId === A.id)).toBe(true);
    // a tank of B's is listed to the province, not to A's city
    const tankNo = uid('GT');
    const tank = await data(t, 'POST', '/api/xxda/tank/add', 'qiye2', { tankNo, vehicleId: v.id, tankType: 'atmospheric', volume: 25, suitableMedia: ['1203'], inspectionExpiry: '2030-01-01', status: '在用' });
    const tanks = await data(t, 'POST', '/api/jcxx/jcxxgcgt/list', 'zhengfu', { filters: { tankNo } });
    expect(tanks.content.map((r: { id: string }) => r.id)).toEqual([tank.id]);
    expect((await data(t, 'POST', '/api/jcxx/jcxxgcgt/list', 'shiji', { filters: { tankNo } })).total).toBe(0);
    expect((await t.call('POST', '/api/jcxx/qyxxcx/list', { as: 'qiye', body: {} })).body.status).toBe(40301);
    const x = await t.app.inject({ method: 'POST', url: '/api/jcxx/clxxcx/export', headers: { authorization: await t.token('zhengfu') }, payload: { filters: { plateNo: v.plateNo } } });
    expect(x.headers['content-type']).toContain('spreadsheetml');
  });

  it('an enterprise\'s detail has its licences and the size of its fleet and staff; other details their related records', async () => {
    const d = await data(t, 'GET', `/api/jcxx/qyxxcx/info/${A.id}`, 'shiji');
    expect(d).toMatchObject({ id: A.id, name: A.name });
    // other suites write this enterprise's waybills and vehicles concurrently: the detail's counts must catch up with the base tables
    await expect.poll(async () => {
      const [w] = await t.sql(`select count(*)::int as n from waybill where enterprise_id = $1 and deleted_at is null`, [A.id]);
      const [n] = await t.sql(`select count(*)::int as n from vehicle where enterprise_id = $1 and status <> '报废'`, [A.id]);
      const now = await data(t, 'GET', `/api/jcxx/qyxxcx/info/${A.id}`, 'shiji');
      return [now.counts.waybills - w.n, now.counts.vehicles - n.n];
    }, { timeout: 10_000 }).toEqual([0, 0]);
    expect(Array.isArray(d.licences)).toBe(true);
    expect((await t.call('GET', `/api/jcxx/qyxxcx/info/${B.id}`, { as: 'shiji' })).body.message).toBe('数据不存在或无权访问');
    const v = await addVehicle(t, 'qiye', A.regionCode);
    const tank = await data(t, 'POST', '/api/xxda/tank/add', 'qiye', { tankNo: uid('GT'), vehicleId: v.id, tankType: 'atmospheric', volume: 25, suitableMedia: ['1203'], inspectionExpiry: '2030-01-01', status: '在用' });
    const vd = await data(t, 'GET', `/api/jcxx/clxxcx/info/${v.id}`, 'zhengfu');
    expect(vd.tanks.map((x: { id: string }) => x.id)).toEqual([tank.id]);
    const td = await data(t, 'GET', `/api/jcxx/jcxxgcgt/info/${tank.id}`, 'zhengfu');
    expect(td).toMatchObject({ id: tank.id, vehicle: { id: v.id, plateNo: v.plateNo }, checks: [] });
    // a person of A's own: the detail carries its 入职 and 离职 records (none yet)
    const staff = await addStaff(t, 'qiye', A.regionCode);
    expect(await data(t, 'GET', `/api/jcxx/cyryxx/info/${staff.id}`, 'zhengfu')).toMatchObject({ id: staff.id, entries: [], leaves: [] });
  });
});
