/** The applicant's own calls of 企业注册: the outcome, and the revision of a rejected application (no token: 账号 + 密码). */
import { post } from '../../api/request.ts';
import type { RegisterForm } from '../../api/auth.ts';

/** what a revision may change: everything but the account that signs for it */
export type Application = Omit<RegisterForm, 'username' | 'password'>;

export interface RegisterStatus {
  enterpriseName: string;
  auditStatus: '待审核' | '已通过' | '已驳回';
  auditOpinion: string | null;
  /** the application as submitted, only when it was rejected (to correct it) */
  application?: Application;
}

/** POST /public/register/status {username, password} */
export const registerStatus = (username: string, password: string) =>
  post<RegisterStatus>('/public/register/status', { username: username.trim(), password });

/** POST /public/register/revise: the rejected application corrected, signed with its account and password */
export const reviseRegistration = (form: RegisterForm) => post<{ enterpriseId: string; auditStatus: string }>('/public/register/revise', form);
