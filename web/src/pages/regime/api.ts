/** 制度流程 and 安全生产费用 (server/src/modules/regime), through the request client. */
import { request, download } from '../../api/request';
import type { Row } from '../../components/resource/types';

const enc = encodeURIComponent;

export const publishRegime = (row: Row) => request<Row>({ url: `/aqzd/regimeDoc/publish/${enc(row.id)}`, method: 'post', data: { version: row.version } });
export const reviseRegime = (row: Row) => request<Row>({ url: `/aqzd/regimeDoc/revise/${enc(row.id)}`, method: 'post', data: { version: row.version } });
export const regimeTemplates = () => request<string[]>({ url: '/aqzd/regimeDoc/templates', method: 'get' });
export const adoptRegimes = (types: string[]) => request<Row[]>({ url: '/aqzd/regimeDoc/adopt', method: 'post', data: { types } });

export interface FundMonth { month: number; opening: number; planned: number; accrued: number; used: number; closing: number; paused: boolean; due: boolean; reason: string }
export interface FundTrack {
  enterprise: { id: string; name: string };
  year: number;
  years: number[];
  plan: null | { yearPlan: number; rate: number; lastRevenue: number; accrued: number; used: number; balance: number; usageRate: number | null; warning: boolean; pausedMonths: number };
  months: FundMonth[];
  categories: { category: string; name: string; amount: number }[];
}
export interface FundOverviewRow { enterpriseId: string; enterpriseName: string; regionCode: string | null; yearPlan: number; used: number; usageRate: number | null; warning: boolean }

export const fundTrack = (q: { year?: number; enterpriseId?: string }) => request<FundTrack>({ url: '/aqzd/funds/track', method: 'get', params: q });
export const fundOverview = (q: { year: number; warningOnly?: boolean }) =>
  request<{ year: number; rows: FundOverviewRow[] }>({ url: '/aqzd/funds/overview', method: 'get', params: { year: q.year, warningOnly: q.warningOnly ? 'true' : undefined } });
export const exportFundTrack = (q: { year?: number; enterpriseId?: string }) => download('/aqzd/funds/track/export', q, '安全生产费用');
