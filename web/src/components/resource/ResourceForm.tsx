/**
 * 新增 / 编辑 of a resource, from its definition: a modal, or a 720 px drawer when the form has
 * more than eight fields. Each field is checked with the shared rule set's exact messages
 * before sending; the server checks again and its 40001 message is shown by the request client.
 * An edit loads the latest row and sends its `version`, so a stale edit is refused, not merged.
 */
import { useMemo, type ReactNode } from 'react';
import { Button, Col, Drawer, Form, Modal, Result, Row as GridRow, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, resourceByKey, type ResourceDef } from '@dg/core';
import { addRow, getRow, queryKeys, refreshAfterWrite, updateRow } from './api';
import { ChangeNotice, type ChangeView } from './ChangeNotice';
import { useSave } from './useSave';
import { buildRules } from './formRules';
import { defaultValues, formFields, toFormValues, toPayload, type FormField, type FormMode } from './payload';
import { formWidget } from './widgets';
import { valuesAfterUploads } from '../Upload';
import type { Row } from './types';

export interface ResourceFormProps {
  resourceKey: string;
  open: boolean;
  mode: FormMode;
  /** the row to edit (mode 'update'); the form loads its latest version */
  id?: string;
  /**
   * values the user does not choose — the parent link of a sub-record, a page's fixed filter:
   * their fields are left off the form and the values are sent on add
   */
  presets?: Record<string, unknown>;
  /** overrides the title (default 新增<title> / 编辑<title>) */
  title?: ReactNode;
  onClose: () => void;
  onSaved?: (row: Row) => void;
}

/** More fields than this and the form opens as a drawer. */
const DRAWER_AFTER = 8;
const DRAWER_WIDTH = 720;
const MODAL_WIDTH = 600;
const WIDE_TYPES = new Set(['textarea', 'richText', 'json', 'file']);

export default function ResourceForm(props: ResourceFormProps) {
  const def = resourceByKey(props.resourceKey);
  if (!def) {
    return (
      <Modal open={props.open} onCancel={props.onClose} footer={null}>
        <Result status="warning" title={`未定义的资源：${props.resourceKey}`} />
      </Modal>
    );
  }
  return <DefinedResourceForm {...props} def={def} />;
}

function FormFields({ fields, twoColumns, row }: { fields: FormField[]; twoColumns: boolean; row?: Row }) {
  return (
    <GridRow gutter={16}>
      {fields.map(({ name, fd, disabled }) => (
        <Col key={name} span={twoColumns && !WIDE_TYPES.has(fd.type) ? 12 : 24}>
          <Form.Item
            name={name}
            label={fd.label}
            rules={disabled ? undefined : buildRules(fd)}
            extra={fd.help}
            valuePropName={fd.type === 'bool' ? 'checked' : undefined}
            validateFirst
          >
            {formWidget(fd, { disabled, labels: row?.[`${name}Label`] })}
          </Form.Item>
        </Col>
      ))}
    </GridRow>
  );
}

function DefinedResourceForm({ def, open, mode, id, presets, title, onClose, onSaved }: ResourceFormProps & { def: ResourceDef }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm();

  const hiddenKey = Object.keys(presets ?? {}).sort().join(',');
  const fields = useMemo(() => formFields(def, mode, new Set(hiddenKey.split(',').filter(Boolean))), [def, mode, hiddenKey]);
  const asDrawer = fields.length > DRAWER_AFTER;

  const editing = mode === 'update';
  const current = useQuery({
    queryKey: queryKeys.info(def.key, id ?? ''),
    queryFn: () => getRow(def, id!),
    enabled: open && editing && Boolean(id),
    // an edit starts from what is stored now, not from a list fetched minutes ago
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const row = editing ? current.data : undefined;
  const ready = !editing || Boolean(row);

  const initialValues = useMemo(
    () => (editing ? (row ? toFormValues(fields, row) : {}) : defaultValues(fields)),
    [editing, row, fields],
  );

  const { save, saving } = useSave(
    (body: Record<string, unknown>) => (editing ? updateRow(def, { ...body, id: id!, version: row?.version }) : addRow(def, { ...presets, ...body })),
    {
      success: (saved) => {
        const held = editing ? (saved.latestChange as ChangeView | null | undefined) : null;
        // 监管字段 of an approved record: saved, but those fields wait for the government
        if (held?.status === '待审核' && held.submittedAt !== (row?.latestChange as ChangeView | null | undefined)?.submittedAt) return { warning: MSG.changeHeld(held.fields.map((f) => f.label)) };
        return editing ? '更新成功' : '创建成功';
      },
      refresh: async (saved) => {
        queryClient.setQueryData(queryKeys.info(def.key, saved.id), saved);
        await refreshAfterWrite(queryClient, def.key);
      },
      then: (saved) => { onSaved?.(saved); onClose(); },
    },
  );

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await valuesAfterUploads(form);
    } catch {
      return; // the form shows each message under its field and scrolls to the first
    }
    // 40001 and the rest are shown by the request client; the form stays open to fix them
    await save(toPayload(fields, values));
  };

  const heading = title ?? `${editing ? '编辑' : '新增'}${def.title}`;
  const body = !ready ? (
    <div style={{ padding: 48, textAlign: 'center' }}>
      {current.isError ? <Result status="warning" title="数据加载失败" /> : <Spin />}
    </div>
  ) : (
    <>
    {editing && <ChangeNotice def={def} row={row} />}
    <Form
      key={`${mode}-${id ?? 'new'}-${row?.version ?? ''}`}
      form={form}
      name={`${def.key}_form`}
      initialValues={initialValues}
      labelCol={{ flex: '110px' }}
      labelWrap
      wrapperCol={{ flex: '1 1 0' }}
      scrollToFirstError
      disabled={saving}
    >
      <FormFields fields={fields} twoColumns={asDrawer} row={row} />
    </Form>
    </>
  );

  const footer = (
    <Space>
      <Button onClick={onClose}>取消</Button>
      <Button type="primary" loading={saving} disabled={!ready} onClick={submit}>确定</Button>
    </Space>
  );

  return asDrawer ? (
    <Drawer open={open} title={heading} size={DRAWER_WIDTH} onClose={onClose} destroyOnHidden mask={{ closable: false }}
      footer={<div style={{ textAlign: 'right' }}>{footer}</div>}>
      {body}
    </Drawer>
  ) : (
    <Modal open={open} title={heading} width={MODAL_WIDTH} onCancel={onClose} destroyOnHidden mask={{ closable: false }}
      footer={footer}>
      {body}
    </Modal>
  );
}
