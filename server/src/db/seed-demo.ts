/**
 * Demo data (README lists the accounts): run once per database — automatically with the embedded
 * database, or by `npm run seed:demo` on PostgreSQL. Each area adds its own demo rows with
 * `addDemoSeeder`, so every list, warning and statistic has something to show.
 */
import { sql, SQL } from 'drizzle-orm';
import { makeCreditCode, PROVINCE_ABBR } from '@dg/core';
import { type Db, textArray } from './index.ts';
import { hashPassword } from '../platform/crud/write.ts';
import { provinceTree } from '../platform/regions.ts';

export interface DemoContext {
  db: Db;
  provinceCode: string;
  enterprises: { a: DemoEnterprise; b: DemoEnterprise };
  users: Record<string, string>;
}
export interface DemoEnterprise { id: string; name: string; regionCode: string; cityCode: string; abbr: string; adminUserId: string }

type Seeder = (c: DemoContext) => Promise<void>;

/**
 * One demo row by its fields' names (camelCase → snake_case columns): an SQL value as it is, arrays as text[] (uuid[]
 * for `…Ids`, jsonb when they hold objects), other objects as jsonb. Answers the new row's id.
 */
export async function insertDemoRow(db: Db, table: string, row: Record<string, unknown>): Promise<string> {
  const cols = Object.keys(row);
  const vals = cols.map((k) => {
    const v = row[k];
    if (v instanceof SQL) return v;
    if (Array.isArray(v) && v.some((x) => x !== null && typeof x === 'object')) return sql`${JSON.stringify(v)}::jsonb`;
    if (Array.isArray(v)) return k.endsWith('Ids') ? sql`${textArray(v.map(String))}::uuid[]` : textArray(v.map(String));
    if (v !== null && typeof v === 'object' && !(v instanceof Date)) return sql`${JSON.stringify(v)}::jsonb`;
    return sql`${v}`;
  });
  const r = await db.execute<{ id: string }>(sql`insert into ${sql.identifier(table)}
    (${sql.join(cols.map((c) => sql.identifier(c.replace(/[A-Z]/g, (x) => '_' + x.toLowerCase()))), sql`, `)}) values (${sql.join(vals, sql`, `)}) returning id`);
  return r.rows[0]!.id;
}
const seeders: { name: string; run: Seeder }[] = [];
export function addDemoSeeder(name: string, run: Seeder) { seeders.push({ name, run }); }

export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin123', name: '平台管理员', side: 'platform', role: 'platformAdmin' },
  { username: 'qiye', password: 'qiye123', name: '张安全', side: 'enterprise', role: 'enterpriseAdmin', enterprise: 'a' },
  { username: 'qiye2', password: 'qiye123', name: '李调度', side: 'enterprise', role: 'enterpriseAdmin', enterprise: 'b' },
  { username: 'zhengfu', password: 'zhengfu123', name: '王监管', side: 'government', role: 'governmentSupervisor', org: 'province' },
  { username: 'shiji', password: 'zhengfu123', name: '赵运管', side: 'government', role: 'governmentSupervisor', org: 'cityA' },
  { username: 'wuquanxian', password: 'wuquanxian123', name: '无权限用户', side: 'enterprise', role: null, enterprise: 'a' },
  { username: 'super', password: 'super123', name: '超级管理员', side: 'platform', role: 'superAdmin', isSuper: true },
] as const;

export async function seedDemo(db: Db, provinceCode: string): Promise<boolean> {
  const done = await db.execute(sql`select 1 from system_flag where key = 'demo_seeded'`);
  if (done.rows.length) return false;
  const province = provinceTree(provinceCode)[0];
  if (!province?.children?.length) throw new Error(`PROVINCE_CODE ${provinceCode} is not a province of GB/T 2260`);
  const [cityA, cityB = cityA!] = province.children;
  const districtA = cityA!.children?.find((d) => !d.name.endsWith('市辖区')) ?? cityA!;
  const districtB = cityB!.children?.find((d) => !d.name.endsWith('市辖区')) ?? cityB!;
  const abbr = PROVINCE_ABBR[provinceCode.slice(0, 2)] ?? '浙';
  const city = (n: string) => n.replace(/市$/, '');

  await db.transaction(async (tx) => {
    const org = async (name: string, code: string, type: string, regionCode: string, parentId: string | null) =>
      (await tx.execute<{ id: string }>(sql`insert into base_org (name, code, type, region_code, parent_id, leader, phone)
        values (${name}, ${code}, ${type}, ${regionCode}, ${parentId}, '刘主任', '0571-87654321') returning id`)).rows[0]!.id;
    const orgProvince = await org(`${province.name}交通运输厅`, 'JTT' + provinceCode, '省级', provinceCode, null);
    const orgCityA = await org(`${cityA!.name}道路运输管理局`, 'YGJ' + cityA!.id, '市级', cityA!.id, orgProvince);
    await org(`${cityB!.name}道路运输管理局`, 'YGJ' + cityB!.id, '市级', cityB!.id, orgProvince);

    const ent = async (key: 'a' | 'b', name: string, district: { id: string; name: string }, cityName: string, seq: number) => {
      const credit = makeCreditCode(`91${district.id}MA2${String(seq).padStart(2, "0")}DGK0`);
      const r = await tx.execute<{ id: string }>(sql`insert into enterprise
        (name, credit_code, legal_person, licence_no, licence_expiry, business_scope, region_code, address, phone, registered_capital, established_date, safety_manager, safety_manager_phone, status, audit_status)
        values (${name}, ${credit}, ${key === 'a' ? '陈国强' : '周建华'}, ${`${abbr}交运管许可${city(cityName).slice(0, 1)}字${district.id}${String(seq).padStart(6, '0')}号`},
          ${key === 'a' ? sql`(current_date + 400)` : sql`(current_date + 20)`}, ${textArray(['2', '3', '8', '9'])}, ${district.id}, ${`${district.name}化工路${seq * 18}号`},
          ${key === 'a' ? '0571-86001234' : '0574-87005678'}, ${key === 'a' ? 3000 : 1800}, '2008-05-16', ${key === 'a' ? '张安全' : '李调度'}, '13900000000', '正常', '已通过')
        returning id`);
      return { id: r.rows[0]!.id, name, regionCode: district.id, cityCode: cityName, abbr, adminUserId: '' } as DemoEnterprise;
    };
    const a = await ent('a', `${city(cityA!.name)}安达危险品运输有限公司`, districtA, cityA!.name, 1);
    const b = await ent('b', `${city(cityB!.name)}顺通化工物流有限公司`, districtB, cityB!.name, 2);
    a.cityCode = cityA!.id; b.cityCode = cityB!.id;

    const users: Record<string, string> = {};
    for (const acc of DEMO_ACCOUNTS) {
      const e = 'enterprise' in acc ? (acc.enterprise === 'a' ? a : b) : null;
      const orgId = 'org' in acc ? (acc.org === 'province' ? orgProvince : orgCityA) : null;
      const r = await tx.execute<{ id: string }>(sql`insert into base_user (name, username, password, sex, mobile, side, enterprise_id, org_id, status, is_super, description)
        values (${acc.name}, ${acc.username}, ${await hashPassword(acc.password)}, '1', '13800000000', ${acc.side}, ${e?.id ?? null}, ${orgId}, '1', ${'isSuper' in acc}, '演示账户')
        returning id`);
      users[acc.username] = r.rows[0]!.id;
      if (acc.role) await tx.execute(sql`insert into base_group_member (group_id, user_id) select id, ${r.rows[0]!.id} from base_group where code = ${acc.role}`);
    }
    a.adminUserId = users.qiye!; b.adminUserId = users.qiye2!;
    const c: DemoContext = { db: tx as unknown as Db, provinceCode, enterprises: { a, b }, users };
    for (const s of seeders) await s.run(c);
    await tx.execute(sql`insert into system_flag (key, value) values ('demo_seeded', ${new Date().toISOString()})`);
  });
  return true;
}
