/**
 * 服务注册 / 服务状态监控 / 链路监控 and `/api/metrics` (Prometheus text). Instances beat every 15 s
 * into service_instance (server.ts); one whose last beat is older than 45 s is 离线.
 */
import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App, AppContext } from '../../platform/context.ts';
import type { Trace } from '../../platform/traces.ts';
import { ok, notFound } from '../../platform/errors.ts';
import { poolStats } from '../../db/index.ts';
import { answer } from '../../platform/answers.ts';
import { adminAnswers } from '@dg/core';

const STALE_MS = 45_000;

// ---------------------------------------------------------------------------
// event-loop lag: one histogram per process, read as the last 10 s window
// ---------------------------------------------------------------------------
let histogram: IntervalHistogram | null = null;
let lastWindow: { meanMs: number; p99Ms: number; maxMs: number } | null = null;
const ms = (ns: number) => (Number.isFinite(ns) ? Math.round((ns / 1e6) * 100) / 100 : 0);
function eventLoopLag() {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    setInterval(() => {
      lastWindow = { meanMs: ms(histogram!.mean), p99Ms: ms(histogram!.percentile(99)), maxMs: ms(histogram!.max) };
      histogram!.reset();
    }, 10_000).unref();
  }
  return lastWindow ?? { meanMs: ms(histogram.mean), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) };
}

// ---------------------------------------------------------------------------
// request totals by status class since start (Traces keeps only a bounded window)
// ---------------------------------------------------------------------------
const totals = new WeakMap<AppContext, Record<string, number>>();
function requestTotals(ctx: AppContext) {
  let t = totals.get(ctx);
  if (!t) {
    t = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    totals.set(ctx, t);
    const counts = t;
    const add = ctx.traces.add.bind(ctx.traces);
    ctx.traces.add = (trace: Trace) => {
      const cls = `${Math.floor(trace.status / 100)}xx`;
      if (cls in counts) counts[cls]! += 1;
      add(trace);
    };
  }
  return t;
}

async function dbRoundTrip(app: App): Promise<number | null> {
  try {
    const t0 = performance.now();
    await app.ctx.database.pool.query('select 1');
    return Math.round((performance.now() - t0) * 100) / 100;
  } catch {
    return null;
  }
}

function selfStats(app: App) {
  const mem = process.memoryUsage();
  const minute = app.ctx.traces.lastMinute();
  return {
    pool: poolStats(app.ctx.database),
    memory: { rss: mem.rss, heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, external: mem.external },
    eventLoopLag: eventLoopLag(),
    uptime: Math.round(process.uptime()),
    requestsPerMinute: minute.n,
    errorRate: minute.n ? Math.round((minute.errors / minute.n) * 10000) / 100 : 0,
  };
}

/** what an instance's heartbeat stores of itself (server.ts) */
type BeatStats = { rss?: number; heapUsed?: number; pool?: ReturnType<typeof poolStats>; lastMinute?: { n?: number; errors?: number } };
type InstanceRow = { id: string; host: string; pid: number; version: string; started_at: Date; heartbeat_at: Date; stats: BeatStats | null };
const online = (beat: Date, now: number) => (now - new Date(beat).getTime() < STALE_MS ? '在线' as const : '离线' as const);

export const monitorRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  requestTotals(app.ctx);
  eventLoopLag();

  const instances = async () => (await db().execute<InstanceRow>(sql`select id, host, pid, version, started_at, heartbeat_at, stats from service_instance order by started_at`)).rows;

  app.get('/admin/serviceRegistry/list', { config: { access: { menu: 'serviceRegistryManager' } }, schema: { tags: ['服务注册'], summary: '运行中的实例', response: answer(adminAnswers.registry) } }, async () => {
    const now = Date.now();
    const rows = (await instances()).map((i) => ({
      id: i.id, host: i.host, pid: i.pid, version: i.version, startedAt: i.started_at, heartbeatAt: i.heartbeat_at,
      status: online(i.heartbeat_at, now), current: i.id === app.ctx.instanceId,
    }));
    // this instance answers, so it runs — even before its first beat (tests build the app without the heartbeat)
    if (!rows.some((r) => r.current)) {
      rows.unshift({ id: app.ctx.instanceId, host: os.hostname(), pid: process.pid, version: app.ctx.config.version, startedAt: app.ctx.startedAt,
        heartbeatAt: new Date(), status: online(new Date(), now), current: true });
    }
    return ok({ total: rows.length, rows });
  });

  app.get('/admin/serviceStatus', { config: { access: { menu: 'serviceStatusManager' } }, schema: { tags: ['服务状态监控'], summary: '实例状态', response: answer(adminAnswers.status) } }, async () => {
    const now = Date.now();
    const self = {
      id: app.ctx.instanceId, host: os.hostname(), pid: process.pid, version: app.ctx.config.version, startedAt: app.ctx.startedAt,
      dbMs: await dbRoundTrip(app), ...selfStats(app),
    };
    const others = (await instances()).filter((i) => i.id !== app.ctx.instanceId).map((i) => {
      const s = i.stats ?? {};
      const minute = s.lastMinute;
      return {
        id: i.id, host: i.host, pid: i.pid, version: i.version, startedAt: i.started_at, heartbeatAt: i.heartbeat_at,
        status: online(i.heartbeat_at, now),
        pool: s.pool ?? null, memory: { rss: s.rss ?? null, heapUsed: s.heapUsed ?? null },
        uptime: Math.round((new Date(i.heartbeat_at).getTime() - new Date(i.started_at).getTime()) / 1000),
        requestsPerMinute: minute?.n ?? null, errorRate: minute?.n ? Math.round(((minute.errors ?? 0) / minute.n) * 10000) / 100 : 0,
      };
    });
    return ok({ self, others });
  });

  // ---------------------------------------------------------------------------
  // 链路监控 (this instance's memory)
  // ---------------------------------------------------------------------------
  const traceRead = { access: { menu: 'serviceTraceManager' } } as const;
  const brief = (t: Trace) => ({ traceId: t.traceId, method: t.method, path: t.path, status: t.status, ms: t.ms, user: t.user, at: t.at, spans: t.spans.length });

  app.get('/admin/serviceTrace/recent', {
    config: traceRead,
    schema: {
      tags: ['链路监控'], summary: '最近的请求',
      querystring: z.object({
        path: z.string().max(200).optional(),
        status: z.coerce.number({ error: '状态：请输入数字' }).int().optional(),
        minMs: z.coerce.number({ error: '最短耗时：请输入数字' }).min(0).optional(),
        limit: z.coerce.number().int().min(1).max(500).optional(),
      }),
      response: answer(adminAnswers.recentTraces),
    },
  }, async (req) => {
    const { path, status, minMs, limit } = req.query;
    const rows = app.ctx.traces.recent.filter((t) => (!path || t.path.includes(path)) && (status === undefined || t.status === status || Math.floor(t.status / 100) === status)
      && (minMs === undefined || t.ms >= minMs)).reverse();
    return ok({ total: rows.length, rows: rows.slice(0, limit ?? 100).map(brief) });
  });

  app.get('/admin/serviceTrace/slow', {
    config: traceRead, schema: { tags: ['链路监控'], summary: '慢请求', querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }),
      response: answer(adminAnswers.slowTraces) },
  }, async (req) => {
    const rows = [...app.ctx.traces.slow].sort((a, b) => b.ms - a.ms).slice(0, req.query.limit ?? 100);
    return ok({ total: rows.length, slowMs: app.ctx.traces.slowMs, rows: rows.map(brief) });
  });

  app.get('/admin/serviceTrace/:traceId', {
    config: traceRead, schema: { tags: ['链路监控'], summary: '一个请求的链路', params: z.object({ traceId: z.string().max(64) }), response: answer(adminAnswers.trace) },
  }, async (req) => {
    const id = req.params.traceId;
    const t = app.ctx.traces.recent.find((x) => x.traceId === id) ?? app.ctx.traces.slow.find((x) => x.traceId === id);
    if (!t) throw notFound();
    return ok(t);
  });

  // ---------------------------------------------------------------------------
  // Prometheus text, on the main prefix only
  // ---------------------------------------------------------------------------
  if (fastify.prefix !== '/api') return;
  // behind a token with 服务状态监控 (the platform or super administrator), like the OpenAPI pages
  app.get('/metrics', { config: { access: { menu: 'serviceStatusManager', kinds: ['admin', 'super'] } }, schema: { tags: ['服务状态监控'], summary: 'Prometheus 指标', hide: true } }, async (_req, reply) => {
    const s = selfStats(app);
    const dbMs = await dbRoundTrip(app);
    const counts = requestTotals(app.ctx);
    const inst = `instance="${app.ctx.instanceId.replace(/["\\\n]/g, '_')}"`;
    const lines = [
      '# HELP process_uptime_seconds Seconds since the process started.', '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds{${inst}} ${process.uptime().toFixed(1)}`,
      '# HELP process_resident_memory_bytes Resident memory size in bytes.', '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes{${inst}} ${s.memory.rss}`,
      '# HELP nodejs_heap_used_bytes V8 heap in use.', '# TYPE nodejs_heap_used_bytes gauge',
      `nodejs_heap_used_bytes{${inst}} ${s.memory.heapUsed}`,
      '# HELP http_requests_total API requests answered since start, by status class.', '# TYPE http_requests_total counter',
      ...Object.entries(counts).map(([cls, n]) => `http_requests_total{${inst},class="${cls}"} ${n}`),
      '# HELP nodejs_eventloop_lag_seconds Event-loop delay over the last window.', '# TYPE nodejs_eventloop_lag_seconds gauge',
      `nodejs_eventloop_lag_seconds{${inst},quantile="0.5"} ${(s.eventLoopLag.meanMs / 1000).toFixed(6)}`,
      `nodejs_eventloop_lag_seconds{${inst},quantile="0.99"} ${(s.eventLoopLag.p99Ms / 1000).toFixed(6)}`,
      '# HELP db_pool_connections Database pool connections by state.', '# TYPE db_pool_connections gauge',
      `db_pool_connections{${inst},state="total"} ${s.pool.total}`,
      `db_pool_connections{${inst},state="idle"} ${s.pool.idle}`,
      `db_pool_connections{${inst},state="waiting"} ${s.pool.waiting}`,
      '# HELP db_roundtrip_seconds Time of a trivial query.', '# TYPE db_roundtrip_seconds gauge',
      `db_roundtrip_seconds{${inst}} ${dbMs === null ? 'NaN' : (dbMs / 1000).toFixed(6)}`,
      '# HELP db_up Whether the database answered.', '# TYPE db_up gauge',
      `db_up{${inst}} ${dbMs === null ? 0 : 1}`,
    ];
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(lines.join('\n') + '\n');
  });
};
