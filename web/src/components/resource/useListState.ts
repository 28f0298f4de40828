/**
 * A list's page, size, sort and searched filters: kept in the URL for a list of its own screen, so a
 * reload, 后退 or a shared link shows the same list; kept in the component for a list inside a detail. One search
 * parameter per list, named by its resource key, holding only what differs from the defaults.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Filters, SortSpec } from './types';
import { PAGE_SIZES } from './pagination';

export interface ListState { page: number; size: number; sort?: SortSpec; filters: Filters }

const DEFAULT_SIZE = PAGE_SIZES[0]!;

function parse(raw: string | null, defaults: ListState): ListState {
  if (!raw) return defaults;
  try {
    const v = JSON.parse(raw) as Partial<ListState>;
    return {
      page: Number.isInteger(v.page) && v.page! > 0 ? v.page! : defaults.page,
      size: Number.isInteger(v.size) && v.size! > 0 ? v.size! : defaults.size,
      sort: v.sort && typeof v.sort.field === 'string' && (v.sort.order === 'asc' || v.sort.order === 'desc') ? v.sort : v.sort === null ? undefined : defaults.sort,
      filters: v.filters && typeof v.filters === 'object' && !Array.isArray(v.filters) ? v.filters : {},
    };
  } catch {
    return defaults; // a hand-edited link: start from the defaults
  }
}

function serialize(s: ListState, defaults: ListState): string | null {
  const out: Record<string, unknown> = {};
  if (s.page !== defaults.page) out.page = s.page;
  if (s.size !== defaults.size) out.size = s.size;
  if (JSON.stringify(s.sort ?? null) !== JSON.stringify(defaults.sort ?? null)) out.sort = s.sort ?? null;
  const filters = Object.fromEntries(Object.entries(s.filters).filter(([, v]) => v !== undefined));
  if (Object.keys(filters).length) out.filters = filters;
  return Object.keys(out).length ? JSON.stringify(out) : null;
}

export function useListState(key: string, opts: { inUrl: boolean; defaultSort?: SortSpec }) {
  const defaults = useMemo<ListState>(() => ({ page: 1, size: DEFAULT_SIZE, sort: opts.defaultSort, filters: {} }), [opts.defaultSort]);
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<ListState>(defaults);
  const raw = params.get(key);
  const fromUrl = useMemo(() => parse(raw, defaults), [raw, defaults]);
  const state = opts.inUrl ? fromUrl : local;

  const update = useCallback((patch: Partial<ListState>) => {
    if (!opts.inUrl) { setLocal((s) => ({ ...s, ...patch })); return; }
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      const value = serialize({ ...parse(prev.get(key), defaults), ...patch }, defaults);
      if (value) next.set(key, value); else next.delete(key);
      return next;
    });
  }, [opts.inUrl, key, defaults, setParams]);

  return [state, update] as const;
}

/**
 * A bespoke search form follows the filters its list shows (restored from the URL, or after 后退), as SearchForm does;
 * `values` are the form's values for those filters, keyed on their content.
 */
export function useFormFollows<T extends object>(form: FormInstance<T>, values: Partial<T>) {
  const key = JSON.stringify(values);
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(latest.current as Parameters<FormInstance<T>['setFieldsValue']>[0]);
    // keyed on the values' content (`key`), not their identity: the latest values are in the ref
  }, [form, key]);
}

/** A date-range filter (`['2024-01-01', null]`) as a RangePicker's value */
export function dayRange(v: unknown): [Dayjs | null, Dayjs | null] | undefined {
  if (!Array.isArray(v)) return undefined;
  const day = (d: unknown) => (typeof d === 'string' && d ? dayjs(d) : null);
  return [day(v[0]), day(v[1])];
}

/** The string filters among `names`, as a form's values */
export function textValues(filters: Filters, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (typeof filters[n] === 'string' ? [[n, filters[n]]] : [])));
}
