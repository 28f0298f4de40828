/** 信息看板 and 业务大厅's counts (server/src/modules/board), through the request client. */
import { request } from '../../api/request';
import type { Row } from '../../components/resource/types';
import type { WarningRow } from '@dg/core/warnings';

const enc = encodeURIComponent;
type Page<T> = { content: T[]; total: number };
type ListBody = { page: number; size: number; filters?: Record<string, unknown> };

export interface DynamicArea { code: string; name: string; total: number; overdue: number; byClass: Record<string, number> }
export interface DynamicSummary { total: number; overdue: number; factor: number; classes: string[]; areas: DynamicArea[]; asOf: string }
export interface InTransit {
  id: string; waybillNo: string | null; plateNo: string | null; enterpriseName: string | null; area: string; goodsClasses: string[]; goodsSummary: string | null;
  origin: string; dest: string; driverName: string | null; driverPhone: string | null; loadedAt: string; expectedHours: number | null; hours: number; overdue: boolean;
}
export const dynamicSummary = () => request<DynamicSummary>({ url: '/zyd/board/dynamic', method: 'get' });
export const dynamicList = (body: ListBody) => request<Page<InTransit>>({ url: '/zyd/board/dynamic/list', method: 'post', data: body });

export type CardType = 'enterprise' | 'vehicle' | 'staff' | 'waybill';
export interface Match { type: CardType; id: string; title: string; subtitle: string }
export interface DocumentItem { document: string; docNo: string | null; expiryDate: string; status: '有效' | '即将到期' | '已过期'; days: number }
export interface WaybillItem { id: string; waybillNo: string | null; state: string; plateNo: string | null; goodsSummary: string | null; enterpriseName: string | null; route: string; startDate: string; driverName: string | null; createdAt: string }
export interface HazardItem { id: string; hazardNo: string | null; title: string; level: string; state: string; deadline: string | null; overdue: boolean }
export interface AbnormalItem { id: string; waybillId: string | null; waybillNo: string | null; plateNo: string | null; rule: string; detail: string; status: string; foundAt: string }
export interface Card {
  type: CardType; typeTitle: string; id: string; title: string; subtitle: string;
  record?: Row;
  waybill?: WaybillItem & { escortName: string | null; loadedAt: string | null; completedAt: string | null; totalMassKg: number | null; overdue: boolean };
  counts?: Record<string, number>;
  links?: Match[];
  documents: DocumentItem[];
  waybills?: WaybillItem[];
  hazards?: HazardItem[];
  warnings?: WarningRow[];
  abnormal?: AbnormalItem[];
}
export const lookup = (q: string) => request<Match[]>({ url: '/zyd/board/lookup', method: 'get', params: { q } });
export const getCard = (type: CardType, id: string) => request<Card>({ url: `/zyd/board/card/${enc(type)}/${enc(id)}`, method: 'get' });

export interface StaticArea { code: string; name: string; due: number; overdue: number; byKind: Record<string, { due: number; overdue: number }> }
export interface StaticSummary { kinds: { key: string; title: string }[]; areas: StaticArea[]; due: number; overdue: number; today: string }
export interface EnterpriseCounts { enterpriseId: string; enterpriseName: string; regionCode: string | null; due: number; overdue: number }
export const staticSummary = () => request<StaticSummary>({ url: '/zyd/board/static', method: 'get' });
export const staticEnterprises = (body: ListBody) => request<Page<EnterpriseCounts>>({ url: '/zyd/board/static/enterprises', method: 'post', data: body });
export const staticDocuments = (body: ListBody) => request<Page<WarningRow>>({ url: '/zyd/board/static/documents', method: 'post', data: body });

export interface TipItem { key: string; title: string; count: number; menu: string; query?: Record<string, string>; urgent?: boolean }
export interface TipGroup { key: string; title: string; items: TipItem[] }
export const tipSummary = () => request<TipGroup[]>({ url: '/zyd/board/tips', method: 'get' });

export interface LobbyCounts { warningsDue: number; warningsOverdue: number; unreadMessages: number; rectNotices: number; supervise: number; checklists: number }
export const lobbyCounts = () => request<LobbyCounts>({ url: '/lobby/counts', method: 'get' });
