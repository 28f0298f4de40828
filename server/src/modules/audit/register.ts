/**
 * 企业注册 (MODULES.md §0 /userRegister, §7 enterpriseVehicleAuditManager): a transport company
 * applies without an account. One transaction creates the enterprise (审核状态 待审核) and its
 * administrator (企业管理员, 停用 until the application is approved). A rejected applicant may
 * apply again with the same credit code: the application is updated and goes back to 待审核.
 * The applicant reads the outcome with POST /public/register/status (账号 + 密码).
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { checkField, text, region, dict, password, file, type FieldDef } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { ok, badInput } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/crud/write.ts';
import { regionName } from '../../platform/regions.ts';
import { textArray } from '../../db/index.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** the form's fields with the labels the applicant sees (checkField's messages name them) */
export const REGISTER_FIELDS: Record<string, FieldDef> = {
  name: text('企业名称', { required: true, max: 100 }),
  creditCode: text('统一社会信用代码', { required: true, rule: 'creditCode' }),
  licenceNo: text('道路运输经营许可证号', { required: true, max: 50 }),
  businessScope: dict('经营范围', 'businessScope', { required: true, multiple: true }),
  regionCode: region('所在地区', { required: true }),
  address: text('详细地址', { required: true, max: 200 }),
  contact: text('联系人', { required: true, max: 20 }),
  phone: text('联系电话', { required: true, rule: 'phoneOrLandline' }),
  username: text('管理员账号', { required: true, rule: 'alnum20' }),
  password: password('密码', { required: true }),
  licenceScan: file('许可证扫描件', { multiple: true }),
};
const FORM_KEYS = Object.keys(REGISTER_FIELDS);

/** attempts per address and window: a registration office behind one NAT address still fits */
export const REGISTER_LIMIT = { hits: 20, windowSec: 600 };

export interface RegisterForm {
  name: string; creditCode: string; licenceNo: string; businessScope: string[]; regionCode: string; address: string;
  contact: string; phone: string; username: string; password: string; licenceScan: { id: string; name: string }[];
}

/** every field checked, the first problem reported (all of them in data.errors) */
function validate(input: Record<string, unknown>, provinceCode: string, scopes: Set<string>): RegisterForm {
  // the first web form called the name field enterpriseName
  const raw: Record<string, unknown> = { ...input, name: input.name ?? input.enterpriseName };
  const values: Record<string, unknown> = {};
  const errors: { field: string; label: string; message: string }[] = [];
  for (const key of FORM_KEYS) {
    const f = REGISTER_FIELDS[key]!;
    const r = checkField(f, key === 'creditCode' && typeof raw[key] === 'string' ? (raw[key] as string).trim().toUpperCase() : raw[key]);
    if ('error' in r) errors.push({ field: key, label: f.label, message: r.error });
    else values[key] = r.value;
  }
  const scope = values.businessScope as string[] | undefined;
  if (scope && scope.some((s) => !scopes.has(s))) errors.push({ field: 'businessScope', label: '经营范围', message: '经营范围：请选择有效的经营范围' });
  const code = values.regionCode as string | undefined;
  if (code && (!/^\d{6}$/.test(code) || !regionName(code) || regionName(code) === code)) errors.push({ field: 'regionCode', label: '所在地区', message: '所在地区：请选择正确的行政区划' });
  else if (code && !code.startsWith(provinceCode.slice(0, 2))) errors.push({ field: 'regionCode', label: '所在地区', message: `所在地区：请选择${regionName(provinceCode)}的地区` });
  else if (code && /^\d{2}0000$/.test(code)) errors.push({ field: 'regionCode', label: '所在地区', message: '所在地区：请选择到市或区县' });
  errors.sort((a, b) => FORM_KEYS.indexOf(a.field) - FORM_KEYS.indexOf(b.field));
  if (errors.length) throw badInput(errors[0]!.message, { errors });
  return values as unknown as RegisterForm;
}

export const registerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['企业注册'];

  // counted before the body is read: invalid attempts count too
  const limit = (name: string) => async (req: FastifyRequest) => {
    if (!(await app.ctx.state.hit(`${name}:${req.ip}`, REGISTER_LIMIT.hits, REGISTER_LIMIT.windowSec))) throw badInput('操作过于频繁，请稍后再试');
  };

  app.post('/public/register', {
    config: { access: { public: true } },
    onRequest: limit('register'),
    schema: { tags, summary: '企业注册（提交后等待企业车辆审核）', body: z.record(z.string(), z.unknown(), { error: '请求内容格式不正确' }) },
  }, async (req) => {
    const scopes = await db().execute<{ value: string }>(sql`select value from base_dict where type = 'businessScope' and pid is not null`);
    const form = validate(req.body, app.ctx.config.provinceCode, new Set(scopes.rows.map((s) => s.value)));
    const hashed = await hashPassword(form.password);
    const result = await db().transaction(async (tx) => {
      const same = await tx.execute<{ id: string; audit_status: string | null; name: string }>(sql`select id, audit_status, name from enterprise where credit_code = ${form.creditCode} for update`);
      const previous = same.rows[0];
      if (previous && previous.audit_status !== '已驳回') {
        throw badInput(previous.audit_status === '待审核'
          ? `统一社会信用代码“${form.creditCode}”已提交注册申请，正在审核中`
          : `统一社会信用代码“${form.creditCode}”已注册`);
      }
      const nameTaken = await tx.execute(sql`select 1 from enterprise where name = ${form.name} and id is distinct from ${previous?.id ?? null}`);
      if (nameTaken.rows.length) throw badInput(`企业名称“${form.name}”已注册`);
      const owner = previous
        ? (await tx.execute<{ id: string; username: string }>(sql`select u.id, u.username from base_user u where u.enterprise_id = ${previous.id} and u.status = '0'
            and exists (select 1 from base_group_member m join base_group g on g.id = m.group_id where m.user_id = u.id and g.code = 'enterpriseAdmin') limit 1`)).rows[0]
        : undefined;
      const userTaken = await tx.execute(sql`select 1 from base_user where lower(username) = lower(${form.username}) and id is distinct from ${owner?.id ?? null}`);
      if (userTaken.rows.length) throw badInput(`管理员账号“${form.username}”已存在`);

      const mobile = /^1[3-9]\d{9}$/.test(form.phone) ? form.phone : null;
      const scan = JSON.stringify(form.licenceScan ?? []);
      let enterpriseId: string;
      if (previous) {
        enterpriseId = previous.id;
        await tx.execute(sql`update enterprise set name = ${form.name}, licence_no = ${form.licenceNo}, business_scope = ${textArray(form.businessScope)},
            region_code = ${form.regionCode}, address = ${form.address}, phone = ${form.phone}, safety_manager = ${form.contact}, safety_manager_phone = ${form.phone},
            licence_scan = ${scan}::jsonb, audit_status = '待审核', audit_opinion = null, updated_at = now(), version = version + 1 where id = ${enterpriseId}`);
      } else {
        const e = await tx.execute<{ id: string }>(sql`insert into enterprise (name, credit_code, licence_no, business_scope, region_code, address, phone,
            safety_manager, safety_manager_phone, licence_scan, status, audit_status)
          values (${form.name}, ${form.creditCode}, ${form.licenceNo}, ${textArray(form.businessScope)}, ${form.regionCode}, ${form.address}, ${form.phone},
            ${form.contact}, ${form.phone}, ${scan}::jsonb, '正常', '待审核') returning id`);
        enterpriseId = e.rows[0]!.id;
      }
      if (owner) {
        await tx.execute(sql`update base_user set username = ${form.username}, password = ${hashed}, name = ${form.contact}, mobile = ${mobile},
            tokens_valid_after = now(), updated_at = now(), version = version + 1 where id = ${owner.id}`);
      } else {
        const u = await tx.execute<{ id: string }>(sql`insert into base_user (name, username, password, mobile, side, enterprise_id, status, description, created_by, updated_by)
          values (${form.contact}, ${form.username}, ${hashed}, ${mobile}, 'enterprise', ${enterpriseId}, '0', '企业注册申请人', null, null) returning id`);
        await tx.execute(sql`insert into base_group_member (group_id, user_id) select id, ${u.rows[0]!.id} from base_group where code = 'enterpriseAdmin'`);
      }
      return { enterpriseId, resubmitted: !!previous };
    });
    req.log.info({ enterpriseId: result.enterpriseId }, 'enterprise registration submitted');
    return ok({ enterpriseId: result.enterpriseId, auditStatus: '待审核', resubmitted: result.resubmitted },
      result.resubmitted ? '注册申请已重新提交，等待审核' : '注册申请已提交，等待审核');
  });

  // the applicant's own view of the outcome (a disabled account cannot sign in to read it)
  app.post('/public/register/status', {
    config: { access: { public: true } },
    onRequest: limit('registerStatus'),
    schema: {
      tags, summary: '查询企业注册审核结果',
      body: z.object({
        username: z.string({ error: '请输入管理员账号' }).trim().min(1, '请输入管理员账号').max(50),
        password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(100),
      }),
    },
  }, async (req) => {
    const { username, password: pass } = req.body;
    const r = await db().execute<{ password: string; name: string; audit_status: string; audit_opinion: string | null }>(sql`
      select u.password, e.name, e.audit_status, e.audit_opinion from base_user u join enterprise e on e.id = u.enterprise_id where u.username = ${username}`);
    const row = r.rows[0];
    if (!row || !(await verify(row.password, pass).catch(() => false))) throw badInput('账户或密码错误！');
    return ok({ enterpriseName: row.name, auditStatus: row.audit_status, auditOpinion: row.audit_status === '已驳回' ? row.audit_opinion : null });
  });
};
