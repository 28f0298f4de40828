/**
 * 调度派车's pickers: the candidates of one crew slot (车辆, 挂车, 罐体, 罐箱, 驾驶员, 押运员) or the enterprise's
 * 车辆人员绑定, each with what the dispatch rules (core's complianceFindings, the check the 调度 step runs) would
 * say of it for this waybill's goods beside the crew already picked. One page is read and judged at once: its rows in
 * one query, the crew locks of all of them in another, then the rules in memory. 可调度 rows come first on the page.
 *
 * A candidate's reasons are the problems it adds: the rules are run on the crew with it and without it, and what is
 * new is its own (its documents, 超载 when it carries the load, 适装介质, 在运输中). Problems of the waybill itself
 * (经营范围) are the 运单填报 warning's (capacityOf), not any candidate's.
 */
import { sql, type SQL } from 'drizzle-orm';
import { resourceByKey } from '@dg/core';
import { filterCondition, tableOf } from '../../platform/crud/query.ts';
import { complianceFindings, mediaCovers, scopeGaps, goodsMassKg, type ComplianceProblem, type BusyDoc, type CrewRole, type GoodsDoc, type ProblemKind } from '@dg/core/waybill';
import { execPrepared, uuidArray, type Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/schemas.ts';
import { camel, findWaybill } from './common.ts';
import { complianceInput, goodsOf, loadCrew, normaliseGoods, type Crew, type CrewDocs } from './service.ts';
import { goodsDocs } from './workflow.ts';

export const CANDIDATE_ROLES = ['vehicle', 'trailer', 'tank', 'tankContainer', 'driver', 'escort', 'bind'] as const;
export type CandidateRole = (typeof CANDIDATE_ROLES)[number];
type Slot = Exclude<CandidateRole, 'bind'>;

/** the crew field a slot fills, and where its record sits in CrewDocs */
const SLOT: Record<Slot, { field: keyof Crew; doc: keyof Omit<CrewDocs, 'enterprise'>; role: CrewRole; label: string }> = {
  vehicle: { field: 'vehicleId', doc: 'vehicle', role: 'vehicle', label: '车辆' },
  trailer: { field: 'trailerId', doc: 'trailer', role: 'trailer', label: '挂车' },
  tank: { field: 'tankId', doc: 'tank', role: 'tank', label: '罐体' },
  tankContainer: { field: 'tankContainerId', doc: 'tankContainer', role: 'tank', label: '罐箱' },
  driver: { field: 'driverId', doc: 'driver', role: 'driver', label: '驾驶员' },
  escort: { field: 'escortId', doc: 'escort', role: 'escort', label: '押运员' },
};
const TRAILER_TYPES = ['trailer', 'vanTrailer'];

/** the short state a picker shows beside a name, by the kind of the first problem */
const SHORT: Record<ProblemKind, string> = {
  busy: '运输中', certExpired: '证件过期', qualification: '从业资格不符', status: '状态不符', media: '罐体介质不符', scope: '经营范围不符',
  overload: '超载', massUnknown: '载质量未核定', missing: '缺少人员车辆', noEscort: '缺少押运员',
};
export const ELIGIBLE = '可调度';

export interface Candidate { id: string; label: string; detail: string | null; state: string; eligible: boolean; problems: string[] }
export interface CandidateQuery { waybillId: string; role: CandidateRole; q?: string | null; page?: number; size?: number; crew?: Crew | null }

/** the resource and searched field of each picker */
const SEARCH: Record<CandidateRole, [string, string]> = {
  vehicle: ['vehicle', 'plateNo'], trailer: ['vehicle', 'plateNo'], tank: ['tank', 'tankNo'], tankContainer: ['tankContainer', 'containerNo'],
  driver: ['staff', 'name'], escort: ['staff', 'name'], bind: ['bind', 'name'],
};
/**
 * one page of rows of a picker within the enterprise, newest first on each table's (enterprise_id, created_at, id)
 * index; a search is the lists' own 'contains' condition (filterCondition: the trigram or character index of a plate
 * or a name)
 */
export function pageQuery(role: CandidateRole, enterpriseId: string, q: string, size: number, offset: number): SQL {
  const [key, field] = SEARCH[role];
  const def = resourceByKey(key)!;
  const t = tableOf(def);
  const conds: SQL[] = [sql`enterprise_id = ${enterpriseId}`];
  if (q) conds.push(filterCondition(def, field, { ...def.fields[field]!, search: 'like' }, q, t)!);
  if (role === 'vehicle' || role === 'trailer') {
    conds.push(sql`coalesce(vehicle_type, '') ${role === 'trailer' ? sql`in` : sql`not in`} (${sql.join(TRAILER_TYPES.map((x) => sql`${x}`), sql`, `)})`);
  }
  // 离职 staff are not offered
  if (role === 'driver' || role === 'escort') conds.push(sql`status is distinct from '离职'`);
  return sql`select * from ${t} where ${sql.join(conds, sql` and `)} order by created_at desc, id desc limit ${size + 1} offset ${offset}`;
}

const labelOf = (slot: Slot, r: any): string =>
  String(slot === 'vehicle' || slot === 'trailer' ? r.plateNo : slot === 'tank' ? r.tankNo : slot === 'tankContainer' ? r.containerNo : r.name);
const detailOf = (slot: Slot, r: any): string | null => {
  if (slot === 'vehicle' || slot === 'trailer') return r.approvedLoad ? `核定载质量${r.approvedLoad}千克` : null;
  if (slot === 'tank' || slot === 'tankContainer') return r.suitableMedia?.length ? `适装${(r.suitableMedia as string[]).join('、')}` : null;
  return r.mobile ?? null;
};

/** the crew locks held on `ids` by other waybills */
async function locksOf(db: Db, ids: string[], selfId: string) {
  if (!ids.length) return new Map<string, { waybillNo: string | null; state: string }>();
  const r = await execPrepared<{ resource_id: string; waybill_no: string | null; state: string }>(db, sql`
    select l.resource_id, w.waybill_no, w.state from waybill_crew_lock l join waybill w on w.id = l.waybill_id and w.created_at = l.waybill_created_at
    where l.resource_id = any(${uuidArray(ids)}) and l.waybill_id <> ${selfId}`, 'generic');
  return new Map(r.rows.map((x) => [x.resource_id, { waybillNo: x.waybill_no, state: x.state }]));
}

/** what the dispatch rules say of a crew beyond the parts the picker does not judge (the waybill's own scope, slots left empty) */
const own = (f: ComplianceProblem) => f.kind !== 'missing' && f.kind !== 'noEscort' && f.kind !== 'scope' && !(f.kind === 'massUnknown' && f.message.startsWith('货物'));

/** the candidates of one slot or the bindings, one page, judged together */
export async function listCandidates(db: Db, user: SessionUser, body: CandidateQuery) {
  const wb = await findWaybill(db, user, body.waybillId);
  if (!wb) throw notFound();
  if (!CANDIDATE_ROLES.includes(body.role)) throw badInput('候选类型不正确');
  const size = Math.min(Math.max(Number(body.size) || 20, 1), 100);
  const page = Math.max(Number(body.page) || 1, 1);
  const q = String(body.q ?? '').trim().slice(0, 50);
  // the goods and the page at once (on the pool: each on its own connection)
  const [goodsRows, rowsRes] = await Promise.all([
    goodsOf(db, wb), execPrepared(db, pageQuery(body.role, wb.enterpriseId, q, size, (page - 1) * size), q ? 'per call' : 'generic'),
  ]);
  const goods: GoodsDoc[] = goodsDocs(goodsRows);
  const rows = rowsRes.rows.slice(0, size).map((r) => camel(r));
  const more = rowsRes.rows.length > size;

  let content: Candidate[];
  if (body.role === 'bind') content = await judgeBinds(db, wb.enterpriseId, wb.id, goods, rows);
  else {
    const slot = SLOT[body.role];
    // the crew already picked in the other slots (ids of another enterprise are refused by loadCrew)
    const picked: Crew = {};
    for (const s of Object.values(SLOT)) {
      const v = body.crew?.[s.field];
      if (v && s.field !== slot.field && isUuid(v)) picked[s.field] = v;
    }
    // one tank or one tank container
    if (body.role === 'tank') picked.tankContainerId = null;
    if (body.role === 'tankContainer') picked.tankId = null;
    const [ctx, locks] = await Promise.all([loadCrew(db, wb.enterpriseId, picked), locksOf(db, rows.map((r) => String(r.id)), wb.id)]);
    const without = new Set(complianceFindings(complianceInput(ctx, goods, [])).map((f) => f.message));
    const taken = Object.entries(SLOT).filter(([, s]) => s.field !== slot.field && picked[s.field]).map(([, s]) => [picked[s.field], s.label] as const);
    content = rows.map((r) => {
      const id = String(r.id);
      const label = labelOf(body.role as Slot, r);
      const lock = locks.get(id);
      const busy: BusyDoc[] = lock ? [{ role: slot.role, label, waybillNo: lock.waybillNo, state: lock.state }] : [];
      const docs = { ...ctx, [slot.doc]: r } as CrewDocs;
      const problems = complianceFindings(complianceInput(docs, goods, busy)).filter((f) => own(f) && !without.has(f.message));
      const other = taken.find(([tid]) => tid === id);
      if (other) problems.unshift({ kind: 'status', message: `已选为${other[1]}` });
      return verdict(id, label, detailOf(body.role as Slot, r), problems);
    });
  }
  // 可调度 first; otherwise the page's order stays
  content = [...content.filter((c) => c.eligible), ...content.filter((c) => !c.eligible)];
  return { content, page, size, more };
}

function verdict(id: string, label: string, detail: string | null, problems: ComplianceProblem[]): Candidate {
  return { id, label, detail, eligible: problems.length === 0, state: problems.length ? (problems[0]!.kind === 'status' && problems[0]!.message.endsWith('已离职') ? '已离职' : SHORT[problems[0]!.kind]) : ELIGIBLE, problems: problems.map((p) => p.message) };
}

/** each binding's whole crew under the rules: its members read in one query per table, the locks in one */
async function judgeBinds(db: Db, enterpriseId: string, selfId: string, goods: GoodsDoc[], binds: any[]): Promise<Candidate[]> {
  const ids = (k: string) => [...new Set(binds.map((b) => b[k]).filter((x): x is string => !!x))];
  const read = async (table: string, list: string[]) => {
    if (!list.length) return new Map<string, any>();
    const r = await execPrepared(db, sql`select * from ${sql.identifier(table)} where enterprise_id = ${enterpriseId} and id = any(${uuidArray(list)})`, 'generic');
    return new Map(r.rows.map((x) => { const c = camel(x); return [String(c.id), c]; }));
  };
  const vehicleIds = [...new Set([...ids('vehicleId'), ...ids('trailerId')])];
  const staffIds = [...new Set([...ids('driverId'), ...ids('escortId')])];
  const [ent, vehicles, tanks, containers, staff] = await Promise.all([
    execPrepared<CrewDocs['enterprise']>(db, sql`select name, phone, licence_no, business_scope, scope_un_nos, region_code from enterprise where id = ${enterpriseId}`, 'generic').then((r) => r.rows[0]!),
    read('vehicle', vehicleIds), read('tank', ids('tankId')), read('tank_container', ids('tankContainerId')), read('staff', staffIds),
  ]);
  const all = [...vehicleIds, ...ids('tankId'), ...ids('tankContainerId'), ...staffIds];
  const locks = await locksOf(db, all, selfId);
  return binds.map((b) => {
    const docs: CrewDocs = {
      enterprise: ent, vehicle: vehicles.get(b.vehicleId) ?? null, trailer: b.trailerId ? vehicles.get(b.trailerId) ?? null : null,
      tank: b.tankId ? tanks.get(b.tankId) ?? null : null, tankContainer: b.tankContainerId ? containers.get(b.tankContainerId) ?? null : null,
      driver: staff.get(b.driverId) ?? null, escort: b.escortId ? staff.get(b.escortId) ?? null : null,
    };
    const busy: BusyDoc[] = [];
    const members: [string | null, CrewRole, string | undefined][] = [
      [b.vehicleId, 'vehicle', docs.vehicle?.plateNo], [b.trailerId, 'trailer', docs.trailer?.plateNo], [b.tankId ?? b.tankContainerId, 'tank', docs.tank?.tankNo ?? docs.tankContainer?.containerNo],
      [b.driverId, 'driver', docs.driver?.name], [b.escortId, 'escort', docs.escort?.name],
    ];
    for (const [mid, role, label] of members) {
      const l = mid ? locks.get(mid) : undefined;
      if (l) busy.push({ role, label: String(label ?? ''), waybillNo: l.waybillNo, state: l.state });
    }
    // a binding is judged whole: a missing escort or the waybill's scope is as much its problem as an expired licence
    const problems = complianceFindings(complianceInput(docs, goods, busy)).filter((f) => f.kind !== 'scope');
    const crew = [docs.vehicle?.plateNo, docs.trailer?.plateNo, docs.driver?.name, docs.escort?.name].filter(Boolean).join(' / ');
    return verdict(String(b.id), String(b.name), crew || null, problems);
  });
}

/**
 * 运单填报's warning: whether any vehicle of the enterprise can carry the goods (核定载质量 against the total mass),
 * any of its tanks or tank containers takes each goods line (适装介质), and its 经营范围 covers them — the dispatch
 * rules' own checks (scopeGaps, mediaCovers, goodsMassKg), before the waybill is submitted. Goods that cannot be read
 * yet (a line half typed) answer no warning: the form's own checks name them on save.
 */
export async function capacityOf(db: Db, user: SessionUser, body: { goods?: unknown }) {
  if (user.side !== 'enterprise' || !user.enterpriseId) return { warnings: [] as string[] };
  let goods: GoodsDoc[];
  try { goods = goodsDocs(await normaliseGoods(db, user.enterpriseId, body.goods)); } catch { return { warnings: [] as string[] }; }
  const [ent, cap, media] = await Promise.all([
    execPrepared<{ business_scope: string[] | null; scope_un_nos: string | null }>(db, sql`select business_scope, scope_un_nos from enterprise where id = ${user.enterpriseId}`, 'generic').then((r) => r.rows[0]),
    execPrepared<{ max: number | null }>(db, sql`select max(approved_load)::int as max from vehicle where enterprise_id = ${user.enterpriseId} and status = '营运'`, 'generic').then((r) => r.rows[0]?.max ?? null),
    execPrepared<{ m: string }>(db, sql`select distinct m from (select unnest(suitable_media) as m from tank where enterprise_id = ${user.enterpriseId} and status = '在用'
      union all select unnest(suitable_media) from tank_container where enterprise_id = ${user.enterpriseId}) x`, 'generic').then((r) => r.rows.map((x) => x.m)),
  ]);
  const warnings: string[] = [];
  const masses = goods.map((g) => goodsMassKg(g));
  if (masses.every((m) => m !== null)) {
    const total = Math.round(masses.reduce<number>((s, m) => s + m!, 0) * 100) / 100;
    if (cap === null) warnings.push('本企业没有营运状态的车辆，无法调度');
    else if (total > cap) warnings.push(`本企业没有能装载该运单的车辆：货物总质量${total}千克，营运车辆最大核定载质量${cap}千克`);
  }
  for (const g of goods) if (!mediaCovers(media, g)) warnings.push(`本企业没有适装货物UN${g.unNo}${g.goodsName}的罐体或罐箱（罐式运输时无法调度）`);
  for (const line of new Set(goods.flatMap((g) => scopeGaps(ent?.business_scope ?? [], ent?.scope_un_nos, g)))) warnings.push(`超出本企业经营范围：${line}`);
  return { warnings };
}
