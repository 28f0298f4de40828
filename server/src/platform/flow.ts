/** The one timeline of every workflow here (db/danger-schema.ts): write a step, read a subject's steps. */
import { and, eq, sql } from 'drizzle-orm';
import type { ResourceDef } from '@dg/core';
import type { Db } from '../db/index.ts';
import { workFlow, type FlowSubject } from '../db/danger-schema.ts';
import type { SessionUser } from './access.ts';
import { badInput, notFound, staleVersion } from './errors.ts';
import { findRow, tableOf } from './crud/query.ts';
import type { Row } from './crud/hooks.ts';

export interface FlowStep { action: string; from: string | null; to: string; opinion?: string | null; enterpriseId?: string | null; at?: Date }

export async function recordStep(tx: Db, user: Pick<SessionUser, 'id' | 'name' | 'side'>, subject: FlowSubject, subjectId: string, s: FlowStep) {
  await tx.insert(workFlow).values({
    subject, subjectId, enterpriseId: s.enterpriseId ?? null, action: s.action, fromState: s.from, toState: s.to, opinion: s.opinion ?? null,
    side: user.side, userId: user.id, userName: user.name, ...(s.at ? { createdAt: s.at } : {}),
  });
}

/** a subject's steps, oldest first (the caller has found the subject in its scope) */
export async function timelineOf(db: Db, subjectId: string) {
  return db.select({ action: workFlow.action, fromState: workFlow.fromState, toState: workFlow.toState, opinion: workFlow.opinion,
    side: workFlow.side, userName: workFlow.userName, createdAt: workFlow.createdAt })
    .from(workFlow).where(eq(workFlow.subjectId, subjectId)).orderBy(workFlow.createdAt);
}

export const deleteSteps = (tx: Db, subjectId: string) => tx.delete(workFlow).where(eq(workFlow.subjectId, subjectId));

/**
 * `also` runs after the row and its timeline row are written, in the same transaction (what the step brings about
 * elsewhere); `outcome` is the timeline's word when the hook names the step's outcome (出车检查合格), `data` its detail
 */
export interface StepOutcome {
  to: string; action: string; set?: Row; opinion?: string | null; also?: (after: Row, tx: Db) => Promise<void>;
  step?: string; outcome?: string; data?: unknown;
}

/** one step's timeline row as a store writes it */
export interface TimelineEntry { step: string; action: string; outcome?: string; from: string | null; to: string; opinion: string | null; data?: unknown }

/**
 * Where a workflow's rows and timeline live. The default is the definition's table through crud and work_flow; a
 * module whose rows are partitioned and sized apart (the waybill) declares its own, and the engine runs the same checks,
 * hooks and one-timeline-row-per-step on it.
 */
export interface WorkflowStore {
  /** the row in the caller's scope (null: not found), locked where the store's rollups need it */
  find(tx: Db, user: SessionUser, id: string): Promise<Row | null>;
  /** the step's write of the row at the version it was read: the state, the step's values, the version; null when it moved */
  write(tx: Db, user: SessionUser, before: Row, set: Row, to: string): Promise<Row | null>;
  /** the step's one timeline row */
  timeline(tx: Db, user: SessionUser, before: Row, entry: TimelineEntry): Promise<void>;
}

/** the definition's table and work_flow */
export function tableStore(def: ResourceDef, subject: FlowSubject): WorkflowStore {
  const stateField = def.workflow?.stateField ?? 'state';
  return {
    find: (tx, user, id) => findRow(tx, def, user, id),
    async write(tx, user, before, set, to) {
      const t = tableOf(def);
      const rows = await tx.update(t).set({ ...set, [stateField]: to, updatedAt: new Date(), updatedBy: user.id, version: sql`${t.version} + 1` })
        .where(and(eq(t.id, before.id as string), eq(t.version, before.version as number))).returning();
      return (rows[0] as Row | undefined) ?? null;
    },
    timeline: (tx, user, before, e) => recordStep(tx, user, subject, before.id as string,
      { action: e.outcome ?? e.action, from: e.from, to: e.to, opinion: e.opinion, enterpriseId: (before.enterpriseId as string | null) ?? null }),
  };
}

/**
 * One workflow step on one row, in one transaction: the row as the caller's scope sees it (else 数据不存在或无权访问), at
 * the version the caller saw (else the stale-version message; undefined: the version read); `decide` checks the state
 * and answers the change (or throws and nothing changes); the row moves to `to` and the timeline gets the step.
 */
export async function stepRow(db: Db, def: ResourceDef, subject: FlowSubject, user: SessionUser, id: string, version: number | undefined,
  decide: (before: Row, tx: Db) => StepOutcome | Promise<StepOutcome>, store: WorkflowStore = tableStore(def, subject)) {
  return db.transaction(async (tx) => {
    const before = await store.find(tx, user, id);
    if (!before) throw notFound();
    if (version !== undefined && before.version !== version) throw staleVersion();
    const { to, action, set = {}, opinion = null, also, step, outcome, data } = await decide(before, tx);
    const after = await store.write(tx, user, before, set, to);
    if (!after) throw staleVersion();
    const stateField = def.workflow?.stateField ?? 'state';
    await store.timeline(tx, user, before, { step: step ?? action, action, outcome, from: before[stateField] as string, to, opinion, data });
    await also?.(after, tx);
    return { before, after };
  });
}

/**
 * 另一名工作人员: a request or a plan is decided by someone other than whoever made it (its applicant, its planner, who
 * submitted it) — one person never both asks and grants. `message` says why in the caller's words.
 */
export function requireAnotherOfficer(user: Pick<SessionUser, 'id'>, makers: readonly (string | null | undefined)[], message: string) {
  if (makers.includes(user.id)) throw badInput(message);
}

/**
 * an opinion (意见) as typed: trimmed, at most `max` (500) characters; `required` is the message when it must be given,
 * after the label unless it `named` the field itself
 */
export function opinionOf(raw: unknown, label: string, required?: string, max = 500, named = false): string | null {
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!s && required) throw badInput(named ? required : `${label}：${required}`);
  if ([...s].length > max) throw badInput(`${label}不能超过${max}个字符`);
  return s || null;
}
