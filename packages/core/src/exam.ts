/**
 * The rules of 在线考试: a question's answer key in its one stored form, the grading of a given answer, the drawing of
 * a paper (reproducible from a seed: the exam's id for a fixed paper, the exam's and the candidate's for a random one)
 * and the clock of an attempt. No I/O: the server and the web share these.
 */

export const QUESTION_TYPES = ['单选', '多选', '判断'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const DIFFICULTIES = ['易', '中', '难'] as const;
/** option letters, in order; a question offers the first few */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
/** a 判断 question's two options */
export const JUDGE_OPTIONS = ['正确', '错误'] as const;

export interface QuestionKeyInput { type: string; answer: unknown; options: (string | null | undefined)[] }

/**
 * the answer key as stored (letters in order, 'AC'), or the refusal naming the field: a 单选 has one of its offered
 * letters, a 多选 two or more, a 判断 正确/错误 (or A/B, 对/错)
 */
export function normaliseKey(q: QuestionKeyInput): { key: string } | { refusal: string } {
  const raw = String(q.answer ?? '').trim().toUpperCase().replace(/[\s,，、]/g, '');
  if (!raw) return { refusal: '答案：请输入答案' };
  if (q.type === '判断') {
    if (['A', '正确', '对', '√', 'T', 'TRUE'].includes(raw)) return { key: 'A' };
    if (['B', '错误', '错', '×', 'F', 'FALSE'].includes(raw)) return { key: 'B' };
    return { refusal: '答案：判断题的答案应为“正确”或“错误”' };
  }
  const offered = offeredLetters(q.options);
  if (offered.length < 2) return { refusal: '选项：请至少填写A、B两个选项' };
  const letters = [...new Set(raw.split(''))].sort();
  const bad = letters.find((l) => !offered.includes(l));
  if (bad) return { refusal: `答案：选项${bad}不存在` };
  if (q.type === '单选' && letters.length !== 1) return { refusal: '答案：单选题只能有一个答案' };
  if (q.type === '多选' && letters.length < 2) return { refusal: '答案：多选题至少有两个答案' };
  if (q.type !== '单选' && q.type !== '多选') return { refusal: '题型：请选择单选、多选或判断' };
  return { key: letters.join('') };
}

/** the letters of the options a question offers: filled from A without a gap */
export function offeredLetters(options: (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const [i, o] of options.entries()) {
    if (!String(o ?? '').trim()) break;
    out.push(OPTION_LETTERS[i]!);
  }
  return out;
}

/** a candidate's answer as stored: its letters, deduplicated and in order ('' when nothing is chosen) */
export function normaliseGiven(given: unknown): string {
  const s = Array.isArray(given) ? given.join('') : String(given ?? '');
  return [...new Set(s.toUpperCase().replace(/[^A-F]/g, '').split(''))].filter(Boolean).sort().join('');
}

/** the points an answer earns: all of the question's score when it equals the key, else none (a 多选 half right earns nothing) */
export function pointsOf(key: string, given: string, score: number): number {
  return given !== '' && given === key ? score : 0;
}

/** the paper's per-type counts and scores, and its total */
export interface PaperPlan { single: { count: number; score: number }; multi: { count: number; score: number }; judge: { count: number; score: number } }
export const PLAN_TYPES: [keyof PaperPlan, QuestionType][] = [['single', '单选'], ['multi', '多选'], ['judge', '判断']];
export const totalScore = (p: PaperPlan) => PLAN_TYPES.reduce((s, [k]) => s + p[k].count * p[k].score, 0);

/** FNV-1a over the seed's UTF-16 units: a 32-bit start for the generator */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small generator whose sequence depends only on the seed, the same in every runtime */
export function seededRandom(seed: string): () => number {
  let a = hash32(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * the question ids of a paper: per type, `count` ids drawn without repetition from the pool by a generator seeded with
 * `seed` (the pool is sorted by id first, so the draw does not depend on the order the database answers in); 单选, then
 * 多选, then 判断. Null with the refusal when a type's pool is smaller than its count.
 */
export function drawPaper(pool: { id: string; type: string }[], plan: PaperPlan, seed: string): { ids: string[] } | { refusal: string } {
  const rnd = seededRandom(seed);
  const ids: string[] = [];
  for (const [k, type] of PLAN_TYPES) {
    const n = plan[k].count;
    const of = pool.filter((q) => q.type === type).map((q) => q.id).sort();
    if (of.length < n) return { refusal: `${type}题数量：题库中该科目的${type}题只有${of.length}道，不足${n}道` };
    // a partial Fisher–Yates: the first n places are the draw
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(rnd() * (of.length - i));
      [of[i], of[j]] = [of[j]!, of[i]!];
    }
    ids.push(...of.slice(0, n));
  }
  return { ids };
}

/** the seed of a candidate's paper: one paper for everyone when fixed, one per candidate (the same on every attempt) when random */
export const paperSeed = (examId: string, mode: string, staffId: string) => (mode === '随机' ? `${examId}:${staffId}` : examId);

/** an attempt's deadline: the duration from its start, never past the exam's end */
export function attemptDeadline(startedAt: Date, durationMinutes: number, examEnd: Date): Date {
  return new Date(Math.min(startedAt.getTime() + durationMinutes * 60_000, examEnd.getTime()));
}

/** seconds left (never negative), counted from the server's clock */
export const secondsLeft = (deadline: Date, now: Date) => Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000));

/** mm:ss, or h:mm:ss past an hour */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const p = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h ? `${h}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}` : `${p(Math.floor(s / 60))}:${p(s % 60)}`;
}
