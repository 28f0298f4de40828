/**
 * Picker for a reference to another resource (type 'ref'): remote search over
 * `GET /<area>/<key>/options?q=` of the referenced resource, data scope applied by the server.
 * Values are ids; labels of the current value come from the row's `<field>Label`.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { resourceByKey, type Option } from '@dg/core';
import { fetchOptions, fetchOptionsByIds, queryKeys } from './resource/api';
import { asList } from './resource/format';

export interface RefSelectProps {
  /** key of the referenced resource (FieldDef.ref.resource) */
  resource: string;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  /** names of the current value (a row's `<field>Label`), shown before any search */
  labels?: unknown;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  className?: string;
  id?: string;
}

const SEARCH_DELAY_MS = 300;

const warned = new Set<string>();
function warnOnce(resource: string) {
  if (warned.has(resource)) return;
  warned.add(resource);
  console.warn(`RefSelect: "${resource}" is not a resource of packages/core; nothing to choose from`);
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function RefSelect({
  resource, value, onChange, multiple, labels, placeholder = '请选择', allowClear = true, ...rest
}: RefSelectProps) {
  const def = resourceByKey(resource);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);

  const { data, isFetching, isError } = useQuery({
    queryKey: queryKeys.options(resource, q),
    queryFn: () => fetchOptions(def!, q),
    enabled: Boolean(def) && open,
    staleTime: 30_000,
  });

  // Every label seen stays known, so a chosen value keeps its name when the search moves on.
  const known = useRef(new Map<string, string>());
  const ids = asList(value).map(String);
  const given = asList(labels).map(String);
  ids.forEach((id, i) => {
    if (given[i] && !known.current.has(id)) known.current.set(id, given[i]!);
  });
  data?.forEach((o) => known.current.set(String(o.value), o.label));

  // A value nobody named yet (a preset filter, a row without `<field>Label`): ask for its label.
  const unnamed = ids.filter((id) => !known.current.has(id));
  const { data: named } = useQuery({
    queryKey: queryKeys.optionIds(resource, unnamed),
    queryFn: () => fetchOptionsByIds(def!, unnamed),
    enabled: Boolean(def) && unnamed.length > 0,
    staleTime: 30_000,
  });
  named?.forEach((o) => known.current.set(String(o.value), o.label));

  const listed = (data ?? []).map((o) => ({ label: o.label, value: String(o.value) }));
  const listedIds = new Set(listed.map((o) => o.value));
  const chosen = ids.filter((id) => !listedIds.has(id)).map((id) => ({ value: id, label: known.current.get(id) ?? id }));
  const options: Option[] = [...chosen, ...listed];

  if (!def) {
    // A reference to something that is not a resource (e.g. roles, which have their own screen).
    warnOnce(resource);
    return <Select {...rest} disabled placeholder="暂无可选项" />;
  }

  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? ids : (ids[0] ?? undefined)}
      onChange={(v: string | string[] | undefined) => onChange?.(v ?? (multiple ? [] : undefined))}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      allowClear={allowClear}
      placeholder={placeholder}
      loading={isFetching}
      notFoundContent={isFetching ? <Spin size="small" /> : isError ? '加载失败' : '暂无数据'}
    />
  );
}
