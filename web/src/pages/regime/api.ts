/** 制度流程 and 安全生产费用 (server/src/modules/regime), through the request client. */
import { request, download } from '../../api/request';
import type { FileRef, Row } from '../../components/resource/types';

const enc = encodeURIComponent;

export const publishRegime = (row: Row) => request<Row>({ url: `/aqzd/regimeDoc/publish/${enc(row.id)}`, method: 'post', data: { version: row.version } });
export const reviseRegime = (row: Row) => request<Row>({ url: `/aqzd/regimeDoc/revise/${enc(row.id)}`, method: 'post', data: { version: row.version } });
export const regimeTemplates = () => request<string[]>({ url: '/aqzd/regimeDoc/templates', method: 'get' });
export const adoptRegimes = (types: string[]) => request<Row[]>({ url: '/aqzd/regimeDoc/adopt', method: 'post', data: { types } });

export interface FundMonth { month: number; opening: number; planned: number; accrued: number; used: number; closing: number; paused: boolean; due: boolean; reason: string }
/** 第五十一条's 情况说明 of a finished year used under 60% */
export interface FundExplanation { text: string; files: FileRef[]; at: string }
export interface FundTrack {
  enterprise: { id: string; name: string };
  year: number;
  years: number[];
  plan: null | {
    yearPlan: number; rate: number; lastRevenue: number; accrued: number; used: number; balance: number; usageRate: number | null; pausedMonths: number;
    /** the base of the 3× pause (第五十条) and whether this year's plan stands in for it */
    lastYearPlan: number; lastYearPlanEstimated: boolean;
    /** a finished year under 60% (第五十一条); a year in progress has `progress` instead */
    finished: boolean; warning: boolean; progress: string | null;
    explanation: FundExplanation | null;
  };
  months: FundMonth[];
  categories: { category: string; name: string; amount: number }[];
}
export interface FundOverviewRow {
  enterpriseId: string; enterpriseName: string; regionCode: string | null; yearPlan: number; used: number; usageRate: number | null;
  warning: boolean; progress: string | null; explanation: FundExplanation | null;
}

export const fundTrack = (q: { year?: number; enterpriseId?: string }) => request<FundTrack>({ url: '/aqzd/funds/track', method: 'get', params: q });
export const fundOverview = (q: { year: number; warningOnly?: boolean }) =>
  request<{ year: number; finished: boolean; rows: FundOverviewRow[] }>({ url: '/aqzd/funds/overview', method: 'get', params: { year: q.year, warningOnly: q.warningOnly ? 'true' : undefined } });
export const exportFundTrack = (q: { year?: number; enterpriseId?: string }) => download('/aqzd/funds/track/export', q, '安全生产费用');
export const explainFundYear = (body: { year: number; explanation: string; files: FileRef[] }) =>
  request<Row>({ url: '/aqzd/funds/explanation', method: 'post', data: body });
