/**
 * What the routes written by hand answer. Each declares the `data` of its envelope with a zod schema in core
 * (`answers/<module>.ts`): the server sets it as the route's response, so the OpenAPI document shows it and the type
 * check holds the handler to it; the web's calls take their types from the same schema (`Wire<typeof schema>`), so a
 * field renamed on one side fails the type check on the other.
 *
 * A schema describes two forms of the answer: what the handler returns (zod's output: a point in time may be a Date)
 * and what travels (zod's input: text). Production sends the handler's value
 * through JSON.stringify, which makes exactly that text; the tests check every answer against its schema
 * (CHECK_ANSWERS).
 */
import { z } from 'zod';

/**
 * a point in time: in the server's hands a Date (as pg reads it) or the database's text of it (as drizzle's `execute`
 * leaves it: `2026-11-28 14:00:00.123+08`); on the wire that text or the Date's ISO text (`2026-11-28T06:00:00.123Z`),
 * both of which dayjs and Date read
 */
const instantText = z.string().regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/, '时间格式不正确');
export const instant = z.codec(instantText, z.union([z.date(), instantText]), {
  decode: (text) => text,
  encode: (value) => (typeof value === 'string' ? value : value.toISOString()),
});

/** a calendar day as the database gives it (`2026-11-28`) */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** what the web receives of an answer schema: its wire form */
export type Wire<S extends z.ZodType> = z.input<S>;

/** what the server's handler returns for an answer schema (a point in time a Date) */
export type Served<S extends z.ZodType> = z.output<S>;

/** the side a user or a step belongs to (resource.ts Side) */
export const side = z.enum(['enterprise', 'government', 'platform']);
