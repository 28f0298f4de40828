/**
 * 首页: `GET /index/dashboard`, every figure from a real query. Each area adds its figures with
 * `addDashboardPart(side, fn)`: numbers are summed, `expiry` rows merge by kind, `byCity` / `byClass` by name,
 * `waybillsByDay` by date, `notices` by time. Government parts also run for the platform, over everything.
 *
 * Enterprise: { side, queues (getRemindInfo), expiry: [{ kind, title, due, overdue }], warnings: { due, overdue }
 * (the sum of expiry), openHazards, hazards: { open }, waybillsByDay: [{ date, count }], notices }.
 * Government / platform: { side, todayWaybills (also as `today`), inTransit, abnormal, overdueCertificates,
 * openRectifications, byCity: [{ name, value }], byClass: [{ name, value }], notices }.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { ok } from '../../platform/errors.ts';
import { remindCounts } from '../shell/remind.ts';
import { latestPublished } from './content.ts';

export interface ExpiryCount { kind: string; title: string; due: number; overdue: number }
export interface NameCount { name: string; value: number }
export interface Notice { id: string; kind?: string; title: string; publishedAt?: Date | string | null }

export interface EnterpriseDashboardPart {
  expiry?: ExpiryCount[];
  openHazards?: number;
  majorHazards?: number;
  overdueHazards?: number;
  waybillsByDay?: { date: string; count: number }[];
  notices?: Notice[];
}
export interface GovernmentDashboardPart {
  todayWaybills?: number;
  inTransit?: number;
  abnormal?: number;
  overdueCertificates?: number;
  openRectifications?: number;
  byCity?: NameCount[];
  byClass?: NameCount[];
  notices?: Notice[];
}
type Part<S> = (app: App, user: SessionUser) => Promise<S>;

const parts = { enterprise: [] as Part<EnterpriseDashboardPart>[], government: [] as Part<GovernmentDashboardPart>[] };
export function addDashboardPart(side: 'enterprise', fn: Part<EnterpriseDashboardPart>): void;
export function addDashboardPart(side: 'government', fn: Part<GovernmentDashboardPart>): void;
export function addDashboardPart(side: 'enterprise' | 'government', fn: Part<any>) {
  parts[side].push(fn);
}

const NOTICE_LIMIT = 5;

function mergeBy<T>(list: T[], key: (x: T) => string, add: (a: T, b: T) => T): T[] {
  const m = new Map<string, T>();
  for (const x of list) { const k = key(x); m.set(k, m.has(k) ? add(m.get(k)!, x) : x); }
  return [...m.values()];
}

function merge(results: Record<string, unknown>[]) {
  const out: Record<string, unknown> = {};
  for (const r of results) {
    for (const [k, v] of Object.entries(r)) {
      if (v === undefined || v === null) continue;
      const cur = out[k];
      if (typeof v === 'number') out[k] = (typeof cur === 'number' ? cur : 0) + v;
      else if (Array.isArray(v)) out[k] = [...(Array.isArray(cur) ? cur : []), ...v];
      else out[k] = v;
    }
  }
  if (Array.isArray(out.expiry)) out.expiry = mergeBy(out.expiry as ExpiryCount[], (x) => x.kind, (a, b) => ({ ...a, due: a.due + b.due, overdue: a.overdue + b.overdue }));
  for (const k of ['byCity', 'byClass']) {
    if (Array.isArray(out[k])) out[k] = mergeBy(out[k] as NameCount[], (x) => x.name, (a, b) => ({ ...a, value: a.value + b.value })).sort((a, b) => b.value - a.value);
  }
  if (Array.isArray(out.waybillsByDay)) {
    out.waybillsByDay = mergeBy(out.waybillsByDay as { date: string; count: number }[], (x) => x.date, (a, b) => ({ date: a.date, count: a.count + b.count }))
      .sort((a, b) => a.date.localeCompare(b.date));
  }
  if (Array.isArray(out.notices)) {
    const time = (n: Notice) => (n.publishedAt ? new Date(n.publishedAt).getTime() : 0);
    out.notices = (out.notices as Notice[]).sort((a, b) => time(b) - time(a)).slice(0, NOTICE_LIMIT);
  }
  return out;
}

export async function dashboardOf(app: App, user: SessionUser) {
  const db = app.ctx.database.db;
  const notices = (await latestPublished(db, undefined, NOTICE_LIMIT)).map((n) => ({ ...n }));
  if (user.side === 'enterprise') {
    const [queues, ...rest] = await Promise.all([remindCounts(app, user), ...parts.enterprise.map((p) => p(app, user))]);
    const m = merge([{ openHazards: 0, majorHazards: 0, overdueHazards: 0, waybillsByDay: [], expiry: [] }, ...rest as Record<string, unknown>[], { notices }]);
    const expiry = m.expiry as ExpiryCount[];
    return {
      side: 'enterprise' as const, queues, ...m,
      warnings: { due: expiry.reduce((s, x) => s + x.due, 0), overdue: expiry.reduce((s, x) => s + x.overdue, 0) },
      hazards: { open: m.openHazards as number, major: m.majorHazards as number, overdue: m.overdueHazards as number },
    };
  }
  const rest = await Promise.all(parts.government.map((p) => p(app, user)));
  const m = merge([{ todayWaybills: 0, inTransit: 0, abnormal: 0, overdueCertificates: 0, openRectifications: 0, byCity: [], byClass: [] },
    ...rest as Record<string, unknown>[], { notices }]);
  return { side: user.side, ...m, today: m.todayWaybills as number };
}

export const dashboardRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify as unknown as App;
  app.get('/index/dashboard', { config: { access: { anyUser: true } }, schema: { tags: ['首页'], summary: '首页数据' } }, async (req) =>
    ok(await dashboardOf(app, req.user!)));
};
