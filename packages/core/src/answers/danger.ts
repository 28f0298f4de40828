/**
 * What 隐患排查治理's own routes answer (server/src/modules/danger): a self-check run, and its failed items turned into
 * hazards. The hazard's steps answer the row as its list shows it, the timelines core's flowAnswer (the workflow engine's).
 */
import { z } from 'zod';
import { resourceRow } from './list.ts';

export const dangerAnswers = {
  /** the self-check as its list presents it */
  selfCheck: resourceRow,
  /** the self-check after the turn (its items now name their hazards) and the hazards made, as their lists present them */
  toHazards: z.object({ check: resourceRow, hazards: z.array(resourceRow) }),
};
