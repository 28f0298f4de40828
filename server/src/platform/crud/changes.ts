/**
 * 监管字段 (ResourceDef.supervised) of approved records: an enterprise's change to one of them is held as a change
 * awaiting 企业车辆审核 (table record_change), in the same transaction as the rest of its edit, while the record
 * keeps the approved values — a dispatch check, a jurisdiction, an expiry warning go on reading those. The
 * government approves (the new values are written, the record's version moves on) or rejects with an opinion.
 */
import { eq, sql } from 'drizzle-orm';
import type { AuditStatus, ResourceDef, Served, approvalAnswers } from '@dg/core';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../access.ts';
import type { Row } from './hooks.ts';
import { tableOf } from './query.ts';

export type ChangeRow = {
  id: string; resource: string; record_id: string; enterprise_id: string; old_values: Row; new_values: Row;
  status: AuditStatus; opinion: string | null; submitted_at: Date; decided_at: Date | null;
};
/** a change as a record's form and 企业车辆审核 show it (core answers/approval.ts) */
export type ChangeView = NonNullable<Served<typeof approvalAnswers.info>['change']>;

const norm = (v: unknown): unknown => (v === undefined || v === '' || (Array.isArray(v) && !v.length) ? null : v instanceof Date ? v.toISOString() : v);
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));

export const holdsChanges = (def: ResourceDef, user: SessionUser, before: Row) =>
  !!def.supervised?.length && user.side === 'enterprise' && before.auditStatus === '已通过';

/**
 * Takes the supervised fields that differ from the approved row out of `values` and keeps them in the record's
 * pending change (made, extended or, when every field is back at its approved value, withdrawn). Returns the
 * fields now waiting, or null when nothing of this edit waits.
 */
export async function holdSupervised(tx: Db, def: ResourceDef, user: SessionUser, before: Row, values: Row): Promise<string[] | null> {
  if (!holdsChanges(def, user, before)) return null;
  const touched = def.supervised!.filter((k) => k in values);
  if (!touched.length) return null;
  const pending = (await tx.execute<ChangeRow>(sql`select * from record_change where resource = ${def.key} and record_id = ${before.id}
    and status = '待审核' for update`)).rows[0];
  const olds: Row = { ...(pending?.old_values ?? {}) };
  const news: Row = { ...(pending?.new_values ?? {}) };
  for (const k of touched) {
    if (sameValue(values[k], before[k])) { delete olds[k]; delete news[k]; } // back at the approved value
    else { olds[k] = norm(before[k]); news[k] = norm(values[k]); }
    delete values[k];
  }
  const waiting = changedFields(def, Object.keys(news));
  if (!waiting.length) {
    if (pending) await tx.execute(sql`delete from record_change where id = ${pending.id}`);
    return null;
  }
  if (pending) {
    await tx.execute(sql`update record_change set old_values = ${JSON.stringify(olds)}::jsonb, new_values = ${JSON.stringify(news)}::jsonb,
      submitted_by = ${user.id}, submitted_at = now(), version = version + 1 where id = ${pending.id}`);
  } else {
    const enterpriseId = def.key === 'enterprise' ? before.id : before.enterpriseId;
    await tx.execute(sql`insert into record_change (resource, record_id, enterprise_id, old_values, new_values, submitted_by)
      values (${def.key}, ${before.id}, ${enterpriseId}, ${JSON.stringify(olds)}::jsonb, ${JSON.stringify(news)}::jsonb, ${user.id})`);
  }
  return waiting;
}

/** the changed fields in the order of the resource's form */
export const changedFields = (def: ResourceDef, keys: string[]) => {
  const order = Object.keys(def.fields);
  return [...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b));
};

export function changeView(def: ResourceDef, c: ChangeRow): ChangeView {
  const fields = changedFields(def, Object.keys(c.new_values)).map((k) => ({ field: k, label: def.fields[k]?.label ?? k, old: c.old_values[k] ?? null, new: c.new_values[k] ?? null }));
  return { id: c.id, status: c.status, opinion: c.opinion, submittedAt: c.submitted_at, decidedAt: c.decided_at, fields };
}

/** each row's latest change (pending, or the last decided one): the record's form shows it */
export async function attachChanges(db: Db, def: ResourceDef, rows: Row[]) {
  if (!def.supervised?.length || !rows.length) return;
  const ids = rows.map((r) => r.id as string);
  const r = await db.execute<ChangeRow>(sql`select distinct on (record_id) * from record_change
    where resource = ${def.key} and record_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by record_id, submitted_at desc`);
  const byRecord = new Map(r.rows.map((c) => [c.record_id, c]));
  for (const row of rows) {
    const c = byRecord.get(row.id as string);
    row.latestChange = c ? changeView(def, c) : null;
  }
}

/** 通过: the change's new values become the record's (its version moves on); returns the record before and after */
export async function applyChange(tx: Db, def: ResourceDef, c: ChangeRow, user: SessionUser) {
  const t = tableOf(def);
  const before = (await tx.select().from(t).where(eq(t.id, c.record_id)).limit(1))[0] as Row | undefined;
  if (!before) return null;
  const values: Row = {};
  for (const [k, v] of Object.entries(c.new_values)) if (def.fields[k] && !def.fields[k]!.virtual) values[k] = v;
  const res = await tx.update(t).set({ ...values, updatedAt: new Date(), updatedBy: user.id, version: sql`${t.version} + 1` })
    .where(eq(t.id, c.record_id)).returning();
  return { before, after: res[0] as Row };
}
