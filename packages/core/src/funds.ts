/**
 * 安全生产费用 under 财资〔2022〕136号 (REFERENCE-domain.md §3), the rules both sides compute with. Money is integer 分
 * end to end (never floating point): a rate is in 万分之 (1.5% = 150), products stay far inside 2^53.
 * - 第二十四条: this year's accrual = last year's 营业收入 × rate (危险品等特殊货运 1.5%), taken evenly month by month;
 * - 第五十条: a month whose opening balance is ≥ 3 × last year's planned accrual takes none, until the balance falls below;
 * - 第五十一条: using less than 60% of the year's planned accrual must be reported.
 */

/** 危险品等特殊货运业务: 1.5%, in 万分之 */
export const DG_FUND_RATE_BP = 150;
export const FUND_PAUSE_MULTIPLE = 3;
/** below this share of the year's planned accrual, the year's use is flagged (第五十一条) */
export const FUND_USAGE_WARNING = 0.6;

/** '1234.5' / 1234.5 (元) → 123450 分; null for anything that is not an amount with at most two decimals */
export function yuanToFen(v: unknown): number | null {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/** 123450 → '1234.50' (分 as 元 with two decimals) */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const a = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** 123450 → '1,234.50' (分 as 元 with thousands separators, for display) */
export function formatYuan(fen: number): string {
  const [int, dec] = fenToYuan(fen).split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** the year's planned accrual in 分: revenue × rate, rounded half up */
export function yearPlanFen(revenueFen: number, rateBp: number = DG_FUND_RATE_BP): number {
  return Math.floor((revenueFen * rateBp + 5000) / 10000);
}

/** the year in twelve months: equal 分, the remainder one 分 each to the first months, so they add up to the year exactly */
export function monthlySplit(yearFen: number): number[] {
  const base = Math.floor(yearFen / 12);
  const rest = yearFen - base * 12;
  return Array.from({ length: 12 }, (_, i) => base + (i < rest ? 1 : 0));
}

export interface FundMonth {
  month: number;
  /** balance at the start of the month (分) */
  opening: number;
  planned: number;
  accrued: number;
  used: number;
  closing: number;
  paused: boolean;
  /** why it accrued or paused, in Chinese */
  reason: string;
}

export interface AccrualInput {
  /** this year's planned accrual (yearPlanFen of last year's revenue) */
  yearPlan: number;
  /** last year's planned accrual: the 3× limit is of this (0 when unknown: never pauses) */
  lastYearPlan: number;
  /** the balance carried into January */
  opening: number;
  /** what was used in each month (12 values, 分) */
  usedByMonth?: number[];
  /** shown in the reason (万分之) */
  rateBp?: number;
}

/** the year's twelve accrual rows: each month's opening balance decides whether it accrues (第五十条) */
export function accrualYear({ yearPlan, lastYearPlan, opening, usedByMonth = [], rateBp = DG_FUND_RATE_BP }: AccrualInput): FundMonth[] {
  const planned = monthlySplit(yearPlan);
  const limit = FUND_PAUSE_MULTIPLE * lastYearPlan;
  const rate = `${rateBp / 100}%`;
  const out: FundMonth[] = [];
  let balance = opening;
  let wasPaused = false;
  for (let i = 0; i < 12; i++) {
    const paused = lastYearPlan > 0 && balance >= limit;
    const accrued = paused ? 0 : planned[i]!;
    const used = usedByMonth[i] ?? 0;
    const reason = paused
      ? `月初结余${formatYuan(balance)}元达到上一年应计提金额的${FUND_PAUSE_MULTIPLE}倍（${formatYuan(limit)}元），本月暂停提取（财资〔2022〕136号第五十条）`
      : wasPaused
        ? `月初结余${formatYuan(balance)}元低于上一年应计提金额的${FUND_PAUSE_MULTIPLE}倍（${formatYuan(limit)}元），恢复提取`
        : `按上一年度营业收入×${rate}逐月平均提取（财资〔2022〕136号第二十四条）`;
    out.push({ month: i + 1, opening: balance, planned: planned[i]!, accrued, used, closing: balance + accrued - used, paused, reason });
    balance += accrued - used;
    wasPaused = paused;
  }
  return out;
}

/** the year's usage: used ÷ the year's planned accrual, and whether it is below 60% (exactly 60% is not) */
export function usageOf(usedFen: number, yearPlan: number): { rate: number | null; warning: boolean } {
  if (yearPlan <= 0) return { rate: null, warning: false };
  const rate = usedFen / yearPlan;
  return { rate, warning: usedFen * 10 < yearPlan * FUND_USAGE_WARNING * 10 };
}
