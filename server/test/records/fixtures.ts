/**
 * Helpers of the 档案管理 tests: the app with the records module, valid bodies with unique markers,
 * xlsx in and out.
 */
import ExcelJS from 'exceljs';
import { randomInt } from 'node:crypto';
import { PROVINCE_ABBR, makeIdCard18 } from '@dg/core';
import { testApp, uid, type TestApp, type DemoUser } from '../helpers.ts';
import { recordsModule } from '../../src/modules/records/index.ts';

/** the test app; registers the records module itself until server/src/modules/index.ts does */
export async function recordsApp(): Promise<TestApp> {
  const t = await testApp();
  if (!t.app.hasRoute({ method: 'POST', url: '/api/xxda/vehicle/submitAudit/:id' })) await t.app.register(recordsModule, { prefix: '/api' });
  return t;
}

export interface DemoEnterprises { a: { id: string; regionCode: string; name: string }; b: { id: string; regionCode: string; name: string } }
export async function demoEnterprises(t: TestApp): Promise<DemoEnterprises> {
  const rows = await t.sql(`select u.username, e.id, e.region_code, e.name from base_user u join enterprise e on e.id = u.enterprise_id where u.username in ('qiye', 'qiye2')`);
  const of = (u: string) => { const r = rows.find((x) => x.username === u)!; return { id: r.id as string, regionCode: r.region_code as string, name: r.name as string }; };
  return { a: of('qiye'), b: of('qiye2') };
}

const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const pick = (chars: string, n: number) => Array.from({ length: n }, () => chars[randomInt(chars.length)]).join('');
/** a valid ordinary plate of the province of `regionCode`, random serial */
export const plate = (regionCode: string, city = 'A') => `${PROVINCE_ABBR[regionCode.slice(0, 2)]}${city}${pick(SERIAL, 5)}`;
export const vin = () => 'LT' + pick('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 15);
/** a valid 18-digit ID number of the district */
export const idCard = (regionCode: string) => makeIdCard18(`${regionCode}19${String(60 + randomInt(35))}0${1 + randomInt(9)}1${randomInt(10)}${String(randomInt(1000)).padStart(3, '0')}`);

export function vehicleBody(regionCode: string, o: Record<string, unknown> = {}) {
  return {
    plateNo: plate(regionCode), plateColor: '2', vehicleType: 'tanker', brandModel: '测试罐车 CLW5250GYY', vin: vin(), approvedLoad: 13000, totalMass: 25000,
    transportCertNo: uid('YSZ'), transportCertExpiry: '2030-01-01', annualReviewExpiry: '2030-01-01', inspectionExpiry: '2030-01-01', techGrade: '一级',
    compulsoryInsuranceExpiry: '2030-01-01', carrierInsuranceExpiry: '2030-01-01', registerDate: '2020-05-01', status: '营运', ...o,
  };
}
export const tankBody = (o: Record<string, unknown> = {}) => ({ tankNo: uid('GT'), tankType: 'atmospheric', volume: 25, suitableMedia: ['1203', '3'], inspectionExpiry: '2030-01-01', status: '在用', ...o });
export const staffBody = (regionCode: string, o: Record<string, unknown> = {}) => ({ name: '测试人员', sex: '1', idCard: idCard(regionCode), mobile: '13912345678', post: '驾驶员', ...o });

/** POST/PUT with the body; asserts the envelope status and returns data */
export async function ok(t: TestApp, method: string, url: string, as: DemoUser, body?: unknown) {
  const r = await t.call(method, url, { as, body });
  if (r.body?.status !== 200) throw new Error(`${method} ${url} as ${as}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** every cell of the first sheet as text, rows from 1 (header) */
export async function readXlsx(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v))));
  });
  return out;
}

export async function writeXlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SheetJS');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function exportXlsx(t: TestApp, url: string, as: DemoUser, body: unknown = {}) {
  const r = await t.app.inject({ method: 'POST', url, headers: { authorization: await t.token(as) }, payload: body as object });
  return { http: r.statusCode, type: String(r.headers['content-type']), disposition: String(r.headers['content-disposition'] ?? ''), raw: r.rawPayload };
}

/** POST an xlsx to an import route (multipart, field `file`) */
export async function importXlsx(t: TestApp, url: string, as: DemoUser, buf: Buffer, filename = 'import.xlsx') {
  const boundary = '----dgtest' + uid();
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const r = await t.app.inject({
    method: 'POST', url, payload: Buffer.concat([head, buf, tail]),
    headers: { authorization: await t.token(as), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return r.json();
}
