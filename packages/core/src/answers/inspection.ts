/**
 * What 安全检查, 整改管理 and 整改督办's own routes answer (server/src/modules/inspection): the enterprises a plan drew,
 * a check's results and a borrowed record. Their steps answer the row as its list shows it and their timelines core's
 * flowAnswer (the workflow engine's).
 */
import { z } from 'zod';
import { type Wire } from '../answer.ts';
import { resourceRow } from './list.ts';

const drawn = z.object({ id: z.string(), name: z.string(), regionCode: z.string() });

export const inspectionAnswers = {
  draw: z.array(drawn),
  /** the check record as its list presents it */
  record: resourceRow,
  /** the borrowed 整改记录 as its list presents it */
  borrowed: resourceRow,
};

export type DrawnEnterprise = Wire<typeof drawn>;
