/**
 * The input for a field, by type: one for the add/edit form, one for the search form.
 * Returned as elements so Form.Item can hand them value and onChange.
 */
import { lazy, Suspense, type ReactElement } from 'react';
import type { RichTextEditorProps } from '../RichTextEditor';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { DATE_FORMAT, type FieldDef } from '@dg/core';
import DictSelect from '../DictSelect';
import RefSelect from '../RefSelect';
import RegionCascader from '../RegionCascader';
import RegionMultiSelect from '../RegionMultiSelect';
import Upload from '../Upload';
import NumberRange from './NumberRange';
import { DAY_FORMAT } from './format';
import { searchMode } from './filters';
import { placeholderOf } from './formRules';

/** the tiptap editor loads with the first form that has a 正文-like field, not with every form */
const RichTextEditor = lazy(() => import('../RichTextEditor'));
function LazyRichText(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Input.TextArea disabled autoSize={{ minRows: 8 }} placeholder="正在加载编辑器…" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

const full = { width: '100%' } as const;
/** Show a character counter where the limit is short enough to matter while typing. */
const COUNTER_LIMIT = 100;

const BOOL_OPTIONS = [
  { label: '是', value: '1' },
  { label: '否', value: '0' },
];

const precisionOf = (fd: FieldDef) => fd.precision ?? (fd.type === 'integer' ? 0 : undefined);

export function formWidget(fd: FieldDef, opts: { disabled?: boolean; labels?: unknown } = {}): ReactElement {
  const { disabled } = opts;
  const placeholder = placeholderOf(fd);
  const clearable = !fd.required;
  switch (fd.type) {
    case 'text':
      return <Input placeholder={placeholder} disabled={disabled} allowClear={clearable}
        count={fd.max && fd.max <= COUNTER_LIMIT ? { show: true, max: fd.max } : undefined} />;
    case 'password':
      return <Input.Password placeholder={placeholder} disabled={disabled} autoComplete="new-password" />;
    case 'textarea':
      return <Input.TextArea placeholder={placeholder} disabled={disabled} autoSize={{ minRows: 3, maxRows: 8 }}
        count={fd.max ? { show: true, max: fd.max } : undefined} />;
    case 'richText':
      return <LazyRichText disabled={disabled} />;
    case 'json':
      return <Input.TextArea placeholder={placeholder} disabled={disabled} autoSize={{ minRows: 4, maxRows: 16 }}
        style={{ fontFamily: 'monospace' }} />;
    case 'number':
    case 'integer':
      return <InputNumber style={full} placeholder={placeholder} disabled={disabled} precision={precisionOf(fd)} />;
    case 'money':
      return <InputNumber<string> style={full} placeholder={placeholder} disabled={disabled} precision={2} stringMode min="0" suffix="元" />;
    case 'date':
      return <DatePicker style={full} placeholder={placeholder} disabled={disabled} format={DAY_FORMAT} />;
    case 'datetime':
      return <DatePicker style={full} placeholder={placeholder} disabled={disabled} showTime format={DATE_FORMAT} />;
    case 'bool':
      return <Switch checkedChildren="是" unCheckedChildren="否" disabled={disabled} />;
    case 'dict':
      return <DictSelect type={fd.dict ?? ''} multiple={fd.multiple} placeholder={placeholder} disabled={disabled} allowClear={clearable} />;
    case 'enum':
      return <Select options={fd.options} mode={fd.multiple ? 'multiple' : undefined} placeholder={placeholder}
        disabled={disabled} allowClear={clearable} showSearch={{ optionFilterProp: 'label' }} />;
    case 'ref':
      return <RefSelect resource={fd.ref?.resource ?? ''} multiple={fd.multiple} labels={opts.labels}
        placeholder={placeholder} disabled={disabled} allowClear={clearable} />;
    case 'region':
      if (fd.multiple) return <RegionMultiSelect placeholder={placeholder} disabled={disabled} />;
      return <RegionCascader level={fd.regionLevel} changeOnSelect={fd.regionAnyLevel} placeholder={placeholder} disabled={disabled} allowClear={clearable} />;
    case 'file':
      return <Upload multiple={fd.multiple} disabled={disabled} />;
  }
}

export function searchWidget(fd: FieldDef): ReactElement {
  const mode = searchMode(fd);
  const choose = `请选择${fd.label}`;
  if (mode === 'region') return <RegionCascader level={fd.regionLevel} changeOnSelect placeholder={choose} />;
  if (mode === 'like') return <Input placeholder={`请输入${fd.label}`} allowClear />;
  if (mode === 'range') {
    if (fd.type === 'date' || fd.type === 'datetime') return <DatePicker.RangePicker style={full} format={DAY_FORMAT} />;
    return <NumberRange precision={precisionOf(fd)} />;
  }
  const many = mode === 'in';
  switch (fd.type) {
    case 'dict':
      return <DictSelect type={fd.dict ?? ''} multiple={many} placeholder={choose} />;
    case 'enum':
      return <Select options={fd.options} mode={many ? 'multiple' : undefined} placeholder={choose} allowClear
        showSearch={{ optionFilterProp: 'label' }} />;
    case 'ref':
      return <RefSelect resource={fd.ref?.resource ?? ''} multiple={many} placeholder={choose} />;
    case 'bool':
      return <Select options={BOOL_OPTIONS} placeholder={choose} allowClear />;
    case 'date':
    case 'datetime':
      return <DatePicker style={full} format={DAY_FORMAT} placeholder={choose} />;
    case 'number':
    case 'integer':
      return <InputNumber style={full} precision={precisionOf(fd)} placeholder={`请输入${fd.label}`} />;
    default:
      return <Input placeholder={`请输入${fd.label}`} allowClear />;
  }
}
