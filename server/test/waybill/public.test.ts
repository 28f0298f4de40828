/** The roadside QR check: no token, masked names, no phone or ID numbers, one message for a wrong number or code, rate limited. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, type TestApp } from '../helpers.ts';
import { enterpriseOf, makeVehicle, makeTank, makeStaff, waybillIn, ok } from './fixtures.ts';

let t: TestApp;
let issued: { no: string; code: string; driverCard: string };
beforeAll(async () => {
  t = await testApp();
  const A = await enterpriseOf(t, 'qiye');
  const vehicle = await makeVehicle(t, A.id);
  const tank = await makeTank(t, A.id, { vehicleId: vehicle.id });
  const driver = await makeStaff(t, A.id, { types: ['driver'], name: '欧阳娜娜' });
  const escort = await makeStaff(t, A.id, { types: ['escort'], name: '张三' });
  const crew = { vehicle, tank, driver, escort, body: { vehicleId: vehicle.id, tankId: tank.id, driverId: driver.id, escortId: escort.id } };
  const { w } = await waybillIn(t, '待装货', { crew });
  const [s] = await t.sql(`select id_card from staff where id = $1`, [driver.id]);
  issued = { no: w.waybillNo, code: w.checkCode, driverCard: s.id_card };
});

const check = (no: string, code: string, ip = '10.1.1.1') =>
  t.app.inject({ method: 'GET', url: `/api/public/transportInfo?no=${encodeURIComponent(no)}&code=${encodeURIComponent(code)}`, remoteAddress: ip }).then((r) => r.json());

describe('GET /api/public/transportInfo', () => {
  it('shows carrier, plates, goods, route, status and dispatch time without a token; names masked', async () => {
    const r = await check(issued.no, issued.code);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ waybillNo: issued.no, state: '待装货', driverName: '欧***', escortName: '张*' });
    expect(r.data.carrierName).toBeTruthy();
    expect(r.data.plateNo).toMatch(/^浙A/);
    expect(r.data.goods).toEqual([{ unNo: '1203', goodsName: '车用汽油或汽油', goodsClass: '3', packingGroup: 'II', quantity: 10, unit: '吨' }]);
    expect(r.data.originRegionName).toContain('浙江省');
    expect(r.data.dispatchedAt).toBeTruthy();
    const text = JSON.stringify(r);
    expect(text).not.toContain('13800138000');
    expect(text).not.toContain(issued.driverCard);
    expect(text).not.toMatch(/Phone|idCard|qualificationNo|checkCode/);
  });

  it('accepts the code in lower case', async () => {
    expect((await check(issued.no, issued.code.toLowerCase())).status).toBe(200);
  });

  it('a wrong code and an unknown number get the same message', async () => {
    const wrongCode = await check(issued.no, issued.code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    const wrongNo = await check('33000019990101000001', issued.code);
    const garbage = await check('abc', '');
    for (const r of [wrongCode, wrongNo, garbage]) expect(r).toMatchObject({ status: 40001, message: '运单不存在或校验码错误', data: null });
  });

  it('is rate-limited per address: 30 a minute, then 查询过于频繁，请稍后再试', async () => {
    const ip = '10.2.3.4';
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await check(issued.no, issued.code, ip));
    expect(answers.slice(0, 30).every((a) => a.status === 200)).toBe(true);
    expect(answers[30]).toMatchObject({ status: 40001, message: '查询过于频繁，请稍后再试' });
    expect((await check(issued.no, issued.code, '10.2.3.5')).status).toBe(200);
  });

  it('the enterprise sees the check code on the detail; the government does not', async () => {
    const [w] = await t.sql(`select id from waybill where waybill_no = $1`, [issued.no]);
    expect(ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' })).checkCode).toBe(issued.code);
    const gov = ok(await t.call('GET', `/api/ydjg/waybill/info/${w.id}`, { as: 'zhengfu' }));
    expect(gov.checkCode).toBeUndefined();
  });
});
