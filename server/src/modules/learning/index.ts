/**
 * 在线学习 (zxxx): 科目, 课程, 章节 and 学时记录 are resource definitions (packages/core/src/resources/learning.ts) with
 * the hooks below; the study itself is these routes:
 * - `GET /zxxx/learning/my` — 我的课程: the courses of the subjects for my post, with my credited 学时 this year
 * - `GET /zxxx/learning/course/:id` — a course's chapters with my progress in each
 * - `POST /zxxx/learning/start` — a player opened a chapter: my clock starts, my progress comes back
 * - `POST /zxxx/learning/report` — the seconds played since the last report (./progress.ts)
 * - `GET /zxxx/learning/media/:id` — the chapter's video or PDF, served in byte ranges (seeking)
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAPTER_FILE_TYPES, DEFAULT_LEARNING_YEAR_HOURS, LEARNING_HOURS_PARAM, course, courseChapter, learningAnswers, learningRecord, type MenuCode } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { enterpriseScope, type SessionUser } from '../../platform/access.ts';
import { badInput, notFound, ok } from '../../platform/errors.ts';
import { defineHooks, type HookCtx, type Row } from '../../platform/crud/hooks.ts';
import { idParam, UUID_RE } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import { storedFile } from '../../platform/attachment-store.ts';
import { sendAttachment, readableBy, type AttachmentRow } from '../admin/files.ts';
import type { Db } from '../../db/index.ts';
import { ensureDemoMedia, videoSeconds } from './media.ts';
import { NOT_LINKED, chapterFor, parseIntervals, progressOf, progressView, report, startViewing, viewerOf, type ChapterRow } from './progress.ts';

/** what a chapter's file is: its kind, and its length (a video's own; a document's 学时 as reading time) */
async function fileFacts(c: HookCtx, values: Row) {
  const f = (values.file as { id: string }[] | null)?.[0];
  if (!f || !UUID_RE.test(f.id)) throw badInput('视频或文档：请上传视频或PDF文档');
  const a = (await c.tx.execute<AttachmentRow>(sql`select a.id, a.name, a.mime, a.size, a.storage_path, a.enterprise_id, a.created_by
    from attachment a where a.id = ${f.id} and a.deleted_at is null and ${readableBy(c.user)}`)).rows[0];
  if (!a) throw badInput('视频或文档：文件不存在，请重新上传');
  const kind = CHAPTER_FILE_TYPES[a.mime];
  if (!kind) throw badInput('视频或文档：请上传MP4、WebM视频或PDF文档');
  values.kind = kind;
  if (kind === '文档') values.durationSeconds = Number(values.minutes) * 60;
  else {
    const seconds = await videoSeconds(storedFile(c.app.ctx.config.dataDir, a.storage_path), a.mime);
    if (!seconds) throw badInput('视频或文档：无法读取视频时长，请上传完整的MP4或WebM视频');
    values.durationSeconds = seconds;
  }
}

/** a course's 章节数 and 学时 follow its chapters */
async function recount(tx: Db, courseId: unknown, leaving: unknown = null) {
  await tx.execute(sql`update learning_course set chapter_count = x.n, total_minutes = x.m from (
    select count(*)::int as n, coalesce(sum(minutes), 0)::int as m from learning_chapter where course_id = ${courseId} and id is distinct from ${leaving}) x
    where id = ${courseId}`);
}

defineHooks(courseChapter.key, {
  async beforeWrite(c, values, mode, existing, input) {
    const merged = { ...existing, ...values };
    if (mode === 'add' || 'file' in input || 'minutes' in input) {
      const facts: Row = { file: merged.file, minutes: merged.minutes };
      await fileFacts(c, facts);
      values.kind = facts.kind;
      values.durationSeconds = facts.durationSeconds;
    }
    // the course must be the enterprise's own
    const ok = await c.tx.execute(sql`select 1 from learning_course where id = ${merged.courseId} and ${enterpriseScope(c.user, sql`enterprise_id`)}`);
    if (!ok.rows.length) throw badInput('课程：请选择有效的课程');
  },
  async afterWrite(c, row) { await recount(c.tx, row.courseId); },
  // the row is still there: counted without it
  async beforeDelete(c, row) { await recount(c.tx, row.courseId, row.id); },
});

defineHooks(course.key, {
  async beforeDelete(c, row) {
    const n = await c.tx.execute<{ n: number }>(sql`select count(*)::int as n from learning_chapter where course_id = ${row.id}`);
    if (n.rows[0]!.n > 0) throw badInput(`课程“${row.name}”下还有${n.rows[0]!.n}个章节，请先删除章节`);
  },
});

// an account linked to a staff record (a driver's own) sees its own 学时 only; a manager sees the enterprise's, a government its jurisdiction's
defineHooks(learningRecord.key, {
  scope: (user, t) => sql`${enterpriseScope(user, sql`${t.enterpriseId}`)} and (${t.staffId} = (select u.staff_id from base_user u where u.id = ${user.id})
    or not exists (select 1 from base_user u where u.id = ${user.id} and u.staff_id is not null))`,
});

const chapterScope = (user: SessionUser) => enterpriseScope(user, sql`c.enterprise_id`);
const STUDY = { anyMenu: ['mySubjectManager', 'courseManager'] as MenuCode[] };
const intervalsBody = z.object({
  chapterId: z.string().regex(UUID_RE, '章节：参数格式不正确'),
  intervals: z.unknown().describe('本次播放的区间 [[起, 止], …]（秒）'),
  position: z.number({ error: '播放位置：格式不正确' }).min(0).max(1e7),
});

async function yearHours(db: Db) {
  const r = await db.execute<{ v: unknown }>(sql`select value as v from param_setting where key = ${LEARNING_HOURS_PARAM}`);
  const v = Number(r.rows[0]?.v);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_LEARNING_YEAR_HOURS;
}

export const learningModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['在线学习'];
  // a data directory seeded elsewhere (a copied template) gets the demo chapters' files; a database not migrated yet has none
  app.addHook('onReady', async () => { await ensureDemoMedia(app).catch((err: unknown) => app.log.warn({ err }, 'demo media not copied')); });

  app.get('/zxxx/learning/my', { config: { access: { menu: 'mySubjectManager' } }, schema: { tags, summary: '我的课程（本年度学时）', response: answer(learningAnswers.my) } }, async (req) => {
    const user = req.user!;
    const v = await viewerOf(db(), user);
    // a person sees the courses of the subjects for their post; a manager without a staff record sees every course, to preview
    const posts = v ? sql`and ${v.post} = any(s.posts)` : sql``;
    // least() passes over a NULL: a chapter never opened must count its watched seconds as 0, not be left out of the least
    const courses = await db().execute<{ id: string; name: string; subject_name: string; description: string | null; chapter_count: number; total_minutes: number; credited: number; done: number }>(sql`
      select k.id, k.name, s.name as subject_name, k.description, k.chapter_count, k.total_minutes,
        coalesce(sum(least(1, coalesce(p.watched_seconds, 0)::numeric / nullif(c.duration_seconds, 0)) * c.minutes), 0)::float8 as credited,
        count(p.id) filter (where p.watched_seconds >= floor(c.duration_seconds * 0.95))::int as done
      from learning_course k join learning_subject s on s.id = k.subject_id
      left join learning_chapter c on c.course_id = k.id
      left join learning_progress p on p.chapter_id = c.id and p.staff_id = ${v?.staffId ?? null} and p.year = extract(year from now())::int
      where ${enterpriseScope(user, sql`k.enterprise_id`)} ${posts}
      group by k.id, s.name, s.order_num order by s.order_num, k.order_num, k.name`);
    const list = courses.rows.map((k) => ({ id: k.id, name: k.name, subjectName: k.subject_name, description: k.description, chapterCount: k.chapter_count,
      totalMinutes: k.total_minutes, creditedMinutes: Math.floor(k.credited * 10 + 1e-9) / 10, doneChapters: k.done }));
    const credited = list.reduce((n, k) => n + k.creditedMinutes, 0);
    return ok({ linked: Boolean(v), notice: v ? null : NOT_LINKED, year: new Date().getFullYear(), requiredHours: await yearHours(db()),
      creditedMinutes: Math.round(credited * 10) / 10, courses: list });
  });

  app.get('/zxxx/learning/course/:id', { config: { access: STUDY }, schema: { tags, summary: '课程的章节与我的进度', params: idParam, response: answer(learningAnswers.course) } }, async (req) => {
    const user = req.user!;
    const k = (await db().execute<{ id: string; name: string; subject_id: string; subject_name: string; description: string | null }>(sql`select k.id, k.name, k.subject_id,
      s.name as subject_name, k.description from learning_course k join learning_subject s on s.id = k.subject_id where k.id = ${req.params.id} and ${enterpriseScope(user, sql`k.enterprise_id`)}`)).rows[0];
    if (!k) throw notFound();
    const v = await viewerOf(db(), user);
    const rows = await db().execute<ChapterRow & { order_num: number; intervals: [number, number][] | null; watched_seconds: number | null; last_position: number | null }>(sql`
      select c.id, c.course_id, c.title, c.kind, c.minutes, c.duration_seconds, c.file, c.enterprise_id, c.order_num, p.intervals, p.watched_seconds, p.last_position
      from learning_chapter c left join learning_progress p on p.chapter_id = c.id and p.staff_id = ${v?.staffId ?? null} and p.year = extract(year from now())::int
      where c.course_id = ${k.id} order by c.order_num, c.title`);
    const chapters = rows.rows.map((c) => ({ id: c.id, title: c.title, kind: c.kind, minutes: c.minutes, orderNum: c.order_num, fileName: c.file?.[0]?.name ?? null,
      ...progressView(c, c.watched_seconds === null ? undefined : { intervals: c.intervals ?? [], watched_seconds: c.watched_seconds, last_position: c.last_position ?? 0 }) }));
    return ok({ id: k.id, name: k.name, subjectId: k.subject_id, subjectName: k.subject_name, description: k.description, linked: Boolean(v), notice: v ? null : NOT_LINKED, chapters });
  });

  app.post('/zxxx/learning/start', {
    config: { access: STUDY }, schema: { tags, summary: '开始学习章节（计时起点）', body: z.object({ chapterId: z.string().regex(UUID_RE, '章节：参数格式不正确') }),
      response: answer(learningAnswers.start) },
  }, async (req) => {
    const user = req.user!;
    const c = await chapterFor(db(), chapterScope(user), req.body.chapterId);
    const v = await viewerOf(db(), user);
    if (!v) return ok({ linked: false, notice: NOT_LINKED, ...progressView(c, undefined) });
    await startViewing(db(), v);
    return ok({ linked: true, notice: null, ...await progressOf(db(), v, c) });
  });

  app.post('/zxxx/learning/report', {
    config: { access: { menu: 'mySubjectManager' } }, schema: { tags, summary: '上报观看区间（只计实际观看且未计过的秒数）', body: intervalsBody, response: answer(learningAnswers.report) },
  }, async (req) => {
    const user = req.user!;
    const reported = parseIntervals(req.body.intervals);
    return ok(await report(db(), user, req.body.chapterId, reported, req.body.position));
  });

  app.get('/zxxx/learning/media/:id', { config: { access: STUDY }, schema: { tags, summary: '章节的视频或文档（支持 Range 分段）', params: idParam } }, async (req, reply) => {
    const c = await chapterFor(db(), chapterScope(req.user!), req.params.id);
    const fileId = c.file?.[0]?.id;
    const a = fileId ? (await db().execute<AttachmentRow>(sql`select a.id, a.name, a.mime, a.size, a.storage_path, a.enterprise_id, a.created_by
      from attachment a where a.id = ${fileId} and a.deleted_at is null`)).rows[0] : undefined;
    if (!a) throw notFound();
    return sendAttachment(app, reply, a);
  });
};

