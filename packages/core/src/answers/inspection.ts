/**
 * What 安全检查, 整改管理 and 整改督办's own routes answer (server/src/modules/inspection): the enterprises a plan drew,
 * a check's results, a borrowed record, and each workflow's timeline. Their steps answer the row as its list shows it
 * (the workflow engine's).
 */
import { z } from 'zod';
import { type Wire } from '../answer.ts';
import { flowAnswer, resourceRow } from './list.ts';

const drawn = z.object({ id: z.string(), name: z.string(), regionCode: z.string() });

export const inspectionAnswers = {
  draw: z.array(drawn),
  /** the check record as its list presents it */
  record: resourceRow,
  /** the borrowed 整改记录 as its list presents it */
  borrowed: resourceRow,
  flow: flowAnswer,
};

export type DrawnEnterprise = Wire<typeof drawn>;
