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
export function redact(v: unknown, depth = 0): unknown {
  if (depth > 6 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.slice(0, 200).map((x) => redact(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = SECRET.test(k) ? '******' : redact(x, depth + 1);
  return out;
}

export async function writeAuditLog(app: App, req: FastifyRequest, httpStatus: number) {
  const user = req.user!;
  const access = req.routeOptions.config?.access;
  const el = access?.element ? elementName.get(access.element) : undefined;
  const menuCode = req.audit?.menu ?? el?.menu ?? access?.menu;
  const resultStatus = (req as FastifyRequest & { resultStatus?: number }).resultStatus;
  const result = httpStatus >= 500 ? '失败' : resultStatus && resultStatus !== 200 ? `拒绝(${resultStatus})` : '成功';
  const body = req.isMultipart() ? { file: '(上传文件)' } : redact(req.body ?? null);
  try {
    await app.ctx.database.pool.query(
      `insert into gate_log (enterprise_id, menu, opt, uri, method, crt_time, crt_user, crt_name, crt_host, result, body, before, after)
       values ($1,$2,$3,$4,$5,now(),$6,$7,$8,$9,$10,$11,$12)`,
      [user.enterpriseId, menuCode ? menuTitle.get(menuCode) ?? menuCode : null, req.audit?.opt ?? access?.opt ?? el?.name ?? req.method,
        req.url.slice(0, 500), req.method, user.id, user.name, req.ip, result,
        JSON.stringify(body), req.audit?.before === undefined ? null : JSON.stringify(redact(req.audit.before)),
        req.audit?.after === undefined ? null : JSON.stringify(redact(req.audit.after))],
    );
  } catch (err) {
    req.log.error({ err }, 'operation log write failed');
  }
}
