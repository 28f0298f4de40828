/**
 * What 隐患排查治理's own routes answer (server/src/modules/danger): a hazard's timeline, a self-check run, and its
 * failed items turned into hazards. The hazard's steps answer the row as its list shows it (the workflow engine's).
 */
import { z } from 'zod';
import { flowAnswer, resourceRow } from './list.ts';

export const dangerAnswers = {
  flow: flowAnswer,
  /** the self-check as its list presents it */
  selfCheck: resourceRow,
  /** the self-check after the turn (its items now name their hazards) and the hazards made, as their lists present them */
  toHazards: z.object({ check: resourceRow, hazards: z.array(resourceRow) }),
};
