/**
 * The list page's search form: one input per searchable field, 查询 / 重置, and 展开 / 收起 when
 * there are more than three fields (the convention of every list page). On a phone: the first field
 * beside 查询 and 筛选, the others in the 筛选 drawer (PhoneFilters).
 */
import { cloneElement, isValidElement, useEffect, useState, type ReactNode } from 'react';
import { Button, Col, Form, Row, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { FieldDef } from '@dg/core';
import { searchWidget } from './widgets';
import { usePhone } from './phone';
import PhoneFilters from './PhoneFilters';

/** Fields shown while the form is collapsed. */
export const COLLAPSED_COUNT = 3;
const COL = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

export interface SearchFormProps {
  /** form name: inputs get ids `<name>_<field>` (unique even with a list and its form open) */
  name: string;
  fields: [string, FieldDef][];
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
  /** the values the list is showing (restored from the URL, or after 后退): the form follows them */
  values?: Record<string, unknown>;
}

export default function SearchForm({ name: formName, fields, onSearch, onReset, values }: SearchFormProps) {
  const [form] = Form.useForm();
  const valuesKey = JSON.stringify(values ?? {});
  useEffect(() => {
    form.resetFields();
    if (values) form.setFieldsValue(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the values' content, not their identity
  }, [form, valuesKey]);
  const collapsible = fields.length > COLLAPSED_COUNT;
  const [collapsed, setCollapsed] = useState(true);

  const reset = () => {
    form.resetFields();
    onReset();
  };
  const phone = usePhone();

  if (phone) {
    return (
      <Form form={form} name={formName} onFinish={onSearch} className="dg-resource-search">
        <PhoneFilters form={form} onReset={onReset}
          items={fields.map(([name, fd], i) => ({ name, label: fd.label, input: i === 0 ? withPlaceholder(searchWidget(fd), fd.label) : searchWidget(fd) }))} />
      </Form>
    );
  }

  return (
    <Form form={form} name={formName} onFinish={onSearch} labelCol={{ flex: '96px' }} labelWrap wrapperCol={{ flex: '1 1 0' }}
      className="dg-resource-search">
      <Row gutter={16}>
        {fields.map(([name, fd], i) => (
          // Hidden, not unmounted: a collapsed field keeps its value and still filters.
          <Col key={name} {...COL} style={collapsible && collapsed && i >= COLLAPSED_COUNT ? { display: 'none' } : undefined}>
            <Form.Item name={name} label={fd.label} style={{ marginBottom: 16 }}>
              {searchWidget(fd)}
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" style={{ textAlign: 'right', marginBottom: 16 }}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>查询</Button>
            <Button icon={<ReloadOutlined />} onClick={reset}>重置</Button>
            {collapsible && (
              <Button type="link" onClick={() => setCollapsed((c) => !c)} style={{ paddingInline: 4 }}>
                {collapsed ? <>展开 <DownOutlined /></> : <>收起 <UpOutlined /></>}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}

/** the field beside the buttons has no label: its placeholder names it */
function withPlaceholder(input: ReactNode, label: string): ReactNode {
  return isValidElement<{ placeholder?: unknown }>(input) && typeof input.props.placeholder !== 'string'
    ? cloneElement(input, { placeholder: label }) : input;
}
