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

/** `also` runs after the row and its timeline row are written, in the same transaction (what the step brings about elsewhere) */
export interface StepOutcome { to: string; action: string; set?: Row; opinion?: string | null; also?: (after: Row, tx: Db) => Promise<void> }

/**
 * One workflow step on one row, in one transaction: the row as the caller's scope sees it (else 数据不存在或无权访问), at
 * the version the caller saw (else the stale-version message); `decide` checks the state and answers the change (or
 * throws and nothing changes); the row moves to `to` and the timeline gets the step.
 */
export async function stepRow(db: Db, def: ResourceDef, subject: FlowSubject, user: SessionUser, id: string, version: number,
  decide: (before: Row, tx: Db) => StepOutcome | Promise<StepOutcome>) {
  return db.transaction(async (tx) => {
    const before = await findRow(tx, def, user, id);
    if (!before) throw notFound();
    if (before.version !== version) throw staleVersion();
    const { to, action, set = {}, opinion = null, also } = await decide(before, tx);
    const t = tableOf(def);
    const stateField = def.workflow?.stateField ?? 'state';
    const rows = await tx.update(t).set({ ...set, [stateField]: to, updatedAt: new Date(), updatedBy: user.id, version: sql`${t.version} + 1` })
      .where(and(eq(t.id, id), eq(t.version, version))).returning();
    if (!rows.length) throw staleVersion();
    await recordStep(tx, user, subject, id, { action, from: before[stateField] as string, to, opinion, enterpriseId: before.enterpriseId ?? null });
    await also?.(rows[0] as Row, tx);
    return { before, after: rows[0] as Row };
  });
}

/**
 * 另一名工作人员: a request or a plan is decided by someone other than whoever made it (its applicant, its planner, who
 * submitted it) — one person never both asks and grants. `message` says why in the caller's words.
 */
export function requireAnotherOfficer(user: Pick<SessionUser, 'id'>, makers: readonly (string | null | undefined)[], message: string) {
  if (makers.includes(user.id)) throw badInput(message);
}

/** an opinion (意见) as typed: trimmed, at most 500 characters; `required` is the message when it must be given */
export function opinionOf(raw: unknown, label: string, required?: string): string | null {
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!s && required) throw badInput(`${label}：${required}`);
  if ([...s].length > 500) throw badInput(`${label}不能超过500个字符`);
  return s || null;
}
