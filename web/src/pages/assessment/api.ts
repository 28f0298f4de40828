/** 安全考核's calls beyond the generic resource routes (server/src/modules/assessment). */
import type { AssessStat } from '@dg/core';
import { request } from '../../api/request';
import type { Row } from '../../components/resource/types';

export type AssessStep = 'save' | 'submit' | 'score' | 'confirm';
export interface AssessItem {
  indicatorId: string; category: string; name: string; maxScore: number; weight: number;
  selfScore: number | null; evidence: { id: string; name: string }[]; selfRemark: string | null; groupScore: number | null; opinion: string | null;
}
export const stepAssessment = (step: AssessStep, id: string, body: { version: number; opinion?: string | null; items?: unknown[] }) =>
  request<Row>({ url: `/aqkh/assessment/${step}/${encodeURIComponent(id)}`, method: 'post', data: body });
/** 发布: the product's own path, which shows no loading overlay */
export const publishResult = (id: string, version: number) => request<Row>({ url: '/assessResult/addAssessResult', method: 'post', data: { id, version } });
export const issueTask = (id: string, version: number) => request<Row>({ url: `/aqkh/assessTask/issue/${encodeURIComponent(id)}`, method: 'post', data: { version } });
export const copyModel = (id: string) => request<Row>({ url: `/aqkh/assessModel/copy/${encodeURIComponent(id)}`, method: 'post', data: {} });

export const getAssessStat = (year?: number) => request<AssessStat>({ url: '/aqkh/assessStat', method: 'get', params: { year } });

export const ASSESS_PATHS = {
  info: (id: string) => `/safetyManager/assessRecordManager/info/${encodeURIComponent(id)}`,
  /** the history of an assessment or an issue: who took each step and when */
  history: (id: string, type: 'assessment' | 'assessTask') => `/safetyManager/assessIssueManager/infoManager/${encodeURIComponent(id)}/${type}`,
};

/** 档案借阅 of published assessments: the one borrowing mechanism (rows of `rectBorrow`, kind 考核档案) under 安全考核's codes */
export type BorrowStep = 'approve' | 'reject' | 'giveBack';
export const addAssessBorrow = (body: { assessmentId: string; purpose: string; until: string }) => request<Row>({ url: '/aqkh/assessBorrow/add', method: 'post', data: body });
export const stepAssessBorrow = (step: BorrowStep, id: string, body: { version: number; opinion?: string | null }) =>
  request<Row>({ url: `/aqkh/assessBorrow/${step}/${encodeURIComponent(id)}`, method: 'post', data: body });
export const readAssessBorrow = (id: string) => request<Row>({ url: `/aqkh/assessBorrow/read/${encodeURIComponent(id)}`, method: 'get' });
