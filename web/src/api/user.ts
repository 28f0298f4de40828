/** The signed-in user (AG-Admin front/* answers are raw, without the envelope); the answers' types are core's (answers/shell.ts, answers/admin.ts). */
import type { FrontMenu, Wire, adminAnswers, authAnswers, shellAnswers } from '@dg/core';
import { get, put } from './request.ts';

export type { FrontInfo, LoginRecord, Profile } from '@dg/core';
/** what the menu store reads of a menu: a node of front/menus (granted tree), a row of front/menu/all, or core's catalogue where they could not be read */
export type MenuNode = Pick<FrontMenu, 'code' | 'title'> & Partial<Omit<FrontMenu, 'code' | 'title'>> & { children?: MenuNode[] };

export const getInfo = (token: string) => get<Wire<typeof shellAnswers.frontInfo>>('/admin/user/front/info', { token }, { silent: true });
export const getMenus = (token: string) => get<Wire<typeof shellAnswers.frontMenus>>('/admin/user/front/menus', { token }, { silent: true });
export const getAllMenus = () => get<Wire<typeof shellAnswers.allMenus>>('/admin/user/front/menu/all', undefined, { silent: true });
export const logout = () => get<Wire<typeof authAnswers.done>>('/admin/user/logout', undefined, { silent: true });

export const getProfile = () => get<Wire<typeof adminAnswers.profile>>('/admin/user/profile');
export const updateProfile = (p: { name: string; mobile?: string; email?: string }) => put<Wire<typeof adminAnswers.profileEdit>>('/admin/user/profile', p);
/** answers a fresh token: every token issued before the change is dead */
export const changePassword = (p: { oldPassword: string; newPassword: string }) => put<Wire<typeof adminAnswers.newToken>>('/admin/user/password', p);
