/** What 数据融合比对 answers beyond the engine's routes (server/src/modules/fusion); its steps answer the row (resourceRow). */
import { z } from 'zod';
import type { Wire } from '../answer.ts';
import { FUSION_CLASSES } from '../fusion.ts';

const resultClass = z.enum(FUSION_CLASSES);

/** a task's results by class, and by city with a count of every class */
const fusionStats = z.object({
  byClass: z.array(z.object({ resultClass, count: z.number() })),
  byCity: z.array(z.object({ cityCode: z.string(), cityName: z.string(), counts: z.record(resultClass, z.number()) })),
});

export const fusionAnswers = { stats: fusionStats };

export type FusionStats = Wire<typeof fusionStats>;
