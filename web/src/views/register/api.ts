/** The applicant's own calls of 企业注册: the outcome, and the revision of a rejected application (no token: 账号 + 密码). */
import type { Wire, approvalAnswers } from '@dg/core';
import { post } from '../../api/request.ts';
import type { RegisterForm } from '../../api/auth.ts';

/** what a revision may change: everything but the account that signs for it */
export type Application = Omit<RegisterForm, 'username' | 'password'>;

/** the outcome; a rejected application comes back as submitted, to correct it (core answers/approval.ts) */
export type RegisterStatus = Wire<typeof approvalAnswers.registration>;

/** POST /public/register/status {username, password} */
export const registerStatus = (username: string, password: string) =>
  post<RegisterStatus>('/public/register/status', { username: username.trim(), password });

/** POST /public/register/revise: the rejected application corrected, signed with its account and password */
export const reviseRegistration = (form: RegisterForm) => post<Wire<typeof approvalAnswers.revised>>('/public/register/revise', form);
