/** The 档案管理 demo rows (server/src/modules/records/demo.ts): enough of everything, valid, and with due and expired documents. */
import { describe, it, expect, beforeAll } from 'vitest';
import { PROVINCE_ABBR, checkIdCard18, isPlate, resourceByKey, validateInput } from '@dg/core';
import type { TestApp } from '../helpers.ts';
import { recordsApp, demoEnterprises, type DemoEnterprises } from './fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
beforeAll(async () => { t = await recordsApp(); E = await demoEnterprises(t); });

/** the demo rows: created by the enterprise's admin at seeding */
const demoRows = (table: string, ent: string) => t.sql(`select * from ${table} where enterprise_id = $1 and created_by = (select id from base_user where enterprise_id = $1 and username in ('qiye', 'qiye2'))
  and created_at <= (select value::timestamptz from system_flag where key = 'demo_seeded')`, [ent]);
const count = (rows: any[], pred: (r: any) => boolean) => rows.filter(pred).length;
const days = (d: string) => Math.round((new Date(d + 'T00:00:00Z').getTime() - Date.UTC(new Date().getFullYear(), new Date().getMonth(), new Date().getDate())) / 86400_000);
const due = (d: string | null) => d !== null && days(d) >= 0 && days(d) <= 30;
const expired = (d: string | null) => d !== null && days(d) < 0;

describe.each(['a', 'b'] as const)('demo enterprise %s', (key) => {
  it('licences: three, one due within 30 days, one expired; two car parks', async () => {
    const lic = await demoRows('company_licence', E[key].id);
    expect(lic).toHaveLength(3);
    expect(count(lic, (r) => due(r.expiry_date))).toBe(1);
    expect(count(lic, (r) => expired(r.expiry_date))).toBe(1);
    expect(await demoRows('company_park', E[key].id)).toHaveLength(2);
    const goods = await demoRows('company_goods', E[key].id);
    expect(goods.map((g) => g.un_no).sort()).toEqual(['1075', '1202', '1203', '1830']);
    expect(goods.every((g) => g.goods_name && g.goods_class)).toBe(true);
  });

  it('vehicles: 8–12 valid plates of the province and city, mixed types, due and expired documents, all 已通过', async () => {
    const v = await demoRows('vehicle', E[key].id);
    expect(v.length).toBeGreaterThanOrEqual(8);
    expect(v.length).toBeLessThanOrEqual(12);
    const prefix = PROVINCE_ABBR[E[key].regionCode.slice(0, 2)]! + (key === 'a' ? 'A' : 'B');
    for (const r of v) {
      expect(isPlate(r.plate_no), r.plate_no).toBe(true);
      expect(r.plate_no.startsWith(prefix)).toBe(true);
      expect(r.audit_status).toBe('已通过');
    }
    expect(new Set(v.map((r) => r.vehicle_type)).size).toBeGreaterThanOrEqual(4);
    for (const col of ['transport_cert_expiry', 'annual_review_expiry', 'compulsory_insurance_expiry']) {
      expect(count(v, (r) => due(r[col])), col).toBeGreaterThanOrEqual(1);
    }
    expect(count(v, (r) => expired(r.transport_cert_expiry))).toBeGreaterThanOrEqual(1);
    expect(count(v, (r) => expired(r.annual_review_expiry))).toBeGreaterThanOrEqual(1);
    expect(count(v, (r) => expired(r.compulsory_insurance_expiry) || expired(r.carrier_insurance_expiry))).toBeGreaterThanOrEqual(1);
    expect((await demoRows('vehicle_daily_repair', E[key].id)).length).toBeGreaterThan(0);
    expect((await demoRows('vehicle_facility', E[key].id)).length).toBeGreaterThan(0);
  });

  it('every demo row passes its own definition\'s validation', async () => {
    const tables: [string, string][] = [['vehicle', 'vehicle'], ['tank', 'tank'], ['staff', 'staff'], ['tankContainer', 'tank_container'], ['companyLicence', 'company_licence'], ['companyPark', 'company_park']];
    for (const [k, table] of tables) {
      const def = resourceByKey(k)!;
      for (const r of await demoRows(table, E[key].id)) {
        const input = Object.fromEntries(Object.keys(def.fields).map((f) => [f, r[f.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())]]));
        expect(validateInput(def, input, 'add').errors, `${k} ${JSON.stringify(input)}`).toEqual([]);
      }
    }
  });

  it('tanks: 6+ on tankers or tank trailers with 适装介质, one inspection expired; two tank containers', async () => {
    const tanks = await t.sql(`select t.*, v.vehicle_type from tank t join vehicle v on v.id = t.vehicle_id where t.enterprise_id = $1 and t.tank_no like 'GT%' and t.audit_status = '已通过'`, [E[key].id]);
    expect(tanks.length).toBeGreaterThanOrEqual(6);
    expect(tanks.every((r) => ['tanker', 'trailer'].includes(r.vehicle_type) && r.suitable_media.length > 0)).toBe(true);
    expect(count(tanks, (r) => expired(r.inspection_expiry))).toBeGreaterThanOrEqual(1);
    expect((await demoRows('tank_container', E[key].id)).length).toBe(2);
  });

  it('staff: 15+ with valid ID numbers of the district, due and expired qualifications, entries with contracts, one leave', async () => {
    const s = await demoRows('staff', E[key].id);
    expect(s.length).toBeGreaterThanOrEqual(15);
    for (const r of s) {
      expect(checkIdCard18(r.id_card)).toBeNull();
      expect(r.id_card.startsWith(E[key].regionCode)).toBe(true);
    }
    expect(['驾驶员', '押运员', '装卸管理人员'].every((p) => s.some((r) => r.post === p))).toBe(true);
    expect(count(s, (r) => due(r.qualification_expiry))).toBeGreaterThanOrEqual(1);
    expect(count(s, (r) => expired(r.qualification_expiry))).toBeGreaterThanOrEqual(1);
    expect(count(s, (r) => expired(r.driving_licence_expiry))).toBeGreaterThanOrEqual(1);
    const entries = await demoRows('staff_entry', E[key].id);
    expect(entries.length).toBe(s.length);
    expect(entries.every((r) => r.contract_no && r.contract_start)).toBe(true);
    const leaves = await demoRows('staff_leave', E[key].id);
    expect(leaves).toHaveLength(1);
    expect(s.find((r) => r.id === leaves[0].staff_id).status).toBe('离职');
  });
});
