/**
 * The resource routes of one definition (docs/api-contract.md, "Resource routes"), through the
 * shell's request client — the only place that knows the envelope and the error catalogue.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { resourceByKey, type ResourceDef } from '@dg/core';
import { request } from '../../api/request';
import type { Option } from '@dg/core';
import type { ListBody, ListResult, Row } from './types';
import { follows, invalidateKeys } from '../../app/live';

/** `/<area>/<key>` — request paths are relative to /api. */
export const resourceBase = (def: ResourceDef) => `/${def.area}/${def.key}`;

export function requireResource(key: string): ResourceDef {
  const def = resourceByKey(key);
  if (!def) throw new Error(`未定义的资源：${key}`);
  return def;
}

export const listRows = (def: ResourceDef, body: ListBody) =>
  request<ListResult>({ url: `${resourceBase(def)}/list`, method: 'post', data: body });

export const getRow = (def: ResourceDef, id: string) =>
  request<Row>({ url: `${resourceBase(def)}/info/${encodeURIComponent(id)}`, method: 'get' });

export const addRow = (def: ResourceDef, body: Record<string, unknown>) =>
  request<Row>({ url: `${resourceBase(def)}/add`, method: 'post', data: body });

export const updateRow = (def: ResourceDef, body: Record<string, unknown> & { id: string; version?: number }) =>
  request<Row>({ url: `${resourceBase(def)}/update`, method: 'put', data: body });

export const deleteRow = (def: ResourceDef, id: string) =>
  request<null>({ url: `${resourceBase(def)}/del/${encodeURIComponent(id)}`, method: 'delete' });

/** Choices for a ref picker: `[{ value: id, label }]`, data scope applied by the server. */
export const fetchOptions = (def: ResourceDef, q: string, limit = 20) =>
  request<Option[]>({ url: `${resourceBase(def)}/options`, method: 'get', params: { q: q || undefined, limit }, silent: true });

/** Labels of given ids (a preset filter, a value whose row carried no `<field>Label`). */
export const fetchOptionsByIds = (def: ResourceDef, ids: string[]) =>
  request<Option[]>({ url: `${resourceBase(def)}/options`, method: 'get', params: { ids: ids.join(','), limit: Math.min(ids.length, 100) }, silent: true });


/**
 * React Query keys: everything of one resource starts with its key, so a change of that resource (a save here, the
 * server's live event) invalidates it all (app/live.ts).
 */
export const queryKeys = {
  all: (key: string) => [key] as const,
  list: (key: string, body: ListBody) => [key, 'list', body] as const,
  lists: (key: string) => [key, 'list'] as const,
  info: (key: string, id: string) => [key, 'info', id] as const,
  options: (key: string, q: string) => [key, 'options', q] as const,
  optionIds: (key: string, ids: string[]) => [key, 'options', 'ids', ids] as const,
};

/**
 * After a write of `key`: its lists and pickers refetch, and whatever declares it reads `key` (the bell's counts, a
 * record's detail over its sub-records); its own rows' details are the writer's to set (it holds the saved row).
 * `also`: other resources the write changed, all of their queries (a 转隐患 makes hazards).
 */
export function refreshAfterWrite(queryClient: QueryClient, key: string, ...also: string[]): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (q) => follows(q, key) && !(q.queryKey[0] === key && q.queryKey[1] === 'info') }),
    invalidateKeys(queryClient, also),
  ]).then(() => undefined);
}

/** one row by id under its resource's info key (a workflow page acting on it reads it fresh: `fresh`) */
export function useRow(def: ResourceDef, id: string, opts: { fresh?: boolean; enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.info(def.key, id), queryFn: () => getRow(def, id), enabled: Boolean(id) && (opts.enabled ?? true), ...(opts.fresh ? { staleTime: 0 } : {}) });
}
