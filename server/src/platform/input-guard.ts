/**
 * The input guard: before any handler and before zod validation, a request's query string, path
 * parameters and parsed body are walked once (iteratively: a body of 100,000 levels fits in the 10 MB
 * limit and must not overflow the stack of a recursive validator) and refused with 40001 when they
 * - hold a NUL character (PostgreSQL refuses \u0000 in text and jsonb: it would answer 500) —
 *   `参数filters.name含有非法字符`, naming the field;
 * - nest deeper than MAX_DEPTH levels — 请求内容层级过深;
 * - hold more than MAX_NODES values in all — 请求内容过大.
 * Multipart uploads are read by their handlers (req.file()) and are not walked here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badInput } from './errors.ts';

export const MAX_DEPTH = 20;
export const MAX_NODES = 10_000;

const hasNul = (s: string) => s.includes('\u0000');

/** `filters.name`, `goods[2].unNo`; a key that is not a plain word is quoted */
function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const k = /^[\p{L}\p{N}_$-]+$/u.test(key) ? key : JSON.stringify(key.replace(/\u0000/g, '\\0').slice(0, 40));
  return path ? `${path}.${k}` : k;
}

/**
 * The first fault of one part of a request (`what` names it in messages: query, params or body),
 * or null. Counts every value, object key and array element; the part itself is depth 0.
 */
export function inputFault(value: unknown, budget = { nodes: 0 }): string | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (++budget.nodes > MAX_NODES) return '请求内容过大';
    if (typeof v === 'string') {
      if (hasNul(v)) return path ? `参数${path}含有非法字符` : '请求内容含有非法字符';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return '请求内容层级过深';
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: join(path, i), depth: depth + 1 });
      continue;
    }
    if (Buffer.isBuffer(v)) continue;
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      const p = join(path, k);
      if (hasNul(k)) return `参数${p}含有非法字符`;
      stack.push({ v: (v as Record<string, unknown>)[k], path: p, depth: depth + 1 });
    }
  }
  return null;
}

/** the first fault of a request's query, path parameters and body, or null */
export function requestFault(req: Pick<FastifyRequest, 'query' | 'params' | 'body'>): string | null {
  const budget = { nodes: 0 };
  return inputFault(req.params, budget) ?? inputFault(req.query, budget) ?? inputFault(req.body, budget);
}

/** registers the guard on `app` (the root instance: every route registered after it gets it) */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const fault = requestFault(req);
    if (fault) throw badInput(fault);
  });
}
