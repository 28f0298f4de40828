/**
 * buildApp(): the whole server, used by main.ts and by the tests (app.inject()).
 * Order of a request: trace → token → access (menu/element code, token kind) → zod validation →
 * handler (data scope in every query) → envelope; writes leave one operation-log row.
 */
import Fastify, { LogController, type FastifyError, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, jsonSchemaTransform, hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializer } from './platform/answers.ts';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { STATUS } from '@dg/core';
import type { Config } from './config.ts';
import { detectEngine, type Database } from './db/index.ts';
import { listenEvents, localEvents, redisEvents, type Events } from './platform/events.ts';
import { ApiError, unavailable, unavailableMessage } from './platform/errors.ts';
import { declareAccess, allowed, isApiPath, pathOf, DEFAULT_KINDS } from './platform/access.ts';
import { Sessions } from './platform/sessions.ts';
import { Tokens, loadSecret } from './platform/tokens.ts';
import { dbState, redisState, type SharedState } from './platform/shared-state.ts';
import { Imports, UPLOAD_BYTES } from './platform/crud/excel.ts';
import { Traces, traceStore } from './platform/traces.ts';
import { cleanUrl, openAuditLog, writeAuditLog } from './platform/audit.ts';
import type { AppContext, App } from './platform/context.ts';
import { serveWeb, type SendIndex } from './platform/web-static.ts';
import { registerModules } from './modules/index.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { registerReadiness } from './ops/ready.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';

export interface BuildOptions { config: Config; database: Database; state?: SharedState; events?: Events; logger?: boolean }

const PG_MESSAGES: Record<string, string> = {
  '22P02': '参数格式不正确',
  '22001': '输入内容过长',
  '22003': '数值超出范围',
  '22007': '日期格式不正确',
  '22008': '日期超出范围',
  '23505': '数据重复，请检查唯一字段',
  '23503': '关联数据不存在或仍被引用',
};

/** the routes whose writes can change a session (users, groups, grants, menus, elements, organisations) */
const CHANGES_SESSIONS = /^\/api\/(admin|super|auth)\//;

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
    // a module may wait at start for the database (the waybill partitions' lock while another instance makes them; the
    // embedded database serving several starts at once): a minute, not avvio's 10 s
    pluginTimeout: 60_000,
    // X-Forwarded-For only from the proxies named in TRUST_PROXY: anyone else could reset lockouts and rate limits with it
    trustProxy: config.trustProxy,
    // one log line per request costs a core's worth on a busy instance: errors and slow requests are logged in onResponse, all requests are in the traces
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.checkAnswers));

  const state = opts.state ?? (config.redisUrl ? redisState(config.redisUrl, database.db, { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) }) : dbState(database.db));
  const ctx: AppContext = {
    config, database, state,
    imports: new Imports(state),
    tokens: new Tokens(loadSecret({ secret: config.jwtSecret, secretFile: config.jwtSecretFile, dataDir: config.dataDir })),
    traces: new Traces(),
    instanceId: `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 6)}`,
    startedAt: new Date(),
    routes: [],
  } as Omit<AppContext, 'sessions' | 'events'> as AppContext;
  ctx.sessions = new Sessions(database, ctx.tokens, state);
  await ctx.sessions.start();
  const databaseEvents = async () => (await detectEngine(database))
    ? listenEvents(database.url, (payload) => database.pool.query('select pg_notify($1, $2)', ['dg_events', payload]))
    : localEvents();
  ctx.events = opts.events ?? (config.redisUrl ? redisEvents(config.redisUrl, await databaseEvents()) : await databaseEvents());
  app.decorate('ctx', ctx);
  app.decorateRequest('user', undefined);
  app.decorateRequest('audit', undefined);
  app.decorateRequest('startedAt', 0n);

  // one error handler for every scope, plugins' too (a scope copies its parent's handler when it is registered)
  app.setErrorHandler((err: FastifyError | ApiError | Error, req, reply) => {
    const refused = (status: number) => { (req as FastifyRequest & { resultStatus?: number }).resultStatus = status; };
    refused(STATUS.BAD_INPUT); // every branch below but the last answers 40001 unless it says otherwise
    // the database or Redis is away (restarting, unreachable): 503, try again — not a 500 with a trace to report
    const away = err instanceof ApiError ? null : unavailableMessage(err);
    if (away) {
      // the driver's error, not drizzle's wrapper (its message holds the statement's parameters)
      const cause = (err as { cause?: { message?: string; code?: string } }).cause ?? (err as { message?: string; code?: string });
      req.log.warn({ traceId: req.id, reason: cause.message, code: cause.code }, 'service unavailable');
      err = unavailable(away);
      reply.header('retry-after', '2');
    }
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

  // every route declares who may call it, or it does not register (platform/access.ts)
  app.addHook('onRoute', (route) => {
    declareAccess(route);
    ctx.routes.push(route); // read later: the /api/super scope's own onRoute adds its token kind after this one
  });

  registerSecurityHeaders(app);
  // large JSON answers (the session's menus and element codes, dictionaries, big pages) go compressed; small ones
  // are not worth the CPU, and the built assets are already precompressed (platform/static). Up to 128 KiB in one
  // synchronous call and one write (a list page of 20 waybills is ~15 KiB): the plugin's default on 2 cores streams
  // everything above 8 KiB through a zlib stream on the thread pool — chunked, several writes, and no faster here,
  // where PostgreSQL wants the other core
  await app.register(compress, {
    global: true,
    threshold: 8 * 1024,
    syncThreshold: 128 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_BYTES, files: 1 } });
  await app.register(swagger, {
    openapi: { info: { title: '危险货物道路运输安全监管系统 API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // trace every request; the ALS store collects its SQL spans
  app.addHook('onRequest', (req, reply, done) => {
    req.startedAt = process.hrtime.bigint();
    reply.header('x-trace-id', req.id); // 追踪号: names the request in 链路监控 and in the log
    traceStore.run({ spans: [] }, done);
  });

  // token and access: in one place, before any handler, decided from the matched route's declaration only
  // (never from the raw URL: the router matches the decoded path). No route matched: the not-found handler answers.
  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.url) return;
    const access = req.routeOptions.config?.access;
    if (!access) throw new ApiError(STATUS.FORBIDDEN, '当前用户无相关操作权限！');
    if (access.public) return;
    const t0 = performance.now();
    const header = req.headers.authorization;
    const query: unknown = req.query; // any route's: a token may come as ?token= (downloads, the event stream)
    const token = (header?.startsWith('Bearer ') ? header.slice(7) : header)
      || (query && typeof query === 'object' && 'token' in query ? query.token : undefined);
    const user = await ctx.sessions.authenticate(typeof token === 'string' ? token : undefined);
    if ('error' in user) throw new ApiError(STATUS.TOKEN, user.error, 401);
    if (!(access.kinds ?? DEFAULT_KINDS).includes(user.token.kind)) throw new ApiError(STATUS.TOKEN, 'User token is not accepted here!', 401);
    req.user = user;
    traceStore.getStore()?.spans.push({ name: 'auth', ms: Math.round((performance.now() - t0) * 10) / 10 });
    if (!allowed(user, access)) throw new ApiError(STATUS.FORBIDDEN, '当前用户无相关操作权限！');
  });

  // 操作日志: the write's row goes in before its handler runs, and gets its result before the answer leaves
  app.addHook('preHandler', async (req) => {
    if (req.user && isWrite(req)) await openAuditLog(app as unknown as App, req);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.user && isWrite(req)) {
      await writeAuditLog(app, req, reply.statusCode);
      // users, roles, grants, menus: this instance has dropped what the write changed before the client hears of it
      if (CHANGES_SESSIONS.test(req.routeOptions.url ?? '')) await ctx.sessions.barrier();
    }
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (route ? !isApiPath(route) : !isApiPath(pathOf(req.url))) return;
    const ms = Number(process.hrtime.bigint() - req.startedAt) / 1e6;
    ctx.traces.add({
      traceId: String(req.id), method: req.method, path: pathOf(req.url), status: reply.statusCode,
      ms: Math.round(ms * 10) / 10, user: req.user?.username ?? null, at: new Date().toISOString(),
      spans: traceStore.getStore()?.spans ?? [],
    });
    // a failed request is logged once, by the error handler (with the trace id the user sees); a slow one here
    if (reply.statusCode < 500 && ms > 1000) req.log.warn({ traceId: req.id, method: req.method, url: cleanUrl(req.url), status: reply.statusCode, ms: Math.round(ms) }, 'slow request');
  });

  let sendIndex: SendIndex = (_url, reply) => reply.code(404).send();
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(pathOf(req.url))) return reply.code(404).send({ status: 404, message: '接口不存在', data: null });
    return sendIndex(req.url, reply);
  });

  // NUL bytes, nesting and size are refused on every route before its schema runs
  registerInputGuard(app);
  await registerModules(app);
  registerReadiness(app, config, database);

  // the built web app (registered after the API so a module's route wins)
  sendIndex = await serveWeb(app as unknown as App, config);
  app.get('/', { config: { access: { public: true } }, schema: { hide: true } }, (req, reply) => sendIndex('/', reply));

  app.addHook('onClose', async () => { await ctx.sessions.close(); await ctx.events.close(); await state.close(); });
  return app;
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
