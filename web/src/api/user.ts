/** The signed-in user (AG-Admin front/* answers are raw, without the envelope). */
import { get, put } from './request.ts';
import type { Side } from '@dg/core';

export interface FrontMenuGrant { code: string; title?: string; uri?: string; method?: string; name?: string }
export interface FrontElementGrant { code: string; type?: string; uri?: string; method?: string; name?: string; menu?: string }

export interface FrontInfo {
  id: string;
  username: string;
  name: string;
  side?: Side;
  enterpriseId?: string | null;
  enterpriseName?: string | null;
  orgId?: string | null;
  orgName?: string | null;
  regionCode?: string | null;
  avatar?: string | null;
  /** AG-Admin's name for the avatar */
  image?: string | null;
  menus: FrontMenuGrant[];
  elements: FrontElementGrant[];
}

/** node of GET front/menus (granted tree) and row of front/menu/all */
export interface MenuNode {
  id: string | number;
  parentId?: string | number | null;
  code: string;
  title: string;
  icon?: string | null;
  href?: string | null;
  path?: string | null;
  type?: string | null;
  hidden?: boolean | null;
  orderNum?: number | null;
  children?: MenuNode[];
}

export const getInfo = (token: string) => get<FrontInfo>('/admin/user/front/info', { token }, { silent: true });
export const getMenus = (token: string) => get<MenuNode[]>('/admin/user/front/menus', { token }, { silent: true });
export const getAllMenus = () => get<MenuNode[]>('/admin/user/front/menu/all', undefined, { silent: true });
export const logout = () => get<null>('/admin/user/logout', undefined, { silent: true });

export interface LoginRecord {
  time?: string;
  at?: string;
  crtTime?: string;
  createdAt?: string;
  ip?: string;
  host?: string;
  result?: string | boolean;
  success?: boolean;
  message?: string;
}

export interface Profile {
  id: string;
  username: string;
  name: string;
  mobile?: string | null;
  email?: string | null;
  avatar?: string | null;
  side?: Side;
  enterpriseName?: string | null;
  orgName?: string | null;
  logins?: LoginRecord[];
}

export const getProfile = () => get<Profile>('/admin/user/profile');
export const updateProfile = (p: { name: string; mobile?: string; email?: string }) => put<Profile>('/admin/user/profile', p);
/** answers a fresh token: every token issued before the change is dead */
export const changePassword = (p: { oldPassword: string; newPassword: string }) => put<string | null>('/admin/user/password', p);
