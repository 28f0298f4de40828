/**
 * A list's search on a phone: its first field beside 查询 and 筛选; 筛选 opens a drawer with the other fields, 重置 and
 * 确定. Rendered inside the list's own Form: the drawer's fields belong to the same form (they stay mounted while it
 * is closed, so a value set there keeps filtering), and 确定 submits it.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Form, Space, type FormInstance } from 'antd';
import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { setCount } from './phone';
import './list.css';

export interface FilterItem {
  name: string;
  label: ReactNode;
  input: ReactNode;
}

export default function PhoneFilters({ form, items, onReset, placeholderLabel = true }: {
  form: FormInstance;
  /** the search's fields; the first stands beside the buttons */
  items: FilterItem[];
  onReset: () => void;
  /** the first field goes without its label (its placeholder names it) */
  placeholderLabel?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [first, ...rest] = items;
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const count = setCount(values ?? {}, first ? [first.name] : []);
  return (
    <>
      <div className="dg-phone-search" data-testid="phone-search">
        {first && (
          <div className="dg-phone-search-field">
            <Form.Item name={first.name} label={placeholderLabel ? undefined : first.label}>{first.input}</Form.Item>
          </div>
        )}
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} aria-label="查询" />
        {rest.length > 0 && (
          <Badge count={count} size="small">
            <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="phone-filter">筛选</Button>
          </Badge>
        )}
      </div>
      {rest.length > 0 && (
        <Drawer open={open} onClose={() => setOpen(false)} title="筛选" placement="bottom" size="auto" forceRender
          styles={{ body: { paddingBottom: 8 } }} rootClassName="dg-filter-drawer"
          footer={(
            <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Button onClick={() => { form.resetFields(); onReset(); setOpen(false); }}>重置</Button>
              <Button type="primary" onClick={() => { form.submit(); setOpen(false); }} data-testid="phone-filter-ok">确定</Button>
            </Space>
          )}>
          {rest.map((it) => (
            <Form.Item key={it.name} name={it.name} label={it.label} labelCol={{ flex: '80px' }} wrapperCol={{ flex: '1 1 0' }} style={{ marginBottom: 16 }}>
              {it.input}
            </Form.Item>
          ))}
        </Drawer>
      )}
    </>
  );
}
