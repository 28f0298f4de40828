/**
 * Watched time on the server (the rule: core learning.ts, docs/learning.md). The person is the staff record the
 * signed-in account is linked to (base_user.staff_id). `start` sets their clock when a player opens; each `report`
 * adds the new seconds of the intervals it names, no more than the seconds since that person's previous report or
 * start (at most REPORT_WINDOW_SECONDS), written only while the person's clock still reads what the report read: two
 * tabs, two instances or a replayed request all draw on the one clock.
 */
import { sql } from 'drizzle-orm';
import { addWatched, chapterDone, creditedMinutes, normalizeIntervals, REPORT_WINDOW_SECONDS, type CHAPTER_KINDS, type Interval } from '@dg/core';
import { execPrepared, type Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, notFound } from '../../platform/errors.ts';

export interface Viewer { staffId: string; enterpriseId: string; post: string | null }
export const NOT_LINKED = '当前账户未关联从业人员，学习进度不计入学时';

/** the staff record (in service, of the user's own enterprise) the account studies as, or null */
export async function viewerOf(db: Db, user: SessionUser): Promise<Viewer | null> {
  if (user.side !== 'enterprise' || !user.enterpriseId) return null;
  const r = await db.execute<{ id: string; enterprise_id: string; post: string | null }>(sql`select s.id, s.enterprise_id, s.post from base_user u
    join staff s on s.id = u.staff_id and s.enterprise_id = ${user.enterpriseId} and s.status = '在职' where u.id = ${user.id}`);
  const s = r.rows[0];
  return s ? { staffId: s.id, enterpriseId: s.enterprise_id, post: s.post } : null;
}

export type ChapterRow = { id: string; course_id: string; title: string; kind: (typeof CHAPTER_KINDS)[number]; minutes: number; duration_seconds: number; file: { id: string; name: string }[] | null; enterprise_id: string };

/** a chapter of the user's enterprise (or, for a government, of its jurisdiction) */
export async function chapterFor(db: Db, scope: ReturnType<typeof sql>, id: string): Promise<ChapterRow> {
  const r = await db.execute<ChapterRow>(sql`select c.id, c.course_id, c.title, c.kind, c.minutes, c.duration_seconds, c.file, c.enterprise_id
    from learning_chapter c where c.id = ${id} and ${scope}`);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

export interface ProgressView { intervals: Interval[]; watchedSeconds: number; lastPosition: number; durationSeconds: number; creditedMinutes: number; done: boolean }
export const progressView = (c: Pick<ChapterRow, 'duration_seconds' | 'minutes'>, p: { intervals: Interval[]; watched_seconds: number; last_position: number } | undefined): ProgressView => {
  const watched = p?.watched_seconds ?? 0;
  return { intervals: p?.intervals ?? [], watchedSeconds: watched, lastPosition: p?.last_position ?? 0, durationSeconds: c.duration_seconds,
    creditedMinutes: creditedMinutes(watched, c.duration_seconds, c.minutes), done: chapterDone(watched, c.duration_seconds) };
};

const yearNow = sql`extract(year from now())::int`;

export async function progressOf(db: Db, v: Viewer, c: ChapterRow): Promise<ProgressView> {
  const r = await db.execute<{ intervals: Interval[]; watched_seconds: number; last_position: number }>(sql`select intervals, watched_seconds, last_position
    from learning_progress where staff_id = ${v.staffId} and chapter_id = ${c.id} and year = ${yearNow}`);
  return progressView(c, r.rows[0]);
}

/** a player opened: the person's clock starts now (what another tab had not yet reported is not added later) */
export async function startViewing(db: Db, v: Viewer) {
  await db.execute(sql`insert into learning_viewer (staff_id, last_report_at) values (${v.staffId}, now())
    on conflict (staff_id) do update set last_report_at = now()`);
}

/**
 * One report in two statements, neither in a transaction, so a report is two round trips. The first reads everything
 * the rule needs: the account's staff record (as `viewerOf`), the chapter of that person's enterprise, the person's
 * clock (the moment of the previous report or start, to the microsecond, and the seconds since) and the chapter's
 * progress row. The second writes both in one statement, and only if the clock still holds the moment read: it sets
 * the clock (compare and set on that moment), and the progress row only when the clock was set. Every report of the
 * person — another tab, another instance, a replay — and every start move the clock, so whatever changed the
 * progress row since the read also moved the clock, and the write finds the clock moved and writes nothing; the report
 * is then worked out again from a new read, where the seconds since are the few since the other report: two tabs
 * share one clock. The clock's row is locked before the progress row, in every report. Both statements are prepared
 * on a generic plan (look-ups by key): planned once per connection, not on each of the reports a viewer sends every
 * 10 s. The write does not wait for the disk (execPrepared's `waitForDisk: false`): a crash of the database server
 * may lose the last half second of reports (clock and progress together: a few seconds of watching left uncounted, to
 * be watched again), and none of it is an answer or a record; waiting for the flush was most of the reports' slowest hundredth on two
 * cores. NOT_LINKED before 数据不存在, as `viewerOf` then `chapterFor` answer one after the other.
 */
export async function report(db: Db, user: SessionUser, chapterId: string, reported: [number, number][], position: number):
  Promise<ProgressView & { added: number }> {
  if (user.side !== 'enterprise' || !user.enterpriseId) throw badInput(NOT_LINKED);
  for (let round = 0; round < 8; round++) {
    const row = (await execPrepared<{ staff_id: string; enterprise_id: string; c_id: string | null; c_course_id: string; c_duration_seconds: number; c_minutes: number;
      clock_at: string | null; elapsed: number | null; intervals: Interval[] | null }>(db, sql`
      select s.id as staff_id, s.enterprise_id, c.id as c_id, c.course_id as c_course_id, c.duration_seconds as c_duration_seconds, c.minutes as c_minutes,
        v.last_report_at::text as clock_at, extract(epoch from (now() - v.last_report_at))::float8 as elapsed, p.intervals
      from base_user u join staff s on s.id = u.staff_id and s.enterprise_id = ${user.enterpriseId} and s.status = '在职'
        left join learning_chapter c on c.id = ${chapterId} and c.enterprise_id = s.enterprise_id
        left join learning_viewer v on v.staff_id = s.id
        left join learning_progress p on p.staff_id = s.id and p.chapter_id = c.id and p.year = ${yearNow}
      where u.id = ${user.id}`, 'generic')).rows[0];
    if (!row) throw badInput(NOT_LINKED);
    if (!row.c_id) throw notFound();
    const c = { duration_seconds: row.c_duration_seconds, minutes: row.c_minutes };
    // no clock (a report without a start): nothing is added, and this report starts the clock
    const allowance = Math.min(REPORT_WINDOW_SECONDS, Math.max(0, Math.floor(row.elapsed ?? 0)));
    const have = normalizeIntervals(row.intervals ?? [], c.duration_seconds);
    const { intervals, added } = addWatched(have, reported, c.duration_seconds, allowance);
    const watched = intervals.reduce((n, [a, b]) => n + (b - a), 0);
    const at = Math.max(0, Math.min(c.duration_seconds, Math.floor(position)));
    const written = await execPrepared(db, sql`with clock as (
        insert into learning_viewer as v (staff_id, last_report_at) values (${row.staff_id}, now())
        on conflict (staff_id) do update set last_report_at = now() where v.last_report_at is not distinct from ${row.clock_at}::timestamptz
        returning 1)
      insert into learning_progress as p (enterprise_id, staff_id, course_id, chapter_id, year, intervals, watched_seconds, last_position, updated_at)
      select ${row.enterprise_id}, ${row.staff_id}, ${row.c_course_id}, ${row.c_id}, ${yearNow}, ${JSON.stringify(intervals)}::jsonb, ${watched}, ${at}, now() from clock
      on conflict (staff_id, chapter_id, year) do update set intervals = excluded.intervals, watched_seconds = excluded.watched_seconds,
        last_position = excluded.last_position, updated_at = now()
      returning 1 as written`, 'generic', { waitForDisk: false });
    if (written.rows.length) return { ...progressView(c, { intervals, watched_seconds: watched, last_position: at }), added };
  }
  throw badInput('学习进度正在由另一个窗口保存，请稍后重试');
}

/** the reported intervals as numbers, or the refusal naming the field */
export function parseIntervals(raw: unknown): [number, number][] {
  if (!Array.isArray(raw) || raw.length > 500) throw badInput('观看区间：格式不正确');
  return raw.map((x) => {
    if (!Array.isArray(x) || x.length !== 2 || !x.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n < 1e7)) throw badInput('观看区间：格式不正确');
    return [x[0] as number, x[1] as number];
  });
}
