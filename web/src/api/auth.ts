/** Sign-in, token and public calls (api-contract.md "Shell"); the answers are core's (answers/auth.ts, answers/shell.ts). */
import type { Wire, approvalAnswers, authAnswers, shellAnswers } from '@dg/core';
import { entry } from '../app/entry.ts';
import { get, post } from './request.ts';

export type { Captcha as Verify, PublicConfig } from '@dg/core';
type Token = Wire<typeof authAnswers.token>;

export interface LoginForm {
  username: string;
  password: string;
  verifyId?: string;
  verifyCode?: string;
}

/** POST /auth/jwt/token → the token (username trimmed, as the sign-in rules say) */
export const login = (form: LoginForm) =>
  post<Token>('/auth/jwt/token', { ...form, username: form.username.trim(), type: entry().loginType });

export const getVerify = () => get<Wire<typeof authAnswers.captcha>>('/admin/user/getVerify', undefined, { silent: true });

/** POST /auth/jwt/invalid?token= */
export const invalidToken = (token: string) => post<Wire<typeof authAnswers.done>>('/auth/jwt/invalid', null, { params: { token }, silent: true });

export const refresh = () => get<Token>('/auth/jwt/refresh');

/** POST /auth/ticket: a one-time ticket (60 s) for opening the app signed in elsewhere */
export const createTicket = () => post<Token>('/auth/ticket');

/** POST /auth/jwt/ticket {ticket} (no token) → token */
export const exchangeTicket = (ticket: string) => post<Token>('/auth/jwt/ticket', { ticket });

/** GET /public/config (no token) */
export const getPublicConfig = () => get<Wire<typeof shellAnswers.publicConfig>>('/public/config', undefined, { silent: true });

export interface RegisterForm {
  /** 企业名称 */
  name: string;
  creditCode: string;
  licenceNo: string;
  businessScope: string[];
  regionCode: string;
  address: string;
  contact: string;
  phone: string;
  username: string;
  password: string;
}

/** POST /public/register: 企业注册, a pending application audited under 企业车辆审核 */
export const register = (form: RegisterForm) => post<Wire<typeof approvalAnswers.registered>>('/public/register', form);
