/** The calls of 到期预警 / 静态信息预警 / 参数设置 (server/src/modules/warnings); their answers are declared in core (answers/warnings.ts). */
import { LOBBY_WARNINGS, type WarningStatus } from '@dg/core/warnings';
import type { Wire, warningAnswers } from '@dg/core';
import { get, post, put } from '../../api/request';

export type { WarningEnterpriseCount as EnterpriseCount, WarningParam as Param } from '@dg/core';
type A = typeof warningAnswers;

export interface WarningFilters {
  status?: WarningStatus;
  keyword?: string;
  expiryDate?: [string | null, string | null];
  enterpriseId?: string;
  kind?: string;
}
export interface WarningListBody { page: number; size: number; filters: WarningFilters }
/** one list's page with its window; 业务大厅's page of every list names no window (each list has its own) */
export type WarningList = Wire<A['list']> | Wire<A['lobbyList']>;

export const warningBase = (key: string) => `/warning/${key}`;
export const listWarnings = (key: string, body: WarningListBody) =>
  (key === LOBBY_WARNINGS.key ? post<Wire<A['lobbyList']>>(`${warningBase(key)}/list`, body) : post<Wire<A['list']>>(`${warningBase(key)}/list`, body));
export const warningEnterprises = (key: string, body: WarningListBody) => post<Wire<A['enterprises']>>(`${warningBase(key)}/enterprises`, body);
export const notifyEnterprise = (key: string, enterpriseId: string) => post<Wire<A['notified']>>(`${warningBase(key)}/notify`, { enterpriseId });
export const warningSummary = () => get<Wire<A['summary']>>('/warning/summary', undefined, { silent: true });

export const getParams = () => get<Wire<A['params']>>('/zyd/param');
export const saveParams = (body: Record<string, unknown>) => put<Wire<A['params']>>('/zyd/param', body);
