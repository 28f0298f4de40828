/**
 * 在线考试 (exam): 题库 (`question`), 考试管理 (`exam`, its workflow 草稿 → 已发布 → 已结束 run by the workflow engine)
 * and 考试成绩 (`examAttempt`, the generic list and export) are resource definitions (core resources/exam.ts) with
 * these hooks; taking an exam is these routes (./taking.ts), each behind 我的考试 and limited to the caller's own paper:
 * - `GET /exam/my/list` — my exams with my attempts
 * - `POST /exam/my/start/:id` — start (or resume) the exam `id`: answers the attempt's id
 * - `GET /exam/my/paper/:id` — my attempt: questions and my answers and the seconds left; graded once submitted
 * - `POST /exam/my/answer/:id` — save one answer `{ questionId, answer }`
 * - `POST /exam/my/submit/:id` — 交卷
 * - `GET /exam/my/history/:id` — my attempts at the exam `id`
 * - `GET /exam/examAttempt/paper/:id` — 考试管理's graded paper of any attempt in its scope
 */
import { z } from 'zod';
import { drawPaper, exam, examAnswers, examAttempt, normaliseKey, paperSeed, totalScore } from '@dg/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from '../../platform/context.ts';
import { badInput, notFound, ok } from '../../platform/errors.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { findRow } from '../../platform/crud/query.ts';
import { workflowRoutes, type WorkflowRegistration } from '../../platform/workflow.ts';
import { idParam } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import { sql } from 'drizzle-orm';
import { gradeOpen, myExams, myHistory, myPaper, paperOf, planOf, poolOf, saveAnswer, startAttempt, submitMine, sweepDue } from './taking.ts';

const OPTION_FIELDS = ['optionA', 'optionB', 'optionC', 'optionD', 'optionE', 'optionF'] as const;

defineHooks('question', {
  // the key is stored in one form (letters in order); a 判断 offers 正确 and 错误 whatever was typed in the options
  beforeWrite(_c, values, _mode, existing) {
    const merged = { ...existing, ...values };
    if (merged.type === '判断') {
      Object.assign(values, { optionA: '正确', optionB: '错误', optionC: null, optionD: null, optionE: null, optionF: null });
      Object.assign(merged, values);
    }
    const k = normaliseKey({ type: String(merged.type ?? ''), answer: merged.answer, options: OPTION_FIELDS.map((f) => merged[f] as string | null) });
    if ('refusal' in k) throw badInput(k.refusal);
    values.answer = k.key;
  },
});

defineHooks('exam', {
  beforeWrite(_c, values, _mode, existing) {
    const m = { ...existing, ...values };
    if (m.startAt && m.endAt && new Date(m.endAt as string) <= new Date(m.startAt as string)) throw badInput('结束时间：应晚于开始时间');
    if (totalScore(planOf({ single_count: m.singleCount, single_score: m.singleScore, multi_count: m.multiCount, multi_score: m.multiScore,
      judge_count: m.judgeCount, judge_score: m.judgeScore } as never)) <= 0) throw badInput('单选题数量：请设置至少一种题型的数量和分值');
  },
});

export const examWorkflowReg: WorkflowRegistration = {
  def: exam,
  subject: 'exam',
  hooks: {
    steps: {
      // a paper must be possible for every candidate before anyone can start; a fixed paper is drawn here, once
      publish: async ({ before, tx }) => {
        const plan = planOf({ single_count: before.singleCount, single_score: before.singleScore, multi_count: before.multiCount,
          multi_score: before.multiScore, judge_count: before.judgeCount, judge_score: before.judgeScore } as never);
        if (!(before.candidatePosts as string[] | null)?.length && !(before.candidateStaffIds as string[] | null)?.length) throw badInput('考生：请选择考生岗位或考生');
        const total = totalScore(plan);
        if (Number(before.passScore) > total) throw badInput(`及格分：不能高于试卷总分${total}分`);
        const drawn = drawPaper(await poolOf(tx, before.enterpriseId as string, before.subjectId as string), plan, paperSeed(before.id as string, before.paperMode as string, ''));
        if ('refusal' in drawn) throw badInput(drawn.refusal);
        return { set: { totalScore: total, publishedAt: new Date(), paperIds: before.paperMode === '固定' ? drawn.ids : null } };
      },
      // open papers are handed in as they stand
      finish: ({ before }) => ({ also: async (_after: Row, tx) => { await gradeOpen(tx, sql`a.exam_id = ${before.id as string}::uuid`, true, 100_000); } }),
    },
  },
};

const answerBody = z.object({
  questionId: z.string().uuid('试题：试题不存在').describe('试题id'),
  answer: z.union([z.string().max(12), z.array(z.string().max(1)).max(6)], { error: '答案：请选择答案' }).describe('所选的选项字母（多选可为数组或"AC"）'),
});
const MY = { access: { menu: 'myExemManager' as const } };

export const examModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  workflowRoutes(app, examWorkflowReg);

  app.get('/exam/my/list', { config: MY, schema: { tags: ['我的考试'], summary: '我的考试（我是考生的已发布、已结束考试及我的考试次数、成绩）', response: answer(examAnswers.myList) } },
    async (req) => ok(await myExams(db(), req.user!)));
  app.post('/exam/my/start/:id', { config: { access: { menu: 'myExemManager', opt: '开始考试' } }, schema: { tags: ['我的考试'], summary: '开始考试（有未交卷的试卷时继续该试卷，计时不重新开始）', params: idParam, response: answer(examAnswers.start) } },
    async (req) => ok(await startAttempt(db(), req.user!, req.params.id)));
  app.get('/exam/my/paper/:id', { config: MY, schema: { tags: ['我的考试'], summary: '我的试卷（交卷前不含答案和解析）', params: idParam, response: answer(examAnswers.paper) } },
    async (req) => ok(await myPaper(db(), req.user!, req.params.id)));
  app.post('/exam/my/answer/:id', { config: MY, schema: { tags: ['我的考试'], summary: '保存一题的答案（作答即保存）', params: idParam, body: answerBody, response: answer(examAnswers.saved) } },
    async (req) => ok(await saveAnswer(db(), req.user!, req.params.id, req.body.questionId, req.body.answer)));
  app.post('/exam/my/submit/:id', { config: { access: { menu: 'myExemManager', opt: '交卷' } }, schema: { tags: ['我的考试'], summary: '交卷（客观题立即评分）', params: idParam, response: answer(examAnswers.paper) } },
    async (req) => ok(await submitMine(db(), req.user!, req.params.id)));
  app.get('/exam/my/history/:id', { config: MY, schema: { tags: ['我的考试'], summary: '我的考试记录（某次考试的各次成绩）', params: idParam, response: answer(examAnswers.history) } },
    async (req) => ok(await myHistory(db(), req.user!, req.params.id)));

  app.get('/exam/examAttempt/paper/:id', { config: { access: { menu: 'exemManager' } }, schema: { tags: [examAttempt.title], summary: '考生的答卷（已交卷的含评分）', params: idParam, response: answer(examAnswers.paper) } },
    async (req) => {
      const a = await findRow(db(), examAttempt, req.user!, req.params.id);
      if (!a) throw notFound();
      if (a.state === '答题中') await sweepDue(db(), sql`a.id = ${a.id as string}::uuid`);
      return ok(await paperOf(db(), a.id as string));
    });

  // papers past their deadline are handed in though no browser is open: now and every half minute on every instance
  const sweep = () => sweepDue(db()).catch((err) => app.log.error({ err }, '考试超时交卷'));
  await sweep();
  const timer = setInterval(sweep, 30_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};

