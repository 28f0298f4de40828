/**
 * buildApp(): the whole server, used by main.ts and by the tests (app.inject()).
 * Order of a request: trace → token → access (menu/element code, token kind) → zod validation →
 * handler (data scope in every query) → envelope; writes leave one operation-log row.
 */
import Fastify, { LogController, type FastifyError, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform, hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { STATUS } from '@dg/core';
import type { Config } from './config.ts';
import { repoRoot } from './config.ts';
import type { Database } from './db/index.ts';
import { ApiError } from './platform/errors.ts';
import { loadSessionUser } from './platform/access.ts';
import { Tokens, loadSecret } from './platform/tokens.ts';
import { dbState, redisState, type SharedState } from './platform/shared-state.ts';
import { Imports } from './platform/crud/excel.ts';
import { Traces, traceStore } from './platform/traces.ts';
import { writeAuditLog } from './platform/audit.ts';
import type { AppContext } from './platform/context.ts';
import { registerModules } from './modules/index.ts';

export interface BuildOptions { config: Config; database: Database; state?: SharedState; logger?: boolean }

const PG_MESSAGES: Record<string, string> = {
  '22P02': '参数格式不正确',
  '22001': '输入内容过长',
  '22003': '数值超出范围',
  '22007': '日期格式不正确',
  '22008': '日期超出范围',
  '23505': '数据重复，请检查唯一字段',
  '23503': '关联数据不存在或仍被引用',
};

/** a write, for the operation log: PUT/DELETE, or a POST that needs an element code (add, import, export, workflow buttons) */
function isWrite(req: FastifyRequest) {
  if (req.method === 'PUT' || req.method === 'DELETE' || req.method === 'PATCH') return true;
  const access = req.routeOptions.config?.access;
  return req.method === 'POST' && !!(access?.element || access?.opt);
}

export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    genReqId: () => randomUUID().replace(/-/g, '').slice(0, 16),
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
    // one log line per request costs a core's worth on a busy instance: errors and slow requests are logged in onResponse, all requests are in the traces
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const state = opts.state ?? (config.redisUrl ? redisState(config.redisUrl) : dbState(database.db));
  const ctx: AppContext = {
    config, database, state,
    imports: new Imports(state),
    tokens: new Tokens(await loadSecret(database.db, config.jwtSecret)),
    traces: new Traces(),
    instanceId: `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 6)}`,
    startedAt: new Date(),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('user', undefined);
  app.decorateRequest('audit', undefined);
  app.decorateRequest('startedAt', 0n);

  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: { info: { title: '危险货物道路运输安全监管系统 API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // trace every request; the ALS store collects its SQL spans
  app.addHook('onRequest', (req, _reply, done) => {
    req.startedAt = process.hrtime.bigint();
    traceStore.run({ spans: [] }, done);
  });

  // token and access: in one place, before any handler (fail closed)
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const access = req.routeOptions.config?.access;
    if (!req.routeOptions.url) return; // 404 handler
    if (req.routeOptions.url.startsWith('/api/docs')) return;
    if (access?.public) return;
    const t0 = performance.now();
    const header = req.headers.authorization;
    const token = (header?.startsWith('Bearer ') ? header.slice(7) : header) || (req.query as Record<string, string> | undefined)?.token;
    const claims = await ctx.tokens.verify(token);
    if ('error' in claims) throw new ApiError(STATUS.TOKEN, claims.error, 401);
    const isSuperPath = req.url.startsWith('/api/super/');
    const kinds = access?.kinds ?? [isSuperPath ? 'super' : 'admin'];
    if (!kinds.includes(claims.kind)) throw new ApiError(STATUS.TOKEN, 'User token is not accepted here!', 401);
    if (await ctx.state.isInvalid(claims.jti)) throw new ApiError(STATUS.TOKEN, 'User token expired!', 401);
    const user = await loadSessionUser(database.db, claims);
    if ('error' in user) throw new ApiError(STATUS.TOKEN, user.error, 401);
    req.user = user;
    traceStore.getStore()?.spans.push({ name: 'auth', ms: Math.round((performance.now() - t0) * 10) / 10 });
    if (!access) throw new ApiError(STATUS.FORBIDDEN, '当前用户无相关操作权限！');
    if (access.anyUser) return;
    if (access.element && !user.elements.has(access.element)) throw new ApiError(STATUS.FORBIDDEN, '当前用户无相关操作权限！');
    if (access.menu && !user.menus.has(access.menu)) throw new ApiError(STATUS.FORBIDDEN, '当前用户无相关操作权限！');
    if (!access.menu && !access.element) throw new ApiError(STATUS.FORBIDDEN, '当前用户无相关操作权限！');
  });

  // 操作日志 before the answer leaves: whoever reads the log after a write finds the write's row
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && req.user && isWrite(req)) await writeAuditLog(app, req, reply.statusCode);
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const ms = Number(process.hrtime.bigint() - req.startedAt) / 1e6;
    ctx.traces.add({
      traceId: String(req.id), method: req.method, path: req.url.split('?')[0]!, status: reply.statusCode,
      ms: Math.round(ms * 10) / 10, user: req.user?.username ?? null, at: new Date().toISOString(),
      spans: traceStore.getStore()?.spans ?? [],
    });
    if (reply.statusCode >= 500 || ms > 1000) req.log.warn({ traceId: req.id, method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(ms) }, 'slow or failed request');
  });

  app.setErrorHandler((err: FastifyError | ApiError | Error, req, reply) => {
    const refused = (status: number) => { (req as FastifyRequest & { resultStatus?: number }).resultStatus = status; };
    refused(STATUS.BAD_INPUT); // every branch below but the last answers 40001 unless it says otherwise
    if (err instanceof ApiError) {
      req.audit = { ...req.audit, opt: req.audit?.opt, after: undefined };
      refused(err.status);
      const body: Record<string, unknown> = { status: err.status, message: err.message, data: err.data ?? null };
      if (err.status === STATUS.ERROR) body.errmsg = err.message;
      return reply.code(err.httpStatus).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const msg = issue?.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message
        : `参数${issue?.instancePath?.replace(/^\//, '') || ''}格式不正确`;
      return reply.code(200).send({ status: STATUS.BAD_INPUT, message: msg, data: null });
    }
    const fe = err as FastifyError & { code?: string; cause?: { code?: string } };
    // drizzle wraps the driver's error: the SQLSTATE is on the cause
    const pgCode = fe.cause?.code ?? fe.code;
    if (pgCode && PG_MESSAGES[pgCode]) {
      req.log.warn({ err, traceId: req.id }, 'database refused input');
      return reply.code(200).send({ status: STATUS.BAD_INPUT, message: PG_MESSAGES[pgCode], data: null });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const msg = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? '请求内容格式不正确'
        : fe.statusCode === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' ? '上传文件过大'
        : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的请求内容类型' : '请求参数不正确';
      return reply.code(200).send({ status: STATUS.BAD_INPUT, message: msg, data: null });
    }
    req.log.error({ err, traceId: req.id }, 'request failed');
    refused(STATUS.ERROR);
    return reply.code(500).send({ status: STATUS.ERROR, message: '服务器内部错误', errmsg: `服务器内部错误（追踪号 ${req.id}）`, data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send({ status: 404, message: '接口不存在', data: null });
    return sendIndex(req.url, reply);
  });

  await registerModules(app);

  // the built web app: index.html for the main page, pageB.html for the super admin
  const dist = path.join(repoRoot, 'web/dist');
  const hasWeb = config.serveWeb && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, index: false, wildcard: false, serve: true, prefix: '/' });
  function sendIndex(url: string, reply: import('fastify').FastifyReply) {
    if (!hasWeb) return reply.code(404).type('text/plain; charset=utf-8').send('前端尚未构建：请运行 npm run build');
    return reply.type('text/html; charset=utf-8').sendFile(url.startsWith('/pageB') ? 'pageB.html' : 'index.html');
  }
  app.get('/', { config: { access: { public: true } }, schema: { hide: true } }, (req, reply) => sendIndex('/', reply));

  app.addHook('onClose', async () => { await state.close(); });
  return app;
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
