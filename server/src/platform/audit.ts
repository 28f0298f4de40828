/** 操作日志: one row per write (who, menu, operation, path, method, time, host, body with secrets redacted, before/after). */
import type { FastifyRequest } from 'fastify';
import { flattenMenus } from '@dg/core';
import type { App } from './context.ts';

const menuTitle = new Map<string, string>();
const elementName = new Map<string, { name: string; menu: string }>();
for (const m of flattenMenus()) {
  menuTitle.set(m.code, m.title);
  for (const e of m.elements ?? []) elementName.set(e.code, { name: e.name, menu: m.code });
}

const SECRET = /pass(word)?|secret|token|verifyCode/i;
const MAX_DEPTH = 6;
const MAX_ITEMS = 200;
const MAX_STRING = 2000;
const MAX_JSON = 64 * 1024;

/**
 * A bounded copy for the log: secrets masked, nesting cut at six levels, arrays at 200 items, strings at 2,000
 * characters and the whole at 64 KB. It never throws, whatever the client sent (the input guard refuses deeper or
 * larger bodies before any handler, but the log must not depend on that).
 */
export function redact(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return v.length > MAX_STRING ? v.slice(0, MAX_STRING) + '…' : v;
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? String(v) : v;
  if (v instanceof Date) return v;
  if (depth >= MAX_DEPTH) return Array.isArray(v) ? '[…]' : '{…}';
  if (Array.isArray(v)) return v.slice(0, MAX_ITEMS).map((x) => redact(x, depth + 1));
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    if (++n > MAX_ITEMS) { out['…'] = '(已截断)'; break; }
    out[k] = SECRET.test(k) ? '******' : redact((v as Record<string, unknown>)[k], depth + 1);
  }
  return out;
}
function summary(v: unknown): string | null {
  if (v === undefined) return null;
  try {
    const text = JSON.stringify(redact(v));
    return text === undefined ? null : text.length > MAX_JSON ? JSON.stringify({ '(已截断)': text.slice(0, 2000) }) : text;
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
    [user.enterpriseId, d.menu, d.opt, req.url.slice(0, 500), req.method, user.id, user.name, req.ip, body],
  );
  (req as Logged)[auditId] = r.rows[0]!.id;
}

/** whether a write succeeded (not refused, not failed) */
export const writeSucceeded = (req: FastifyRequest, httpStatus: number) => httpStatus < 400 && !((req as Logged).resultStatus && (req as Logged).resultStatus !== 200);

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
      [user.enterpriseId, d.menu, d.opt, req.url.slice(0, 500), req.method, user.id, user.name, req.ip, result, body, before, after],
    );
  } catch (err) {
    req.log.error({ err }, 'operation log write failed');
  }
}
