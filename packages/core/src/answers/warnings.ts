/**
 * What 到期预警, 静态信息预警 and 参数设置 answer (server/src/modules/warnings). The warning rows and the per-enterprise
 * counts are declared here once: 信息看板 (answers/board.ts) and 业务大厅 serve the same rows.
 */
import { z } from 'zod';
import { day, instant, type Wire } from '../answer.ts';
import { WARNING_STATUSES } from '../warnings.ts';
import { pageOf } from './list.ts';

/** one document due or expired, as the lists answer it */
const warningRow = z.object({
  /** `<kind>:<resource>:<recordId>` (a vehicle appears once per document) */
  id: z.string(), kind: z.string(), kindTitle: z.string(), resource: z.string(), recordId: z.string(),
  enterpriseId: z.string(), enterpriseName: z.string(), regionCode: z.string().nullable(), subject: z.string(),
  document: z.string(), docNo: z.string().nullable(), expiryDate: day, status: z.enum(WARNING_STATUSES),
  /** expiry − today: ≥ 0 days left, < 0 days overdue */
  days: z.number(), daysLeft: z.number().nullable(), daysOverdue: z.number().nullable(),
  /** the front-end route of the record's detail */
  route: z.string(),
});
/** a page of warnings over several lists (业务大厅, 静态监控): each list has its own window, so the page names none */
const warningPage = pageOf(warningRow);
/** a page of one list, with the window (参数设置) its 即将到期 counts from and the day it counts from */
const kindPage = warningPage.extend({ windowDays: z.number(), today: day });

/** a government page's counts per enterprise: all its rows, and of them the due and the overdue */
const enterpriseCount = z.object({
  enterpriseId: z.string(), enterpriseName: z.string(), regionCode: z.string().nullable(), count: z.number(), earliestExpiry: day,
  due: z.number(), overdue: z.number(),
});

/** 通知企业: the notice as sent; `delivered` says whether it reached the inbox or only the operation log */
const notified = z.object({
  enterpriseId: z.string(), enterpriseName: z.string(), count: z.number(), title: z.string(), content: z.string(), delivered: z.enum(['message', 'log']),
});

/** due and overdue of one list (the dashboard, 业务大厅, 提示汇总) */
const summaryItem = z.object({
  /** the list's menu code (the due page's for a government topic) */
  kind: z.string(), key: z.string(), title: z.string(), due: z.number(), overdue: z.number(),
  /** a government topic's 已过期 page's menu code */
  overdueKind: z.string().optional(),
});

/** one parameter of 参数设置; `editable` whether the reader may change it (province-wide values) */
const param = z.object({ key: z.string(), label: z.string(), value: z.unknown(), updatedAt: instant.nullable(), editable: z.boolean() });

export const warningAnswers = {
  list: kindPage, lobbyList: warningPage, enterprises: pageOf(enterpriseCount), notified, summary: z.array(summaryItem), params: z.array(param),
  /** the parts 信息看板 serves again */
  row: warningRow, page: warningPage,
};

export type WarningRow = Wire<typeof warningRow>;
export type WarningPage = Wire<typeof warningPage>;
export type WarningKindPage = Wire<typeof kindPage>;
export type WarningEnterpriseCount = Wire<typeof enterpriseCount>;
export type WarningSummaryItem = Wire<typeof summaryItem>;
export type WarningParam = Wire<typeof param>;
