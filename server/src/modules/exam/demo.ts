/**
 * Demo rows of 在线考试: each demo enterprise's question bank (./questions.ts), an exam open now for its drivers and
 * escorts (a paper drawn per candidate) and last month's ended exam with the results of several staff, one handed in
 * by the clock. The staff account (a driver of enterprise A, see regime/demo.ts) is granted 我的考试.
 */
import { sql } from 'drizzle-orm';
import { drawPaper, paperSeed, totalScore } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { addDemoSeeder, insertDemoRow, type DemoEnterprise } from '../../db/seed-demo.ts';
import { DEMO_QUESTIONS, DEMO_SUBJECT } from './questions.ts';
import { gradeOpen, planOf, poolOf } from './taking.ts';

const at = (days: number) => sql.raw(`(now() + interval '${days} days')`);
const PLAN = { singleCount: 20, singleScore: 2, multiCount: 10, multiScore: 4, judgeCount: 10, judgeScore: 2 };

/** the questions' subject: 在线学习's subject for drivers and escorts when it is there, else one of its own */
async function subjectOf(db: Db, e: DemoEnterprise): Promise<string> {
  const found = (await db.execute<{ id: string }>(sql`select id from learning_subject where enterprise_id = ${e.id} and name = ${DEMO_SUBJECT}`)).rows[0];
  return found?.id ?? insertDemoRow(db, 'learning_subject', { name: DEMO_SUBJECT, posts: ['驾驶员', '押运员'], orderNum: 1,
    description: `${DEMO_SUBJECT}：《危险货物道路运输安全管理办法》要点与装货人“五必查”。`, enterpriseId: e.id, createdBy: e.adminUserId, updatedBy: e.adminUserId });
}

async function seedBank(db: Db, e: DemoEnterprise, subjectId: string) {
  const by = { enterpriseId: e.id, subjectId, createdBy: e.adminUserId, updatedBy: e.adminUserId };
  for (const [type, stem, options, key, explanation, difficulty] of DEMO_QUESTIONS) {
    const opts = type === '判断' ? ['正确', '错误'] : options;
    const answer = type === '判断' ? (key === '正确' ? 'A' : 'B') : key;
    await insertDemoRow(db, 'exam_question', { type, stem, optionA: opts[0] ?? null, optionB: opts[1] ?? null, optionC: opts[2] ?? null,
      optionD: opts[3] ?? null, answer, explanation, difficulty, ...by });
  }
}

async function seedExams(db: Db, e: DemoEnterprise, subjectId: string) {
  const by = { enterpriseId: e.id, createdBy: e.adminUserId, updatedBy: e.adminUserId };
  const total = totalScore(planOf({ single_count: PLAN.singleCount, single_score: PLAN.singleScore, multi_count: PLAN.multiCount,
    multi_score: PLAN.multiScore, judge_count: PLAN.judgeCount, judge_score: PLAN.judgeScore } as never));
  await insertDemoRow(db, 'exam', { title: `${new Date().getFullYear()}年度驾驶员押运员安全知识考试`, state: '已发布', startAt: at(-3), endAt: at(30), duration: 60,
    passScore: 60, maxAttempts: 2, paperMode: '随机', ...PLAN, subjectId, candidatePosts: ['驾驶员', '押运员'], totalScore: total, publishedAt: at(-4),
    remark: '考试内容：《危险货物道路运输安全管理办法》及装货人“五必查”。作答即保存，限时60分钟，时间到自动交卷。', ...by });
  const ended = await insertDemoRow(db, 'exam', { title: '“五必查”专项考试', state: '已结束', startAt: at(-40), endAt: at(-30), duration: 45,
    passScore: 60, maxAttempts: 1, paperMode: '固定', ...PLAN, subjectId, candidatePosts: ['驾驶员', '押运员', '装卸管理人员'], totalScore: total, publishedAt: at(-41), ...by });
  const drawn = drawPaper(await poolOf(db, e.id, subjectId), planOf({ single_count: PLAN.singleCount, single_score: PLAN.singleScore, multi_count: PLAN.multiCount,
    multi_score: PLAN.multiScore, judge_count: PLAN.judgeCount, judge_score: PLAN.judgeScore } as never), paperSeed(ended, '固定', ''));
  if ('refusal' in drawn) throw new Error(drawn.refusal);
  await db.execute(sql`update exam set paper_ids = ${JSON.stringify(drawn.ids)}::jsonb where id = ${ended}`);
  const staff = (await db.execute<{ id: string; name: string; post: string }>(sql`select id, name, post from staff where enterprise_id = ${e.id}
    and status = '在职' and post in ('驾驶员', '押运员', '装卸管理人员') order by created_at limit 5`)).rows;
  const keys = new Map((await db.execute<{ id: string; answer: string }>(sql`select id, answer from exam_question where enterprise_id = ${e.id}`)).rows.map((q) => [q.id, q.answer]));
  for (const [i, s] of staff.entries()) {
    const attempt = await insertDemoRow(db, 'exam_attempt', { examId: ended, staffId: s.id, staffName: s.name, post: s.post, attemptNo: 1, state: '答题中',
      startedAt: at(-35 + i), deadlineAt: sql.raw(`(now() + interval '${-35 + i} days' + interval '45 minutes')`), autoSubmitted: false,
      questionIds: sql`${JSON.stringify(drawn.ids)}::jsonb`, ...by });
    // each answers right a different share of the paper: 95 %, 85 %, …; the last leaves the rest unanswered
    for (const [n, q] of drawn.ids.entries()) {
      const right = (n * 7 + i * 3) % 20 >= i * 3;
      if (i === staff.length - 1 && n > 30) break;
      const key = keys.get(q)!;
      await db.execute(sql`insert into exam_answer (attempt_id, question_id, answer, saved_at) values (${attempt}, ${q}, ${right ? key : key === 'A' ? 'B' : 'A'}, ${at(-35 + i)})`);
    }
  }
  await gradeOpen(db, sql`a.exam_id = ${ended}::uuid`, true);
  // all but the last handed in themselves, a few minutes before the clock
  await db.execute(sql`update exam_attempt set auto_submitted = false, submitted_at = deadline_at - interval '7 minutes'
    where exam_id = ${ended} and staff_name <> ${staff[staff.length - 1]?.name ?? ''}`);
}

addDemoSeeder('exam', async (c) => {
  for (const e of [c.enterprises.a, c.enterprises.b]) {
    const subjectId = await subjectOf(c.db, e);
    await seedBank(c.db, e, subjectId);
    await seedExams(c.db, e, subjectId);
  }
  await c.db.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
    select g.id, m.id, 'menu' from base_group g, base_menu m where g.code = 'enterpriseStaff' and m.code in ('learningManager', 'myExemManager') on conflict do nothing`);
  await c.db.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
    select g.id, x.id, 'button' from base_group g, base_element x where g.code = 'enterpriseStaff' and x.code = 'myExemManager:view' on conflict do nothing`);
});
