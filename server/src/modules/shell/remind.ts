/**
 * getRemindInfo's counts for the signed-in user. Each area adds its counter with `addRemindCounter`: for the user,
 * the counts it can give as scalar SQL (an integer each). All of them run as one prepared statement — one round
 * trip, planned once per shape — instead of a query per area.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { App } from '../../platform/context.ts';
import { sessionMemo, type SessionUser } from '../../platform/access.ts';
import { compile, execPrepared, type Plan } from '../../db/index.ts';

export type RemindKey = 'unread' | 'uncommitted' | 'unscheduled' | 'unchecked' | 'undistributed' | 'unreadRegime' | 'unreadMessage' | 'unreadStaffNotice'
  | 'overdueBorrow' | 'overdueAssessBorrow';
type Counter = { count: (user: SessionUser) => Partial<Record<RemindKey, SQL>>; plan: Plan };
const counters: Counter[] = [];
/**
 * `plan` (db/index.ts execPrepared): 'generic' (the default) for counts looked up by the user's own ids — its id, its
 * enterprise's — whose best plan is the same for every user (planning them over the partitioned waybill rollups
 * cost more than the lookups); a counter by an area or another value-sensitive range declares 'chosen' or 'per call',
 * and the statement takes the most careful plan among the counters that count for the user.
 */
export function addRemindCounter(count: Counter['count'], plan: Plan = 'generic') { counters.push({ count, plan }); }

const CAREFUL: Plan[] = ['generic', 'chosen', 'per call'];

/** the one statement of a user's counts (null when no area counts anything for them); bench/waybill.ts times it too */
export function remindSql(user: SessionUser): { keys: RemindKey[]; sql: SQL; plan: Plan } | null {
  let plan: Plan = 'generic';
  const parts: [RemindKey, SQL][] = [];
  for (const c of counters) {
    const mine = Object.entries(c.count(user)) as [RemindKey, SQL][];
    if (!mine.length) continue;
    parts.push(...mine);
    if (CAREFUL.indexOf(c.plan) > CAREFUL.indexOf(plan)) plan = c.plan;
  }
  if (!parts.length) return null;
  return { keys: parts.map(([k]) => k), plan, sql: sql`select ${sql.join(parts.map(([k, q]) => sql`coalesce((${q}), 0)::int as ${sql.identifier(k)}`), sql`, `)}` };
}

/** a session's statement, compiled once (sessionMemo): it depends on who the user is, never on the moment (dates are the database's current_date) */
const statementOf = (user: SessionUser) => sessionMemo(user, 'remind', () => {
  const q = remindSql(user);
  return q && { keys: q.keys, compiled: compile(q.sql), plan: q.plan };
});

export async function remindCounts(app: App, user: SessionUser): Promise<Record<RemindKey, number>> {
  const out: Record<RemindKey, number> = { unread: 0, uncommitted: 0, unscheduled: 0, unchecked: 0, undistributed: 0, unreadRegime: 0, unreadMessage: 0, unreadStaffNotice: 0,
    overdueBorrow: 0, overdueAssessBorrow: 0 };
  const q = statementOf(user);
  if (!q) return out;
  const row = (await execPrepared<Record<string, number>>(app.ctx.database.db, q.compiled, q.plan)).rows[0] ?? {};
  for (const k of q.keys) out[k] = Math.max(0, Number(row[k] ?? 0));
  return out;
}
