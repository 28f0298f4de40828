/** Edition and theme colour: government users get the orange edition, everyone else the blue one. */
import { THEME_ENTERPRISE, THEME_GOVERNMENT } from '@dg/core';
import { useSettingsStore } from '../store/settings.ts';
import { useUserStore } from '../store/user.ts';

export type Edition = 'enterprise' | 'government';

export const useEdition = (): Edition => useUserStore((s) => (s.side === 'government' ? 'government' : 'enterprise'));

export const defaultTheme = (edition: Edition) => (edition === 'government' ? THEME_GOVERNMENT : THEME_ENTERPRISE);

/** the colour in use: the one chosen in Settings, else the edition's */
export function useThemeColor(): string {
  const chosen = useSettingsStore((s) => s.theme);
  const edition = useEdition();
  return chosen ?? defaultTheme(edition);
}

/** predefined colours of the theme picker (vue-element-admin ThemePicker, plus the government orange) */
export const PREDEFINED_THEMES = ['#409EFF', THEME_ENTERPRISE, '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d', THEME_GOVERNMENT];
