/**
 * The test app of the 知识库 / 到期预警 / 企业车辆审核 tests: registers these modules (and the records
 * module whose hooks the records follow) itself until server/src/modules/index.ts does, and makes
 * sure the built-in goods are seeded (seedBase will call seedGoodsCatalogue).
 */
import { randomInt } from 'node:crypto';
import { PROVINCE_ABBR, makeIdCard18 } from '@dg/core';
import { addDays, chinaToday } from '@dg/core/warnings';
import { testApp, type TestApp, type DemoUser } from '../helpers.ts';
import { recordsModule } from '../../src/modules/records/index.ts';
import { warningsModule } from '../../src/modules/warnings/index.ts';
import { knowledgeModule, seedGoodsCatalogue } from '../../src/modules/knowledge/index.ts';
import { approvalModule } from '../../src/modules/approval/index.ts';

export async function moduleApp(): Promise<TestApp> {
  const t = await testApp();
  const has = (method: string, url: string) => t.app.hasRoute({ method: method as 'GET', url });
  if (!has('POST', '/api/xxda/vehicle/submitAudit/:id')) await t.app.register(recordsModule, { prefix: '/api' });
  if (!has('GET', '/api/warning/summary')) await t.app.register(warningsModule, { prefix: '/api' });
  if (!has('GET', '/api/zsk/dangerousGoods/search')) await t.app.register(knowledgeModule, { prefix: '/api' });
  if (!has('POST', '/api/audit/pending/list')) await t.app.register(approvalModule, { prefix: '/api' });
  await seedGoodsCatalogue(t.app.ctx.database.db);
  if (process.env.DG_TEST_DEBUG) t.app.addHook('onError', async (req, _reply, err) => { console.log('SERVER ERROR', req.url, (err as Error).message, (err as { cause?: Error }).cause?.message); });
  return t;
}

/** today ± n days in China, YYYY-MM-DD */
export const day = (n: number) => addDays(chinaToday(), n);

/** the call's data, failing the test with the envelope when the status is not 200 */
export async function data(t: TestApp, method: string, url: string, as: DemoUser | { token: string }, body?: unknown) {
  const r = await t.call(method, url, { ...(typeof as === 'string' ? { as } : as), body });
  if (r.body?.status !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export interface DemoEnterprise { id: string; name: string; regionCode: string }
export async function demoEnterprises(t: TestApp): Promise<{ a: DemoEnterprise; b: DemoEnterprise }> {
  const rows = await t.sql(`select u.username, e.id, e.name, e.region_code from base_user u join enterprise e on e.id = u.enterprise_id where u.username in ('qiye', 'qiye2')`);
  const of = (u: string) => { const r = rows.find((x) => x.username === u)!; return { id: r.id, name: r.name, regionCode: r.region_code }; };
  return { a: of('qiye'), b: of('qiye2') };
}

/** a multipart body with one file field */
export function multipart(filename: string, buf: Buffer, type = 'text/csv') {
  const boundary = '----dgwarn' + Math.random().toString(36).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, buf, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ---------------------------------------------------------------------------
// records made through the API, as an enterprise user would
// ---------------------------------------------------------------------------
const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const pick = (chars: string, n: number) => Array.from({ length: n }, () => chars[randomInt(chars.length)]).join('');
export const plate = (regionCode: string) => `${PROVINCE_ABBR[regionCode.slice(0, 2)]}A${pick(SERIAL, 5)}`;
export const vin = () => 'LT' + pick('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 15);
export const idCard = (regionCode: string) => makeIdCard18(`${regionCode}19${String(60 + randomInt(35))}0${1 + randomInt(9)}1${randomInt(10)}${String(randomInt(1000)).padStart(3, '0')}`);

const FAR = '2099-12-31';
export async function addVehicle(t: TestApp, as: DemoUser, regionCode: string, o: Record<string, unknown> = {}) {
  return data(t, 'POST', '/api/xxda/vehicle/add', as, {
    plateNo: plate(regionCode), plateColor: '2', vehicleType: 'tanker', brandModel: '测试罐车 CLW5250GYY', vin: vin(), approvedLoad: 13000, totalMass: 25000,
    transportCertNo: 'YSZ' + pick('0123456789', 10), transportCertExpiry: FAR, annualReviewExpiry: FAR, inspectionExpiry: FAR, techGrade: '一级',
    compulsoryInsuranceExpiry: FAR, carrierInsuranceExpiry: FAR, registerDate: '2020-05-01', status: '营运', ...o,
  });
}
export async function addStaff(t: TestApp, as: DemoUser, regionCode: string, o: Record<string, unknown> = {}) {
  return data(t, 'POST', '/api/xxda/staff/add', as, { name: '测试人员', sex: '1', idCard: idCard(regionCode), mobile: '13912345678', post: '驾驶员', ...o });
}
