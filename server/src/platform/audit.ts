/**
 * 操作日志: one row per write (who, menu, operation, path, method, time, host, body with secrets redacted, before/after).
 * Every URL and body written here goes through one cleaning (cleanUrl, redact): credentials masked, control characters
 * dropped, sizes capped, so no token or password is kept and no row fails on what the client sent.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { flattenMenus } from '@dg/core';
import type { App } from './context.ts';
import type { Db } from '../db/index.ts';

const menuTitle = new Map<string, string>();
const elementName = new Map<string, { name: string; menu: string }>();
for (const m of flattenMenus()) {
  menuTitle.set(m.code, m.title);
  for (const e of m.elements ?? []) elementName.set(e.code, { name: e.name, menu: m.code });
}

/** names of query parameters and body keys whose values are credentials: masked wherever they appear */
const SECRET = /pass(word)?|pwd|secret|token|ticket|verifyCode|credential|authorization|api[-_]?key/i;
/** a signed token (JWT) under any name, e.g. pasted into a remark or sent as ?t= */
const JWT = /eyJ[\w-]{4,}\.eyJ[\w-]{4,}\.[\w-]{4,}/g;
/** control characters (tab and line breaks kept): PostgreSQL refuses NUL in text and jsonb, the rest only garble the log */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** half of a surrogate pair alone (a cut string): jsonb refuses its escape */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const MASK = '******';
const MAX_DEPTH = 6;
const MAX_ITEMS = 200;
const MAX_STRING = 2000;
const MAX_JSON = 64 * 1024;
const MAX_URI = 500;

/** a string as the log keeps it: without control characters, lone surrogates or signed tokens */
function cleanText(s: string): string {
  return s.replace(CONTROL, '').replace(LONE_SURROGATE, '\ufffd').replace(JWT, MASK);
}

/** a query parameter's name as the client meant it (%74oken is token) */
function paramName(raw: string): string {
  try { return decodeURIComponent(raw.replace(/\+/g, ' ')); } catch { return raw; }
}

/**
 * A request URL as the log keeps it: the values of credential parameters (?token= of downloads and the event
 * stream, access_token, password…) masked, cleaned like any logged text, at most 500 characters (the column's width).
 */
export function cleanUrl(url: string): string {
  const q = url.indexOf('?');
  const masked = q < 0 ? url : url.slice(0, q + 1) + url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq >= 0 && SECRET.test(paramName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${MASK}` : pair;
  }).join('&');
  return cleanText(masked).slice(0, MAX_URI).replace(LONE_SURROGATE, '');
}

/**
 * A bounded copy for the log: secrets masked (by key, and signed tokens anywhere), control characters dropped,
 * nesting cut at six levels, arrays at 200 items, strings at 2,000 characters and the whole at 64 KB. It never
 * throws, whatever the client sent, and what it gives always fits a jsonb column (the input guard refuses NUL,
 * deeper or larger bodies before any handler, but a refused request is logged too and the log must not depend on it).
 */
export function redact(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return cleanText(v.length > MAX_STRING ? v.slice(0, MAX_STRING) + '…' : v);
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? String(v) : v;
  if (v instanceof Date) return v;
  if (depth >= MAX_DEPTH) return Array.isArray(v) ? '[…]' : '{…}';
  if (Array.isArray(v)) return v.slice(0, MAX_ITEMS).map((x) => redact(x, depth + 1));
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    if (++n > MAX_ITEMS) { out['…'] = '(已截断)'; break; }
    out[cleanText(k.slice(0, MAX_STRING))] = SECRET.test(k) ? MASK : redact((v as Record<string, unknown>)[k], depth + 1);
  }
  return out;
}
/** the JSON text of a logged body, before or after: `redact`ed, and never more than 64 KB */
export function summary(v: unknown): string | null {
  if (v === undefined) return null;
  try {
    const text = JSON.stringify(redact(v));
    return text === undefined ? null : text.length > MAX_JSON ? JSON.stringify({ '(已截断)': text.slice(0, 2000).replace(LONE_SURROGATE, '') }) : text;
  } catch {
    return JSON.stringify('(无法记录)');
  }
}

function describe(req: FastifyRequest) {
  const access = req.routeOptions.config?.access;
  const el = access?.element ? elementName.get(access.element) : undefined;
  const menuCode = req.audit?.menu ?? el?.menu ?? access?.menu;
  return { menu: menuCode ? menuTitle.get(menuCode) ?? menuCode : null, opt: req.audit?.opt ?? access?.opt ?? el?.name ?? req.method };
}

const auditId = Symbol('auditId');
type Logged = FastifyRequest & { [auditId]?: string; resultStatus?: number };

/**
 * Before the handler (preHandler: the request is authorised and valid): the write's row goes in first, with the
 * request's bounded summary and result 进行中. If it cannot be written, the handler does not run: a write without
 * its log row cannot exist.
 */
export async function openAuditLog(app: App, req: FastifyRequest) {
  const user = req.user!;
  const d = describe(req);
  const body = req.isMultipart() ? JSON.stringify({ file: '(上传文件)' }) : summary(req.body ?? null);
  const r = await app.ctx.database.pool.query<{ id: string }>(
    `insert into gate_log (enterprise_id, menu, opt, uri, method, crt_time, crt_user, crt_name, crt_host, result, body)
     values ($1,$2,$3,$4,$5,now(),$6,$7,$8,'进行中',$9) returning id`,
    [user.enterpriseId, d.menu, d.opt, cleanUrl(req.url), req.method, user.id, user.name, req.ip, body],
  );
  (req as Logged)[auditId] = r.rows[0]!.id;
}

/** After the handler: the row gets its result and the before/after of the change (or, refused before the handler, is written now). */
export async function writeAuditLog(app: App, req: FastifyRequest, httpStatus: number) {
  const user = req.user!;
  const resultStatus = (req as Logged).resultStatus;
  const result = httpStatus >= 500 ? '失败' : resultStatus && resultStatus !== 200 ? `拒绝(${resultStatus})` : '成功';
  const d = describe(req);
  const before = summary(req.audit?.before), after = summary(req.audit?.after);
  try {
    const id = (req as Logged)[auditId];
    if (id) {
      await app.ctx.database.pool.query(`update gate_log set result = $2, menu = $3, opt = $4, before = $5, after = $6 where id = $1`,
        [id, result, d.menu, d.opt, before, after]);
      return;
    }
    const body = req.isMultipart() ? JSON.stringify({ file: '(上传文件)' }) : summary(req.body ?? null);
    await app.ctx.database.pool.query(
      `insert into gate_log (enterprise_id, menu, opt, uri, method, crt_time, crt_user, crt_name, crt_host, result, body, before, after)
       values ($1,$2,$3,$4,$5,now(),$6,$7,$8,$9,$10,$11,$12)`,
      [user.enterpriseId, d.menu, d.opt, cleanUrl(req.url), req.method, user.id, user.name, req.ip, result, body, before, after],
    );
  } catch (err) {
    req.log.error({ err }, 'operation log write failed');
  }
}

/**
 * One 操作日志 row written by a route itself, in `exec` (a transaction when the row must stand or fall with it): the
 * steps no signed-in request carries — a sign-in, a sign-out, a registration's steps — with the same cleaning as
 * every logged row.
 */
export function logEntry(exec: Pick<Db, 'execute'>, req: FastifyRequest, row: {
  menu: string; opt: string; name: string | null; userId?: string | null; enterpriseId?: string | null; result: string; body?: unknown; before?: unknown; after?: unknown;
}) {
  return exec.execute(sql`insert into gate_log (enterprise_id, menu, opt, uri, method, crt_time, crt_user, crt_name, crt_host, result, body, before, after)
    values (${row.enterpriseId ?? null}, ${row.menu}, ${row.opt}, ${cleanUrl(req.url)}, ${req.method}, now(), ${row.userId ?? null}, ${row.name?.slice(0, 50) ?? null},
      ${req.ip}, ${row.result}, ${summary(row.body)}::jsonb, ${summary(row.before)}::jsonb, ${summary(row.after)}::jsonb)`);
}
