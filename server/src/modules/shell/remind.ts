/**
 * getRemindInfo's counts for the signed-in user. Each area adds its counter with `addRemindCounter`: for the user,
 * the counts it can give as scalar SQL (an integer each). All of them run as one prepared statement — one round
 * trip, planned once per shape — instead of a query per area.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { execPrepared } from '../../db/index.ts';

export type RemindKey = 'unread' | 'uncommitted' | 'unscheduled' | 'unchecked' | 'undistributed' | 'unreadRegime' | 'unreadMessage' | 'unreadStaffNotice';
type Counter = (user: SessionUser) => Partial<Record<RemindKey, SQL>>;
const counters: Counter[] = [];
export function addRemindCounter(c: Counter) { counters.push(c); }

export async function remindCounts(app: App, user: SessionUser): Promise<Record<RemindKey, number>> {
  const out: Record<RemindKey, number> = { unread: 0, uncommitted: 0, unscheduled: 0, unchecked: 0, undistributed: 0, unreadRegime: 0, unreadMessage: 0, unreadStaffNotice: 0 };
  const parts = Object.entries(Object.assign({}, ...counters.map((c) => c(user)))) as [RemindKey, SQL][];
  if (!parts.length) return out;
  const row = (await execPrepared<Record<string, number>>(app.ctx.database.db,
    sql`select ${sql.join(parts.map(([k, q]) => sql`coalesce((${q}), 0)::int as ${sql.identifier(k)}`), sql`, `)}`)).rows[0] ?? {};
  for (const [k] of parts) out[k] = Math.max(0, Number(row[k] ?? 0));
  return out;
}
