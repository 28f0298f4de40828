/** 企业车辆审核 and 基础信息查询 calls (server/src/modules/audit). */
import { get, post } from '../../api/request';
import type { ListBody, ListResult, Row } from '../../components/resource/types';

import type { ChangeView } from '../../components/resource/ChangeNotice';

/** new records, and changes of approved records' supervised fields (原值 / 新值) */
export type AuditType = 'enterprise' | 'vehicle' | 'tank' | 'enterpriseChange' | 'vehicleChange' | 'tankChange';
export const AUDIT_TYPES: AuditType[] = ['enterprise', 'vehicle', 'tank', 'enterpriseChange', 'vehicleChange', 'tankChange'];
export type AuditStatus = '待审核' | '已通过' | '已驳回';
export const AUDIT_TYPE_TITLE: Record<AuditType, string> = {
  enterprise: '企业注册', vehicle: '车辆', tank: '罐体', enterpriseChange: '企业信息变更', vehicleChange: '车辆信息变更', tankChange: '罐体信息变更',
};
export const AUDIT_RESOURCE: Record<AuditType, string> = {
  enterprise: 'enterprise', vehicle: 'vehicle', tank: 'tank', enterpriseChange: 'enterprise', vehicleChange: 'vehicle', tankChange: 'tank',
};
export const isChangeType = (t: AuditType) => t.endsWith('Change');

export interface AuditRow {
  type: AuditType; typeTitle: string; id: string; title: string; detail: string | null;
  enterpriseId: string; enterpriseName: string; regionCode: string | null;
  auditStatus: AuditStatus; auditOpinion: string | null; submittedAt: string;
}
export interface AuditList { content: AuditRow[]; total: number; totalCapped?: boolean; counts: Record<AuditType, number> }
export interface AuditFilters { type?: AuditType; auditStatus?: AuditStatus; keyword?: string }

export const listPending = (page: number, size: number, filters: AuditFilters) => post<AuditList>('/audit/pending/list', { page, size, filters });
export const auditInfo = (type: AuditType, id: string) =>
  get<{ type: AuditType; typeTitle: string; row: Row; change?: ChangeView; applicant: { username: string; name: string; mobile: string | null; status: string } | null }>(`/audit/info/${type}/${id}`);
export const passAudit = (type: AuditType, id: string, opinion?: string) => post(`/audit/pass/${type}/${id}`, { opinion: opinion || null });
export const rejectAudit = (type: AuditType, id: string, opinion: string) => post(`/audit/reject/${type}/${id}`, { opinion });

// 基础信息查询
export type JcxxPage = 'qyxxcx' | 'clxxcx' | 'cyryxx' | 'jcxxgcgt';
export const jcxxBase = (page: JcxxPage) => `/jcxx/${page}`;
export const jcxxList = (page: JcxxPage, body: ListBody) => post<ListResult>(`${jcxxBase(page)}/list`, body);
export const jcxxInfo = <T extends Row = Row>(page: JcxxPage, id: string) => get<T>(`${jcxxBase(page)}/info/${id}`);
