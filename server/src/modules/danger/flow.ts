/** The one timeline of every workflow here (db/danger-schema.ts): write a step, read a subject's steps. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { workFlow, type FlowSubject } from '../../db/danger-schema.ts';
import type { SessionUser } from '../../platform/access.ts';

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
