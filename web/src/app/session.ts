/**
 * Loading what a signed-in page needs, once (on the first navigation with a token but no
 * roles"): user info → routes from the menu codes → the code table and the region tree (each one query of the
 * signed-in pages' cache). Shared by the
 * navigation guard and the login page, so both report the same errors.
 */
import { MSG } from '@dg/core';
import { getPublicConfig, type PublicConfig } from '../api/auth.ts';
import { getAllMenus, getMenus } from '../api/user.ts';
import { usePermissionStore } from '../store/permission.ts';
import { useSettingsStore } from '../store/settings.ts';
import { useUserStore } from '../store/user.ts';
import { getToken } from '../utils/auth.ts';
import { setProductTitle } from '../utils/getPageTitle.ts';
import { message } from './antdStatic.tsx';

let loading: Promise<void> | null = null;

export const sessionReady = () => !!useUserStore.getState().info && usePermissionStore.getState().generated;

export function ensureSession(): Promise<void> {
  if (sessionReady()) return Promise.resolve();
  loading ??= (async () => {
    const info = await useUserStore.getState().getInfo();
    const token = getToken() ?? '';
    const [tree, all] = await Promise.all([getMenus(token).catch(() => null), getAllMenus().catch(() => null)]);
    usePermissionStore.getState().generateRoutes(info.menus.map((m) => m.code), Array.isArray(tree) ? tree : null, Array.isArray(all) ? all : null);
    // loaded with the signed-in pages, so the sign-in page carries no react-query
    const [{ queryClient }, { dictsQuery }, { regionsQuery }] = await Promise.all([
      import('./queryClient.ts'), import('../components/resource/useDicts.ts'), import('../components/resource/useRegions.ts'),
    ]);
    await Promise.all([
      queryClient.prefetchQuery(dictsQuery),
      queryClient.fetchQuery(regionsQuery).catch(() => {
        message().error(MSG.regionFailed);
      }),
    ]);
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/** forget everything about the session (token already removed or about to be) */
export function clearSession(): void {
  useUserStore.getState().resetToken();
  // the query cache (the code table and the region tree with the rest) lives with the signed-in pages (AntdRoot);
  // nothing to clear if they never loaded
  void import('./queryClient.ts').then((m) => m.queryClient.clear());
}

let configPromise: Promise<PublicConfig | null> | null = null;

/** GET /public/config once; the product title and whether the login needs a captcha */
export function loadPublicConfig(): Promise<PublicConfig | null> {
  configPromise ??= getPublicConfig()
    .then((c) => {
      const config = c && typeof c === 'object' ? c : null;
      useSettingsStore.getState().setConfig(config);
      setProductTitle(config?.title);
      return config;
    })
    .catch(() => {
      configPromise = null;
      return null;
    });
  return configPromise;
}
