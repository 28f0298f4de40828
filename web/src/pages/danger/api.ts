/**
 * The 安全检查 / 整改 / 督办 steps and the self-check (server/src/modules/danger, inspection), through the request client;
 * the steps of the 隐患, the 检查计划 and the 整改通知 go through the workflow components (components/workflow).
 */
import type { Wire, dangerAnswers, inspectionAnswers } from '@dg/core';
import { request } from '../../api/request';
import type { Row } from '../../components/resource/types';

type D = typeof dangerAnswers;
type I = typeof inspectionAnswers;

export interface CheckResult { itemId: string; content: string; category: string; basis: string | null; score: number; result: string; remark: string | null; hazardId?: string | null }

export const drawOf = (id: string) => request<Wire<I['draw']>>({ url: `/aqjc/checkPlan/draw/${encodeURIComponent(id)}`, method: 'get' });
/** the answers that are a resource's row as its list presents it (core resourceRow) are Rows here */
export const recordCheck = (id: string, body: Record<string, unknown>) => request<Wire<I['record']> & Row>({ url: `/aqjc/checkRecord/record/${encodeURIComponent(id)}`, method: 'post', data: body });
export const runSelfCheck = (body: Record<string, unknown>) => request<Wire<D['selfCheck']> & Row>({ url: '/yhpc/selfCheck/run', method: 'post', data: body });
export const failedToHazards = (id: string, body: Record<string, unknown>) =>
  request<Wire<D['toHazards']> & { check: Row; hazards: Row[] }>({ url: `/yhpc/selfCheck/toHazards/${encodeURIComponent(id)}`, method: 'post', data: body });
export type BorrowStep = 'approve' | 'reject' | 'giveBack';
export const stepBorrow = (step: BorrowStep, id: string, body: { version: number; opinion?: string | null }) =>
  request<Row>({ url: `/zggl/rectBorrow/${step}/${encodeURIComponent(id)}`, method: 'post', data: body });
export const readBorrowed = (id: string) => request<Wire<I['borrowed']> & Row>({ url: `/zggl/rectBorrow/read/${encodeURIComponent(id)}`, method: 'get' });
/** `report` (a supervisor), `feedback` (the enterprise, from 业务大厅), `raise` (the province: 提级督办) or `close` */
export const stepSupervise = (step: 'report' | 'feedback' | 'raise' | 'close', id: string, body: { version: number; content?: string; opinion?: string | null }) =>
  request<Row>({ url: `/zgdb/supervise/${step}/${encodeURIComponent(id)}`, method: 'post', data: body });
