/**
 * The code table (代码表), fetched once per session and cached: dictionary values are codes,
 * the web shows their names (docs/api-contract.md, "Dict values are codes").
 * The shell loads the same list on sign-in (store/dict.ts); when it has, that copy is the
 * starting point and no second request is made. This file is the only one that knows it.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Option } from '@dg/core';
import { request } from '../../api/request';
import { useDictStore } from '../../store/dict';
import { dictLabel, dictOptionsOf } from './format';
import type { DictEntry } from './types';

export const DICTS_QUERY_KEY = ['dict', 'all'] as const;

const EMPTY: DictEntry[] = [];

function loadedByShell(): DictEntry[] | undefined {
  const { loaded, entries } = useDictStore.getState();
  return loaded && entries.length ? (entries as DictEntry[]) : undefined;
}

export function useDicts() {
  const { data, isLoading } = useQuery({
    queryKey: DICTS_QUERY_KEY,
    // silent: the shell's sign-in sequence is what reports a code table that fails to load
    queryFn: () => request<DictEntry[]>({ url: '/admin/dict/getAll', method: 'get', silent: true }),
    initialData: loadedByShell,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  const entries = data ?? EMPTY;
  const dictOptions = useCallback((type: string): Option[] => dictOptionsOf(entries, type), [entries]);
  const dictName = useCallback((type: string, value: string): string => dictLabel(entries, type, value), [entries]);
  return { entries, dictOptions, dictName, isLoading };
}
