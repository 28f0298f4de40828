/** 运单监管 calls (docs/waybill-api.md §4), relative to /api. */
import { request } from '../../api/request';
import type { Page, WaybillDetail } from '../waybill/api';

const enc = encodeURIComponent;

export const getStateCounts = (enterpriseId?: string) =>
  request<Record<string, number>>({ url: '/ydjg/waybill/stateCounts', method: 'get', params: { enterpriseId: enterpriseId || undefined } });

export interface FillRateEnterprise {
  rank: number;
  enterpriseId: string;
  enterpriseName: string;
  cityCode: string;
  cityName?: string;
  operatingVehicles: number;
  vehiclesWithWaybills: number;
  waybills: number;
  fillRate: number;
}
export interface FillRateCity {
  cityCode: string;
  cityName?: string;
  enterprises: number;
  operatingVehicles: number;
  vehiclesWithWaybills: number;
  waybills: number;
  fillRate: number;
}
export const getFillRate = (body: { from: string; to: string; cityCode?: string }) =>
  request<{ from: string; to: string; enterprises: FillRateEnterprise[]; cities: FillRateCity[] }>({ url: '/ydjg/fillRate', method: 'post', data: body });

export interface Abnormal {
  id: string;
  rule: string;
  detail: string;
  source: string;
  status: string;
  foundAt: string;
  waybillId?: string | null;
  waybillNo?: string | null;
  plateNo?: string | null;
  enterpriseId?: string | null;
  enterpriseName?: string | null;
  checklistId?: string | null;
  reporterName?: string | null;
  version?: number;
}
export const listAbnormal = (body: { page: number; size: number; filters?: Record<string, unknown> }) =>
  request<Page<Abnormal>>({ url: '/ydjg/abnormal/list', method: 'post', data: body });

export interface Checklist {
  id: string;
  version: number;
  abnormalId?: string | null;
  waybillId?: string | null;
  waybillNo?: string | null;
  enterpriseId: string;
  enterpriseName?: string | null;
  rule?: string | null;
  problem: string;
  replyBy: string;
  state: string;
  issuerName?: string | null;
  issuedAt: string;
  receivedAt?: string | null;
  reply?: string | null;
  replyAttachments?: { id: string; name: string }[] | null;
  repliedAt?: string | null;
  opinion?: string | null;
  finishedAt?: string | null;
  overdue?: boolean;
}
export interface ChecklistStep {
  id: string;
  at: string;
  userName?: string | null;
  action: string;
  fromState?: string | null;
  toState: string;
  note?: string | null;
  attachments?: { id: string; name: string }[] | null;
}
export interface ChecklistDetail extends Checklist {
  steps: ChecklistStep[];
  abnormal: Abnormal | null;
  waybill: { id: string; waybillNo?: string | null; state: string; plateNo?: string | null; driverName?: string | null; goodsSummary?: string | null; startDate?: string } | null;
}

export const getAbnormal = (id: string) =>
  request<{ abnormal: Abnormal; waybill: WaybillDetail | null; checklists: Checklist[] }>({ url: `/ydjg/abnormal/info/${enc(id)}`, method: 'get' });
export const reportAbnormal = (body: { waybillNo?: string | null; enterpriseId?: string | null; plateNo?: string | null; detail: string }) =>
  request<Abnormal>({ url: '/ydjg/abnormal/report', method: 'post', data: body });
export const issueChecklist = (body: { abnormalId: string; problem: string; replyBy: string }) =>
  request<Checklist>({ url: '/ydjg/checklist/issue', method: 'post', data: body });

export const listChecklists = (body: { page: number; size: number; filters?: Record<string, unknown> }) =>
  request<Page<Checklist>>({ url: '/ydjg/checklist/list', method: 'post', data: body });
export const getChecklist = (id: string) => request<ChecklistDetail>({ url: `/ydjg/checklist/info/${enc(id)}`, method: 'get' });
export type ChecklistAction = 'receive' | 'reply' | 'finish' | 'return';
export const checklistAct = (action: ChecklistAction, id: string, body: { version: number; reply?: string; attachments?: unknown; opinion?: string | null }) =>
  request<Checklist>({ url: `/ydjg/checklist/${action}/${enc(id)}`, method: 'post', data: body });
