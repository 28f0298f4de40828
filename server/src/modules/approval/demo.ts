/**
 * Demo rows of 企业车辆审核: one registration waiting for approval (in enterprise A's district, so both
 * the province and city A see it) and one new vehicle of enterprise A submitted for approval (no
 * created_by: the records demo counts the rows its seeder made as qiye, all of them approved).
 * The registrant hengan / hengan123 can sign in once the application is approved.
 * Also one approved company of city B whose 经营许可证 lapsed ten days ago: the records seeder gives the
 * two demo enterprises valid licences, and 静态信息预警 经营许可证已过期 needs a company to show (and notify).
 */
import { sql } from 'drizzle-orm';
import { makeCreditCode } from '@dg/core';
import { addDemoSeeder } from '../../db/seed-demo.ts';
import { hashPassword } from '../../platform/crud/write.ts';
import { textArray } from '../../db/index.ts';

export const DEMO_REGISTRANT = { username: 'hengan', password: 'hengan123' };

addDemoSeeder('audit', async (c) => {
  const a = c.enterprises.a;
  const city = (await c.db.execute<{ name: string }>(sql`select name from enterprise where id = ${a.id}`)).rows[0]!.name.slice(0, 2);
  const e = await c.db.execute<{ id: string }>(sql`insert into enterprise
      (name, credit_code, legal_person, licence_no, licence_expiry, business_scope, region_code, address, phone, safety_manager, safety_manager_phone, status, audit_status)
    values (${`${city}恒安危化品运输有限公司`}, ${makeCreditCode(`91${a.regionCode}MA203DGK0`)}, '孙立新', ${`${a.abbr}交运管许可字${a.regionCode}000003号`},
      (current_date + 1460), ${textArray(['3', '8'])}, ${a.regionCode}, '化工园区纬三路8号', '13905710003', '孙立新', '13905710003', '正常', '待审核')
    returning id`);
  const u = await c.db.execute<{ id: string }>(sql`insert into base_user (name, username, password, mobile, side, enterprise_id, status, description)
    values ('孙立新', ${DEMO_REGISTRANT.username}, ${await hashPassword(DEMO_REGISTRANT.password)}, '13905710003', 'enterprise', ${e.rows[0]!.id}, '0', '企业注册申请人') returning id`);
  await c.db.execute(sql`insert into base_group_member (group_id, user_id) select id, ${u.rows[0]!.id} from base_group where code = 'enterpriseAdmin'`);

  await c.db.execute(sql`insert into vehicle (enterprise_id, plate_no, plate_color, vehicle_type, brand_model, vin, engine_no, approved_load, total_mass, dimensions,
      transport_cert_no, transport_cert_expiry, annual_review_expiry, inspection_expiry, tech_grade, compulsory_insurance_expiry, carrier_insurance_expiry,
      register_date, status, audit_status)
    values (${a.id}, ${`${a.abbr}A7F326`}, '2', 'tanker', '东风牌DFH5310GYYAX', 'LGAX5D1G8P1032687', 'D8P1032687', 15500, 31000, '11980×2550×3750',
      ${`${a.abbr}交运管${a.regionCode}000817号`}, (current_date + 1095), (current_date + 365), (current_date + 365), '一级', (current_date + 365), (current_date + 365),
      (current_date - 20), '营运', '待审核')`);

  const b = c.enterprises.b;
  const cityB = (await c.db.execute<{ name: string }>(sql`select name from enterprise where id = ${b.id}`)).rows[0]!.name.slice(0, 2);
  await c.db.execute(sql`insert into enterprise
      (name, credit_code, legal_person, licence_no, licence_expiry, business_scope, region_code, address, phone, registered_capital, established_date,
       safety_manager, safety_manager_phone, status, audit_status)
    values (${`${cityB}永盛危险品运输有限公司`}, ${makeCreditCode(`91${b.regionCode}MA204DGK0`)}, '钱永盛', ${`${b.abbr}交运管许可字${b.regionCode}000004号`},
      (current_date - 10), ${textArray(['3'])}, ${b.regionCode}, '滨海大道188号', '0574-86660004', 500, '2012-09-01', '钱永盛', '13905740004', '正常', '已通过')`);
});
