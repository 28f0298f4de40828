/**
 * What 制度流程 and 安全生产费用 answer (server/src/modules/regime). A regime's 阅知 answers staffReadAnswers
 * (answers/notice.ts), as a 人员通知's does. Money is integer 分.
 */
import { z } from 'zod';
import { day, instant, type Wire } from '../answer.ts';
import { REGIME_STATES, REGIME_TYPES } from '../resources/regime.ts';
import { myReadsOf } from './notice.ts';
import { fileRef } from './list.ts';

/** one month of a year's ledger (funds.ts FundMonth); `due`: the month has begun, its accrual is taken */
const fundMonth = z.object({
  month: z.number(), opening: z.number(), planned: z.number(), accrued: z.number(), used: z.number(), closing: z.number(), paused: z.boolean(),
  reason: z.string(), due: z.boolean(),
});

/** 第五十一条's 情况说明 of a finished year used under 60%: its text, attachments and when it was written (China's time) */
const fundExplanation = z.object({ text: z.string(), files: z.array(fileRef), at: instant });

/** the 60% rule of a year: the usage of its plan, flagged when the year is over, the way to 60% while it runs */
const usage = { usageRate: z.number().nullable(), warning: z.boolean(), progress: z.string().nullable(), explanation: fundExplanation.nullable() };

/** a year's plan and its figures so far */
const fundPlan = z.object({
  yearPlan: z.number(), rate: z.number(), lastRevenue: z.number(),
  /** the base of the 3× pause (第五十条) and whether this year's plan stands in for it */
  lastYearPlan: z.number(), lastYearPlanEstimated: z.boolean(),
  accrued: z.number(), used: z.number(), balance: z.number(), finished: z.boolean(), pausedMonths: z.number(), ...usage,
});

const fundTrack = z.object({
  enterprise: z.object({ id: z.string(), name: z.string() }), year: z.number(), years: z.array(z.number()), plan: fundPlan.nullable(),
  months: z.array(fundMonth), categories: z.array(z.object({ category: z.string(), name: z.string(), amount: z.number() })),
});

/** an enterprise of the jurisdiction in a year */
const fundOverviewRow = z.object({
  enterpriseId: z.string(), enterpriseName: z.string(), regionCode: z.string().nullable(), yearPlan: z.number(), used: z.number(), ...usage,
});

export const regimeAnswers = {
  /** the JT/T 912 regimes the enterprise has not yet */
  templates: z.array(z.enum(REGIME_TYPES)),
  mine: myReadsOf({
    docType: z.enum([...REGIME_TYPES, '其他']), revision: z.number(), effectiveDate: day, publishedAt: instant.nullable(), state: z.enum(REGIME_STATES),
  }),
  fundTrack,
  /** `threshold`: the share of the plan under which a finished year is flagged */
  fundOverview: z.object({ year: z.number(), finished: z.boolean(), threshold: z.number(), rows: z.array(fundOverviewRow) }),
  /** the year's plan with the 情况说明 as written */
  fundExplained: z.object({ id: z.string(), year: z.number(), explanation: fundExplanation }),
};

export type FundLedgerMonth = Wire<typeof fundMonth>;
export type FundExplanation = Wire<typeof fundExplanation>;
export type FundTrack = Wire<typeof fundTrack>;
