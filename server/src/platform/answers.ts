/**
 * The answers of routes written by hand, declared with core's schemas (core answer.ts): `response: answer(schema)`
 * makes the schema the route's documented 200 and holds the handler's return to it in the type check.
 *
 * Sending: production sends the handler's value through JSON.stringify as Fastify does for a route without a schema
 * (the schema costs a request nothing). With CHECK_ANSWERS (the tests), each answer is encoded through its schema
 * first, and one the schema does not describe exactly — a field missing, of another type, or not declared at all —
 * is a 500 that names the difference, so a page reading a field the server stopped sending fails its tests.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { STATUS } from '@dg/core';

/** the response of a route whose envelope carries `data` of this schema */
export const answer = <S extends z.ZodType>(data: S) => ({ 200: z.object({ status: z.number(), message: z.string(), data }) });

export function answerSerializer(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => (value: unknown) => {
    const text = JSON.stringify(value);
    // a refusal shares HTTP 200 with an answer (its envelope's status says which): it is not the route's answer
    if (!check || (value as { status?: unknown } | null)?.status !== STATUS.OK) return text;
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
