/**
 * 详情 of one row: every visible field with its label and rendered value, attachments as links,
 * then 创建时间 / 更新时间. Usable on its own (area pages embed it and put sub-records beneath
 * through `children`).
 */
import type { ReactNode } from 'react';
import { Descriptions, Result, Skeleton, type DescriptionsProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MSG, resourceByKey, visibleFields, type ResourceDef } from '@dg/core';
import { getRow, queryKeys } from './api';
import { formatDateTime, formatValue } from './format';
import { renderValue } from './renderValue';
import type { FormatContext, Row } from './types';
import { useFormatContext } from './useFormatContext';

export interface ResourceDetailProps {
  resourceKey: string;
  id: string;
  /** the row as the list had it: shown at once while the full row loads */
  row?: Row;
  /** Descriptions columns (default 2, 1 on narrow screens) */
  column?: DescriptionsProps['column'];
  title?: ReactNode;
  /** top-right of the descriptions, e.g. workflow buttons */
  extra?: ReactNode;
  /** shown beneath, e.g. sub-record lists */
  children?: ReactNode;
}

const FULL_WIDTH = new Set(['textarea', 'richText', 'json', 'file']);
const EMPTY = '-';

export function detailItems(def: ResourceDef, row: Row, ctx: FormatContext): NonNullable<DescriptionsProps['items']> {
  const items: NonNullable<DescriptionsProps['items']> = visibleFields(def).filter(([, fd]) => !fd.ownView).map(([name, fd]) => {
    const blank = formatValue(name, fd, row, ctx) === '';
    return {
      key: name,
      label: fd.label,
      children: blank ? EMPTY : renderValue(name, fd, row, ctx, 'detail'),
      span: FULL_WIDTH.has(fd.type) ? 'filled' : undefined,
    };
  });
  if (row.enterpriseName && !('enterpriseId' in def.fields)) {
    items.push({ key: 'enterpriseName', label: '所属企业', children: String(row.enterpriseName) });
  }
  items.push(
    { key: 'createdAt', label: '创建时间', children: formatDateTime(row.createdAt) || EMPTY },
    { key: 'updatedAt', label: '更新时间', children: formatDateTime(row.updatedAt) || EMPTY },
  );
  return items;
}

export default function ResourceDetail({ resourceKey, id, row: initial, column, title, extra, children }: ResourceDetailProps) {
  const def = resourceByKey(resourceKey);
  const ctx = useFormatContext();
  const { data, isLoading, isError } = useQuery({
    queryKey: queryKeys.info(resourceKey, id),
    queryFn: () => getRow(def!, id),
    enabled: Boolean(def && id),
    placeholderData: initial,
  });

  if (!def) return <Result status="warning" title={`未定义的资源：${resourceKey}`} />;
  if (isError && !data) return <Result status="warning" title={MSG.notFound} />;
  if (isLoading && !data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!data) return null;

  return (
    <>
      <Descriptions
        bordered
        size="small"
        title={title}
        extra={extra}
        column={column ?? { xs: 1, sm: 1, md: 2 }}
        styles={{ label: { width: 140, whiteSpace: 'nowrap' } }}
        items={detailItems(def, data, ctx)}
      />
      {children && <div style={{ marginTop: 16 }}>{children}</div>}
    </>
  );
}
