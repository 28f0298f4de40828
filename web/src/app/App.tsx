/** The router, and the theme colour as a CSS variable. antd and react-query are provided by app/AntdRoot.tsx below the sign-in page. */
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './routerInstance.ts';
import { useThemeColor } from './theme.ts';

export default function App({ router }: { router: AppRouter }) {
  const color = useThemeColor();
  useEffect(() => {
    document.documentElement.style.setProperty('--dg-primary', color);
  }, [color]);
  return <RouterProvider router={router} />;
}
