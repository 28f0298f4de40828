/**
 * A list's page, size, sort and searched filters (issue 16): kept in the URL for a list of its own screen, so a
 * reload, 后退 or a shared link shows the same list; kept in the component for a list inside a detail. One search
 * parameter per list, named by its resource key, holding only what differs from the defaults.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
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
  if (Object.keys(s.filters).length) out.filters = s.filters;
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
