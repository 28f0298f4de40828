/**
 * Demo rows of 在线学习 for both demo enterprises: two subjects (法规与安全驾驶 for drivers and escorts, 装卸作业 for
 * loading staff, escorts and drivers), a course each with short test-pattern videos and one-page PDFs (./demo-media,
 * made by its make.sh), and this year's progress: the first driver of enterprise A (the yuangong account) part-way
 * through the first chapter, the second through the whole first course. The files are attachments under
 * `<dataDir>/files/demo/learning/`; a server copies any that are missing there when it starts (`ensureDemoMedia`), so a
 * data directory seeded elsewhere (a test's copy) serves them too.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDemoSeeder, insertDemoRow, type DemoEnterprise } from '../../db/seed-demo.ts';
import type { Db } from '../../db/index.ts';
import { DEMO_MEDIA_DIR as MEDIA_DIR, DEMO_PREFIX } from './media.ts';


/** [file, mime, seconds (a video's length; a document's from its 学时)] */
const FILES = {
  v1: ['chapter-1.webm', 'video/webm', 20], v2: ['chapter-2.webm', 'video/webm', 15], v3: ['chapter-3.webm', 'video/webm', 12],
  d1: ['handbook-1.pdf', 'application/pdf', 0], d2: ['handbook-2.pdf', 'application/pdf', 0],
} as const;
type FileKey = keyof typeof FILES;

/** [subject, posts, course, description, chapters: [title, file, 学时 minutes]] */
const SUBJECTS: [string, string[], string, string, [string, FileKey, number][]][] = [
  ['危险货物运输法规与安全驾驶', ['驾驶员', '押运员'], '危险货物道路运输安全基础', '《危险货物道路运输安全管理办法》要点、出车前检查与途中安全驾驶。', [
    ['第一章 出车前检查', 'v1', 20], ['第二章 途中安全驾驶', 'v2', 20], ['第三章 安全须知（阅读）', 'd1', 10],
  ]],
  ['装卸作业安全', ['装卸管理人员', '押运员', '驾驶员'], '装卸作业安全规程', '装卸前核对、作业中监护与静电防护、作业后铅封与记录。', [
    ['第一章 装卸作业演示', 'v3', 15], ['第二章 装卸作业规程（阅读）', 'd2', 10],
  ]],
];

async function seed(db: Db, e: DemoEnterprise, withProgress: boolean) {
  const by = { enterpriseId: e.id, createdBy: e.adminUserId, updatedBy: e.adminUserId };
  const chapters: { id: string; courseId: string; seconds: number }[] = [];
  for (const [k, [name, posts, courseName, description, list]] of SUBJECTS.entries()) {
    const subjectId = await insertDemoRow(db, 'learning_subject', { name, posts, description: `${name}：${description}`, orderNum: k + 1, ...by });
    const courseId = await insertDemoRow(db, 'learning_course', { name: courseName, subjectId, description, chapterCount: list.length,
      totalMinutes: list.reduce((n, c) => n + c[2], 0), orderNum: 1, ...by });
    for (const [i, [title, key, minutes]] of list.entries()) {
      const [fileName, mime, videoSeconds] = FILES[key];
      const size = (await stat(path.join(MEDIA_DIR, fileName))).size;
      const fileId = (await db.execute<{ id: string }>(sql`insert into attachment (name, mime, size, storage_path, enterprise_id, created_by, biz_type)
        values (${fileName}, ${mime}, ${size}, ${DEMO_PREFIX + fileName}, ${e.id}, ${e.adminUserId}, 'courseChapter') returning id`)).rows[0]!.id;
      const seconds = videoSeconds || minutes * 60;
      const id = await insertDemoRow(db, 'learning_chapter', { courseId, title, orderNum: i + 1, file: [{ id: fileId, name: fileName }], minutes,
        kind: mime === 'application/pdf' ? '文档' : '视频', durationSeconds: seconds, ...by });
      chapters.push({ id, courseId, seconds });
    }
  }
  if (!withProgress) return;
  const drivers = (await db.execute<{ id: string }>(sql`select id from staff where enterprise_id = ${e.id} and status = '在职' and post = '驾驶员' order by created_at limit 2`)).rows;
  const first = chapters.slice(0, 3);
  const progress = (staffId: string, c: (typeof chapters)[number], to: number) => db.execute(sql`insert into learning_progress
    (enterprise_id, staff_id, course_id, chapter_id, year, intervals, watched_seconds, last_position)
    values (${e.id}, ${staffId}, ${c.courseId}, ${c.id}, extract(year from now())::int, ${JSON.stringify([[0, to]])}::jsonb, ${to}, ${to})`);
  if (drivers[0]) await progress(drivers[0].id, first[0]!, 8);
  if (drivers[1]) for (const c of first) await progress(drivers[1].id, c, c.seconds);
}

addDemoSeeder('learning', async (c) => {
  await seed(c.db, c.enterprises.a, true);
  await seed(c.db, c.enterprises.b, false);
  // the staff account's role (made by the regime seeder) studies: 我的课程
  await c.db.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
    select g.id, m.id, 'menu' from base_group g, base_menu m where g.code = 'enterpriseStaff' and m.code in ('learningManager', 'mySubjectManager') on conflict do nothing`);
  await c.db.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
    select g.id, e.id, 'button' from base_group g, base_element e where g.code = 'enterpriseStaff' and e.code = 'mySubjectManager:view' on conflict do nothing`);
});
