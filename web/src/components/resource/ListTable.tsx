/**
 * The table of every list, and its phone form: on a desktop the antd Table as given; below 768 px the rows as cards
 * (title, state tag, labelled lines, actions at the foot; see cardParts) over the same pager, from the same columns.
 */
import type { Key, ReactNode } from 'react';
import { Card, Empty, Pagination, Spin, Table, type TableColumnType, type TableProps } from 'antd';
import { cardParts, usePhone } from './phone';
import './list.css';

type Col<T> = TableColumnType<T> & { children?: unknown };

function cell<T>(col: Col<T>, row: T, index: number): ReactNode {
  const path = col.dataIndex;
  const value = path === undefined ? undefined
    : Array.isArray(path) ? path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k as string], row)
      : (row as Record<string, unknown>)[path as string];
  if (col.render) return col.render(value, row, index) as ReactNode;
  return value === undefined || value === null || value === '' ? '-' : String(value as string);
}

const titleText = (t: unknown): ReactNode => (typeof t === 'function' ? null : (t as ReactNode));

export default function ListTable<T extends object>(props: TableProps<T>) {
  const phone = usePhone();
  if (!phone) return <Table<T> {...props} />;
  const { columns = [], dataSource = [], rowKey = 'id', loading, pagination, locale, rowSelection } = props;
  const parts = cardParts(columns as Col<T>[]);
  const keyOf = (row: T, i: number): Key => (typeof rowKey === 'function' ? rowKey(row, i) : (row as Record<string, Key>)[rowKey as string] ?? i);
  const spinning = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);
  const empty = locale?.emptyText;
  return (
    <Spin spinning={spinning}>
      <div className="dg-list-cards" data-testid="list-cards">
        {dataSource.length === 0 && (typeof empty === 'function' ? empty() : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />)}
        {dataSource.map((row, i) => {
          const key = keyOf(row, i);
          const selected = rowSelection?.selectedRowKeys?.includes(key);
          const rowProps = (props.onRow?.(row, i) ?? {}) as Record<string, unknown>;
          return (
            <Card key={key} size="small" className="dg-list-card" data-testid={(rowProps['data-testid'] as string | undefined) ?? 'list-card'}
              style={{ marginBottom: 12, ...(selected ? { borderColor: '#1677ff' } : {}) }}
              onClick={rowSelection ? () => {
                const keys = rowSelection.selectedRowKeys ?? [];
                const next = selected ? keys.filter((k) => k !== key) : [...keys, key];
                rowSelection.onChange?.(next, dataSource.filter((r, j) => next.includes(keyOf(r, j))), { type: 'multiple' });
              } : undefined}
              title={parts.title && <span className="dg-list-card-title">{cell(parts.title, row, i)}</span>}
              extra={parts.state && <span data-testid="card-state">{cell(parts.state, row, i)}</span>}>
              {parts.lines.map((c, j) => (
                <div key={String(c.key ?? j)} className="dg-list-card-line">
                  <span className="dg-list-card-label">{titleText(c.title)}</span>
                  <span className="dg-list-card-value">{cell(c, row, i)}</span>
                </div>
              ))}
              {parts.actions && (
                <div className="dg-list-card-actions" data-testid="card-actions" onClick={(e) => e.stopPropagation()}>{cell(parts.actions, row, i)}</div>
              )}
            </Card>
          );
        })}
        {pagination && (
          <Pagination simple size="small" align="center" {...pagination}
            showSizeChanger={false} showQuickJumper={false} />
        )}
      </div>
    </Spin>
  );
}
