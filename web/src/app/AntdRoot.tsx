/**
 * The providers of every page that shows antd (all but the sign-in page): antd (zh_CN, theme colour,
 * component size, no transitions for a user who asked the system for less motion), antd App (message/modal context bound for app/antdStatic.tsx), react-query,
 * and the full-screen loading overlay. A pathless route in app/router.tsx, loaded on first use so
 * the sign-in page carries none of it (its download budget, e2e/shell/bundle.test.ts).
 */
import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider, Spin, theme as antdTheme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { sizeOption, useAppStore } from '../store/app.ts';
import { bindStaticApis } from './antdStatic.tsx';
import { queryClient } from './queryClient.ts';
import { useThemeColor } from './theme.ts';
import { useReducedMotion } from '../utils/motion.ts';

/** binds antd App's message / modal / notification for code outside components */
function AntdStaticHolder() {
  bindStaticApis(AntApp.useApp());
  useEffect(() => () => bindStaticApis(null), []);
  return null;
}

/** a full-screen overlay while an add/edit/save/update call is out */
function GlobalLoading() {
  const loading = useAppStore((s) => s.loadingCount > 0);
  return <Spin fullscreen spinning={loading} description="加载中…" data-testid="global-loading" />;
}

export default function AntdRoot() {
  const color = useThemeColor();
  const size = sizeOption(useAppStore((s) => s.size));
  const still = useReducedMotion();
  const themeConfig = useMemo(
    () => ({
      algorithm: antdTheme.defaultAlgorithm,
      token: { colorPrimary: color, colorInfo: color, colorLink: color, fontSize: size.fontSize, borderRadius: 4, motion: !still },
      components: {
        Menu: {
          darkItemBg: '#304156',
          darkSubMenuItemBg: '#1f2d3d',
          darkPopupBg: '#304156',
          darkItemColor: '#bfcbd9',
          darkItemHoverColor: '#ffffff',
          darkItemSelectedBg: color,
          collapsedWidth: 54,
          itemMarginInline: 0,
          itemBorderRadius: 0,
        },
      },
    }),
    [color, size.fontSize, still],
  );

  return (
    <ConfigProvider locale={zhCN} theme={themeConfig} componentSize={size.antd}>
      <AntApp style={{ height: '100%' }}>
        <AntdStaticHolder />
        <QueryClientProvider client={queryClient}>
          <GlobalLoading />
          <Outlet />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
