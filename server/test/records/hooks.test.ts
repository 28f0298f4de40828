/** The bespoke behaviour of the records (server/src/modules/records/hooks.ts) and the 提交审核 routes. */
import { describe, it, expect, beforeAll } from 'vitest';
import { randomInt } from 'node:crypto';
import { MSG, makeCreditCode } from '@dg/core';
import { hashPassword } from '../../src/platform/crud/write.ts';
import { uid, type TestApp } from '../helpers.ts';
import { recordsApp, demoEnterprises, ok, vehicleBody, tankBody, staffBody, type DemoEnterprises } from './fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
beforeAll(async () => { t = await recordsApp(); E = await demoEnterprises(t); });

describe('常运货物', () => {
  it('fills UN编号, 品名, 类别 and 包装类别 from the chosen catalogue row, whatever the client sends', async () => {
    const un = String(9000 + randomInt(1000));
    const name = uid('测试易燃液体');
    const [g] = await t.sql(`insert into dangerous_goods (un_no, name_zh, goods_class, packing_group, source) values ($1, $2, '3', 'II', '新增') returning id`, [un, name]);
    const row = await ok(t, 'POST', '/api/xxda/companyGoods/add', 'qiye', { goodsId: g.id, annualVolume: 800, unNo: '0000', goodsName: '伪造', goodsClass: '9' });
    expect(row).toMatchObject({ unNo: un, goodsName: name, goodsClass: '3', packingGroup: 'II', goodsIdLabel: name });
    const again = await t.call('POST', '/api/xxda/companyGoods/add', { as: 'qiye', body: { goodsId: g.id } });
    expect(again.body).toMatchObject({ status: 40001, message: `常运货物“UN${un} ${name}”已存在` });
    // changing the goods refreshes the copied fields
    const [g2] = await t.sql(`insert into dangerous_goods (un_no, name_zh, goods_class, packing_group, source) values ($1, $2, '8', 'I', '新增') returning id`, [String(9000 + randomInt(1000)), uid('测试腐蚀品')]);
    const upd = await ok(t, 'PUT', '/api/xxda/companyGoods/update', 'qiye', { id: row.id, version: row.version, goodsId: g2.id });
    expect(upd).toMatchObject({ goodsClass: '8', packingGroup: 'I' });
  });
});

describe('车辆', () => {
  it('starts as 草稿, refuses a client 审核状态, upper-cases the VIN and checks 核定载质量 against 总质量', async () => {
    const body = vehicleBody(E.a.regionCode);
    const forged = await t.call('POST', '/api/xxda/vehicle/add', { as: 'qiye', body: { ...body, auditStatus: '已通过' } });
    expect(forged.body).toMatchObject({ status: 40001, message: '审核状态：由办理流程确定，不能直接修改' });
    const row = await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye', { ...body, vin: body.vin.toLowerCase() });
    expect(row.auditStatus).toBe('草稿');
    expect(row.vin).toBe(body.vin);
    const heavy = await t.call('POST', '/api/xxda/vehicle/add', { as: 'qiye', body: vehicleBody(E.a.regionCode, { approvedLoad: 30000, totalMass: 25000 }) });
    expect(heavy.body).toMatchObject({ status: 40001, message: '核定载质量（千克）不能大于总质量（千克）' });
    const upd = await t.call('PUT', '/api/xxda/vehicle/update', { as: 'qiye', body: { id: row.id, version: row.version, approvedLoad: 26000 } });
    expect(upd.body.message).toBe('核定载质量（千克）不能大于总质量（千克）');
  });

  it('refuses a wrong plate with the rule message naming the field', async () => {
    const r = await t.call('POST', '/api/xxda/vehicle/add', { as: 'qiye', body: vehicleBody(E.a.regionCode, { plateNo: '浙A12' }) });
    expect(r.body).toMatchObject({ status: 40001, message: '车牌号码：请输入正确的车牌号码' });
  });

  it('a plate is unique within the enterprise', async () => {
    const body = vehicleBody(E.a.regionCode);
    await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye', body);
    const dup = await t.call('POST', '/api/xxda/vehicle/add', { as: 'qiye', body: vehicleBody(E.a.regionCode, { plateNo: body.plateNo }) });
    expect(dup.body).toMatchObject({ status: 40001, message: `车牌号码“${body.plateNo}”已存在` });
  });

  it('提交审核 moves 草稿 and 已驳回 to 待审核 and nothing else', async () => {
    const row = await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye', vehicleBody(E.a.regionCode));
    const sub = await ok(t, 'POST', `/api/xxda/vehicle/submitAudit/${row.id}`, 'qiye');
    expect(sub).toMatchObject({ id: row.id, auditStatus: '待审核', version: row.version + 1 });
    const twice = await t.call('POST', `/api/xxda/vehicle/submitAudit/${row.id}`, { as: 'qiye' });
    expect(twice.body).toMatchObject({ status: 40001, message: `车辆“${row.plateNo}”当前为待审核状态，不能提交审核` });
    await t.sql(`update vehicle set audit_status = '已驳回', audit_opinion = '行驶证照片不清晰' where id = $1`, [row.id]);
    expect((await ok(t, 'POST', `/api/xxda/vehicle/submitAudit/${row.id}`, 'qiye')).auditStatus).toBe('待审核');
    await t.sql(`update vehicle set audit_status = '已通过' where id = $1`, [row.id]);
    expect((await t.call('POST', `/api/xxda/vehicle/submitAudit/${row.id}`, { as: 'qiye' })).body.status).toBe(40001);
    // the operation log has the transition
    // (written in onResponse, after the answer)
    const lastLog = async () => (await t.sql(`select opt, menu, before->>'auditStatus' as b, after->>'auditStatus' as a from gate_log
      where uri = $1 and result = '成功' order by crt_time desc limit 1`, [`/api/xxda/vehicle/submitAudit/${row.id}`]))[0];
    await expect.poll(lastLog).toMatchObject({ opt: '车辆提交审核', menu: '车辆基本信息', b: '已驳回', a: '待审核' });
  });

  it('a vehicle 待审核 is neither edited nor deleted until the audit decides; 已驳回 is edited again', async () => {
    const row = await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye', vehicleBody(E.a.regionCode));
    const sub = await ok(t, 'POST', `/api/xxda/vehicle/submitAudit/${row.id}`, 'qiye');
    const edit = await t.call('PUT', '/api/xxda/vehicle/update', { as: 'qiye', body: { id: row.id, version: sub.version, engineNo: 'E20261127' } });
    expect(edit.body).toMatchObject({ status: 40001, message: `车辆“${row.plateNo}”当前为待审核状态，不能修改` });
    const del = await t.call('DELETE', `/api/xxda/vehicle/del/${row.id}`, { as: 'qiye' });
    expect(del.body).toMatchObject({ status: 40001, message: `车辆“${row.plateNo}”当前为待审核状态，不能删除` });
    const [v] = await t.sql(`select audit_status, version from vehicle where id = $1`, [row.id]);
    expect(v).toEqual({ audit_status: '待审核', version: sub.version });
    await t.sql(`update vehicle set audit_status = '已驳回' where id = $1`, [row.id]);
    await ok(t, 'PUT', '/api/xxda/vehicle/update', 'qiye', { id: row.id, version: sub.version, gpsTerminalNo: 'GPS20261127' });
    await ok(t, 'DELETE', `/api/xxda/vehicle/del/${row.id}`, 'qiye');
  });

  it('提交审核 is refused for another enterprise, the government and a user without the button', async () => {
    const row = await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye', vehicleBody(E.a.regionCode));
    expect((await t.call('POST', `/api/xxda/vehicle/submitAudit/${row.id}`, { as: 'qiye2' })).body).toMatchObject({ status: 40001, message: MSG.notFound });
    expect((await t.call('POST', `/api/xxda/vehicle/submitAudit/${row.id}`, { as: 'zhengfu' })).body.status).toBe(40301);
    expect((await t.call('POST', `/api/xxda/vehicle/submitAudit/${row.id}`, { as: 'wuquanxian' })).body.status).toBe(40301);
    expect((await t.call('POST', `/api/xxda/vehicle/submitAudit/not-an-id`, { as: 'qiye' })).body.status).toBe(40001);
    const [v] = await t.sql(`select audit_status from vehicle where id = $1`, [row.id]);
    expect(v.audit_status).toBe('草稿');
  });

  it('a vehicle carrying a tank cannot be deleted', async () => {
    const v = await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye', vehicleBody(E.a.regionCode));
    const tank = await ok(t, 'POST', '/api/xxda/tank/add', 'qiye', tankBody({ vehicleId: v.id }));
    const del = await t.call('DELETE', `/api/xxda/vehicle/del/${v.id}`, { as: 'qiye' });
    expect(del.body).toMatchObject({ status: 40001, message: `该车辆上还有罐体“${tank.tankNo}”，请先解除罐体与车辆的关联` });
    await ok(t, 'PUT', '/api/xxda/tank/update', 'qiye', { id: tank.id, version: tank.version, vehicleId: null });
    await ok(t, 'DELETE', `/api/xxda/vehicle/del/${v.id}`, 'qiye');
  });
});

describe('罐体', () => {
  it('starts as 草稿 and is submitted like a vehicle', async () => {
    const tank = await ok(t, 'POST', '/api/xxda/tank/add', 'qiye', tankBody());
    expect(tank.auditStatus).toBe('草稿');
    expect((await ok(t, 'POST', `/api/xxda/tank/submitAudit/${tank.id}`, 'qiye')).auditStatus).toBe('待审核');
    expect((await t.call('POST', `/api/xxda/tank/submitAudit/${tank.id}`, { as: 'qiye2' })).body.status).toBe(40001);
  });

  it('适装介质 entries are UN numbers or classes', async () => {
    const good = await ok(t, 'POST', '/api/xxda/tank/add', 'qiye', tankBody({ suitableMedia: ['1203', '3', '2.1', '6.1', '1203'] }));
    expect(good.suitableMedia).toEqual(['1203', '3', '2.1', '6.1']);
    for (const bad of ['x', '12030', '3.9', '10', '0000']) {
      const r = await t.call('POST', '/api/xxda/tank/add', { as: 'qiye', body: tankBody({ suitableMedia: ['1203', bad] }) });
      expect(r.body).toMatchObject({ status: 40001, message: `适装介质“${bad}”格式不正确` });
    }
    // the same text split by 、 or ， as typed in a sheet
    const typed = await ok(t, 'POST', '/api/xxda/tank/add', 'qiye', tankBody({ suitableMedia: '1202、1203，3' }));
    expect(typed.suitableMedia).toEqual(['1202', '1203', '3']);
    const upd = await t.call('PUT', '/api/xxda/tank/update', { as: 'qiye', body: { id: good.id, version: good.version, suitableMedia: ['汽油'] } });
    expect(upd.body.message).toBe('适装介质“汽油”格式不正确');
  });

  it('罐式集装箱 checks 适装介质 the same way', async () => {
    const body = { containerNo: uid('C').slice(0, 11), containerType: '液体罐箱', volume: 20, inspectionExpiry: '2030-01-01', owner: '测试' };
    expect((await t.call('POST', '/api/xxda/tankContainer/add', { as: 'qiye', body: { ...body, suitableMedia: ['1830', 'abc'] } })).body)
      .toMatchObject({ status: 40001, message: '适装介质“abc”格式不正确' });
    expect((await ok(t, 'POST', '/api/xxda/tankContainer/add', 'qiye', { ...body, suitableMedia: ['1830', '8'] })).suitableMedia).toEqual(['1830', '8']);
  });

  it('the vehicle must be one of the tank\'s own enterprise', async () => {
    const vB = await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye2', vehicleBody(E.b.regionCode));
    // an enterprise user cannot even see it
    const r = await t.call('POST', '/api/xxda/tank/add', { as: 'qiye', body: tankBody({ vehicleId: vB.id }) });
    expect(r.body.status).toBe(40001);
    // the platform sees every enterprise: the hook checks the enterprise matches
    const p = await t.call('POST', '/api/xxda/tank/add', { as: 'admin', body: { ...tankBody({ vehicleId: vB.id }), enterpriseId: E.a.id } });
    expect(p.body).toMatchObject({ status: 40001, message: '所属车辆：所选车辆不属于罐体所属企业' });
    const okRow = await ok(t, 'POST', '/api/xxda/tank/add', 'admin', { ...tankBody({ vehicleId: vB.id }), enterpriseId: E.b.id });
    expect(okRow.vehicleIdLabel).toBe(vB.plateNo);
    // and on update
    const tA = await ok(t, 'POST', '/api/xxda/tank/add', 'admin', { ...tankBody(), enterpriseId: E.a.id });
    const u = await t.call('PUT', '/api/xxda/tank/update', { as: 'admin', body: { id: tA.id, version: tA.version, vehicleId: vB.id } });
    expect(u.body.message).toBe('所属车辆：所选车辆不属于罐体所属企业');
  });
});

describe('罐体定期检验', () => {
  const check = (tankId: string, o: Record<string, unknown>) => ({ tankId, recordDate: '2025-03-01', content: '定期检验', unit: '特检院', checkType: '定期检验', result: '合格', reportNo: uid('R'), nextDate: '2026-03-01', ...o });

  it('a 合格 inspection sets the tank\'s 检验有效期 to its 下次检验日期, in the same transaction', async () => {
    const tank = await ok(t, 'POST', '/api/xxda/tank/add', 'qiye', tankBody({ inspectionExpiry: '2025-01-01' }));
    await ok(t, 'POST', '/api/xxda/tankCheck/add', 'qiye', check(tank.id, {}));
    let info = await ok(t, 'GET', `/api/xxda/tank/info/${tank.id}`, 'qiye');
    expect(info.inspectionExpiry).toBe('2026-03-01');
    expect(info.version).toBe(tank.version + 1);
    // 不合格 changes nothing
    await ok(t, 'POST', '/api/xxda/tankCheck/add', 'qiye', check(tank.id, { recordDate: '2025-06-01', result: '不合格', nextDate: '2025-07-01' }));
    expect((await ok(t, 'GET', `/api/xxda/tank/info/${tank.id}`, 'qiye')).inspectionExpiry).toBe('2026-03-01');
    // an older 合格 record entered later does not move the date back
    await ok(t, 'POST', '/api/xxda/tankCheck/add', 'qiye', check(tank.id, { recordDate: '2024-03-01', nextDate: '2025-03-01' }));
    expect((await ok(t, 'GET', `/api/xxda/tank/info/${tank.id}`, 'qiye')).inspectionExpiry).toBe('2026-03-01');
    // a newer one does; deleting it goes back to the previous latest
    const newer = await ok(t, 'POST', '/api/xxda/tankCheck/add', 'qiye', check(tank.id, { recordDate: '2025-09-01', nextDate: '2026-09-01' }));
    expect((await ok(t, 'GET', `/api/xxda/tank/info/${tank.id}`, 'qiye')).inspectionExpiry).toBe('2026-09-01');
    await ok(t, 'DELETE', `/api/xxda/tankCheck/del/${newer.id}`, 'qiye');
    info = await ok(t, 'GET', `/api/xxda/tank/info/${tank.id}`, 'qiye');
    expect(info.inspectionExpiry).toBe('2026-03-01');
  });

  it('a failed write leaves the tank as it was', async () => {
    const tank = await ok(t, 'POST', '/api/xxda/tank/add', 'qiye', tankBody({ inspectionExpiry: '2025-01-01' }));
    const r = await t.call('POST', '/api/xxda/tankCheck/add', { as: 'qiye', body: check(tank.id, { nextDate: '2025-01-01', recordDate: '2025-03-01' }) });
    expect(r.body).toMatchObject({ status: 40001, message: '下次检验日期必须晚于检验日期' });
    const [row] = await t.sql(`select inspection_expiry::text as d, version from tank where id = $1`, [tank.id]);
    expect(row).toEqual({ d: '2025-01-01', version: tank.version });
  });
});

describe('人员 入职 / 离职', () => {
  it('入职 sets 在职, 入职日期 and 岗位; 离职 sets 离职 and keeps the person; a person with history cannot be deleted', async () => {
    const s = await ok(t, 'POST', '/api/xxda/staff/add', 'qiye', staffBody(E.a.regionCode, { post: '其他' }));
    expect(s.status).toBe('在职');
    const entry = await ok(t, 'POST', '/api/xxda/staffEntry/add', 'qiye', { staffId: s.id, entryDate: '2024-02-01', post: '押运员', contractNo: uid('HT'), contractStart: '2024-02-01', contractEnd: '2027-01-31' });
    let p = await ok(t, 'GET', `/api/xxda/staff/info/${s.id}`, 'qiye');
    expect(p).toMatchObject({ status: '在职', entryDate: '2024-02-01', post: '押运员' });
    const twice = await t.call('POST', '/api/xxda/staffEntry/add', { as: 'qiye', body: { staffId: s.id, entryDate: '2024-03-01', post: '押运员', contractNo: uid('HT'), contractStart: '2024-03-01' } });
    expect(twice.body).toMatchObject({ status: 40001, message: '人员“测试人员”已在职，请先办理离职' });
    const early = await t.call('POST', '/api/xxda/staffLeave/add', { as: 'qiye', body: { staffId: s.id, leaveDate: '2024-01-01', reason: '个人原因' } });
    expect(early.body).toMatchObject({ status: 40001, message: '离职日期不能早于入职日期（2024-02-01）' });
    const leave = await ok(t, 'POST', '/api/xxda/staffLeave/add', 'qiye', { staffId: s.id, leaveDate: '2025-01-15', reason: '个人原因' });
    p = await ok(t, 'GET', `/api/xxda/staff/info/${s.id}`, 'qiye');
    expect(p).toMatchObject({ status: '离职', entryDate: '2024-02-01', post: '押运员' });
    expect((await t.call('POST', '/api/xxda/staffLeave/add', { as: 'qiye', body: { staffId: s.id, leaveDate: '2025-02-01', reason: '再次' } })).body.message).toBe('人员“测试人员”已离职');
    // still listed, filterable by status
    const list = await ok(t, 'POST', '/api/xxda/staff/list', 'qiye', { filters: { idCard: s.idCard, status: '离职' } });
    expect(list.content.map((r: any) => r.id)).toEqual([s.id]);
    const del = await t.call('DELETE', `/api/xxda/staff/del/${s.id}`, { as: 'qiye' });
    expect(del.body.status).toBe(40001);
    expect(del.body.message).toMatch(/还有(入职|离职)记录/);
    // re-hired: 在职 again with the new post
    await ok(t, 'POST', '/api/xxda/staffEntry/add', 'qiye', { staffId: s.id, entryDate: '2025-06-01', post: '驾驶员', contractNo: uid('HT'), contractStart: '2025-06-01' });
    expect(await ok(t, 'GET', `/api/xxda/staff/info/${s.id}`, 'qiye')).toMatchObject({ status: '在职', entryDate: '2025-06-01', post: '驾驶员' });
    // the staff's status is never taken from the client
    const cur = await ok(t, 'GET', `/api/xxda/staff/info/${s.id}`, 'qiye');
    const forged = await t.call('PUT', '/api/xxda/staff/update', { as: 'qiye', body: { id: s.id, version: cur.version, status: '离职', mobile: '13700000000' } });
    expect(forged.body).toMatchObject({ status: 40001, message: '在职状态：由办理流程确定，不能直接修改' });
    expect(await ok(t, 'GET', `/api/xxda/staff/info/${s.id}`, 'qiye')).toMatchObject({ status: '在职', version: cur.version });
    void entry; void leave;
  });

  it('合同结束日期 cannot precede 合同开始日期', async () => {
    const s = await ok(t, 'POST', '/api/xxda/staff/add', 'qiye', staffBody(E.a.regionCode));
    const r = await t.call('POST', '/api/xxda/staffEntry/add', { as: 'qiye', body: { staffId: s.id, entryDate: '2024-02-01', post: '驾驶员', contractNo: uid('HT'), contractStart: '2024-02-01', contractEnd: '2023-01-01' } });
    expect(r.body).toMatchObject({ status: 40001, message: '合同结束日期不能早于合同开始日期' });
  });

  it('an 18-character 从业资格证号 must be a valid ID number', async () => {
    const bad = await t.call('POST', '/api/xxda/staff/add', { as: 'qiye', body: staffBody(E.a.regionCode, { qualificationNo: '330102199001011230' }) });
    expect(bad.body.status).toBe(40001);
    expect(bad.body.message).toMatch(/^从业资格证号：证件号码/);
    const body = staffBody(E.a.regionCode);
    expect((await ok(t, 'POST', '/api/xxda/staff/add', 'qiye', { ...body, qualificationNo: body.idCard })).qualificationNo).toBe(body.idCard);
  });
});

describe('企业基本信息', () => {
  it('an enterprise user updates its own row but never its 审核状态', async () => {
    // a throw-away enterprise and admin, so the demo enterprises stay as they are
    const [e] = await t.sql(`insert into enterprise (name, credit_code, legal_person, licence_no, licence_expiry, business_scope, region_code, address, phone, status, audit_status)
      select $1, $2, '王五', 'X', '2030-01-01', '{3}', region_code, '地址', '0571-86001234', '正常', '已通过' from enterprise where id = $3 returning id, version`,
      [uid('测试企业'), makeCreditCode(`91${E.a.regionCode}MA2${String(randomInt(100000)).padStart(5, '0')}Q`), E.a.id]);
    const username = uid('ent');
    const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('测试管理员', $1, $2, 'enterprise', $3, '1') returning id`,
      [username, await hashPassword('pass1234'), e.id]);
    await t.sql(`insert into base_group_member (group_id, user_id) select id, $1 from base_group where code = 'enterpriseAdmin'`, [u.id]);
    const token = (await t.login(username, 'pass1234')).data;
    // 审核状态 is the review's (ResourceDef.workflow): a body changing it is refused whole
    const forged = await t.call('PUT', '/api/xxda/enterprise/update', { token, body: { id: e.id, version: e.version, phone: '0571-86009999', auditStatus: '已驳回', auditOpinion: '伪造' } });
    expect(forged.body).toMatchObject({ status: 40001, message: '审核状态：由办理流程确定，不能直接修改' });
    const r = await t.call('PUT', '/api/xxda/enterprise/update', { token, body: { id: e.id, version: e.version, phone: '0571-86009999' } });
    expect(r.body.status).toBe(200);
    expect(r.body.data).toMatchObject({ phone: '0571-86009999', auditStatus: '已通过' });
    const [after] = await t.sql(`select version, audit_status, audit_opinion from enterprise where id = $1`, [e.id]);
    expect(after).toEqual({ version: e.version + 1, audit_status: '已通过', audit_opinion: null });
    // not another enterprise's row, and no new or removed enterprises
    const other = await t.call('PUT', '/api/xxda/enterprise/update', { token, body: { id: E.a.id, version: 1, phone: '0571-86009999' } });
    expect(other.body).toMatchObject({ status: 40001, message: MSG.notFound });
    expect((await t.call('DELETE', `/api/xxda/enterprise/del/${e.id}`, { token })).body.status).toBe(40301);
  });
});
