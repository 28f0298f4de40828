/**
 * 基础信息查询 › 异常运单: a government role holding only that query menu reads the same findings as 运单监管 › 异常运单,
 * in its jurisdiction (a city sees its city's, not another city's), with the detail and its waybill, and writes nothing.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { waybillIn, ok } from '../waybill/fixtures.ts';
import { demoIds, makeUser, tokenOf } from '../admin/util.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp();
  const ids = await demoIds(t);
  // a role of the city's organisation with 基础信息查询 › 异常运单 alone
  const [g] = await t.sql(`insert into base_group (code, name, group_type_id) select $1, '异常运单查询', id from base_group_type where code = 'role' returning id`, [uid('ycyd')]);
  await t.sql(`insert into base_resource_authority (group_id, resource_id, resource_type) select $1, id, 'menu' from base_menu where code = any($2::text[])`, [g.id, ['jcxxcxManager', 'ycydManager']]);
  const u = await makeUser(t, { side: 'government', orgId: ids.orgCityA });
  await t.sql(`insert into base_group_member (group_id, user_id) values ($1, $2)`, [g.id, u.id]);
  token = await tokenOf(t, u.username, u.password);
});

describe('基础信息查询 › 异常运单', () => {
  it('a city user holding only the query menu sees its city\'s findings and their waybills, not another city\'s', async () => {
    const a = (await waybillIn(t, '待装货')).w;
    const b = (await waybillIn(t, '待装货', { as: 'qiye2' })).w;
    const ra = ok(await t.call('POST', '/api/ydjg/abnormal/report', { as: 'zhengfu', body: { waybillNo: a.waybillNo, detail: '卡口发现车辆未按线路行驶' } }));
    const rb = ok(await t.call('POST', '/api/ydjg/abnormal/report', { as: 'zhengfu', body: { waybillNo: b.waybillNo, detail: '卡口发现车辆未按线路行驶' } }));

    const mine = ok(await t.call('POST', '/api/ydjg/abnormal/list', { token, body: { filters: { waybillNo: a.waybillNo } } }));
    expect(mine.content.map((x: { id: string }) => x.id)).toEqual([ra.id]);
    expect(ok(await t.call('POST', '/api/ydjg/abnormal/list', { token, body: { filters: { waybillNo: b.waybillNo } } })).total).toBe(0);
    // the whole first pages: the city's rows only, and the same rows the supervision screen of that city lists
    const page = ok(await t.call('POST', '/api/ydjg/abnormal/list', { token, body: { size: 100 } }));
    const cityCode = (await t.sql(`select o.region_code from base_user u join base_org o on o.id = u.org_id where u.username = 'shiji'`))[0]!.region_code as string;
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((x: { carrierRegion: string }) => x.carrierRegion.startsWith(cityCode.slice(0, 4)))).toBe(true);
    const supervision = ok(await t.call('POST', '/api/ydjg/abnormal/list', { as: 'shiji', body: { size: 100 } }));
    expect(page.content.map((x: { id: string }) => x.id)).toEqual(supervision.content.map((x: { id: string }) => x.id));

    const info = ok(await t.call('GET', `/api/ydjg/abnormal/info/${ra.id}`, { token }));
    expect(info.abnormal.detail).toBe('卡口发现车辆未按线路行驶');
    expect(info.waybill.id).toBe(a.id);
    expect((await t.call('GET', `/api/ydjg/abnormal/info/${rb.id}`, { token })).body.message).toBe('数据不存在或无权访问');
    expect((await t.call('GET', `/api/ydjg/waybill/info/${b.id}`, { token })).body.message).toBe('数据不存在或无权访问');
  });

  it('reads only: no 手工上报, no 核查单 from the query screen; a user without the menu reads nothing', async () => {
    const a = (await waybillIn(t, '待装货')).w;
    expect((await t.call('POST', '/api/ydjg/abnormal/report', { token, body: { waybillNo: a.waybillNo, detail: 'x' } })).body.status).toBe(40301);
    expect((await t.call('POST', '/api/ydjg/checklist/list', { token, body: {} })).body.status).toBe(40301);
    expect((await t.call('POST', '/api/ydjg/abnormal/list', { as: 'wuquanxian', body: {} })).body.status).toBe(40301);
    expect((await t.call('POST', '/api/ydjg/abnormal/list', { as: 'qiye', body: {} })).body.status).toBe(40301);
  });
});
