/** Providers: antd (zh_CN, theme colour, component size), antd App (message/modal context), react-query, the router. */
import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { sizeOption, useAppStore } from '../store/app.ts';
import { AntdStaticHolder } from './antdStatic.tsx';
import { queryClient } from './queryClient.ts';
import type { AppRouter } from './routerInstance.ts';
import { useThemeColor } from './theme.ts';

export default function App({ router }: { router: AppRouter }) {
  const color = useThemeColor();
  const size = sizeOption(useAppStore((s) => s.size));

  useEffect(() => {
    document.documentElement.style.setProperty('--dg-primary', color);
  }, [color]);

  const themeConfig = useMemo(
    () => ({
      algorithm: antdTheme.defaultAlgorithm,
      token: { colorPrimary: color, colorInfo: color, colorLink: color, fontSize: size.fontSize, borderRadius: 4 },
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
    [color, size.fontSize],
  );

  return (
    <ConfigProvider locale={zhCN} theme={themeConfig} componentSize={size.antd}>
      <AntApp style={{ height: '100%' }}>
        <AntdStaticHolder />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
