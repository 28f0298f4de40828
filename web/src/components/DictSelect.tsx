/** A Select over one code-table type (代码表): values are codes, labels their names. */
import { Select, type SelectProps } from 'antd';
import { useDicts } from './resource/useDicts';

export interface DictSelectProps extends Omit<SelectProps, 'options' | 'mode'> {
  /** dictionary type code, e.g. 'sex', 'businessScope' */
  type: string;
  multiple?: boolean;
  'data-testid'?: string;
}

export default function DictSelect({ type, multiple, placeholder = '请选择', style, ...rest }: DictSelectProps) {
  const { dictOptions, isLoading } = useDicts();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      loading={isLoading}
      notFoundContent="暂无选项"
      style={{ width: '100%', ...style }}
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      options={dictOptions(type)}
    />
  );
}
