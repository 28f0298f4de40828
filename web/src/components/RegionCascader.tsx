/**
 * Region picker over the configured province (省 → 市 → 区县, and 街道 loaded per district).
 * Its value is one code string — the deepest level picked — as region fields store it.
 */
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Cascader } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { regionPath } from './resource/format';
import { fetchStreets, useRegions } from './resource/useRegions';
import type { RegionNode } from './resource/types';

export interface RegionCascaderProps {
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  /** deepest level offered: 1 province, 2 city, 3 district (default), 4 street */
  level?: number;
  /** allow picking a province or city as well (search forms); otherwise the deepest level is required */
  changeOnSelect?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  className?: string;
  id?: string;
  'data-testid'?: string;
}

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
  isLeaf?: boolean;
}

/** Tree depth of a code: the province is 1. District codes have 6 digits, street codes more. */
const DISTRICT_DEPTH = 3;
const STREET_DEPTH = 4;

function toOptions(nodes: RegionNode[], depth: number, level: number, streets: Record<string, RegionNode[]>): CascaderOption[] {
  return nodes.map((node) => {
    const id = String(node.id);
    if (depth >= level) return { value: id, label: node.name, isLeaf: true };
    if (depth === DISTRICT_DEPTH) {
      const loaded = streets[id];
      if (!loaded) return { value: id, label: node.name, isLeaf: false };
      return loaded.length
        ? { value: id, label: node.name, children: toOptions(loaded, STREET_DEPTH, level, streets) }
        : { value: id, label: node.name, isLeaf: true };
    }
    const children = node.children?.length ? toOptions(node.children, depth + 1, level, streets) : undefined;
    return { value: id, label: node.name, children, isLeaf: !children };
  });
}

/** The codes from the province down to `code`; a street code hangs below its district. */
function codePath(tree: RegionNode[], code: string): string[] {
  const path = regionPath(tree, code).map((n) => String(n.id));
  if (path.length || code.length <= 6) return path;
  const district = regionPath(tree, code.slice(0, 6)).map((n) => String(n.id));
  return district.length ? [...district, code] : [];
}

export default function RegionCascader({
  value, onChange, level = 3, changeOnSelect, placeholder = '请选择地区', allowClear = true, style, ...rest
}: RegionCascaderProps) {
  const queryClient = useQueryClient();
  const { tree, isLoading, errorText } = useRegions();
  const [streets, setStreets] = useState<Record<string, RegionNode[]>>({});

  const loadStreets = (district: string) =>
    fetchStreets(queryClient, district)
      .then((list) => setStreets((prev) => ({ ...prev, [district]: list ?? [] })))
      .catch(() => setStreets((prev) => ({ ...prev, [district]: [] })));

  // A stored street code: load its district's streets so the name, not the code, is shown.
  const district = level >= STREET_DEPTH && value && value.length > 6 ? value.slice(0, 6) : undefined;
  useEffect(() => {
    if (!district) return;
    let live = true;
    fetchStreets(queryClient, district)
      .then((list) => live && setStreets((prev) => (prev[district] ? prev : { ...prev, [district]: list ?? [] })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [district, queryClient]);

  const options = useMemo(() => toOptions(tree, 1, level, streets), [tree, level, streets]);
  const path = useMemo(() => (value ? codePath(tree, value) : []), [tree, value]);

  return (
    <Cascader<CascaderOption>
      {...rest}
      style={{ width: '100%', ...style }}
      options={options}
      value={path.length ? path : value ? [value] : undefined}
      onChange={(codes) => onChange?.(codes?.length ? String(codes[codes.length - 1]) : undefined)}
      loadData={level >= STREET_DEPTH ? (selected) => void loadStreets(selected[selected.length - 1]!.value) : undefined}
      changeOnSelect={changeOnSelect}
      showSearch
      allowClear={allowClear}
      placeholder={placeholder}
      loading={isLoading}
      notFoundContent={errorText ?? '暂无地区数据'}
    />
  );
}
