/**
 * 安全生产费用 (财资〔2022〕136号, rules in packages/core/src/funds.ts): the ledger of an enterprise is computed, never
 * stored — each year's plan (上年营业收入 × rate) accrues month by month unless the month's opening balance is ≥ 3 × last
 * year's plan (第五十条), uses are taken month by month, and each year opens with the last one's closing balance (the
 * first registered year with its 期初结余). So a late use, a corrected revenue or a deleted use can never leave stale
 * accrual rows behind. Money is integer 分 throughout.
 *
 * Hooks: a year plan takes the rate of 参数设置 when it is added; a use must fall on a registered year, not after today,
 * and may not take any month's balance below zero (every write of a plan or a use re-checks the ledger inside its
 * transaction, under the enterprise's fund lock, so two uses at once cannot both spend the same balance).
 */
import { sql } from 'drizzle-orm';
import { accrualYear, formatYuan, usageOf, yearPlanFen, type FundMonth } from '@dg/core';
import { allOn, uuidArray, type Db } from '../../db/index.ts';
import { badInput } from '../../platform/errors.ts';
import { defineHooks } from '../../platform/crud/hooks.ts';
import { cnDate } from '../waybill/common.ts';

/** 1.5 (%) → 150 (万分之) */
export const rateBp = (percent: unknown) => Math.round(Number(percent) * 100);

export interface LedgerMonth extends FundMonth {
  /** the month has begun (its accrual is taken); later months are the plan */
  due: boolean;
}
export interface LedgerYear { id: string; year: number; yearPlan: number; rate: number; lastRevenue: number; months: LedgerMonth[] }

/** the year's figures so far: accrued in months begun, used, the balance now (or at the year's end), usage of the plan */
export function totalsOf(y: LedgerYear) {
  const due = y.months.filter((m) => m.due);
  const accrued = due.reduce((n, m) => n + m.accrued, 0);
  const used = y.months.reduce((n, m) => n + m.used, 0);
  const balance = due.length ? due[due.length - 1]!.closing : y.months[0]!.opening;
  const { rate, warning } = usageOf(used, y.yearPlan);
  return { accrued, used, balance, usageRate: rate, warning, pausedMonths: due.filter((m) => m.paused).length };
}

/** an enterprise's ledger, year by year (only registered years) */
export async function ledgerOf(db: Db, enterpriseId: string, today = cnDate()): Promise<LedgerYear[]> {
  return (await ledgersOf(db, [enterpriseId], today)).get(enterpriseId) ?? [];
}

/** the ledgers of several enterprises (a government list's page), in two statements whatever their number */
export async function ledgersOf(db: Db, enterpriseIds: string[], today = cnDate()): Promise<Map<string, LedgerYear[]>> {
  const ids = uuidArray([...new Set(enterpriseIds)]);
  const [years, uses] = await allOn<{ rows: Record<string, any>[] }>(db, [
    () => db.execute(sql`select enterprise_id, id, year, year_plan, carry_over, rate, last_revenue from regime_fund_year
      where enterprise_id = any(${ids}) order by enterprise_id, year`),
    () => db.execute(sql`select enterprise_id, extract(year from use_date)::int as y, extract(month from use_date)::int as m,
      sum(amount)::bigint as s from regime_fund_use where enterprise_id = any(${ids}) group by 1, 2, 3`),
  ]) as [{ rows: { enterprise_id: string; id: string; year: number; year_plan: string | number; carry_over: string | number | null; rate: string; last_revenue: string | number }[] },
    { rows: { enterprise_id: string; y: number; m: number; s: string | number }[] }];
  const usedIn = new Map(uses.rows.map((u) => [`${u.enterprise_id}:${u.y}-${u.m}`, Number(u.s)]));
  const [ty, tm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const out = new Map<string, LedgerYear[]>();
  let prev: { enterpriseId: string; year: number; plan: number; closing: number } | null = null;
  for (const y of years.rows) {
    const follows: boolean = prev !== null && prev.enterpriseId === y.enterprise_id && prev.year === y.year - 1;
    const yearPlan = Number(y.year_plan);
    const months: LedgerMonth[] = accrualYear({
      yearPlan, lastYearPlan: follows ? prev!.plan : 0, opening: follows ? prev!.closing : Number(y.carry_over ?? 0),
      usedByMonth: Array.from({ length: 12 }, (_, i) => usedIn.get(`${y.enterprise_id}:${y.year}-${i + 1}`) ?? 0), rateBp: rateBp(y.rate),
    }).map((m) => ({ ...m, due: y.year < ty || (y.year === ty && m.month <= tm) }));
    const list = out.get(y.enterprise_id) ?? out.set(y.enterprise_id, []).get(y.enterprise_id)!;
    list.push({ id: y.id, year: y.year, yearPlan, rate: Number(y.rate), lastRevenue: Number(y.last_revenue), months });
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

async function fundRatePercent(tx: Db): Promise<number> {
  const v = (await tx.execute<{ value: unknown }>(sql`select value from param_setting where key = 'safetyFundRate'`)).rows[0]?.value;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : 1.5;
}

defineHooks('fundYear', {
  async beforeWrite(c, values, mode, existing) {
    const enterpriseId = (existing?.enterpriseId ?? values.enterpriseId) as string;
    await lockFunds(c.tx, enterpriseId);
    if (mode === 'update' && values.year !== undefined && Number(values.year) !== existing!.year) throw badInput('年度：提取计划登记后不能修改年度，请删除后重新登记');
    const rate = mode === 'add' ? await fundRatePercent(c.tx) : Number(existing!.rate);
    if (mode === 'add') values.rate = rate;
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
    const day = (values.useDate ?? existing?.useDate) as string;
    if (day > cnDate()) throw badInput('日期：不能晚于今天');
    const year = Number(day.slice(0, 4));
    const plan = (await c.tx.execute(sql`select 1 from regime_fund_year where enterprise_id = ${enterpriseId} and year = ${year}`)).rows[0];
    if (!plan) throw badInput(`日期：${year}年度尚未登记安全费用提取计划，请先在“安全费用提取”中登记上年度营业收入`);
  },
  async afterWrite(c, row) {
    await checkLedger(c.tx, row.enterpriseId, '金额（元）');
  },
});

