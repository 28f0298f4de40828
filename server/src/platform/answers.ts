/**
 * The answers of routes written by hand, declared with core's schemas (core answer.ts): `response: answer(schema)`
 * makes the schema the route's documented 200 and holds the handler's return to it in the type check.
 *
 * Sending: production sends the handler's value through JSON.stringify as Fastify does for a route without a schema
 * (the schema costs a request nothing). With CHECK_ANSWERS (the tests), each answer is encoded through its schema
 * first, and one the schema does not describe exactly — a field missing, of another type, or not declared at all —
 * is a 500 that names the difference, so a page reading a field the server stopped sending fails its tests.
 *
 * A route that answers a raw body (AG-Admin's front/* answer without the envelope) declares `response: { 200: schema }`
 * itself: with CHECK_ANSWERS its body is checked whole, unless it is a refusal (an envelope whose status is not OK).
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { STATUS } from '@dg/core';

/** the schemas `answer` made: an envelope; any other schema a route declares describes a raw body */
const envelopes = new WeakSet<z.ZodType>();

/** the response of a route whose envelope carries `data` of this schema */
export const answer = <S extends z.ZodType>(data: S) => {
  const envelope = z.object({ status: z.number(), message: z.string(), data });
  envelopes.add(envelope);
  return { 200: envelope };
};

/** a refusal's envelope, which a route of a raw body sends on HTTP 200 too (the error handler's `{ status, message, data }`) */
const isRefusal = (value: unknown) => {
  const v = value as { status?: unknown; message?: unknown } | null;
  return typeof v?.status === 'number' && v.status !== STATUS.OK && typeof v.message === 'string';
};

export function answerSerializer(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => (value: unknown) => {
    const text = JSON.stringify(value);
    if (!check) return text;
    // a refusal shares HTTP 200 with an answer (its envelope's status says which): it is not the route's answer
    if (envelopes.has(schema) ? (value as { status?: unknown } | null)?.status !== STATUS.OK : isRefusal(value)) return text;
    const encoded = z.safeEncode(schema, value as never);
    if (!encoded.success) throw new Error(`${method} ${url} answers what its schema does not describe: ${z.prettifyError(encoded.error)}`);
    const sent = JSON.parse(text) as unknown;
    const declared = JSON.parse(JSON.stringify(encoded.data)) as unknown;
    if (!isDeepStrictEqual(sent, declared)) throw new Error(`${method} ${url} answers fields its schema does not declare: ${undeclared(sent, declared).join(', ')}`);
    return text;
  };
}

/** the paths of what `sent` holds beyond `declared` (zod drops an object's undeclared keys) */
function undeclared(sent: unknown, declared: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(declared)) return sent.flatMap((v, i) => undeclared(v, declared[i], `${at}[${i}]`)).slice(0, 5);
  if (sent && typeof sent === 'object' && declared && typeof declared === 'object') {
    return Object.keys(sent).flatMap((k) => {
      const path = at ? `${at}.${k}` : k;
      return k in declared ? undeclared((sent as Record<string, unknown>)[k], (declared as Record<string, unknown>)[k], path) : [path];
    });
  }
  return isDeepStrictEqual(sent, declared) ? [] : [at];
}
