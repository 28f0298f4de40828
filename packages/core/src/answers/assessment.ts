/**
 * What 安全考核 answers beyond the engine's routes (server/src/modules/assessment): its steps, 发布, a model's copy and
 * the borrowed archive answer the row (resourceRow), its history the timeline (flowAnswer); 考核统计 is this.
 */
import { z } from 'zod';
import type { Wire } from '../answer.ts';

/** published assessments by grade (ASSESS_GRADES), and their sum */
const gradeCounts = z.object({ AAA: z.number(), AA: z.number(), A: z.number(), B: z.number(), total: z.number() });

const assessStat = z.object({
  years: z.array(z.number()), year: z.number(),
  byCity: z.array(gradeCounts.extend({ regionCode: z.string(), city: z.string() })),
  trend: z.array(gradeCounts.extend({ year: z.number() })),
});

export const assessmentAnswers = { stat: assessStat };

export type AssessStat = Wire<typeof assessStat>;
