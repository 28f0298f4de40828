/**
 * The answer shapes several modules share: a page of a list (platform/paged.ts), a row as a resource's list shows it,
 * and a workflow's timeline (platform/flow.ts).
 */
import { z } from 'zod';
import { instant, side, type Wire } from '../answer.ts';

/** a page of rows: `totalCapped` when the count stopped at its cap (the total is then "more than") */
export const pageOf = <R extends z.ZodType>(row: R) => z.object({ content: z.array(row), total: z.number(), totalCapped: z.boolean() });

/**
 * a row as a resource's list presents it (crud's presentRow): the definition's fields, their dictionary labels and
 * joined names. Its fields are the definition's, which the web reads through the definition; the answer holds it whole.
 */
export const resourceRow = z.record(z.string(), z.unknown());

/** an uploaded file as a row keeps it (its attachment id and the name it was uploaded under) */
export const fileRef = z.object({ id: z.string(), name: z.string() });

/** one step of a workflow's timeline, oldest first */
export const flowEntry = z.object({
  action: z.string(), fromState: z.string().nullable(), toState: z.string(), opinion: z.string().nullable(), side,
  userName: z.string(), createdAt: instant,
});
export const flowAnswer = z.array(flowEntry);

export type FlowEntry = Wire<typeof flowEntry>;
export type ResourceRowAnswer = Wire<typeof resourceRow>;
