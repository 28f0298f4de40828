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

/** the one statement of a user's counts (null when no area counts anything for them); bench/waybill.ts times it too */
export function remindSql(user: SessionUser): { keys: RemindKey[]; sql: SQL } | null {
  const parts = Object.entries(Object.assign({}, ...counters.map((c) => c(user)))) as [RemindKey, SQL][];
  if (!parts.length) return null;
  return { keys: parts.map(([k]) => k), sql: sql`select ${sql.join(parts.map(([k, q]) => sql`coalesce((${q}), 0)::int as ${sql.identifier(k)}`), sql`, `)}` };
}

export async function remindCounts(app: App, user: SessionUser): Promise<Record<RemindKey, number>> {
  const out: Record<RemindKey, number> = { unread: 0, uncommitted: 0, unscheduled: 0, unchecked: 0, undistributed: 0, unreadRegime: 0, unreadMessage: 0, unreadStaffNotice: 0 };
  const q = remindSql(user);
  if (!q) return out;
  // an enterprise user's counts are by its own ids: one generic plan serves every enterprise (a government's by its
  // area are left to PostgreSQL's choice, see execPrepared)
  const row = (await execPrepared<Record<string, number>>(app.ctx.database.db, q.sql, user.side === 'enterprise' ? 'generic' : 'chosen')).rows[0] ?? {};
  for (const k of q.keys) out[k] = Math.max(0, Number(row[k] ?? 0));
  return out;
}
