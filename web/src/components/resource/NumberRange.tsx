/** From–to number inputs for a range filter; the value is `[from, to]`, either end may be empty. */
import { InputNumber, Space } from 'antd';

type End = number | null;

export interface NumberRangeProps {
  value?: [End, End];
  onChange?: (value: [End, End]) => void;
  precision?: number;
  id?: string;
}

export default function NumberRange({ value, onChange, precision, id }: NumberRangeProps) {
  const [from, to] = value ?? [null, null];
  return (
    <Space.Compact style={{ width: '100%' }} id={id}>
      <InputNumber style={{ width: '50%' }} placeholder="最小值" precision={precision} value={from}
        onChange={(v) => onChange?.([v ?? null, to])} />
      <InputNumber style={{ width: '50%' }} placeholder="最大值" precision={precision} value={to}
        onChange={(v) => onChange?.([from, v ?? null])} />
    </Space.Compact>
  );
}
