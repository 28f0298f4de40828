/**
 * Data scope of every 档案管理 entity: enterprise B never sees or touches enterprise A's rows
 * (list, info, update, delete, export); the government of A's city sees A's rows and not B's;
 * the province government sees both and writes neither; a sub-record cannot hang on another
 * enterprise's parent.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { randomInt } from 'node:crypto';
import { MSG, makeCreditCode, resourceByKey, type ResourceDef } from '@dg/core';
import { uid, type TestApp, type DemoUser } from '../helpers.ts';
import { recordsApp, demoEnterprises, ok, vehicleBody, tankBody, staffBody, exportXlsx, readXlsx, type DemoEnterprises } from './fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;

/** per enterprise: the parents sub-records hang on */
interface Side { key: 'a' | 'b'; as: DemoUser; enterpriseId: string; regionCode: string; vehicleId: string; tankId: string; entryStaffId: string; leaveStaffId: string }
const sides: Record<'a' | 'b', Side> = {} as never;
let goodsId = '';
let goodsName = '';

type Body = (s: Side, marker: string) => Record<string, unknown>;
interface Case {
  key: string; body: Body; parentField?: string; numericMarker?: boolean; governmentMenu?: boolean;
  /** list filters that find the row by its marker (lists are shared with other test files running at the same time) */
  find?: (marker: string, body: Record<string, unknown>) => Record<string, unknown>;
}

const record = (field: string): Body => (s, m) => ({ [field]: field === 'vehicleId' ? s.vehicleId : s.tankId, recordDate: '2025-01-01', content: m, unit: '测试单位' });
const CASES: Case[] = [
  { key: 'companyLicence', find: (m) => ({ certNo: m }), body: (_s, m) => ({ certType: '其他', certNo: m, issuer: '测试发证机关', issueDate: '2024-01-01', expiryDate: '2027-01-01' }) },
  { key: 'companyGoods', find: () => ({ goodsName: goodsName }), body: (_s, m) => ({ goodsId, annualVolume: 10, remark: m }) },
  { key: 'companyPark', find: (m) => ({ name: m }), body: (s, m) => ({ name: m, regionCode: s.regionCode, address: '测试地址1号', area: 100, spaces: 5, ownership: '自有' }) },
  { key: 'vehicle', find: (m) => ({ transportCertNo: m }), body: (s, m) => vehicleBody(s.regionCode, { transportCertNo: m }) },
  ...['vehicleDailyRepair', 'vehicleLevel1', 'vehicleLevel2', 'vehicleMaintain', 'vehicleGpsRepair', 'vehicleTyre'].map((key) => ({ key, parentField: 'vehicleId', body: record('vehicleId') })),
  { key: 'vehicleFacility', parentField: 'vehicleId', numericMarker: true, body: (s, m) => ({ vehicleId: s.vehicleId, facilityType: '灭火器', quantity: Number(m), checkDate: '2025-01-01' }) },
  { key: 'tank', find: (m) => ({ tankNo: m }), body: (s, m) => tankBody({ tankNo: m, vehicleId: s.vehicleId }) },
  { key: 'tankCheck', parentField: 'tankId', body: (s, m) => ({ tankId: s.tankId, recordDate: '2025-01-01', content: '定期检验', checkType: '定期检验', result: '不合格', reportNo: m, nextDate: '2026-01-01' }) },
  { key: 'tankRepair', parentField: 'tankId', body: record('tankId') },
  { key: 'tankMaintain', parentField: 'tankId', body: record('tankId') },
  { key: 'tankContainer', find: (m) => ({ containerNo: m }), body: (_s, m) => ({ containerNo: m, containerType: '液体罐箱', volume: 20, suitableMedia: ['1830', '8'], inspectionExpiry: '2030-01-01', owner: '测试所有人' }) },
  { key: 'staff', find: (m) => ({ qualificationNo: m }), body: (s, m) => staffBody(s.regionCode, { qualificationNo: m }) },
  { key: 'staffEntry', parentField: 'staffId', governmentMenu: false, body: (s, m) => ({ staffId: s.entryStaffId, entryDate: '2024-01-01', post: '驾驶员', contractNo: m, contractStart: '2024-01-01' }) },
  { key: 'staffLeave', parentField: 'staffId', governmentMenu: false, body: (s, m) => ({ staffId: s.leaveStaffId, leaveDate: '2025-01-01', reason: m }) },
];

const base = (def: ResourceDef) => `/api/${def.area}/${def.key}`;
/** per case: the row made in A and in B, with their markers */
const made = new Map<string, Record<'a' | 'b', { id: string; version: number; marker: string; body: Record<string, unknown> }>>();

beforeAll(async () => {
  t = await recordsApp();
  E = await demoEnterprises(t);
  const [g] = await t.sql(`insert into dangerous_goods (un_no, name_zh, goods_class, packing_group, source) values ($1, $2, '3', 'II', '新增') returning id`,
    [String(9000 + randomInt(1000)), goodsName = uid('测试货物')]);
  goodsId = g.id;
  for (const key of ['a', 'b'] as const) {
    const as = key === 'a' ? 'qiye' : 'qiye2';
    const e = E[key];
    const vehicle = await ok(t, 'POST', '/api/xxda/vehicle/add', as, vehicleBody(e.regionCode));
    const tank = await ok(t, 'POST', '/api/xxda/tank/add', as, tankBody({ vehicleId: vehicle.id }));
    const s1 = await ok(t, 'POST', '/api/xxda/staff/add', as, staffBody(e.regionCode));
    const s2 = await ok(t, 'POST', '/api/xxda/staff/add', as, staffBody(e.regionCode, { entryDate: '2024-01-01' }));
    sides[key] = { key, as, enterpriseId: e.id, regionCode: e.regionCode, vehicleId: vehicle.id, tankId: tank.id, entryStaffId: s1.id, leaveStaffId: s2.id };
  }
  for (const c of CASES) {
    const def = resourceByKey(c.key)!;
    const pair = {} as Record<'a' | 'b', { id: string; version: number; marker: string; body: Record<string, unknown> }>;
    for (const key of ['a', 'b'] as const) {
      const marker = c.numericMarker ? String(100000 + randomInt(900000)) : uid('M').toUpperCase(); // capitals: some markers go into fields stored in capitals (罐箱编号)
      const body = c.body(sides[key], marker);
      const row = await ok(t, 'POST', `${base(def)}/add`, sides[key].as, body);
      expect(row.enterpriseId).toBe(sides[key].enterpriseId);
      pair[key] = { id: row.id, version: row.version, marker, body };
    }
    made.set(c.key, pair);
  }
});

describe.each(CASES.map((c) => [c.key, c] as const))('%s', (key, c) => {
  const def = resourceByKey(key)!;

  it('enterprise B cannot list, read, update, delete or export enterprise A\'s rows', async () => {
    const { a, b } = made.get(key)!;
    const list = await ok(t, 'POST', `${base(def)}/list`, 'qiye2', { size: 500 });
    expect(list.content.every((r: any) => r.enterpriseId === E.b.id)).toBe(true);
    expect(list.content.some((r: any) => r.id === a.id)).toBe(false);
    if (c.find) {
      const byMarker = await ok(t, 'POST', `${base(def)}/list`, 'qiye2', { filters: c.find(a.marker, a.body) });
      expect(byMarker.content.some((r: any) => r.id === a.id)).toBe(false);
    }
    // even asking for A's rows by filter or parent gives nothing
    const byEnt = await ok(t, 'POST', `${base(def)}/list`, 'qiye2', { filters: { enterpriseId: E.a.id } });
    expect(byEnt.total).toBe(0);
    if (c.parentField) {
      const byParent = await ok(t, 'POST', `${base(def)}/list`, 'qiye2', { parentId: a.body[c.parentField] });
      expect(byParent.total).toBe(0);
    }
    const info = await t.call('GET', `${base(def)}/info/${a.id}`, { as: 'qiye2' });
    expect(info.body).toMatchObject({ status: 40001, message: MSG.notFound });
    const upd = await t.call('PUT', `${base(def)}/update`, { as: 'qiye2', body: { ...a.body, id: a.id, version: a.version } });
    expect(upd.body).toMatchObject({ status: 40001, message: MSG.notFound });
    const del = await t.call('DELETE', `${base(def)}/del/${a.id}`, { as: 'qiye2' });
    expect(del.body).toMatchObject({ status: 40001, message: MSG.notFound });
    // A's row is untouched
    const still = await ok(t, 'GET', `${base(def)}/info/${a.id}`, 'qiye');
    expect(still.version).toBe(a.version);
    // export: B's own row is in the file, A's is not
    const x = await exportXlsx(t, `${base(def)}/export`, 'qiye2', {});
    expect(x.type).toContain('spreadsheetml');
    const cells = (await readXlsx(x.raw)).flat();
    expect(cells).toContain(b.marker);
    expect(cells).not.toContain(a.marker);
  });

  it('the government of A\'s city sees A\'s rows and not B\'s', async () => {
    const { a, b } = made.get(key)!;
    if (c.governmentMenu === false) {
      // 入职/离职 are enterprise-only menus (menus.ts): the government side has no access at all
      const r = await t.call('POST', `${base(def)}/list`, { as: 'shiji', body: {} });
      expect(r.body.status).toBe(40301);
      return;
    }
    const mine = await ok(t, 'GET', `${base(def)}/info/${a.id}`, 'shiji');
    expect(mine.id).toBe(a.id);
    const other = await t.call('GET', `${base(def)}/info/${b.id}`, { as: 'shiji' });
    expect(other.body).toMatchObject({ status: 40001, message: MSG.notFound });
    const listA = await ok(t, 'POST', `${base(def)}/list`, 'shiji', { size: 500, filters: { enterpriseId: E.a.id, ...c.find?.(a.marker, a.body) },
      ...(c.parentField ? { parentId: a.body[c.parentField] } : {}) });
    expect(listA.content.some((r: any) => r.id === a.id)).toBe(true);
    // B's row is not there even when asked for by its own marker
    const byMarker = await ok(t, 'POST', `${base(def)}/list`, 'shiji', { filters: { ...c.find?.(b.marker, b.body) }, ...(c.parentField ? { parentId: b.body[c.parentField] } : {}) });
    expect(byMarker.content.some((r: any) => r.id === b.id)).toBe(false);
    const listB = await ok(t, 'POST', `${base(def)}/list`, 'shiji', { filters: { enterpriseId: E.b.id } });
    expect(listB.total).toBe(0);
    const all = await ok(t, 'POST', `${base(def)}/list`, 'shiji', { size: 500 });
    expect(all.content.some((r: any) => r.enterpriseId === E.b.id)).toBe(false);
    const x = await exportXlsx(t, `${base(def)}/export`, 'shiji', {});
    const rows = await readXlsx(x.raw);
    expect(rows[0]![0]).toBe('所属企业');
    const cells = rows.flat();
    expect(cells).toContain(a.marker);
    expect(cells).not.toContain(b.marker);
  });

  it('the province government sees both enterprises\' rows but cannot add, update or delete', async () => {
    const { a, b } = made.get(key)!;
    if (c.governmentMenu === false) {
      expect((await t.call('GET', `${base(def)}/info/${a.id}`, { as: 'zhengfu' })).body.status).toBe(40301);
      return;
    }
    expect((await ok(t, 'GET', `${base(def)}/info/${a.id}`, 'zhengfu')).id).toBe(a.id);
    expect((await ok(t, 'GET', `${base(def)}/info/${b.id}`, 'zhengfu')).id).toBe(b.id);
    const add = await t.call('POST', `${base(def)}/add`, { as: 'zhengfu', body: { ...c.body(sides.a, c.numericMarker ? '123' : uid('Z')), enterpriseId: E.a.id } });
    expect(add.body.status).toBe(40301);
    const upd = await t.call('PUT', `${base(def)}/update`, { as: 'zhengfu', body: { ...a.body, id: a.id, version: a.version } });
    expect(upd.body.status).toBe(40301);
    const del = await t.call('DELETE', `${base(def)}/del/${a.id}`, { as: 'zhengfu' });
    expect(del.body.status).toBe(40301);
    expect((await ok(t, 'GET', `${base(def)}/info/${a.id}`, 'qiye')).version).toBe(a.version);
  });

  if (c.parentField) {
    it('refuses a sub-record whose parent belongs to another enterprise', async () => {
      const r = await t.call('POST', `${base(def)}/add`, { as: 'qiye2', body: c.body(sides.a, c.numericMarker ? '7' : uid('X')) });
      expect(r.body.status).toBe(40001);
      expect(r.body.message).toMatch(/不存在或无权/);
      const n = await t.sql(`select count(*)::int as n from ${def.key.replace(/[A-Z]/g, (x) => '_' + x.toLowerCase())} where enterprise_id = $1 and ${def.parent!.field.replace(/[A-Z]/g, (x) => '_' + x.toLowerCase())} = $2`, [E.b.id, made.get(key)!.a.body[c.parentField!]]);
      expect(n[0].n).toBe(0);
    });
  }
});

describe('enterprise', () => {
  const def = resourceByKey('enterprise')!;
  it('an enterprise user sees, reads and exports only its own enterprise', async () => {
    const list = await ok(t, 'POST', `${base(def)}/list`, 'qiye2', { size: 500 });
    expect(list.content.map((r: any) => r.id)).toEqual([E.b.id]);
    expect((await t.call('GET', `${base(def)}/info/${E.a.id}`, { as: 'qiye2' })).body).toMatchObject({ status: 40001, message: MSG.notFound });
    const cells = (await readXlsx((await exportXlsx(t, `${base(def)}/export`, 'qiye2', {})).raw)).flat();
    expect(cells).toContain(E.b.name);
    expect(cells).not.toContain(E.a.name);
  });

  it('an enterprise user cannot update, delete or add enterprises other than updating its own row', async () => {
    const [a] = await t.sql(`select version, phone from enterprise where id = $1`, [E.a.id]);
    const upd = await t.call('PUT', `${base(def)}/update`, { as: 'qiye2', body: { id: E.a.id, version: a.version, phone: a.phone } });
    expect(upd.body).toMatchObject({ status: 40001, message: MSG.notFound });
    const del = await t.call('DELETE', `${base(def)}/del/${E.a.id}`, { as: 'qiye2' });
    expect(del.body).toMatchObject({ status: 40001, message: MSG.notFound });
    const delOwn = await t.call('DELETE', `${base(def)}/del/${E.b.id}`, { as: 'qiye2' });
    expect(delOwn.body.status).toBe(40301);
    const add = await t.call('POST', `${base(def)}/add`, { as: 'qiye2', body: {
      name: uid('新企业'), creditCode: makeCreditCode(`91${E.b.regionCode}MA2${String(randomInt(100000)).padStart(5, '0')}T`), legalPerson: '张三', licenceNo: 'X', licenceExpiry: '2030-01-01', businessScope: ['3'],
      regionCode: E.b.regionCode, address: '地址', phone: '13900000000', status: '正常' } });
    expect(add.body.status).toBe(40301);
  });

  it('the government of A\'s city sees A and not B; the province sees both; neither may write', async () => {
    expect((await ok(t, 'GET', `${base(def)}/info/${E.a.id}`, 'shiji')).id).toBe(E.a.id);
    expect((await t.call('GET', `${base(def)}/info/${E.b.id}`, { as: 'shiji' })).body.status).toBe(40001);
    const ids = (await ok(t, 'POST', `${base(def)}/list`, 'zhengfu', { size: 500 })).content.map((r: any) => r.id);
    expect(ids).toEqual(expect.arrayContaining([E.a.id, E.b.id]));
    const [a] = await t.sql(`select version, phone from enterprise where id = $1`, [E.a.id]);
    expect((await t.call('PUT', `${base(def)}/update`, { as: 'shiji', body: { id: E.a.id, version: a.version, phone: a.phone } })).body.status).toBe(40301);
    expect((await t.call('DELETE', `${base(def)}/del/${E.a.id}`, { as: 'zhengfu' })).body.status).toBe(40301);
  });
});
