/**
 * Taking an exam. The candidate is the staff record the signed-in account stands for (base_user.staff_id). The clock
 * is the database's: an attempt's deadline is fixed when it starts (the duration, never past the exam's end) and every
 * answer is refused from then on, so neither a reload nor the browser's clock moves it. Each answer is one upsert of
 * its own row (exam_answer) the moment it is given. An attempt past its deadline is submitted by whoever comes first —
 * the candidate's next read, the sweep every instance runs on a timer — under `for update skip locked`, so several
 * instances never grade it twice. The answer key and the explanations leave the server only with a submitted paper.
 */
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { attemptDeadline, drawPaper, normaliseGiven, paperSeed, pointsOf, secondsLeft, PLAN_TYPES, QUESTION_TYPES, type examAnswers, type PaperPlan, type QuestionType, type Served } from '@dg/core';
import { execPrepared, type Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { staffOf } from '../../platform/staff-reads.ts';

export type ExamRow = {
  id: string; enterprise_id: string; subject_id: string; title: string; state: string; start_at: Date; end_at: Date; duration: number; pass_score: string;
  max_attempts: number; paper_mode: string; paper_ids: string[] | null; total_score: string | null;
  single_count: number; single_score: string; multi_count: number; multi_score: string; judge_count: number; judge_score: string;
};
type AttemptRow = {
  id: string; exam_id: string; enterprise_id: string; staff_id: string; attempt_no: number; state: '答题中' | '已交卷'; started_at: Date; deadline_at: Date;
  submitted_at: Date | null; auto_submitted: boolean; score: string | null; passed: boolean | null; question_ids: string[];
};

/**
 * the columns ExamRow names (not `e.*`: the exam's candidate list, thousands of ids on an exam day, stays in the
 * database, where the candidacy is decided)
 */
const EXAM_COLUMNS = sql`e.id, e.enterprise_id, e.subject_id, e.title, e.state, e.start_at, e.end_at, e.duration, e.pass_score, e.max_attempts, e.paper_mode,
  e.paper_ids, e.total_score, e.single_count, e.single_score, e.multi_count, e.multi_score, e.judge_count, e.judge_score`;

export const planOf = (e: Pick<ExamRow, 'single_count' | 'single_score' | 'multi_count' | 'multi_score' | 'judge_count' | 'judge_score'>): PaperPlan => ({
  single: { count: Number(e.single_count ?? 0), score: Number(e.single_score ?? 0) },
  multi: { count: Number(e.multi_count ?? 0), score: Number(e.multi_score ?? 0) },
  judge: { count: Number(e.judge_count ?? 0), score: Number(e.judge_score ?? 0) },
});
const scoreOfType = (plan: PaperPlan, type: string) => plan[PLAN_TYPES.find(([, t]) => t === type)![0]].score;

/** the pool a paper is drawn from: the exam enterprise's questions of the exam's subject */
export async function poolOf(db: Db, enterpriseId: string, subjectId: string) {
  return (await db.execute<{ id: string; type: string }>(sql`select id, type from exam_question where enterprise_id = ${enterpriseId} and subject_id = ${subjectId}`)).rows;
}

const NOT_A_CANDIDATE = '您的账户未关联人员档案，不能参加考试，请联系企业管理员关联';

/** the staff record of the signed-in candidate, or the refusal */
async function candidateOf(db: Db, user: SessionUser): Promise<string> {
  const staffId = await staffOf(db, user);
  if (!staffId) throw badInput(NOT_A_CANDIDATE);
  return staffId;
}

/** the exams the staff member is a candidate of: by post (while serving) or named */
const candidateOfExam = (staffId: string | SQL) => sql`exists (select 1 from staff s where s.id = ${staffId} and s.enterprise_id = e.enterprise_id
  and (${staffId}::uuid = any(coalesce(e.candidate_staff_ids, '{}')) or (s.status = '在职' and s.post = any(coalesce(e.candidate_posts, '{}')))))`;

/** 我的考试: the published or ended exams I am a candidate of, with my attempts */
export async function myExams(db: Db, user: SessionUser) {
  const staffId = await candidateOf(db, user);
  await sweepDue(db, sql`a.staff_id = ${staffId}`);
  return (await db.execute<Served<typeof examAnswers.myList>[number]>(sql`select e.id, e.title, e.state, e.start_at as "startAt", e.end_at as "endAt", e.duration, e.pass_score::float as "passScore",
      e.total_score::float as "totalScore", e.max_attempts as "maxAttempts",
      count(a.id)::int as "attempts", max(a.score)::float as "bestScore", bool_or(a.passed) as "passed",
      (array_agg(a.id) filter (where a.state = '答题中'))[1] as "openAttemptId", now() as "serverNow"
    from exam e left join exam_attempt a on a.exam_id = e.id and a.staff_id = ${staffId}
    where e.enterprise_id = ${user.enterpriseId} and e.state in ('已发布', '已结束') and ${candidateOfExam(staffId)}
    group by e.id order by e.start_at desc`)).rows;
}

/**
 * 开始考试: the open attempt (its clock running since it began), or a new one while attempts remain. One read finds
 * the exam, whether I am its candidate, my open attempt (and whether its time is up) and how many attempts I have
 * had; resuming is that read alone. An open attempt past its deadline is handed in first (committed, whatever the
 * answer to this start), as the candidate's next read would. The new attempt is one insert that the unique open
 * attempt guards: a second tab starting at the same moment finds the first one's row.
 */
export async function startAttempt(db: Db, user: SessionUser, examId: string): Promise<{ attemptId: string; resumed: boolean }> {
  if (user.side !== 'enterprise') throw badInput(NOT_A_CANDIDATE);
  const read = async () => (await execPrepared<ExamRow & { now: Date; staff_id: string | null; candidate: boolean; open_id: string | null; open_due: boolean | null; done: number }>(db, sql`
    select ${EXAM_COLUMNS}, now() as now, me.staff_id, ${candidateOfExam(sql`me.staff_id`)} as candidate, o.id as open_id, o.deadline_at <= now() as open_due,
      (select count(*)::int from exam_attempt x where x.exam_id = e.id and x.staff_id = me.staff_id) as done
    from (select staff_id from base_user where id = ${user.id}) me
      left join exam e on e.id = ${examId}::uuid and e.enterprise_id = ${user.enterpriseId}
      left join exam_attempt o on o.exam_id = e.id and o.staff_id = me.staff_id and o.state = '答题中'`, 'generic')).rows[0];
  let e = await read();
  const staffId = e?.staff_id;
  if (!e || !staffId) throw badInput(NOT_A_CANDIDATE);
  if (!e.id || !e.candidate) throw badInput('您不是本次考试的考生');
  if (e.open_id && !e.open_due) return { attemptId: e.open_id, resumed: true };
  if (e.open_id) {
    await sweepDue(db, sql`a.id = ${e.open_id}::uuid`);
    e = (await read())!;
    if (e.open_id) return { attemptId: e.open_id, resumed: true };
  }
  if (e.state !== '已发布') throw badInput(`考试当前为${e.state}，不能参加`);
  const now = new Date(e.now);
  if (now < new Date(e.start_at)) throw badInput('考试尚未开始');
  if (now >= new Date(e.end_at)) throw badInput('考试已结束');
  const done = Number(e.done);
  if (done >= e.max_attempts) throw badInput(`您已考试${done}次，已达到可考次数（${e.max_attempts}次），不能再考`);
  let ids = e.paper_ids;
  if (e.paper_mode === '随机' || !ids?.length) {
    const drawn = drawPaper(await poolOf(db, e.enterprise_id, e.subject_id), planOf(e), paperSeed(e.id, e.paper_mode, staffId));
    if ('refusal' in drawn) throw badInput(`试卷无法生成（${drawn.refusal}），请联系考试管理员`);
    ids = drawn.ids;
  }
  const deadline = attemptDeadline(now, e.duration, new Date(e.end_at));
  const ins = await db.execute<{ id: string }>(sql`insert into exam_attempt (enterprise_id, exam_id, staff_id, staff_name, post, attempt_no, state,
      started_at, deadline_at, auto_submitted, question_ids, user_id, created_by, updated_by)
    select s.enterprise_id, ${examId}, s.id, s.name, s.post, ${done + 1}, '答题中', ${now}, ${deadline}, false, ${JSON.stringify(ids)}::jsonb, ${user.id}, ${user.id}, ${user.id}
    from staff s where s.id = ${staffId} on conflict do nothing returning id`);
  if (ins.rows[0]) return { attemptId: ins.rows[0].id, resumed: false };
  const again = (await db.execute<{ id: string }>(sql`select id from exam_attempt where exam_id = ${examId} and staff_id = ${staffId} and state = '答题中'`)).rows[0];
  if (!again) throw badInput('考试开始失败，请重试');
  return { attemptId: again.id, resumed: true };
}

/**
 * saves one answer at once (one statement: the attempt must be mine, open and before its deadline, the question on my
 * paper); a resend of the same answer is the same row. The refusal says why when nothing was saved.
 */
export async function saveAnswer(db: Db, user: SessionUser, attemptId: string, questionId: string, given: unknown) {
  const answer = normaliseGiven(given);
  // prepared on a generic plan (look-ups by key): planned once per connection, not on each of a sitting's saves
  const r = await execPrepared<{ saved_at: Date }>(db, sql`insert into exam_answer (attempt_id, question_id, answer)
    select a.id, ${questionId}::uuid, ${answer} from exam_attempt a
    where a.id = ${attemptId}::uuid and a.staff_id = (select staff_id from base_user where id = ${user.id}) and a.state = '答题中'
      and a.deadline_at > now() and a.question_ids ? ${questionId}
    on conflict (attempt_id, question_id) do update set answer = excluded.answer, saved_at = now() returning saved_at`, 'generic');
  if (r.rows[0]) return { questionId, answer, savedAt: r.rows[0].saved_at };
  const a = await ownAttempt(db, user, attemptId);
  if (a.state !== '答题中') throw badInput('试卷已交卷，答案不能再修改');
  if (a.due) {
    await sweepDue(db, sql`a.id = ${attemptId}::uuid`);
    throw badInput('考试时间已到，试卷已自动交卷');
  }
  throw badInput('试题：该题不在您的试卷中');
}

/** what a paper shows of its attempt and exam (alias a and e), read with the database's clock */
const PAPER_HEAD = sql`a.*, now() as now, e.title, e.pass_score, e.total_score, e.duration, e.single_score, e.multi_score, e.judge_score,
  e.single_count, e.multi_count, e.judge_count`;
type PaperHead = AttemptRow & { now: Date; title: string; pass_score: string; total_score: string | null; duration: number };

/**
 * my attempt with its exam, as its paper shows them (the refusal otherwise), and whether its time is up by the
 * database's clock: one statement, prepared on a generic plan (look-ups by key)
 */
async function ownAttempt(db: Db, user: SessionUser, attemptId: string): Promise<PaperHead & { due: boolean }> {
  if (user.side !== 'enterprise') throw badInput(NOT_A_CANDIDATE);
  const r = (await execPrepared<PaperHead & { due: boolean; me: string | null }>(db, sql`select ${PAPER_HEAD}, a.deadline_at <= now() as due, me.staff_id as me
    from (select staff_id from base_user where id = ${user.id}) me left join exam_attempt a on a.id = ${attemptId}::uuid and a.staff_id = me.staff_id
      left join exam e on e.id = a.exam_id`, 'generic')).rows[0];
  if (!r?.me) throw badInput(NOT_A_CANDIDATE);
  if (!r.id) throw notFound();
  return r;
}

/**
 * 交卷 by the candidate (an attempt already past its deadline was submitted by the clock, not by the button): my open
 * attempt locked, graded and closed, and its graded paper drawn from what the grading read — one read and one write
 * in one transaction. Nothing locked (not mine, handed in already, or being handed in by another tab or the clock):
 * the attempt read again says why.
 */
export async function submitMine(db: Db, user: SessionUser, attemptId: string) {
  if (user.side !== 'enterprise') throw badInput(NOT_A_CANDIDATE);
  const [graded] = await db.transaction((tx) => gradeOpen(tx, sql`a.id = ${attemptId}::uuid and a.staff_id = (select staff_id from base_user where id = ${user.id})`,
    false, 1, true));
  if (graded?.paper) return graded.paper;
  const a = await ownAttempt(db, user, attemptId);
  if (a.state !== '答题中') throw badInput('试卷已交卷');
  return paperOf(db, a.id, a);
}

/** the candidate's paper: while open, the questions and my answers and the seconds left; once submitted, graded */
export async function myPaper(db: Db, user: SessionUser, attemptId: string) {
  const a = await ownAttempt(db, user, attemptId);
  // its time is up and nobody handed it in yet: this read does
  if (a.state === '答题中' && a.due) {
    await sweepDue(db, sql`a.id = ${attemptId}::uuid`);
    return paperOf(db, a.id);
  }
  return paperOf(db, a.id, a);
}

/** my attempts at one exam, newest first (myExemManagerinfo) */
export async function myHistory(db: Db, user: SessionUser, examId: string) {
  const staffId = await candidateOf(db, user);
  await sweepDue(db, sql`a.staff_id = ${staffId} and a.exam_id = ${examId}::uuid`);
  type History = Served<typeof examAnswers.history>;
  const exam = (await db.execute<History['exam']>(sql`select e.id, e.title, e.state, e.start_at as "startAt", e.end_at as "endAt", e.duration, e.pass_score::float as "passScore",
      e.total_score::float as "totalScore", e.max_attempts as "maxAttempts" from exam e where e.id = ${examId}::uuid and e.enterprise_id = ${user.enterpriseId}
      and ${candidateOfExam(staffId)}`)).rows[0];
  if (!exam) throw notFound();
  const attempts = (await db.execute<History['attempts'][number]>(sql`select id, attempt_no as "attemptNo", state, started_at as "startedAt", submitted_at as "submittedAt",
      auto_submitted as "autoSubmitted", score::float as score, passed from exam_attempt where exam_id = ${examId}::uuid and staff_id = ${staffId} order by attempt_no desc`)).rows;
  return { exam, attempts };
}

type QuestionRead = { id: string; type: QuestionType; stem: string; key: string; explanation: string | null; answer: string | null; points: number | null }
  & Record<`option_${'a' | 'b' | 'c' | 'd' | 'e' | 'f'}`, string | null>;
/** a paper's questions in its order, with the answers given and their points (the key and explanation too, kept back while open) */
const PAPER_QUESTIONS = (attemptId: SQL | string, ids: SQL) => sql`select q.id, q.type, q.stem, q.option_a, q.option_b, q.option_c, q.option_d, q.option_e, q.option_f,
      q.answer as key, q.explanation, x.answer, x.points::float as points
    from jsonb_array_elements_text(${ids}) with ordinality p(id, n)
    join exam_question q on q.id = p.id::uuid left join exam_answer x on x.attempt_id = ${attemptId}::uuid and x.question_id = q.id order by p.n`;

/**
 * a paper as its reader sees it. Open: each question's stem and options and the answer given — never its key nor its
 * explanation. Submitted: with the key, the explanation, the points of each answer.
 */
export async function paperOf(db: Db, attemptId: string, read?: PaperHead): Promise<Served<typeof examAnswers.paper>> {
  // the attempt as its reader has just read it, or read here
  const a = read ?? (await db.execute<PaperHead>(sql`select ${PAPER_HEAD} from exam_attempt a join exam e on e.id = a.exam_id where a.id = ${attemptId}::uuid`)).rows[0];
  if (!a) throw notFound();
  const qs = (await execPrepared<QuestionRead>(db, PAPER_QUESTIONS(attemptId, sql`${JSON.stringify(a.question_ids)}::jsonb`), 'generic')).rows;
  return paperFrom(a, qs);
}

/** pg's own reading of a timestamptz, for a moment drizzle's execute hands over as PostgreSQL's text */
const timestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;
const moment = <T extends Date | string | null>(v: T) => (typeof v === 'string' ? timestamptz(v) : v);

/** a paper from its attempt's head and its questions in order; its moments as Dates, however they were read */
function paperFrom(a: PaperHead, qs: QuestionRead[]): Served<typeof examAnswers.paper> {
  const submitted = a.state !== '答题中';
  const plan = planOf(a as unknown as ExamRow);
  const questions = qs.map((q, i) => {
    const options = [q.option_a, q.option_b, q.option_c, q.option_d, q.option_e, q.option_f].filter((o): o is string => o !== null && o !== '');
    const shown = { id: q.id, no: i + 1, type: q.type, stem: q.stem, options, score: scoreOfType(plan, q.type), answer: q.answer ?? '' };
    return submitted ? { ...shown, key: q.key, explanation: q.explanation, points: q.points ?? 0, correct: q.answer === q.key } : shown;
  });
  return {
    id: a.id, examId: a.exam_id, title: a.title, attemptNo: a.attempt_no, state: a.state, startedAt: moment(a.started_at), deadlineAt: moment(a.deadline_at),
    serverNow: moment(a.now), secondsLeft: submitted ? 0 : secondsLeft(moment(a.deadline_at), moment(a.now)), duration: a.duration,
    submittedAt: moment(a.submitted_at), autoSubmitted: a.auto_submitted, score: a.score === null ? null : Number(a.score), passed: a.passed,
    passScore: Number(a.pass_score), totalScore: a.total_score === null ? null : Number(a.total_score),
    answered: questions.filter((q) => q.answer).length, questions,
  };
}

/** what grading leaves on an attempt: as a paper shows it afterwards (`paper`: the graded paper, when asked for) */
type Graded = Pick<AttemptRow, 'id' | 'state' | 'submitted_at' | 'auto_submitted' | 'score' | 'passed'> & { paper?: Served<typeof examAnswers.paper> };

/**
 * grades and closes the open attempts `where` picks (alias `a`), locked with skip locked so that two instances or a
 * sweep and a click never grade one twice; `auto`: submitted by the clock (交卷时间 = its deadline). Two statements
 * whatever the number: one read locks the attempts and brings each one's answers with their keys, one write marks
 * the answers' points and closes the attempts. The points are counted here, by core's rule (`pointsOf`). `paper`: the
 * read brings each attempt's paper too (its head and questions), and each graded attempt comes back with its paper.
 */
export async function gradeOpen(tx: Db, where: ReturnType<typeof sql>, auto: boolean, limit = 200, paper = false): Promise<Graded[]> {
  const due = (await tx.execute<ExamRow & PaperHead & { attempt_id: string; answers: { q: string; answer: string; key: string; type: string }[]; questions: QuestionRead[] | null }>(sql`
    with locked as (select a.id as attempt_id, ${paper ? PAPER_HEAD : sql`e.pass_score, e.single_score, e.multi_score, e.judge_score, e.single_count, e.multi_count, e.judge_count`}
      from exam_attempt a join exam e on e.id = a.exam_id where a.state = '答题中' and ${where} order by a.deadline_at limit ${limit} for update of a skip locked)
    select locked.*, (select coalesce(json_agg(json_build_object('q', x.question_id, 'answer', x.answer, 'key', q.answer, 'type', q.type)), '[]')
      from exam_answer x join exam_question q on q.id = x.question_id where x.attempt_id = locked.attempt_id) as answers
      ${paper ? sql`, (select json_agg(p) from (${PAPER_QUESTIONS(sql`locked.attempt_id`, sql`locked.question_ids`)}) p) as questions` : sql``}
    from locked`)).rows;
  if (!due.length) return [];
  const points: { a: string; q: string; p: number }[] = [];
  const scores = due.map((a) => {
    const plan = planOf(a);
    let tenths = 0;
    for (const r of a.answers) {
      const p = pointsOf(r.key, r.answer, scoreOfType(plan, QUESTION_TYPES.includes(r.type as never) ? r.type : '单选'));
      tenths += Math.round(p * 10);
      points.push({ a: a.attempt_id, q: r.q, p });
    }
    const score = tenths / 10;
    return { a: a.attempt_id, score, passed: score >= Number(a.pass_score) };
  });
  const graded = (await tx.execute<Graded>(sql`with marked as (update exam_answer x set points = v.p
        from jsonb_to_recordset(${JSON.stringify(points)}::jsonb) as v(a uuid, q uuid, p numeric) where x.attempt_id = v.a and x.question_id = v.q)
    update exam_attempt t set state = '已交卷', auto_submitted = ${auto}, submitted_at = ${auto ? sql`least(now(), t.deadline_at)` : sql`now()`},
      score = s.score, passed = s.passed, updated_at = now(), version = t.version + 1
    from jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) as s(a uuid, score numeric, passed boolean) where t.id = s.a
    returning t.id, t.state, t.submitted_at, t.auto_submitted, t.score, t.passed`)).rows;
  if (!paper) return graded;
  const pointsOfAnswer = new Map(points.map((x) => [`${x.a}:${x.q}`, x.p]));
  return graded.map((g) => {
    const a = due.find((d) => d.attempt_id === g.id)!;
    const qs = (a.questions ?? []).map((q) => ({ ...q, points: pointsOfAnswer.get(`${g.id}:${q.id}`) ?? null }));
    return { ...g, paper: paperFrom({ ...a, ...g }, qs) };
  });
}

/**
 * submits the attempts `where` picks whose deadline has passed (the browser may be long gone). One read first asks
 * whether any is due: a candidate's read finds none almost always, and then opens no transaction.
 */
export async function sweepDue(db: Db, where: ReturnType<typeof sql> = sql`true`): Promise<number> {
  const due = (await db.execute<{ due: boolean }>(sql`select exists (select 1 from exam_attempt a where a.state = '答题中' and a.deadline_at <= now() and ${where}) as due`)).rows[0];
  if (!due?.due) return 0;
  let n = 0;
  for (;;) {
    const k = (await db.transaction((tx) => gradeOpen(tx, sql`a.deadline_at <= now() and ${where}`, true))).length;
    n += k;
    if (k < 200) return n;
  }
}
