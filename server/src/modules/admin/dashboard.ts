/**
 * 首页: `GET /index/dashboard`, every figure from a real query. Each area adds its figures with
 * `addDashboardPart(side, fn)`: numbers are summed, `expiry` rows merge by kind, `byCity` / `byClass` by name,
 * `waybillsByDay` by date; `notices` are the latest published articles and policies. Government parts also run for the platform, over everything.
 *
 * Enterprise: { side, queues (getRemindInfo), expiry: [{ kind, title, due, overdue }], warnings: { due, overdue }
 * (the sum of expiry), hazards: { open, major, overdue }, waybillsByDay: [{ date, count }], notices }.
 * Government / platform: { side, todayWaybills, inTransit, abnormal, overdueCertificates,
 * openRectifications, byCity: [{ name, value }], byClass: [{ name, value }], notices }.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminAnswers, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { remindCounts } from '../shell/remind.ts';
import { latestPublished } from './content.ts';

type EnterpriseDashboard = Served<typeof adminAnswers.dashboard> & { side: 'enterprise' };
type GovernmentDashboard = Exclude<Served<typeof adminAnswers.dashboard>, { side: 'enterprise' }>;
export type ExpiryCount = EnterpriseDashboard['expiry'][number];
export type NameCount = GovernmentDashboard['byCity'][number];

/** what an area adds to the enterprise's 首页 */
export type EnterpriseDashboardPart = Partial<Pick<EnterpriseDashboard, 'expiry' | 'hazards' | 'waybillsByDay'>>;
/** what an area adds to the government's (and the platform's) 首页 */
export type GovernmentDashboardPart = Partial<Pick<GovernmentDashboard, 'todayWaybills' | 'inTransit' | 'abnormal' | 'overdueCertificates' | 'openRectifications' | 'byCity' | 'byClass'>>;
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

/** a figure of every part, summed */
const sum = <P, K extends keyof P>(results: P[], k: K) => results.reduce((n, r) => n + (Number(r[k] ?? 0)), 0);
/** the rows of every part */
const all = <P, T>(results: P[], rows: (r: P) => T[] | undefined) => results.flatMap((r) => rows(r) ?? []);
const byName = (list: NameCount[]) => mergeBy(list, (x) => x.name, (a, b) => ({ ...a, value: a.value + b.value })).sort((a, b) => b.value - a.value);

export async function dashboardOf(app: App, user: SessionUser): Promise<Served<typeof adminAnswers.dashboard>> {
  const db = app.ctx.database.db;
  const notices = await latestPublished(db, undefined, NOTICE_LIMIT);
  if (user.side === 'enterprise') {
    const [queues, ...rest] = await Promise.all([remindCounts(app, user), ...parts.enterprise.map((p) => p(app, user))]);
    const results = rest as EnterpriseDashboardPart[];
    const expiry = mergeBy(all(results, (r) => r.expiry), (x) => x.kind, (a, b) => ({ ...a, due: a.due + b.due, overdue: a.overdue + b.overdue }));
    const counted = all(results, (r) => (r.hazards ? [r.hazards] : []));
    const hazards = { open: sum(counted, 'open'), major: sum(counted, 'major'), overdue: sum(counted, 'overdue') };
    return {
      side: 'enterprise', queues, expiry, hazards,
      waybillsByDay: mergeBy(all(results, (r) => r.waybillsByDay), (x) => x.date, (a, b) => ({ date: a.date, count: a.count + b.count })).sort((a, b) => a.date.localeCompare(b.date)),
      warnings: { due: expiry.reduce((s, x) => s + x.due, 0), overdue: expiry.reduce((s, x) => s + x.overdue, 0) },
      notices,
    };
  }
  const results = await Promise.all(parts.government.map((p) => p(app, user)));
  return {
    side: user.side, todayWaybills: sum(results, 'todayWaybills'), inTransit: sum(results, 'inTransit'), abnormal: sum(results, 'abnormal'),
    overdueCertificates: sum(results, 'overdueCertificates'), openRectifications: sum(results, 'openRectifications'),
    byCity: byName(all(results, (r) => r.byCity)), byClass: byName(all(results, (r) => r.byClass)), notices,
  };
}

export const dashboardRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify as unknown as App;
  app.get('/index/dashboard', { config: { access: { anyUser: true } }, schema: { tags: ['首页'], summary: '首页数据', response: answer(adminAnswers.dashboard) } }, async (req) =>
    ok(await dashboardOf(app, req.user!)));
};
