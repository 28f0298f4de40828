/** 调度派车's pickers through the API: each candidate with the dispatch rules' verdict, 可调度 first, in the enterprise's scope. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { enterpriseOf, makeCrew, makeVehicle, makeTank, makeStaff, waybillIn, ok, day } from './fixtures.ts';

let t: TestApp;
let A: { id: string; regionCode: string };
let B: { id: string; regionCode: string };
beforeAll(async () => { t = await testApp(); A = await enterpriseOf(t, 'qiye'); B = await enterpriseOf(t, 'qiye2'); });

type Cand = { id: string; label: string; state: string; eligible: boolean; problems: string[] };
const candidates = async (waybillId: string, role: string, q?: string, crew?: Record<string, string>) =>
  ok(await t.call('POST', '/api/dzyd/waybill/candidates', { as: 'qiye', body: { waybillId, role, q, crew } })) as { content: Cand[]; more: boolean };
const one = async (waybillId: string, role: string, q: string, crew?: Record<string, string>) => {
  const r = await candidates(waybillId, role, q, crew);
  expect(r.content.map((c) => c.label)).toContain(q);
  return r.content.find((c) => c.label === q)!;
};

describe('调度候选', () => {
  it('marks each vehicle with the dispatch rules: 可调度, 证件过期, 超载, 营运状态, 运输中', async () => {
    const { w } = await waybillIn(t, '待调度'); // 10 t of gasoline
    const good = await makeVehicle(t, A.id);
    const expired = await makeVehicle(t, A.id, { cert: day(-1) });
    const small = await makeVehicle(t, A.id, { approvedLoad: 8000 });
    const stopped = await makeVehicle(t, A.id, { status: '停运' });
    expect(await one(w.id, 'vehicle', good.plateNo)).toMatchObject({ state: '可调度', eligible: true, problems: [] });
    expect(await one(w.id, 'vehicle', expired.plateNo)).toMatchObject({ state: '证件过期', eligible: false, problems: [`车辆${expired.plateNo}道路运输证过期（有效期至${day(-1)}）`] });
    expect(await one(w.id, 'vehicle', small.plateNo)).toMatchObject({ state: '超载', problems: ['超过核定载质量（货物10000千克，核定8000千克）'] });
    expect((await one(w.id, 'vehicle', stopped.plateNo)).problems).toEqual([`车辆${stopped.plateNo}营运状态为停运，不能调度`]);

    // a vehicle another waybill holds is 运输中, named with that waybill's state
    const { crew } = await waybillIn(t, '待检查');
    expect(await one(w.id, 'vehicle', crew!.vehicle.plateNo)).toMatchObject({ state: '运输中', problems: [`车辆${crew!.vehicle.plateNo}已在运输中（待检查）`] });
  });

  it('a trailer carries the load of a combination: the tractor is not 超载 once a trailer is picked', async () => {
    const { w } = await waybillIn(t, '待调度');
    const tractor = await makeVehicle(t, A.id, { approvedLoad: 1000, type: 'tractor' });
    const trailer = await makeVehicle(t, A.id, { approvedLoad: 30000, type: 'trailer' });
    expect((await one(w.id, 'vehicle', tractor.plateNo)).state).toBe('超载');
    expect((await one(w.id, 'vehicle', tractor.plateNo, { trailerId: trailer.id })).state).toBe('可调度');
    expect((await one(w.id, 'trailer', trailer.plateNo, { vehicleId: tractor.id })).state).toBe('可调度');
    // trailers are offered as trailers only
    expect((await candidates(w.id, 'vehicle', trailer.plateNo)).content).toEqual([]);
    expect((await candidates(w.id, 'trailer', tractor.plateNo)).content).toEqual([]);
  });

  it('tanks: 罐体介质不符 and 证件过期', async () => {
    const { w } = await waybillIn(t, '待调度');
    const fits = await makeTank(t, A.id);
    const other = await makeTank(t, A.id, { media: ['1005'] });
    const lapsed = await makeTank(t, A.id, { expiry: day(-3) });
    expect((await one(w.id, 'tank', fits.tankNo)).state).toBe('可调度');
    expect(await one(w.id, 'tank', other.tankNo)).toMatchObject({ state: '罐体介质不符', problems: [`货物UN1203车用汽油或汽油不在罐体${other.tankNo}适装介质范围`] });
    expect((await one(w.id, 'tank', lapsed.tankNo)).state).toBe('证件过期');
  });

  it('staff: 从业资格不符 for the wrong post or a lapsed certificate, 离职 not offered, the one already picked named', async () => {
    const { w } = await waybillIn(t, '待调度');
    const tag = uid().slice(0, 4).replace(/[0-9a-f]/g, (c) => '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳'['0123456789abcdef'.indexOf(c)]!);
    const driver = await makeStaff(t, A.id, { types: ['driver'], name: '司机' + tag });
    const escortOnly = await makeStaff(t, A.id, { types: ['escort'], name: '押运' + tag });
    const lapsed = await makeStaff(t, A.id, { types: ['driver'], expiry: day(-1), name: '过期' + tag });
    await makeStaff(t, A.id, { types: ['driver'], status: '离职', name: '离职' + tag });
    const list = (await candidates(w.id, 'driver', tag)).content;
    expect(list.map((c) => c.label).sort()).toEqual([driver.name, escortOnly.name, lapsed.name].sort());
    expect(list[0]).toMatchObject({ label: driver.name, state: '可调度' });
    expect(list.find((c) => c.label === escortOnly.name)).toMatchObject({ state: '从业资格不符', problems: [`驾驶员${escortOnly.name}从业资格证过期或类别不符（类别不含驾驶员）`, `驾驶员${escortOnly.name}驾驶证过期（未登记有效期）`] });
    expect(list.find((c) => c.label === lapsed.name)!.problems).toEqual([`驾驶员${lapsed.name}从业资格证过期或类别不符（有效期至${day(-1)}）`]);
    expect((await one(w.id, 'escort', escortOnly.name)).state).toBe('可调度');
    expect((await one(w.id, 'escort', escortOnly.name, { driverId: escortOnly.id })).problems[0]).toBe('已选为驾驶员');
  });

  it('bindings are judged whole: a binding with an expired driver is marked, a compliant one is 可调度', async () => {
    const { w } = await waybillIn(t, '待调度');
    const ok1 = await makeCrew(t, A.id);
    const bad = await makeCrew(t, A.id);
    const lapsed = await makeStaff(t, A.id, { types: ['driver'], expiry: day(-2) });
    const n1 = '绑定' + uid(), n2 = '绑定' + uid();
    ok(await t.call('POST', '/api/dzyd/bind/add', { as: 'qiye', body: { name: n1, ...ok1.body } }));
    ok(await t.call('POST', '/api/dzyd/bind/add', { as: 'qiye', body: { name: n2, ...bad.body, driverId: lapsed.id } }));
    expect(await one(w.id, 'bind', n1)).toMatchObject({ state: '可调度', eligible: true });
    expect(await one(w.id, 'bind', n2)).toMatchObject({ state: '从业资格不符', problems: [`驾驶员${lapsed.name}从业资格证过期或类别不符（有效期至${day(-2)}）`] });
  });

  it('可调度 first on the page; another enterprise\'s vehicles never appear; another enterprise cannot ask of this waybill', async () => {
    const { w } = await waybillIn(t, '待调度');
    const theirs = await makeVehicle(t, B.id);
    expect((await candidates(w.id, 'vehicle', theirs.plateNo)).content).toEqual([]);
    const page = (await candidates(w.id, 'vehicle')).content;
    expect(page.length).toBeGreaterThan(0);
    const firstBad = page.findIndex((c) => !c.eligible);
    if (firstBad >= 0) expect(page.slice(firstBad).every((c) => !c.eligible)).toBe(true);
    expect(page.map((c) => c.id)).not.toContain(theirs.id);
    const ids = (await t.sql(`select id from vehicle where enterprise_id = $1`, [A.id])).map((r: { id: string }) => r.id);
    expect(page.every((c) => ids.includes(c.id))).toBe(true);
    const foreign = await t.call('POST', '/api/dzyd/waybill/candidates', { as: 'qiye2', body: { waybillId: w.id, role: 'vehicle' } });
    expect(foreign.body).toMatchObject({ message: '数据不存在或无权访问' });
    const bad = await t.call('POST', '/api/dzyd/waybill/candidates', { as: 'qiye', body: { waybillId: w.id, role: 'plane' } });
    expect(bad.body).toMatchObject({ status: 40001 });
    expect(bad.body.message).toContain('候选类型不正确');
  });
});

describe('运单填报: can the enterprise carry these goods', () => {
  const capacity = async (goods: unknown[], as: 'qiye' | 'qiye2' = 'qiye') => ok(await t.call('POST', '/api/dzyd/waybill/capacity', { as, body: { goods } })).warnings as string[];
  it('warns when the total mass is beyond every vehicle, no tank takes the goods, or the scope lacks them', async () => {
    expect(await capacity([{ unNo: '1203', goodsName: '车用汽油或汽油', quantity: 10, unit: '吨' }])).toEqual([]);
    const [{ max }] = await t.sql(`select max(approved_load)::int as max from vehicle where enterprise_id = $1 and status = '营运'`, [A.id]);
    const heavy = await capacity([{ unNo: '1203', goodsName: '车用汽油或汽油', quantity: Math.ceil(max / 1000) + 1, unit: '吨' }]);
    expect(heavy[0]).toContain(`本企业没有能装载该运单的车辆：货物总质量${(Math.ceil(max / 1000) + 1) * 1000}千克，营运车辆最大核定载质量${max}千克`);
    // a half-typed line warns of nothing (the form names it on save)
    expect(await capacity([{ unNo: '12' }])).toEqual([]);
  });
  it('names a class outside the licence and goods no tank takes', async () => {
    const [{ scope }] = await t.sql(`select business_scope as scope from enterprise where id = $1`, [A.id]);
    // 第1类 爆炸品 (UN0081 炸药): outside the demo tankers' scope and media
    const w = await capacity([{ unNo: '0081', quantity: 1, unit: '吨' }]);
    if (!(scope as string[]).includes('1')) expect(w.some((x) => x.startsWith('超出本企业经营范围：经营范围不含1.1项'))).toBe(true);
    expect(w.some((x) => x.startsWith('本企业没有适装货物UN0081'))).toBe(true);
  });
});
