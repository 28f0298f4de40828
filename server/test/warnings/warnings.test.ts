/**
 * 到期预警: lists computed from the records at request time.
 * Every record here is made through the API with a unique marker in its number, and each list is
 * read with that marker as keyword, so the demo data and other test files do not get in the way.
 * One file on purpose: the window tests change 参数设置 and must not run beside the boundary tests.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import ExcelJS from 'exceljs';
import type { WarningRow } from '@dg/core';
import { ENTERPRISE_WARNINGS, GOVERNMENT_WARNINGS, addDays, chinaToday, warningDaysText, warningStatusOf } from '@dg/core/warnings';
import { uid, type TestApp, type DemoUser } from '../helpers.ts';
import { moduleApp, data, day, demoEnterprises, addVehicle, addStaff, type DemoEnterprise } from './app.ts';

let t: TestApp;
let A: DemoEnterprise, B: DemoEnterprise;
beforeAll(async () => {
  t = await moduleApp();
  ({ a: A, b: B } = await demoEnterprises(t));
});

const list = async (key: string, as: DemoUser, filters: Record<string, unknown> = {}, size = 100): Promise<{ content: WarningRow[]; total: number; windowDays?: number }> =>
  data(t, 'POST', `/api/warning/${key}/list`, as, { page: 1, size, filters });

describe('the status rule and its boundaries', () => {
  it('expired yesterday → 已过期 1 day; expires today → 即将到期 0 days left; in 30 days → 即将到期; in 31 days → not listed', async () => {
    const mark = uid('BND');
    const v = async (n: number) => addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}${n + 10}`, transportCertExpiry: day(n) });
    const [yesterday, today, in30, in31] = [await v(-1), await v(0), await v(30), await v(31)];
    const { content, total, windowDays } = await list('vehicleTransport', 'qiye', { keyword: mark });
    expect(windowDays).toBe(30);
    expect(total).toBe(3);
    // most urgent first
    expect(content.map((r) => r.recordId)).toEqual([yesterday.id, today.id, in30.id]);
    expect(content[0]).toMatchObject({ status: '已过期', days: -1, daysOverdue: 1, daysLeft: null, expiryDate: day(-1), subject: yesterday.plateNo, docNo: `${mark}9`, document: '道路运输证' });
    expect(content[1]).toMatchObject({ status: '即将到期', days: 0, daysLeft: 0, daysOverdue: null });
    expect(content[2]).toMatchObject({ status: '即将到期', daysLeft: 30 });
    expect(content.some((r) => r.recordId === in31.id)).toBe(false);
    // each row names its record and where the record is shown
    expect(content[0]).toMatchObject({ resource: 'vehicle', enterpriseId: A.id, enterpriseName: A.name, route: `/fileManagement/vehicleBasicManager/info/${yesterday.id}` });
  });

  it('the shared rule (core) says the same: China\'s calendar day, 逾期N天 / 剩余N天', () => {
    const today = '2025-03-01';
    expect(warningStatusOf(addDays(today, -1), today)).toEqual({ status: '已过期', days: -1 });
    expect(warningStatusOf(today, today)).toEqual({ status: '即将到期', days: 0 });
    expect(warningStatusOf(addDays(today, 30), today)).toEqual({ status: '即将到期', days: 30 });
    expect(warningStatusOf(addDays(today, 31), today)).toBeNull();
    expect(warningStatusOf(addDays(today, 31), today, 45)).toEqual({ status: '即将到期', days: 31 });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect([warningDaysText(-3), warningDaysText(0), warningDaysText(12)]).toEqual(['逾期3天', '剩余0天', '剩余12天']);
    // 16:30 UTC is already the next day in China
    expect(chinaToday(new Date('2025-03-01T16:30:00Z'))).toBe('2025-03-02');
    expect(chinaToday(new Date('2025-03-01T15:59:00Z'))).toBe('2025-03-01');
  });

  it('filters by status, keyword and expiry date', async () => {
    const mark = uid('FLT');
    for (const n of [-20, -2, 3, 12]) await addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}${n + 50}`, annualReviewExpiry: day(n) });
    expect((await list('vehicleReview', 'qiye', { keyword: mark, status: '已过期' })).content.map((r) => r.days)).toEqual([-20, -2]);
    expect((await list('vehicleReview', 'qiye', { keyword: mark, status: '即将到期' })).content.map((r) => r.days)).toEqual([3, 12]);
    expect((await list('vehicleReview', 'qiye', { keyword: mark, expiryDate: [day(-5), day(5)] })).content.map((r) => r.days)).toEqual([-2, 3]);
    expect((await list('vehicleReview', 'qiye', { keyword: mark, expiryDate: [day(0), null] })).total).toBe(2);
    const paged = await data(t, 'POST', '/api/warning/vehicleReview/list', 'qiye', { page: 2, size: 3, filters: { keyword: mark } });
    expect(paged).toMatchObject({ total: 4 });
    expect(paged.content.map((r: WarningRow) => r.days)).toEqual([12]);
    const bad = await t.call('POST', '/api/warning/vehicleReview/list', { as: 'qiye', body: { filters: { status: '正常' } } });
    expect(bad.body).toMatchObject({ status: 40001, message: '状态：请选择即将到期或已过期' });
  });
});

describe('what each list reads', () => {
  it('车辆年审: the 道路运输证年审 or the 行驶证检验, whichever ends first, naming which', async () => {
    const mark = uid('INSP');
    const a = await addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}1`, annualReviewExpiry: day(200), inspectionExpiry: day(-4) });
    const b = await addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}2`, annualReviewExpiry: day(6), inspectionExpiry: day(90) });
    const rows = (await list('vehicleReview', 'qiye', { keyword: mark })).content;
    expect(rows.map((r) => [r.recordId, r.document, r.days])).toEqual([[a.id, '行驶证检验', -4], [b.id, '道路运输证年审', 6]]);
  });

  it('车辆保险: the earliest policy (商业险 only when recorded), naming which one', async () => {
    const mark = uid('INS');
    const a = await addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}1`, compulsoryInsuranceExpiry: day(50), carrierInsuranceExpiry: day(10), commercialInsuranceExpiry: day(5) });
    const b = await addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}2`, compulsoryInsuranceExpiry: day(20), carrierInsuranceExpiry: day(-3) });
    await addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}3`, compulsoryInsuranceExpiry: day(200), carrierInsuranceExpiry: day(200), commercialInsuranceExpiry: day(100) });
    // the insurance list shows no document number: find the rows by plate
    const rows = (await list('vehicleInsurance', 'qiye', {}, 500)).content.filter((r) => [a.id, b.id].includes(r.recordId));
    expect(rows.map((r) => [r.recordId, r.document, r.days])).toEqual([[b.id, '承运人责任险', -3], [a.id, '商业险', 5]]);
  });

  it('罐体检验: tanks and tank containers; a scrapped tank no longer counts', async () => {
    const mark = uid('TK');
    const tank = await data(t, 'POST', '/api/xxda/tank/add', 'qiye', { tankNo: `${mark}A`, tankType: 'atmospheric', volume: 25, suitableMedia: ['1203'], inspectionExpiry: day(9), status: '在用' });
    await data(t, 'POST', '/api/xxda/tank/add', 'qiye', { tankNo: `${mark}B`, tankType: 'atmospheric', volume: 25, suitableMedia: ['1203'], inspectionExpiry: day(-9), status: '报废' });
    const box = await data(t, 'POST', '/api/xxda/tankContainer/add', 'qiye', { containerNo: `${mark}C`.slice(0, 20), containerType: '液体罐箱', volume: 24, suitableMedia: ['1830'], inspectionExpiry: day(-4), owner: '测试物流' });
    const rows = (await list('tankCheck', 'qiye', { keyword: mark })).content;
    expect(rows.map((r) => [r.resource, r.recordId, r.document, r.days])).toEqual([
      ['tankContainer', box.id, '罐式集装箱检验', -4], ['tank', tank.id, '罐体定期检验', 9],
    ]);
  });

  it('从业资格证 and 驾驶证: staff 在职 only', async () => {
    const mark = uid('ZG');
    const stays = await addStaff(t, 'qiye', A.regionCode, { qualificationNo: `${mark}1`, qualificationExpiry: day(4), drivingLicenceNo: `${mark}1`, drivingLicenceExpiry: day(-1) });
    const leaves = await addStaff(t, 'qiye', A.regionCode, { qualificationNo: `${mark}2`, qualificationExpiry: day(4), drivingLicenceNo: `${mark}2`, drivingLicenceExpiry: day(-1) });
    expect((await list('staffQualification', 'qiye', { keyword: mark })).total).toBe(2);
    await data(t, 'POST', '/api/xxda/staffEntry/add', 'qiye', { staffId: leaves.id, entryDate: day(-300), post: '驾驶员', contractNo: `${mark}HT`, contractStart: day(-300) });
    await data(t, 'POST', '/api/xxda/staffLeave/add', 'qiye', { staffId: leaves.id, leaveDate: day(-1), reason: '个人原因' });
    const q = (await list('staffQualification', 'qiye', { keyword: mark })).content;
    expect(q.map((r) => [r.recordId, r.subject, r.docNo, r.daysLeft])).toEqual([[stays.id, '测试人员', `${mark}1`, 4]]);
    const d = (await list('driverLicence', 'qiye', { keyword: mark })).content;
    expect(d.map((r) => [r.recordId, r.document, r.daysOverdue])).toEqual([[stays.id, '驾驶证', 1]]);
  });

  it('企业证照: the licences of 证照信息 and the enterprise\'s own 经营许可证', async () => {
    const mark = uid('ZZ');
    const lic = await data(t, 'POST', '/api/xxda/companyLicence/add', 'qiye', { certType: '安全生产标准化达标证明', certNo: mark, issuer: '测试发证机关', issueDate: day(-1000), expiryDate: day(7) });
    const rows = (await list('companyLicence', 'qiye', { keyword: mark })).content;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resource: 'companyLicence', recordId: lic.id, document: '安全生产标准化达标证明', docNo: mark, subject: A.name, daysLeft: 7,
      route: `/alertMessgae/recordInfo/companyLicence/${lic.id}` });
    // demo enterprise B's 经营许可证 expires in 20 days (seed-demo.ts)
    const own = (await list('companyLicence', 'qiye2', { keyword: '道路运输经营许可证' })).content.filter((r) => r.resource === 'enterprise');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ recordId: B.id, subject: B.name, status: '即将到期' });
  });
});

describe('who sees what', () => {
  let mark: string;
  let va: { id: string }, vb: { id: string };
  beforeAll(async () => {
    mark = uid('SCP');
    va = await addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}A`, transportCertExpiry: day(5) });
    vb = await addVehicle(t, 'qiye2', B.regionCode, { transportCertNo: `${mark}B`, transportCertExpiry: day(6) });
    await addVehicle(t, 'qiye2', B.regionCode, { transportCertNo: `${mark}C`, transportCertExpiry: day(-8) });
  });

  it('an enterprise sees its own warnings only: B never sees A\'s', async () => {
    expect((await list('vehicleTransport', 'qiye', { keyword: mark })).content.map((r) => r.recordId)).toEqual([va.id]);
    const b = await list('vehicleTransport', 'qiye2', { keyword: mark });
    expect(b.content.map((r) => r.enterpriseId)).toEqual([B.id, B.id]);
    // an enterprise user cannot widen the scope with a filter
    expect((await list('vehicleTransport', 'qiye2', { keyword: mark, enterpriseId: A.id })).total).toBe(0);
  });

  it('the province sees every city, a city government only its own city', async () => {
    const province = await list('cldlysDue', 'zhengfu', { keyword: mark });
    expect(province.content.map((r) => r.recordId)).toEqual([va.id, vb.id]);
    expect(province.content[0]!.route).toBe(`/jcxxcxManager/clxxcxInfo/${va.id}`);
    const city = await list('cldlysDue', 'shiji', { keyword: mark });
    expect(city.content.map((r) => r.recordId)).toEqual([va.id]);
    expect((await list('cldlysOverdue', 'zhengfu', { keyword: mark })).content.map((r) => r.status)).toEqual(['已过期']);
    expect((await list('cldlysOverdue', 'shiji', { keyword: mark })).total).toBe(0);
    // a government page can narrow to one enterprise
    expect((await list('cldlysDue', 'zhengfu', { keyword: mark, enterpriseId: B.id })).content.map((r) => r.recordId)).toEqual([vb.id]);
  });

  it('government pages count per enterprise', async () => {
    const counts = await data(t, 'POST', '/api/warning/cldlysDue/enterprises', 'zhengfu', { filters: { keyword: mark } });
    expect(counts.total).toBe(2);
    expect(counts.content.map((c: { enterpriseId: string; count: number }) => [c.enterpriseId, c.count]).sort()).toEqual([[A.id, 1], [B.id, 1]].sort());
    const city = await data(t, 'POST', '/api/warning/cldlysDue/enterprises', 'shiji', { filters: { keyword: mark } });
    expect(city.content.map((c: { enterpriseId: string }) => c.enterpriseId)).toEqual([A.id]);
  });

  it('each list is gated by its menu code: enterprise lists for enterprises, the six pages for the government', async () => {
    expect((await t.call('POST', '/api/warning/cldlysDue/list', { as: 'qiye', body: {} })).body.status).toBe(40301);
    expect((await t.call('POST', '/api/warning/vehicleTransport/list', { as: 'zhengfu', body: {} })).body.status).toBe(40301);
    expect((await t.call('POST', '/api/warning/vehicleTransport/list', { as: 'wuquanxian', body: {} })).body.status).toBe(40301);
    expect((await t.call('POST', '/api/warning/vehicleTransport/list', { body: {} })).http).toBe(401);
  });

  it('通知企业 records a notice to an enterprise of the jurisdiction, and only there', async () => {
    const r = await data(t, 'POST', '/api/warning/cldlysOverdue/notify', 'zhengfu', { enterpriseId: B.id });
    expect(r).toMatchObject({ enterpriseId: B.id, enterpriseName: B.name, title: '车辆道路运输证已过期提醒' });
    expect(r.count).toBeGreaterThanOrEqual(1);
    expect(r.content).toContain(`${mark}C`);
    expect(r.content).toContain('已逾期8天');
    const [log] = await t.sql(`select opt, menu, result, after from gate_log where uri = '/api/warning/cldlysOverdue/notify' order by crt_time desc limit 1`);
    expect(log).toMatchObject({ opt: '通知企业', menu: '车辆道路运输证已过期', result: '成功' });
    expect(log.after).toMatchObject({ enterpriseId: B.id, title: '车辆道路运输证已过期提醒' });
    // the city government of A cannot reach B; an enterprise user holds no notify element
    expect((await t.call('POST', '/api/warning/cldlysOverdue/notify', { as: 'shiji', body: { enterpriseId: B.id } })).body).toMatchObject({ status: 40001, message: '数据不存在或无权访问' });
    expect((await t.call('POST', '/api/warning/cldlysOverdue/notify', { as: 'qiye', body: { enterpriseId: A.id } })).body.status).toBe(40301);
    expect((await t.call('POST', '/api/warning/cldlysOverdue/notify', { as: 'zhengfu', body: {} })).body).toMatchObject({ status: 40001, message: '请选择要通知的企业' });
  });

  it('exports the list as xlsx (sheet SheetJS, file 列表.xlsx)', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/warning/cldlysDue/export', headers: { authorization: await t.token('zhengfu') }, payload: { filters: { keyword: mark } } });
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(String(r.headers['content-disposition'])).toContain(encodeURIComponent('列表') + '.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('SheetJS')!;
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toEqual(['所属企业', '所在地区', '车牌号码', '证件', '证件编号', '有效期至', '状态', '剩余天数', '逾期天数']);
    expect(rows.slice(1).map((x) => x[4])).toEqual([`${mark}A`, `${mark}B`]);
    expect(rows[1]![6]).toBe('即将到期');
    expect(rows[1]![7]).toBe('5');
    const qiye = await t.app.inject({ method: 'POST', url: '/api/warning/vehicleTransport/export', headers: { authorization: await t.token('qiye') }, payload: { filters: { keyword: mark } } });
    expect(qiye.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('summary and 业务大厅', () => {
  it('GET /warning/summary counts due and overdue per list: seven for an enterprise, three topics for the government', async () => {
    const mark = uid('SUM');
    await addVehicle(t, 'qiye2', B.regionCode, { transportCertNo: `${mark}1`, transportCertExpiry: day(2) });
    const ent = await data(t, 'GET', '/api/warning/summary', 'qiye2');
    expect(ent.map((s: { kind: string }) => s.kind)).toEqual(ENTERPRISE_WARNINGS.map((k) => k.menu));
    const transport = ent.find((s: { key: string }) => s.key === 'vehicleTransport');
    const direct = await list('vehicleTransport', 'qiye2', {}, 500);
    expect(transport.due + transport.overdue).toBe(direct.total);
    expect(transport.due).toBe(direct.content.filter((r) => r.status === '即将到期').length);
    const gov = await data(t, 'GET', '/api/warning/summary', 'zhengfu');
    expect(gov.map((s: { key: string }) => s.key)).toEqual(['ryzg', 'cldlys', 'jyxk']);
    const cldlys = gov.find((s: { key: string }) => s.key === 'cldlys');
    expect(cldlys).toMatchObject({ kind: 'cldlysDueManager', overdueKind: 'cldlysOverdueManager', title: '车辆道路运输证' });
    expect(cldlys.due).toBe((await list('cldlysDue', 'zhengfu', {}, 1)).total);
    expect(cldlys.overdue).toBe((await list('cldlysOverdue', 'zhengfu', {}, 1)).total);
    // any signed-in user, within their own scope
    const none = await data(t, 'GET', '/api/warning/summary', 'wuquanxian');
    expect(none).toHaveLength(7);
  });

  it('POST /warning/all/list puts every enterprise list in one, most urgent first', async () => {
    const mark = uid('ALL');
    await addVehicle(t, 'qiye', A.regionCode, { transportCertNo: `${mark}1`, transportCertExpiry: day(9), annualReviewExpiry: day(-2) });
    const rows = (await data(t, 'POST', '/api/warning/all/list', 'qiye', { filters: { keyword: mark } })).content as WarningRow[];
    expect(rows.map((r) => [r.kindTitle, r.days])).toEqual([['车辆年审', -2], ['车辆道路运输证', 9]]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
    expect((await t.call('POST', '/api/warning/all/list', { as: 'zhengfu', body: {} })).body.status).toBe(40301);
  });
});

describe('参数设置', () => {
  it('GET /zyd/param lists the parameters with warningDays 30 by default', async () => {
    const params = await data(t, 'GET', '/api/zyd/param', 'zhengfu');
    expect(params.find((p: { key: string }) => p.key === 'warningDays')).toMatchObject({ label: '证照到期预警天数', value: 30, editable: true });
    expect(params.find((p: { key: string }) => p.key === 'warningDaysByKind')).toMatchObject({ value: {} });
    expect((await t.call('GET', '/api/zyd/param', { as: 'qiye' })).body.status).toBe(40301);
  });

  it('PUT /zyd/param checks each value and names it', async () => {
    const put = (body: unknown) => t.call('PUT', '/api/zyd/param', { as: 'zhengfu', body });
    for (const v of [0, 366, 1.5, '30', null]) {
      expect((await put({ warningDays: v })).body, String(v)).toMatchObject({ status: 40001, message: '证照到期预警天数：请输入1到365之间的整数' });
    }
    expect((await put({ foo: 1 })).body).toMatchObject({ status: 40001, message: '未知参数：foo' });
    expect((await put({})).body).toMatchObject({ status: 40001, message: '没有需要保存的参数' });
    expect((await t.call('PUT', '/api/zyd/param', { as: 'qiye', body: { warningDays: 30 } })).body.status).toBe(40301);
    expect((await put({ warningDaysByKind: { vehicleTransport: 400 } })).body.message).toBe('车辆道路运输证预警天数：请输入1到365之间的整数');
    expect((await put({ warningDaysByKind: { boat: 10 } })).body.message).toBe('各类证件预警天数：未知的证件类型“boat”');
    expect((await put({ assessGrades: { AAA: 700, AA: 750, A: 600 } })).body.message).toBe('考核等级分数线：应满足AAA高于AA，AA高于A');
    expect((await put({ safetyFundRate: 1.555 })).body.message).toBe('安全生产费用提取比例：请输入0到100之间的数字，最多2位小数');
    expect((await put({ fusionToleranceMinutes: 0 })).body.message).toBe('数据融合时间容差：请输入1到1440之间的整数');
    // a valid value is written (the same as before, so concurrent tests are unaffected) and logged
    const ok = await put({ warningDays: 30, inTransitOverdueFactor: 2 });
    expect(ok.body.status).toBe(200);
    const [log] = await t.sql(`select opt, result from gate_log where uri = '/api/zyd/param' and method = 'PUT' order by crt_time desc limit 1`);
    expect(log).toEqual({ opt: '修改参数设置', result: '成功' });
  });

  it('a document type\'s own window replaces warningDays for its list', async () => {
    const mark = uid('WIN');
    const s = await addStaff(t, 'qiye', A.regionCode, { drivingLicenceNo: mark, drivingLicenceExpiry: day(40) });
    expect((await list('driverLicence', 'qiye', { keyword: mark })).total).toBe(0);
    await data(t, 'PUT', '/api/zyd/param', 'zhengfu', { warningDaysByKind: { driverLicence: 45 } });
    try {
      const r = await list('driverLicence', 'qiye', { keyword: mark });
      expect(r.windowDays).toBe(45);
      expect(r.content.map((x) => [x.recordId, x.daysLeft])).toEqual([[s.id, 40]]);
    } finally {
      await data(t, 'PUT', '/api/zyd/param', 'zhengfu', { warningDaysByKind: { driverLicence: null } });
    }
    expect((await list('driverLicence', 'qiye', { keyword: mark })).total).toBe(0);
  });
});

describe('the demo data', () => {
  it('every warning list has rows for the demo accounts', async () => {
    for (const k of ENTERPRISE_WARNINGS) {
      for (const user of ['qiye', 'qiye2'] as const) {
        const r = await list(k.key, user, {}, 1);
        expect(r.total, `${k.title} (${user})`).toBeGreaterThan(0);
      }
      const all = await list(k.key, 'qiye', {}, 500);
      expect(all.content.some((r) => r.status === '已过期') && all.content.some((r) => r.status === '即将到期'), `${k.title}: both statuses`).toBe(true);
    }
    for (const k of GOVERNMENT_WARNINGS) {
      expect((await list(k.key, 'zhengfu', {}, 1)).total, k.title).toBeGreaterThan(0);
    }
  });
});
