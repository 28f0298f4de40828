/**
 * The waybill's write path: goods lines, crew documents for the dispatch rules, crew locks, rollups kept current in
 * the same transaction, and the store the workflow engine runs every step on (the partitioned row and its timeline).
 */
import { and, eq, sql, getTableColumns } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { isUuid } from '../../platform/schemas.ts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  busyLine, catalogueEntryOf, goodsMassKg, goodsLineText, mainClass, waybillGoodsForm, CREW_FIELDS,
  type CatalogueRow, type ComplianceInput, type ComplianceProblem, type CrewRole, type GoodsDoc,
} from '@dg/core/waybill';
import { type Db, allOnInOrder, execPrepared } from '../../db/index.ts';
import { waybill, waybillGoods, waybillTransition, waybillCrewLock } from '../../db/waybill-schema.ts';
import { resourceTables } from '../../db/schema.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, notFound, ApiError } from '../../platform/errors.ts';
import type { WorkflowStore } from '../../platform/flow.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { STATUS, validateInput } from '@dg/core';
import { findWaybill, camel, type WaybillRow } from './common.ts';
import { counts, moveRollups } from './rollups.ts';

export type Crew = Partial<Record<(typeof CREW_FIELDS)[number], string | null>>;
/** the goods-line fields of the form (waybillGoodsForm), each as its generated column holds it */
const GOODS_FIELDS = Object.keys(waybillGoodsForm.fields) as (keyof typeof waybillGoodsForm.fields)[];
/** a checked goods line: the form's fields and its mass */
export type GoodsLine = GoodsDoc & Partial<Pick<typeof waybillGoods.$inferInsert, (typeof GOODS_FIELDS)[number]>> & { massKg?: number | null };

// ───────── goods lines ─────────

/** validates goods lines (filling catalogue / 常用危险货物 fields from goodsId / cargoId), in order */
export async function normaliseGoods(db: Db, enterpriseId: string, input: unknown): Promise<GoodsLine[]> {
  if (!Array.isArray(input) || input.length === 0) throw badInput('请至少添加一条货物');
  if (input.length > 30) throw badInput('货物不能超过30条');
  const out: GoodsLine[] = [];
  for (const [i, raw] of input.entries()) {
    if (!raw || typeof raw !== 'object') throw badInput(`第${i + 1}条货物格式不正确`);
    const line: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
    const empty = (k: string) => line[k] === undefined || line[k] === null || line[k] === '';
    if (isUuid(line.cargoId)) {
      const c = (await db.execute(sql`select goods_id, un_no, goods_name, goods_class, subsidiary_hazard, packing_group, packing_type, packing_spec,
        unit, density, piece_mass, emergency_measures from wb_cargo where id = ${line.cargoId} and enterprise_id = ${enterpriseId}`)).rows[0];
      if (!c) throw badInput(`第${i + 1}条货物：所选常用危险货物不存在或无权使用`);
      for (const [k, v] of Object.entries(camel(c))) if (empty(k) && v !== null) line[k] = v;
    } else if (!empty('cargoId')) throw badInput(`第${i + 1}条货物：常用危险货物不正确`);
    if (isUuid(line.goodsId)) {
      const g = (await db.execute(sql`select un_no, name_zh as goods_name, goods_class, subsidiary_hazard, packing_group from dangerous_goods where id = ${line.goodsId}`)).rows[0];
      if (!g) throw badInput(`第${i + 1}条货物：所选危险货物不存在`);
      for (const [k, v] of Object.entries(camel(g))) if (empty(k) && v !== null) line[k] = v;
    } else if (!empty('goodsId')) throw badInput(`第${i + 1}条货物：危险货物不正确`);
    // 类别, 次要危险性 and 包装类别 are the catalogue entry's, whatever was typed
    let entry: CatalogueRow | null = null;
    if (typeof line.unNo === 'string' && /^\d{4}$/.test(line.unNo.trim())) {
      const unNo = line.unNo.trim();
      const found = catalogueEntryOf({ unNo, goodsId: isUuid(line.goodsId) ? line.goodsId : null, goodsName: String(line.goodsName ?? ''),
        goodsClass: empty('goodsClass') ? null : String(line.goodsClass), packingGroup: empty('packingGroup') ? null : String(line.packingGroup) }, await catalogueRows(db, unNo));
      if ('error' in found) throw badInput(`第${i + 1}条货物：${found.error}`);
      entry = found.entry;
      Object.assign(line, { goodsId: entry.id, goodsClass: entry.goodsClass, subsidiaryHazard: entry.subsidiaryHazard, packingGroup: entry.packingGroup });
      if (empty('goodsName')) line.goodsName = entry.nameZh;
    }
    const { values, errors } = validateInput(waybillGoodsForm, line, 'add');
    if (errors.length) throw badInput(`第${i + 1}条货物：${errors[0]!.message}`);
    const g = values as unknown as GoodsLine;
    Object.assign(g, { toxic: !!entry?.toxic, waste: !!entry?.waste });
    if (!(Number(g.quantity) > 0)) throw badInput(`第${i + 1}条货物：数量必须大于0`);
    g.massKg = goodsMassKg(g);
    out.push(g);
  }
  return out;
}

/** the catalogue's entries of one UN number */
async function catalogueRows(db: Db, unNo: string): Promise<CatalogueRow[]> {
  const r = await execPrepared<CatalogueRow & Record<string, unknown>>(db, sql`select id, un_no as "unNo", name_zh as "nameZh", goods_class as "goodsClass", subsidiary_hazard as "subsidiaryHazard",
    packing_group as "packingGroup", toxic, waste from dangerous_goods where un_no = ${unNo} order by name_zh, packing_group`, 'generic');
  return r.rows;
}

export function goodsDerived(goods: GoodsLine[]) {
  const masses = goods.map((g) => goodsMassKg(g));
  const total = masses.some((m) => m === null) ? null : masses.reduce<number>((s, m) => s + (m ?? 0), 0);
  const first = goods[0]!;
  return {
    goodsClasses: [...new Set(goods.map((g) => mainClass(g.goodsClass)))].sort(),
    goodsSummary: (goodsLineText(first) + (goods.length > 1 ? ` 等${goods.length}种` : '')).slice(0, 300),
    totalMassKg: total === null ? null : Math.round(total * 100) / 100,
  };
}

export async function writeGoods(tx: Db, wb: { id: string; createdAt: Date }, goods: GoodsLine[]) {
  await tx.delete(waybillGoods).where(and(eq(waybillGoods.waybillId, wb.id), eq(waybillGoods.waybillCreatedAt, wb.createdAt)));
  await tx.insert(waybillGoods).values(goods.map((g, i) => ({
    waybillId: wb.id, waybillCreatedAt: wb.createdAt, lineNo: i + 1,
    ...Object.fromEntries(GOODS_FIELDS.map((k) => [k, g[k] ?? null])),
    unNo: g.unNo, goodsName: g.goodsName, goodsClass: g.goodsClass, quantity: Number(g.quantity), unit: g.unit, massKg: g.massKg ?? null,
  })));
}

/** a waybill's goods lines, with the 剧毒 / 危险废物 nature of their catalogue entries (the scope rule reads them) */
export async function goodsOf(db: Db, wb: { id: string; createdAt: Date }) {
  const dg = resourceTables.dangerousGoods as unknown as { id: AnyPgColumn; toxic: AnyPgColumn; waste: AnyPgColumn } & PgTable;
  return db.select({ ...getTableColumns(waybillGoods), toxic: sql<boolean | null>`${dg.toxic}`, waste: sql<boolean | null>`${dg.waste}` })
    .from(waybillGoods).leftJoin(dg, eq(dg.id, waybillGoods.goodsId))
    .where(and(eq(waybillGoods.waybillId, wb.id), eq(waybillGoods.waybillCreatedAt, wb.createdAt))).orderBy(waybillGoods.lineNo);
}

// ───────── crew documents and the dispatch rules ─────────

export interface CrewDocs {
  enterprise: { name: string; phone: string | null; licence_no: string | null; business_scope: string[] | null; scope_un_nos: string | null; region_code: string };
  vehicle: any; trailer: any; tank: any; tankContainer: any; driver: any; escort: any;
}

/** the records of a crew, each by primary key within the enterprise; an id of another enterprise is refused */
export async function loadCrew(db: Db, enterpriseId: string, crew: Crew): Promise<CrewDocs> {
  const one = async (table: string, id: string | null | undefined, label: string) => {
    if (!id) return null;
    if (!isUuid(id)) throw badInput(`${label}：请选择有效的${label}`);
    const r = (await execPrepared(db, sql`select * from ${sql.identifier(table)} where id = ${id} and enterprise_id = ${enterpriseId}`, 'generic')).rows[0];
    if (!r) throw badInput(`${label}：所选${label}不存在或无权使用`);
    return camel(r);
  };
  // the seven reads at once (in turn inside a transaction); a refusal names the first field in the form's order
  const [ent, vehicle, trailer, tank, tankContainer, driver, escort] = await allOnInOrder<any>(db, [
    async () => {
      const ent = (await execPrepared<CrewDocs['enterprise']>(db, sql`select name, phone, licence_no, business_scope, scope_un_nos, region_code from enterprise where id = ${enterpriseId}`, 'generic')).rows[0];
      if (!ent) throw notFound();
      return ent;
    },
    () => one('vehicle', crew.vehicleId, '车辆'),
    () => one('vehicle', crew.trailerId, '挂车'),
    () => one('tank', crew.tankId, '罐体'),
    () => one('tank_container', crew.tankContainerId, '罐箱'),
    () => one('staff', crew.driverId, '驾驶员'),
    () => one('staff', crew.escortId, '押运员'),
  ]);
  const docs: CrewDocs = { enterprise: ent, vehicle, trailer, tank, tankContainer, driver, escort };
  if (crew.vehicleId && crew.vehicleId === crew.trailerId) throw badInput('挂车不能与车辆相同');
  if (crew.tankId && crew.tankContainerId) throw badInput('罐体和罐箱只能选择一个');
  if (crew.driverId && crew.driverId === crew.escortId) throw badInput('驾驶员与押运员不能为同一人');
  return docs;
}

const CREW_ROLE_OF: Record<string, CrewRole> = { vehicleId: 'vehicle', trailerId: 'trailer', tankId: 'tank', tankContainerId: 'tank', driverId: 'driver', escortId: 'escort' };

/** crew members held by another waybill in 待检查 … 运输中 (crew locks: primary-key lookups) */
export async function busyOf(db: Db, crew: Crew, docs: CrewDocs, selfId: string | null) {
  const ids = CREW_FIELDS.map((f) => crew[f]).filter((x): x is string => !!x);
  if (!ids.length) return [];
  // prepared on a generic plan: joined to the partitioned waybill table, it took ~4 ms to plan on each call
  const r = await execPrepared<{ resource_id: string; waybill_no: string | null; state: string }>(db, sql`
    select l.resource_id, w.waybill_no, w.state from waybill_crew_lock l
    join waybill w on w.id = l.waybill_id and w.created_at = l.waybill_created_at
    where l.resource_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) ${selfId ? sql`and l.waybill_id <> ${selfId}` : sql``}`, 'generic');
  const order = (id: string) => CREW_FIELDS.findIndex((f) => crew[f] === id);
  return r.rows.sort((a, b) => order(a.resource_id) - order(b.resource_id)).map((b) => {
    const field = CREW_FIELDS.find((f) => crew[f] === b.resource_id)!;
    const label = field === 'vehicleId' ? docs.vehicle.plateNo : field === 'trailerId' ? docs.trailer.plateNo : field === 'tankId' ? docs.tank.tankNo
      : field === 'tankContainerId' ? docs.tankContainer.containerNo : field === 'driverId' ? docs.driver.name : docs.escort.name;
    return { role: CREW_ROLE_OF[field]!, label: String(label), waybillNo: b.waybill_no, state: b.state };
  });
}

export function complianceInput(docs: CrewDocs, goods: GoodsDoc[], busy: ComplianceInput['busy'], today = chinaToday()): ComplianceInput {
  const v = (x: any) => x && {
    plateNo: x.plateNo, approvedLoad: x.approvedLoad, transportCertExpiry: x.transportCertExpiry, annualReviewExpiry: x.annualReviewExpiry, inspectionExpiry: x.inspectionExpiry,
    compulsoryInsuranceExpiry: x.compulsoryInsuranceExpiry, carrierInsuranceExpiry: x.carrierInsuranceExpiry, status: x.status,
  };
  const tank = docs.tank ? { tankNo: docs.tank.tankNo, suitableMedia: docs.tank.suitableMedia, inspectionExpiry: docs.tank.inspectionExpiry, status: docs.tank.status, kind: '罐体' as const }
    : docs.tankContainer ? { tankNo: docs.tankContainer.containerNo, suitableMedia: docs.tankContainer.suitableMedia, inspectionExpiry: docs.tankContainer.inspectionExpiry, kind: '罐箱' as const } : null;
  const s = (x: any) => x && { name: x.name, qualificationNo: x.qualificationNo, qualificationTypes: x.qualificationTypes, qualificationExpiry: x.qualificationExpiry,
    drivingLicenceExpiry: x.drivingLicenceExpiry, status: x.status };
  return {
    today, businessScope: docs.enterprise.business_scope ?? [], scopeUnNos: docs.enterprise.scope_un_nos, vehicle: v(docs.vehicle), trailer: v(docs.trailer), tank,
    driver: s(docs.driver), escort: s(docs.escort), goods, busy,
  };
}

/** a refused write whose findings are kept as 异常运单 after the transaction rolled back */
export class ComplianceRefusal extends ApiError {
  constructor(public findings: ComplianceProblem[], public wb: WaybillRow, prefix = '') {
    const lines = findings.map((f) => f.message);
    super(STATUS.BAD_INPUT, prefix + lines.join('；'), 200, { problems: lines });
  }
}

/** the snapshot columns of a crew on the waybill (what the printed 运单 shows) */
export function crewColumns(crew: Crew, docs: CrewDocs) {
  return {
    vehicleId: crew.vehicleId ?? null, plateNo: docs.vehicle?.plateNo ?? null, plateColor: docs.vehicle?.plateColor ?? null, vehicleCertNo: docs.vehicle?.transportCertNo ?? null,
    trailerId: crew.trailerId ?? null, trailerPlateNo: docs.trailer?.plateNo ?? null, trailerCertNo: docs.trailer?.transportCertNo ?? null,
    tankId: crew.tankId ?? null, tankContainerId: crew.tankContainerId ?? null,
    tankNo: docs.tank?.tankNo ?? docs.tankContainer?.containerNo ?? null, tankVolume: docs.tank?.volume ?? docs.tankContainer?.volume ?? null,
    driverId: crew.driverId ?? null, driverName: docs.driver?.name ?? null, driverQualificationNo: docs.driver?.qualificationNo ?? null, driverPhone: docs.driver?.mobile ?? null,
    escortId: crew.escortId ?? null, escortName: docs.escort?.name ?? null, escortQualificationNo: docs.escort?.qualificationNo ?? null, escortPhone: docs.escort?.mobile ?? null,
  };
}
export const crewOf = (wb: WaybillRow): Crew => Object.fromEntries(CREW_FIELDS.map((f) => [f, wb[f] ?? null])) as Crew;

/** takes the crew locks of a waybill; a member another waybill took meanwhile → the same line as the rule */
export async function lockCrew(tx: Db, wb: WaybillRow, crew: Crew, docs: CrewDocs) {
  const rows = CREW_FIELDS.filter((f) => crew[f]).map((f) => ({
    resourceId: crew[f]!, role: CREW_ROLE_OF[f]!, waybillId: wb.id, waybillCreatedAt: wb.createdAt, enterpriseId: wb.enterpriseId,
  }));
  if (!rows.length) return;
  const got = await tx.insert(waybillCrewLock).values(rows).onConflictDoNothing().returning({ id: waybillCrewLock.resourceId });
  if (got.length < rows.length) {
    // held by this waybill already (a crew change) is fine; anything else is busy
    const busy = (await busyOf(tx, crew, docs, wb.id));
    if (busy.length) throw new ComplianceRefusal(busy.map((b) => ({ kind: 'busy' as const, message: busyLine(b) })), wb);
  }
}
export async function releaseCrew(tx: Db, wb: { id: string }) {
  await tx.delete(waybillCrewLock).where(eq(waybillCrewLock.waybillId, wb.id));
}

// ───────── rollups ─────────

/**
 * waybill_state_count and waybill_region_state_count: −1 on `from`, +1 on `to`, rows locked in one order (no deadlock
 * between opposite moves)
 */
export async function bumpState(tx: Db, wb: { enterpriseId: string; carrierRegion: string }, from: string | null, to: string | null) {
  if (from === to) return;
  const parts: [string, number][] = [];
  if (from) parts.push([from, -1]);
  if (to) parts.push([to, 1]);
  parts.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (const [table, key, value] of [['waybill_state_count', 'enterprise_id', wb.enterpriseId], ['waybill_region_state_count', 'carrier_region', wb.carrierRegion]] as const) {
    await tx.execute(sql`insert into ${sql.identifier(table)} (${sql.identifier(key)}, state, n) values
      ${sql.join(parts.map(([s, n]) => sql`(${value}, ${s}, ${n})`), sql`, `)}
      on conflict (${sql.identifier(key)}, state) do update set n = ${sql.identifier(table)}.n + excluded.n`);
  }
}

// ───────── the waybill's rows and timeline, as the workflow engine writes them ─────────

/** the goods a counted waybill had when its step began (the rollups move from them), by the row the store found */
const goodsBefore = new WeakMap<Row, Awaited<ReturnType<typeof goodsOf>>>();
/** rows whose step rewrote their goods (a 变更): the rollups read the new lines */
const goodsRewritten = new WeakSet<Row>();
export const markGoodsRewritten = (before: WaybillRow) => { goodsRewritten.add(before as unknown as Row); };

/** one row of the waybill's timeline (waybill_transition, partitioned with the waybill): the one way it is written */
export async function recordTransition(tx: Db, user: Pick<SessionUser, 'id' | 'name'>, wb: { id: string; createdAt: Date },
  e: { action: string; from: string | null; to: string; note?: string | null; data?: unknown }) {
  await tx.insert(waybillTransition).values({
    waybillId: wb.id, waybillCreatedAt: wb.createdAt, action: e.action, fromState: e.from, toState: e.to,
    userId: user.id, userName: user.name.slice(0, 20), note: e.note ?? null, data: e.data ?? null,
  });
}

/**
 * The waybill's store for the workflow engine: the row found by its partition key in the caller's scope and locked
 * (the rollups are moved in the same transaction), written with its state counts and statistics rollups, and its
 * timeline row in waybill_transition under the step's name (or the outcome its hook names: checkPass, crewChange).
 */
export const waybillStore: WorkflowStore = {
  async find(tx, user, id) {
    const wb = await findWaybill(tx, user, id, true);
    if (!wb) return null;
    // what the waybill counted before the step (goods read now: the step may rewrite them)
    if (counts(wb)) goodsBefore.set(wb as unknown as Row, await goodsOf(tx, wb));
    return wb as unknown as Row;
  },
  async write(tx, user, before, set, to) {
    const wb = before as unknown as WaybillRow;
    const res = await tx.update(waybill).set({ ...(set as Partial<typeof waybill.$inferInsert>), state: to, version: sql`${waybill.version} + 1`, updatedAt: new Date(), updatedBy: user.id })
      .where(and(eq(waybill.id, wb.id), eq(waybill.createdAt, wb.createdAt), eq(waybill.version, wb.version))).returning();
    if (!res.length) return null;
    await bumpState(tx, wb, wb.state, to);
    const prior = goodsBefore.get(before);
    const after = counts(res[0]!) ? { w: res[0]!, goods: prior && !goodsRewritten.has(before) ? prior : await goodsOf(tx, wb) } : null;
    await moveRollups(tx, prior ? { w: wb, goods: prior } : null, after);
    return res[0]! as unknown as Row;
  },
  timeline: (tx, user, before, e) => recordTransition(tx, user, before as unknown as WaybillRow, { action: e.outcome ?? e.step, from: e.from, to: e.to, note: e.opinion, data: e.data }),
};
