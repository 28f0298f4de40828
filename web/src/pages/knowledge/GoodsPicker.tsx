/**
 * A dangerous-goods picker for any form (常运货物, 运单货物…): type a UN number, a Chinese name or
 * pinyin initials (cyqy → 车用汽油). The value is the catalogue row's id; `onPick` hands over the row.
 */
import { useEffect, useState } from 'react';
import { Select, Tag, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { searchGoods, type GoodsOption } from './api';

export interface GoodsPickerProps extends Omit<SelectProps<string>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> {
  onPick?: (goods: GoodsOption | undefined) => void;
  /** the label of the current value when it is not among the first results */
  initialLabel?: string;
}

export default function GoodsPicker({ onPick, initialLabel, value, onChange, ...rest }: GoodsPickerProps) {
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(h);
  }, [typed]);
  const { data = [], isFetching } = useQuery({ queryKey: ['dangerousGoods', 'search', q], queryFn: () => searchGoods(q), staleTime: 60_000 });
  const options = data.map((g) => ({
    value: g.id,
    label: g.label,
    goods: g,
  }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel, goods: undefined as unknown as GoodsOption });
  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      placeholder="输入UN编号、品名或拼音首字母"
      notFoundContent={isFetching ? '查询中…' : '没有匹配的品名'}
      loading={isFetching}
      value={value}
      options={options}
      optionRender={(o) => (
        <span>
          {o.label}
          {(o.data as { goods?: GoodsOption }).goods?.subsidiaryHazard ? <Tag style={{ marginInlineStart: 6 }}>次要危险性 {(o.data as { goods: GoodsOption }).goods.subsidiaryHazard}</Tag> : null}
        </span>
      )}
      onChange={(v, opt) => {
        onChange?.(v, opt);
        onPick?.(data.find((g) => g.id === v));
      }}
      {...rest}
    />
  );
}
