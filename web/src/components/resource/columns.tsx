/** The list table's columns from a definition's listColumns, plus the 操作 column. */
import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { stateColor, type FieldDef, type FieldType, type WorkflowDef } from '@dg/core';
import { renderValue } from './renderValue';
import type { FormatContext, Row, SortSpec } from './types';

/** Sensible widths for columns whose content has a known shape. */
const WIDTHS: Partial<Record<FieldType, number>> = { datetime: 170, date: 110, bool: 80, region: 200, integer: 100, number: 120 };
export const DELETE_CONFIRM = '此操作将永久删除, 是否继续?';

export interface RowActions {
  onDetail: (row: Row) => void;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => Promise<void>;
  extra?: (row: Row) => ReactNode;
  /** 编辑 and 删除 only where this says so */
  rowEditable?: (row: Row) => boolean;
}

const toAntOrder = (sort: SortSpec | undefined, name: string) =>
  sort?.field === name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;

/** `state`: the field holding the row's state, shown as a tag (in the workflow's colour where it declares one) */
export function fieldColumns(fields: [string, FieldDef][], ctx: FormatContext, sort?: SortSpec, state?: { field: string; workflow?: WorkflowDef }): TableColumnsType<Row> {
  return fields.map(([name, fd]) => ({
    key: name,
    dataIndex: name,
    title: fd.label,
    width: fd.width ?? WIDTHS[fd.type],
    ellipsis: fd.type === 'file' ? false : { showTitle: true },
    sorter: fd.sort ? true : false,
    sortOrder: fd.sort ? toAntOrder(sort, name) : undefined,
    // never back to "unsorted": the server would fall back to its default order silently
    sortDirections: ['ascend', 'descend', 'ascend'],
    render: (_: unknown, row: Row) => (name === state?.field && row[name] != null && row[name] !== ''
      ? <Tag color={stateColor(state.workflow, row[name])} style={{ marginInlineEnd: 0 }}>{renderValue(name, fd, row, ctx, 'table')}</Tag>
      : renderValue(name, fd, row, ctx, 'table')),
  }));
}

/** 所属企业, for users who see several enterprises' rows (government, platform). */
export const enterpriseColumn: TableColumnsType<Row>[number] = {
  key: 'enterpriseName',
  dataIndex: 'enterpriseName',
  title: '所属企业',
  ellipsis: { showTitle: true },
  width: 200,
};

export function actionColumn({ onDetail, onEdit, onDelete, extra, rowEditable }: RowActions): TableColumnsType<Row>[number] {
  return {
    key: '__actions',
    title: '操作',
    fixed: 'right',
    width: 150 + (extra ? 80 : 0),
    render: (_: unknown, row: Row) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => onDetail(row)}>详情</Button>
        {onEdit && (rowEditable?.(row) ?? true) && <Button type="link" size="small" onClick={() => onEdit(row)}>编辑</Button>}
        {onDelete && (rowEditable?.(row) ?? true) && (
          <Popconfirm title="提示" description={DELETE_CONFIRM} okText="确定" cancelText="取消" onConfirm={() => onDelete(row)}>
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
        )}
        {extra?.(row)}
      </Space>
    ),
  };
}
