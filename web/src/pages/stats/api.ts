/** 运单统计 and 行业统计 (server/src/modules/stats), through the request client. */
import { request } from '../../api/request';
import type { StatDrill, StatQuery, StatResult } from '@dg/core/stats';

const enc = encodeURIComponent;

export const statExportUrl = (key: string) => `/stat/${enc(key)}/export`;
export const getStat = (key: string, query: StatQuery) => request<StatResult>({ url: `/stat/${enc(key)}`, method: 'post', data: query });

/** a waybill a figure counts */
export interface StatWaybill {
  id: string; createdAt: string; waybillNo: string | null; state: string; waybillType: string; plateNo: string | null; carrierName: string | null;
  goodsSummary: string | null; totalMassKg: number | string | null; originRegionName: string | null; destRegionName: string | null; startDate: string | null;
}
/** an abnormal finding a figure counts (a drill with `rule`) */
export interface StatFinding {
  id: string; waybillId: string | null; waybillCreatedAt: string | null; waybillNo: string | null; plateNo: string | null; enterpriseName: string | null;
  rule: string; detail: string | null; status: string; foundAt: string;
}
export interface StatWaybillPage<T> { content: T[]; total: number; totalCapped?: boolean }
export const statWaybills = <T extends StatWaybill | StatFinding>(body: { page: number; size: number; drill: StatDrill }) =>
  request<StatWaybillPage<T>>({ url: '/stat/waybills', method: 'post', data: body });
