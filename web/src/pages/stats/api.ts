/** 运单统计 and 行业统计 (server/src/modules/stats), through the request client; what they answer is core's (answers/stats.ts). */
import type { StatWaybills } from '@dg/core';
import { request } from '../../api/request';
import type { StatDrill, StatQuery, StatResult } from '@dg/core/stats';

const enc = encodeURIComponent;

export const statExportUrl = (key: string) => `/stat/${enc(key)}/export`;
export const getStat = (key: string, query: StatQuery) => request<StatResult>({ url: `/stat/${enc(key)}`, method: 'post', data: query });

/** what a figure counts: a page of its waybills, or (a drill with `rule`) of its abnormal findings, told apart by `kind` */
export const statWaybills = (body: { page: number; size: number; drill: StatDrill }) =>
  request<StatWaybills>({ url: '/stat/waybills', method: 'post', data: body });
