/**
 * Taking an exam through the API as the demo driver (yuangong, a staff record of enterprise A): answers saved as given
 * and found again after a "reload", the clock fixed at the start, a paper past its deadline handed in by the sweep with
 * no client, 可考次数, the answer key kept from every candidate route before submission, another enterprise kept out,
 * and the question import's report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testApp, uid, type TestApp, type DemoUser } from '../helpers.ts';
import { importXlsx, writeXlsx } from '../records/fixtures.ts';
import { sweepDue } from '../../src/modules/exam/taking.ts';
import { DEMO_SUBJECT } from '../../src/modules/exam/questions.ts';

let t: TestApp;
let driverStaff: string;
let enterpriseA: string;
let subjectId: string;

async function ok(method: string, url: string, as: DemoUser, body?: unknown) {
  const r = await t.call(method, url, { as, body });
  if (r.body?.status !== 200) throw new Error(`${method} ${url} as ${as}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** a published exam of enterprise A for the driver: 3 单选 × 10 + 2 多选 × 20 + 3 判断 × 10 = 100 */
async function publishedExam(o: { maxAttempts?: number; duration?: number; paperMode?: string } = {}) {
  const now = Date.now();
  const added = await ok('POST', '/api/exam/exam/add', 'qiye', {
    title: uid('考试'), subjectId, startAt: new Date(now - 3_600_000).toISOString(), endAt: new Date(now + 86_400_000).toISOString(), duration: o.duration ?? 30,
    passScore: 60, maxAttempts: o.maxAttempts ?? 1, paperMode: o.paperMode ?? '随机', singleCount: 3, singleScore: 10, multiCount: 2, multiScore: 20,
    judgeCount: 3, judgeScore: 10, candidateStaffIds: [driverStaff],
  });
  const published = await ok('POST', `/api/exam/exam/publish/${added.id}`, 'qiye', { version: added.version });
  expect(published.state).toBe('已发布');
  expect(Number(published.totalScore)).toBe(100);
  return published.id as string;
}

const keysOf = async (ids: string[]) => new Map((await t.sql<{ id: string; answer: string; explanation: string }>(
  'select id, answer, explanation from exam_question where id = any($1::uuid[])', [ids])).map((q) => [q.id, q]));

beforeAll(async () => {
  t = await testApp();
  [{ staff_id: driverStaff, enterprise_id: enterpriseA }] = await t.sql('select staff_id, enterprise_id from base_user where username = $1', ['yuangong']);
  expect(driverStaff).toBeTruthy();
  [{ id: subjectId }] = await t.sql('select id from learning_subject where enterprise_id = $1 and name = $2', [enterpriseA, DEMO_SUBJECT]);
});

describe('taking an exam', () => {
  it('saves each answer as given; a reload finds them and the same clock; submission grades at once', async () => {
    const examId = await publishedExam({ maxAttempts: 2 });
    const mine = await ok('GET', '/api/exam/my/list', 'yuangong');
    expect(mine.find((e: { id: string }) => e.id === examId)).toMatchObject({ attempts: 0, maxAttempts: 2 });
    const { attemptId, resumed } = await ok('POST', `/api/exam/my/start/${examId}`, 'yuangong');
    expect(resumed).toBe(false);
    const paper = await ok('GET', `/api/exam/my/paper/${attemptId}`, 'yuangong');
    expect(paper.questions.map((q: { type: string }) => q.type)).toEqual(['单选', '单选', '单选', '多选', '多选', '判断', '判断', '判断']);
    expect(paper.secondsLeft).toBeGreaterThan(29 * 60 - 120);
    const keys = await keysOf(paper.questions.map((q: { id: string }) => q.id));
    // right on every question but the first (a wrong letter) and the last (unanswered)
    const qs = paper.questions as { id: string; type: string; score: number }[];
    for (const [i, q] of qs.entries()) {
      if (i === qs.length - 1) continue;
      const key = keys.get(q.id)!.answer;
      const given = i === 0 ? (key === 'A' ? 'B' : 'A') : key.split('');
      expect(await ok('POST', `/api/exam/my/answer/${attemptId}`, 'yuangong', { questionId: q.id, answer: given })).toMatchObject({ questionId: q.id });
    }
    // a resend of the same answer (a retry after a lost connection) changes nothing
    await ok('POST', `/api/exam/my/answer/${attemptId}`, 'yuangong', { questionId: qs[1]!.id, answer: keys.get(qs[1]!.id)!.answer });
    // "reload": the paper again, and 开始考试 again resumes it
    const again = await ok('GET', `/api/exam/my/paper/${attemptId}`, 'yuangong');
    expect(again.deadlineAt).toBe(paper.deadlineAt);
    expect(again.answered).toBe(qs.length - 1);
    expect(again.questions[1].answer).toBe(keys.get(qs[1]!.id)!.answer);
    expect(await ok('POST', `/api/exam/my/start/${examId}`, 'yuangong')).toEqual({ attemptId, resumed: true });

    const graded = await ok('POST', `/api/exam/my/submit/${attemptId}`, 'yuangong');
    const expected = qs.slice(1, -1).reduce((s, q) => s + q.score, 0);
    expect(graded).toMatchObject({ state: '已交卷', score: expected, passed: expected >= 60, autoSubmitted: false });
    expect(graded.questions[0]).toMatchObject({ correct: false, points: 0, key: keys.get(qs[0]!.id)!.answer, explanation: keys.get(qs[0]!.id)!.explanation });
    // the graded paper the hand-in answers with is the one a later read shows, question for question
    const { serverNow: _handedAt, ...handed } = graded;
    const { serverNow: _readAt, ...reread } = await ok('GET', `/api/exam/my/paper/${attemptId}`, 'yuangong');
    expect(handed).toEqual(reread);
    const refused = await t.call('POST', `/api/exam/my/answer/${attemptId}`, { as: 'yuangong', body: { questionId: qs[0]!.id, answer: 'A' } });
    expect(refused.body).toMatchObject({ status: 40001, message: '试卷已交卷，答案不能再修改' });
    const history = await ok('GET', `/api/exam/my/history/${examId}`, 'yuangong');
    expect(history.attempts).toEqual([expect.objectContaining({ id: attemptId, attemptNo: 1, score: expected })]);
  });

  it('refuses an attempt past 可考次数', async () => {
    const examId = await publishedExam({ maxAttempts: 1 });
    const { attemptId } = await ok('POST', `/api/exam/my/start/${examId}`, 'yuangong');
    await ok('POST', `/api/exam/my/submit/${attemptId}`, 'yuangong');
    const r = await t.call('POST', `/api/exam/my/start/${examId}`, { as: 'yuangong' });
    expect(r.body).toMatchObject({ status: 40001, message: '您已考试1次，已达到可考次数（1次），不能再考' });
    expect(await t.sql('select count(*)::int as n from exam_attempt where exam_id = $1', [examId])).toEqual([{ n: 1 }]);
  });

  it('hands in a paper past its deadline with no client, keeping its answers', async () => {
    const examId = await publishedExam({ duration: 1 });
    const { attemptId } = await ok('POST', `/api/exam/my/start/${examId}`, 'yuangong');
    const paper = await ok('GET', `/api/exam/my/paper/${attemptId}`, 'yuangong');
    const keys = await keysOf(paper.questions.map((q: { id: string }) => q.id));
    const q = paper.questions[3];
    await ok('POST', `/api/exam/my/answer/${attemptId}`, 'yuangong', { questionId: q.id, answer: keys.get(q.id)!.answer });
    // the minute passes: the deadline is moved back instead of the test waiting for it
    await t.sql(`update exam_attempt set deadline_at = now() - interval '1 second' where id = $1`, [attemptId]);
    const late = await t.call('POST', `/api/exam/my/answer/${attemptId}`, { as: 'yuangong', body: { questionId: paper.questions[0].id, answer: 'A' } });
    expect(late.body).toMatchObject({ status: 40001, message: '考试时间已到，试卷已自动交卷' });
    // the same again, but nobody comes back: the instance's sweep (its timer's function) submits it
    const examId2 = await publishedExam({ duration: 1 });
    const { attemptId: second } = await ok('POST', `/api/exam/my/start/${examId2}`, 'yuangong');
    const p2 = await ok('GET', `/api/exam/my/paper/${second}`, 'yuangong');
    const k2 = await keysOf(p2.questions.map((x: { id: string }) => x.id));
    await ok('POST', `/api/exam/my/answer/${second}`, 'yuangong', { questionId: p2.questions[0].id, answer: k2.get(p2.questions[0].id)!.answer });
    await t.sql(`update exam_attempt set deadline_at = now() - interval '1 second' where id = $1`, [second]);
    expect(await sweepDue(t.app.ctx.database.db, sql`a.id = ${second}::uuid`)).toBe(1);
    const [row] = await t.sql('select state, auto_submitted, score::float as score, submitted_at <= deadline_at as on_time from exam_attempt where id = $1', [second]);
    expect(row).toEqual({ state: '已交卷', auto_submitted: true, score: 10, on_time: true });
    const shown = await ok('GET', `/api/exam/my/paper/${attemptId}`, 'yuangong');
    expect(shown).toMatchObject({ state: '已交卷', autoSubmitted: true, score: q.score });
  });
});

describe('the answer key', () => {
  it('reaches no candidate route before submission', async () => {
    const examId = await publishedExam({ paperMode: '固定' });
    const seen: unknown[] = [];
    const call = async (method: string, url: string, body?: unknown) => { const r = await ok(method, url, 'yuangong', body); seen.push(r); return r; };
    await call('GET', '/api/exam/my/list');
    const { attemptId } = await call('POST', `/api/exam/my/start/${examId}`);
    const paper = await call('GET', `/api/exam/my/paper/${attemptId}`);
    await call('POST', `/api/exam/my/answer/${attemptId}`, { questionId: paper.questions[0].id, answer: 'A' });
    await call('GET', `/api/exam/my/history/${examId}`);
    const keys = await keysOf(paper.questions.map((q: { id: string }) => q.id));
    const text = JSON.stringify(seen);
    // an explanation may repeat a stem's or an option's words, even whole (one question's explanation is another's
    // 判断 stem): no value sent is an explanation unless the paper shows it as a stem or an option
    const shown = new Set<unknown>(paper.questions.flatMap((p: { stem: string; options: string[] }) => [p.stem, ...p.options]));
    const values: unknown[] = [];
    JSON.stringify(seen, (_k, v: unknown) => { if (typeof v === 'string' && !shown.has(v)) values.push(v); return v; });
    for (const q of keys.values()) expect(values).not.toContain(q.explanation);
    for (const p of paper.questions) expect(Object.keys(p).sort()).toEqual(['answer', 'id', 'no', 'options', 'score', 'stem', 'type']);
    expect(text).not.toMatch(/"(key|explanation|correct|points|questionIds|paperIds)"/);
    // nor the bank, the managers' lists or a paper through the managers' route
    for (const url of ['/api/exam/question/list', '/api/exam/exam/list', '/api/exam/examAttempt/list']) {
      expect((await t.call('POST', url, { as: 'yuangong', body: { page: 1, size: 10 } })).body.status).toBe(40301);
    }
    expect((await t.call('GET', `/api/exam/examAttempt/paper/${attemptId}`, { as: 'yuangong' })).body.status).toBe(40301);
    expect((await t.call('GET', `/api/exam/question/info/${paper.questions[0].id}`, { as: 'yuangong' })).body.status).toBe(40301);
  });
});

describe('scope', () => {
  it("keeps enterprise A's results from enterprise B and shows them to A's manager", async () => {
    const examId = await publishedExam();
    const { attemptId } = await ok('POST', `/api/exam/my/start/${examId}`, 'yuangong');
    await ok('POST', `/api/exam/my/submit/${attemptId}`, 'yuangong');
    const filters = { examId };
    const a = await ok('POST', '/api/exam/examAttempt/list', 'qiye', { page: 1, size: 10, filters });
    expect(a.content.map((r: { id: string }) => r.id)).toEqual([attemptId]);
    const b = await ok('POST', '/api/exam/examAttempt/list', 'qiye2', { page: 1, size: 10, filters });
    expect(b.content).toEqual([]);
    expect((await t.call('GET', `/api/exam/examAttempt/paper/${attemptId}`, { as: 'qiye2' })).body.status).toBe(40001);
    expect((await t.call('POST', `/api/exam/my/start/${examId}`, { as: 'qiye2' })).body.status).not.toBe(200);
    const paper = await ok('GET', `/api/exam/examAttempt/paper/${attemptId}`, 'qiye');
    expect(paper.questions[0]).toHaveProperty('key');
  });
});

describe('question import', () => {
  it('reports each bad row and imports nothing, or only the good rows when asked', async () => {
    const stem = uid('题干');
    const header = ['科目', '题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '答案', '解析', '难度'];
    const rows = [
      header,
      [DEMO_SUBJECT, '单选', `${stem}1`, '甲', '乙', '丙', '', '', '', 'B', '乙是对的', '易'],
      [DEMO_SUBJECT, '多选', `${stem}2`, '甲', '乙', '', '', '', '', 'A', '', '中'],
      [DEMO_SUBJECT, '判断', `${stem}3`, '', '', '', '', '', '', '正确', '', '难'],
      [DEMO_SUBJECT, '填空', `${stem}4`, '甲', '乙', '', '', '', '', 'A', '', '中'],
    ];
    const file = await writeXlsx(rows);
    const rep = await importXlsx(t, '/api/exam/question/import', 'qiye', file);
    expect(rep.data).toMatchObject({ total: 4, imported: 0, badRows: 2 });
    expect(rep.data.errors).toEqual([
      expect.objectContaining({ row: 3, message: '答案：多选题至少有两个答案' }),
      expect.objectContaining({ row: 5, field: '题型' }),
    ]);
    expect(await t.sql('select count(*)::int as n from exam_question where stem like $1', [`${stem}%`])).toEqual([{ n: 0 }]);
    const valid = await importXlsx(t, '/api/exam/question/import?validOnly=1', 'qiye', file);
    expect(valid.data).toMatchObject({ total: 4, imported: 2 });
    expect(await t.sql('select stem, answer, option_a, option_b from exam_question where stem like $1 and enterprise_id = $2 order by stem', [`${stem}%`, enterpriseA])).toEqual([
      { stem: `${stem}1`, answer: 'B', option_a: '甲', option_b: '乙' },
      { stem: `${stem}3`, answer: 'A', option_a: '正确', option_b: '错误' },
    ]);
  });
});
