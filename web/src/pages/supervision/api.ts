/** 运单监管 calls (docs/waybill-api.md §4), relative to /api; what they answer is core's (answers/supervision.ts). */
import type { Checklist, ChecklistDetail, Wire, supervisionAnswers } from '@dg/core';
import { request } from '../../api/request';

const enc = encodeURIComponent;

export const getStateCounts = (enterpriseId?: string) =>
  request<Wire<typeof supervisionAnswers.stateCounts>>({ url: '/ydjg/waybill/stateCounts', method: 'get', params: { enterpriseId: enterpriseId || undefined } });

export const getFillRate = (body: { from: string; to: string; cityCode?: string }) =>
  request<Wire<typeof supervisionAnswers.fillRate>>({ url: '/ydjg/fillRate', method: 'post', data: body });

export const listAbnormal = (body: { page: number; size: number; filters?: Record<string, unknown> }) =>
  request<Wire<typeof supervisionAnswers.abnormalList>>({ url: '/ydjg/abnormal/list', method: 'post', data: body });

export const getAbnormal = (id: string) =>
  request<Wire<typeof supervisionAnswers.abnormalDetail>>({ url: `/ydjg/abnormal/info/${enc(id)}`, method: 'get' });
export const reportAbnormal = (body: { waybillNo?: string | null; enterpriseId?: string | null; plateNo?: string | null; detail: string }) =>
  request<Wire<typeof supervisionAnswers.reported>>({ url: '/ydjg/abnormal/report', method: 'post', data: body });
export const issueChecklist = (body: { abnormalId: string; problem: string; replyBy: string }) =>
  request<Checklist>({ url: '/ydjg/checklist/issue', method: 'post', data: body });

export const listChecklists = (body: { page: number; size: number; filters?: Record<string, unknown> }) =>
  request<Wire<typeof supervisionAnswers.checklistList>>({ url: '/ydjg/checklist/list', method: 'post', data: body });
export const getChecklist = (id: string) => request<ChecklistDetail>({ url: `/ydjg/checklist/info/${enc(id)}`, method: 'get' });
export type ChecklistAction = 'receive' | 'reply' | 'finish' | 'return';
export const checklistAct = (action: ChecklistAction, id: string, body: { version: number; reply?: string; attachments?: unknown; opinion?: string | null }) =>
  request<Checklist>({ url: `/ydjg/checklist/${action}/${enc(id)}`, method: 'post', data: body });
