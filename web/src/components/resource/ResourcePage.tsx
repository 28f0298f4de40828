/**
 * A whole list screen from one resource definition (one definition per entity, and the
 * conventions of every list page): search form, toolbar (新增 / 导入 / 导出 by
 * element code), a server-paged and server-sorted table with 详情 / 编辑 / 删除, the add/edit
 * form and the detail drawer. The list is keyed by the resource (app/live.ts): any write of the resource — here, a
 * workflow button in `extraActions`, another user's through the server's live events — and any write of its sub-records
 * invalidates it.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Drawer, Result, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EXCEL_FILE, RESOURCES, addsThroughForm, elementCode, listColumns, resourceByKey, searchFields, type FieldDef, type ResourceDef } from '@dg/core';
import ExportButton from '../ExportButton';
import ImportButton from '../ImportButton';
import { deleteRow, listRows, queryKeys, refreshAfterWrite, resourceBase } from './api';
import { actionColumn, enterpriseColumn, fieldColumns } from './columns';
import { useFeedback } from './feedback';
import { filtersToValues, serializeFilters } from './filters';
import { useSave } from './useSave';
import { useCan, useSideCanWrite, useUserSide } from './permission';
import ResourceDetail from './ResourceDetail';
import ResourceForm from './ResourceForm';
import SearchForm from './SearchForm';
import PagedTable, { usePagedList } from './PagedTable';
import { genericWritable, stateFieldOf, stateForward } from './rowState';
import type { Row } from './types';
import { useFormatContext } from './useFormatContext';

export interface ResourcePageProps {
  resourceKey: string;
  /** filters the user cannot change (e.g. a queue's status); their fields leave the search form */
  fixedFilters?: Record<string, unknown>;
  /** a sub-record list under one parent row: `field` holds the parent's `id` */
  parent?: { field: string; id: string };
  /** card title (default: the resource's title) */
  title?: string;
  /** more buttons in each row's 操作 column (workflow actions); `refresh` refetches the list */
  extraActions?: (row: Row, refresh: () => Promise<void>) => ReactNode;
  /** more buttons in the toolbar */
  toolbarExtra?: ReactNode;
  /** the table's columns by field name, in this order (default: the definition's `column` fields) */
  columns?: string[];
  /** open a detail route instead of the detail drawer */
  onDetail?: (row: Row) => void;
  /** replaces the generic add form (e.g. open an editor page) */
  onAdd?: () => void;
  /** replaces the generic edit form */
  onEdit?: (row: Row) => void;
  /** after the generic form saved a row (e.g. show a secret the add answer carries once) */
  onSaved?: (row: Row, mode: 'add' | 'update') => void;
  /** 编辑 and 删除 only on the rows this says (e.g. a hazard before it is submitted) */
  rowEditable?: (row: Row) => boolean;
  /** a screen that only reads and runs its workflow on rows another screen writes: no 新增 / 编辑 / 删除 / 导入 */
  noWrite?: boolean;
}


/** the resources whose rows are sub-records of `key`'s */
const subRecordKeys = (key: string) => RESOURCES.filter((r) => r.parent?.resource === key).map((r) => r.key);

export default function ResourcePage(props: ResourcePageProps) {
  const def = resourceByKey(props.resourceKey);
  if (!def) return <Result status="warning" title={`未定义的资源：${props.resourceKey}`} />;
  return <ResourceList key={def.key} {...props} def={def} />;
}

/** Values of the page's fixed filters that a new record should carry (scalars of writable fields). */
function presetsOf(def: ResourceDef, fixed: Record<string, unknown>, parentField?: string, parentId?: string) {
  const presets: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fixed)) {
    const fd = def.fields[name];
    if (fd && !fd.readOnly && !fd.noForm && !Array.isArray(value) && value !== undefined) presets[name] = value;
  }
  if (parentField && parentId) presets[parentField] = parentId;
  return presets;
}

function ResourceList({ def, fixedFilters, parent, title, columns: chosenColumns, extraActions, toolbarExtra, onDetail, onAdd, onEdit, onSaved, rowEditable, noWrite }: ResourcePageProps & { def: ResourceDef }) {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const ctx = useFormatContext();
  const side = useUserSide();

  // Callers often pass object literals: key the derived values on their content, not identity.
  const fixedKey = JSON.stringify(fixedFilters ?? {});
  const fixed = useMemo(() => JSON.parse(fixedKey) as Record<string, unknown>, [fixedKey]);
  const parentField = parent ? parent.field || def.parent?.field : undefined;
  const parentId = parent?.id;
  const hidden = useMemo(() => new Set([...Object.keys(fixed), ...(parentField ? [parentField] : [])]), [fixed, parentField]);
  const searchable = useMemo(() => searchFields(def).filter(([name]) => !hidden.has(name)), [def, hidden]);
  // a column says nothing when the screen fixes its one value; a fixed set of values (待整改 or 整改中) still tells rows apart
  const columnKey = chosenColumns?.join() ?? '';
  // the row's state stands second, never behind the fixed 操作 column
  const stateField = stateFieldOf(def);
  const shown = useMemo(() => stateForward((columnKey ? columnKey.split(',').filter((n) => def.fields[n]).map((n): [string, FieldDef] => [n, def.fields[n]!]) : listColumns(def))
    .filter(([name]) => !hidden.has(name) || Array.isArray(fixed[name])), stateField), [def, hidden, fixed, columnKey, stateField]);
  const presets = useMemo(() => presetsOf(def, fixed, parentField, parentId), [def, fixed, parentField, parentId]);

  // a list of its own screen keeps page, size, sort and search in the URL; a list inside a detail keeps them here
  const withParent = <B extends object>(body: B) => ({ ...body, ...(parentId ? { parentId } : {}) });
  const list = usePagedList<Row>(def.key, {
    inUrl: !parentId, defaultSort: def.defaultSort, fixed,
    queryKey: (req) => queryKeys.list(def.key, withParent(req)),
    request: (req) => listRows(def, withParent(req)),
    // a sub-record's write may change what the row shows (在职状态, 检验有效期)
    live: subRecordKeys(def.key),
  });
  const { sort, filters: searched } = list;
  const searchedValues = useMemo(() => filtersToValues(searchable, searched), [searchable, searched]);
  const [editing, setEditing] = useState<{ mode: 'add' | 'update'; id?: string } | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);

  const { filters } = list.request;
  const { total } = list;

  const sideCanWrite = useSideCanWrite(def) && !noWrite;
  const canAdd = useCan(elementCode(def, 'add')) && sideCanWrite && (side === undefined || addsThroughForm(def, side));
  const canEdit = useCan(elementCode(def, 'edit')) && sideCanWrite;
  const canDelete = useCan(elementCode(def, 'del')) && sideCanWrite;
  const canExport = useCan(elementCode(def, 'export'));
  const canImport = useCan(elementCode(def, 'import')) && sideCanWrite && Boolean(def.importable);

  const afterWrite = () => refreshAfterWrite(queryClient, def.key);

  const { save: remove } = useSave((row: Row) => deleteRow(def, row.id), {
    refresh: (_r, row) => {
      notification.success({ title: '成功', description: '删除成功', duration: 2 });
      if (viewing?.id === row.id) setViewing(null);
      queryClient.removeQueries({ queryKey: queryKeys.info(def.key, row.id) });
      return afterWrite();
    },
  });

  const columns = fieldColumns(shown, ctx, sort, stateField ? { field: stateField, workflow: def.workflow } : undefined);
  // 编辑 / 删除 where the page allows them and the row's state does (the server's rule, from core)
  const editable = (row: Row) => (rowEditable?.(row) ?? true) && genericWritable(def, row);
  // Government and platform users see several enterprises' rows: say whose each one is.
  if (def.scope === 'enterprise' && side && side !== 'enterprise' && !shown.some(([name]) => name === 'enterpriseId')) {
    columns.unshift(enterpriseColumn);
  }
  columns.push(actionColumn({
    onDetail: onDetail ?? setViewing,
    onEdit: canEdit ? (row) => (onEdit ? onEdit(row) : setEditing({ mode: 'update', id: row.id })) : undefined,
    onDelete: canDelete ? async (row) => { await remove(row); } : undefined,
    rowEditable: editable,
    extra: extraActions && ((row: Row) => extraActions(row, afterWrite)),
  }));

  const fieldLabel = (field: string) => def.fields[field]?.label ?? field;
  const base = resourceBase(def);
  const heading = title ?? def.title;

  const toolbar = (
    <Space wrap>
      {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => (onAdd ? onAdd() : setEditing({ mode: 'add' }))}>新增</Button>}
      {canImport && (
        <ImportButton
          importUrl={`${base}/import`}
          templateUrl={`${base}/template`}
          templateName={`${def.title}导入模板.xlsx`}
          progressUrl={(job) => `${base}/import/progress/${encodeURIComponent(job)}`}
          title={`导入${def.title}`}
          fieldLabel={fieldLabel}
          onImported={() => void afterWrite()}
        />
      )}
      {canExport && (
        <ExportButton
          url={`${base}/export`}
          body={{ filters, sort, ...(parentId ? { parentId } : {}) }}
          fileName={`${EXCEL_FILE}.xlsx`}
          disabled={total === 0}
        />
      )}
      {toolbarExtra}
    </Space>
  );

  return (
    <div className="dg-resource-page">
      {searchable.length > 0 && (
        <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
          <SearchForm
            name={`${def.key}_search`}
            fields={searchable}
            values={searchedValues}
            onSearch={(values) => list.search(serializeFilters(searchable, values))}
            onReset={() => list.setList({ filters: {}, page: 1 })}
          />
        </Card>
      )}
      <Card title={heading} extra={toolbar}>
        <PagedTable<Row> list={list} columns={columns} />
      </Card>

      {editing && (
        <ResourceForm
          resourceKey={def.key}
          open
          mode={editing.mode}
          id={editing.id}
          presets={presets}
          onSaved={onSaved && ((row) => onSaved(row, editing.mode))}
          onClose={() => setEditing(null)}
        />
      )}

      <Drawer
        open={Boolean(viewing)}
        title={`${def.title}详情`}
        size={720}
        onClose={() => setViewing(null)}
        destroyOnHidden
        extra={viewing && canEdit && editable(viewing) ? (
          <Button type="primary" onClick={() => (onEdit ? onEdit(viewing) : setEditing({ mode: 'update', id: viewing.id }))}>编辑</Button>
        ) : null}
      >
        {viewing && <ResourceDetail resourceKey={def.key} id={viewing.id} row={viewing} column={1} />}
      </Drawer>
    </div>
  );
}
