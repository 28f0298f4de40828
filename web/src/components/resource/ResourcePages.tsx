/**
 * A resource's edit and detail as pages of their own (the product's `/danger/…` and `/transportMission/emptyledger` edit
 * and info pages): `?id=` edits or shows a row, an edit page without it adds one. Fields, widgets and checks are the
 * definition's, as in the list's dialog; a caller may start a new row from other data (`initial`).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Button, Card, Col, Form, Result, Row as GridRow, Skeleton, Space, type FormInstance } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { elementOf, resourceByKey } from '@dg/core';
import { addRow, getRow, queryKeys, refreshAfterWrite, updateRow } from './api';
import { buildRules } from './formRules';
import { defaultValues, formFields, toFormValues, toPayload } from './payload';
import { formWidget } from './widgets';
import { useCan, useSideCanWrite } from './permission';
import { genericWritable } from './rowState';
import { useSave } from './useSave';
import ResourceDetail from './ResourceDetail';
import { enterMovesOn, useLeave, useQueryParam } from '../../utils/pageNav';
import type { Row } from './types';
import type { ResourcePaths } from './ResourcePaths';
import { valuesAfterUploads } from '../Upload';

export { resourcePaths, type ResourcePaths } from './ResourcePaths';

export interface StartFrom {
  /** a new row's values (field → stored value) */
  values?: Record<string, unknown>;
  /** labels of its references (field → label), for pickers that have not loaded their options */
  labels?: Record<string, unknown>;
  /** more of the add body (e.g. the source row's id) */
  payload?: Record<string, unknown>;
  /** still loading: the form waits */
  loading?: boolean;
}

/** what a page changes of the definition's form (called as a hook on every render of the form) */
export interface EditCustom {
  /** a field's own widget instead of the definition's */
  widgets?: Record<string, ReactNode>;
  /** a field's help beneath it instead of the definition's */
  help?: Record<string, ReactNode>;
  /** fields that take the whole row */
  wide?: string[];
  onValuesChange?: (changed: Record<string, unknown>) => void;
  /** shown above the buttons */
  alert?: ReactNode;
  submitLabel?: string;
  /** the message after a save (default 创建成功 / 更新成功) */
  success?: (saved: Row) => string;
}

export interface ResourceEditPageProps {
  resourceKey: string;
  paths: ResourcePaths;
  title?: { add: string; edit: string };
  start?: StartFrom;
  custom?: (form: FormInstance) => EditCustom;
}

export function ResourceEditPage({ resourceKey, paths, title, start, custom }: ResourceEditPageProps) {
  const id = useQueryParam('id');
  return <EditForm key={id} id={id} resourceKey={resourceKey} paths={paths} title={title} start={start} custom={custom} />;
}

const noCustom = (): EditCustom => ({});

function EditForm({ id, resourceKey, paths, title, start, custom = noCustom }: ResourceEditPageProps & { id: string }) {
  const editing = Boolean(id);
  const def = resourceByKey(resourceKey)!;
  const [form] = Form.useForm();
  const c = custom(form);
  const queryClient = useQueryClient();
  const leave = useLeave();
  const fields = useMemo(() => formFields(def, editing ? 'update' : 'add'), [def, editing]);
  const current = useQuery({ queryKey: queryKeys.info(def.key, id), queryFn: () => getRow(def, id), enabled: editing, staleTime: 0 });
  const startValues = start?.values;

  useEffect(() => {
    if (editing) {
      if (current.data) form.setFieldsValue(toFormValues(fields, current.data));
      return;
    }
    if (start?.loading) return;
    form.setFieldsValue({ ...defaultValues(fields), ...(startValues ? toFormValues(fields.filter(({ name }) => name in startValues), { ...startValues, id: '' }) : {}) });
  }, [editing, current.data, fields, form, startValues, start?.loading]);

  const { save, saving } = useSave(
    (body: Record<string, unknown>) => (editing ? updateRow(def, { ...body, id, version: current.data?.version }) : addRow(def, { ...body, ...start?.payload })),
    {
      success: (saved) => c.success?.(saved) || (editing ? '更新成功' : '创建成功'),
      refresh: async (saved) => {
        queryClient.setQueryData(queryKeys.info(def.key, saved.id), saved);
        await refreshAfterWrite(queryClient, def.key);
      },
      then: (saved) => leave(paths.info(saved.id)),
    },
  );
  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await valuesAfterUploads(form);
    } catch {
      return;
    }
    await save(toPayload(fields, values));
  };

  if (editing && current.isLoading) return <Card><Skeleton active /></Card>;
  if (editing && current.isError) return <Result status="warning" title="数据不存在或无权访问" />;
  const labelOf = (name: string) => (editing ? (current.data as Row | undefined)?.[`${name}Label`] : start?.labels?.[name]);

  return (
    <Card title={editing ? title?.edit ?? `编辑${def.title}` : title?.add ?? `新增${def.title}`} data-testid={`${def.key}-edit`}>
      <div onKeyDownCapture={enterMovesOn}>
        <Form form={form} name={`${def.key}_edit`} layout="vertical" disabled={saving} scrollToFirstError onValuesChange={c.onValuesChange}>
          <GridRow gutter={16}>
            {fields.map(({ name, fd, disabled }) => {
              const wide = c.wide?.includes(name) || fd.type === 'textarea' || fd.type === 'richText' || fd.type === 'file' || (fd.type === 'ref' && fd.multiple);
              return (
                <Col key={name} xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
                  <Form.Item name={name} label={fd.label} rules={disabled ? undefined : buildRules(fd)} extra={c.help?.[name] ?? fd.help}
                    valuePropName={fd.type === 'bool' ? 'checked' : undefined} validateFirst>
                    {c.widgets?.[name] ?? formWidget(fd, { disabled, labels: labelOf(name) })}
                  </Form.Item>
                </Col>
              );
            })}
          </GridRow>
        </Form>
      </div>
      {c.alert}
      <Space>
        <Button onClick={() => leave(paths.list)}>返回</Button>
        <Button type="primary" loading={saving} onClick={submit} data-enter-target>{c.submitLabel ?? '保存'}</Button>
      </Space>
    </Card>
  );
}

export interface ResourceInfoPageProps {
  resourceKey: string;
  paths: ResourcePaths;
  title?: string;
  /** 编辑 is offered when the user may edit and this says so for the row (default: always) */
  editable?: (row: Row) => boolean;
  /** more buttons beside 编辑 (workflow steps) */
  extra?: (row: Row) => ReactNode;
  /** beneath the fields (a timeline, sub-records) */
  children?: (row: Row) => ReactNode;
}

export function ResourceInfoPage({ resourceKey, paths, title, editable, extra, children }: ResourceInfoPageProps) {
  const id = useQueryParam('id');
  const def = resourceByKey(resourceKey)!;
  const navigate = useNavigate();
  const hasEdit = useCan(elementOf(def.menu, 'btn_edit'));
  const sideCanWrite = useSideCanWrite(def);
  const canEdit = hasEdit && sideCanWrite && !def.readOnly;
  const row = useQuery({ queryKey: queryKeys.info(def.key, id), queryFn: () => getRow(def, id), enabled: Boolean(id) });
  if (!id) return <Result status="warning" title="缺少参数" />;
  const shown = row.data;
  return (
    <Card title={title ?? `${def.title}详情`} data-testid={`${def.key}-info`}
      extra={<Space wrap>
        {shown && extra?.(shown)}
        {shown && canEdit && (editable?.(shown) ?? true) && genericWritable(def, shown) && <Button type="primary" onClick={() => navigate(paths.edit({ id }))}>编辑</Button>}
        <Button onClick={() => navigate(paths.list)}>返回列表</Button>
      </Space>}>
      <ResourceDetail key={id} resourceKey={def.key} id={id}>{shown && children?.(shown)}</ResourceDetail>
    </Card>
  );
}
