/** What 档案管理's own route answers (server/src/modules/records): the person a certificate number names, to pre-fill 入职. */
import { z } from 'zod';
import { day, type Wire } from '../answer.ts';

/** the person of the caller's enterprise holding the number, with their last labour contract */
const certificateMatch = z.object({
  staffId: z.string(), name: z.string(), sex: z.string(), idCard: z.string(), mobile: z.string(), post: z.string(), qualificationNo: z.string().nullable(),
  lastContract: z.object({ contractNo: z.string(), contractStart: day, contractEnd: day.nullable() }).nullable(),
});

export const recordsAnswers = { certificate: certificateMatch };

export type CertificateMatch = Wire<typeof certificateMatch>;
