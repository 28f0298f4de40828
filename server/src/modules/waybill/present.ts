/** What a client sees of a waybill: the list row, and the detail with its goods, timeline and records. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { actionsFor, TIMELINE_LABELS } from '@dg/core/waybill';
import type { Db } from '../../db/index.ts';
import {
  waybillTransition, waybillChange, waybillCheck, waybillSelfInspection, waybillLoading, waybillUnloading, waybillMessage,
} from '../../db/waybill-schema.ts';
import type { SessionUser } from '../../platform/access.ts';
import { regionName } from '../../platform/regions.ts';
import { goodsOf } from './service.ts';
import { camel, type WaybillRow } from './common.ts';

const INTERNAL = new Set(['deletedAt', 'createdBy', 'updatedBy', 'dispatcherId', 'overdueAt', 'carrierRegion']);

/** a list row: everything but the check code (it lets anyone read the public page) and server-only columns */
export function rowOut(wb: WaybillRow, opts: { checkCode?: boolean } = {}) {
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(wb)) if (!INTERNAL.has(k)) o[k] = v;
  if (!opts.checkCode) delete o.checkCode;
  o.originRegionName = regionName(wb.originRegion);
  o.destRegionName = regionName(wb.destRegion);
  o.overdue = !!wb.overdueAt;
  o.enterpriseName = wb.carrierName;
  return o;
}

const byWaybill = (t: { waybillId: any; waybillCreatedAt: any }, wb: WaybillRow) => and(eq(t.waybillId, wb.id), eq(t.waybillCreatedAt, wb.createdAt));

export async function detailOut(db: Db, user: SessionUser, wb: WaybillRow) {
  // one query after another: a detail is a handful of index reads, and a connection each would only add contention
  const goods = await goodsOf(db, wb);
  const timeline = await db.select().from(waybillTransition).where(byWaybill(waybillTransition, wb)).orderBy(asc(waybillTransition.at), asc(waybillTransition.id));
  const changes = await db.select().from(waybillChange).where(byWaybill(waybillChange, wb)).orderBy(desc(waybillChange.at));
  const checks = await db.select().from(waybillCheck).where(byWaybill(waybillCheck, wb)).orderBy(desc(waybillCheck.at));
  const selfInspections = await db.select().from(waybillSelfInspection).where(byWaybill(waybillSelfInspection, wb)).orderBy(desc(waybillSelfInspection.at));
  const loading = await db.select().from(waybillLoading).where(byWaybill(waybillLoading, wb)).orderBy(desc(waybillLoading.loadedAt)).limit(1);
  const unloading = await db.select().from(waybillUnloading).where(byWaybill(waybillUnloading, wb)).orderBy(desc(waybillUnloading.unloadedAt)).limit(1);
  const messages = await db.select().from(waybillMessage).where(byWaybill(waybillMessage, wb)).orderBy(asc(waybillMessage.createdAt));
  const abnormal = await db.execute(sql`select id, rule, detail, source, status, found_at as "foundAt" from abnormal_waybill where waybill_id = ${wb.id} order by found_at desc`);
  const strip = <T extends Record<string, unknown>>(r: T) => { const { waybillId: _a, waybillCreatedAt: _b, ...rest } = r as any; void _a; void _b; return rest; };
  return {
    ...rowOut(wb, { checkCode: user.side === 'enterprise' || user.side === 'platform' }),
    goods: goods.map(strip),
    timeline: timeline.map((t) => ({ ...strip(t), actionLabel: TIMELINE_LABELS[t.action] ?? t.action })),
    changes: changes.map(strip),
    checks: checks.map(strip),
    selfInspections: selfInspections.map(strip),
    loading: loading[0] ? strip(loading[0]) : null,
    unloading: unloading[0] ? strip(unloading[0]) : null,
    messages: messages.map(strip),
    abnormal: abnormal.rows.map((r) => camel(r)),
    actions: user.side === 'enterprise' ? actionsFor(wb.state, (code) => user.elements.has(code)) : [],
  };
}
