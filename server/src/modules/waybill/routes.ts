/** The enterprise side of the electronic waybill: edit, the four queues, every lifecycle step. docs/waybill-api.md §2. */
import { z } from 'zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { validateInput } from '@dg/core';
import {
  waybillForm, complianceFindings, dispatchComplianceProblems, WAYBILL_QUEUES, WAYBILL_ACTIONS, CHECK_RESULTS,
  DEFAULT_CHECK_ITEMS, FIVE_CHECKS, CREW_FIELDS, transitionError, goodsMassKg, type WaybillQueue, type GoodsDoc,
} from '@dg/core/waybill';
import type { App } from '../../platform/context.ts';
import type { Db } from '../../db/index.ts';
import {
  waybill, waybillTransition, waybillChange, waybillCheck, waybillSelfInspection, waybillLoading, waybillUnloading, waybillMessage, waybillNumber, waybillGoods,
} from '../../db/waybill-schema.ts';
import type { SessionUser } from '../../platform/access.ts';
import { ok, badInput, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import { xlsxDisposition } from '../../platform/crud/excel.ts';
import {
  uuidv7, findWaybill, requireAnyElement, requireAnyMenu, WAYBILL_READ_MENUS, cnDay8, checkCode, isUuid, camel, type WaybillRow,
} from './common.ts';
import {
  normaliseGoods, goodsDerived, writeGoods, goodsOf, loadCrew, busyOf, complianceInput, ComplianceRefusal, crewColumns, crewOf,
  lockCrew, releaseCrew, bumpState, bumpIssued, transition, type Crew,
} from './service.ts';
import { listWaybills, exportWaybills, type ListParams } from './list.ts';
import { rowOut, detailOut } from './present.ts';
import { recordFindings } from './abnormal.ts';
import { idParam, listBody } from '../../platform/schemas.ts';

const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();
const reason = z.string({ error: '请输入原因' }).trim().min(1, '请输入原因').max(500, '原因不能超过500个字符');
const crewBody = {
  bindId: z.string().nullish(), vehicleId: z.string().nullish(), trailerId: z.string().nullish(), tankId: z.string().nullish(),
  tankContainerId: z.string().nullish(), driverId: z.string().nullish(), escortId: z.string().nullish(),
};
const tags = ['电子运单'];

/** the parties, route and carrier a waybill copies from base info (ids given → fields the client left empty) */
async function fillParties(db: Db, enterpriseId: string, input: Record<string, unknown>) {
  const v = { ...input };
  const empty = (k: string) => v[k] === undefined || v[k] === null || v[k] === '';
  const take = async (idKey: string, table: string, label: string, map: Record<string, string>) => {
    const id = v[idKey];
    if (id === undefined || id === null || id === '') return;
    if (!isUuid(id)) throw badInput(`${label}：请选择有效的${label}`);
    const r = (await db.execute(sql`select * from ${sql.identifier(table)} where id = ${id} and enterprise_id = ${enterpriseId}`)).rows[0];
    if (!r) throw badInput(`${label}：所选${label}不存在或无权使用`);
    const row = camel(r);
    for (const [to, from] of Object.entries(map)) if (empty(to) && row[from] !== null && row[from] !== undefined) v[to] = row[from];
  };
  await take('shipperId', 'wb_shipper', '托运人', { shipperName: 'name', shipperContact: 'contact', shipperPhone: 'phone' });
  await take('consigneeId', 'wb_consignee', '收货人', { consigneeName: 'name', consigneePhone: 'phone' });
  await take('loaderId', 'wb_loader', '装货人', { loaderName: 'name', loaderPhone: 'phone', loadingPlace: 'loadingPlace' });
  await take('lineId', 'wb_transport_line', '常用线路', {
    originRegion: 'originRegion', originAddress: 'originAddress', destRegion: 'destRegion', destAddress: 'destAddress', via: 'via', distanceKm: 'distanceKm', expectedHours: 'expectedHours',
  });
  return v;
}

function formValues(input: Record<string, unknown>, mode: 'add' | 'update') {
  const { values, errors } = validateInput(waybillForm, input, mode);
  if (errors.length) throw badInput(errors[0]!.message, { errors });
  return values as Partial<typeof waybill.$inferInsert>;
}

/** a crew from a body: a 车辆人员绑定 fills what the body leaves out */
async function crewFrom(db: Db, enterpriseId: string, body: Record<string, unknown>): Promise<Crew & { bindId?: string | null }> {
  const crew: Crew & { bindId?: string | null } = {};
  if (body.bindId) {
    if (!isUuid(body.bindId)) throw badInput('车辆人员绑定：请选择有效的绑定');
    const b = (await db.execute(sql`select * from wb_bind where id = ${body.bindId} and enterprise_id = ${enterpriseId}`)).rows[0];
    if (!b) throw badInput('车辆人员绑定：所选绑定不存在或无权使用');
    const row = camel(b);
    for (const f of CREW_FIELDS) crew[f] = row[f] ?? null;
    crew.bindId = String(body.bindId);
  }
  for (const f of CREW_FIELDS) if (body[f] !== undefined) crew[f] = (body[f] as string | null) || null;
  return crew;
}

const goodsDocs = (goods: { unNo: string; goodsName: string; goodsClass: string; quantity: number; unit: string; density?: number | null; pieceMass?: number | null }[]): GoodsDoc[] =>
  goods.map((g) => ({ unNo: g.unNo, goodsName: g.goodsName, goodsClass: g.goodsClass, quantity: Number(g.quantity), unit: g.unit, density: g.density, pieceMass: g.pieceMass }));

/** runs a step; a ComplianceRefusal's findings become 异常运单 after the rollback */
async function keepingFindings<T>(db: Db, run: () => Promise<T>): Promise<T> {
  try { return await run(); } catch (err) {
    if (err instanceof ComplianceRefusal) await recordFindings(db, err.wb, err.findings).catch(() => {});
    throw err;
  }
}

export async function createWaybill(db: Db, user: SessionUser, body: Record<string, unknown>, submit: boolean) {
  if (user.side !== 'enterprise' || !user.enterpriseId) throw badInput('只有企业用户可以填报运单');
  const enterpriseId = user.enterpriseId;
  const filled = await fillParties(db, enterpriseId, body);
  const values = formValues(filled, 'add');
  const goods = await normaliseGoods(db, enterpriseId, body.goods);
  return db.transaction(async (tx) => {
    const ent = (await tx.execute<{ name: string; phone: string; licence_no: string; region_code: string }>(sql`select name, phone, licence_no, region_code from enterprise where id = ${enterpriseId}`)).rows[0];
    if (!ent) throw notFound();
    const ms = Date.now();
    const id = uuidv7(ms);
    const createdAt = new Date(ms);
    const state = submit ? '待调度' : '草稿';
    const [row] = await tx.insert(waybill).values({
      ...values, id, createdAt, enterpriseId, carrierRegion: ent.region_code, state,
      carrierName: ent.name, carrierPhone: ent.phone, carrierLicenceNo: ent.licence_no,
      ...goodsDerived(goods), createdBy: user.id, createdByName: user.name.slice(0, 20), updatedBy: user.id,
    } as typeof waybill.$inferInsert).returning();
    await writeGoods(tx, row!, goods);
    await tx.insert(waybillTransition).values({ waybillId: id, waybillCreatedAt: createdAt, action: 'create', fromState: null, toState: '草稿', userId: user.id, userName: user.name.slice(0, 20) });
    if (submit) await tx.insert(waybillTransition).values({ waybillId: id, waybillCreatedAt: createdAt, action: 'submit', fromState: '草稿', toState: '待调度', userId: user.id, userName: user.name.slice(0, 20) });
    await bumpState(tx, enterpriseId, null, state);
    return row!;
  });
}

/** 下发 of one waybill: number from the day's counter (one row per day, bumped inside this transaction), QR check code, messages */
export async function distributeOne(db: Db, user: SessionUser, provinceCode: string, id: string, ver?: number) {
  return keepingFindings(db, () => transition(db, user, id, ver, 'distribute', async (tx, wb) => {
    // documents can expire between dispatch and 下发: the rules again, as of today
    const docs = await loadCrew(tx, wb.enterpriseId, crewOf(wb));
    const findings = complianceFindings(complianceInput(docs, goodsDocs(await goodsOf(tx, wb)), []));
    if (findings.length) throw new ComplianceRefusal(findings, wb, '不能下发：');
    const now = new Date();
    const day = cnDay8(now);
    const seq = (await tx.execute<{ value: number }>(sql`insert into sequence_counter (key, value) values (${'waybill:' + day}, 1)
      on conflict (key) do update set value = sequence_counter.value + 1 returning value`)).rows[0]!.value;
    if (seq > 999_999) throw badInput('当日运单编号已用尽');
    const no = `${provinceCode.slice(0, 6)}${day}${String(seq).padStart(6, '0')}`;
    await tx.insert(waybillNumber).values({ waybillNo: no, waybillId: wb.id, waybillCreatedAt: wb.createdAt, issuedAt: now });
    const issued = { ...wb, waybillNo: no };
    await bumpIssued(tx, issued, now, 1);
    const goods = wb.goodsSummary ?? '';
    const text = `【运单下发】运单${no}：${wb.startDate}起运，${wb.plateNo ?? ''}${wb.trailerPlateNo ? '/' + wb.trailerPlateNo : ''}，${goods}，${wb.originAddress ?? ''}→${wb.destAddress ?? ''}。请核对运单并按时出车，途中随车携带电子运单。`;
    const msgs = [['驾驶员', wb.driverId, wb.driverName, wb.driverPhone], ['押运员', wb.escortId, wb.escortName, wb.escortPhone]]
      .filter(([, sid]) => sid)
      .map(([role, sid, name, mobile]) => ({ waybillId: wb.id, waybillCreatedAt: wb.createdAt, enterpriseId: wb.enterpriseId, staffId: sid, role: role!, staffName: name, mobile, content: text }));
    if (msgs.length) await tx.insert(waybillMessage).values(msgs);
    return { patch: { waybillNo: no, checkCode: checkCode(), distributedAt: now }, note: `运单编号${no}` };
  }));
}

export const waybillRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const menu = (m: string) => ({ access: { menu: m } });
  const el = (e: string) => ({ access: { element: e } });
  const P = '/dzyd/waybill';
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

  // ───── lists ─────
  for (const [queue, q] of Object.entries(WAYBILL_QUEUES) as [WaybillQueue, (typeof WAYBILL_QUEUES)[WaybillQueue]][]) {
    app.post(`${P}/${queue}/list`, { config: menu(q.menu), schema: { tags, summary: `${q.title}运单`, body: listBody.optional() } }, async (req) =>
      ok(await listWaybills(db(), req.user!, (req.body ?? {}) as ListParams, q.state)));
  }
  app.post(`${P}/manage/list`, { config: menu('waybillManageManager'), schema: { tags, summary: '运单管理列表', body: listBody.optional() } }, async (req) =>
    ok(await listWaybills(db(), req.user!, (req.body ?? {}) as ListParams)));
  app.post(`${P}/manage/export`, { config: el('waybillManageManager:btn_export'), schema: { tags, summary: '导出运单', body: listBody.optional() } }, async (req, reply) => {
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition('运单'));
    return reply.send(exportWaybills(db(), req.user!, ((req.body ?? {}) as ListParams).filters ?? {}));
  });

  // ───── read ─────
  app.get(`${P}/info/:id`, { config: { access: { anyUser: true } }, schema: { tags, summary: '运单详情', params: idParam } }, async (req) => {
    requireAnyMenu(req.user!, WAYBILL_READ_MENUS);
    const wb = await findWaybill(db(), req.user!, idOf(req));
    if (!wb) throw notFound();
    return ok(await detailOut(db(), req.user!, wb));
  });
  app.get(`${P}/changes/:id`, { config: { access: { anyUser: true } }, schema: { tags, summary: '运单变更记录', params: idParam } }, async (req) => {
    requireAnyMenu(req.user!, WAYBILL_READ_MENUS);
    const wb = await findWaybill(db(), req.user!, idOf(req));
    if (!wb) throw notFound();
    const rows = await db().select().from(waybillChange).where(and(eq(waybillChange.waybillId, wb.id), eq(waybillChange.waybillCreatedAt, wb.createdAt))).orderBy(desc(waybillChange.at));
    return ok(rows.map(({ waybillCreatedAt: _x, ...r }) => r));
  });
  app.get(`${P}/print/:id`, { config: { access: { anyUser: true } }, schema: { tags, summary: '运单打印（A4）', params: idParam } }, async (req) => {
    requireAnyMenu(req.user!, ['distributeManager', 'waybillManageManager', 'baseManager']);
    const wb = await findWaybill(db(), req.user!, idOf(req));
    if (!wb) throw notFound();
    const goods = await goodsOf(db(), wb);
    const qr = wb.waybillNo && wb.checkCode ? await qrOf(req, wb.waybillNo, wb.checkCode) : null;
    return ok({ ...rowOut(wb, { checkCode: true }), goods: goods.map(({ waybillCreatedAt: _x, waybillId: _y, ...g }) => g), qr, printedAt: new Date(), title: '危险货物道路运输运单' });
  });

  // ───── edit (drafts) ─────
  app.post(`${P}/add`, { config: el('baseManager:btn_add'), schema: { tags, summary: '新增运单（草稿）', body: z.record(z.string(), z.unknown()) } }, async (req) => {
    const body = req.body as Record<string, unknown>;
    const submit = body.submit === true || body.submit === 'true';
    if (submit && !req.user!.elements.has('baseManager:btn_submit')) throw forbidden();
    const row = await createWaybill(db(), req.user!, body, submit);
    req.audit = { after: { id: row.id, state: row.state } };
    return ok(rowOut(row));
  });
  app.put(`${P}/update`, { config: el('baseManager:btn_edit'), schema: { tags, summary: '修改运单草稿', body: z.record(z.string(), z.unknown()).and(z.object({ id: z.string({ error: '缺少id' }), version })) } }, async (req) => {
    const body = req.body as Record<string, unknown> & { id: string; version: number };
    const user = req.user!;
    const current = await findWaybill(db(), user, body.id);
    if (!current) throw notFound();
    const err = transitionError(current.state, 'edit');
    if (err) throw badInput(err);
    const filled = await fillParties(db(), current.enterpriseId, body);
    const values = formValues(filled, 'update');
    const goods = body.goods !== undefined ? await normaliseGoods(db(), current.enterpriseId, body.goods) : null;
    const after = await db().transaction(async (tx) => {
      const wb = await findWaybill(tx, user, body.id, true);
      if (!wb) throw notFound();
      if (wb.version !== Number(body.version)) throw staleVersion();
      const e2 = transitionError(wb.state, 'edit');
      if (e2) throw badInput(e2);
      if (goods) await writeGoods(tx, wb, goods);
      const res = await tx.update(waybill).set({ ...values, ...(goods ? goodsDerived(goods) : {}), version: sql`${waybill.version} + 1`, updatedAt: new Date(), updatedBy: user.id })
        .where(and(eq(waybill.id, wb.id), eq(waybill.createdAt, wb.createdAt), eq(waybill.version, wb.version))).returning();
      if (!res.length) throw staleVersion();
      return res[0]!;
    });
    req.audit = { before: { id: current.id, version: current.version }, after: { id: after.id, version: after.version } };
    return ok(rowOut(after));
  });
  app.delete(`${P}/del/:id`, { config: el('baseManager:btn_del'), schema: { tags, summary: '删除运单草稿', params: idParam } }, async (req) => {
    const user = req.user!;
    await db().transaction(async (tx) => {
      const wb = await findWaybill(tx, user, idOf(req), true);
      if (!wb) throw notFound();
      const err = transitionError(wb.state, 'delete');
      if (err) throw badInput(err);
      await tx.update(waybill).set({ deletedAt: new Date(), updatedBy: user.id, version: sql`${waybill.version} + 1` }).where(and(eq(waybill.id, wb.id), eq(waybill.createdAt, wb.createdAt)));
      await bumpState(tx, wb.enterpriseId, wb.state, null);
    });
    return ok(null);
  });

  // ───── lifecycle ─────
  app.post(`${P}/submit/:id`, { config: el('baseManager:btn_submit'), schema: { tags, summary: '提交运单', params: idParam, body: z.object({ version }) } }, async (req) => {
    const row = await transition(db(), req.user!, idOf(req), (req.body as { version: number }).version, 'submit', async () => ({}));
    return ok(rowOut(row));
  });

  app.post(`${P}/compliance`, { config: menu('dispatchManager'), schema: { tags, summary: '调度合规检查', body: z.object({ waybillId: z.string(), ...crewBody }) } }, async (req) => {
    const body = req.body as Record<string, unknown> & { waybillId: string };
    const wb = await findWaybill(db(), req.user!, body.waybillId);
    if (!wb) throw notFound();
    const crew = await crewFrom(db(), wb.enterpriseId, body);
    const docs = await loadCrew(db(), wb.enterpriseId, crew);
    const busy = await busyOf(db(), crew, docs, wb.id);
    return ok({ problems: dispatchComplianceProblems(complianceInput(docs, goodsDocs(await goodsOf(db(), wb)), busy)) });
  });

  app.post(`${P}/dispatch/:id`, { config: el('dispatchManager:btn_dispatch'), schema: { tags, summary: '调度派车', params: idParam, body: z.object({ version, remark: z.string().max(500).nullish(), ...crewBody }) } }, async (req) => {
    const user = req.user!;
    const body = req.body as Record<string, unknown> & { version: number; remark?: string };
    const row = await transition(db(), user, idOf(req), body.version, 'dispatch', async (tx, wb) => {
      const crew = await crewFrom(tx, wb.enterpriseId, body);
      const docs = await loadCrew(tx, wb.enterpriseId, crew);
      const busy = await busyOf(tx, crew, docs, wb.id);
      const findings = complianceFindings(complianceInput(docs, goodsDocs(await goodsOf(tx, wb)), busy));
      if (findings.length) throw new ComplianceRefusal(findings, wb);
      await lockCrew(tx, wb, crew, docs);
      const now = new Date();
      return {
        patch: { ...crewColumns(crew, docs), bindId: crew.bindId ?? null, dispatcherId: user.id, dispatcherName: user.name.slice(0, 20), dispatchedAt: now, problems: null,
          carrierName: docs.enterprise.name, carrierPhone: docs.enterprise.phone, carrierLicenceNo: docs.enterprise.licence_no },
        note: [docs.vehicle?.plateNo, docs.trailer?.plateNo, docs.driver?.name, docs.escort?.name].filter(Boolean).join(' / ') + (body.remark ? `；${body.remark}` : ''),
      };
    });
    return ok(rowOut(row));
  });

  // ───── 出车检查 and 自检 ─────
  async function checkItemsFor(tx: Db, wb: WaybillRow) {
    const n = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from wb_check_item where enterprise_id = ${wb.enterpriseId}`)).rows[0]!.n;
    if (n === 0) {
      // the standard items, the first time this enterprise checks (its 检查项 page can change them afterwards)
      for (const [i, it] of DEFAULT_CHECK_ITEMS.entries()) {
        await tx.execute(sql`insert into wb_check_item (enterprise_id, name, category, mandatory, applies, order_num, enabled) values
          (${wb.enterpriseId}, ${it.name}, ${it.category}, ${it.mandatory}, ${it.applies}, ${i + 1}, true) on conflict do nothing`);
      }
    }
    const tanked = !!(wb.tankId || wb.tankContainerId);
    const r = await tx.execute<{ id: string; name: string; category: string; mandatory: boolean; applies: string }>(sql`select id, name, category, mandatory, applies from wb_check_item
      where enterprise_id = ${wb.enterpriseId} and enabled ${tanked ? sql`` : sql`and applies <> '罐式'`} order by order_num, name`);
    return r.rows;
  }
  async function latestSelfInspection(tx: Db, wb: WaybillRow) {
    const r = await tx.select().from(waybillSelfInspection).where(and(eq(waybillSelfInspection.waybillId, wb.id), eq(waybillSelfInspection.waybillCreatedAt, wb.createdAt)))
      .orderBy(desc(waybillSelfInspection.at)).limit(1);
    return r[0] ?? null;
  }

  app.get(`${P}/checkForm/:id`, { config: menu('waybillCheckManager'), schema: { tags, summary: '出车检查表', params: idParam } }, async (req) => {
    const wb = await findWaybill(db(), req.user!, idOf(req));
    if (!wb) throw notFound();
    const items = await db().transaction((tx) => checkItemsFor(tx, wb));
    return ok({ waybill: rowOut(wb), items, selfInspection: await latestSelfInspection(db(), wb) });
  });

  const answer = z.object({ itemId: z.string(), result: z.enum(CHECK_RESULTS, { error: '检查结果只能是合格、不合格或不适用' }), remark: z.string().max(500).nullish(), photos: z.array(z.unknown()).nullish() });
  type Answer = z.infer<typeof answer>;

  app.post(`${P}/check/:id`, {
    config: el('waybillCheckManager:btn_check'),
    schema: { tags, summary: '出车检查', params: idParam, body: z.object({ version, answers: z.array(answer).max(200).default([]), driverNotified: z.boolean().optional(), escortNotified: z.boolean().optional(), selfInspectionId: z.string().nullish(), remark: z.string().max(500).nullish() }) },
  }, async (req) => {
    const user = req.user!;
    const body = req.body as { version: number; answers: Answer[]; driverNotified?: boolean; escortNotified?: boolean; selfInspectionId?: string | null; remark?: string | null };
    let passed = false;
    let failedItems: { itemId: string; name: string; remark: string | null }[] = [];
    const row = await transition(db(), user, idOf(req), body.version, 'check', async (tx, wb) => {
      const items = await checkItemsFor(tx, wb);
      const given = new Map<string, Answer>();
      let self: typeof waybillSelfInspection.$inferSelect | null = null;
      if (body.selfInspectionId) {
        if (!isUuid(body.selfInspectionId)) throw badInput('自检记录不正确');
        self = (await tx.select().from(waybillSelfInspection).where(and(eq(waybillSelfInspection.id, body.selfInspectionId), eq(waybillSelfInspection.waybillId, wb.id), eq(waybillSelfInspection.waybillCreatedAt, wb.createdAt))))[0] ?? null;
        if (!self) throw badInput('自检记录不存在或不属于本运单');
        for (const a of self.answers as Answer[]) given.set(a.itemId, a);
      }
      for (const a of body.answers) given.set(a.itemId, a);
      const answers = [];
      for (const it of items) {
        const a = given.get(it.id);
        if (!a) throw badInput(`请完成检查项“${it.name}”`);
        if (a.result === '不适用' && it.mandatory) throw badInput(`检查项“${it.name}”为必检项，不能选择不适用`);
        if (a.result === '不合格' && !a.remark?.trim()) throw badInput(`检查项“${it.name}”不合格，请填写说明`);
        answers.push({ itemId: it.id, name: it.name, category: it.category, mandatory: it.mandatory, result: a.result, remark: a.remark ?? null, photos: a.photos ?? null });
      }
      if (!body.driverNotified) throw badInput('请确认已对驾驶员进行安全告知');
      if (wb.escortId && !body.escortNotified) throw badInput('请确认已对押运员进行安全告知');
      failedItems = answers.filter((a) => a.result === '不合格').map((a) => ({ itemId: a.itemId, name: a.name, remark: a.remark }));
      passed = failedItems.length === 0;
      const [chk] = await tx.insert(waybillCheck).values({
        waybillId: wb.id, waybillCreatedAt: wb.createdAt, checkerId: user.id, checkerName: user.name.slice(0, 20), result: passed ? '合格' : '不合格',
        answers, failedItems: passed ? null : failedItems, driverNotified: !!body.driverNotified, escortNotified: !!body.escortNotified, selfInspectionId: self?.id ?? null,
      }).returning({ id: waybillCheck.id });
      if (self) await tx.update(waybillSelfInspection).set({ usedByCheckId: chk!.id }).where(and(eq(waybillSelfInspection.id, self.id), eq(waybillSelfInspection.waybillCreatedAt, wb.createdAt)));
      if (passed) return { patch: { checkedAt: new Date(), problems: null }, timelineAction: 'checkPass', note: body.remark ?? null };
      // a failed check goes back to 待调度 with its problems; the crew is free again
      await releaseCrew(tx, wb);
      const lines = failedItems.map((f) => `检查项“${f.name}”不合格：${f.remark}`);
      return { state: '待调度', patch: { problems: lines, checkedAt: new Date() }, timelineAction: 'checkFail', note: lines.join('；'), data: { failedItems } };
    });
    return ok({ passed, failedItems, waybill: rowOut(row) });
  });

  app.post(`${P}/selfInspection/add`, {
    config: el('waybillCheckManager:btn_add'),
    schema: { tags, summary: '新增自检记录', body: z.object({ waybillId: z.string(), staffId: z.string().nullish(), answers: z.array(answer).max(200), remark: z.string().max(500).nullish() }) },
  }, async (req) => {
    const user = req.user!;
    const body = req.body as { waybillId: string; staffId?: string | null; answers: Answer[]; remark?: string | null };
    const rec = await db().transaction(async (tx) => {
      const wb = await findWaybill(tx, user, body.waybillId, true);
      if (!wb) throw notFound();
      if (!['待检查', '待下发'].includes(wb.state)) throw badInput(`当前状态为${wb.state}，不能自检`);
      const items = await checkItemsFor(tx, wb);
      const byId = new Map(items.map((i) => [i.id, i]));
      const answers = body.answers.map((a) => {
        const it = byId.get(a.itemId);
        if (!it) throw badInput('检查项不存在或未启用');
        return { itemId: it.id, name: it.name, category: it.category, mandatory: it.mandatory, result: a.result, remark: a.remark ?? null, photos: a.photos ?? null };
      });
      const staffId = body.staffId ?? wb.driverId;
      const staff = staffId ? (await tx.execute<{ name: string }>(sql`select name from staff where id = ${staffId} and enterprise_id = ${wb.enterpriseId}`)).rows[0] : null;
      if (staffId && !staff) throw badInput('自检人员不存在或无权使用');
      const [r] = await tx.insert(waybillSelfInspection).values({
        waybillId: wb.id, waybillCreatedAt: wb.createdAt, enterpriseId: wb.enterpriseId, staffId: staffId ?? null, staffName: staff?.name ?? null,
        answers, result: answers.some((a) => a.result === '不合格') ? '不合格' : '合格', remark: body.remark ?? null, createdBy: user.id,
      }).returning();
      return r!;
    });
    return ok(rec);
  });
  app.get(`${P}/selfInspection/info/:id`, { config: menu('waybillCheckManager'), schema: { tags, summary: '自检记录详情', params: idParam } }, async (req) => {
    const u = req.user!;
    const r = (await db().select().from(waybillSelfInspection).where(and(eq(waybillSelfInspection.id, idOf(req)),
      u.side === 'enterprise' ? eq(waybillSelfInspection.enterpriseId, u.enterpriseId ?? '00000000-0000-0000-0000-000000000000') : sql`true`)).limit(1))[0];
    if (!r || (u.side === 'government')) throw notFound();
    return ok(r);
  });
  app.post(`${P}/selfInspection/list`, { config: menu('waybillCheckManager'), schema: { tags, summary: '自检记录列表', body: listBody.optional() } }, async (req) => {
    const u = req.user!;
    if (u.side !== 'enterprise' || !u.enterpriseId) return ok({ content: [], total: 0 });
    const body = (req.body ?? {}) as { page?: number; size?: number; filters?: { waybillId?: string } };
    const size = Math.min(body.size ?? 10, 100), page = Math.max(body.page ?? 1, 1);
    const wid = body.filters?.waybillId;
    const where = and(eq(waybillSelfInspection.enterpriseId, u.enterpriseId), wid && isUuid(wid) ? eq(waybillSelfInspection.waybillId, wid) : sql`true`);
    const [rows, n] = await Promise.all([
      db().select().from(waybillSelfInspection).where(where).orderBy(desc(waybillSelfInspection.at)).limit(size).offset((page - 1) * size),
      db().execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from waybill_self_inspection where enterprise_id = ${u.enterpriseId} ${wid && isUuid(wid) ? sql`and waybill_id = ${wid}` : sql``} limit 100001) s`),
    ]);
    return ok({ content: rows, total: n.rows[0]!.n });
  });

  // ───── 下发 ─────
  app.post(`${P}/distribute`, {
    config: el('distributeManager:btn_distribute'),
    schema: { tags, summary: '运单下发（一条或多条）', body: z.object({ ids: z.array(z.string()).min(1, '请选择要下发的运单').max(200, '一次最多下发200条'), versions: z.record(z.string(), z.coerce.number()).optional() }) },
  }, async (req) => {
    const body = req.body as { ids: string[]; versions?: Record<string, number> };
    const done: { id: string; waybillNo: string; checkCode: string }[] = [];
    const failed: { id: string; message: string; problems?: string[] }[] = [];
    for (const id of [...new Set(body.ids)]) {
      try {
        const r = await distributeOne(db(), req.user!, app.ctx.config.provinceCode, id, body.versions?.[id]);
        done.push({ id, waybillNo: r.waybillNo!, checkCode: r.checkCode! });
      } catch (err) {
        if (body.ids.length === 1) throw err;
        if (!(err instanceof Error) || !('status' in err)) throw err;
        failed.push({ id, message: err.message, problems: ((err as { data?: { problems?: string[] } }).data)?.problems });
      }
    }
    req.audit = { after: { done: done.map((d) => d.waybillNo), failed: failed.length } };
    return ok({ done, failed }, failed.length ? `下发成功${done.length}条，失败${failed.length}条` : `下发成功${done.length}条`);
  });

  // ───── 装货确认 (五必查) ─────
  app.post(`${P}/load/:id`, {
    config: el('waybillManageManager:btn_load'),
    schema: {
      tags, summary: '装货确认（五必查）', params: idParam,
      body: z.object({
        version, loaderId: z.string().nullish(), loaderName: z.string().max(100).nullish(),
        checks: z.record(z.string(), z.boolean(), { error: '请完成五必查' }), remarks: z.record(z.string(), z.string().max(200)).optional(),
        goods: z.array(z.object({ lineId: z.string(), actualQuantity: z.coerce.number({ error: '实际装货数量不正确' }).min(0, '实际装货数量不能小于0') })).min(1, '请填写实际装货数量'),
        loadedAt: z.coerce.date().optional(), remark: z.string().max(500).nullish(),
      }),
    },
  }, async (req) => {
    const user = req.user!;
    const body = req.body as { version: number; loaderId?: string | null; loaderName?: string | null; checks: Record<string, boolean>; remarks?: Record<string, string>; goods: { lineId: string; actualQuantity: number }[]; loadedAt?: Date; remark?: string | null };
    const failedChecks = FIVE_CHECKS.filter((c) => body.checks[c.key] !== true);
    if (failedChecks.length) throw badInput(`五必查不通过，不得装货：${failedChecks.map((c) => c.label).join('；')}`);
    const row = await keepingFindings(db(), () => transition(db(), user, idOf(req), body.version, 'load', async (tx, wb) => {
      const lines = await goodsOf(tx, wb);
      const actual = new Map(body.goods.map((g) => [g.lineId, g.actualQuantity]));
      for (const l of lines) if (!actual.has(l.id)) throw badInput(`请填写货物UN${l.unNo}${l.goodsName}的实际装货数量`);
      // the server's own 五必查: documents as of today and the actual quantities against 核定载质量 and the tank's media
      const docs = await loadCrew(tx, wb.enterpriseId, crewOf(wb));
      const loaded = lines.map((l) => ({ ...l, quantity: actual.get(l.id)! }));
      const findings = complianceFindings(complianceInput(docs, goodsDocs(loaded), []));
      if (findings.length) throw new ComplianceRefusal(findings, wb, '五必查不通过，不得装货：');
      let total = 0;
      for (const l of loaded) {
        total += goodsMassKg(l) ?? 0;
        await tx.update(waybillGoods).set({ actualQuantity: l.quantity }).where(and(eq(waybillGoods.id, l.id), eq(waybillGoods.waybillCreatedAt, wb.createdAt)));
      }
      const at = body.loadedAt ?? new Date();
      await tx.insert(waybillLoading).values({
        waybillId: wb.id, waybillCreatedAt: wb.createdAt, loaderId: body.loaderId && isUuid(body.loaderId) ? body.loaderId : wb.loaderId,
        loaderName: body.loaderName ?? wb.loaderName, loadedAt: at,
        checks: FIVE_CHECKS.map((c) => ({ key: c.key, label: c.label, ok: true, remark: body.remarks?.[c.key] ?? null })),
        actual: loaded.map((l) => ({ lineId: l.id, unNo: l.unNo, goodsName: l.goodsName, planned: lines.find((x) => x.id === l.id)!.quantity, actual: l.quantity, unit: l.unit })),
        totalMassKg: Math.round(total * 100) / 100, operatorId: user.id, operatorName: user.name.slice(0, 20), remark: body.remark ?? null,
      });
      return { patch: { loadedAt: at }, note: `五必查通过，实际装货${loaded.map((l) => `${l.goodsName}${l.quantity}${l.unit}`).join('、')}` };
    }));
    return ok(rowOut(row));
  });

  // ───── 卸货签收 ─────
  app.post(`${P}/unload/:id`, {
    config: el('waybillManageManager:btn_unload'),
    schema: {
      tags, summary: '卸货签收', params: idParam,
      body: z.object({
        version, signer: z.string({ error: '请输入签收人' }).trim().min(1, '请输入签收人').max(20, '签收人不能超过20个字符'), signerPhone: z.string().max(20).nullish(),
        goods: z.array(z.object({ lineId: z.string(), receivedQuantity: z.coerce.number().min(0, '签收数量不能小于0') })).optional(),
        unloadedAt: z.coerce.date().optional(), remark: z.string().max(500).nullish(),
      }),
    },
  }, async (req) => {
    const user = req.user!;
    const body = req.body as { version: number; signer: string; signerPhone?: string | null; goods?: { lineId: string; receivedQuantity: number }[]; unloadedAt?: Date; remark?: string | null };
    const row = await transition(db(), user, idOf(req), body.version, 'unload', async (tx, wb) => {
      const lines = await goodsOf(tx, wb);
      const got = new Map((body.goods ?? []).map((g) => [g.lineId, g.receivedQuantity]));
      const received = lines.map((l) => ({ lineId: l.id, unNo: l.unNo, goodsName: l.goodsName, quantity: got.get(l.id) ?? l.actualQuantity ?? l.quantity, unit: l.unit }));
      for (const r of received) await tx.update(waybillGoods).set({ receivedQuantity: r.quantity }).where(and(eq(waybillGoods.id, r.lineId), eq(waybillGoods.waybillCreatedAt, wb.createdAt)));
      const at = body.unloadedAt ?? new Date();
      await tx.insert(waybillUnloading).values({ waybillId: wb.id, waybillCreatedAt: wb.createdAt, unloadedAt: at, signer: body.signer, signerPhone: body.signerPhone ?? null, received, operatorId: user.id, operatorName: user.name.slice(0, 20), remark: body.remark ?? null });
      await releaseCrew(tx, wb);
      return { patch: { completedAt: at }, note: `签收人${body.signer}` };
    });
    return ok(rowOut(row));
  });

  // ───── 作废 and 异常关闭 ─────
  app.post(`${P}/cancel/:id`, { config: { access: { anyUser: true, opt: '作废' } }, schema: { tags, summary: '作废运单', params: idParam, body: z.object({ version, reason }) } }, async (req) => {
    const user = req.user!;
    requireAnyElement(user, WAYBILL_ACTIONS.cancel.elements);
    const body = req.body as { version: number; reason: string };
    const row = await transition(db(), user, idOf(req), body.version, 'cancel', async (tx, wb) => {
      // a draft is voided from 运单填报 or 运单管理; a waybill on its way only from 运单管理
      if (wb.state !== '草稿' && !user.elements.has('waybillManageManager:btn_cancel')) throw forbidden();
      await releaseCrew(tx, wb);
      if (wb.distributedAt) await bumpIssued(tx, wb, wb.distributedAt, -1);
      return { patch: { cancelledAt: new Date(), reason: body.reason }, note: body.reason };
    });
    return ok(rowOut(row));
  });
  app.post(`${P}/close/:id`, { config: el('waybillManageManager:btn_close'), schema: { tags, summary: '异常关闭运单', params: idParam, body: z.object({ version, reason }) } }, async (req) => {
    const body = req.body as { version: number; reason: string };
    const row = await transition(db(), req.user!, idOf(req), body.version, 'close', async (tx, wb) => {
      await releaseCrew(tx, wb);
      return { patch: { closedAt: new Date(), reason: body.reason }, note: body.reason };
    });
    return ok(rowOut(row));
  });

  // ───── 变更 ─────
  app.post(`${P}/change/:id`, { config: el('waybillManageManager:btn_change'), schema: { tags, summary: '运单变更', params: idParam, body: z.record(z.string(), z.unknown()).and(z.object({ version, reason })) } }, async (req) => {
    const user = req.user!;
    const body = req.body as Record<string, unknown> & { version: number; reason: string };
    const current = await findWaybill(db(), user, idOf(req));
    if (!current) throw notFound();
    const filled = await fillParties(db(), current.enterpriseId, body);
    const values = formValues(filled, 'update');
    const newGoods = body.goods !== undefined ? await normaliseGoods(db(), current.enterpriseId, body.goods) : null;
    const crewTouched = CREW_FIELDS.some((f) => body[f] !== undefined) || body.bindId !== undefined;
    let changeFields: string[] = [];
    const row = await transition(db(), user, current.id, body.version, 'change', async (tx, wb) => {
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const patch: Record<string, unknown> = {};
      const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
        || (a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && a !== undefined && b !== undefined && String(a) === String(b));
      for (const [k, v] of Object.entries(values)) {
        if (!same((wb as Record<string, unknown>)[k], v)) { before[k] = (wb as Record<string, unknown>)[k] ?? null; after[k] = v; patch[k] = v; }
      }
      let goods = await goodsOf(tx, wb);
      let goodsForRules: GoodsDoc[] = goodsDocs(goods);
      if (newGoods) {
        const strip = (g: { unNo: string; goodsName: string; goodsClass: string; quantity: number; unit: string; packingGroup?: string | null; packingSpec?: string | null }) =>
          ({ unNo: g.unNo, goodsName: g.goodsName, goodsClass: g.goodsClass, packingGroup: g.packingGroup ?? null, packingSpec: g.packingSpec ?? null, quantity: Number(g.quantity), unit: g.unit });
        if (!same(goods.map(strip), newGoods.map(strip))) {
          before.goods = goods.map(strip); after.goods = newGoods.map(strip);
          Object.assign(patch, goodsDerived(newGoods));
          goodsForRules = goodsDocs(newGoods);
        }
      }
      let crew = crewOf(wb);
      let state: string | undefined;
      let docs = null;
      if (crewTouched) {
        if (wb.state === '待调度') throw badInput('待调度的运单请通过调度派车选择车辆人员');
        const next = { ...crew, ...(await crewFrom(tx, wb.enterpriseId, body)) };
        const changed = CREW_FIELDS.filter((f) => (next[f] ?? null) !== (crew[f] ?? null));
        if (changed.length) {
          docs = await loadCrew(tx, wb.enterpriseId, next);
          const cols = crewColumns(next, docs);
          for (const [k, v] of Object.entries(cols)) if (!same((wb as Record<string, unknown>)[k], v)) { before[k] = (wb as Record<string, unknown>)[k] ?? null; after[k] = v; patch[k] = v; }
          crew = next;
          // the pre-trip check was of the old crew
          if (wb.state === '待下发') state = '待检查';
        }
      }
      changeFields = Object.keys(after);
      if (!changeFields.length) throw badInput('没有需要变更的内容');
      // crew or goods changed on a dispatched waybill: the dispatch rules again
      if (wb.state !== '待调度' && (docs || after.goods)) {
        const d = docs ?? await loadCrew(tx, wb.enterpriseId, crew);
        const busy = await busyOf(tx, crew, d, wb.id);
        const findings = complianceFindings(complianceInput(d, goodsForRules, busy));
        if (findings.length) throw new ComplianceRefusal(findings, wb, '不能变更：');
        if (docs) { await releaseCrew(tx, wb); await lockCrew(tx, wb, crew, d); }
      }
      if (newGoods && after.goods) { await writeGoods(tx, wb, newGoods); goods = await goodsOf(tx, wb); }
      await tx.insert(waybillChange).values({ waybillId: wb.id, waybillCreatedAt: wb.createdAt, userId: user.id, userName: user.name.slice(0, 20), reason: body.reason, fields: changeFields, before, after });
      return { patch: patch as StepPatch, state: state as '待检查' | undefined, timelineAction: state ? 'crewChange' : 'change', note: body.reason, data: { fields: changeFields } };
    });
    req.audit = { after: { id: row.id, fields: changeFields } };
    return ok(rowOut(row));
  });
};
type StepPatch = Partial<typeof waybill.$inferInsert>;

/** the QR of a waybill: the public check page with its number and check code */
async function qrOf(req: FastifyRequest, no: string, code: string) {
  const base = process.env.PUBLIC_BASE_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  const url = `${base}/transportInfo-qyd?no=${encodeURIComponent(no)}&code=${encodeURIComponent(code)}`;
  const [dataUrl, svg] = await Promise.all([
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
    QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
  ]);
  return { url, dataUrl, svg };
}
