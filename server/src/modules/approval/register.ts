/**
 * 企业注册 (/userRegister; reviewed in enterpriseVehicleAuditManager): a transport company
 * applies without an account. One transaction creates the enterprise (审核状态 待审核) and its
 * administrator (企业管理员, 停用 until the application is approved).
 * The applicant reads the outcome with POST /public/register/status (账号 + 密码) and, when it is 已驳回,
 * revises the same application with POST /public/register/revise (the same 账号 + 密码): the account and its
 * password are never changed by a registration, so no one but the applicant can take over an application.
 * Another application with the credit code of an existing one is refused, whatever its status.
 * The application's timeline (work_flow, subject enterprise) holds 提交注册申请 and 重新提交 beside 企业车辆审核's
 * decisions (the workflow engine's steps, ./review.ts).
 * Every step writes its 操作日志 row (menu 企业注册, the applicant's account as 操作人), refusals included.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { approvalAnswers, checkField, text, region, dict, password, file, MSG, type AuditStatus, type FieldDef, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { ok, badInput, ApiError } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { hashPassword } from '../../platform/crud/write.ts';
import { regionName } from '../../platform/regions.ts';
import { logEntry } from '../../platform/audit.ts';
import { recordStep } from '../../platform/flow.ts';
import { applicantUser } from '../../platform/access.ts';
import { runStep, type StepEffect, type WorkflowRegistration } from '../../platform/workflow.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { REVIEW_WORKFLOWS, isEnterpriseAdmin } from './review.ts';
import { textArray, type Db } from '../../db/index.ts';
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
/** what a revision may change: the application, not the account that signs for it */
const APPLICATION_KEYS = FORM_KEYS.filter((k) => k !== 'username' && k !== 'password');

/** attempts per address and window: a registration office behind one NAT address still fits */
export const REGISTER_LIMIT = { hits: 20, windowSec: 600 };

export const registerMessages = {
  /** a credit code whose application was rejected: only its applicant may revise it */
  rejected: (code: string) => `统一社会信用代码“${code}”的注册申请未通过审核，请原申请人在“查询注册进度”中修改后重新提交`,
  pending: (code: string) => `统一社会信用代码“${code}”已提交注册申请，正在审核中`,
  registered: (code: string) => `统一社会信用代码“${code}”已注册`,
  notRevisable: (status: string) => `注册申请当前为“${status}”，只有已驳回的申请可以修改后重新提交`,
};

export interface RegisterForm {
  name: string; creditCode: string; licenceNo: string; businessScope: string[]; regionCode: string; address: string;
  contact: string; phone: string; username: string; password: string; licenceScan: { id: string; name: string }[];
}

type FieldError = { field: string; label: string; message: string };

/**
 * every field of `keys` checked, the first problem reported (all of them in data.errors). The account answers one
 * message whether it is taken or malformed (`usable` is asked in both cases, so neither answers sooner).
 */
async function validate(input: Record<string, unknown>, provinceCode: string, scopes: Set<string>, keys: string[], usable?: (username: string) => Promise<boolean>): Promise<RegisterForm> {
  // the first web form called the name field enterpriseName
  const raw: Record<string, unknown> = { ...input, name: input.name ?? input.enterpriseName };
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const key of keys) {
    const f = REGISTER_FIELDS[key]!;
    const r = checkField(f, key === 'creditCode' && typeof raw[key] === 'string' ? (raw[key] as string).trim().toUpperCase() : raw[key]);
    if (key === 'username' && usable) {
      const named = typeof raw.username === 'string' && raw.username.trim() !== '';
      const free = named ? await usable((raw.username as string).trim().slice(0, 50)) : false;
      if ('error' in r) errors.push({ field: key, label: f.label, message: named ? MSG.usernameUnavailable : r.error });
      else if (!free) errors.push({ field: key, label: f.label, message: MSG.usernameUnavailable });
      else values[key] = r.value;
      continue;
    }
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

/** no account of any side, enabled or not, has the name (case aside) */
const usableIn = (db: Db) => async (username: string) =>
  (await db.execute(sql`select 1 from base_user where lower(username) = lower(${username}) limit 1`)).rows.length === 0;

/** the application's values for the log: the form's fields only, bounded, never the password */
function logBody(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of [...FORM_KEYS.filter((k) => k !== 'password'), 'enterpriseName']) {
    const v = input[key];
    if (v === undefined) continue;
    out[key] = typeof v === 'string' ? v.slice(0, 200) : Array.isArray(v) ? v.slice(0, 20).map((x) => (typeof x === 'string' ? x.slice(0, 200) : typeof x)) : typeof v;
  }
  return out;
}

/** an argon2id hash of nothing anyone knows: an unknown account costs the same verification as a known one */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

interface Applicant { userId: string; username: string; enterpriseId: string; enterpriseName: string; auditStatus: AuditStatus; auditOpinion: string | null }

export const registerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['企业注册'];

  // counted before the body is read: invalid attempts count too
  const limit = (name: string) => async (req: FastifyRequest) => {
    if (!(await app.ctx.state.hit(`${name}:${req.ip}`, REGISTER_LIMIT.hits, REGISTER_LIMIT.windowSec))) throw badInput('操作过于频繁，请稍后再试');
  };

  /** one 操作日志 row of a registration step: who (the applicant's account) did what, with which result */
  const logStep = (exec: Db, req: FastifyRequest, row: { opt: string; username: string | null; userId?: string | null; enterpriseId?: string | null; result: string; body?: unknown; before?: unknown; after?: unknown }) =>
    logEntry(exec, req, { ...row, menu: '企业注册', name: row.username });

  /** a refused step's row, written after its transaction rolled back; the refusal itself goes on to the caller */
  const logRefusal = async (req: FastifyRequest, err: unknown, row: { opt: string; username: string | null; enterpriseId?: string | null; userId?: string | null; body?: unknown }) => {
    if (!(err instanceof ApiError)) return;
    try {
      await logStep(db(), req, { ...row, result: `拒绝(${err.status})`, after: { message: err.message } });
    } catch (logErr) {
      req.log.error({ err: logErr }, 'registration log write failed');
    }
  };

  /** the account and password of an application; an unknown account costs the same argon2 work as a wrong password */
  const applicantOf = async (username: string, pass: string): Promise<Applicant | null> => {
    const r = await db().execute<{ id: string; username: string; password: string; enterprise_id: string; name: string; audit_status: AuditStatus; audit_opinion: string | null }>(sql`
      select u.id, u.username, u.password, e.id as enterprise_id, e.name, e.audit_status, e.audit_opinion
      from base_user u join enterprise e on e.id = u.enterprise_id where u.username = ${username} limit 1`);
    const row = r.rows[0];
    const right = await verify(row?.password ?? (await dummyHash()), pass).catch(() => false);
    if (!row || !right) return null;
    return { userId: row.id, username: row.username, enterpriseId: row.enterprise_id, enterpriseName: row.name, auditStatus: row.audit_status, auditOpinion: row.audit_opinion };
  };

  /**
   * what 重新提交 writes beside the state: the corrected application (its credit code and name still its own), the
   * applicant's contact on the account, the 操作日志 row
   */
  const revise = async (tx: Db, req: FastifyRequest, applicant: Applicant, before: Row, form: RegisterForm): Promise<StepEffect> => {
    if (!(await tx.execute(sql`select 1 from base_user u where u.id = ${applicant.userId} and ${isEnterpriseAdmin(sql`u.id`)}`)).rows.length) throw badInput(MSG.badCredentials);
    const same = await tx.execute<{ audit_status: string | null }>(sql`select audit_status from enterprise where credit_code = ${form.creditCode} and id <> ${applicant.enterpriseId}`);
    const other = same.rows[0];
    if (other) {
      throw badInput(other.audit_status === '待审核' ? registerMessages.pending(form.creditCode)
        : other.audit_status === '已驳回' ? registerMessages.rejected(form.creditCode) : registerMessages.registered(form.creditCode));
    }
    const nameTaken = await tx.execute(sql`select 1 from enterprise where name = ${form.name} and id <> ${applicant.enterpriseId}`);
    if (nameTaken.rows.length) throw badInput(`企业名称“${form.name}”已注册`);
    return {
      set: {
        name: form.name, creditCode: form.creditCode, licenceNo: form.licenceNo, businessScope: form.businessScope, regionCode: form.regionCode, address: form.address,
        phone: form.phone, safetyManager: form.contact, safetyManagerPhone: form.phone, licenceScan: form.licenceScan ?? [], auditOpinion: null,
      },
      also: async (after, t) => {
        const mobile = /^1[3-9]\d{9}$/.test(form.phone) ? form.phone : null;
        await t.execute(sql`update base_user set name = ${form.contact}, mobile = ${mobile}, updated_at = now(), version = version + 1 where id = ${applicant.userId}`);
        await logStep(t, req, { opt: '修改注册申请', username: applicant.username, userId: applicant.userId, enterpriseId: applicant.enterpriseId, result: '成功',
          body: logBody(req.body as Record<string, unknown>), before: { name: before.name, creditCode: before.creditCode, licenceNo: before.licenceNo, auditOpinion: before.auditOpinion },
          after: { enterpriseId: applicant.enterpriseId, name: after.name, creditCode: after.creditCode, username: applicant.username, auditStatus: after.auditStatus } });
      },
    };
  };

  const businessScopes = async () => new Set((await db().execute<{ value: string }>(sql`select value from base_dict where type = 'businessScope' and pid is not null`)).rows.map((s) => s.value));

  app.post('/public/register', {
    config: { access: { public: true } },
    onRequest: limit('register'),
    schema: { tags, summary: '企业注册（提交后等待企业车辆审核）', body: z.record(z.string(), z.unknown(), { error: '请求内容格式不正确' }), response: answer(approvalAnswers.registered) },
  }, async (req) => {
    const claimed = typeof req.body.username === 'string' ? req.body.username.trim() : null;
    let existing: string | null = null;
    try {
      const form = await validate(req.body, app.ctx.config.provinceCode, await businessScopes(), FORM_KEYS, usableIn(db()));
      const hashed = await hashPassword(form.password);
      const enterpriseId = await db().transaction(async (tx) => {
        const same = await tx.execute<{ id: string; audit_status: string | null }>(sql`select id, audit_status from enterprise where credit_code = ${form.creditCode} for update`);
        const previous = same.rows[0];
        if (previous) {
          existing = previous.id;
          throw badInput(previous.audit_status === '待审核' ? registerMessages.pending(form.creditCode)
            : previous.audit_status === '已驳回' ? registerMessages.rejected(form.creditCode) : registerMessages.registered(form.creditCode));
        }
        const nameTaken = await tx.execute(sql`select 1 from enterprise where name = ${form.name}`);
        if (nameTaken.rows.length) throw badInput(`企业名称“${form.name}”已注册`);
        // again inside the transaction: another application may have taken the account since the form was checked
        if (!(await usableIn(tx)(form.username))) throw badInput(MSG.usernameUnavailable, { errors: [{ field: 'username', label: '管理员账号', message: MSG.usernameUnavailable }] });

        const mobile = /^1[3-9]\d{9}$/.test(form.phone) ? form.phone : null;
        const e = await tx.execute<{ id: string }>(sql`insert into enterprise (name, credit_code, licence_no, business_scope, region_code, address, phone,
            safety_manager, safety_manager_phone, licence_scan, status, audit_status)
          values (${form.name}, ${form.creditCode}, ${form.licenceNo}, ${textArray(form.businessScope)}, ${form.regionCode}, ${form.address}, ${form.phone},
            ${form.contact}, ${form.phone}, ${JSON.stringify(form.licenceScan ?? [])}::jsonb, '正常', '待审核') returning id`);
        const id = e.rows[0]!.id;
        const u = await tx.execute<{ id: string }>(sql`insert into base_user (name, username, password, mobile, side, enterprise_id, status, description, created_by, updated_by)
          values (${form.contact}, ${form.username}, ${hashed}, ${mobile}, 'enterprise', ${id}, '0', '企业注册申请人', null, null) returning id`);
        await tx.execute(sql`insert into base_group_member (group_id, user_id) select id, ${u.rows[0]!.id} from base_group where code = 'enterpriseAdmin'`);
        await recordStep(tx, { id: u.rows[0]!.id, name: form.contact, side: 'enterprise' }, 'enterprise', id, { action: '提交注册申请', from: null, to: '待审核', enterpriseId: id });
        await logStep(tx, req, { opt: '提交注册申请', username: form.username, userId: u.rows[0]!.id, enterpriseId: id, result: '成功', body: logBody(req.body),
          after: { enterpriseId: id, name: form.name, creditCode: form.creditCode, username: form.username, auditStatus: '待审核' } });
        return id;
      });
      req.log.info({ enterpriseId }, 'enterprise registration submitted');
      return ok({ enterpriseId, auditStatus: '待审核' as const }, '注册申请已提交，等待审核');
    } catch (err) {
      await logRefusal(req, err, { opt: '提交注册申请', username: claimed, enterpriseId: existing, body: logBody(req.body) });
      throw err;
    }
  });

  const credentials = z.object({
    username: z.string({ error: '请输入管理员账号' }).trim().min(1, '请输入管理员账号').max(50, '管理员账号不能超过50个字符'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(100, '密码不能超过100个字符'),
  });

  // the applicant's own view of the outcome (a disabled account cannot sign in to read it); a rejected application
  // comes back whole, for the applicant to correct
  app.post('/public/register/status', {
    config: { access: { public: true } },
    onRequest: limit('registerStatus'),
    schema: { tags, summary: '查询企业注册审核结果', body: credentials, response: answer(approvalAnswers.registration) },
  }, async (req) => {
    const { username, password: pass } = req.body;
    const who = await applicantOf(username, pass);
    if (!who) {
      const refusal = badInput(MSG.badCredentials);
      await logRefusal(req, refusal, { opt: '查询注册进度', username });
      throw refusal;
    }
    const rejected = who.auditStatus === '已驳回';
    let application: Served<typeof approvalAnswers.registration>['application'];
    if (rejected) {
      const r = await db().execute<NonNullable<typeof application>>(sql`select name, credit_code as "creditCode", licence_no as "licenceNo", business_scope as "businessScope",
          region_code as "regionCode", address, safety_manager as contact, phone, licence_scan as "licenceScan" from enterprise where id = ${who.enterpriseId}`);
      application = r.rows[0];
    }
    return ok({ enterpriseName: who.enterpriseName, auditStatus: who.auditStatus, auditOpinion: rejected ? who.auditOpinion : null, ...(application ? { application } : {}) });
  });

  // a rejected application corrected by its applicant (signing with the application's account and password) goes back to 待审核
  app.post('/public/register/revise', {
    config: { access: { public: true } },
    // the same budget as the status read: both try an account's password
    onRequest: limit('registerStatus'),
    schema: { tags, summary: '修改被驳回的企业注册申请并重新提交（原申请的管理员账号和密码）', body: z.record(z.string(), z.unknown(), { error: '请求内容格式不正确' }), response: answer(approvalAnswers.revised) },
  }, async (req) => {
    const creds = credentials.safeParse(req.body);
    if (!creds.success) throw badInput(creds.error.issues[0]?.message ?? MSG.badCredentials);
    const { username, password: pass } = creds.data;
    let who: Applicant | null = null;
    try {
      who = await applicantOf(username, pass);
      if (!who) throw badInput(MSG.badCredentials);
      const applicant = who;
      if (applicant.auditStatus !== '已驳回') throw badInput(registerMessages.notRevisable(applicant.auditStatus));
      const form = await validate(req.body, app.ctx.config.provinceCode, await businessScopes(), APPLICATION_KEYS);
      // the registration's 重新提交 on the workflow engine, by the applicant this request proved: the row at the state
      // it is in now (已驳回, else refused), its timeline row and the application's new values in one transaction
      const registration = REVIEW_WORKFLOWS.enterprise;
      const step: WorkflowRegistration = {
        ...registration,
        hooks: {
          refusal: (_name, _user, before) => registerMessages.notRevisable(String(before.auditStatus ?? '不存在')),
          steps: { resubmit: ({ tx, before }) => revise(tx, req, applicant, before, form) },
        },
      };
      await runStep(db(), step, applicantUser({ id: applicant.userId, username: applicant.username, name: form.contact, enterpriseId: applicant.enterpriseId }),
        applicant.enterpriseId, 'resubmit', {});
      req.log.info({ enterpriseId: applicant.enterpriseId }, 'enterprise registration revised');
      return ok({ enterpriseId: applicant.enterpriseId, auditStatus: '待审核' as const, resubmitted: true as const }, '注册申请已重新提交，等待审核');
    } catch (err) {
      await logRefusal(req, err, { opt: '修改注册申请', username, userId: who?.userId ?? null, enterpriseId: who?.enterpriseId ?? null, body: logBody(req.body) });
      throw err;
    }
  });
};
