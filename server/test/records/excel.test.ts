/**
 * Export and import of vehicles through the engine (server/src/platform/crud/excel.ts): an export
 * re-imports, a file with a bad row imports nothing unless validOnly=1, and the report names
 * 行, 字段 and 错误信息. Import runs the records' hooks (a new vehicle is a 草稿).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { uid, type TestApp } from '../helpers.ts';
import { recordsApp, demoEnterprises, ok, vehicleBody, tankBody, plate, vin, exportXlsx, readXlsx, writeXlsx, importXlsx, type DemoEnterprises } from './fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const marker = uid('RT');
/** the first test's export, reused by the later ones */
let exported: string[][] = [];
beforeAll(async () => {
  t = await recordsApp();
  E = await demoEnterprises(t);
  for (let i = 0; i < 3; i++) {
    await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye', vehicleBody(E.a.regionCode, { transportCertNo: `${marker}-${i}`, vehicleType: i === 0 ? 'tractor' : 'tanker', approvedLoad: i === 0 ? 0 : 12000 + i }));
  }
});

const countB = async () => (await t.sql(`select count(*)::int as n from vehicle where enterprise_id = $1 and transport_cert_no like $2`, [E.b.id, `${marker}%`]))[0].n;

describe('vehicle export → import', () => {
  let buf: Buffer;

  it('exports the filtered rows as 列表.xlsx with Chinese headers and display values', async () => {
    const x = await exportXlsx(t, '/api/xxda/vehicle/export', 'qiye', { filters: { transportCertNo: marker } });
    expect(x.http).toBe(200);
    expect(decodeURIComponent(x.disposition)).toContain('列表.xlsx');
    buf = x.raw;
    exported = await readXlsx(buf);
    expect(exported).toHaveLength(4);
    const h = exported[0]!;
    expect(h).toEqual(expect.arrayContaining(['车牌号码', '车牌颜色', '车辆类型', '道路运输证号', '审核状态']));
    const row = exported.find((r) => r[h.indexOf('道路运输证号')] === `${marker}-0`)!;
    expect(row[h.indexOf('车牌颜色')]).toBe('黄色');
    expect(row[h.indexOf('车辆类型')]).toBe('重型半挂牵引车');
    expect(row[h.indexOf('审核状态')]).toBe('草稿');
  });

  it('the exported file imports into another enterprise as drafts of that enterprise', async () => {
    const rep = await importXlsx(t, '/api/xxda/vehicle/import', 'qiye2', buf);
    expect(rep).toMatchObject({ status: 200, data: { total: 3, imported: 3, errors: [] } });
    const rows = await t.sql(`select enterprise_id, audit_status, vehicle_type, plate_color from vehicle where transport_cert_no like $1 and enterprise_id = $2`, [`${marker}%`, E.b.id]);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.audit_status === '草稿' && r.plate_color === '2')).toBe(true);
    expect(rows.map((r) => r.vehicle_type).sort()).toEqual(['tanker', 'tanker', 'tractor']);
    // the same file again: every plate and VIN already exists
    const again = await importXlsx(t, '/api/xxda/vehicle/import', 'qiye2', buf);
    expect(again.data.imported).toBe(0);
    expect(again.data.errors.filter((e: any) => e.field === '车牌号码')).toHaveLength(3);
    expect(again.data.errors[0].message).toMatch(/^车牌号码“.+”已存在$/);
  });

  it('a file with bad rows imports nothing and reports 行, 字段, 错误信息; validOnly=1 imports the good rows', async () => {
    const h = exported[0]!;
    const col = (name: string) => h.indexOf(name);
    const m2 = uid('RT');
    const rows = exported.slice(1).map((r, i) => {
      const out = [...r];
      out[col('车牌号码')] = plate(E.b.regionCode, 'B');
      out[col('车架号')] = vin();
      out[col('道路运输证号')] = `${m2}-${i}`;
      return out;
    });
    rows[0]![col('车牌号码')] = '浙A12'; // sheet row 2
    rows[1]![col('核定载质量（千克）')] = '十吨'; // sheet row 3
    rows[1]![col('年审有效期至')] = '2026/13/45';
    const file = await writeXlsx([h, ...rows]);
    const rep = await importXlsx(t, '/api/xxda/vehicle/import', 'qiye2', file);
    expect(rep.status).toBe(200);
    expect(rep.data.total).toBe(3);
    expect(rep.data.imported).toBe(0);
    expect(rep.data.errors).toEqual([
      { row: 2, field: '车牌号码', message: '车牌号码：请输入正确的车牌号码' },
      { row: 3, field: '核定载质量（千克）', message: '核定载质量（千克）：请输入数字' },
      { row: 3, field: '年审有效期至', message: '年审有效期至：日期格式不正确，应为YYYY-MM-DD' },
    ]);
    expect((await t.sql(`select count(*)::int as n from vehicle where transport_cert_no like $1`, [`${m2}%`]))[0].n).toBe(0);

    const jobId = uid('job');
    const valid = await importXlsx(t, `/api/xxda/vehicle/import?validOnly=1&jobId=${jobId}`, 'qiye2', file);
    expect(valid.data).toMatchObject({ total: 3, imported: 1 });
    expect(valid.data.errors).toHaveLength(3);
    const imported = await t.sql(`select transport_cert_no, audit_status from vehicle where transport_cert_no like $1 and enterprise_id = $2`, [`${m2}%`, E.b.id]);
    expect(imported).toEqual([{ transport_cert_no: `${m2}-2`, audit_status: '草稿' }]);
    const progress = await ok(t, 'GET', `/api/xxda/vehicle/import/progress/${jobId}`, 'qiye2');
    expect(progress).toEqual({ done: 3, total: 3, finished: true, stage: '完成' });
  });

  it('a wholly wrong file lists its first 1,000 errors and counts every one', async () => {
    const h = exported[0]!;
    const rows = Array.from({ length: 700 }, () => {
      const out = [...exported[1]!];
      out[h.indexOf('车牌号码')] = '浙A12';
      out[h.indexOf('核定载质量（千克）')] = '十吨';
      return out;
    });
    const rep = await importXlsx(t, '/api/xxda/vehicle/import', 'qiye2', await writeXlsx([h, ...rows]));
    expect(rep.data).toMatchObject({ total: 700, imported: 0, errorCount: 1400, badRows: 700 });
    expect(rep.data.errors).toHaveLength(1000);
    expect(rep.data.errors[0]).toEqual({ row: 2, field: '车牌号码', message: '车牌号码：请输入正确的车牌号码' });
  });

  it('the template has the writable columns and a hint row the import skips', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/xxda/vehicle/template', headers: { authorization: await t.token('qiye2') } });
    const [head, hint] = await readXlsx(r.rawPayload);
    expect(head).toContain('车牌号码');
    expect(head).not.toContain('审核状态');
    expect(hint![head!.indexOf('车牌号码')]).toBe('必填');
    const m3 = uid('RT');
    const body = vehicleBody(E.b.regionCode, { transportCertNo: m3 });
    const values: Record<string, unknown> = { 车牌号码: body.plateNo, 车牌颜色: '黄色', 车辆类型: '罐式货车', 品牌型号: body.brandModel, 车架号: body.vin, '核定载质量（千克）': 9000,
      '总质量（千克）': 18000, 道路运输证号: m3, 道路运输证有效期至: new Date('2027-05-01T00:00:00+08:00'), 年审有效期至: '2027-05-01', 行驶证检验有效期至: '2027-05-01', 技术等级: '一级',
      交强险止期: '2027-05-01', 承运人责任险止期: '2027-05-01', 登记日期: '2020-01-01', 营运状态: '营运' };
    const file = await writeXlsx([head!, hint!, head!.map((c) => values[c] ?? null)]);
    const rep = await importXlsx(t, '/api/xxda/vehicle/import', 'qiye2', file);
    expect(rep.data).toEqual({ total: 1, imported: 1, errors: [], errorCount: 0, badRows: 0 });
    const [row] = await t.sql(`select transport_cert_expiry::text as d, vehicle_type from vehicle where transport_cert_no = $1`, [m3]);
    expect(row).toEqual({ d: '2027-05-01', vehicle_type: 'tanker' });
  });

  it('the government cannot import; an enterprise without the button cannot either', async () => {
    const file = await writeXlsx([exported[0]!, exported[1]!]);
    expect((await importXlsx(t, '/api/xxda/vehicle/import', 'zhengfu', file)).status).toBe(40301);
    expect((await importXlsx(t, '/api/xxda/vehicle/import', 'wuquanxian', file)).status).toBe(40301);
    expect(await countB()).toBe(3);
  });
});

describe('an import writes every kind of column', () => {
  it('a tank round trip keeps its list of 适装介质 (a text[] column) and dates; rows of the file are written in file order', async () => {
    const tankNo = uid('GT');
    await ok(t, 'POST', '/api/xxda/tank/add', 'qiye', tankBody({ tankNo, suitableMedia: ['1203', '1075', '3'] }));
    const x = await exportXlsx(t, '/api/xxda/tank/export', 'qiye', { filters: { tankNo } });
    const [h, row] = await readXlsx(x.raw);
    const copies = Array.from({ length: 5 }, (_v, i) => { const r = [...row!]; r[h!.indexOf('罐体编号')] = `${tankNo}-${i}`; return r; });
    const rep = await importXlsx(t, '/api/xxda/tank/import', 'qiye2', await writeXlsx([h!, ...copies]));
    expect(rep).toMatchObject({ status: 200, data: { total: 5, imported: 5, errors: [] } });
    expect(rep.data.partial).toBeUndefined();
    const rows = await t.sql(`select tank_no, suitable_media, inspection_expiry::text as d, enterprise_id, created_by is not null as by from tank where tank_no like $1 and enterprise_id = $2 order by tank_no`, [`${tankNo}-%`, E.b.id]);
    expect(rows).toEqual(copies.map((_r, i) => ({ tank_no: `${tankNo}-${i}`, suitable_media: ['1203', '1075', '3'], d: '2030-01-01', enterprise_id: E.b.id, by: true })));
  });
});

describe('a long import', () => {
  it('other requests keep answering while 6,000 vehicles import; progress moves; every row lands', { timeout: 120_000 }, async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/xxda/vehicle/template', headers: { authorization: await t.token('qiye2') } });
    const [head] = await readXlsx(r.rawPayload);
    const m = uid('LI');
    // 6,000 consecutive serials from a random start: unlikely to meet another test's random plate
    const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
    const start = Math.floor(Math.random() * (34 ** 5 - 6000));
    const serial = (n: number) => Array.from({ length: 5 }, (_v, k) => SERIAL[Math.floor(n / 34 ** (4 - k)) % 34]).join('');
    const rows = Array.from({ length: 6000 }, (_v, i) => {
      const b = vehicleBody(E.b.regionCode, { transportCertNo: `${m}-${i}` });
      const values: Record<string, unknown> = { 车牌号码: `${plate(E.b.regionCode, 'B').slice(0, 2)}${serial(start + i)}`, 车牌颜色: '黄色', 车辆类型: '罐式货车', 品牌型号: b.brandModel, 车架号: vin(),
        '核定载质量（千克）': 9000, '总质量（千克）': 18000, 道路运输证号: `${m}-${i}`, 道路运输证有效期至: '2027-05-01', 年审有效期至: '2027-05-01', 行驶证检验有效期至: '2027-05-01',
        技术等级: '一级', 交强险止期: '2027-05-01', 承运人责任险止期: '2027-05-01', 登记日期: '2020-01-01', 营运状态: '营运' };
      return head!.map((c) => values[c] ?? null);
    });
    const file = await writeXlsx([head!, ...rows]);
    const jobId = uid('job');
    let finished = false;
    const importing = importXlsx(t, `/api/xxda/vehicle/import?jobId=${jobId}`, 'qiye2', file).finally(() => { finished = true; });
    let answeredDuring = 0;
    const seen: { done: number; total: number }[] = [];
    while (!finished) {
      const list = await t.call('POST', '/api/xxda/companyPark/list', { as: 'qiye', body: { page: 1, size: 5 } });
      // the whole answer, so a refusal names its reason
      expect(list.body, JSON.stringify(list.body).slice(0, 500)).toMatchObject({ status: 200 });
      if (!finished) answeredDuring++;
      const p = (await t.call('GET', `/api/xxda/vehicle/import/progress/${jobId}`, { as: 'qiye2' })).body.data;
      if (p) seen.push(p);
    }
    const rep = await importing;
    expect(rep).toMatchObject({ status: 200, data: { total: 6000, imported: 6000, errors: [] } });
    expect(answeredDuring).toBeGreaterThan(0);
    expect(seen.some((p) => p.done > 0 && p.done < p.total)).toBe(true);
    expect((await t.sql(`select count(*)::int as n from vehicle where transport_cert_no like $1`, [`${m}-%`]))[0].n).toBe(6000);
  });
});

describe('a large export', () => {
  it('walks every row once, also across rows that tie on the sort column (4,500 parks with one created_at)', async () => {
    const m = uid('KS');
    // one statement: every row gets the same created_at, so only the id orders them
    await t.sql(`insert into company_park (enterprise_id, name, region_code, address, area, spaces, ownership, lease_expiry)
      select $1, $2 || '-' || g, $3, '测试路' || g || '号', 1000, 10, '自有', case when g % 3 = 0 then null else date '2030-01-01' + (g % 5) end
      from generate_series(1, 4500) g`, [E.b.id, m, E.b.regionCode]);
    const x = await exportXlsx(t, '/api/xxda/companyPark/export', 'qiye2', { filters: { name: m } });
    const rows = await readXlsx(x.raw);
    const names = rows.slice(1).map((r) => r[rows[0]!.indexOf('停车场名称')]);
    expect(names).toHaveLength(4500);
    expect(new Set(names).size).toBe(4500);
  });
});

describe('bad input to export and import: the JSON envelope, never a broken file or a 500', () => {
  const envelope = async (url: string, as: 'qiye' | 'admin', filters: unknown) => {
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: await t.token(as) }, payload: { filters } });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
    expect(r.headers['content-disposition']).toBeUndefined();
    return r.json();
  };

  it('an export with a malformed date filter answers 40001 naming the field before the first byte', async () => {
    expect(await envelope('/api/xxda/vehicle/export', 'qiye', { annualReviewExpiry: ['2026-13-45', ''] }))
      .toEqual({ status: 40001, message: '年审有效期至：日期格式不正确，应为YYYY-MM-DD', data: null });
    expect(await envelope('/api/xxda/vehicle/export', 'qiye', { transportCertExpiry: [null, 'tomorrow'] })).toMatchObject({ status: 40001, message: '道路运输证有效期至：日期格式不正确，应为YYYY-MM-DD' });
    expect(await envelope('/api/xxda/vehicle/export', 'qiye', { annualReviewExpiry: '2026-01-01' })).toMatchObject({ status: 40001, message: '年审有效期至：请选择起止范围' });
    // a datetime range (操作日志's 操作时间) and a reference that is no id
    expect(await envelope('/api/admin/gateLog/export', 'admin', { crtTime: ['not-a-date', 5] })).toMatchObject({ status: 40001, message: expect.stringMatching(/时间格式不正确$/) });
    expect(await envelope('/api/xxda/vehicleDailyRepair/export', 'qiye', { vehicleId: 'x' })).toMatchObject({ status: 40001, message: expect.stringMatching(/：参数格式不正确$/) });
    expect(await envelope('/api/xxda/vehicle/export', 'qiye', { enterpriseId: 12 })).toMatchObject({ status: 40001, message: '所属企业：参数格式不正确' });
  });

  it('the list answers the same malformed filters with the same messages', async () => {
    const list = (url: string, as: 'qiye' | 'admin', filters: unknown) => t.call('POST', url, { as, body: { filters } });
    expect((await list('/api/xxda/vehicle/list', 'qiye', { annualReviewExpiry: ['2026-02-30', null] })).body).toMatchObject({ status: 40001, message: '年审有效期至：日期格式不正确，应为YYYY-MM-DD' });
    expect((await list('/api/admin/gateLog/list', 'admin', { crtTime: ['2026-01-01', 'soon'] })).body).toMatchObject({ status: 40001 });
    // well-formed ranges still work, a day's end included
    const r = await list('/api/xxda/vehicle/list', 'qiye', { annualReviewExpiry: ['2000-01-01', '2100-12-31'], transportCertNo: marker });
    expect(r.body).toMatchObject({ status: 200, data: { total: 3 } });
    expect((await list('/api/admin/gateLog/list', 'admin', { crtTime: ['2000-01-01', new Date().toISOString()] })).body.status).toBe(200);
  });

  it('a truncated or corrupt xlsx answers 40001 文件格式不正确', async () => {
    const good = await writeXlsx([['车牌号码', '车架号'], ['浙A12345', 'LT123']]);
    for (const bad of [good.subarray(0, good.length >> 1), good.subarray(0, good.length - 30), Buffer.from('PK\u0003\u0004 not a zip at all')]) {
      const rep = await importXlsx(t, '/api/xxda/vehicle/import', 'qiye2', bad);
      expect(rep).toMatchObject({ status: 40001, data: null });
      expect(rep.message).toMatch(/^文件格式不正确/);
    }
  });

  it('a NUL character in an imported cell is that row\'s error, not a 500', async () => {
    const h = exported[0]!;
    const row = [...exported[1]!];
    row[h.indexOf('车牌号码')] = plate(E.b.regionCode, 'B');
    row[h.indexOf('车架号')] = vin();
    row[h.indexOf('道路运输证号')] = `${uid('RT')}\u0000`;
    const csv = [h, row].map((r) => r.map((c) => `"${String(c ?? '').replace(/"/g, '""')}"`).join(',')).join('\n');
    const rep = await importXlsx(t, '/api/xxda/vehicle/import', 'qiye2', Buffer.from(csv), 'nul.csv');
    expect(rep.status).toBe(200);
    expect(rep.data).toMatchObject({ total: 1, imported: 0, errors: [{ row: 2, field: '道路运输证号', message: '道路运输证号：含有非法字符' }] });
  });
});
