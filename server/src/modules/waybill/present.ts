/** What a client sees of a waybill: the list row, and the detail with its goods, timeline and records. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { allowedSteps, waybillAnswers, type Served } from '@dg/core';
import { timelineLabel, waybillForm, type WaybillListField, type WaybillState } from '@dg/core/waybill';
import { draftRefusal } from './workflow.ts';
import type { Db } from '../../db/index.ts';
import {
  waybillTransition, waybillChange, waybillCheck, waybillSelfInspection, waybillLoading, waybillUnloading, waybillMessage,
} from '../../db/waybill-schema.ts';
import type { SessionUser } from '../../platform/access.ts';
import { regionName } from '../../platform/regions.ts';
import { goodsOf } from './service.ts';
import type { WaybillRow } from './common.ts';

type Answer<K extends keyof typeof waybillAnswers> = Served<(typeof waybillAnswers)[K]>;

/** the derived fields of a waybill's answer: its state as a state, the regions' names, 在途超时 */
const derived = (wb: Pick<WaybillRow, 'state' | 'originRegion' | 'destRegion' | 'overdueAt'>) => ({
  state: wb.state as WaybillState, originRegionName: regionName(wb.originRegion), destRegionName: regionName(wb.destRegion), overdue: !!wb.overdueAt,
});

/**
 * a waybill: every column but the check code (it lets anyone read the public page) and the server's own (deletion,
 * who wrote it, the dispatcher's id, the sweep's time, the carrier's region)
 */
export function rowOut(wb: WaybillRow): Answer<'waybill'> {
  const { deletedAt: _d, createdBy: _c, updatedBy: _u, dispatcherId: _i, overdueAt: _o, carrierRegion: _r, checkCode: _k, ...rest } = wb;
  return { ...rest, ...derived(wb) };
}

/** a list row: the columns the list read (WAYBILL_LIST_FIELDS) */
export function listRowOut(wb: Pick<WaybillRow, WaybillListField>): Served<typeof waybillAnswers.list>['content'][number] {
  const { overdueAt: _o, ...rest } = wb;
  return { ...rest, ...derived(wb) };
}

/** a record of a waybill without the waybill's key (its id and partition) */
const strip = <T extends { waybillId: string; waybillCreatedAt: Date }>({ waybillId: _a, waybillCreatedAt: _b, ...rest }: T) => rest;

/** the waybill's 变更记录, newest first */
export async function changesOf(db: Db, wb: WaybillRow): Promise<Answer<'changes'>> {
  return (await db.select().from(waybillChange).where(byWaybill(waybillChange, wb)).orderBy(desc(waybillChange.at))).map(strip);
}

const byWaybill = (t: { waybillId: any; waybillCreatedAt: any }, wb: WaybillRow) => and(eq(t.waybillId, wb.id), eq(t.waybillCreatedAt, wb.createdAt));

export async function detailOut(db: Db, user: SessionUser, wb: WaybillRow): Promise<Answer<'detail'>> {
  // one query after another: a detail is a handful of index reads, and a connection each would only add contention
  const goods = await goodsOf(db, wb);
  const timeline = await db.select().from(waybillTransition).where(byWaybill(waybillTransition, wb)).orderBy(asc(waybillTransition.at), asc(waybillTransition.id));
  const changes = await changesOf(db, wb);
  const checks = await db.select().from(waybillCheck).where(byWaybill(waybillCheck, wb)).orderBy(desc(waybillCheck.at));
  const selfInspections = await db.select().from(waybillSelfInspection).where(byWaybill(waybillSelfInspection, wb)).orderBy(desc(waybillSelfInspection.at));
  const loading = await db.select().from(waybillLoading).where(byWaybill(waybillLoading, wb)).orderBy(desc(waybillLoading.loadedAt)).limit(1);
  const unloading = await db.select().from(waybillUnloading).where(byWaybill(waybillUnloading, wb)).orderBy(desc(waybillUnloading.unloadedAt)).limit(1);
  const messages = await db.select().from(waybillMessage).where(byWaybill(waybillMessage, wb)).orderBy(asc(waybillMessage.createdAt));
  const abnormal = await db.execute<Answer<'detail'>['abnormal'][number]>(sql`select id, rule, detail, source, status, found_at as "foundAt" from abnormal_waybill where waybill_id = ${wb.id} order by found_at desc`);
  return {
    ...rowOut(wb),
    ...(user.side === 'enterprise' || user.side === 'platform' ? { checkCode: wb.checkCode } : {}),
    goods: goods.map(strip),
    // the step's data is the checks' and changes' own records, shown there
    timeline: timeline.map(({ data: _d, ...t }) => ({ ...strip(t), actionLabel: timelineLabel(t.action) })),
    changes,
    checks: checks.map(strip),
    selfInspections: selfInspections.map(({ waybillId: _a, waybillCreatedAt: _b, ...r }) => r),
    loading: loading[0] ? strip(loading[0]) : null,
    unloading: unloading[0] ? strip(unloading[0]) : null,
    messages: messages.map(strip),
    abnormal: abnormal.rows,
    actions: user.side === 'enterprise' ? actionsOf(wb, user) : [],
  };
}

/** a 自检 on its own: the waybill's id, not its partition */
export const selfInspectionOut = ({ waybillCreatedAt: _b, ...r }: typeof waybillSelfInspection.$inferSelect): Answer<'selfInspection'> => r;

/** what the user may do to the waybill now: a draft's 编辑 and 删除, then the workflow's allowed steps */
export function actionsOf(wb: WaybillRow, user: SessionUser): string[] {
  const has = (c: string) => user.elements.has(c);
  const draft = ([['edit', '编辑', 'baseManager:btn_edit'], ['delete', '删除', 'baseManager:btn_del']] as const)
    .filter(([, word, code]) => !draftRefusal(wb.state, word) && has(code)).map(([name]) => name);
  return [...draft, ...allowedSteps(waybillForm.workflow, wb, 'enterprise', has)];
}
