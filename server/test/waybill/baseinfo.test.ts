/** 运单基础信息: the engine's CRUD, the product's three add paths, the 资质 column of a crew, demo rows. */
import { describe, it, expect, beforeAll } from 'vitest';
import { makeCreditCode } from '@dg/core';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { enterpriseOf, makeCrew, makeVehicle, ok, day } from './fixtures.ts';

let t: TestApp;
let A: { id: string; regionCode: string };
beforeAll(async () => { t = await testApp(); A = await enterpriseOf(t, 'qiye'); });

async function catalogueId(un = '1203') {
  const r = await t.sql(`select id from dangerous_goods where un_no = $1 limit 1`, [un]);
  if (r[0]) return r[0].id as string;
  const [g] = await t.sql(`insert into dangerous_goods (un_no, name_zh, goods_class, packing_group, source) values ($1, '车用汽油或汽油', '3', 'II', '新增') returning id`, [un]);
  return g.id as string;
}

describe('the spec\'s dzyd add paths do what /add does', () => {
  it('POST /api/dzyd/loading/addLoading', async () => {
    const body = { name: '装货人' + uid(), phone: '0571-86001111', regionCode: '330102', address: '码头路1号', loadingPlace: '1号鹤位' };
    const r = ok(await t.call('POST', '/api/dzyd/loading/addLoading', { as: 'qiye', body }));
    expect(r).toMatchObject({ ...body, enterpriseId: A.id, version: 1 });
    const bad = await t.call('POST', '/api/dzyd/loading/addLoading', { as: 'qiye', body: { ...body, name: '装货人' + uid(), loadingPlace: '' } });
    expect(bad.body).toMatchObject({ status: 40001, message: '请输入装货地点' });
    const dup = await t.call('POST', '/api/dzyd/loading/addLoading', { as: 'qiye', body });
    expect(dup.body.message).toBe(`名称“${body.name}”已存在`);
    expect((await t.call('POST', '/api/dzyd/loading/addLoading', { as: 'wuquanxian', body })).body.status).toBe(40301);
  });

  it('POST /api/dzyd/goods/addGoods fills UN number, name, class and packing group from the catalogue', async () => {
    const goodsId = await catalogueId();
    const r = ok(await t.call('POST', '/api/dzyd/goods/addGoods', { as: 'qiye', body: { goodsId, unit: '吨', packingType: '罐装', commonQuantity: 20, unNo: '9999' } }));
    expect(r).toMatchObject({ goodsId, unNo: '1203', goodsClass: '3', unit: '吨' });
    expect(r.goodsName).toBeTruthy();
    expect((await t.call('POST', '/api/dzyd/goods/addGoods', { as: 'qiye', body: { unit: '吨' } })).body.message).toBe('请选择危险货物');
  });

  it('POST /api/dzyd/bind/addBind; the list\'s 资质 is 有效 or the first expired document', async () => {
    const crew = await makeCrew(t, A.id);
    const name = '车组' + uid();
    const b = ok(await t.call('POST', '/api/dzyd/bind/addBind', { as: 'qiye', body: { name, ...crew.body } }));
    expect(b).toMatchObject({ name, vehicleId: crew.vehicle.id, vehicleIdLabel: crew.vehicle.plateNo, qualification: '有效' });
    await t.sql(`update staff set qualification_expiry = current_date - 3 where id = $1`, [crew.escort.id]);
    const list = ok(await t.call('POST', '/api/dzyd/bind/list', { as: 'qiye', body: { filters: { name } } }));
    expect(list.content[0].qualification).toBe(`押运员${crew.escort.name}从业资格证过期或类别不符（有效期至${day(-3)}）`);
    const same = await t.call('POST', '/api/dzyd/bind/addBind', { as: 'qiye', body: { name: '车组' + uid(), ...crew.body, escortId: crew.driver.id } });
    expect(same.body.message).toBe('驾驶员与押运员不能为同一人');
    const B = await enterpriseOf(t, 'qiye2');
    const foreign = await makeVehicle(t, B.id);
    const other = await t.call('POST', '/api/dzyd/bind/addBind', { as: 'qiye', body: { name: '车组' + uid(), ...crew.body, vehicleId: foreign.id } });
    expect(other.body.message).toBe('车辆：所选车辆不存在或无权使用');
    expect((await t.call('POST', '/api/dzyd/bind/addBind', { as: 'wuquanxian', body: { name: 'x' } })).body.status).toBe(40301);
  });
});

describe('other base info', () => {
  it('托运人, 收货人, 线路, 车队, 检查项 and 空车台账 have the engine\'s routes, scoped to the enterprise', async () => {
    const s = ok(await t.call('POST', '/api/dzyd/shipper/add', { as: 'qiye', body: { name: '托运' + uid(), phone: '13800138000', regionCode: '330102', address: '路1号', creditCode: makeCreditCode('91330102MA2' + uid().slice(0, 6).toUpperCase().replace(/[IOSVZ]/g, 'A')) } }));
    expect((await t.call('GET', `/api/dzyd/shipper/info/${s.id}`, { as: 'qiye2' })).body.message).toBe('数据不存在或无权访问');
    const bad = await t.call('POST', '/api/dzyd/consignee/add', { as: 'qiye', body: { name: '收货' + uid(), phone: '123', regionCode: '330102', address: '路1号' } });
    expect(bad.body.message).toBe('联系电话：号码格式不正确');
    const crew = await makeCrew(t, A.id);
    const f = ok(await t.call('POST', '/api/dzyd/fleet/add', { as: 'qiye', body: { name: '车队' + uid(), captain: '刘国庆', phone: '13905710001', vehicleIds: [crew.vehicle.id] } }));
    expect(f.vehicleIdsLabel).toEqual([crew.vehicle.plateNo]);
    const item = ok(await t.call('POST', '/api/dzyd/checkItem/add', { as: 'qiye', body: { name: '检查项' + uid(), category: '车辆', applies: '全部' } }));
    expect(item).toMatchObject({ mandatory: true, enabled: true });
    const ledger = ok(await t.call('POST', '/api/dzyd/emptyLedger/add', { as: 'qiye', body: { vehicleId: crew.vehicle.id, tankId: crew.tank.id, unNo: '1203', goodsName: '汽油', goodsClass: '3', cleaned: false, originRegion: '330203', destRegion: '330102', tripDate: day(0), driverId: crew.driver.id } }));
    expect(ledger).toMatchObject({ cleaned: false, vehicleIdLabel: crew.vehicle.plateNo });
    const noWaybill = await t.call('POST', '/api/dzyd/emptyLedger/add', { as: 'qiye', body: { vehicleId: crew.vehicle.id, unNo: '1203', goodsName: '汽油', goodsClass: '3', originRegion: '330203', destRegion: '330102', tripDate: day(0), driverId: crew.driver.id, waybillNo: '33000019990101000001' } });
    expect(noWaybill.body.message).toBe('关联运单号：运单不存在或不属于本企业');
  });

  it('the demo enterprises have base info, history over 90 days and waybills in every state', async () => {
    for (const table of ['wb_shipper', 'wb_consignee', 'wb_loader', 'wb_transport_line', 'wb_bind', 'wb_check_item', 'wb_fleet', 'wb_empty_ledger']) {
      const [{ n }] = await t.sql(`select count(*)::int as n from ${table} where enterprise_id = $1`, [A.id]);
      expect(n, table).toBeGreaterThan(0);
    }
    const states = await t.sql(`select distinct state from waybill where enterprise_id = $1`, [A.id]);
    expect(states.map((s) => s.state).sort()).toEqual(expect.arrayContaining(['草稿', '待调度', '待检查', '待下发', '待装货', '运输中', '已完成', '已作废', '异常关闭']));
    const [{ oldest }] = await t.sql(`select min(created_at) as oldest from waybill where enterprise_id = $1`, [A.id]);
    expect(Date.now() - new Date(oldest).getTime()).toBeGreaterThan(80 * 86400_000);
    const [{ n }] = await t.sql(`select count(*)::int as n from abnormal_waybill where enterprise_id = $1`, [A.id]);
    expect(n).toBeGreaterThan(2);
  });
});
