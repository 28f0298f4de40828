/**
 * What the waybill journeys need besides the demo data: base info created through the ordinary
 * resource API (as the signed-in enterprise user), and a crew of its own (copies of demo records
 * with fresh plates, numbers and expiries) so no other waybill holds it, plus one driver whose
 * 从业资格证 has expired.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, sql } from '../helpers.ts';

/** 调度派车: the waybill's 调度 from the queue, its edit page open; back to the queue after it (调度后打开下一单) */
export async function openDispatch(page: Page, id: string) {
  await page.goto(baseUrl() + '/transportMission/dispatch');
  await page.getByTestId(`wb-row-${id}`).getByTestId('wb-action-dispatch').click();
  await page.waitForURL(`**/transportMission/dispatchEdit?id=${id}`);
  await page.getByTestId('dispatch-edit').waitFor();
  await page.getByText('调度后打开下一单').click();
}

export const tag = () => String(Math.floor(1000 + Math.random() * 9000));

/** the signed-in page's token (the Admin-Token cookie) */
export async function tokenOf(page: Page): Promise<string> {
  const c = (await page.context().cookies()).find((x) => x.name === 'Admin-Token');
  if (!c) throw new Error('not signed in');
  return decodeURIComponent(c.value);
}

export async function api<T = any>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(baseUrl() + '/api' + path, {
    method, headers: { Authorization: token, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = await r.json() as { status: number; message?: string; data: T };
  if (j.status !== 200) throw new Error(`${method} ${path}: ${j.status} ${j.message ?? ''}`);
  return j.data;
}

export interface Enterprise { id: string; regionCode: string }
export async function enterpriseOf(username: string): Promise<Enterprise> {
  const [r] = await sql<{ id: string; region_code: string }>(
    'select e.id, e.region_code from enterprise e join base_user u on u.enterprise_id = e.id where u.username = $1', [username]);
  if (!r) throw new Error(`no enterprise for ${username}`);
  return { id: r.id, regionCode: r.region_code };
}

/** 托运人, 收货人, 装货人 and a 常用线路, named with `t` */
export async function makeParties(token: string, ent: Enterprise, t: string) {
  const phone = `0571-8${t}123`.slice(0, 13);
  const shipper = await api(token, 'POST', '/dzyd/shipper/add', { name: `嘉兴港区${t}化工仓储有限公司`, contact: '沈立', phone, regionCode: ent.regionCode, address: `化工园区纬${t}路8号` });
  const consignee = await api(token, 'POST', '/dzyd/consignee/add', { name: `城北${t}加油站`, phone: '0571-86550000', regionCode: ent.regionCode, address: '城北工业区油库路2号' });
  const loader = await api(token, 'POST', '/dzyd/loading/addLoading', { name: `园区${t}公共装卸站`, phone: '0571-86001111', regionCode: ent.regionCode, address: '化工园区纬五路6号', loadingPlace: '2号装车鹤位' });
  const line = await api(token, 'POST', '/dzyd/transportLine/add', {
    name: `园区${t}—城北油库`, originRegion: ent.regionCode, originAddress: '化工园区纬五路6号', destRegion: ent.regionCode, destAddress: '城北工业区油库路2号',
    via: '绕城高速', distanceKm: 42, expectedHours: 2,
  });
  return { shipper, consignee, loader, line };
}

const day = (offset: number) => new Date(Date.now() + offset * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);
const SURNAMES = ['欧阳', '司马', '上官', '诸葛', '东方', '慕容'];
const GIVEN = ['明远', '振华', '立新', '国强', '海峰', '志刚', '建军', '晓东'];

/** a copy of one row of `table` (where `where`), with `patch` (column → value) and a new id */
async function copyRow(table: string, where: string, params: unknown[], patch: Record<string, unknown>): Promise<string> {
  const n = params.length;
  const [r] = await sql<{ id: string }>(
    `insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(x) || $${n + 1}::jsonb || jsonb_build_object('id', gen_random_uuid()))).*
     from (select * from ${table} where ${where} limit 1) x returning id`, [...params, JSON.stringify(patch)]);
  if (!r) throw new Error(`nothing to copy in ${table} where ${where}`);
  return r.id;
}

export interface Crew {
  plateNo: string; tankNo: string;
  driver: string; expiredDriver: string; escort: string;
}

/** a tanker with its tank (适装 UN1203 and class 3), a driver, a driver with an expired 从业资格证, an escort */
export async function makeCrew(ent: Enterprise, t: string): Promise<Crew> {
  const plateNo = `浙A9${t}`;
  const vehicleId = await copyRow('vehicle', `enterprise_id = $1 and vehicle_type = 'tanker'`, [ent.id], {
    plate_no: plateNo, vin: `LZZ1CLVB9EA${t}99`.slice(0, 17).padEnd(17, '0'), approved_load: 13500, status: '营运',
    transport_cert_no: `浙交运管一字3301${t}`, transport_cert_expiry: day(300), annual_review_expiry: day(200), inspection_expiry: day(230),
    compulsory_insurance_expiry: day(180), commercial_insurance_expiry: day(180), carrier_insurance_expiry: day(180),
  });
  const tankNo = `GT-E2E-${t}`;
  await copyRow('tank', `enterprise_id = $1`, [ent.id], {
    tank_no: tankNo, vehicle_id: vehicleId, tank_type: 'atmospheric', volume: 20, suitable_media: ['1203', '1202', '3'], inspection_expiry: day(250), status: '在用',
  });
  const names: string[] = [];
  while (names.length < 3) {
    const name = SURNAMES[Math.floor(Math.random() * SURNAMES.length)]! + GIVEN[Math.floor(Math.random() * GIVEN.length)]!;
    if (names.includes(name)) continue;
    const [hit] = await sql('select 1 from staff where enterprise_id = $1 and name = $2', [ent.id, name]);
    if (!hit) names.push(name);
  }
  const staff = (name: string, types: string[], expiry: number, n: number) => copyRow('staff', `enterprise_id = $1 and status = '在职'`, [ent.id], {
    name, qualification_types: types, qualification_expiry: day(expiry), status: '在职', id_card: `E2E${t}${n}${Date.now()}`.slice(0, 18),
    qualification_no: `E2E${t}${n}`, mobile: `1395700${t}${n}`.slice(0, 11), post: types.includes('driver') ? '驾驶员' : '押运员',
    // the copied row's 驾驶证 is whatever that person had: a driver gets a valid one, so only the 从业资格证 decides
    driving_licence_no: types.includes('driver') ? `DL${t}${n}` : null, driving_licence_expiry: types.includes('driver') ? day(900) : null,
  });
  await staff(names[0]!, ['driver'], 700, 1);
  await staff(names[1]!, ['driver'], -10, 2);
  await staff(names[2]!, ['escort'], 600, 3);
  return { plateNo, tankNo, driver: names[0]!, expiredDriver: names[1]!, escort: names[2]! };
}

/**
 * pick `text` in an antd Select (a RefSelect or a remote search) inside `scope`. A re-render of the form (the
 * compliance check answering for the previous field) may close the dropdown under the pointer, or replace the option
 * as the click lands (a later search answer): then it is opened and searched again, up to three times. A Select that
 * keeps its choice is only done when it shows the option; an adder that clears itself (添加 a goods line) names what
 * its choice makes appear (`made`), and is done when that is there — a click lost while the list slid in adds nothing.
 */
export async function pick(page: Page, scope: Locator, text: string, option = text, made?: Locator) {
  const select = scope.locator('.ant-select').first();
  for (let attempt = 1; ; attempt++) {
    // the previous try's choice may have landed after all: it is not made twice
    if (made && attempt > 1 && await made.isVisible()) return;
    await select.click();
    await page.keyboard.type(text, { delay: 20 });
    const opt = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first();
    try {
      await opt.waitFor({ state: 'visible', timeout: 10_000 });
      await opt.click({ timeout: 5_000 });
      if (made) await made.waitFor({ state: 'visible', timeout: 10_000 });
      else await expect.poll(() => select.innerText(), { timeout: 5_000 }).toContain(option);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    }
  }
}

export { toast } from '../helpers.ts';

/** a waybill taken to 待检查 through the API (提交 → 调度), with a crew of its own */
export async function dispatchedWaybill(token: string, ent: Enterprise, t: string): Promise<{ id: string; version: number }> {
  const p = await makeParties(token, ent, t);
  const crew = await makeCrew(ent, t);
  const idOf = async (table: string, col: string, v: string) => (await sql<{ id: string }>(`select id from ${table} where enterprise_id = $1 and ${col} = $2`, [ent.id, v]))[0]!.id;
  let wb = await api(token, 'POST', '/dzyd/waybill/add', {
    submit: true, waybillType: '普通', startDate: day(0), shipperId: p.shipper.id, consigneeId: p.consignee.id, loaderId: p.loader.id, lineId: p.line.id,
    goods: [{ unNo: '1203', goodsName: '车用汽油或汽油', goodsClass: '3', packingGroup: 'II', packingSpec: '罐装', quantity: 9, unit: '吨' }],
  });
  wb = await api(token, 'POST', `/dzyd/waybill/dispatch/${wb.id}`, {
    version: wb.version, vehicleId: await idOf('vehicle', 'plate_no', crew.plateNo), tankId: await idOf('tank', 'tank_no', crew.tankNo),
    driverId: await idOf('staff', 'name', crew.driver), escortId: await idOf('staff', 'name', crew.escort),
  });
  return { id: wb.id, version: wb.version };
}

/** a waybill taken to 待装货 through the API (提交 → 调度 → 出车检查 → 下发), with a crew of its own */
export async function distributedWaybill(token: string, ent: Enterprise, t: string): Promise<{ id: string; waybillNo: string; checkCode: string }> {
  const wb = await dispatchedWaybill(token, ent, t);
  const form = await api<{ items: { id: string }[] }>(token, 'GET', `/dzyd/waybill/checkForm/${wb.id}`);
  const checked = await api(token, 'POST', `/dzyd/waybill/check/${wb.id}`, {
    version: wb.version, answers: form.items.map((i) => ({ itemId: i.id, result: '合格' })), driverNotified: true, escortNotified: true,
  });
  const issued = await api<{ done: { id: string; waybillNo: string; checkCode: string }[] }>(token, 'POST', '/dzyd/waybill/distribute', {
    ids: [wb.id], versions: { [wb.id]: checked.waybill.version },
  });
  return issued.done[0]!;
}
