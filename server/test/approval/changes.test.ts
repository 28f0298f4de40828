/**
 * Security review finding 5: an enterprise cannot change the supervised fields of its approved records (its region,
 * licence, certificates, insurance dates, tank data) on its own. The change waits under 企业车辆审核 with the old and
 * new values side by side, the approved values stay in force, and only the government of the enterprise's approved
 * jurisdiction approves (the values are written) or rejects it with an opinion.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { makeCreditCode } from '@dg/core';
import { uid, type TestApp } from '../helpers.ts';
import { moduleApp, demoEnterprises, type DemoEnterprise } from '../warnings/app.ts';
import { day, makeVehicle } from '../waybill/fixtures.ts';

let t: TestApp;
let A: DemoEnterprise, B: DemoEnterprise;
let company: { id: string; token: string; username: string };

/** a company registered in enterprise B's district (qiye2's city; shiji governs A's city), approved by the province */
async function approvedCompany() {
  const u = uid();
  const body = {
    name: `变更${u}危险品运输有限公司`, creditCode: makeCreditCode(`91${B.regionCode}${u.slice(0, 9).toUpperCase()}`), licenceNo: `变更许可${u}`,
    businessScope: ['3'], regionCode: B.regionCode, address: '变更路1号', contact: '王变更', phone: '13900002222', username: `chg${u}`, password: 'abc12345',
  };
  const r = await t.call('POST', '/api/public/register', { body });
  expect(r.body.status).toBe(200);
  const id = r.body.data.enterpriseId as string;
  expect((await t.call('POST', `/api/audit/pass/enterprise/${id}`, { as: 'zhengfu', body: {} })).body.status).toBe(200);
  await t.sql(`update enterprise set licence_expiry = $2, legal_person = '王法人' where id = $1`, [id, day(200)]);
  const token = (await t.login(body.username, body.password)).data;
  return { id, token, username: body.username };
}

const info = async (resource: string, id: string) => (await t.call('GET', `/api/xxda/${resource}/info/${id}`, { token: company.token })).body.data;
const pending = async (as: 'zhengfu' | 'shiji', type: string) =>
  (await t.call('POST', '/api/audit/pending/list', { as, body: { page: 1, size: 100, filters: { type } } })).body.data.content as { id: string; title: string; detail: string }[];

beforeAll(async () => {
  t = await moduleApp();
  ({ a: A, b: B } = await demoEnterprises(t));
  t.app.ctx.state = { ...t.app.ctx.state, hit: async () => true };
  company = await approvedCompany();
});

describe('supervised fields of an approved enterprise', () => {
  it('wait for approval while the approved values stay; other fields change at once', async () => {
    const before = await info('enterprise', company.id);
    expect(before.auditStatus).toBe('已通过');
    const r = await t.call('PUT', '/api/xxda/enterprise/update', { token: company.token, body: {
      ...before, id: company.id, version: before.version, regionCode: A.regionCode, licenceExpiry: day(900), phone: '0571-88886666' } });
    expect([r.body.status, r.body.status === 200 ? '' : r.body.message]).toEqual([200, '']);
    expect(r.body.message).toBe('已保存；经营许可证有效期至、所在地区的变更已提交，待主管部门审核通过后生效');
    // stored: the approved region and licence date, the new phone
    const [row] = await t.sql(`select region_code, licence_expiry, phone from enterprise where id = $1`, [company.id]);
    expect(row).toEqual({ region_code: B.regionCode, licence_expiry: day(200), phone: '0571-88886666' });
    // the enterprise sees what waits
    const now = await info('enterprise', company.id);
    expect(now.latestChange.status).toBe('待审核');
    expect(Object.fromEntries(now.latestChange.fields.map((f: { field: string; old: unknown; new: unknown }) => [f.field, [f.old, f.new]])))
      .toEqual({ regionCode: [B.regionCode, A.regionCode], licenceExpiry: [day(200), day(900)] });
  });

  it('the government of the approved jurisdiction sees old and new; another city does not; rejecting needs an opinion', async () => {
    const name = (await info('enterprise', company.id)).name;
    const change = (await pending('zhengfu', 'enterpriseChange')).find((x) => x.title === name)!;
    expect(change.detail).toBe('经营许可证有效期至、所在地区');
    // shiji governs A's city: the company is still in B's (moving it is what waits)
    expect((await pending('shiji', 'enterpriseChange')).some((x) => x.id === change.id)).toBe(false);
    expect((await t.call('POST', `/api/audit/pass/enterpriseChange/${change.id}`, { as: 'shiji', body: {} })).body).toMatchObject({ status: 40001, message: '数据不存在或无权访问' });
    // an enterprise user cannot decide
    expect((await t.call('POST', `/api/audit/pass/enterpriseChange/${change.id}`, { token: company.token, body: {} })).body.status).toBe(40301);
    const detail = (await t.call('GET', `/api/audit/info/enterpriseChange/${change.id}`, { as: 'zhengfu' })).body.data;
    expect(detail.change.fields.find((f: { field: string }) => f.field === 'regionCode')).toEqual({ field: 'regionCode', label: '所在地区', old: B.regionCode, new: A.regionCode });
    expect((await t.call('POST', `/api/audit/reject/enterpriseChange/${change.id}`, { as: 'zhengfu', body: {} })).body.message).toBe('请输入驳回意见');
    const rej = await t.call('POST', `/api/audit/reject/enterpriseChange/${change.id}`, { as: 'zhengfu', body: { opinion: '迁址须提供新址证明' } });
    expect(rej.body.status).toBe(200);
    const [row] = await t.sql(`select region_code, licence_expiry from enterprise where id = $1`, [company.id]);
    expect(row).toEqual({ region_code: B.regionCode, licence_expiry: day(200) });
    expect((await info('enterprise', company.id)).latestChange).toMatchObject({ status: '已驳回', opinion: '迁址须提供新址证明' });
    // decided once
    expect((await t.call('POST', `/api/audit/pass/enterpriseChange/${change.id}`, { as: 'zhengfu', body: {} })).body.message).toMatch(/不是待审核状态/);
  });

  it('approved, the new values are the record\'s and its version moves on', async () => {
    const before = await info('enterprise', company.id);
    await t.call('PUT', '/api/xxda/enterprise/update', { token: company.token, body: { ...before, id: company.id, version: before.version, licenceExpiry: day(800) } });
    const change = (await pending('zhengfu', 'enterpriseChange')).find((x) => x.title === before.name)!;
    const [{ version }] = await t.sql(`select version from enterprise where id = $1`, [company.id]);
    const pass = await t.call('POST', `/api/audit/pass/enterpriseChange/${change.id}`, { as: 'zhengfu', body: {} });
    expect(pass.body).toMatchObject({ status: 200, message: '审核通过，变更已生效' });
    const [row] = await t.sql(`select licence_expiry, version from enterprise where id = $1`, [company.id]);
    expect(row).toEqual({ licence_expiry: day(800), version: version + 1 });
  });
});

describe('supervised fields of an approved vehicle', () => {
  it('an expired insurance date stays expired until the change is approved; a second edit updates the waiting change', async () => {
    const v = await makeVehicle(t, company.id, { carrier: day(-5) });
    const before = await info('vehicle', v.id);
    const edit = (o: Record<string, unknown>, version: number) => t.call('PUT', '/api/xxda/vehicle/update', { token: company.token, body: { ...before, id: v.id, version, ...o } });
    expect((await edit({ carrierInsuranceExpiry: day(300) }, before.version)).body.status).toBe(200);
    const [{ version: v2 }] = await t.sql(`select version from vehicle where id = $1`, [v.id]);
    expect((await edit({ carrierInsuranceExpiry: day(365), gpsTerminalNo: 'GPS-1' }, v2)).body.status).toBe(200);
    const [row] = await t.sql(`select carrier_insurance_expiry, gps_terminal_no from vehicle where id = $1`, [v.id]);
    expect(row).toEqual({ carrier_insurance_expiry: day(-5), gps_terminal_no: 'GPS-1' });
    // another enterprise neither reads the vehicle (nor so its waiting change) nor edits it
    expect((await t.call('GET', `/api/xxda/vehicle/info/${v.id}`, { as: 'qiye2' })).body).toMatchObject({ status: 40001, data: null });
    expect((await t.call('PUT', '/api/xxda/vehicle/update', { as: 'qiye2', body: { ...before, id: v.id, version: v2 + 1, carrierInsuranceExpiry: day(999) } })).body.status).toBe(40001);
    const changes = await t.sql(`select new_values, status from record_change where record_id = $1`, [v.id]);
    expect(changes).toEqual([{ new_values: { carrierInsuranceExpiry: day(365) }, status: '待审核' }]);
    const change = (await pending('zhengfu', 'vehicleChange')).find((x) => x.title === v.plateNo)!;
    expect(change.detail).toBe('承运人责任险止期');
    expect((await t.call('POST', `/api/audit/pass/vehicleChange/${change.id}`, { as: 'zhengfu', body: {} })).body.status).toBe(200);
    expect((await t.sql(`select carrier_insurance_expiry from vehicle where id = $1`, [v.id]))[0].carrier_insurance_expiry).toBe(day(365));
  });

  it('a government user edits directly; a record not yet approved changes directly', async () => {
    const v = await makeVehicle(t, company.id);
    await t.sql(`update vehicle set audit_status = '草稿' where id = $1`, [v.id]);
    const before = await info('vehicle', v.id);
    expect((await t.call('PUT', '/api/xxda/vehicle/update', { token: company.token, body: { ...before, id: v.id, version: before.version, transportCertExpiry: day(222) } })).body.message).toBe('success');
    expect((await t.sql(`select transport_cert_expiry from vehicle where id = $1`, [v.id]))[0].transport_cert_expiry).toBe(day(222));
    expect(await t.sql(`select 1 from record_change where record_id = $1`, [v.id])).toEqual([]);
  });
});
