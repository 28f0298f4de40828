/** The calls of 到期预警 / 静态信息预警 / 参数设置 (server/src/modules/warnings). */
import type { WarningEnterpriseCount, WarningRow, WarningSummaryItem, WarningStatus } from '@dg/core/warnings';
import { get, post, put } from '../../api/request';

export interface WarningFilters {
  status?: WarningStatus;
  keyword?: string;
  expiryDate?: [string | null, string | null];
  enterpriseId?: string;
  kind?: string;
}
export interface WarningListBody { page: number; size: number; filters: WarningFilters }
export interface WarningList { content: WarningRow[]; total: number; totalCapped?: boolean; windowDays?: number; today?: string }
export type EnterpriseCount = WarningEnterpriseCount & { earliestExpiry: string };
export interface EnterpriseCounts { content: EnterpriseCount[]; total: number; totalCapped?: boolean }

export const warningBase = (key: string) => `/warning/${key}`;
export const listWarnings = (key: string, body: WarningListBody) => post<WarningList>(`${warningBase(key)}/list`, body);
export const warningEnterprises = (key: string, body: WarningListBody) => post<EnterpriseCounts>(`${warningBase(key)}/enterprises`, body);
export const notifyEnterprise = (key: string, enterpriseId: string) =>
  post<{ enterpriseName: string; count: number; title: string; content: string; delivered: 'message' | 'log' }>(`${warningBase(key)}/notify`, { enterpriseId });
export const warningSummary = () => get<WarningSummaryItem[]>('/warning/summary', undefined, { silent: true });

export interface Param { key: string; label: string; value: unknown; updatedAt: string | null; editable: boolean }
export const getParams = () => get<Param[]>('/zyd/param');
export const saveParams = (body: Record<string, unknown>) => put<Param[]>('/zyd/param', body);
