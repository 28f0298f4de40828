/**
 * getRemindInfo's counts for the signed-in user's enterprise. Each area adds its counter with
 * `addRemindCounter`; until the waybill and notice modules exist their keys stay zero.
 */
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';

export type RemindKey = 'unread' | 'uncommitted' | 'unscheduled' | 'unchecked' | 'undistributed' | 'unreadRegime' | 'unreadMessage' | 'unreadStaffNotice';
type Counter = (app: App, user: SessionUser) => Promise<Partial<Record<RemindKey, number>>>;
const counters: Counter[] = [];
export function addRemindCounter(c: Counter) { counters.push(c); }

export async function remindCounts(app: App, user: SessionUser): Promise<Record<RemindKey, number>> {
  const out: Record<RemindKey, number> = { unread: 0, uncommitted: 0, unscheduled: 0, unchecked: 0, undistributed: 0, unreadRegime: 0, unreadMessage: 0, unreadStaffNotice: 0 };
  for (const part of await Promise.all(counters.map((c) => c(app, user)))) Object.assign(out, part);
  return out;
}
