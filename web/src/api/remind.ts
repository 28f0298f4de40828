/** Bell counts (getRemindInfo's `content`; core's answers/shell.ts). */
import type { Wire, shellAnswers } from '@dg/core';
import { get } from './request.ts';

export type { RemindCounts as RemindContent } from '@dg/core';

export const getRemindInfo = () =>
  get<Wire<typeof shellAnswers.remind>>('/index/indexQyd/getRemindInfo', undefined, { silent: true }).then((d) => d?.content ?? {});
