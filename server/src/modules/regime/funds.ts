/**
 * 安全生产费用 (财资〔2022〕136号, rules in packages/core/src/funds.ts): the ledger of an enterprise is computed, never
 * stored — each year's plan (上年营业收入 × rate) accrues month by month unless the month's opening balance is ≥ 3 × last
 * year's plan (第五十条), uses are taken month by month, and each year opens with the last one's closing balance. The
 * first registered year opens with its 期初结余 and measures it against the 上年度应计提 entered with it (this year's
 * plan standing in when none was), so a large carried balance pauses from the first month. A late use, a corrected
 * revenue or a deleted use can never leave stale accrual rows behind. Money is integer 分 throughout.
 *
 * Hooks: a year plan takes the rate of 参数设置, never below 1.5% (第二十四条); a use names a category of 第二十五条, falls
 * on a registered year, not after today, and may not take any month's balance below zero (every write of a plan or a
 * use re-checks the ledger inside its transaction, under the enterprise's fund lock, so two uses at once cannot both
 * spend the same balance). A finished year used under 60% takes its 情况说明 (第五十一条, `explainYear`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { accrualYear, formatYuan, fundRateBp, fundYearFinished, isFundUseCategory, usageStatus, yearPlanFen, type FundMonth, type regimeAnswers, type Served } from '@dg/core';
import { allOn, uuidArray, type Db } from '../../db/index.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/access.ts';
import { defineHooks } from '../../platform/crud/hooks.ts';

/** 1.5 (%) → 150 (万分之), as stored on a plan */
export const rateBp = (percent: unknown) => Math.round(Number(percent) * 100);

export interface LedgerMonth extends FundMonth {
  /** the month has begun (its accrual is taken); later months are the plan */
  due: boolean;
}
export interface FundExplanation { text: string; files: { id: string; name: string }[]; at: string }
export interface LedgerYear {
  id: string; year: number; yearPlan: number; rate: number; lastRevenue: number;
  /** the base of the 3× limit (第五十条): the previous registered year's plan, or for a first year what was entered with it */
  lastYearPlan: number;
  /** a first year entered without its 上年度应计提: this year's plan stands in */
  lastYearPlanEstimated: boolean;
  /** the year is over (第五十一条's flag applies) */
  finished: boolean;
  explanation: FundExplanation | null;
  months: LedgerMonth[];
}

/** when a 情况说明 was written, as every answer shows it: China's wall-clock time to the second */
export const explainedAtText = (column: SQL = sql`explained_at`) => sql`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

/** the year's figures so far: accrued in months begun, used, the balance now (or at the year's end), usage of the plan */
export function totalsOf(y: LedgerYear) {
  const due = y.months.filter((m) => m.due);
  const accrued = due.reduce((n, m) => n + m.accrued, 0);
  const used = y.months.reduce((n, m) => n + m.used, 0);
  const balance = due.length ? due[due.length - 1]!.closing : y.months[0]!.opening;
  const { rate, warning, progress } = usageStatus(used, y.yearPlan, y.finished);
  return { accrued, used, balance, usageRate: rate, warning, progress, finished: y.finished, pausedMonths: due.filter((m) => m.paused).length };
}

/** an enterprise's ledger, year by year (only registered years) */
export async function ledgerOf(db: Db, enterpriseId: string, today = chinaToday()): Promise<LedgerYear[]> {
  return (await ledgersOf(db, [enterpriseId], today)).get(enterpriseId) ?? [];
}

/** the ledgers of several enterprises (a government list's page), in two statements whatever their number */
export async function ledgersOf(db: Db, enterpriseIds: string[], today = chinaToday()): Promise<Map<string, LedgerYear[]>> {
  const ids = uuidArray([...new Set(enterpriseIds)]);
  const [years, uses] = await allOn<{ rows: Record<string, any>[] }>(db, [
    () => db.execute(sql`select enterprise_id, id, year, year_plan, carry_over, rate, last_revenue, last_year_plan,
      explanation, explanation_files, ${explainedAtText()} as explained_at
      from regime_fund_year where enterprise_id = any(${ids}) order by enterprise_id, year`),
    () => db.execute(sql`select enterprise_id, extract(year from use_date)::int as y, extract(month from use_date)::int as m,
      sum(amount)::bigint as s from regime_fund_use where enterprise_id = any(${ids}) group by 1, 2, 3`),
  ]) as [{ rows: { enterprise_id: string; id: string; year: number; year_plan: string | number; carry_over: string | number | null; rate: string; last_revenue: string | number;
      last_year_plan: string | number | null; explanation: string | null; explanation_files: { id: string; name: string }[] | null; explained_at: string | null }[] },
    { rows: { enterprise_id: string; y: number; m: number; s: string | number }[] }];
  const usedIn = new Map(uses.rows.map((u) => [`${u.enterprise_id}:${u.y}-${u.m}`, Number(u.s)]));
  const [ty, tm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const out = new Map<string, LedgerYear[]>();
  let prev: { enterpriseId: string; year: number; plan: number; closing: number } | null = null;
  for (const y of years.rows) {
    const follows: boolean = prev !== null && prev.enterpriseId === y.enterprise_id && prev.year === y.year - 1;
    const yearPlan = Number(y.year_plan);
    // a first year: the 上年度应计提 entered with its opening balance, or this year's plan standing in for it
    const estimated = !follows && y.last_year_plan === null;
    const lastYearPlan = follows ? prev!.plan : estimated ? yearPlan : Number(y.last_year_plan);
    const months: LedgerMonth[] = accrualYear({
      yearPlan, lastYearPlan, lastYearPlanEstimated: estimated, opening: follows ? prev!.closing : Number(y.carry_over ?? 0),
      usedByMonth: Array.from({ length: 12 }, (_, i) => usedIn.get(`${y.enterprise_id}:${y.year}-${i + 1}`) ?? 0), rateBp: rateBp(y.rate),
    }).map((m) => ({ ...m, due: y.year < ty || (y.year === ty && m.month <= tm) }));
    const list = out.get(y.enterprise_id) ?? out.set(y.enterprise_id, []).get(y.enterprise_id)!;
    list.push({
      id: y.id, year: y.year, yearPlan, rate: Number(y.rate), lastRevenue: Number(y.last_revenue), lastYearPlan, lastYearPlanEstimated: estimated,
      finished: fundYearFinished(y.year, today),
      explanation: y.explanation === null ? null : { text: y.explanation, files: y.explanation_files ?? [], at: y.explained_at ?? '' },
      months,
    });
    prev = { enterpriseId: y.enterprise_id, year: y.year, plan: yearPlan, closing: months[11]!.closing };
  }
  return out;
}

/** one writer at a time per enterprise's funds (to the end of the transaction) */
const lockFunds = (tx: Db, enterpriseId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'fund:' + enterpriseId}, 0))`);

/** the ledger after a write: no month may close below zero (the message names the field and the month) */
async function checkLedger(tx: Db, enterpriseId: string, field: string) {
  for (const y of await ledgerOf(tx, enterpriseId)) {
    const m = y.months.find((x) => x.closing < 0);
    if (m) throw badInput(`${field}：超出安全生产费用结余，${y.year}年${m.month}月末结余将为${formatYuan(m.closing)}元`);
  }
}

/** the rate a new plan takes (%): 参数设置's, but never below 1.5% — a value stored before the floor was checked included */
async function fundRatePercent(tx: Db): Promise<number> {
  const v = (await tx.execute<{ value: unknown }>(sql`select value from param_setting where key = 'safetyFundRate'`)).rows[0]?.value;
  return fundRateBp(v) / 100;
}

defineHooks('fundYear', {
  async beforeWrite(c, values, mode, existing) {
    const enterpriseId = (existing?.enterpriseId ?? values.enterpriseId) as string;
    await lockFunds(c.tx, enterpriseId);
    if (mode === 'update' && values.year !== undefined && Number(values.year) !== existing!.year) throw badInput('年度：提取计划登记后不能修改年度，请删除后重新登记');
    // a plan keeps the rate it was added with, lifted to 1.5% if it was stored lower
    const rate = mode === 'add' ? await fundRatePercent(c.tx) : fundRateBp(existing!.rate) / 100;
    values.rate = rate;
    const revenue = (values.lastRevenue ?? existing?.lastRevenue) as number;
    values.yearPlan = yearPlanFen(Number(revenue), rateBp(rate));
  },
  async afterWrite(c, row) {
    await checkLedger(c.tx, row.enterpriseId, '上年度营业收入（元）');
  },
  async beforeDelete(c, row) {
    const n = (await c.tx.execute<{ n: number }>(sql`select count(*)::int as n from regime_fund_use
      where enterprise_id = ${row.enterpriseId} and use_date >= make_date(${row.year}::int, 1, 1) and use_date < make_date(${row.year}::int + 1, 1, 1)`)).rows[0]!.n;
    if (n) throw badInput(`${row.year}年度已登记${n}笔安全费用使用，不能删除该年度的提取计划`);
  },
  async afterRead(c, rows) {
    // every enterprise of the page at once (a government list: up to one enterprise a row)
    const ledgers = await ledgersOf(c.tx, rows.map((r) => r.enterpriseId as string));
    for (const r of rows) {
      const y = ledgers.get(r.enterpriseId)?.find((x) => x.year === r.year);
      if (y) Object.assign(r, totalsOf(y));
    }
  },
});

defineHooks('fundUse', {
  async beforeWrite(c, values, _mode, existing) {
    const enterpriseId = (existing?.enterpriseId ?? values.enterpriseId) as string;
    await lockFunds(c.tx, enterpriseId);
    if (!isFundUseCategory(values.category ?? existing?.category)) throw badInput('使用类别：请选择有效的类别');
    const day = (values.useDate ?? existing?.useDate) as string;
    if (day > chinaToday()) throw badInput('日期：不能晚于今天');
    const year = Number(day.slice(0, 4));
    const plan = (await c.tx.execute(sql`select 1 from regime_fund_year where enterprise_id = ${enterpriseId} and year = ${year}`)).rows[0];
    if (!plan) throw badInput(`日期：${year}年度尚未登记安全费用提取计划，请先在“安全费用提取”中登记上年度营业收入`);
  },
  async afterWrite(c, row) {
    await checkLedger(c.tx, row.enterpriseId, '金额（元）');
  },
});


/**
 * 第五十一条: an enterprise whose use in a finished year fell under 60% of its plan explains it in writing (情况说明, text
 * and attachments of its own) on that year's plan; it may write it again. Only then: a year in progress or one at 60%
 * has nothing to explain.
 */
export async function explainYear(db: Db, user: SessionUser, body: { year: number; explanation: string; files?: { id: string }[] }) {
  const enterpriseId = user.side === 'enterprise' ? user.enterpriseId : null;
  if (!enterpriseId) throw forbidden();
  return db.transaction(async (tx) => {
    await lockFunds(tx, enterpriseId);
    const y = (await ledgerOf(tx, enterpriseId)).find((x) => x.year === body.year);
    if (!y) throw badInput(`年度：${body.year}年度尚未登记安全费用提取计划`);
    if (!y.finished) throw badInput(`年度：${body.year}年度尚未结束，年度结束后使用不足应计提金额60%的才需提交情况说明`);
    if (!totalsOf(y).warning) throw badInput(`年度：${body.year}年度安全费用使用已达到应计提金额的60%，无需提交情况说明`);
    const ids = [...new Set((body.files ?? []).map((f) => f.id))];
    const found = ids.length ? (await tx.execute<{ id: string; name: string }>(sql`select id, name from attachment
      where id = any(${uuidArray(ids)}) and enterprise_id = ${enterpriseId} and deleted_at is null`)).rows : [];
    if (found.length !== ids.length) throw badInput('情况说明附件：附件不存在或无权使用');
    const files = ids.map((id) => found.find((f) => f.id === id)!);
    const at = (await tx.execute<{ at: string }>(sql`update regime_fund_year set explanation = ${body.explanation}, explanation_files = ${JSON.stringify(files)}::jsonb,
      explained_at = now(), updated_at = now(), updated_by = ${user.id}, version = version + 1 where id = ${y.id} returning ${explainedAtText()} as at`)).rows[0]!.at;
    const after: Served<typeof regimeAnswers.fundExplained> = { id: y.id, year: y.year, explanation: { text: body.explanation, files, at } };
    return { before: { id: y.id, year: y.year, explanation: y.explanation }, after, enterpriseId };
  });
}
