/** GET /api/xxda/laborContract/getCmpsnByCertificate — pre-filling 入职 from an existing person by certificate number. */
import { describe, it, expect, beforeAll } from 'vitest';
import { uid, type TestApp } from '../helpers.ts';
import { recordsApp, demoEnterprises, ok, staffBody, idCard, type DemoEnterprises } from './fixtures.ts';
import { CERTIFICATE_NOT_FOUND } from '../../src/modules/records/index.ts';

let t: TestApp;
let E: DemoEnterprises;
const url = (c: string) => `/api/xxda/laborContract/getCmpsnByCertificate?certificate=${encodeURIComponent(c)}`;

beforeAll(async () => { t = await recordsApp(); E = await demoEnterprises(t); });

describe('getCmpsnByCertificate', () => {
  it('finds a person of the caller\'s enterprise by ID number or 从业资格证号, with the last contract', async () => {
    const qual = uid('CY');
    const s = await ok(t, 'POST', '/api/xxda/staff/add', 'qiye', staffBody(E.a.regionCode, { name: '周证件', sex: '2', mobile: '13811112222', post: '押运员', qualificationNo: qual }));
    const byId = await ok(t, 'GET', url(s.idCard), 'qiye');
    expect(byId).toEqual({ staffId: s.id, name: '周证件', sex: '2', idCard: s.idCard, mobile: '13811112222', post: '押运员', qualificationNo: qual, lastContract: null });
    // contracts: the latest entry's
    await ok(t, 'POST', '/api/xxda/staffEntry/add', 'qiye', { staffId: s.id, entryDate: '2021-03-01', post: '押运员', contractNo: 'HT-OLD', contractStart: '2021-03-01', contractEnd: '2022-02-28' });
    await ok(t, 'POST', '/api/xxda/staffLeave/add', 'qiye', { staffId: s.id, leaveDate: '2022-02-28', reason: '合同到期' });
    await ok(t, 'POST', '/api/xxda/staffEntry/add', 'qiye', { staffId: s.id, entryDate: '2023-05-01', post: '驾驶员', contractNo: 'HT-NEW', contractStart: '2023-05-01' });
    const byQual = await ok(t, 'GET', url(` ${qual} `), 'qiye');
    expect(byQual).toMatchObject({ staffId: s.id, post: '驾驶员', lastContract: { contractNo: 'HT-NEW', contractStart: '2023-05-01', contractEnd: null } });
  });

  it('a lower-case x of an ID number still finds the person', async () => {
    let id = idCard(E.a.regionCode);
    while (!id.endsWith('X')) id = idCard(E.a.regionCode);
    const s = await ok(t, 'POST', '/api/xxda/staff/add', 'qiye', staffBody(E.a.regionCode, { idCard: id }));
    expect((await ok(t, 'GET', url(id.toLowerCase()), 'qiye')).staffId).toBe(s.id);
  });

  it('not found answers status 500 with the message (the client shows no toast for it)', async () => {
    const r = await t.call('GET', url('330100199001010000'), { as: 'qiye' });
    expect(r.http).toBe(200);
    expect(r.body).toMatchObject({ status: 500, message: CERTIFICATE_NOT_FOUND, data: null });
  });

  it('not found carries errmsg as well (the envelope of a 500)', async () => {
    const r = await t.call('GET', url('330100199001010000'), { as: 'qiye' });
    expect(r.body.errmsg).toBe(CERTIFICATE_NOT_FOUND);
  });

  it('another enterprise\'s person is not found', async () => {
    const s = await ok(t, 'POST', '/api/xxda/staff/add', 'qiye2', staffBody(E.b.regionCode, { qualificationNo: uid('CY') }));
    expect((await t.call('GET', url(s.idCard), { as: 'qiye' })).body).toMatchObject({ status: 500, message: CERTIFICATE_NOT_FOUND });
    expect((await t.call('GET', url(s.qualificationNo), { as: 'qiye' })).body.status).toBe(500);
    expect((await ok(t, 'GET', url(s.idCard), 'qiye2')).staffId).toBe(s.id);
  });

  it('asks for a certificate, and needs the 入职 menu', async () => {
    expect((await t.call('GET', url(''), { as: 'qiye' })).body).toMatchObject({ status: 40001, message: '请输入证件号' });
    expect((await t.call('GET', url('330100199001010000'), { as: 'wuquanxian' })).body.status).toBe(40301);
    expect((await t.call('GET', url('330100199001010000'), { as: 'zhengfu' })).body.status).toBe(40301);
    expect((await t.call('GET', url('330100199001010000'))).http).toBe(401);
  });
});
