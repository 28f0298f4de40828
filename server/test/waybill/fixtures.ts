/** Rows of the waybill tests: each test makes its own crew (unique plates and ID numbers) in a demo enterprise. */
import { expect } from 'vitest';
import { makeIdCard18 } from '@dg/core';
import { uid, type TestApp, type DemoUser } from '../helpers.ts';

export const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);

export async function enterpriseOf(t: TestApp, username: DemoUser): Promise<{ id: string; regionCode: string }> {
  const [e] = await t.sql(`select e.id, e.region_code from base_user u join enterprise e on e.id = u.enterprise_id where u.username = $1`, [username]);
  return { id: e.id, regionCode: e.region_code };
}

const rnd = (n: number) => Array.from({ length: n }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 34)]).join('');

/** `inspection`: the 行驶证's 检验有效期 */
export interface VehicleOpts { approvedLoad?: number; cert?: string; review?: string; inspection?: string; insurance?: string; carrier?: string; status?: string; type?: string }
export async function makeVehicle(t: TestApp, enterpriseId: string, o: VehicleOpts = {}): Promise<{ id: string; plateNo: string }> {
  const plateNo = o.type === 'trailer' ? `浙A${rnd(4)}挂` : `浙A${rnd(5)}`;
  const [v] = await t.sql(`insert into vehicle (enterprise_id, plate_no, plate_color, vehicle_type, brand_model, vin, approved_load, total_mass, transport_cert_no,
      transport_cert_expiry, annual_review_expiry, inspection_expiry, tech_grade, compulsory_insurance_expiry, carrier_insurance_expiry, register_date, status, audit_status)
    values ($1, $2, '2', $3, '测试车型', $4, $5, 25000, $6, $7, $8, $12, '一级', $9, $10, '2020-01-01', $11, '已通过') returning id`,
    [enterpriseId, plateNo, o.type ?? 'tanker', 'LTEST' + rnd(12), o.approvedLoad ?? 20000, '浙交运管' + rnd(8), o.cert ?? day(100), o.review ?? day(100),
      o.insurance ?? day(100), o.carrier ?? day(100), o.status ?? '营运', o.inspection ?? day(100)]);
  return { id: v.id, plateNo };
}
export async function makeTank(t: TestApp, enterpriseId: string, o: { media?: string[]; expiry?: string; status?: string; vehicleId?: string } = {}) {
  const tankNo = 'GT-' + rnd(8);
  const [r] = await t.sql(`insert into tank (enterprise_id, tank_no, vehicle_id, tank_type, volume, suitable_media, inspection_expiry, status, audit_status)
    values ($1, $2, $3, 'atmospheric', 30, $4, $5, $6, '已通过') returning id`, [enterpriseId, tankNo, o.vehicleId ?? null, o.media ?? ['1203', '3'], o.expiry ?? day(100), o.status ?? '在用']);
  return { id: r.id as string, tankNo };
}
let seq = 0;
/** `licence`: the 驾驶证's expiry (a driver gets one valid for 300 days unless told); `qualificationNo: null` leaves the 从业资格证号 out */
export async function makeStaff(t: TestApp, enterpriseId: string, o: { types?: string[]; expiry?: string | null; status?: string; name?: string; licence?: string | null; qualificationNo?: null } = {}) {
  seq += 1;
  const ri = (n: number) => Math.floor(Math.random() * n);
  const idCard = makeIdCard18(`330102198${ri(10)}0${1 + ri(9)}1${ri(10)}${String(ri(1000)).padStart(3, '0')}`);
  const name = o.name ?? '测试' + ['甲', '乙', '丙', '丁', '戊', '己'][seq % 6];
  const types = o.types ?? ['driver'];
  const licence = o.licence === undefined ? (types.includes('driver') ? day(300) : null) : o.licence;
  const [r] = await t.sql(`insert into staff (enterprise_id, name, sex, id_card, mobile, post, qualification_no, qualification_types, qualification_expiry, status,
      driving_licence_no, driving_licence_expiry)
    values ($1, $2, '1', $3, '13800138000', '驾驶员', $4, $5, $6, $7, $8, $9) returning id`,
  [enterpriseId, name, idCard, o.qualificationNo === null ? null : 'Q' + rnd(10), types, o.expiry === undefined ? day(300) : o.expiry, o.status ?? '在职',
    licence ? idCard : null, licence]);
  return { id: r.id as string, name };
}

/** a compliant crew: tanker (20 t) + tank for class 3 + driver + escort */
export async function makeCrew(t: TestApp, enterpriseId: string) {
  const vehicle = await makeVehicle(t, enterpriseId);
  const tank = await makeTank(t, enterpriseId, { vehicleId: vehicle.id });
  const driver = await makeStaff(t, enterpriseId, { types: ['driver'] });
  const escort = await makeStaff(t, enterpriseId, { types: ['escort'] });
  return { vehicle, tank, driver, escort, body: { vehicleId: vehicle.id, tankId: tank.id, driverId: driver.id, escortId: escort.id } };
}

export const GASOLINE = { unNo: '1203', goodsName: '车用汽油或汽油', goodsClass: '3', packingGroup: 'II', quantity: 10, unit: '吨' };

export function waybillBody(o: Record<string, unknown> = {}) {
  return {
    shipperName: '测试托运人' + uid(), shipperPhone: '0571-86001234', consigneeName: '测试收货人', consigneePhone: '13800138000', loaderName: '测试装货站',
    startDate: day(0), originRegion: '330102', originAddress: '化工园区1号', destRegion: '330203', destAddress: '工业大道2号', expectedHours: 4,
    goods: [GASOLINE], ...o,
  };
}

type Call = TestApp['call'];
export function ok(r: Awaited<ReturnType<Call>>) {
  if (r.body?.status !== 200) throw new Error(`expected 200, got ${JSON.stringify(r.body).slice(0, 500)}`);
  return r.body.data;
}

/** a waybill walked to `state` through the API as `as` (default qiye) */
export async function waybillIn(t: TestApp, state: '草稿' | '待调度' | '待检查' | '待下发' | '待装货' | '运输中' | '已完成', o: { as?: DemoUser; crew?: Awaited<ReturnType<typeof makeCrew>>; body?: Record<string, unknown> } = {}) {
  const as = o.as ?? 'qiye';
  let w = ok(await t.call('POST', '/api/dzyd/waybill/add', { as, body: waybillBody(o.body) }));
  if (state === '草稿') return { w };
  w = ok(await t.call('POST', `/api/dzyd/waybill/submit/${w.id}`, { as, body: { version: w.version } }));
  if (state === '待调度') return { w };
  const crew = o.crew ?? await makeCrew(t, w.enterpriseId);
  w = ok(await t.call('POST', `/api/dzyd/waybill/dispatch/${w.id}`, { as, body: { version: w.version, ...crew.body } }));
  if (state === '待检查') return { w, crew };
  const form = ok(await t.call('GET', `/api/dzyd/waybill/checkForm/${w.id}`, { as }));
  const answers = form.items.map((i: { id: string }) => ({ itemId: i.id, result: '合格' }));
  w = ok(await t.call('POST', `/api/dzyd/waybill/check/${w.id}`, { as, body: { version: w.version, answers, driverNotified: true, escortNotified: true } })).waybill;
  if (state === '待下发') return { w, crew };
  const d = ok(await t.call('POST', '/api/dzyd/waybill/distribute', { as, body: { ids: [w.id] } }));
  expect(d.done).toHaveLength(1);
  w = ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as }));
  if (state === '待装货') return { w, crew };
  const checks = { vehicleCert: true, crewQualification: true, inspectionValid: true, goodsMatch: true, tankMedia: true };
  w = ok(await t.call('POST', `/api/dzyd/waybill/load/${w.id}`, { as, body: { version: w.version, checks, goods: w.goods.map((g: { id: string; quantity: number }) => ({ lineId: g.id, actualQuantity: g.quantity })) } }));
  if (state === '运输中') return { w, crew };
  w = ok(await t.call('POST', `/api/dzyd/waybill/unload/${w.id}`, { as, body: { version: w.version, signer: '王签收' } }));
  return { w, crew };
}
