/**
 * 运单监管 (政府端): waybill monitoring in the jurisdiction, 运单填报率, 异常运单 and
 * the 核查单 (政 issues → 企 签收 → 企 回复 → 政 办结 or 退回, its steps on the workflow engine). docs/waybill-api.md §4.
 * Register under /api: `await app.register(supervisionModule, { prefix: '/api' })`.
 */
import { z } from 'zod';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { WAYBILL_STATES, checklistFlow, type ABNORMAL_RULES, type CHECKLIST_STATES, type WaybillState } from '@dg/core/waybill';
import { supervisionAnswers, waybillAnswers, type MenuCode, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { type Db, execPrepared } from '../../db/index.ts';
import { checklist, checklistStep, abnormalWaybill } from '../../db/waybill-schema.ts';
import { type SessionUser, regionScope } from '../../platform/access.ts';
import { COUNT_CAP, pagedQuery, pagingOf } from '../../platform/paged.ts';
import { ok, badInput, forbidden, notFound } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { workflowRoutes, type WorkflowRegistration } from '../../platform/workflow.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { regionShortName } from '../../platform/regions.ts';
import { findWaybill, waybillScope, cnStart, tsOfId, camel } from '../waybill/common.ts';
import { listWaybills, isDay, regionStateArea } from '../waybill/list.ts';
import { detailOut } from '../waybill/present.ts';
import { idParam, listBody, isUuid } from '../../platform/schemas.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['运单监管'];
const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();

const scopeOf = (u: SessionUser, alias: string) => waybillScope(u, sql.raw(`${alias}.enterprise_id`), sql.raw(`${alias}.carrier_region`));
const MONTH = /^\d{4}-\d{2}$/;
/** the screens that list the abnormal waybills: 运单监管 › 异常运单 and 基础信息查询 › 异常运单 */
const ABNORMAL_READERS: MenuCode[] = ['abnormalWaybillManager', 'ycydManager'];

type Answer<K extends keyof typeof supervisionAnswers> = Served<(typeof supervisionAnswers)[K]>;
type AbnormalRule = (typeof ABNORMAL_RULES)[number];
type ChecklistState = (typeof CHECKLIST_STATES)[number];

/** a list of 运单监管's own tables, newest first (from is a subquery `x` with its scope and filters), counted to COUNT_CAP */
const paged = <R>(db: Db, from: SQL, order: SQL, body: { page?: number; size?: number }) =>
  pagedQuery(db, pagingOf(body, COUNT_CAP), { from, where: sql`true`, order, count: { cap: COUNT_CAP }, row: (r) => camel<R>(r) });

/** a 核查单's row as its answers name its values (the table holds them as text) */
const checklistOut = (c: typeof checklist.$inferSelect): Answer<'issued'> => ({ ...c, state: c.state as ChecklistState });
/** a finding's row likewise */
const abnormalOut = (a: typeof abnormalWaybill.$inferSelect): Answer<'reported'> => ({ ...a, rule: a.rule as AbnormalRule });

function requireSide(user: SessionUser, sides: SessionUser['side'][]) {
  if (!sides.includes(user.side)) throw forbidden();
}

/** one row of a 核查单's timeline (checklist_step): 下发, and every step the engine runs (回复's data is its attachments) */
async function step(tx: Db, c: { id: string }, user: SessionUser, action: string, from: string | null, to: string, note?: string | null, attachments?: unknown) {
  await tx.insert(checklistStep).values({ checklistId: c.id, userId: user.id, userName: user.name.slice(0, 20), action, fromState: from, toState: to, note: note ?? null, attachments: Array.isArray(attachments) ? attachments : null });
}

/** a 核查单 (alias c) not answered by its 回复期限: still to be signed for or answered after that day */
const overdue = sql`(c.state in ('待签收', '待回复') and c.reply_by < current_date)`;

async function findChecklist(tx: Db, u: SessionUser, id: string, lock = false) {
  if (!isUuid(id)) return null;
  const r = (await tx.execute(sql`select * from checklist c where c.id = ${id} and ${scopeOf(u, 'c')} ${lock ? sql`for update` : sql``}`)).rows[0];
  return r ? camel<typeof checklist.$inferSelect>(r) : null;
}

const attachments = z.array(z.unknown()).max(20).nullish();
const text = (label: string) => z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(2000, `${label}不能超过2000个字符`);

/**
 * The 核查单 on the workflow engine: its declaration is core's checklistFlow, its rows and timeline its own tables
 * (checklist, checklist_step with the reply's attachments); what each step writes besides its state is its hook.
 */
export const checklistWorkflow: WorkflowRegistration = {
  def: checklistFlow,
  store: {
    find: async (tx, user, id) => (await findChecklist(tx, user, id, true)) as unknown as Row | null,
    async write(tx, _user, before, set, to) {
      const [r] = await tx.update(checklist).set({ ...set, state: to, version: sql`${checklist.version} + 1`, updatedAt: new Date() } as never)
        .where(and(eq(checklist.id, before.id as string), eq(checklist.version, before.version as number))).returning();
      return (r as unknown as Row | undefined) ?? null;
    },
    timeline: (tx, user, before, e) => step(tx, before as { id: string }, user, e.outcome ?? e.action, e.from, e.to, e.opinion, e.data),
  },
  bodies: {
    receive: z.object({ version }),
    reply: z.object({ version, reply: text('回复内容'), attachments }),
    finish: z.object({ version, opinion: z.string().max(2000).nullish() }),
    return: z.object({ version, opinion: text('退回意见') }),
  },
  hooks: {
    steps: {
      receive: ({ user }) => ({ set: { receivedAt: new Date(), receivedBy: user.id } }),
      reply: ({ opinion, body }) => ({ set: { reply: opinion, replyAttachments: body.attachments ?? null, repliedAt: new Date() }, data: body.attachments ?? null }),
      // 办结 closes the 异常运单 the 核查单 was issued for
      finish: ({ opinion, before }) => ({
        set: { opinion, finishedAt: new Date() },
        also: async (_after, tx) => { if (before.abnormalId) await tx.execute(sql`update abnormal_waybill set status = '已办结', version = version + 1, updated_at = now() where id = ${before.abnormalId as string}`); },
      }),
      return: ({ opinion }) => ({ set: { opinion } }),
    },
  },
  answer: (_name, r) => checklistOut(r.after as unknown as typeof checklist.$inferSelect),
  answerSchema: supervisionAnswers.checklistStep,
};

export const supervisionModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const idOf = (req: { params: { id: string } }) => req.params.id;

  // ───── 运单监控 ─────
  app.post('/ydjg/waybill/list', { config: { access: { menu: 'waybillMonitorManager' } }, schema: { tags, summary: '运单监控列表', body: listBody.optional(), response: answer(waybillAnswers.list) } }, async (req) =>
    ok(await listWaybills(db(), req.user!, req.body ?? {})));

  app.get('/ydjg/waybill/stateCounts', {
    config: { access: { menu: 'waybillMonitorManager' } },
    schema: { tags, summary: '运单状态统计（辖区）', querystring: z.object({ enterpriseId: z.string().optional() }), response: answer(supervisionAnswers.stateCounts) },
  }, async (req) => {
    const u = req.user!;
    const { enterpriseId } = req.query;
    if (enterpriseId && !isUuid(enterpriseId)) throw badInput('企业：请选择有效的企业');
    // the area's totals from its districts' rollup (what the monitor's list counts), one enterprise's from its own
    const r = u.side !== 'enterprise' && !enterpriseId
      ? await execPrepared<{ state: string; n: number }>(db(), sql`select s.state, sum(s.n)::int as n from waybill_region_state_count s where ${regionStateArea(u)} group by s.state`)
      : await execPrepared<{ state: string; n: number }>(db(), sql`select s.state, sum(s.n)::int as n from waybill_state_count s join enterprise e on e.id = s.enterprise_id
        where ${u.side === 'enterprise' ? sql`e.id = ${u.enterpriseId}` : regionScope(u, sql`e.region_code`)} ${enterpriseId ? sql`and s.enterprise_id = ${enterpriseId}` : sql``} group by s.state`);
    const counts = Object.fromEntries(WAYBILL_STATES.map((s) => [s, 0])) as Answer<'stateCounts'>;
    for (const x of r.rows) counts[x.state as WaybillState] = x.n;
    return ok(counts);
  });

  app.get('/ydjg/waybill/info/:id', { config: { access: { anyMenu: ['waybillMonitorManager', 'checklistManager', ...ABNORMAL_READERS] } }, schema: { tags, summary: '运单详情（监管）', params: idParam, response: answer(waybillAnswers.detail) } }, async (req) => {
    const wb = await findWaybill(db(), req.user!, idOf(req));
    if (!wb) throw notFound();
    return ok(await detailOut(db(), req.user!, wb));
  });

  // ───── 运单填报率 ─────
  app.post('/ydjg/fillRate', {
    config: { access: { menu: 'waybillRatioManager' } },
    schema: { tags, summary: '运单填报率', body: z.object({ from: z.string().regex(MONTH, '开始月份格式应为YYYY-MM'), to: z.string().regex(MONTH, '结束月份格式应为YYYY-MM'), cityCode: z.string().regex(/^\d{6}$/, '地市不正确').optional() }),
      response: answer(supervisionAnswers.fillRate) },
  }, async (req) => {
    const u = req.user!;
    const { from, to, cityCode } = req.body;
    if (from > to) throw badInput('开始月份不能晚于结束月份');
    const scope = u.side === 'enterprise' ? sql`e.id = ${u.enterpriseId}` : regionScope(u, sql`e.region_code`);
    const city = cityCode ? sql`and e.region_code like ${cityCode.slice(0, 4) + '%'}` : sql``;
    const r = await db().execute<{ id: string; name: string; region_code: string; operating: number; used: number; waybills: number }>(sql`
      with ents as (select id, name, region_code from enterprise e where ${scope} ${city}),
      veh as (select v.enterprise_id, count(*)::int as n from vehicle v where v.enterprise_id in (select id from ents)
              and v.status = '营运' and coalesce(v.vehicle_type, '') not in ('trailer', 'vanTrailer') group by 1),
      used as (select m.enterprise_id, count(distinct m.vehicle_id)::int as vehicles, sum(m.waybills)::int as waybills from waybill_vehicle_month m
               where m.month >= ${from + '-01'}::date and m.month <= ${to + '-01'}::date and m.enterprise_id in (select id from ents) and m.waybills > 0 group by 1)
      select ents.id, ents.name, ents.region_code, coalesce(veh.n, 0) as operating, coalesce(used.vehicles, 0) as used, coalesce(used.waybills, 0) as waybills
      from ents left join veh on veh.enterprise_id = ents.id left join used on used.enterprise_id = ents.id`);
    const rate = (used: number, all: number) => (all ? Math.round((Math.min(used, all) / all) * 1000) / 10 : 0);
    const enterprises = r.rows.map((x) => ({
      enterpriseId: x.id, enterpriseName: x.name, cityCode: x.region_code.slice(0, 4) + '00', cityName: regionShortName(x.region_code.slice(0, 4) + '00'),
      operatingVehicles: x.operating, vehiclesWithWaybills: x.used, waybills: x.waybills, fillRate: rate(x.used, x.operating),
    })).sort((a, b) => b.fillRate - a.fillRate || b.waybills - a.waybills || a.enterpriseName.localeCompare(b.enterpriseName, 'zh'));
    const ranked = enterprises.map((e, i) => ({ rank: i + 1, ...e }));
    const byCity = new Map<string, { cityCode: string; cityName: string; enterprises: number; operatingVehicles: number; vehiclesWithWaybills: number; waybills: number }>();
    for (const e of enterprises) {
      const c = byCity.get(e.cityCode) ?? { cityCode: e.cityCode, cityName: e.cityName, enterprises: 0, operatingVehicles: 0, vehiclesWithWaybills: 0, waybills: 0 };
      c.enterprises += 1; c.operatingVehicles += e.operatingVehicles; c.vehiclesWithWaybills += Math.min(e.vehiclesWithWaybills, e.operatingVehicles); c.waybills += e.waybills;
      byCity.set(e.cityCode, c);
    }
    const cities = [...byCity.values()].map((c) => ({ ...c, fillRate: rate(c.vehiclesWithWaybills, c.operatingVehicles) })).sort((a, b) => a.cityCode.localeCompare(b.cityCode));
    return ok({ from, to, enterprises: ranked, cities });
  });

  // ───── 异常运单 ─────
  // 基础信息查询 › 异常运单 (ycydManager) reads the same findings, without the supervision screen's writes
  app.post('/ydjg/abnormal/list', { config: { access: { anyMenu: ABNORMAL_READERS } }, schema: { tags, summary: '异常运单列表', body: listBody.optional(), response: answer(supervisionAnswers.abnormalList) } }, async (req) => {
    const body = req.body ?? {};
    const f = body.filters ?? {};
    const c: SQL[] = [scopeOf(req.user!, 'a')];
    const s = (k: string) => (typeof f[k] === 'string' ? (f[k] as string).trim() : '');
    if (s('rule')) c.push(sql`a.rule = ${s('rule')}`);
    if (s('status')) c.push(sql`a.status = ${s('status')}`);
    if (s('source')) c.push(sql`a.source = ${s('source')}`);
    if (s('waybillNo')) c.push(sql`a.waybill_no = ${s('waybillNo')}`);
    if (s('plateNo')) c.push(sql`a.plate_no = ${s('plateNo')}`);
    if (s('enterpriseId')) { if (!isUuid(s('enterpriseId'))) throw badInput('企业：请选择有效的企业'); c.push(sql`a.enterprise_id = ${s('enterpriseId')}`); }
    if (Array.isArray(f.foundAt)) {
      const [a, b] = f.foundAt as string[];
      if (a) { if (!isDay(a)) throw badInput('发现日期格式不正确'); c.push(sql`a.found_at >= ${cnStart(a)}`); }
      if (b) { if (!isDay(b)) throw badInput('发现日期格式不正确'); c.push(sql`a.found_at < ${new Date(cnStart(b).getTime() + 86400_000)}`); }
    }
    const from = sql`(select a.*, e.name as enterprise_name, (select c.id from checklist c where c.abnormal_id = a.id order by c.issued_at desc limit 1) as checklist_id
      from abnormal_waybill a left join enterprise e on e.id = a.enterprise_id where ${sql.join(c, sql` and `)}) x`;
    return ok(await paged<Answer<'abnormalList'>['content'][number]>(db(), from, sql`found_at desc, id desc`, body));
  });

  app.get('/ydjg/abnormal/info/:id', { config: { access: { anyMenu: ABNORMAL_READERS } }, schema: { tags, summary: '异常运单详情', params: idParam, response: answer(supervisionAnswers.abnormalDetail) } }, async (req) => {
    const u = req.user!;
    const a = (await db().execute(sql`select a.*, e.name as enterprise_name from abnormal_waybill a left join enterprise e on e.id = a.enterprise_id where a.id = ${idOf(req)} and ${scopeOf(u, 'a')}`)).rows[0];
    if (!a) throw notFound();
    const wb = a.waybill_id ? await findWaybill(db(), u, String(a.waybill_id)) : null;
    const lists = await db().select().from(checklist).where(eq(checklist.abnormalId, String(a.id))).orderBy(asc(checklist.issuedAt));
    return ok({ abnormal: camel<Answer<'abnormalDetail'>['abnormal']>(a), waybill: wb ? await detailOut(db(), u, wb) : null, checklists: lists.map(checklistOut) });
  });

  app.post('/ydjg/abnormal/report', {
    config: { access: { element: 'abnormalWaybillManager:btn_add' } },
    schema: { tags, summary: '手工上报异常运单', body: z.object({ waybillId: z.string().nullish(), waybillNo: z.string().max(24).nullish(), enterpriseId: z.string().nullish(), plateNo: z.string().max(12).nullish(), detail: z.string({ error: '请输入异常情况' }).trim().min(1, '请输入异常情况').max(1000) }),
      response: answer(supervisionAnswers.reported) },
  }, async (req) => {
    const u = req.user!;
    requireSide(u, ['government', 'platform']);
    const b = req.body;
    let wb = b.waybillId ? await findWaybill(db(), u, b.waybillId) : null;
    if (b.waybillId && !wb) throw badInput('运单不存在或不在辖区内');
    if (!wb && b.waybillNo) {
      const n = (await db().execute<{ waybill_id: string }>(sql`select waybill_id from waybill_number where waybill_no = ${b.waybillNo.trim()}`)).rows[0];
      wb = n ? await findWaybill(db(), u, n.waybill_id) : null;
      if (!wb) throw badInput('运单不存在或不在辖区内');
    }
    let enterpriseId = wb?.enterpriseId ?? null, region = wb?.carrierRegion ?? null;
    if (!wb) {
      if (!b.enterpriseId || !isUuid(b.enterpriseId)) throw badInput('请选择运单或所属企业');
      const e = (await db().execute<{ id: string; region_code: string }>(sql`select id, region_code from enterprise e where id = ${b.enterpriseId} and ${regionScope(u, sql`e.region_code`)}`)).rows[0];
      if (!e) throw badInput('所属企业不存在或不在辖区内');
      enterpriseId = e.id; region = e.region_code;
    }
    const [row] = await db().insert(abnormalWaybill).values({
      waybillId: wb?.id ?? null, waybillCreatedAt: wb?.createdAt ?? null, waybillNo: wb?.waybillNo ?? b.waybillNo ?? null, plateNo: wb?.plateNo ?? b.plateNo ?? null,
      enterpriseId, carrierRegion: region, rule: '手工上报', detail: b.detail, source: '手工', reportedBy: u.id, reporterName: u.name.slice(0, 20),
    }).returning();
    req.audit = { after: row };
    return ok(abnormalOut(row!));
  });

  // ───── 核查单 ─────
  app.post('/ydjg/checklist/issue', {
    config: { access: { element: 'abnormalWaybillManager:btn_checklist' } },
    schema: { tags, summary: '下发核查单', body: z.object({ abnormalId: z.string(), problem: z.string({ error: '请输入核查问题' }).trim().min(1, '请输入核查问题').max(2000), replyBy: z.string().refine(isDay, '回复期限格式应为YYYY-MM-DD') }),
      response: answer(supervisionAnswers.issued) },
  }, async (req) => {
    const u = req.user!;
    requireSide(u, ['government', 'platform']);
    const b = req.body;
    if (!isUuid(b.abnormalId)) throw notFound();
    const row = await db().transaction(async (tx) => {
      const raw = (await tx.execute(sql`select * from abnormal_waybill a where a.id = ${b.abnormalId} and ${scopeOf(u, 'a')} for update`)).rows[0];
      const a = raw ? camel<typeof abnormalWaybill.$inferSelect>(raw) : undefined;
      if (!a) throw notFound();
      if (!a.enterpriseId || !a.carrierRegion) throw badInput('该异常运单没有所属企业，不能下发核查单');
      if (a.status === '已办结') throw badInput('该异常运单已办结');
      const [c] = await tx.insert(checklist).values({
        abnormalId: a.id, waybillId: a.waybillId, waybillCreatedAt: a.waybillCreatedAt, waybillNo: a.waybillNo, enterpriseId: a.enterpriseId, carrierRegion: a.carrierRegion,
        problem: b.problem, replyBy: b.replyBy, state: '待签收', issuedBy: u.id, issuerName: u.name.slice(0, 20),
      }).returning();
      await step(tx, c!, u, '下发', null, '待签收', b.problem);
      await tx.execute(sql`update abnormal_waybill set status = '已下发核查单', version = version + 1, updated_at = now() where id = ${a.id}`);
      return c!;
    });
    req.audit = { after: row };
    return ok(checklistOut(row));
  });

  app.post('/ydjg/checklist/list', { config: { access: { menu: 'checklistManager' } }, schema: { tags, summary: '核查单列表', body: listBody.optional(), response: answer(supervisionAnswers.checklistList) } }, async (req) => {
    const body = req.body ?? {};
    const f = body.filters ?? {};
    const c: SQL[] = [scopeOf(req.user!, 'c')];
    if (typeof f.state === 'string' && f.state) c.push(sql`c.state = ${f.state}`);
    if (typeof f.enterpriseId === 'string' && isUuid(f.enterpriseId)) c.push(sql`c.enterprise_id = ${f.enterpriseId}`);
    if (typeof f.waybillNo === 'string' && f.waybillNo) c.push(sql`c.waybill_no = ${f.waybillNo}`);
    const from = sql`(select c.*, e.name as enterprise_name, a.rule, ${overdue} as overdue
      from checklist c left join enterprise e on e.id = c.enterprise_id left join abnormal_waybill a on a.id = c.abnormal_id where ${sql.join(c, sql` and `)}) x`;
    return ok(await paged<Answer<'checklistList'>['content'][number]>(db(), from, sql`issued_at desc, id desc`, body));
  });

  app.get('/ydjg/checklist/info/:id', { config: { access: { menu: 'checklistManager' } }, schema: { tags, summary: '核查单详情', params: idParam, response: answer(supervisionAnswers.checklistDetail) } }, async (req) => {
    const u = req.user!;
    const c = await findChecklist(db(), u, idOf(req));
    if (!c) throw notFound();
    const steps = await db().select().from(checklistStep).where(eq(checklistStep.checklistId, c.id)).orderBy(asc(checklistStep.at));
    const abnormal = c.abnormalId ? await db().select().from(abnormalWaybill).where(eq(abnormalWaybill.id, c.abnormalId)) : [];
    const named = (await db().execute<{ name: string | null; overdue: boolean }>(sql`select e.name, ${overdue} as overdue from checklist c
      left join enterprise e on e.id = c.enterprise_id where c.id = ${c.id}`)).rows[0];
    let waybillSummary: Answer<'checklistDetail'>['waybill'] = null;
    if (c.waybillId && tsOfId(c.waybillId)) {
      const w = await findWaybill(db(), u, c.waybillId);
      if (w) waybillSummary = { id: w.id, waybillNo: w.waybillNo, state: w.state as WaybillState, plateNo: w.plateNo, driverName: w.driverName, goodsSummary: w.goodsSummary, startDate: w.startDate };
    }
    return ok({ ...checklistOut(c), enterpriseName: named?.name ?? null, overdue: named?.overdue ?? false, steps, abnormal: abnormal[0] ? abnormalOut(abnormal[0]) : null, waybill: waybillSummary });
  });

  // ───── the 核查单's steps on the workflow engine (签收, 回复, 办结, 退回 at /ydjg/checklist/{step}/:id) ─────
  workflowRoutes(app, checklistWorkflow);
};
