/**
 * Watched time on the server (the rule: core learning.ts, docs/learning.md). The person is the staff record the
 * signed-in account is linked to (base_user.staff_id). `start` sets their clock when a player opens; each `report`
 * adds the new seconds of the intervals it names, no more than the seconds since that person's previous report or
 * start (at most REPORT_WINDOW_SECONDS), in one transaction that locks the person's clock row first, then the chapter's
 * progress row: two tabs, two instances or a replayed request all draw on the one clock.
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

/**
 * A report's two reads in one statement: the account's staff record (as `viewerOf`) and the chapter of that person's
 * enterprise. NOT_LINKED before 数据不存在, as the two reads answer one after the other. Prepared on a generic plan
 * (two look-ups by key): it is planned once per connection, not on each of the reports a viewer sends every 10 s.
 */
export async function viewerAndChapter(db: Db, user: SessionUser, chapterId: string): Promise<{ v: Viewer; c: ChapterRow }> {
  if (user.side !== 'enterprise' || !user.enterpriseId) throw badInput(NOT_LINKED);
  const r = await execPrepared<{ staff_id: string; enterprise_id: string; post: string | null } & { [K in keyof ChapterRow as `c_${K}`]: ChapterRow[K] | null }>(db, sql`
    select s.id as staff_id, s.enterprise_id, s.post, c.id as c_id, c.course_id as c_course_id, c.title as c_title, c.kind as c_kind, c.minutes as c_minutes,
      c.duration_seconds as c_duration_seconds, c.file as c_file, c.enterprise_id as c_enterprise_id
    from base_user u join staff s on s.id = u.staff_id and s.enterprise_id = ${user.enterpriseId} and s.status = '在职'
      left join learning_chapter c on c.id = ${chapterId} and c.enterprise_id = s.enterprise_id
    where u.id = ${user.id}`, 'generic');
  const row = r.rows[0];
  if (!row) throw badInput(NOT_LINKED);
  if (!row.c_id) throw notFound();
  return {
    v: { staffId: row.staff_id, enterpriseId: row.enterprise_id, post: row.post },
    c: { id: row.c_id, course_id: row.c_course_id!, title: row.c_title!, kind: row.c_kind!, minutes: row.c_minutes!, duration_seconds: row.c_duration_seconds!,
      file: row.c_file, enterprise_id: row.c_enterprise_id! },
  };
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
 * One report in one transaction of two statements (three on the year's first report of a chapter): the person's clock
 * and the chapter's row locked and read together — the clock first, the chapter's row after it (its look-up takes the
 * person from the clock's row, so no plan can lock them the other way round) —, then both written in one statement.
 * The clock's row stays locked from the first statement to the commit, so every report of the person — another tab,
 * another instance, a replay — waits for it and then sees the moment this one set. `now()` is the transaction's
 * start, the same in both.
 */
export async function report(db: Db, v: Viewer, c: ChapterRow, reported: [number, number][], position: number):
  Promise<ProgressView & { added: number }> {
  return db.transaction(async (tx) => {
    const locked = (await tx.execute<{ elapsed: number | null; id: string | null; intervals: Interval[] | null }>(sql`select clock.elapsed, p.id, p.intervals
      from (select 1) one
        left join lateral (select staff_id, extract(epoch from (now() - last_report_at))::float8 as elapsed from learning_viewer
          where staff_id = ${v.staffId} for update) clock on true
        left join lateral (select id, intervals from learning_progress
          where staff_id = coalesce(clock.staff_id, ${v.staffId}::uuid) and chapter_id = ${c.id} and year = ${yearNow} for update) p on true`)).rows[0]!;
    // no clock (a report without a start): nothing is added, and this report starts the clock
    const allowance = Math.min(REPORT_WINDOW_SECONDS, Math.max(0, Math.floor(locked.elapsed ?? 0)));
    const row = locked.id ? { id: locked.id, intervals: locked.intervals ?? [] }
      // the year's first report of the chapter; two at once without a clock to lock (no start) meet at the unique key,
      // and the second locks and reads the first one's row
      : (await tx.execute<{ id: string; intervals: Interval[] }>(sql`insert into learning_progress (enterprise_id, staff_id, course_id, chapter_id, year)
        values (${v.enterpriseId}, ${v.staffId}, ${c.course_id}, ${c.id}, ${yearNow})
        on conflict (staff_id, chapter_id, year) do update set updated_at = learning_progress.updated_at returning id, intervals`)).rows[0]!;
    const have = normalizeIntervals(row.intervals, c.duration_seconds);
    const { intervals, added } = addWatched(have, reported, c.duration_seconds, allowance);
    const watched = intervals.reduce((n, [a, b]) => n + (b - a), 0);
    const at = Math.max(0, Math.min(c.duration_seconds, Math.floor(position)));
    await tx.execute(sql`with clock as (insert into learning_viewer (staff_id, last_report_at) values (${v.staffId}, now())
        on conflict (staff_id) do update set last_report_at = now())
      update learning_progress set intervals = ${JSON.stringify(intervals)}::jsonb, watched_seconds = ${watched},
      last_position = ${at}, updated_at = now() where id = ${row.id}`);
    return { ...progressView(c, { intervals, watched_seconds: watched, last_position: at }), added };
  });
}

/** the reported intervals as numbers, or the refusal naming the field */
export function parseIntervals(raw: unknown): [number, number][] {
  if (!Array.isArray(raw) || raw.length > 500) throw badInput('观看区间：格式不正确');
  return raw.map((x) => {
    if (!Array.isArray(x) || x.length !== 2 || !x.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n < 1e7)) throw badInput('观看区间：格式不正确');
    return [x[0] as number, x[1] as number];
  });
}
