/**
 * 信息看板 基础查询: one box — a plate, an ID number, an enterprise's name or credit code, a waybill
 * number — finds the records it names in the user's jurisdiction; each opens one card with the record and what is
 * linked to it: documents with their expiry, waybills, hazards, open warnings and abnormal findings.
 */
import { sql, type SQL } from 'drizzle-orm';
import { resourceByKey, type CardType, type Served, type boardAnswers } from '@dg/core';
import { ENTERPRISE_WARNINGS, addDays, chinaToday, type WarningSource } from '@dg/core/warnings';
import { HAZARD_OPEN_STATES, isHazardOverdue } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { enterpriseScope, regionScope, type SessionUser } from '../../platform/access.ts';
import { findRow, presentOne } from '../../platform/crud/query.ts';
import { regionName } from '../../platform/regions.ts';
import { waybillScope } from '../waybill/common.ts';
import { listWarnings, loadWindows, windowOf, type WarningWindows } from '../warnings/query.ts';
import { pagingOf } from '../../platform/paged.ts';

type Match = Served<typeof boardAnswers.lookup>[number];
type Card = Served<typeof boardAnswers.card>;
type DocumentItem = Card['documents'][number];

const TYPE_TITLES: Record<CardType, string> = { enterprise: '企业', vehicle: '车辆', staff: '从业人员', waybill: '运单' };
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
const MAX = 10;

/** what the text could be, searched at once; exact hits first */
export async function lookup(db: Db, user: SessionUser, raw: string): Promise<Match[]> {
  const q = raw.trim().replace(/\s+/g, '');
  if (!q) return [];
  const upper = q.toUpperCase();
  const searches: Promise<Match[]>[] = [];
  const run = (type: CardType, query: SQL) => searches.push(db.execute<{ id: string; title: string; subtitle: string | null }>(query)
    .then((r) => r.rows.map((x) => ({ type, id: x.id, title: x.title, subtitle: x.subtitle ?? '' }))));

  if (/^\d{8,24}$/.test(q)) {
    run('waybill', sql`select w.id, w.waybill_no as title, concat_ws(' · ', w.plate_no, w.state, e.name) as subtitle from waybill w left join enterprise e on e.id = w.enterprise_id
      where w.waybill_no = ${q} and w.deleted_at is null and ${waybillScope(user, sql`w.enterprise_id`, sql`w.carrier_region`)} limit ${MAX}`);
  }
  if (/^[\u4e00-\u9fa5][A-Z0-9]/.test(upper) || /^[A-Z]{2}\d/.test(upper)) {
    // a whole plate, or its first characters (the index is varchar_pattern_ops)
    run('vehicle', sql`select v.id, v.plate_no as title, concat_ws(' · ', e.name, v.status) as subtitle from vehicle v left join enterprise e on e.id = v.enterprise_id
      where v.plate_no like ${escapeLike(upper) + '%'} and ${enterpriseScope(user, sql`v.enterprise_id`)} order by v.plate_no <> ${upper}, v.plate_no limit ${MAX}`);
  }
  if (/^\d{17}[\dX]$/.test(upper) || /^\d{15}$/.test(upper)) {
    run('staff', sql`select s.id, s.name as title, concat_ws(' · ', s.post, e.name, s.status) as subtitle from staff s left join enterprise e on e.id = s.enterprise_id
      where s.id_card = ${upper} and ${enterpriseScope(user, sql`s.enterprise_id`)} limit ${MAX}`);
  }
  if (/^[0-9A-Z]{18}$/.test(upper)) {
    run('enterprise', sql`select id, name as title, credit_code as subtitle from enterprise where credit_code = ${upper} and ${regionScope(user, sql`region_code`)} limit ${MAX}`);
  }
  if (/[\u4e00-\u9fa5]/.test(q) && q.length >= 2) {
    run('enterprise', sql`select id, name as title, credit_code as subtitle from enterprise where name like ${'%' + escapeLike(q) + '%'} and ${regionScope(user, sql`region_code`)}
      order by name <> ${q}, length(name), name limit ${MAX}`);
  }
  const seen = new Set<string>();
  return (await Promise.all(searches)).flat().filter((m) => !seen.has(m.type + m.id) && seen.add(m.type + m.id));
}

/** the documents of one record as the warning lists define them (packages/core/src/warnings.ts), expired or not */
function documentsOf(resource: string, row: Record<string, unknown>, windows: WarningWindows, today: string): DocumentItem[] {
  const out: DocumentItem[] = [];
  for (const kind of ENTERPRISE_WARNINGS) {
    for (const src of kind.sources.filter((s: WarningSource) => s.resource === resource)) {
      for (const d of src.dateColumns) {
        const v = row[d.column];
        if (!v) continue;
        const expiry = typeof v === 'string' ? v.slice(0, 10) : new Date(v as Date).toISOString().slice(0, 10);
        const days = Math.round((Date.parse(expiry) - Date.parse(today)) / 86400_000);
        const document = src.docTypeColumn && row[src.docTypeColumn] ? String(row[src.docTypeColumn]) : d.document;
        const status: DocumentItem['status'] = expiry < today ? '已过期' : expiry <= addDays(today, windowOf(windows, kind.windowKey)) ? '即将到期' : '有效';
        out.push({ document, docNo: src.docNoColumn ? ((row[src.docNoColumn] as string | null) ?? null) : null, expiryDate: expiry, status, days });
      }
    }
  }
  return out.sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
}

async function rawRow(db: Db, table: string, id: string) {
  return (await db.execute<Record<string, unknown>>(sql`select * from ${sql.identifier(table)} where id = ${id}`)).rows[0];
}

const WAYBILL_COLUMNS = sql`w.id, w.waybill_no, w.state, w.plate_no, w.goods_summary, w.origin_region, w.dest_region, w.start_date, w.driver_name, w.created_at, e.name as enterprise_name`;
const waybillItem = (w: Record<string, any>) => ({
  id: w.id, waybillNo: w.waybill_no, state: w.state, plateNo: w.plate_no, goodsSummary: w.goods_summary, enterpriseName: w.enterprise_name,
  route: `${regionName(w.origin_region).split('/').pop()} → ${regionName(w.dest_region).split('/').pop()}`, startDate: w.start_date, driverName: w.driver_name, createdAt: w.created_at,
});
async function waybillsWhere(db: Db, user: SessionUser, cond: SQL) {
  const r = await db.execute<Record<string, any>>(sql`select ${WAYBILL_COLUMNS} from waybill w left join enterprise e on e.id = w.enterprise_id
    where ${cond} and w.deleted_at is null and ${waybillScope(user, sql`w.enterprise_id`, sql`w.carrier_region`)} order by w.created_at desc limit ${MAX}`);
  return r.rows.map(waybillItem);
}
async function abnormalWhere(db: Db, cond: SQL) {
  const r = await db.execute<Record<string, any>>(sql`select id, waybill_id, waybill_no, plate_no, rule, detail, status, found_at from abnormal_waybill
    where ${cond} order by status = '已办结', found_at desc limit ${MAX}`);
  return r.rows.map((a) => ({ id: a.id, waybillId: a.waybill_id, waybillNo: a.waybill_no, plateNo: a.plate_no, rule: a.rule, detail: a.detail, status: a.status, foundAt: a.found_at }));
}
async function openHazards(db: Db, enterpriseId: string) {
  const r = await db.execute<Record<string, any>>(sql`select id, hazard_no, title, level, state, deadline, completed_date from hazard
    where enterprise_id = ${enterpriseId} and state in (${sql.join(HAZARD_OPEN_STATES.map((s) => sql`${s}`), sql`, `)}) order by deadline limit ${MAX}`);
  const today = chinaToday();
  return r.rows.map((h) => ({ id: h.id, hazardNo: h.hazard_no, title: h.title, level: h.level, state: h.state, deadline: h.deadline,
    overdue: isHazardOverdue({ state: h.state, deadline: h.deadline, completedDate: h.completed_date }, today) }));
}
async function openWarnings(db: Db, user: SessionUser, windows: WarningWindows, filters: { enterpriseId: string; keyword?: string }) {
  return (await listWarnings(db, { kinds: ENTERPRISE_WARNINGS, user, windows, filters }, pagingOf({ size: MAX }))).content;
}

/** one card: null when the record is not there or outside the user's jurisdiction */
export async function card(db: Db, user: SessionUser, type: CardType, id: string): Promise<Card | null> {
  const today = chinaToday();
  const windows = await loadWindows(db);
  const base = { type, typeTitle: TYPE_TITLES[type] };

  if (type === 'waybill') {
    const r = await db.execute<Record<string, any>>(sql`select w.*, e.name as enterprise_name from waybill w left join enterprise e on e.id = w.enterprise_id
      where w.id = ${id} and w.deleted_at is null and ${waybillScope(user, sql`w.enterprise_id`, sql`w.carrier_region`)}`);
    const w = r.rows[0];
    if (!w) return null;
    const [abnormal, vehicle, driver, escort] = await Promise.all([
      abnormalWhere(db, sql`waybill_id = ${id}`),
      w.vehicle_id ? rawRow(db, 'vehicle', w.vehicle_id) : undefined,
      w.driver_id ? rawRow(db, 'staff', w.driver_id) : undefined,
      w.escort_id ? rawRow(db, 'staff', w.escort_id) : undefined,
    ]);
    const links: Match[] = [
      { type: 'enterprise', id: w.enterprise_id, title: w.enterprise_name ?? '', subtitle: '承运企业' },
      ...(w.vehicle_id ? [{ type: 'vehicle' as const, id: w.vehicle_id, title: w.plate_no ?? '', subtitle: '车辆' }] : []),
      ...(w.driver_id ? [{ type: 'staff' as const, id: w.driver_id, title: w.driver_name ?? '', subtitle: '驾驶员' }] : []),
      ...(w.escort_id ? [{ type: 'staff' as const, id: w.escort_id, title: w.escort_name ?? '', subtitle: '押运员' }] : []),
    ];
    const documents = [
      ...(vehicle ? documentsOf('vehicle', vehicle, windows, today).map((d) => ({ ...d, document: `${w.plate_no} ${d.document}` })) : []),
      ...(driver ? documentsOf('staff', driver, windows, today).map((d) => ({ ...d, document: `驾驶员${w.driver_name} ${d.document}` })) : []),
      ...(escort ? documentsOf('staff', escort, windows, today).map((d) => ({ ...d, document: `押运员${w.escort_name} ${d.document}` })) : []),
    ];
    return {
      ...base, id, title: w.waybill_no ?? '（未下发）', subtitle: `${w.state} · ${w.enterprise_name ?? ''}`,
      waybill: { ...waybillItem(w), escortName: w.escort_name, loadedAt: w.loaded_at, completedAt: w.completed_at, totalMassKg: w.total_mass_kg, overdue: !!w.overdue_at },
      links, documents, abnormal,
    };
  }

  const def = resourceByKey(type)!;
  const row = await findRow(db, def, user, id);
  if (!row) return null;
  const record = await presentOne(db, def, user, row);
  const raw = (await rawRow(db, def.table ?? type, id))!;

  if (type === 'enterprise') {
    const licences = (await db.execute<Record<string, unknown>>(sql`select * from company_licence where enterprise_id = ${id}`)).rows;
    const [counts, waybills, hazards, warnings, abnormal] = await Promise.all([
      db.execute<NonNullable<Card['counts']>>(sql`select
          (select count(*) from vehicle where enterprise_id = ${id} and (status is null or status <> '报废'))::int as vehicles,
          (select count(*) from staff where enterprise_id = ${id} and status = '在职')::int as staff,
          (select coalesce(sum(n), 0) from waybill_state_count where enterprise_id = ${id})::int as waybills,
          (select coalesce(sum(n), 0) from waybill_state_count where enterprise_id = ${id} and state = '运输中')::int as "inTransit"`),
      waybillsWhere(db, user, sql`w.enterprise_id = ${id}`),
      openHazards(db, id),
      openWarnings(db, user, windows, { enterpriseId: id }),
      abnormalWhere(db, sql`enterprise_id = ${id} and status <> '已办结'`),
    ]);
    return {
      ...base, id, title: String(raw.name), subtitle: `${raw.credit_code} · ${regionName(raw.region_code as string)}`, record,
      counts: counts.rows[0]!, documents: [...documentsOf('enterprise', raw, windows, today), ...licences.flatMap((l) => documentsOf('companyLicence', l, windows, today))],
      waybills, hazards, warnings, abnormal,
    };
  }

  const enterpriseLink: Match[] = raw.enterprise_id ? [{ type: 'enterprise', id: raw.enterprise_id as string, title: String(record.enterpriseName ?? ''), subtitle: '所属企业' }] : [];
  if (type === 'vehicle') {
    const tanks = (await db.execute<Record<string, unknown>>(sql`select * from tank where vehicle_id = ${id}`)).rows;
    const [waybills, abnormal] = await Promise.all([
      waybillsWhere(db, user, sql`(w.vehicle_id = ${id} or w.plate_no = ${raw.plate_no as string})`),
      abnormalWhere(db, sql`plate_no = ${raw.plate_no as string}`),
    ]);
    return {
      ...base, id, title: String(raw.plate_no), subtitle: String(record.enterpriseName ?? ''), record, links: enterpriseLink,
      documents: [...documentsOf('vehicle', raw, windows, today), ...tanks.flatMap((t) => documentsOf('tank', t, windows, today).map((d) => ({ ...d, document: `罐体${t.tank_no ?? ''} ${d.document}` })))],
      waybills, abnormal,
    };
  }
  // staff
  const waybills = await waybillsWhere(db, user, sql`(w.driver_id = ${id} or w.escort_id = ${id})`);
  return {
    ...base, id, title: String(raw.name), subtitle: `${raw.post ?? ''} · ${record.enterpriseName ?? ''}`, record, links: enterpriseLink,
    documents: documentsOf('staff', raw, windows, today), waybills,
  };
}
