/** The waybill's lifecycle through the API: every transition and every refusal. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { enterpriseOf, makeCrew, makeVehicle, makeTank, makeStaff, waybillBody, waybillIn, ok, day, GASOLINE } from './fixtures.ts';
import { xlsxRows } from '../../src/platform/crud/xlsx-read.ts';

let t: TestApp;
let A: { id: string; regionCode: string };
beforeAll(async () => { t = await testApp(); A = await enterpriseOf(t, 'qiye'); });

const checks = { vehicleCert: true, crewQualification: true, inspectionValid: true, goodsMatch: true, tankMedia: true };

describe('draft → submit', () => {
  it('creates a draft with its goods lines, timeline and carrier snapshot; edits and submits it', async () => {
    const w = ok(await t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody({ goods: [GASOLINE, { unNo: '1202', goodsName: '柴油', goodsClass: '3', quantity: 5, unit: '吨' }] }) }));
    expect(w).toMatchObject({ state: '草稿', version: 1, enterpriseId: A.id, goodsClasses: ['3'], totalMassKg: 15000, goodsSummary: 'UN1203 车用汽油或汽油 3 II 10吨 等2种' });
    expect(w.carrierName).toBeTruthy();
    expect(w.checkCode).toBeUndefined();
    const e = ok(await t.call('PUT', '/api/dzyd/waybill/update', { as: 'qiye', body: { id: w.id, version: w.version, remark: '夜间禁行', goods: [GASOLINE] } }));
    expect(e).toMatchObject({ version: 2, remark: '夜间禁行', totalMassKg: 10000 });
    const stale = await t.call('PUT', '/api/dzyd/waybill/update', { as: 'qiye', body: { id: w.id, version: 1, remark: 'x' } });
    expect(stale.body).toMatchObject({ status: 40001, message: '数据已被他人修改，请刷新后重试' });
    const s = ok(await t.call('POST', `/api/dzyd/waybill/submit/${w.id}`, { as: 'qiye', body: { version: 2 } }));
    expect(s).toMatchObject({ state: '待调度', version: 3 });
    const again = await t.call('POST', `/api/dzyd/waybill/submit/${w.id}`, { as: 'qiye', body: { version: 3 } });
    expect(again.body).toMatchObject({ status: 40001, message: '当前状态为待调度，不能提交' });
    const edit = await t.call('PUT', '/api/dzyd/waybill/update', { as: 'qiye', body: { id: w.id, version: 3, remark: 'x' } });
    expect(edit.body).toMatchObject({ status: 40001, message: '当前状态为待调度，不能编辑' });
    const d = ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' }));
    expect(d.goods).toHaveLength(1);
    expect(d.timeline.map((x: { action: string; fromState: string | null; toState: string }) => [x.action, x.fromState, x.toState])).toEqual([['create', null, '草稿'], ['submit', '草稿', '待调度']]);
    expect(d.timeline[1]).toMatchObject({ userName: '张安全', actionLabel: '提交' });
  });

  it('validates with the shared rules and names the field', async () => {
    const r = await t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody({ shipperPhone: '12345' }) });
    expect(r.body).toMatchObject({ status: 40001, message: '托运人联系电话：号码格式不正确' });
    const g = await t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody({ goods: [] }) });
    expect(g.body).toMatchObject({ status: 40001, message: '请至少添加一条货物' });
    const q = await t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody({ goods: [{ ...GASOLINE, unNo: '12' }] }) });
    expect(q.body.message).toMatch(/^第1条货物：UN编号/);
  });

  it('fills parties and the route from base info ids', async () => {
    const shipper = ok(await t.call('POST', '/api/dzyd/shipper/add', { as: 'qiye', body: { name: '基础托运人' + uid(), phone: '0571-86000000', regionCode: '330102', address: '一号路' } }));
    const line = ok(await t.call('POST', '/api/dzyd/transportLine/add', { as: 'qiye', body: { name: '线路' + uid(), originRegion: '330102', originAddress: '起点', destRegion: '330203', destAddress: '终点', distanceKm: 100, expectedHours: 2.5 } }));
    const body = waybillBody({ shipperId: shipper.id, lineId: line.id });
    for (const k of ['shipperName', 'shipperPhone', 'originRegion', 'originAddress', 'destRegion', 'destAddress', 'expectedHours']) delete (body as Record<string, unknown>)[k];
    const w = ok(await t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body }));
    expect(w).toMatchObject({ shipperName: shipper.name, shipperPhone: '0571-86000000', originAddress: '起点', destRegion: '330203', expectedHours: 2.5, distanceKm: 100 });
    const other = ok(await t.call('POST', '/api/dzyd/shipper/add', { as: 'qiye2', body: { name: 'B托运人' + uid(), phone: '0574-86000000', regionCode: '330203', address: '二号路' } }));
    const r = await t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody({ shipperId: other.id }) });
    expect(r.body).toMatchObject({ status: 40001, message: '托运人：所选托运人不存在或无权使用' });
  });
});

describe('dispatch', () => {
  it('dispatches a compliant crew: crew snapshot, dispatcher, 待检查', async () => {
    const { w } = await waybillIn(t, '待调度');
    const crew = await makeCrew(t, A.id);
    const p = ok(await t.call('POST', '/api/dzyd/waybill/compliance', { as: 'qiye', body: { waybillId: w.id, ...crew.body } }));
    expect(p.problems).toEqual([]);
    const d = ok(await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, ...crew.body } }));
    expect(d).toMatchObject({ state: '待检查', plateNo: crew.vehicle.plateNo, tankNo: crew.tank.tankNo, driverName: crew.driver.name, escortName: crew.escort.name, dispatcherName: '张安全' });
    expect(d.dispatchedAt).toBeTruthy();
  });

  it('refuses a non-compliant crew with every problem at once', async () => {
    const { w } = await waybillIn(t, '待调度', { body: { goods: [{ ...GASOLINE, quantity: 25 }, { unNo: '1830', goodsName: '硫酸', goodsClass: '8', quantity: 1, unit: '吨' }] } });
    const vehicle = await makeVehicle(t, A.id, { cert: day(-1), review: day(-2), insurance: day(-3) });
    const tank = await makeTank(t, A.id, { expiry: day(-1), media: ['3'] });
    const driver = await makeStaff(t, A.id, { types: ['escort'] });
    const body = { version: w.version, vehicleId: vehicle.id, tankId: tank.id, driverId: driver.id };
    const r = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body });
    expect(r.body.status).toBe(40001);
    expect(r.body.data.problems).toEqual([
      `车辆${vehicle.plateNo}道路运输证过期（有效期至${day(-1)}）`,
      `车辆${vehicle.plateNo}年审过期（有效期至${day(-2)}）`,
      `车辆${vehicle.plateNo}保险过期（交强险有效期至${day(-3)}）`,
      `罐体${tank.tankNo}罐体检验过期（有效期至${day(-1)}）`,
      `货物UN1830硫酸不在罐体${tank.tankNo}适装介质范围`,
      `驾驶员${driver.name}从业资格证过期或类别不符（类别不含驾驶员）`,
      `驾驶员${driver.name}驾驶证过期（未登记有效期）`,
      '缺少押运员',
      '超过核定载质量（货物26000千克，核定20000千克）',
    ]);
    expect(r.body.message).toBe(r.body.data.problems.join('；'));
    const still = ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' }));
    expect(still).toMatchObject({ state: '待调度', version: w.version, plateNo: null });
  });

  it('行驶证 and 驾驶证: an expired 行驶证检验, an expired 驾驶证 and a missing 从业资格证号 are refused at dispatch, naming plate, person and date', async () => {
    const { w } = await waybillIn(t, '待调度');
    const vehicle = await makeVehicle(t, A.id, { inspection: day(-1) });
    const tank = await makeTank(t, A.id, { vehicleId: vehicle.id });
    const driver = await makeStaff(t, A.id, { types: ['driver'], licence: '2026-01-01', qualificationNo: null });
    const escort = await makeStaff(t, A.id, { types: ['escort'], qualificationNo: null });
    const r = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, vehicleId: vehicle.id, tankId: tank.id, driverId: driver.id, escortId: escort.id } });
    expect(r.body.status).toBe(40001);
    expect(r.body.data.problems).toEqual([
      `车辆${vehicle.plateNo}行驶证检验过期（有效期至${day(-1)}）`,
      `驾驶员${driver.name}未登记从业资格证号`,
      `驾驶员${driver.name}驾驶证过期（有效期至2026-01-01）`,
      `押运员${escort.name}未登记从业资格证号`,
    ]);
    // on the expiry day itself both documents are still valid
    const ok2 = await makeVehicle(t, A.id, { inspection: day(0) });
    const tank2 = await makeTank(t, A.id, { vehicleId: ok2.id });
    const driver2 = await makeStaff(t, A.id, { types: ['driver'], licence: day(0) });
    const escort2 = await makeStaff(t, A.id, { types: ['escort'] });
    const d = ok(await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, vehicleId: ok2.id, tankId: tank2.id, driverId: driver2.id, escortId: escort2.id } }));
    expect(d.state).toBe('待检查');
  });

  it('经营范围 by class and division: enterprise A carries classes 2, 3, 8, 9', async () => {
    const { w } = await waybillIn(t, '待调度', { body: { goods: [{ unNo: '1547', goodsName: '苯胺', goodsClass: '6.1', quantity: 5, unit: '吨' }] } });
    const crew = await makeCrew(t, A.id);
    await t.sql(`update tank set suitable_media = '{6.1}' where id = $1`, [crew.tank.id]);
    const r = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, ...crew.body } });
    expect(r.body.data.problems).toEqual(['经营范围不含6.1项（UN1547苯胺）']);
  });

  it('剧毒化学品 needs its own scope: UN1076 光气 (2.3, 剧毒) is refused to enterprise A (classes 2, 3, 8, 9)', async () => {
    const { w } = await waybillIn(t, '待调度', { body: { goods: [{ unNo: '1076', goodsName: '光气', quantity: 1, unit: '吨' }] } });
    expect(ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' })).goods[0]).toMatchObject({ goodsClass: '2.3', subsidiaryHazard: '8' });
    const crew = await makeCrew(t, A.id);
    await t.sql(`update tank set suitable_media = '{1076}' where id = $1`, [crew.tank.id]);
    const r = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, ...crew.body } });
    expect(r.body.data.problems).toEqual(['经营范围不含剧毒化学品（UN1076光气）']);
  });

  it('a goods line takes class, subsidiary hazard and packing group from the catalogue; another class or an unknown UN number is refused', async () => {
    const add = (goods: Record<string, unknown>[]) => t.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody({ goods }) });
    expect((await add([{ unNo: '2015', goodsName: '过氧化氢水溶液', goodsClass: '8', quantity: 1, unit: '吨' }])).body)
      .toMatchObject({ status: 40001, message: '第1条货物：类别：UN2015按危险货物品名表为5.1，不能填写8' });
    expect((await add([GASOLINE, { unNo: '9999', goodsName: '不明液体', goodsClass: '3', quantity: 1, unit: '吨' }])).body)
      .toMatchObject({ status: 40001, message: '第2条货物：UN9999不在危险货物品名表中，不能按危险货物填报（请核对UN编号）' });
    expect((await add([{ unNo: '2810', goodsName: '有机毒性液体', quantity: 1, unit: '吨' }])).body.message).toMatch(/^第1条货物：UN2810在危险货物品名表中有多个条目/);
    const made = ok(await add([{ unNo: '2015', goodsName: '过氧化氢水溶液', quantity: 1, unit: '吨' }, { unNo: '2810', goodsName: '有机毒性液体', packingGroup: 'III', quantity: 1, unit: '吨' }]));
    const w = ok(await t.call('GET', `/api/dzyd/waybill/info/${made.id}`, { as: 'qiye' }));
    expect(w.goods.map((g: Record<string, unknown>) => [g.goodsClass, g.subsidiaryHazard, g.packingGroup])).toEqual([['5.1', '8', 'I'], ['6.1', null, 'III']]);
    expect(w.goods[0].goodsId).toBeTruthy();
  });

  it('车辆/人员已在运输中: a crew member on another active waybill, also when two dispatches race', async () => {
    const { w: first, crew } = await waybillIn(t, '待检查');
    const { w } = await waybillIn(t, '待调度');
    const other = await makeCrew(t, A.id);
    const r = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, ...other.body, vehicleId: crew!.vehicle.id, escortId: crew!.escort.id } });
    expect(r.body.data.problems).toEqual([`车辆${crew!.vehicle.plateNo}已在运输中（待检查）`, `押运员${crew!.escort.name}已在运输中（待检查）`]);
    // the same crew on two waybills at once: one wins
    const [x, y] = [await waybillIn(t, '待调度'), await waybillIn(t, '待调度')];
    const racer = await makeCrew(t, A.id);
    const both = await Promise.all([x.w, y.w].map((wb) => t.call('POST', `/api/dzyd/waybill/dispatch/${wb.id}`, { as: 'qiye', body: { version: wb.version, ...racer.body } })));
    expect(both.map((b) => b.body.status).sort()).toEqual([200, 40001]);
    // released when the first one's check fails
    const form = ok(await t.call('GET', `/api/dzyd/waybill/checkForm/${first.id}`, { as: 'qiye' }));
    const answers = form.items.map((i: { id: string }, k: number) => ({ itemId: i.id, result: k === 0 ? '不合格' : '合格', remark: k === 0 ? '轮胎磨损' : undefined }));
    ok(await t.call('POST', `/api/dzyd/waybill/check/${first.id}`, { as: 'qiye', body: { version: first.version, answers, driverNotified: true, escortNotified: true } }));
    const again = ok(await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, ...crew!.body } }));
    expect(again.state).toBe('待检查');
  });

  it('takes the crew from a 车辆人员绑定', async () => {
    const crew = await makeCrew(t, A.id);
    const bind = ok(await t.call('POST', '/api/dzyd/bind/addBind', { as: 'qiye', body: { name: '车组' + uid(), ...crew.body } }));
    const { w } = await waybillIn(t, '待调度');
    const d = ok(await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, bindId: bind.id } }));
    expect(d).toMatchObject({ state: '待检查', bindId: bind.id, vehicleId: crew.vehicle.id, escortId: crew.escort.id });
  });

  it('refuses a vehicle of another enterprise', async () => {
    const B = await enterpriseOf(t, 'qiye2');
    const { w } = await waybillIn(t, '待调度');
    const crew = await makeCrew(t, A.id);
    const foreign = await makeVehicle(t, B.id);
    const r = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, ...crew.body, vehicleId: foreign.id } });
    expect(r.body).toMatchObject({ status: 40001, message: '车辆：所选车辆不存在或无权使用' });
    // two refused: the message names the one first in the form (车辆 before 押运员), whichever read answered first
    const otherEscort = await makeStaff(t, B.id, { types: ['escort'] });
    const two = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as: 'qiye', body: { version: w.version, ...crew.body, vehicleId: foreign.id, escortId: otherEscort.id } });
    expect(two.body).toMatchObject({ status: 40001, message: '车辆：所选车辆不存在或无权使用' });
  });
});

describe('check, distribute, load, unload', () => {
  it('a failed check goes back to 待调度 with the failed items; every item must be answered', async () => {
    const { w } = await waybillIn(t, '待检查');
    const form = ok(await t.call('GET', `/api/dzyd/waybill/checkForm/${w.id}`, { as: 'qiye' }));
    expect(form.items.length).toBeGreaterThan(5);
    const first = form.items[0];
    const missing = await t.call('POST', `/api/dzyd/waybill/check/${w.id}`, { as: 'qiye', body: { version: w.version, answers: [], driverNotified: true, escortNotified: true } });
    expect(missing.body).toMatchObject({ status: 40001, message: `请完成检查项“${first.name}”` });
    const all = form.items.map((i: { id: string }) => ({ itemId: i.id, result: '合格' }));
    const notNotified = await t.call('POST', `/api/dzyd/waybill/check/${w.id}`, { as: 'qiye', body: { version: w.version, answers: all, driverNotified: true } });
    expect(notNotified.body.message).toBe('请确认已对押运员进行安全告知');
    const noRemark = await t.call('POST', `/api/dzyd/waybill/check/${w.id}`, { as: 'qiye', body: { version: w.version, answers: [{ itemId: first.id, result: '不合格' }, ...all.slice(1)], driverNotified: true, escortNotified: true } });
    expect(noRemark.body.message).toBe(`检查项“${first.name}”不合格，请填写说明`);
    const mandatory = form.items.find((i: { mandatory: boolean }) => i.mandatory);
    const na = await t.call('POST', `/api/dzyd/waybill/check/${w.id}`, { as: 'qiye', body: { version: w.version, answers: all.map((a: { itemId: string }) => (a.itemId === mandatory.id ? { ...a, result: '不适用' } : a)), driverNotified: true, escortNotified: true } });
    expect(na.body.message).toBe(`检查项“${mandatory.name}”为必检项，不能选择不适用`);
    const fail = ok(await t.call('POST', `/api/dzyd/waybill/check/${w.id}`, { as: 'qiye', body: { version: w.version, answers: [{ itemId: first.id, result: '不合格', remark: '灭火器过期' }, ...all.slice(1)], driverNotified: true, escortNotified: true } }));
    expect(fail.passed).toBe(false);
    expect(fail.failedItems).toEqual([{ itemId: first.id, name: first.name, remark: '灭火器过期' }]);
    expect(fail.waybill).toMatchObject({ state: '待调度', problems: [`检查项“${first.name}”不合格：灭火器过期`] });
    const d = ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' }));
    expect(d.timeline.at(-1)).toMatchObject({ action: 'checkFail', fromState: '待检查', toState: '待调度' });
    expect(d.checks[0]).toMatchObject({ result: '不合格' });
  });

  it('the check can take over the driver\'s self-inspection', async () => {
    const { w } = await waybillIn(t, '待检查');
    const form = ok(await t.call('GET', `/api/dzyd/waybill/checkForm/${w.id}`, { as: 'qiye' }));
    const self = ok(await t.call('POST', '/api/dzyd/waybill/selfInspection/add', { as: 'qiye', body: { waybillId: w.id, answers: form.items.map((i: { id: string }) => ({ itemId: i.id, result: '合格' })) } }));
    expect(self).toMatchObject({ result: '合格', staffName: w.driverName });
    const again = ok(await t.call('GET', `/api/dzyd/waybill/checkForm/${w.id}`, { as: 'qiye' }));
    expect(again.selfInspection.id).toBe(self.id);
    const r = ok(await t.call('POST', `/api/dzyd/waybill/check/${w.id}`, { as: 'qiye', body: { version: w.version, answers: [], selfInspectionId: self.id, driverNotified: true, escortNotified: true } }));
    expect(r).toMatchObject({ passed: true, waybill: { state: '待下发' } });
    const info = ok(await t.call('GET', `/api/dzyd/waybill/selfInspection/info/${self.id}`, { as: 'qiye' }));
    expect(info.usedByCheckId).toBeTruthy();
    const listed = ok(await t.call('POST', '/api/dzyd/waybill/selfInspection/list', { as: 'qiye', body: { filters: { waybillId: w.id } } }));
    expect(listed).toMatchObject({ total: 1, totalCapped: false, content: [{ id: self.id, waybillId: w.id }] });
  });

  it('下发 issues number, check code, QR and print data, and messages driver and escort', async () => {
    const { w } = await waybillIn(t, '待下发');
    const r = ok(await t.call('POST', '/api/dzyd/waybill/distribute', { as: 'qiye', body: { ids: [w.id] } }));
    const today = day(0).replace(/-/g, '');
    expect(r.done[0].waybillNo).toMatch(new RegExp(`^330000${today}\\d{6}$`));
    expect(r.done[0].checkCode).toMatch(/^[A-Z2-9]{6}$/);
    const p = ok(await t.call('GET', `/api/dzyd/waybill/print/${w.id}`, { as: 'qiye' }));
    expect(p).toMatchObject({ waybillNo: r.done[0].waybillNo, checkCode: r.done[0].checkCode, state: '待装货', title: '危险货物道路运输运单' });
    expect(p.qr.url).toContain(`/transportInfo-qyd?no=${r.done[0].waybillNo}&code=${r.done[0].checkCode}`);
    expect(p.qr.dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(p.qr.svg).toContain('<svg');
    const d = ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' }));
    expect(d.messages.map((m: { role: string }) => m.role)).toEqual(['驾驶员', '押运员']);
    expect(d.messages[0].content).toContain(r.done[0].waybillNo);
    const twice = await t.call('POST', '/api/dzyd/waybill/distribute', { as: 'qiye', body: { ids: [w.id] } });
    expect(twice.body).toMatchObject({ status: 40001, message: '当前状态为待装货，不能下发' });
  });

  it('distributes many at once and reports each failure', async () => {
    const a = await waybillIn(t, '待下发');
    const b = await waybillIn(t, '待下发');
    const c = await waybillIn(t, '待调度');
    const r = await t.call('POST', '/api/dzyd/waybill/distribute', { as: 'qiye', body: { ids: [a.w.id, b.w.id, c.w.id] } });
    expect(r.body.status).toBe(200);
    expect(r.body.message).toBe('下发成功2条，失败1条');
    expect(r.body.data.failed).toEqual([{ id: c.w.id, message: '当前状态为待调度，不能下发' }]);
  });

  it('下发 re-checks documents that expired since dispatch, refuses and keeps an 异常运单', async () => {
    const { w, crew } = await waybillIn(t, '待下发');
    await t.sql(`update vehicle set annual_review_expiry = current_date - 1 where id = $1`, [crew!.vehicle.id]);
    const r = await t.call('POST', '/api/dzyd/waybill/distribute', { as: 'qiye', body: { ids: [w.id] } });
    expect(r.body.status).toBe(40001);
    expect(r.body.message).toMatch(/^不能下发：车辆.+年审过期/);
    const ab = await t.sql(`select rule, source from abnormal_waybill where waybill_id = $1`, [w.id]);
    expect(ab).toEqual([{ rule: '资质过期', source: '规则' }]);
  });

  it('下发 refuses a 行驶证 or 驾驶证 that expired since dispatch', async () => {
    const { w, crew } = await waybillIn(t, '待下发');
    await t.sql(`update vehicle set inspection_expiry = current_date - 1 where id = $1`, [crew!.vehicle.id]);
    await t.sql(`update staff set driving_licence_expiry = current_date - 1 where id = $1`, [crew!.driver.id]);
    const r = await t.call('POST', '/api/dzyd/waybill/distribute', { as: 'qiye', body: { ids: [w.id] } });
    expect(r.body.status).toBe(40001);
    expect(r.body.message).toBe(`不能下发：车辆${crew!.vehicle.plateNo}行驶证检验过期（有效期至${day(-1)}）；驾驶员${crew!.driver.name}驾驶证过期（有效期至${day(-1)}）`);
  });

  it('装货确认 needs all of 五必查 and the actual quantities; actual overload is refused and kept', async () => {
    const { w } = await waybillIn(t, '待装货');
    const lines = w.goods.map((g: { id: string }) => ({ lineId: g.id, actualQuantity: 9.5 }));
    const five = await t.call('POST', `/api/dzyd/waybill/load/${w.id}`, { as: 'qiye', body: { version: w.version, checks: { ...checks, tankMedia: false }, goods: lines } });
    expect(five.body).toMatchObject({ status: 40001, message: '五必查不通过，不得装货：所充装货物在罐体适装介质列表范围内' });
    const over = await t.call('POST', `/api/dzyd/waybill/load/${w.id}`, { as: 'qiye', body: { version: w.version, checks, goods: [{ lineId: w.goods[0].id, actualQuantity: 21 }] } });
    expect(over.body).toMatchObject({ status: 40001, message: '五必查不通过，不得装货：超过核定载质量（货物21000千克，核定20000千克）' });
    expect(await t.sql(`select rule from abnormal_waybill where waybill_id = $1`, [w.id])).toEqual([{ rule: '超载' }]);
    const l = ok(await t.call('POST', `/api/dzyd/waybill/load/${w.id}`, { as: 'qiye', body: { version: w.version, checks, goods: lines, remarks: { goodsMatch: '品名数量一致' } } }));
    expect(l).toMatchObject({ state: '运输中' });
    expect(l.loadedAt).toBeTruthy();
    const d = ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' }));
    expect(d.loading.checks).toHaveLength(5);
    expect(d.loading.actual[0]).toMatchObject({ planned: 10, actual: 9.5 });
    expect(d.goods[0].actualQuantity).toBe(9.5);
    const u = ok(await t.call('POST', `/api/dzyd/waybill/unload/${w.id}`, { as: 'qiye', body: { version: l.version, signer: '刘签收', goods: [{ lineId: w.goods[0].id, receivedQuantity: 9.4 }] } }));
    expect(u).toMatchObject({ state: '已完成' });
    const done = ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' }));
    expect(done.unloading).toMatchObject({ signer: '刘签收' });
    expect(done.goods[0].receivedQuantity).toBe(9.4);
    expect(done.timeline.map((x: { action: string }) => x.action)).toEqual(['create', 'submit', 'dispatch', 'checkPass', 'distribute', 'load', 'unload']);
    expect(done.actions).toEqual([]);
  });
});

describe('side exits and changes', () => {
  it('作废 before loading needs a reason and frees the crew; not once loaded', async () => {
    const { w, crew } = await waybillIn(t, '待装货');
    const noReason = await t.call('POST', `/api/dzyd/waybill/cancel/${w.id}`, { as: 'qiye', body: { version: w.version } });
    expect(noReason.body).toMatchObject({ status: 40001, message: '请输入原因' });
    const c = ok(await t.call('POST', `/api/dzyd/waybill/cancel/${w.id}`, { as: 'qiye', body: { version: w.version, reason: '客户取消' } }));
    expect(c).toMatchObject({ state: '已作废', reason: '客户取消' });
    expect(await t.sql(`select 1 from waybill_crew_lock where resource_id = $1`, [crew!.vehicle.id])).toEqual([]);
    const { w: moving } = await waybillIn(t, '运输中');
    const r = await t.call('POST', `/api/dzyd/waybill/cancel/${moving.id}`, { as: 'qiye', body: { version: moving.version, reason: 'x' } });
    expect(r.body).toMatchObject({ status: 40001, message: '当前状态为运输中，不能作废' });
  });

  it('异常关闭 in transit, with its reason', async () => {
    const { w } = await waybillIn(t, '运输中');
    const c = ok(await t.call('POST', `/api/dzyd/waybill/close/${w.id}`, { as: 'qiye', body: { version: w.version, reason: '车辆故障' } }));
    expect(c).toMatchObject({ state: '异常关闭', reason: '车辆故障' });
    const draft = (await waybillIn(t, '草稿')).w;
    const r = await t.call('POST', `/api/dzyd/waybill/close/${draft.id}`, { as: 'qiye', body: { version: draft.version, reason: 'x' } });
    expect(r.body.message).toBe('当前状态为草稿，不能异常关闭');
  });

  it('a change after 下发 makes a change record (before, after, reason, who), never a silent edit', async () => {
    const { w } = await waybillIn(t, '待装货');
    const noReason = await t.call('POST', `/api/dzyd/waybill/change/${w.id}`, { as: 'qiye', body: { version: w.version, consigneePhone: '13900000000' } });
    expect(noReason.body.message).toBe('请输入原因');
    const c = ok(await t.call('POST', `/api/dzyd/waybill/change/${w.id}`, { as: 'qiye', body: { version: w.version, reason: '收货人换号', consigneePhone: '13900000000', remark: w.remark } }));
    expect(c).toMatchObject({ state: '待装货', consigneePhone: '13900000000', version: w.version + 1 });
    const list = ok(await t.call('GET', `/api/dzyd/waybill/changes/${w.id}`, { as: 'qiye' }));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ reason: '收货人换号', fields: ['consigneePhone'], before: { consigneePhone: '13800138000' }, after: { consigneePhone: '13900000000' }, userName: '张安全' });
    const nothing = await t.call('POST', `/api/dzyd/waybill/change/${w.id}`, { as: 'qiye', body: { version: c.version, reason: 'x', consigneePhone: '13900000000' } });
    expect(nothing.body.message).toBe('没有需要变更的内容');
    // goods changed: the rules again (overload refused, nothing changed)
    const over = await t.call('POST', `/api/dzyd/waybill/change/${w.id}`, { as: 'qiye', body: { version: c.version, reason: '加量', goods: [{ ...GASOLINE, quantity: 30 }] } });
    expect(over.body.message).toBe('不能变更：超过核定载质量（货物30000千克，核定20000千克）');
    // a new driver on the road: compliance and the crew lock move
    const driver = await makeStaff(t, A.id, { types: ['driver'] });
    const d = ok(await t.call('POST', `/api/dzyd/waybill/change/${w.id}`, { as: 'qiye', body: { version: c.version, reason: '换驾驶员', driverId: driver.id } }));
    expect(d).toMatchObject({ driverName: driver.name, driverId: driver.id });
    expect(await t.sql(`select waybill_id from waybill_crew_lock where resource_id = $1`, [driver.id])).toEqual([{ waybill_id: w.id }]);
  });

  it('a crew change in 待下发 sends the waybill back to 待检查', async () => {
    const { w } = await waybillIn(t, '待下发');
    const escort = await makeStaff(t, A.id, { types: ['escort'] });
    const c = ok(await t.call('POST', `/api/dzyd/waybill/change/${w.id}`, { as: 'qiye', body: { version: w.version, reason: '押运员请假', escortId: escort.id } }));
    expect(c).toMatchObject({ state: '待检查', escortName: escort.name });
  });

  it('deletes a draft only', async () => {
    const { w } = await waybillIn(t, '草稿');
    ok(await t.call('DELETE', `/api/dzyd/waybill/del/${w.id}`, { as: 'qiye' }));
    expect((await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' })).body.message).toBe('数据不存在或无权访问');
    const { w: s } = await waybillIn(t, '待调度');
    expect((await t.call('DELETE', `/api/dzyd/waybill/del/${s.id}`, { as: 'qiye' })).body.message).toBe('当前状态为待调度，不能删除');
  });
});

describe('permissions and scope', () => {
  it('another enterprise\'s waybill is 数据不存在或无权访问 for every step', async () => {
    const { w } = await waybillIn(t, '待调度');
    const crew = await makeCrew(t, A.id);
    for (const [m, url, body] of [
      ['GET', `/api/dzyd/waybill/info/${w.id}`, undefined], ['POST', `/api/dzyd/waybill/dispatch/${w.id}`, { version: w.version, ...crew.body }],
      ['POST', `/api/dzyd/waybill/cancel/${w.id}`, { version: w.version, reason: 'x' }], ['POST', `/api/dzyd/waybill/change/${w.id}`, { version: w.version, reason: 'x', remark: 'y' }],
      ['GET', `/api/dzyd/waybill/print/${w.id}`, undefined],
    ] as const) {
      const r = await t.call(m, url, { as: 'qiye2', body });
      expect(r.body, url).toMatchObject({ status: 40001, message: '数据不存在或无权访问' });
    }
    const distribute = await t.call('POST', '/api/dzyd/waybill/distribute', { as: 'qiye2', body: { ids: [w.id] } });
    expect(distribute.body.message).toBe('数据不存在或无权访问');
    const list = ok(await t.call('POST', '/api/dzyd/waybill/dispatch/list', { as: 'qiye2', body: { size: 100 } }));
    expect(list.content.some((x: { id: string }) => x.id === w.id)).toBe(false);
  });

  it('each step is gated by its element code (40301)', async () => {
    const { w } = await waybillIn(t, '待调度');
    for (const [m, url, body] of [
      ['POST', '/api/dzyd/waybill/add', waybillBody()], ['POST', `/api/dzyd/waybill/submit/${w.id}`, { version: 1 }], ['POST', `/api/dzyd/waybill/dispatch/${w.id}`, { version: 1 }],
      ['POST', `/api/dzyd/waybill/check/${w.id}`, { version: 1, answers: [] }], ['POST', '/api/dzyd/waybill/distribute', { ids: [w.id] }],
      ['POST', `/api/dzyd/waybill/load/${w.id}`, { version: 1, checks, goods: [] }], ['POST', `/api/dzyd/waybill/unload/${w.id}`, { version: 1, signer: 'x' }],
      ['POST', `/api/dzyd/waybill/cancel/${w.id}`, { version: 1, reason: 'x' }], ['POST', `/api/dzyd/waybill/close/${w.id}`, { version: 1, reason: 'x' }],
      ['POST', `/api/dzyd/waybill/change/${w.id}`, { version: 1, reason: 'x' }], ['POST', '/api/dzyd/waybill/dispatch/list', {}], ['GET', `/api/dzyd/waybill/info/${w.id}`, undefined],
    ] as const) {
      const r = await t.call(m, url, { as: 'wuquanxian', body });
      expect(r.body.status, url).toBe(40301);
    }
  });

  it('a role with the dispatch page but without its button may look, not dispatch', async () => {
    const code = 'wbview' + uid();
    const [g] = await t.sql(`insert into base_group (code, name, group_type_id, enterprise_id) select $1, '只读调度', id, $2 from base_group_type where code = 'role' returning id`, [code, A.id]);
    await t.sql(`insert into base_resource_authority (group_id, resource_id, resource_type) select $1, id, 'menu' from base_menu where code in ('transportMission', 'dispatchManager')`, [g.id]);
    const { hashPassword } = await import('../../src/platform/crud/write.ts');
    const username = uid('wb');
    const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('调度查看', $1, $2, 'enterprise', $3, '1') returning id`, [username, await hashPassword('pass1234'), A.id]);
    await t.sql(`insert into base_group_member (group_id, user_id) values ($1, $2)`, [g.id, u.id]);
    const token = (await t.login(username, 'pass1234')).data;
    const { w } = await waybillIn(t, '待调度');
    const list = await t.call('POST', '/api/dzyd/waybill/dispatch/list', { token, body: {} });
    expect(list.body.status).toBe(200);
    const crew = await makeCrew(t, A.id);
    const r = await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { token, body: { version: w.version, ...crew.body } });
    expect(r.body.status).toBe(40301);
    const cancel = await t.call('POST', `/api/dzyd/waybill/cancel/${w.id}`, { token, body: { version: w.version, reason: 'x' } });
    expect(cancel.body.status).toBe(40301);
  });
});

describe('queues', () => {
  it('each queue lists its state with filters, newest first, and a capped total', async () => {
    const { w } = await waybillIn(t, '草稿', { body: { shipperName: '队列托运人' + uid() } });
    const base = ok(await t.call('POST', '/api/dzyd/waybill/base/list', { as: 'qiye', body: { filters: { shipperName: w.shipperName } } }));
    expect(base.content.map((x: { id: string }) => x.id)).toEqual([w.id]);
    expect(base.total).toBe(1);
    const none = ok(await t.call('POST', '/api/dzyd/waybill/dispatch/list', { as: 'qiye', body: { filters: { shipperName: w.shipperName } } }));
    expect(none.total).toBe(0);
    const all = ok(await t.call('POST', '/api/dzyd/waybill/manage/list', { as: 'qiye', body: { size: 5 } }));
    expect(all.content).toHaveLength(5);
    const times = all.content.map((x: { createdAt: string }) => new Date(x.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const { w: moving } = await waybillIn(t, '运输中');
    const byPlate = ok(await t.call('POST', '/api/dzyd/waybill/manage/list', { as: 'qiye', body: { filters: { plateNo: moving.plateNo.slice(0, 5), state: '运输中', goodsClass: '3', createdAt: [day(0), day(0)] } } }));
    expect(byPlate.content.map((x: { id: string }) => x.id)).toContain(moving.id);
    const byNo = ok(await t.call('POST', '/api/dzyd/waybill/manage/list', { as: 'qiye', body: { filters: { waybillNo: moving.waybillNo } } }));
    expect(byNo.content.map((x: { id: string }) => x.id)).toEqual([moving.id]);
    const bad = await t.call('POST', '/api/dzyd/waybill/manage/list', { as: 'qiye', body: { filters: { createdAt: ['2026-13-01', null] } } });
    expect(bad.body.message).toBe('填报日期：日期格式不正确，应为YYYY-MM-DD');
  });

  it('a plate, whole or its first characters, pages its waybills newest first, within the caller\'s scope', async () => {
    const crew = await makeCrew(t, A.id);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.unshift((await waybillIn(t, '已完成', { crew })).w.id); // newest first
    const plate = crew.vehicle.plateNo;
    const list = async (as: 'qiye' | 'qiye2' | 'zhengfu', plateNo: string, page = 1, size = 2) => ok(await t.call('POST',
      as === 'zhengfu' ? '/api/ydjg/waybill/list' : '/api/dzyd/waybill/manage/list', { as, body: { page, size, filters: { plateNo } } }));
    const p1 = await list('qiye', plate);
    const p2 = await list('qiye', plate, 2);
    expect([p1.total, p2.total]).toEqual([3, 3]);
    expect([...p1.content, ...p2.content].map((x: { id: string }) => x.id)).toEqual(ids);
    expect(p1.content.every((x: { plateNo: string; enterpriseId: string }) => x.plateNo === plate && x.enterpriseId === A.id)).toBe(true);
    // the first six characters: other vehicles may share them; ours come in order among them
    const prefix = await list('qiye', plate.slice(0, 6), 1, 100);
    expect(prefix.content.map((x: { id: string }) => x.id).filter((id: string) => ids.includes(id))).toEqual(ids);
    expect(prefix.content.every((x: { plateNo: string }) => x.plateNo.startsWith(plate.slice(0, 6)))).toBe(true);
    expect((await list('qiye2', plate)).total).toBe(0);
    const gov = await list('zhengfu', plate, 1, 10);
    expect(gov.content.map((x: { id: string }) => x.id)).toEqual(ids);
  });

  it('exports the filtered list as xlsx', async () => {
    // read first: other files complete waybills meanwhile, and a later one would not be in the file
    const own = await t.sql(`select waybill_no from waybill where enterprise_id = $1 and state = '已完成' and deleted_at is null order by created_at desc limit 5`, [A.id]);
    const r = await t.call('POST', '/api/dzyd/waybill/manage/export', { as: 'qiye', body: { filters: { state: '已完成' } } });
    expect(r.http).toBe(200);
    expect(String(r.headers['content-type'])).toContain('spreadsheetml');
    expect(r.raw.subarray(0, 2).toString()).toBe('PK');
    const rows: unknown[][] = [];
    for await (const row of xlsxRows(r.raw)) rows.push(row.cells);
    expect(rows[0]!.slice(0, 4)).toEqual(['运单编号', '状态', '运单类型', '承运人']);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row[1]).toBe('已完成');
    const nos = rows.slice(1).map((row) => row[0] as string);
    // the newest of the enterprise's completed waybills are in it, and no other enterprise's
    for (const o of own) expect(nos).toContain(o.waybill_no);
    const [others] = await t.sql(`select count(*)::int as n from waybill where waybill_no = any($1) and enterprise_id <> $2`, [nos, A.id]);
    expect(others.n).toBe(0);
  });

  it('getRemindInfo counts the four queues of the user\'s enterprise', async () => {
    await waybillIn(t, '草稿');
    await waybillIn(t, '待调度');
    // other test files add, submit and delete qiye's waybills at the same time: the answer lies between the queue's
    // size in the state rollup read just before the call and just after it, capped at 100
    const queue = async (state: string) => Number((await t.sql(`select coalesce(sum(n), 0)::int as n from waybill_state_count where enterprise_id = $1 and state = $2`, [A.id, state]))[0].n);
    const sizes = async () => ({ uncommitted: await queue('草稿'), unscheduled: await queue('待调度') });
    const lo = await sizes();
    const after = ok(await t.call('GET', '/api/index/indexQyd/getRemindInfo', { as: 'qiye' })).content;
    const hi = await sizes();
    for (const k of ['uncommitted', 'unscheduled'] as const) {
      expect(after[k]).toBeGreaterThanOrEqual(Math.min(100, lo[k], hi[k]));
      expect(after[k]).toBeLessThanOrEqual(Math.min(100, Math.max(lo[k], hi[k])));
      expect(Math.max(lo[k], hi[k])).toBeGreaterThanOrEqual(1); // ours
    }
    for (const k of ['uncommitted', 'unscheduled', 'unchecked', 'undistributed']) expect(after[k]).toBeLessThanOrEqual(100);
    const gov = ok(await t.call('GET', '/api/index/indexQyd/getRemindInfo', { as: 'zhengfu' })).content;
    expect(gov).toMatchObject({ uncommitted: 0, unscheduled: 0, unchecked: 0, undistributed: 0 });
  });

  it('caps each count at 100', async () => {
    // 101 drafts of a fresh enterprise
    const [ent] = await t.sql(`insert into enterprise (name, credit_code, legal_person, licence_no, licence_expiry, business_scope, region_code, address, phone, status, audit_status)
      values ($1, $2, '测试', 'XK1', current_date + 100, '{3}', '330102', '地址', '0571-86000000', '正常', '已通过') returning id`, ['计数企业' + uid(), '9133' + uid().toUpperCase().padEnd(14, '0').slice(0, 14)]);
    await t.sql(`insert into waybill (id, created_at, enterprise_id, carrier_region, state, start_date, origin_region, dest_region)
      select wb_uuid7(ms), timestamptz 'epoch' + ms * interval '1 millisecond', $1, '330102', '草稿', current_date, '330102', '330102'
      from (select (extract(epoch from now()) * 1000)::bigint - g * 1000 as ms from generate_series(1, 101) g) s`, [ent.id]);
    // written around the service: its state rollups as a transition keeps them
    await t.sql(`insert into waybill_state_count (enterprise_id, state, n) values ($1, '草稿', 101)`, [ent.id]);
    await t.sql(`insert into waybill_region_state_count (carrier_region, state, n) values ('330102', '草稿', 101)
      on conflict (carrier_region, state) do update set n = waybill_region_state_count.n + 101`);
    const { hashPassword } = await import('../../src/platform/crud/write.ts');
    const username = uid('cap');
    const [usr] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('计数', $1, $2, 'enterprise', $3, '1') returning id`, [username, await hashPassword('pass1234'), ent.id]);
    await t.sql(`insert into base_group_member (group_id, user_id) select id, $1 from base_group where code = 'enterpriseAdmin'`, [usr.id]);
    const token = (await t.login(username, 'pass1234')).data;
    const r = ok(await t.call('GET', '/api/index/indexQyd/getRemindInfo', { token })).content;
    expect(r.uncommitted).toBe(100);
  });
});
