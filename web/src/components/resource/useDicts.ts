/**
 * The code table (代码表): one query for the session (fetched as the shell signs in, app/session.ts, and kept): dictionary
 * values are codes, the web shows their names (docs/api-contract.md, "Dict values are codes"). 代码表管理 invalidates it
 * after a write. This file is the only one that knows it.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Option } from '@dg/core';
import { sessionQuery } from './sessionQuery';
import { dictLabel, dictOptionsOf } from './format';
import type { DictEntry } from './types';

export const DICTS_QUERY_KEY = ['dict', 'all'] as const;

export const dictsQuery = sessionQuery<DictEntry[], typeof DICTS_QUERY_KEY>(DICTS_QUERY_KEY, '/admin/dict/getAll');

const EMPTY: DictEntry[] = [];

export function useDicts() {
  const { data, isLoading } = useQuery(dictsQuery);
  const entries = data ?? EMPTY;
  const dictOptions = useCallback((type: string): Option[] => dictOptionsOf(entries, type), [entries]);
  const dictName = useCallback((type: string, value: string): string => dictLabel(entries, type, value), [entries]);
  return { entries, dictOptions, dictName, isLoading };
}
