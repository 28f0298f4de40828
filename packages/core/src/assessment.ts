/**
 * The arithmetic of 安全考核 (质量信誉考核): a model's weights, an indicator's points, an assessment's total and its grade.
 * Scores are held in tenths so that sums never pick up binary-fraction noise; every figure shown has one decimal.
 */

export const ASSESS_GRADES = ['AAA', 'AA', 'A', 'B'] as const;
export type AssessGrade = (typeof ASSESS_GRADES)[number];
/** the 参数设置 row holding the lowest total (on the 1000-point scale) of AAA, AA and A; below A is B */
export const ASSESS_GRADE_PARAM = 'assessGrades';
export type GradeThresholds = { AAA: number; AA: number; A: number };
export const DEFAULT_GRADE_THRESHOLDS: GradeThresholds = { AAA: 900, AA: 750, A: 600 };
/** the scale the thresholds are written on: a model of another total is compared in proportion */
export const GRADE_SCALE = 1000;

/** one decimal, halves away from zero (0.05 → 0.1), without the float error of Math.round(x * 10) / 10 on 1.005-like values */
export function round1(x: number): number {
  const t = Math.round(Math.abs(x) * 10 + 1e-9) / 10;
  return x < 0 ? -t : t;
}
const tenths = (x: number) => Math.round(round1(x) * 10);
/** at most one decimal (5.5 yes, 5.55 no) */
const oneDecimal = (x: number) => Math.abs(x * 10 - Math.round(x * 10)) < 1e-6;

export interface ModelItem { indicatorId: string; category: string; name: string; maxScore: number; weight: number }

/** null when the weights add up to the model's total; else the refusal, in Chinese, naming both figures */
export function modelWeightsRefusal(total: number, items: readonly Pick<ModelItem, 'weight' | 'name'>[]): string | null {
  if (!items.length) return '考核指标：请至少选择一项指标';
  for (const it of items) {
    if (!(typeof it.weight === 'number' && Number.isFinite(it.weight) && it.weight > 0)) return `考核指标：“${it.name}”的权重应大于0`;
    if (!oneDecimal(it.weight)) return `考核指标：“${it.name}”的权重最多1位小数`;
  }
  const sum = items.reduce((s, it) => s + tenths(it.weight), 0);
  if (sum !== Math.round(total * 10)) return `考核指标：权重合计为${sum / 10}分，应等于模型总分${total}分`;
  return null;
}

/** the model's weight per category, in the order the categories first appear */
export function categoryWeights(items: readonly Pick<ModelItem, 'category' | 'weight'>[]): { category: string; weight: number }[] {
  const m = new Map<string, number>();
  for (const it of items) m.set(it.category, (m.get(it.category) ?? 0) + tenths(it.weight));
  return [...m].map(([category, t]) => ({ category, weight: t / 10 }));
}

/**
 * the points an indicator's score earns: a score on the indicator's own 满分 scale carries `weight` points at full
 * marks, in proportion below it, rounded to one decimal; null when the score is outside 0…满分 or has more than one decimal
 */
export function itemPoints(score: number, maxScore: number, weight: number): number | null {
  if (!(Number.isFinite(score) && score >= 0 && score <= maxScore) || !oneDecimal(score)) return null;
  return maxScore === weight ? round1(score) : round1((score / maxScore) * weight);
}

/** why a score cannot stand for the indicator, or null */
export function scoreRefusal(label: string, score: unknown, maxScore: number): string | null {
  if (score === null || score === undefined || score === '') return `${label}：请输入得分`;
  const n = typeof score === 'number' ? score : Number(score);
  if (!Number.isFinite(n) || n < 0 || n > maxScore) return `${label}：得分应在0到${maxScore}之间`;
  if (!oneDecimal(n)) return `${label}：得分最多1位小数`;
  return null;
}

/** the total of the items' points (each already rounded to one decimal), exact to the tenth */
export function totalOf(points: readonly number[]): number {
  return points.reduce((s, p) => s + tenths(p), 0) / 10;
}

/** the grade of a total out of `modelTotal`: at or above a threshold earns its grade (900 is AAA, 899.9 is AA) */
export function gradeOf(total: number, thresholds: GradeThresholds, modelTotal = GRADE_SCALE): AssessGrade {
  const onScale = modelTotal === GRADE_SCALE ? total : round1((total / modelTotal) * GRADE_SCALE);
  if (onScale >= thresholds.AAA) return 'AAA';
  if (onScale >= thresholds.AA) return 'AA';
  if (onScale >= thresholds.A) return 'A';
  return 'B';
}

/** the thresholds as 参数设置 stores them, or the defaults where a value is missing or malformed */
export function thresholdsOf(v: unknown): GradeThresholds {
  const g = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const pick = (k: keyof GradeThresholds) => (typeof g[k] === 'number' ? (g[k] as number) : DEFAULT_GRADE_THRESHOLDS[k]);
  return { AAA: pick('AAA'), AA: pick('AA'), A: pick('A') };
}
