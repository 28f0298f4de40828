/**
 * The input guard: before any handler and before zod validation, a request's query string, path
 * parameters and parsed body are walked once (iteratively: a body of 100,000 levels fits in the 10 MB
 * limit and must not overflow the stack of a recursive validator) and refused with 40001 when they
 * - hold a NUL character (PostgreSQL refuses \u0000 in text and jsonb: it would answer 500) —
 *   `参数filters.name含有非法字符`, naming the field;
 * - nest deeper than MAX_DEPTH levels — 请求内容层级过深;
 * - hold more than MAX_NODES values in all — 请求内容过大.
 * A multipart upload is read by its handler (req.file()), as a stream: the guard wraps the request's file(), files()
 * and parts(), so each part is checked as the handler takes it — its field name, its file name (文件名含有非法字符)
 * and the fields sent before it — and refused before any byte of the file is written anywhere.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
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

/** a part of a multipart body as @fastify/multipart gives it: a field (`value`) or a file (`filename`, `file`, `toBuffer`) */
interface Part { type?: string; fieldname?: string; filename?: string; value?: unknown; file?: Readable; fields?: Record<string, unknown>; toBuffer?: () => Promise<Buffer> }

export const INCOMPLETE_UPLOAD = '上传的文件不完整，请重新上传';

/**
 * Whether `err`, raised while a file part was read, says the body itself broke off or is malformed (busboy's
 * "Unexpected end of form", "Part terminated early"…): the client's fault, not the server's. The plugin's own limits
 * carry a status code and are answered by the error handler; a file system error names its syscall.
 */
export const brokenBody = (err: unknown) => err instanceof Error && !('statusCode' in err) && !('syscall' in err) && !('status' in err);

/** the first fault of one multipart part and of the fields that came before it, or null */
export function partFault(part: Part): string | null {
  const budget = { nodes: 0 };
  const seen = new Set<Part>();
  const check = (p: Part): string | null => {
    if (seen.has(p)) return null;
    seen.add(p);
    const name = typeof p.fieldname === 'string' ? p.fieldname : '';
    if (hasNul(name)) return `参数${join('', name)}含有非法字符`;
    if (typeof p.filename === 'string' && hasNul(p.filename)) return '文件名含有非法字符';
    return p.type === 'field' ? inputFault({ [name]: p.value }, budget) : null;
  };
  const own = check(part);
  if (own) return own;
  for (const f of Object.values(part.fields ?? {})) {
    for (const p of ([] as unknown[]).concat(f)) {
      const fault = p && typeof p === 'object' ? check(p as Part) : null;
      if (fault) return fault;
    }
  }
  return null;
}

/** the part, or 40001 with the file's rest drained (so the request ends); reading a body that broke off answers 40001 too */
function checked<T extends Part>(part: T): T {
  const fault = partFault(part);
  if (fault) {
    part.file?.resume();
    throw badInput(fault);
  }
  const toBuffer = part.toBuffer;
  if (toBuffer) {
    part.toBuffer = async () => {
      try { return await toBuffer.call(part); } catch (err) { throw brokenBody(err) ? badInput(INCOMPLETE_UPLOAD) : err; }
    };
  }
  return part;
}

/** the request's multipart readers, each part checked as the handler takes it */
function guardMultipart(req: FastifyRequest) {
  const { file, files, parts } = req;
  req.file = async (options) => {
    const part = await file.call(req, options);
    return part && checked(part);
  };
  req.files = async function* (options) {
    for await (const part of files.call(req, options)) yield checked(part);
  };
  req.parts = async function* (options) {
    for await (const part of parts.call(req, options)) yield checked(part);
  };
}

/** registers the guard on `app` (the root instance: every route registered after it gets it) */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const fault = requestFault(req);
    if (fault) throw badInput(fault);
    if (typeof req.isMultipart === 'function' && req.isMultipart()) guardMultipart(req);
  });
}
