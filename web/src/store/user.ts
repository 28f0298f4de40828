/**
 * vue-element-admin store/modules/user.js: the token, who is signed in (front/info), their
 * menu and element codes (AG-Admin: `menus[code]=true`, `elements[code]=true`).
 */
import { create } from 'zustand';
import { MSG, type Side } from '@dg/core';
import { login as apiLogin, type LoginForm } from '../api/auth.ts';
import { getInfo as apiGetInfo, type FrontInfo } from '../api/user.ts';
import { logoutOnServer } from '../api/request.ts';
import { getToken, removeToken, setToken } from '../utils/auth.ts';
import { usePermissionStore } from './permission.ts';
import { useTagsViewStore } from './tagsView.ts';

interface UserState {
  info: FrontInfo | null;
  name: string;
  avatar: string;
  side: Side | null;
  menus: Set<string>;
  elements: Set<string>;
  login: (form: LoginForm) => Promise<string>;
  getInfo: () => Promise<FrontInfo>;
  logout: () => Promise<void>;
  resetToken: () => void;
}

const empty = { info: null, name: '', avatar: '', side: null, menus: new Set<string>(), elements: new Set<string>() };

export const useUserStore = create<UserState>((set, get) => ({
  ...empty,
  login: async (form) => {
    const token = await apiLogin(form);
    if (typeof token !== 'string' || !token) throw new Error('登录失败');
    setToken(token);
    set({ ...empty, menus: new Set(), elements: new Set() });
    return token;
  },
  getInfo: async () => {
    const token = getToken();
    if (!token) throw new Error('请先登录');
    const info = await apiGetInfo(token);
    if (!info || typeof info !== 'object' || !Array.isArray(info.menus)) throw new Error('获取用户信息失败');
    const menus = new Set(info.menus.map((m) => m.code));
    if (menus.size === 0) throw new Error(MSG.noMenu);
    set({
      info,
      name: info.name || info.username,
      avatar: info.image ?? '',
      side: info.side ?? null,
      menus,
      elements: new Set((info.elements ?? []).map((e) => e.code)),
    });
    return info;
  },
  logout: async () => {
    await logoutOnServer();
    get().resetToken();
    useTagsViewStore.getState().delAllViews();
  },
  resetToken: () => {
    removeToken();
    set({ ...empty, menus: new Set(), elements: new Set() });
    usePermissionStore.getState().reset();
  },
}));
