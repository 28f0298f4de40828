/** Several regions of the province (a notice's 接收地区): a searchable tree of cities and districts, any level may be chosen. */
import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useRegions } from './resource/useRegions';
import type { RegionNode } from './resource/types';

interface TreeOption { title: string; value: string; children?: TreeOption[] }
const toTree = (nodes: RegionNode[], depth: number): TreeOption[] =>
  nodes.map((n) => ({ title: n.name, value: String(n.id), children: depth < 3 && n.children?.length ? toTree(n.children, depth + 1) : undefined }));

export default function RegionMultiSelect({ id, value, onChange, placeholder = '请选择地区', disabled }: { id?: string; value?: string[]; onChange?: (v: string[]) => void; placeholder?: string; disabled?: boolean }) {
  const { tree } = useRegions();
  const data = useMemo(() => toTree(tree, 1), [tree]);
  return (
    <TreeSelect<string[]> id={id} style={{ width: '100%' }} treeData={data} value={value} onChange={(v) => onChange?.(v)} multiple showSearch treeNodeFilterProp="title"
      placeholder={placeholder} disabled={disabled} allowClear treeDefaultExpandedKeys={data.map((d) => d.value)} maxTagCount="responsive" />
  );
}
