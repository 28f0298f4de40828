/**
 * A resource list like the generic ResourcePage, for the admin screens that must take over 新增 / 编辑
 * (articles open their own editor page) or read the add answer (a service client's secret, shown once).
 * Search form, paged table, detail drawer and the generic form come from components/resource.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Drawer, Table, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { elementCode, listColumns, resourceByKey, searchFields } from '@dg/core';
import { DATA_CHANGED, deleteRow, listRows, queryKeys, refreshAfterWrite } from '../../components/resource/api';
import { actionColumn, fieldColumns } from '../../components/resource/columns';
import { useFeedback } from '../../components/resource/feedback';
import { serializeFilters } from '../../components/resource/filters';
import { useHasElement, useSideCanWrite } from '../../components/resource/permission';
import ResourceDetail from '../../components/resource/ResourceDetail';
import ResourceForm from '../../components/resource/ResourceForm';
import SearchForm from '../../components/resource/SearchForm';
import type { Filters, ListBody, Row, SortSpec } from '../../components/resource/types';
import { useFormatContext } from '../../components/resource/useFormatContext';

export interface AdminResourceListProps {
  resourceKey: string;
  /** replaces the generic add form (e.g. open an editor page) */
  onAdd?: () => void;
  /** replaces the generic edit form */
  onEdit?: (row: Row) => void;
  /** after the generic form saved a row */
  onSaved?: (row: Row, mode: 'add' | 'update') => void;
  extraActions?: (row: Row, refresh: () => Promise<void>) => ReactNode;
}

const PAGE_SIZES = [10, 20, 50, 100];

export default function AdminResourceList({ resourceKey, onAdd, onEdit, onSaved, extraActions }: AdminResourceListProps) {
  const def = resourceByKey(resourceKey)!;
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const ctx = useFormatContext();
  const searchable = useMemo(() => searchFields(def), [def]);
  const shown = useMemo(() => listColumns(def), [def]);

  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const [sort, setSort] = useState<SortSpec | undefined>(def.defaultSort);
  const [editing, setEditing] = useState<{ mode: 'add' | 'update'; id?: string } | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);

  const body: ListBody = { page, size, sort, filters };
  const list = useQuery({ queryKey: queryKeys.list(def.key, body), queryFn: () => listRows(def, body), placeholderData: keepPreviousData });

  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: queryKeys.all(def.key) }, { cancelRefetch: false });
    window.addEventListener(DATA_CHANGED, refetch);
    return () => window.removeEventListener(DATA_CHANGED, refetch);
  }, [queryClient, def.key]);

  const sideCanWrite = useSideCanWrite(def);
  const canAdd = useHasElement(elementCode(def, 'add')) && sideCanWrite;
  const canEdit = useHasElement(elementCode(def, 'edit')) && sideCanWrite;
  const canDelete = useHasElement(elementCode(def, 'del')) && sideCanWrite;

  const refresh = () => refreshAfterWrite(queryClient, def.key);
  const remove = async (row: Row) => {
    try {
      await deleteRow(def, row.id);
    } catch {
      return;
    }
    notification.success({ title: '成功', description: '删除成功', duration: 2 });
    await refresh();
  };

  const columns = [
    ...fieldColumns(shown, ctx, sort),
    actionColumn({
      onDetail: setViewing,
      onEdit: canEdit ? (row) => (onEdit ? onEdit(row) : setEditing({ mode: 'update', id: row.id })) : undefined,
      onDelete: canDelete ? remove : undefined,
      extra: extraActions ? (row) => extraActions(row, refresh) : undefined,
    }),
  ];

  const onTableChange: TableProps<Row>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.columnKey ? String(s.columnKey) : undefined;
    setSort(field && s?.order ? { field, order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined);
    setPage(1);
  };

  return (
    <div className="dg-resource-page">
      {searchable.length > 0 && (
        <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
          <SearchForm name={`${def.key}_search`} fields={searchable} loading={list.isFetching}
            onSearch={(values) => { setFilters(serializeFilters(searchable, values)); setPage(1); void list.refetch(); }}
            onReset={() => { setFilters({}); setPage(1); }} />
        </Card>
      )}
      <Card title={def.title} extra={canAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (onAdd ? onAdd() : setEditing({ mode: 'add' }))}>新增</Button>
      )}>
        <Table<Row>
          rowKey="id" size="middle" columns={columns} dataSource={list.data?.content ?? []} loading={list.isFetching}
          onChange={onTableChange} scroll={{ x: 'max-content' }}
          pagination={{
            current: page, pageSize: size, total: list.data?.total ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, showQuickJumper: true,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (p, s) => { if (s !== size) { setSize(s); setPage(1); } else setPage(p); },
          }}
        />
      </Card>
      {editing && (
        <ResourceForm resourceKey={def.key} open mode={editing.mode} id={editing.id} onClose={() => setEditing(null)}
          onSaved={(row) => onSaved?.(row, editing.mode)} />
      )}
      <Drawer open={Boolean(viewing)} title={`${def.title}详情`} size={720} onClose={() => setViewing(null)} destroyOnHidden>
        {viewing && <ResourceDetail resourceKey={def.key} id={viewing.id} row={viewing} column={1} />}
      </Drawer>
    </div>
  );
}

