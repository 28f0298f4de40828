/**
 * 企业车辆审核 (enterpriseVehicleAuditManager, 政): enterprise registrations, new
 * vehicles and new tanks waiting in the reviewer's jurisdiction; 通过 activates (an enterprise's
 * administrator account is enabled), 驳回 needs an opinion the enterprise reads on its record.
 * Changes of approved records' supervised fields (企业/车辆/罐体信息变更) wait here too: 通过 writes the new values.
 * The decisions are the workflow engine's steps (declared in core records.ts: REVIEW_STEPS on enterprise, vehicle, tank
 * and recordChange), one registration per type with its hooks below; each writes one timeline row.
 *   POST /audit/pending/list  {page, size, filters: {type, auditStatus, keyword}}
 *   GET  /audit/info/:type/:id
 *   GET  /audit/:type/flow/:id   (the decisions taken, oldest first)
 *   POST /audit/pass/:type/:id   {opinion?, version?}   (enterpriseVehicleAuditManager:btn_pass)
 *   POST /audit/reject/:type/:id {opinion, version?}    (enterpriseVehicleAuditManager:btn_reject)
 */
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AUDIT_STATUSES, approvalAnswers, flowAnswer, recordChange, resourceByKey, type AuditStatus, type ResourceDef, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { type SessionUser, regionScope, regionPrefix } from '../../platform/access.ts';
import { ok, notFound } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { findRow, present } from '../../platform/crud/query.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { applyChange, changedFields, changeView, type ChangeRow } from '../../platform/crud/changes.ts';
import { recordStep, tableStore, timelineOf, type WorkflowStore } from '../../platform/flow.ts';
import { runStep, type StepContext, type StepEffect, type WorkflowRegistration } from '../../platform/workflow.ts';
import type { Db } from '../../db/index.ts';
import { UUID_RE, pageFields } from '../../platform/schemas.ts';
import { COUNT_CAP, pagedQuery, pagingOf } from '../../platform/paged.ts';

export const AUDIT_MENU = 'enterpriseVehicleAuditManager';
export const AUDIT_TYPES = {
  enterprise: { title: '企业注册', table: 'enterprise', resource: 'enterprise', nameColumn: 'name', enterpriseColumn: 'id', detail: sql`r.credit_code::text` },
  vehicle: { title: '车辆', table: 'vehicle', resource: 'vehicle', nameColumn: 'plate_no', enterpriseColumn: 'enterprise_id', detail: sql`r.transport_cert_no::text` },
  // a tank is identified on the road by the vehicle carrying it
  tank: { title: '罐体', table: 'tank', resource: 'tank', nameColumn: 'tank_no', enterpriseColumn: 'enterprise_id', detail: sql`(select v.plate_no::text from vehicle v where v.id = r.vehicle_id)` },
} as const;
export type RecordType = keyof typeof AUDIT_TYPES;
/** an approved record's supervised fields changed by its enterprise (platform/crud/changes.ts): 原值 and 新值 side by side */
export const CHANGE_TYPES = {
  enterpriseChange: { title: '企业信息变更', of: 'enterprise' },
  vehicleChange: { title: '车辆信息变更', of: 'vehicle' },
  tankChange: { title: '罐体信息变更', of: 'tank' },
} as const satisfies Record<string, { title: string; of: RecordType }>;
export type ChangeType = keyof typeof CHANGE_TYPES;
export type AuditType = RecordType | ChangeType;
const isChange = (t: AuditType): t is ChangeType => t in CHANGE_TYPES;
const TYPE_KEYS = [...Object.keys(AUDIT_TYPES), ...Object.keys(CHANGE_TYPES)] as AuditType[];
const titleOf = (t: AuditType) => (isChange(t) ? CHANGE_TYPES[t].title : AUDIT_TYPES[t].title);

const defOf = (type: AuditType): ResourceDef => resourceByKey(isChange(type) ? CHANGE_TYPES[type].of : AUDIT_TYPES[type].resource)!;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

const typeParams = z.object({
  type: z.enum(TYPE_KEYS as [AuditType, ...AuditType[]], { error: '审核类型不正确' }),
  id: z.string().regex(UUID_RE, '参数id格式不正确'),
});
const listBody = z.object({
  ...pageFields,
  filters: z.object({
    type: z.enum(TYPE_KEYS as [AuditType, ...AuditType[]], { error: '审核类型不正确' }).nullish(),
    auditStatus: z.enum(AUDIT_STATUSES, { error: '审核状态不正确' }).nullish(),
    keyword: z.string().max(50, '关键字不能超过50个字符').nullish(),
    regionCode: z.string().regex(/^\d{6}$/, '所在地区不正确').nullish(),
  }).passthrough().optional(),
}).passthrough();
const opinionBody = z.object({
  opinion: z.string().max(500, '审核意见不能超过500个字符').nullish(),
  // the version the reviewer read (a change extended since is not decided unseen); without it, the one read now
  version: z.coerce.number({ error: '版本号不正确' }).int('版本号不正确').optional(),
}).passthrough().nullish();

function selectOf(type: AuditType, user: SessionUser, status: string, keyword: string | null | undefined, region: string | null | undefined): SQL {
  const rt = AUDIT_TYPES[isChange(type) ? CHANGE_TYPES[type].of : type];
  const r = (c: string) => sql`r.${sql.identifier(c)}`;
  // the jurisdiction is the enterprise's approved region: a change of region is itself reviewed where it comes from
  const conds: SQL[] = [regionScope(user, sql`e.region_code`)];
  if (keyword) {
    const like = '%' + escapeLike(keyword.trim()) + '%';
    conds.push(sql`(${r(rt.nameColumn)} ilike ${like} or e.name ilike ${like} or ${rt.detail} ilike ${like})`);
  }
  if (region) conds.push(sql`e.region_code like ${regionPrefix(region) + '%'}`);
  if (isChange(type)) {
    conds.push(sql`c.resource = ${CHANGE_TYPES[type].of}`, sql`c.status = ${status}`);
    return sql`select ${type}::text as type, ${titleOf(type)}::text as type_title, c.id, ${r(rt.nameColumn)}::text as title,
        (select string_agg(k, ',') from jsonb_object_keys(c.new_values) k) as detail,
        e.id as enterprise_id, e.name::text as enterprise_name, e.region_code, c.status::text as audit_status, c.opinion as audit_opinion, c.submitted_at
      from record_change c join ${sql.identifier(rt.table)} r on r.id = c.record_id join enterprise e on e.id = c.enterprise_id
      where ${sql.join(conds, sql` and `)}`;
  }
  conds.push(sql`r.audit_status = ${status}`);
  return sql`select ${type}::text as type, ${rt.title}::text as type_title, r.id, ${r(rt.nameColumn)}::text as title, ${rt.detail} as detail,
      e.id as enterprise_id, e.name::text as enterprise_name, e.region_code, r.audit_status::text as audit_status, r.audit_opinion, r.updated_at as submitted_at
    from ${sql.identifier(rt.table)} r join enterprise e on e.id = ${r(rt.enterpriseColumn)} where ${sql.join(conds, sql` and `)}`;
}

/** the change `id` inside the user's jurisdiction (any record's: a registration's `admits` narrows it), locked when a decision takes it */
async function changeOf(db: Db, user: SessionUser, id: string, lock = false) {
  const r = await db.execute<ChangeRow & { version: number }>(sql`select c.* from record_change c join enterprise e on e.id = c.enterprise_id
    where c.id = ${id} and ${regionScope(user, sql`e.region_code`)} ${lock ? sql`for update of c` : sql``}`);
  return r.rows[0] ?? null;
}

/** the enterprise's administrators (企业管理员): who applied for a registration */
export const isEnterpriseAdmin = (userId: SQL) => sql`exists (select 1 from base_group_member m join base_group g on g.id = m.group_id where m.user_id = ${userId} and g.code = 'enterpriseAdmin')`;

/** what a decision hands its route: the registration's applicants and the accounts it enabled, a change's record before and after */
interface Decided { applicants?: string[]; enabled: string[]; applied?: { before: Row; after: Row } | null }

/** a decision on a record: its opinion is written beside its state (null when 通过 without one) */
const decideRecord = ({ opinion }: StepContext): StepEffect => ({ set: { auditOpinion: opinion }, result: { enabled: [] } satisfies Decided });

/** a decision on a registration names its applicant in the log; 通过 lets the administrator who applied sign in */
async function decideRegistration({ name, user, before, opinion, tx }: StepContext): Promise<StepEffect> {
  const applicants = (await tx.execute<{ username: string }>(sql`select u.username from base_user u where u.enterprise_id = ${before.id} and ${isEnterpriseAdmin(sql`u.id`)} order by u.created_at`))
    .rows.map((x) => x.username);
  const enabled = name !== 'pass' ? [] : (await tx.execute<{ username: string }>(sql`update base_user set status = '1', updated_at = now(), updated_by = ${user.id}, version = version + 1
      where enterprise_id = ${before.id} and status = '0' and ${isEnterpriseAdmin(sql`base_user.id`)} returning username`)).rows.map((x) => x.username);
  return { set: { auditOpinion: opinion }, result: { applicants, enabled } satisfies Decided };
}

/**
 * 企业注册, 车辆 and 罐体 on the workflow engine: their declaration (core records.ts REVIEW_STEPS) on the definition,
 * their rows through the definition's table and scope, each decision one timeline row of the record. The routes are
 * the product's `/audit/pass|reject/:type/:id` (below), each running the step of the type's registration.
 */
function recordWorkflow(type: RecordType): WorkflowRegistration {
  const def = defOf(type);
  const table = tableStore(def, type);
  return {
    def,
    subject: type,
    // a registration's timeline belongs to the enterprise it registers
    store: type === 'enterprise' ? { ...table, timeline: (tx, user, before, e) => recordStep(tx, user, 'enterprise', before.id as string,
      { action: e.outcome ?? e.action, from: e.from, to: e.to, opinion: e.opinion, enterpriseId: before.id as string }) } : table,
    // a registration's 重新提交 is its applicant's public route (register.ts), running this registration's step
    ownRoutes: ['pass', 'reject', 'resubmit'],
    hooks: {
      refusal: (_name, _user, before) => `该${titleOf(type)}当前为“${before.auditStatus ?? '未提交'}”，不是待审核状态`,
      steps: type === 'enterprise' ? { pass: decideRegistration, reject: decideRegistration } : { pass: decideRecord, reject: decideRecord },
    },
  };
}

/** record_change as the engine's store: the change in the jurisdiction of its enterprise's approved region, at its version */
const changeStore: WorkflowStore = {
  find: (tx, user, id) => changeOf(tx, user, id, true) as Promise<Row | null>,
  async write(tx, user, before, set, to) {
    const r = await tx.execute<Row>(sql`update record_change set status = ${to}, opinion = ${(set.opinion as string | null) ?? null}, decided_by = ${user.id}, decided_at = now(),
        version = version + 1 where id = ${before.id as string} and version = ${before.version as number} returning *`);
    return r.rows[0] ?? null;
  },
  timeline: (tx, user, before, e) => recordStep(tx, user, 'recordChange', before.id as string,
    { action: e.outcome ?? e.action, from: e.from, to: e.to, opinion: e.opinion, enterpriseId: before.enterprise_id as string }),
};

/** 企业/车辆/罐体信息变更: one declaration (core recordChange) for the three, each type reaching the changes of its records; 通过 writes the new values */
function changeWorkflow(type: ChangeType): WorkflowRegistration {
  const of = CHANGE_TYPES[type].of;
  return {
    def: recordChange,
    subject: 'recordChange',
    store: changeStore,
    admits: (row) => row.resource === of,
    ownRoutes: ['pass', 'reject'],
    hooks: {
      refusal: (_name, _user, before) => `该${titleOf(type)}当前为“${String(before.status)}”，不是待审核状态`,
      steps: {
        pass: async ({ before, user, opinion, tx }) => {
          const applied = await applyChange(tx, defOf(type), before as unknown as ChangeRow, user);
          if (!applied) throw notFound();
          return { set: { opinion }, result: { enabled: [], applied } satisfies Decided };
        },
        reject: ({ opinion }) => ({ set: { opinion }, result: { enabled: [], applied: null } satisfies Decided }),
      },
    },
  };
}

export const REVIEW_WORKFLOWS = Object.fromEntries(TYPE_KEYS.map((t) => [t, isChange(t) ? changeWorkflow(t) : recordWorkflow(t)])) as Record<AuditType, WorkflowRegistration>;

export const reviewRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['企业车辆审核'];

  app.post('/audit/pending/list', { config: { access: { menu: AUDIT_MENU } }, schema: { tags, summary: '待审核（及已审核）的企业注册、车辆、罐体', body: listBody.nullish(), response: answer(approvalAnswers.pending) } }, async (req) => {
    const body = req.body ?? {};
    const paging = pagingOf(body, COUNT_CAP);
    const f = body.filters ?? {};
    const status = f.auditStatus ?? '待审核';
    const parts = (types: AuditType[]) => sql.join(types.map((type) => selectOf(type, req.user!, status, f.keyword, f.regionCode)), sql` union all `);
    const types = f.type ? [f.type] : TYPE_KEYS;
    type Pending = { type: AuditType; type_title: string; id: string; title: string; detail: string | null; enterprise_id: string; enterprise_name: string; region_code: string | null; audit_status: AuditStatus; audit_opinion: string | null; submitted_at: Date };
    return ok(await pagedQuery(db(), paging, {
      from: sql`(${parts(types)}) w`,
      where: sql`true`,
      // waiting longest first; decided ones latest first
      order: status === '待审核' ? sql`w.submitted_at asc, w.id` : sql`w.submitted_at desc, w.id`,
      // the tabs' counts per type in the total's statement; the total is the listed types' (exact: a reviewer's queue)
      count: { sql: sql`select coalesce(sum(c.n) filter (where c.type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})), 0)::int as n,
          coalesce(json_object_agg(c.type, c.n), '{}'::json) as counts
        from (select w.type, count(*)::int as n from (${parts(TYPE_KEYS)}) w group by w.type) c` },
      tally: (c) => ({ counts: Object.fromEntries(TYPE_KEYS.map((k) => [k, Number((c.counts as Record<string, number> | undefined)?.[k] ?? 0)])) as Record<AuditType, number> }),
      row: (raw) => {
        const r = raw as Pending;
        return {
          type: r.type, typeTitle: r.type_title, id: r.id, title: r.title,
          detail: isChange(r.type) && r.detail ? changedFields(defOf(r.type), r.detail.split(',')).map((k) => defOf(r.type).fields[k]?.label ?? k).join('、') : r.detail, enterpriseId: r.enterprise_id, enterpriseName: r.enterprise_name,
          regionCode: r.region_code, auditStatus: r.audit_status, auditOpinion: r.audit_opinion, submittedAt: r.submitted_at,
        };
      },
    }));
  });

  app.get('/audit/info/:type/:id', { config: { access: { menu: AUDIT_MENU } }, schema: { tags, summary: '审核对象详情', params: typeParams, response: answer(approvalAnswers.info) } }, async (req) => {
    const { type, id } = req.params;
    const def = defOf(type);
    if (isChange(type)) {
      const c = await changeOf(db(), req.user!, id);
      if (!c || c.resource !== CHANGE_TYPES[type].of) throw notFound();
      const record = await findRow(db(), def, req.user!, c.record_id);
      if (!record) throw notFound();
      const [shown] = await present(db(), def, req.user!, [record]);
      return ok({ type, typeTitle: titleOf(type), row: shown, change: changeView(def, c), applicant: null });
    }
    const row = await findRow(db(), def, req.user!, id);
    if (!row) throw notFound();
    const [shown] = await present(db(), def, req.user!, [row]);
    let applicant: Served<typeof approvalAnswers.info>['applicant'] = null;
    if (type === 'enterprise') {
      const u = await db().execute<{ username: string; name: string; mobile: string | null; status: string }>(sql`
        select u.username, u.name, u.mobile, u.status from base_user u where u.enterprise_id = ${id}
          and exists (select 1 from base_group_member m join base_group g on g.id = m.group_id where m.user_id = u.id and g.code = 'enterpriseAdmin')
        order by u.created_at limit 1`);
      applicant = u.rows[0] ?? null;
    }
    return ok({ type, typeTitle: titleOf(type), row: shown, applicant });
  });

  /** the pass and reject routes: the type's registration runs the declared step (their params and body by typeParams and opinionBody) */
  const decide = (step: 'pass' | 'reject') => async (req: Pick<FastifyRequest, 'user' | 'audit'> & { params: z.infer<typeof typeParams>; body: z.infer<typeof opinionBody> }) => {
    const { type, id } = req.params;
    const { before, after, result } = await runStep(db(), REVIEW_WORKFLOWS[type], req.user!, id, step, req.body ?? {});
    const decided = result as Decided;
    if (isChange(type)) {
      const status = after.status as AuditStatus;
      const opinion = (after.opinion as string | null) ?? null;
      req.audit = { before: decided.applied?.before ?? { change: before.old_values }, after: decided.applied?.after ?? { change: before.new_values, status, opinion } };
      return ok({ type, id, auditStatus: status, auditOpinion: opinion, enabledUsers: [] }, step === 'pass' ? '审核通过，变更已生效' : '已驳回');
    }
    const status = after.auditStatus as AuditStatus;
    const opinion = (after.auditOpinion as string | null) ?? null;
    req.audit = { before: { auditStatus: before.auditStatus, auditOpinion: before.auditOpinion },
      after: { type, id, audit_status: status, audit_opinion: opinion, enabledUsers: decided.enabled, ...(decided.applicants ? { applicants: decided.applicants } : {}) } };
    return ok({ type, id, auditStatus: status, auditOpinion: opinion, enabledUsers: decided.enabled }, step === 'pass' ? '审核通过' : '已驳回');
  };

  app.post('/audit/pass/:type/:id', { config: { access: { element: `${AUDIT_MENU}:btn_pass` } }, schema: { tags, summary: '审核通过', params: typeParams, body: opinionBody, response: answer(approvalAnswers.decided) } }, decide('pass'));
  app.post('/audit/reject/:type/:id', { config: { access: { element: `${AUDIT_MENU}:btn_reject` } }, schema: { tags, summary: '审核驳回（须填写驳回意见）', params: typeParams, body: opinionBody, response: answer(approvalAnswers.decided) } }, decide('reject'));

  // the decisions taken on what waits here, oldest first (the engine's timeline of the record or the change)
  app.get('/audit/:type/flow/:id', { config: { access: { menu: AUDIT_MENU } }, schema: { tags, summary: '审核记录', params: typeParams, response: answer(flowAnswer) } }, async (req) => {
    const { type, id } = req.params;
    const found = isChange(type) ? await changeOf(db(), req.user!, id) : await findRow(db(), defOf(type), req.user!, id);
    if (!found || (isChange(type) && !REVIEW_WORKFLOWS[type].admits!(found as Row))) throw notFound();
    return ok(await timelineOf(db(), id));
  });
};
