/**
 * 电子运单: base-info hooks and the product's three add paths, the waybill lifecycle,
 * the public QR check, the bell's four counts, and the jobs (monthly partitions ahead, 在途超时 sweep).
 * Register under /api: `await app.register(waybillModule, { prefix: '/api' })`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { RESOURCES, elementCode, waybillAnswers } from '@dg/core';
import { WAYBILL_QUEUES } from '@dg/core/waybill';
import type { App } from '../../platform/context.ts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { addRow } from '../../platform/crud/write.ts';
import { present } from '../../platform/crud/query.ts';
import { addRemindCounter } from '../shell/remind.ts';
import './hooks.ts';
import './dashboard.ts';
import { waybillRoutes } from './routes.ts';
import { publicCheckRoutes } from './public.ts';
import { sweepOverdue } from './abnormal.ts';

/** the product's paths /api/dzyd/bind/addBind, /goods/addGoods, /loading/addLoading: exactly the engine's /add */
const ALIASES: [key: string, path: string][] = [['bind', 'addBind'], ['goods', 'addGoods'], ['loading', 'addLoading']];

/** monthly partitions from 4 months back to 3 months ahead (idempotent, serialised by an advisory lock) */
export async function ensurePartitions(db: Db, from?: string, to?: string) {
  await db.execute(sql`select waybill_ensure_partitions(coalesce(${from ?? null}::date, (current_date - interval '4 months')::date), coalesce(${to ?? null}::date, (current_date + interval '3 months')::date))`);
}

/**
 * 待提交/待调度/待检查/待下发 of the user's enterprise, from the state rollup (waybill_state_count, kept in each
 * transition's transaction, the same the queues' totals read): one primary-key lookup instead of a count over every
 * partition. Capped at 100 as before (the badge shows 99+).
 */
addRemindCounter((user) => {
  if (user.side !== 'enterprise' || !user.enterpriseId) return {};
  return Object.fromEntries(Object.values(WAYBILL_QUEUES).map((x) => [x.remind,
    sql`select least(s.n, 100) from waybill_state_count s where s.enterprise_id = ${user.enterpriseId} and s.state = ${x.state}`]));
});

export const waybillModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;

  for (const [key, path] of ALIASES) {
    const def = RESOURCES.find((r) => r.key === key)!;
    app.post(`/${def.area}/${def.key}/${path}`, { config: { access: { element: elementCode(def, 'add') } }, schema: { tags: [def.title], summary: `新增${def.title}`, response: answer(waybillAnswers.added) } }, async (req) => {
      const row = await addRow(app, db(), def, req.user!, (req.body ?? {}));
      req.audit = { after: row };
      return ok((await present(db(), def, req.user!, [row]))[0]);
    });
  }
  await app.register(waybillRoutes);
  await app.register(publicCheckRoutes);

  await ensurePartitions(db());
  const timers = [
    setInterval(() => { ensurePartitions(db()).catch((err) => app.log.error({ err }, 'waybill partitions')); }, 12 * 3600_000),
    setInterval(() => { sweepOverdue(db()).catch((err) => app.log.error({ err }, 'in-transit sweep')); }, 10 * 60_000),
  ];
  for (const t of timers) t.unref();
  app.addHook('onClose', async () => { for (const t of timers) clearInterval(t); });
};
