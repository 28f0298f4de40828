/**
 * The configured province's region tree (province → city → district): one query for the session (fetched as the shell
 * signs in, app/session.ts, and kept). Streets (level 4) are fetched per district on demand by RegionCascader.
 * This file is the only one that knows it.
 */
import { useCallback } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { MSG } from '@dg/core';
import { request } from '../../api/request';
import { regionLabel } from './format';
import { sessionQuery } from './sessionQuery';
import type { RegionNode } from './types';

export const REGIONS_QUERY_KEY = ['region', 'province'] as const;
export const streetsQueryKey = (district: string) => ['region', 'streets', district] as const;

// the shell's sign-in sequence reports 获取地区失败 once
export const regionsQuery = sessionQuery<RegionNode[], typeof REGIONS_QUERY_KEY>(REGIONS_QUERY_KEY, '/admin/region/province');

const EMPTY: RegionNode[] = [];

export function useRegions() {
  const { data, isLoading, isError } = useQuery(regionsQuery);
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
