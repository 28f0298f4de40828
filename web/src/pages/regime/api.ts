/** 制度流程 and 安全生产费用 (server/src/modules/regime), through the request client. */
import type { FundTrack, Wire, regimeAnswers } from '@dg/core';
import { request, download } from '../../api/request';
import type { FileRef, Row } from '../../components/resource/types';

export type { FundExplanation, FundLedgerMonth as FundMonth, FundTrack } from '@dg/core';

const enc = encodeURIComponent;
type A = typeof regimeAnswers;

export const publishRegime = (row: Row) => request<Row>({ url: `/aqzd/regimeDoc/publish/${enc(row.id)}`, method: 'post', data: { version: row.version } });
export const reviseRegime = (row: Row) => request<Row>({ url: `/aqzd/regimeDoc/revise/${enc(row.id)}`, method: 'post', data: { version: row.version } });
export const regimeTemplates = () => request<Wire<A['templates']>>({ url: '/aqzd/regimeDoc/templates', method: 'get' });
export const adoptRegimes = (types: string[]) => request<Row[]>({ url: '/aqzd/regimeDoc/adopt', method: 'post', data: { types } });

export const fundTrack = (q: { year?: number; enterpriseId?: string }) => request<FundTrack>({ url: '/aqzd/funds/track', method: 'get', params: q });
export const fundOverview = (q: { year: number; warningOnly?: boolean }) =>
  request<Wire<A['fundOverview']>>({ url: '/aqzd/funds/overview', method: 'get', params: { year: q.year, warningOnly: q.warningOnly ? 'true' : undefined } });
export const exportFundTrack = (q: { year?: number; enterpriseId?: string }) => download('/aqzd/funds/track/export', q, '安全生产费用');
export const explainFundYear = (body: { year: number; explanation: string; files: FileRef[] }) =>
  request<Wire<A['fundExplained']>>({ url: '/aqzd/funds/explanation', method: 'post', data: body });
