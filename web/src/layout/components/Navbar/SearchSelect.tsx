/** The header search's field: antd's Select (with its virtual list), loaded the first time the search opens. */
import { Select, type RefSelectProps } from 'antd';
import type { Ref } from 'react';

export interface SearchSelectProps {
  selectRef: Ref<RefSelectProps>;
  query: string;
  onSearch: (q: string) => void;
  options: { value: string; label: string }[];
  notFoundContent: string | null;
  onChange: (path: string | null) => void;
  onBlur: () => void;
}

export default function SearchSelect({ selectRef, query, onSearch, options, notFoundContent, onChange, onBlur }: SearchSelectProps) {
  return (
    <Select<string | null>
      ref={selectRef}
      autoFocus
      value={null}
      showSearch={{ searchValue: query, onSearch, filterOption: false }}
      defaultActiveFirstOption
      // what was typed while this loaded is searched at once: its options show without another key
      open={query ? true : undefined}
      placeholder="搜索菜单"
      style={{ width: 220 }}
      options={options}
      notFoundContent={notFoundContent}
      onChange={onChange}
      onBlur={onBlur}
      data-testid="header-search-select"
      suffixIcon={null}
    />
  );
}
