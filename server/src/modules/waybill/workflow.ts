/**
 * The steps of the waybill's lifecycle (docs/waybill-api.md §2), each a function of the database, the user and the
 * step's input: create, edit and delete a draft, dispatch, the pre-trip and self checks, 下发, loading (五必查),
 * unloading, void, close and change. routes.ts parses, authorises and answers; the rules live here and in service.ts.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../platform/schemas.ts';
import { validateInput } from '@dg/core';
import {
  waybillForm, complianceFindings, dispatchComplianceProblems, WAYBILL_ACTIONS, DEFAULT_CHECK_ITEMS, FIVE_CHECKS, CREW_FIELDS,
  transitionError, goodsMassKg, type GoodsDoc, type CheckResult,
} from '@dg/core/waybill';
import type { Db } from '../../db/index.ts';
import {
  waybill, waybillTransition, waybillChange, waybillCheck, waybillSelfInspection, waybillLoading, waybillUnloading, waybillMessage, waybillNumber, waybillGoods,
} from '../../db/waybill-schema.ts';
import { type SessionUser, holdsElement } from '../../platform/access.ts';
import { badInput, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import { uuidv7, findWaybill, requireAnyElement, cnDay8, checkCode, camel, type WaybillRow } from './common.ts';
import {
  normaliseGoods, goodsDerived, writeGoods, goodsOf, loadCrew, busyOf, complianceInput, ComplianceRefusal, crewColumns, crewOf,
  lockCrew, releaseCrew, bumpState, transition, type Crew,
} from './service.ts';
import { recordFindings } from './abnormal.ts';

type StepPatch = Partial<typeof waybill.$inferInsert>;
/** one answer of the 出车检查 or 自检 form */
export interface CheckAnswer { itemId: string; result: CheckResult; remark?: string | null; photos?: unknown[] | null }
export interface CheckBody { version: number; answers: CheckAnswer[]; driverNotified?: boolean; escortNotified?: boolean; selfInspectionId?: string | null; remark?: string | null }
export interface LoadBody { version: number; loaderId?: string | null; loaderName?: string | null; checks: Record<string, boolean>; remarks?: Record<string, string>; goods: { lineId: string; actualQuantity: number }[]; loadedAt?: Date; remark?: string | null }
export interface UnloadBody { version: number; signer: string; signerPhone?: string | null; goods?: { lineId: string; receivedQuantity: number }[]; unloadedAt?: Date; remark?: string | null }

/** the parties, route and carrier a waybill copies from base info (ids given → fields the client left empty) */
export async function fillParties(db: Db, enterpriseId: string, input: Record<string, unknown>) {
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

export function formValues(input: Record<string, unknown>, mode: 'add' | 'update') {
  const { values, errors } = validateInput(waybillForm, input, mode);
  if (errors.length) throw badInput(errors[0]!.message, { errors });
  return values as Partial<typeof waybill.$inferInsert>;
}

/** a crew from a body: a 车辆人员绑定 fills what the body leaves out */
export async function crewFrom(db: Db, enterpriseId: string, body: Record<string, unknown>): Promise<Crew & { bindId?: string | null }> {
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

export const goodsDocs = (goods: { unNo: string; goodsName: string; goodsClass: string; quantity: number; unit: string; density?: number | null; pieceMass?: number | null; toxic?: boolean | null; waste?: boolean | null }[]): GoodsDoc[] =>
  goods.map((g) => ({ unNo: g.unNo, goodsName: g.goodsName, goodsClass: g.goodsClass, quantity: Number(g.quantity), unit: g.unit, density: g.density, pieceMass: g.pieceMass, toxic: g.toxic, waste: g.waste }));

/** runs a step; a ComplianceRefusal's findings become 异常运单 after the rollback */
export async function keepingFindings<T>(db: Db, run: () => Promise<T>): Promise<T> {
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
    await bumpState(tx, row!, null, state);
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
    const goods = wb.goodsSummary ?? '';
    const text = `【运单下发】运单${no}：${wb.startDate}起运，${wb.plateNo ?? ''}${wb.trailerPlateNo ? '/' + wb.trailerPlateNo : ''}，${goods}，${wb.originAddress ?? ''}→${wb.destAddress ?? ''}。请核对运单并按时出车，途中随车携带电子运单。`;
    const msgs = [['驾驶员', wb.driverId, wb.driverName, wb.driverPhone], ['押运员', wb.escortId, wb.escortName, wb.escortPhone]]
      .filter(([, sid]) => sid)
      .map(([role, sid, name, mobile]) => ({ waybillId: wb.id, waybillCreatedAt: wb.createdAt, enterpriseId: wb.enterpriseId, staffId: sid, role: role!, staffName: name, mobile, content: text }));
    if (msgs.length) await tx.insert(waybillMessage).values(msgs);
    return { patch: { waybillNo: no, checkCode: checkCode(), distributedAt: now }, note: `运单编号${no}` };
  }));
}

/** 提交: a draft goes to 待调度 */
export const submitWaybill = (db: Db, user: SessionUser, id: string, version: number) => transition(db, user, id, version, 'submit', async () => ({}));

/** 修改运单草稿: the form again, goods if given, under the row's version */
export async function updateDraft(db: Db, user: SessionUser, body: Record<string, unknown> & { id: string; version: number }) {
  const current = await findWaybill(db, user, body.id);
  if (!current) throw notFound();
  const err = transitionError(current.state, 'edit');
  if (err) throw badInput(err);
  const filled = await fillParties(db, current.enterpriseId, body);
  const values = formValues(filled, 'update');
  const goods = body.goods !== undefined ? await normaliseGoods(db, current.enterpriseId, body.goods) : null;
  const after = await db.transaction(async (tx) => {
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
  return { current, after };
}

/** 删除运单草稿 (soft) */
export async function deleteDraft(db: Db, user: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const wb = await findWaybill(tx, user, id, true);
    if (!wb) throw notFound();
    const err = transitionError(wb.state, 'delete');
    if (err) throw badInput(err);
    await tx.update(waybill).set({ deletedAt: new Date(), updatedBy: user.id, version: sql`${waybill.version} + 1` }).where(and(eq(waybill.id, wb.id), eq(waybill.createdAt, wb.createdAt)));
    await bumpState(tx, wb, wb.state, null);
  });
}

/** 调度合规检查: what the dispatch rules say of a crew for a waybill, without dispatching */
export async function complianceProblems(db: Db, user: SessionUser, body: Record<string, unknown> & { waybillId: string }) {
  const wb = await findWaybill(db, user, body.waybillId);
  if (!wb) throw notFound();
  const crew = await crewFrom(db, wb.enterpriseId, body);
  const docs = await loadCrew(db, wb.enterpriseId, crew);
  const busy = await busyOf(db, crew, docs, wb.id);
  return { problems: dispatchComplianceProblems(complianceInput(docs, goodsDocs(await goodsOf(db, wb)), busy)) };
}

/** 调度派车: the crew passes the dispatch rules and is locked for the trip */
export async function dispatchWaybill(db: Db, user: SessionUser, id: string, body: Record<string, unknown> & { version: number; remark?: string | null }) {
  return transition(db, user, id, body.version, 'dispatch', async (tx, wb) => {
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
}

/** the enterprise's 出车检查 items for this waybill (the standard set the first time) */
export async function checkItemsFor(tx: Db, wb: WaybillRow) {
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
/** the newest 自检 of the waybill */
export async function latestSelfInspection(tx: Db, wb: WaybillRow) {
  const r = await tx.select().from(waybillSelfInspection).where(and(eq(waybillSelfInspection.waybillId, wb.id), eq(waybillSelfInspection.waybillCreatedAt, wb.createdAt)))
    .orderBy(desc(waybillSelfInspection.at)).limit(1);
  return r[0] ?? null;
}

/** 出车检查: every item answered (a 自检 may answer them), the crew told of the risks; a failed check goes back to 待调度 */
export async function checkWaybill(db: Db, user: SessionUser, id: string, body: CheckBody) {
  let passed = false;
  let failedItems: { itemId: string; name: string; remark: string | null }[] = [];
  const row = await transition(db, user, id, body.version, 'check', async (tx, wb) => {
    const items = await checkItemsFor(tx, wb);
    const given = new Map<string, CheckAnswer>();
    let self: typeof waybillSelfInspection.$inferSelect | null = null;
    if (body.selfInspectionId) {
      if (!isUuid(body.selfInspectionId)) throw badInput('自检记录不正确');
      self = (await tx.select().from(waybillSelfInspection).where(and(eq(waybillSelfInspection.id, body.selfInspectionId), eq(waybillSelfInspection.waybillId, wb.id), eq(waybillSelfInspection.waybillCreatedAt, wb.createdAt))))[0] ?? null;
      if (!self) throw badInput('自检记录不存在或不属于本运单');
      for (const a of self.answers as CheckAnswer[]) given.set(a.itemId, a);
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
  return { passed, failedItems, row };
}

/** 自检: the driver's own check before the pre-trip check, kept for it to use */
export async function addSelfInspection(db: Db, user: SessionUser, body: { waybillId: string; staffId?: string | null; answers: CheckAnswer[]; remark?: string | null }) {
  return db.transaction(async (tx) => {
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
}

/** 装货确认 (五必查): the five checks, the actual quantities against the vehicle and tank, the loading record */
export async function loadWaybill(db: Db, user: SessionUser, id: string, body: LoadBody) {
  const failedChecks = FIVE_CHECKS.filter((c) => body.checks[c.key] !== true);
  if (failedChecks.length) throw badInput(`五必查不通过，不得装货：${failedChecks.map((c) => c.label).join('；')}`);
  return keepingFindings(db, () => transition(db, user, id, body.version, 'load', async (tx, wb) => {
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
}

/** 卸货签收: what was received, the crew freed */
export async function unloadWaybill(db: Db, user: SessionUser, id: string, body: UnloadBody) {
  return transition(db, user, id, body.version, 'unload', async (tx, wb) => {
    const lines = await goodsOf(tx, wb);
    const got = new Map((body.goods ?? []).map((g) => [g.lineId, g.receivedQuantity]));
    const received = lines.map((l) => ({ lineId: l.id, unNo: l.unNo, goodsName: l.goodsName, quantity: got.get(l.id) ?? l.actualQuantity ?? l.quantity, unit: l.unit }));
    for (const r of received) await tx.update(waybillGoods).set({ receivedQuantity: r.quantity }).where(and(eq(waybillGoods.id, r.lineId), eq(waybillGoods.waybillCreatedAt, wb.createdAt)));
    const at = body.unloadedAt ?? new Date();
    await tx.insert(waybillUnloading).values({ waybillId: wb.id, waybillCreatedAt: wb.createdAt, unloadedAt: at, signer: body.signer, signerPhone: body.signerPhone ?? null, received, operatorId: user.id, operatorName: user.name.slice(0, 20), remark: body.remark ?? null });
    await releaseCrew(tx, wb);
    return { patch: { completedAt: at }, note: `签收人${body.signer}` };
  });
}

/** 作废: a draft from 运单填报 or 运单管理, a waybill on its way only from 运单管理 */
export async function cancelWaybill(db: Db, user: SessionUser, id: string, body: { version: number; reason: string }) {
  requireAnyElement(user, WAYBILL_ACTIONS.cancel.elements);
  return transition(db, user, id, body.version, 'cancel', async (tx, wb) => {
    // a draft is voided from 运单填报 or 运单管理; a waybill on its way only from 运单管理
    if (wb.state !== '草稿' && !holdsElement(user, 'waybillManageManager:btn_cancel')) throw forbidden();
    await releaseCrew(tx, wb);
    return { patch: { cancelledAt: new Date(), reason: body.reason }, note: body.reason };
  });
}

/** 异常关闭 */
export async function closeWaybill(db: Db, user: SessionUser, id: string, body: { version: number; reason: string }) {
  return transition(db, user, id, body.version, 'close', async (tx, wb) => {
    await releaseCrew(tx, wb);
    return { patch: { closedAt: new Date(), reason: body.reason }, note: body.reason };
  });
}

/** 运单变更: the fields, goods or crew that differ, the dispatch rules again where crew or goods changed, the change record */
export async function changeWaybill(db: Db, user: SessionUser, id: string, body: Record<string, unknown> & { version: number; reason: string }) {
  const current = await findWaybill(db, user, id);
  if (!current) throw notFound();
  const filled = await fillParties(db, current.enterpriseId, body);
  const values = formValues(filled, 'update');
  const newGoods = body.goods !== undefined ? await normaliseGoods(db, current.enterpriseId, body.goods) : null;
  const crewTouched = CREW_FIELDS.some((f) => body[f] !== undefined) || body.bindId !== undefined;
  let changeFields: string[] = [];
  const row = await transition(db, user, current.id, body.version, 'change', async (tx, wb) => {
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
  return { row, changeFields };
}
