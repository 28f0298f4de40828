/** Bell counts (spec §3 "Reminder info"). */
import { get } from './request.ts';

export interface RemindContent {
  unread: number;
  uncommitted: number;
  unscheduled: number;
  unchecked: number;
  undistributed: number;
}

export const getRemindInfo = () =>
  get<{ content: Partial<RemindContent> }>('/index/indexQyd/getRemindInfo', undefined, { silent: true }).then((d) => d?.content ?? {});
