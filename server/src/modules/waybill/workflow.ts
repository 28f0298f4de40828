/**
 * A waybill's life outside its workflow steps (docs/waybill-api.md §2): create, edit and delete a draft, the dispatch
 * rules asked before dispatching, the 出车检查 items and the driver's 自检; and what the steps (steps.ts) share with them —
 * parties copied from base info, the form's check, a crew from a body. routes.ts parses, authorises and answers.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../platform/schemas.ts';
import { validateInput } from '@dg/core';
import { waybillForm, dispatchComplianceProblems, DEFAULT_CHECK_ITEMS, CREW_FIELDS, WAYBILL_WORKFLOW, type GoodsDoc, type CheckResult } from '@dg/core/waybill';
import type { Db } from '../../db/index.ts';
import { waybill, waybillSelfInspection } from '../../db/waybill-schema.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, notFound, staleVersion } from '../../platform/errors.ts';
import { uuidv7, findWaybill, camel, type WaybillRow } from './common.ts';
import { normaliseGoods, goodsDerived, writeGoods, goodsOf, loadCrew, busyOf, complianceInput, ComplianceRefusal, bumpState, recordTransition, type Crew } from './service.ts';
import { recordFindings } from './abnormal.ts';

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

/** a refused step's dispatch-rule findings become 异常运单 after its rollback */
export async function keepFindings(db: Db, err: unknown) {
  if (err instanceof ComplianceRefusal) await recordFindings(db, err.wb, err.findings).catch(() => {});
}

/** why a draft's 编辑 or 删除 is refused in its state (the workflow locks every state but 草稿), or null */
export function draftRefusal(state: string, action: '编辑' | '删除') {
  return (WAYBILL_WORKFLOW.lockedIn as readonly string[]).includes(state) ? `当前状态为${state}，不能${action}` : null;
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
    await recordTransition(tx, user, row!, { action: 'create', from: null, to: '草稿' });
    if (submit) await recordTransition(tx, user, row!, { action: 'submit', from: '草稿', to: '待调度' });
    await bumpState(tx, row!, null, state);
    return row!;
  });
}

/** 修改运单草稿: the form again, goods if given, under the row's version */
export async function updateDraft(db: Db, user: SessionUser, body: Record<string, unknown> & { id: string; version: number }) {
  const current = await findWaybill(db, user, body.id);
  if (!current) throw notFound();
  const err = draftRefusal(current.state, '编辑');
  if (err) throw badInput(err);
  const filled = await fillParties(db, current.enterpriseId, body);
  const values = formValues(filled, 'update');
  const goods = body.goods !== undefined ? await normaliseGoods(db, current.enterpriseId, body.goods) : null;
  const after = await db.transaction(async (tx) => {
    const wb = await findWaybill(tx, user, body.id, true);
    if (!wb) throw notFound();
    if (wb.version !== Number(body.version)) throw staleVersion();
    const e2 = draftRefusal(wb.state, '编辑');
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
export async function deleteDraft(db: Db, user: SessionUser, id: string): Promise<WaybillRow> {
  return db.transaction(async (tx) => {
    const wb = await findWaybill(tx, user, id, true);
    if (!wb) throw notFound();
    const err = draftRefusal(wb.state, '删除');
    if (err) throw badInput(err);
    await tx.update(waybill).set({ deletedAt: new Date(), updatedBy: user.id, version: sql`${waybill.version} + 1` }).where(and(eq(waybill.id, wb.id), eq(waybill.createdAt, wb.createdAt)));
    await bumpState(tx, wb, wb.state, null);
    return wb;
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

