/** 企业车辆审核 and 基础信息查询 calls (server/src/modules/approval); their answers are declared in core (answers/approval.ts). */
import { AUDIT_KINDS, type AuditKind, type AuditStatus, type Wire, type approvalAnswers } from '@dg/core';
import { get, post } from '../../api/request';
import type { ListBody, Row } from '../../components/resource/types';

export type { AuditRow, AuditStatus } from '@dg/core';
type A = typeof approvalAnswers;

/** new records, and changes of approved records' supervised fields (原值 / 新值) */
export type AuditType = AuditKind;
export const AUDIT_TYPES = AUDIT_KINDS;
export const AUDIT_TYPE_TITLE: Record<AuditType, string> = {
  enterprise: '企业注册', vehicle: '车辆', tank: '罐体', enterpriseChange: '企业信息变更', vehicleChange: '车辆信息变更', tankChange: '罐体信息变更',
};
export const AUDIT_RESOURCE: Record<AuditType, string> = {
  enterprise: 'enterprise', vehicle: 'vehicle', tank: 'tank', enterpriseChange: 'enterprise', vehicleChange: 'vehicle', tankChange: 'tank',
};
export const isChangeType = (t: AuditType) => t.endsWith('Change');

export type AuditList = Wire<A['pending']>;
export interface AuditFilters { type?: AuditType; auditStatus?: AuditStatus; keyword?: string }

export const listPending = (page: number, size: number, filters: AuditFilters) => post<AuditList>('/audit/pending/list', { page, size, filters });
/** what a decision is about; its row is a resource's row as its list presents it */
export const auditInfo = (type: AuditType, id: string) => get<Wire<A['info']> & { row: Row }>(`/audit/info/${type}/${id}`);
export const passAudit = (type: AuditType, id: string, opinion?: string) => post<Wire<A['decided']>>(`/audit/pass/${type}/${id}`, { opinion: opinion || null });
export const rejectAudit = (type: AuditType, id: string, opinion: string) => post<Wire<A['decided']>>(`/audit/reject/${type}/${id}`, { opinion });

// 基础信息查询
export type JcxxPage = keyof A['jcxxInfo'];
export const jcxxBase = (page: JcxxPage) => `/jcxx/${page}`;
export const jcxxList = (page: JcxxPage, body: ListBody) => post<Wire<A['jcxxList']> & { content: Row[] }>(`${jcxxBase(page)}/list`, body);
/** what a detail page shows beside the record */
export type JcxxExtras<P extends JcxxPage> = Wire<A['jcxxExtras'][P]>;
/** a detail page: the record with its extras, as `T` (its definition's row, the extras' rows as theirs) */
export const jcxxInfo = <P extends JcxxPage, T extends Row & JcxxExtras<P>>(page: P, id: string) => get<T>(`${jcxxBase(page)}/info/${id}`);
