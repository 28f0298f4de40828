/**
 * 安全生产费用 under 财资〔2022〕136号 (docs/domain.md), the rules both sides compute with. Money is integer 分
 * end to end (never floating point): a rate is in 万分之 (1.5% = 150), products stay far inside 2^53.
 * - 第二十四条: this year's accrual = last year's 营业收入 × rate (危险品等特殊货运 1.5%), taken evenly month by month;
 *   the rate is a floor: a local rate applies only when higher (the official 解读: 按孰高原则, 就高不就低);
 * - 第二十五条: what a transport enterprise may spend it on (FUND_USE_CATEGORIES);
 * - 第五十条 (达到上一年应计提金额三倍及以上 → 暂停; 低于三倍 → 恢复): a month whose opening balance is ≥ 3 × last year's
 *   planned accrual takes none, until the balance falls below — exactly 3× pauses;
 * - 第五十一条: a year whose use is under 60% of its planned accrual is disclosed and explained in writing by the end of
 *   April of the next year, so the flag belongs to a finished year; a year in progress shows how far it is from 60%.
 */

/** 危险品等特殊货运业务: 1.5%, in 万分之 — the lowest rate the ledger ever applies */
export const DG_FUND_RATE_BP = 150;

/**
 * the rate a plan applies, in 万分之: the one set (参数设置, as a percent) or 1.5%, whichever is higher, so a stored value
 * below the national floor never lowers a plan; anything that is not a number is the floor
 */
export function fundRateBp(percent: unknown): number {
  const n = typeof percent === 'string' && percent.trim() !== '' ? Number(percent) : typeof percent === 'number' ? percent : NaN;
  return Number.isFinite(n) ? Math.max(Math.round(n * 100), DG_FUND_RATE_BP) : DG_FUND_RATE_BP;
}

/**
 * 第二十五条 (交通运输企业), the uses of the fund; a use must name one of them. (一) and (二) are checked against the text of
 * 财资〔2022〕136号; (三)–(十一) are the product's wording, not yet checked against the text.
 */
export const FUND_USE_CATEGORIES: readonly { value: string; name: string }[] = [
  { value: '1', name: '完善、改造和维护安全防护设施设备' },
  { value: '2', name: '购置、安装和使用具有行驶记录功能的车辆卫星定位装置、视频监控装置' },
  { value: '3', name: '配备、维护、保养应急救援器材、设备支出和应急救援队伍建设、应急预案制修订与应急演练支出' },
  { value: '4', name: '开展重大危险源检测、评估、监控支出，安全风险分级管控和事故隐患排查整改支出' },
  { value: '5', name: '安全生产检查、评估评价、咨询和标准化建设支出' },
  { value: '6', name: '配备和更新现场作业人员安全防护用品支出' },
  { value: '7', name: '安全生产宣传、教育、培训和从业人员发现并报告事故隐患的奖励支出' },
  { value: '8', name: '安全生产适用的新技术、新标准、新工艺、新装备的推广应用支出' },
  { value: '9', name: '安全设施及特种设备检测检验、检定校准支出' },
  { value: '10', name: '安全生产责任保险支出' },
  { value: '11', name: '与安全生产直接相关的其他支出' },
];
export const isFundUseCategory = (v: unknown): boolean => typeof v === 'string' && FUND_USE_CATEGORIES.some((c) => c.value === v);
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
  /**
   * last year's planned accrual: the 3× limit is of this (0 when unknown: never pauses). For the first year the product
   * records it is what the enterprise entered with its opening balance, or an estimate (lastYearPlanEstimated)
   */
  lastYearPlan: number;
  /** the limit's base is an estimate (this year's plan standing in for last year's): the reason says so */
  lastYearPlanEstimated?: boolean;
  /** the balance carried into January */
  opening: number;
  /** what was used in each month (12 values, 分) */
  usedByMonth?: number[];
  /** shown in the reason (万分之) */
  rateBp?: number;
}

/** the year's twelve accrual rows: each month's opening balance decides whether it accrues (第五十条) */
export function accrualYear({ yearPlan, lastYearPlan, lastYearPlanEstimated, opening, usedByMonth = [], rateBp = DG_FUND_RATE_BP }: AccrualInput): FundMonth[] {
  const planned = monthlySplit(yearPlan);
  const limit = FUND_PAUSE_MULTIPLE * lastYearPlan;
  const rate = `${rateBp / 100}%`;
  const base = lastYearPlanEstimated ? '上一年应计提金额（未登记，按本年应计提金额估算）' : '上一年应计提金额';
  const out: FundMonth[] = [];
  let balance = opening;
  let wasPaused = false;
  for (let i = 0; i < 12; i++) {
    const paused = lastYearPlan > 0 && balance >= limit;
    const accrued = paused ? 0 : planned[i]!;
    const used = usedByMonth[i] ?? 0;
    const reason = paused
      ? `月初结余${formatYuan(balance)}元达到${base}的${FUND_PAUSE_MULTIPLE}倍（${formatYuan(limit)}元）及以上，本月暂停提取（财资〔2022〕136号第五十条）`
      : wasPaused
        ? `月初结余${formatYuan(balance)}元低于${base}的${FUND_PAUSE_MULTIPLE}倍（${formatYuan(limit)}元），恢复提取`
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

/** a year is over (and its use can fall short) from the January after it; `today` is 'YYYY-MM-DD' in China */
export const fundYearFinished = (year: number, today: string): boolean => year < Number(today.slice(0, 4));

export interface FundUsage {
  rate: number | null;
  /** a finished year used under 60% of its plan (第五十一条): it must be explained */
  warning: boolean;
  /** a year in progress: how far its use is from 60% of the plan, in Chinese (null for a finished year or no plan) */
  progress: string | null;
}

/** the 60% rule as it stands: a flag for a finished year, progress toward the line for the year in progress */
export function usageStatus(usedFen: number, yearPlan: number, finished: boolean): FundUsage {
  const { rate, warning } = usageOf(usedFen, yearPlan);
  if (finished || rate === null) return { rate, warning: finished && warning, progress: null };
  // the least whole 分 that is not under 60%: ⌈plan × 6 / 10⌉
  const short = Math.floor((yearPlan * 6 + 9) / 10) - usedFen;
  const used = `已使用${(rate * 100).toFixed(1)}%`;
  return { rate, warning: false, progress: short > 0 ? `${used}，距60%还差${formatYuan(short)}元` : `${used}，已达到60%` };
}
