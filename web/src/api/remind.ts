/** Bell counts (getRemindInfo's `content`). */
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
