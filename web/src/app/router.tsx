/**
 * The route table: the routes outside the menu, and the menu pages. Menu pages are one splat
 * route resolved against the user's granted routes (store/permission.ts), so what a user may
 * reach is exactly what their menu codes grant; anything else is /404. The root loader is the
 * navigation guard and runs on every navigation.
 */
import { createBrowserRouter, createHashRouter, Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { EXTRA_ROUTES } from '../pages/registry.tsx';
import Root from './Root.tsx';
import { guardLoader } from './guard.ts';
import { ensureSession } from './session.ts';
import { hasMenu } from '../store/permission.ts';
import { getToken } from '../utils/auth.ts';
import type { RouteHandle } from './routeMeta.ts';
import { entry } from './entry.ts';
import { setRouter, type AppRouter } from './routerInstance.ts';
import Login from '../views/login/index.tsx';

const lazyPage = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
/**
 * Everything behind sign-in loads on first use, so the sign-in page carries only itself, React,
 * the router and the antd parts it shows (its download budget, e2e/shell/bundle.test.ts: ≤ 150 KB of compressed JavaScript).
 */
const errorPages = () => import('../views/error-page/ErrorPage.tsx');

const PUBLIC_TRANSPORT_INFO = '/transportInfo-qyd';
/** the public QR check page is the waybill module's (pages/registry.tsx), outside the signed-in layout */
const transportInfo = EXTRA_ROUTES.find((r) => r.path === PUBLIC_TRANSPORT_INFO)!;
const extraInLayout = EXTRA_ROUTES.filter((r) => r.path !== PUBLIC_TRANSPORT_INFO);

/** an extra (detail/edit) route of a menu is reachable only with that menu */
const menuGate = (menu: string | undefined) =>
  async (_args: LoaderFunctionArgs) => {
    if (!menu || !getToken()) return null;
    try {
      await ensureSession();
    } catch {
      return null;
    }
    if (!hasMenu(menu)) throw redirect('/404');
    return null;
  };

const h = (handle: RouteHandle) => handle;

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    loader: guardLoader,
    shouldRevalidate: () => true,
    hydrateFallbackElement: <></>,
    children: [
      { path: '/login', element: <Login />, handle: h({ title: '登录', noTag: true }) },
      {
        // antd, react-query and the loading overlay for every page but the sign-in page
        lazy: lazyPage(() => import('./AntdRoot.tsx')),
        children: [
          { path: '/userRegister', lazy: lazyPage(() => import('../views/register/index.tsx')), handle: h({ title: '企业注册', noTag: true }) },
          { path: '/auth-redirect', lazy: lazyPage(() => import('../views/auth-redirect/index.tsx')), handle: h({ title: '登录中', noTag: true }) },
          {
            path: PUBLIC_TRANSPORT_INFO,
            lazy: lazyPage(transportInfo.load),
            handle: h({ title: transportInfo.title, noTag: true }),
          },
          { path: '/404', lazy: async () => ({ Component: (await errorPages()).NotFound }), handle: h({ title: '404', noTag: true }) },
          { path: '/401', lazy: async () => ({ Component: (await errorPages()).Unauthorized }), handle: h({ title: '401', noTag: true }) },
          {
            lazy: lazyPage(() => import('../layout/Layout.tsx')),
            children: [
              { index: true, loader: () => redirect('/dashboard'), element: <Navigate to="/dashboard" replace /> },
              { path: '/dashboard', lazy: lazyPage(() => import('../views/dashboard/index.tsx')), handle: h({ title: '首页', affix: true }) },
              { path: '/profile/index', lazy: lazyPage(() => import('../views/profile/index.tsx')), handle: h({ title: '个人中心' }) },
              { path: '/redirect/*', lazy: lazyPage(() => import('../views/redirect/index.tsx')), handle: h({ noTag: true }) },
              ...extraInLayout.map<RouteObject>((r) => ({
                path: r.path,
                loader: menuGate(r.menu),
                lazy: lazyPage(r.load),
                handle: h({ title: r.title, menu: r.menu }),
              })),
              {
                path: '*',
                lazy: async () => {
                  const m = await import('../views/menu-page/MenuPage.tsx');
                  return { loader: m.menuPageLoader, Component: m.default };
                },
                handle: h({ menuPage: true }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter(): AppRouter {
  const router = entry().history === 'hash' ? createHashRouter(routes) : createBrowserRouter(routes);
  setRouter(router);
  return router;
}
