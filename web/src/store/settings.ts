/**
 * vue-element-admin src/settings.js + store/modules/settings.js. Unlike upstream the settings are
 * kept (localStorage `dg-settings`). `theme` null means the
 * side's default: #1890ff for enterprise users, orange for government users.
 */
import { create } from 'zustand';
import { PRODUCT_TITLE } from '@dg/core';
import type { PublicConfig } from '../api/auth.ts';

export interface SavedSettings {
  theme: string | null;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const SETTINGS_KEY = 'dg-settings';
/** tab bar, fixed header and sidebar logo on by default */
export const DEFAULT_SETTINGS: SavedSettings = { theme: null, showSettings: true, tagsView: true, fixedHeader: true, sidebarLogo: true };
/** error logging is on in production */
export const ERROR_LOG_ENVS = ['production'];

function load(): SavedSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<SavedSettings>;
    const out = { ...DEFAULT_SETTINGS };
    for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof SavedSettings)[]) {
      const v = raw[k];
      if (k === 'theme') out.theme = typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v) ? v : null;
      else if (typeof v === 'boolean') (out[k] as boolean) = v;
    }
    return out;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

interface SettingsState extends SavedSettings {
  /** product title from /api/public/config */
  title: string;
  config: PublicConfig | null;
  changeSetting: <K extends keyof SavedSettings>(key: K, value: SavedSettings[K]) => void;
  setConfig: (config: PublicConfig | null) => void;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...load(),
  title: PRODUCT_TITLE,
  config: null,
  changeSetting: (key, value) => {
    if (!(key in DEFAULT_SETTINGS)) return;
    set({ [key]: value } as Partial<SettingsState>);
    const s = get();
    const saved: SavedSettings = { theme: s.theme, showSettings: s.showSettings, tagsView: s.tagsView, fixedHeader: s.fixedHeader, sidebarLogo: s.sidebarLogo };
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(saved));
    } catch {
      /* private mode: settings last for this visit only */
    }
  },
  setConfig: (config) => set({ config, title: config?.title || PRODUCT_TITLE }),
}));
