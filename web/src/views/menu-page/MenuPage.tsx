/**
 * The page of a menu entry: the bespoke page from pages/registry.tsx when there is one, else the
 * generic ResourcePage of the resource whose menu is this code, else "该功能正在建设中".
 * The module is loaded by the route's loader (so the progress bar covers it) and rendered from
 * the cache here.
 */
import type { ComponentType } from 'react';
import { Result } from 'antd';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { resourceByMenu } from '@dg/core';
import { PAGES } from '../../pages/registry.tsx';
import { ensureSession } from '../../app/session.ts';
import { routeByPath, usePermissionStore } from '../../store/permission.ts';
import { getToken } from '../../utils/auth.ts';

type ResourcePageComponent = ComponentType<{ resourceKey: string }>;

const loadResourcePage = () => import('../../components/resource/ResourcePage.tsx') as Promise<{ default: ResourcePageComponent }>;

export type ResolvedPage =
  | { kind: 'page'; Component: ComponentType }
  | { kind: 'resource'; Component: ResourcePageComponent; resourceKey: string }
  | { kind: 'building' };

const cache = new Map<string, ResolvedPage>();

export async function resolveMenuPage(code: string): Promise<ResolvedPage> {
  const hit = cache.get(code);
  if (hit) return hit;
  let page: ResolvedPage = { kind: 'building' };
  const bespoke = PAGES[code];
  const res = resourceByMenu(code);
  if (bespoke) page = { kind: 'page', Component: (await bespoke()).default };
  else if (res) page = { kind: 'resource', Component: (await loadResourcePage()).default, resourceKey: res.key };
  cache.set(code, page);
  return page;
}

interface LoaderData {
  code: string;
  title: string;
}

export async function menuPageLoader({ request }: LoaderFunctionArgs): Promise<LoaderData | null> {
  // the root guard redirects when there is no session; wait for the same load it runs
  if (!getToken()) return null;
  try {
    await ensureSession();
  } catch {
    return null;
  }
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const route = routeByPath(path);
  if (!route) {
    // a directory opens its first page
    const routes = usePermissionStore.getState().routes;
    const dir = routes.find((r) => r.isDir && r.path === path);
    const first = dir && routes.find((r) => !r.isDir && !r.hidden && r.path.startsWith(dir.path + '/'));
    throw redirect(first ? first.path : '/404');
  }
  try {
    await resolveMenuPage(route.code);
  } catch {
    /* a chunk that fails to load is reported by the page below */
  }
  return { code: route.code, title: route.title };
}

export function UnderConstruction({ title }: { title: string }) {
  return <Result status="info" title={title} subTitle="该功能正在建设中" data-testid="under-construction" />;
}

export default function MenuPage() {
  const data = useLoaderData() as LoaderData | null;
  if (!data) return null;
  const page = cache.get(data.code);
  if (!page) return <Result status="warning" title={data.title} subTitle="页面加载失败，请刷新后重试" />;
  if (page.kind === 'page') return <page.Component />;
  if (page.kind === 'resource') return <page.Component resourceKey={page.resourceKey} />;
  return <UnderConstruction title={data.title} />;
}
