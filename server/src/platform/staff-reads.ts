/**
 * 阅知 by staff (db/staff-read-schema.ts), one service for every subject: a published regime (制度流程) and a 人员通知.
 * Publishing asks the chosen posts' serving staff and the chosen people; a person reads through an account linked to
 * their staff record (base_user.staff_id); a manager records paper sign-offs; the bell counts what is left to read.
 */
import { sql } from 'drizzle-orm';
import type { Served, staffReadAnswers } from '@dg/core';
import { textArray, type Db } from '../db/index.ts';
import type { StaffReadSubject } from '../db/staff-read-schema.ts';
import { enterpriseScope, type SessionUser } from './access.ts';
import { badInput } from './errors.ts';

/** asks the enterprise's serving staff of `posts` and the people `staffIds` to read it (once each); answers how many */
export async function askToRead(tx: Db, subject: StaffReadSubject, subjectId: string, enterpriseId: string, posts: string[], staffIds: string[]) {
  const asked = await tx.execute(sql`insert into staff_read (subject, subject_id, enterprise_id, staff_id, staff_name, post)
    select ${subject}, ${subjectId}, s.enterprise_id, s.id, s.name, s.post from staff s
    where s.enterprise_id = ${enterpriseId} and s.status = '在职' and (s.post = any(${textArray(posts)}) or s.id = any(${textArray(staffIds)}::uuid[]))
    on conflict do nothing returning id`);
  return asked.rows.length;
}

/** who was asked to read it (the caller found the subject in scope), unread first */
export async function readsOf(db: Db, subjectId: string) {
  return (await db.execute<Served<typeof staffReadAnswers.reads>[number]>(sql`select staff_id as "staffId", staff_name as "staffName", post, read_at as "readAt", recorded_by as "recordedBy"
    from staff_read where subject_id = ${subjectId} order by read_at is not null, read_at desc, staff_name`)).rows;
}

/** read and asked counts of several subjects */
export async function readCounts(db: Db, subjectIds: string[]): Promise<Map<string, { total: number; done: number }>> {
  if (!subjectIds.length) return new Map();
  const r = await db.execute<{ subject_id: string; total: number; done: number }>(sql`select subject_id, count(*)::int as total, count(read_at)::int as done
    from staff_read where subject_id = any(${textArray(subjectIds)}::uuid[]) group by subject_id`);
  return new Map(r.rows.map((x) => [x.subject_id, { total: x.total, done: x.done }]));
}

/** the staff record the signed-in account stands for (null when not linked) */
export async function staffOf(db: Db, user: SessionUser): Promise<string | null> {
  if (user.side !== 'enterprise') return null;
  return (await db.execute<{ staff_id: string | null }>(sql`select staff_id from base_user where id = ${user.id}`)).rows[0]?.staff_id ?? null;
}

/** 已阅: the signed-in person's acknowledgement (`what` names the thing in the refusal: 制度, 通知) */
export async function acknowledge(db: Db, user: SessionUser, subject: StaffReadSubject, subjectId: string, what: string) {
  const staffId = await staffOf(db, user);
  if (!staffId) throw badInput(`您的账户未关联人员档案，不能阅知${what}，请联系企业管理员关联`);
  const r = await db.execute<{ read_at: Date }>(sql`update staff_read set read_at = coalesce(read_at, now())
    where subject = ${subject} and subject_id = ${subjectId} and staff_id = ${staffId} and ${enterpriseScope(user, sql`enterprise_id`)} returning read_at`);
  if (!r.rows.length) throw badInput(`您不在本${what}的阅知范围内`);
  return { readAt: r.rows[0]!.read_at };
}

/** 登记签阅: the manager records the signed paper sheet of people who read it on paper */
export async function recordReads(db: Db, user: SessionUser, subjectId: string, staffIds: string[]) {
  const r = await db.execute(sql`update staff_read set read_at = now(), recorded_by = ${user.name}
    where subject_id = ${subjectId} and read_at is null and staff_id = any(${textArray(staffIds)}::uuid[]) returning staff_id`);
  return r.rows.length;
}

/**
 * what the signed-in person was asked to read of `subject` (joined to its table for title and dates: `select` names
 * the columns of a row `R`, without its `readAt`), unread first
 */
export async function myReads<R extends { readAt: Date | string | null }>(db: Db, user: SessionUser, subject: StaffReadSubject, select: ReturnType<typeof sql>, from: ReturnType<typeof sql>) {
  const staffId = await staffOf(db, user);
  if (!staffId) return { linked: false, rows: [] as R[] };
  const rows = (await db.execute<R>(sql`select ${select}, r.read_at as "readAt" from staff_read r join ${from} d on d.id = r.subject_id
    where r.subject = ${subject} and r.staff_id = ${staffId} and ${enterpriseScope(user, sql`r.enterprise_id`)}
    order by r.read_at is not null, r.created_at desc limit 200`)).rows;
  return { linked: true, rows };
}

/** how many of `subject` the signed-in person has still to read (the bell) */
/** what the signed-in person has still to read of a subject (an integer, as SQL: the bell's count) */
export const unreadCountSql = (user: SessionUser, subject: StaffReadSubject) => sql`select count(*)::int from staff_read r join base_user u on u.staff_id = r.staff_id
    where u.id = ${user.id} and r.subject = ${subject} and r.read_at is null and r.enterprise_id = ${user.enterpriseId}`;
