/**
 * Exam day at province scale: CANDIDATES staff of one enterprise (accounts of their own) sit one published exam at
 * once, from this process through the API, as the exam page does. The opening: 开始考试 and the paper, all within the
 * first ANSWER_EVERY_SECONDS. The sitting, once everyone holds a paper: each candidate answers the whole paper, one
 * question after another, at a pace of their own (an answer every 3–7 s, ANSWER_EVERY_SECONDS on average, each gap
 * ±30 %), then hands in: the hand-ins come as people finish, over about a minute, not all in the same seconds. The two are timed
 * apart so that the answer saves are measured as the sitting meets them, not queued behind the opening's draws. Afterwards the database is read: every answer the load got 200 for must be stored
 * with the letters sent (answers lost = acknowledged − stored as sent). Prints a table; asserts nothing.
 * Goals on PostgreSQL: answer save p99 ≤ 50 ms, 0 answers lost.
 */
import pg from 'pg';
import { alone, createCrowd, printWhereTimeGoes, summary, timedCall, type ProbeContext } from './accounts.ts';

export interface ExamBenchContext extends ProbeContext { label?: string }

const CANDIDATES = Number(process.env.BENCH_EXAM_CANDIDATES ?? 2_000);
const ANSWER_EVERY_SECONDS = 5;
/** the slowest and fastest candidate's pace: their seconds between two answers, on average */
const PACE_SECONDS: [number, number] = [3, 7];
/** what the first candidate alone saves, one call after another */
const ANSWERS = 8;
/** the paper: 10 单选 + 5 多选 + 5 判断 drawn per candidate from the demo bank */
const PLAN = { single_count: 10, single_score: 5, multi_count: 5, multi_score: 6, judge_count: 5, judge_score: 4 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchExam(c: ExamBenchContext) {
  if (!c.databaseUrl) { console.log('\nexam: skipped (needs the database URL)'); return; }
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  try {
    const [bank] = (await db.query(`select q.enterprise_id, q.subject_id, u.id as user_id from exam_question q join base_user u on u.enterprise_id = q.enterprise_id
      where u.username = 'qiye' group by 1, 2, 3 order by count(*) desc limit 1`)).rows;
    const crowd = await createCrowd(db, c.baseUrl, { enterpriseId: bank.enterprise_id, count: CANDIDATES, tag: { digit: '7', username: 'examinee', name: '压测考生' } });
    const [exam] = (await db.query(`insert into exam (enterprise_id, subject_id, title, state, start_at, end_at, duration, pass_score, max_attempts, paper_mode,
        single_count, single_score, multi_count, multi_score, judge_count, judge_score, candidate_staff_ids, total_score, published_at, created_by, updated_by)
      values ($1, $2, '压测考试', '已发布', now() - interval '1 minute', now() + interval '1 day', 60, 60, 2, '随机',
        $3, $4, $5, $6, $7, $8, $9::uuid[], 100, now(), $10, $10) returning id`,
    [bank.enterprise_id, bank.subject_id, PLAN.single_count, PLAN.single_score, PLAN.multi_count, PLAN.multi_score, PLAN.judge_count, PLAN.judge_score, crowd.staffIds, bank.user_id])).rows;
    const api = `${c.baseUrl}/api/exam/my`;
    const starts: { ms: number; ok: boolean }[] = [];
    const papers: { ms: number; ok: boolean }[] = [];
    const saves: { at: number; ms: number; ok: boolean }[] = [];
    const submits: { at: number; ms: number; ok: boolean }[] = [];
    /** attempt → question → the letters the server acknowledged */
    const acknowledged = new Map<string, Map<string, string>>();
    // where one call's time goes, before the crowd: the first candidate alone starts, reads the paper and saves answers
    // (each save one of the paper's first ANSWERS questions again), the statements of each beside the call
    {
      const tk = crowd.tokens[0]!;
      const start = await alone('开始考试 (a new attempt)', 1, () => timedCall(`${api}/start/${exam.id}`, tk, {}), 0);
      const resume = await alone('开始考试 again (resumes it)', 30, () => timedCall(`${api}/start/${exam.id}`, tk, {}));
      const attemptId = (await timedCall(`${api}/start/${exam.id}`, tk, {})).data.attemptId as string;
      const questions = (await timedCall(`${api}/paper/${attemptId}`, tk)).data.questions as { id: string; type: string }[];
      const paper = await alone('试卷 (GET paper)', 30, () => timedCall(`${api}/paper/${attemptId}`, tk));
      const save = await alone('保存答案 (answer save)', 200, (k) => {
        const q = questions[k % ANSWERS]!;
        return timedCall(`${api}/answer/${attemptId}`, tk, { questionId: q.id, answer: q.type === '多选' ? 'AB' : 'A' });
      });
      // 交卷 by a second candidate who has answered the paper's first ANSWERS (the exam allows two attempts, so both sit
      // again with the crowd)
      const other = crowd.tokens[1]!;
      const submit = await alone('交卷 (graded at once)', 1, async () => {
        const { attemptId: id } = (await timedCall(`${api}/start/${exam.id}`, other, {})).data as { attemptId: string };
        const qs = (await timedCall(`${api}/paper/${id}`, other)).data.questions as { id: string; type: string }[];
        for (const q of qs.slice(0, ANSWERS)) await timedCall(`${api}/answer/${id}`, other, { questionId: q.id, answer: q.type === '多选' ? 'AB' : 'A' });
        return timedCall(`${api}/submit/${id}`, other, {});
      }, 0);
      await printWhereTimeGoes(c, `在线考试 — ${c.label ?? ''}`, [start, resume, paper, save, submit]);
    }
    const t0 = performance.now();
    // the opening: everyone starts within the first ANSWER_EVERY_SECONDS and loads the paper
    const sitting = (await Promise.all(crowd.tokens.map(async (tk, i) => {
      await sleep((i / crowd.tokens.length) * ANSWER_EVERY_SECONDS * 1000);
      const start = await timedCall(`${api}/start/${exam.id}`, tk, {});
      starts.push(start);
      if (!start.ok) return null;
      const attemptId = start.data.attemptId as string;
      const paper = await timedCall(`${api}/paper/${attemptId}`, tk);
      papers.push(paper);
      if (!paper.ok) return null;
      return { tk, i, attemptId, questions: paper.data.questions as { id: string; type: string; options: string[] }[] };
    }))).filter((x) => x !== null);
    const opening = (performance.now() - t0) / 1000;
    // the sitting: each candidate answers the whole paper at a pace of their own, then hands in
    const t1 = performance.now();
    await Promise.all(sitting.map(async ({ tk, i, attemptId, questions }) => {
      const mine = new Map<string, string>();
      acknowledged.set(attemptId, mine);
      const pace = PACE_SECONDS[0] + Math.random() * (PACE_SECONDS[1] - PACE_SECONDS[0]);
      for (const [n, q] of questions.entries()) {
        await sleep(pace * 1000 * (n === 0 ? Math.random() : 0.7 + 0.6 * Math.random()));
        const answer = q.type === '多选' ? 'AB' : ['A', 'B', 'C', 'D'][(i + n) % Math.min(4, q.options.length)]!;
        const saved = await timedCall(`${api}/answer/${attemptId}`, tk, { questionId: q.id, answer });
        saves.push(saved);
        if (saved.ok) mine.set(q.id, answer);
      }
      submits.push(await timedCall(`${api}/submit/${attemptId}`, tk, {}));
    }));
    const seconds = (performance.now() - t1) / 1000;
    const firstSubmit = Math.min(...submits.map((x) => x.at));
    const stored = (await db.query(`select x.attempt_id, x.question_id, x.answer from exam_answer x join exam_attempt a on a.id = x.attempt_id where a.exam_id = $1`, [exam.id])).rows as
      { attempt_id: string; question_id: string; answer: string }[];
    const asStored = new Map(stored.map((r) => [`${r.attempt_id}:${r.question_id}`, r.answer]));
    let sent = 0;
    let kept = 0;
    for (const [attemptId, mine] of acknowledged) {
      for (const [q, answer] of mine) {
        sent += 1;
        if (asStored.get(`${attemptId}:${q}`) === answer) kept += 1;
      }
    }
    const [{ graded }] = (await db.query(`select count(*) filter (where state = '已交卷')::int as graded from exam_attempt where exam_id = $1`, [exam.id])).rows;
    console.log(`\n在线考试 — ${c.label ?? ''}: ${crowd.tokens.length} candidates (set up and signed in in ${crowd.setupSeconds.toFixed(1)} s), `
      + `all started and holding their papers after ${opening.toFixed(0)} s; then the whole paper each at ${PACE_SECONDS[0]}–${PACE_SECONDS[1]} s an answer (~${Math.round(sitting.length / ANSWER_EVERY_SECONDS)}/s), and 交卷, over ${seconds.toFixed(0)} s; `
      + `the hand-ins from ${((Math.min(...submits.map((x) => x.at)) - t1) / 1000).toFixed(0)} s to ${((Math.max(...submits.map((x) => x.at)) - t1) / 1000).toFixed(0)} s; `
      + `answers acknowledged ${sent}, stored as sent ${kept}, lost ${sent - kept}; ${graded} papers graded`);
    console.table([
      { what: '开始考试', ...summary(starts) },
      { what: '试卷 (GET paper)', ...summary(papers) },
      { what: '保存答案 (answer save)', ...summary(saves) },
      // where the tail comes from: the saves sent before anyone handed in, and those sent while others were handing in
      { what: '  of which before the first 交卷', ...summary(saves.filter((x) => x.at < firstSubmit)) },
      { what: '  of which while others hand in', ...summary(saves.filter((x) => x.at >= firstSubmit)) },
      { what: '交卷 (submit, graded at once)', ...summary(submits) },
    ]);
  } finally {
    await db.end();
  }
}
