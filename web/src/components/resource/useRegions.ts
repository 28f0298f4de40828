/**
 * The configured province's region tree (province → city → district), fetched once and cached.
 * Streets (level 4) are fetched per district on demand by RegionCascader.
 * The shell loads the same tree on sign-in (store/region.ts); when it has, that copy is the
 * starting point and no second request is made. This file is the only one that knows it.
 */
import { useCallback } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { MSG } from '@dg/core';
import { request } from '../../api/request';
import { useRegionStore } from '../../store/region';
import { regionLabel } from './format';
import type { RegionNode } from './types';

export const REGIONS_QUERY_KEY = ['region', 'province'] as const;
export const streetsQueryKey = (district: string) => ['region', 'streets', district] as const;

const EMPTY: RegionNode[] = [];

function loadedByShell(): RegionNode[] | undefined {
  const { loaded, tree } = useRegionStore.getState();
  return loaded && tree.length ? (tree as RegionNode[]) : undefined;
}

export function useRegions() {
  const { data, isLoading, isError } = useQuery({
    queryKey: REGIONS_QUERY_KEY,
    // silent: the shell's sign-in sequence reports 获取地区失败 once
    queryFn: () => request<RegionNode[]>({ url: '/admin/region/province', method: 'get', silent: true }),
    initialData: loadedByShell,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  const tree = data ?? EMPTY;
  const regionName = useCallback((code: string) => regionLabel(tree, code), [tree]);
  return { tree, regionName, isLoading, isError, errorText: isError ? MSG.regionFailed : undefined };
}

/** The streets of one district (`?parent=<district code>`), cached like the tree. */
export function fetchStreets(queryClient: QueryClient, district: string): Promise<RegionNode[]> {
  return queryClient.fetchQuery({
    queryKey: streetsQueryKey(district),
    queryFn: () => request<RegionNode[]>({ url: '/admin/region/province', method: 'get', params: { parent: district }, silent: true }),
    staleTime: Infinity,
  });
}
