/**
 * 空车台账 (emptyLedgerManager): the generic list with 详情 opening /transportMission/emptyledger/info,
 * and the edit page /transportMission/emptyledger/edit (?id= to edit; ?waybillId= starts from a
 * completed waybill: the same vehicle, tank and crew going back with the last goods' hazard).
 * Fields and checks are the emptyLedger definition's (packages/core resources/waybill.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Form, Result, Row, Skeleton, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { resourceByKey } from '@dg/core';
import { ResourceDetail, ResourcePage, useHasElement } from '../../components/resource';
import { addRow, getRow, queryKeys, refreshAfterWrite, updateRow } from '../../components/resource/api';
import { buildRules } from '../../components/resource/formRules';
import { useFeedback } from '../../components/resource/feedback';
import { defaultValues, formFields, toFormValues, toPayload } from '../../components/resource/payload';
import { formWidget } from '../../components/resource/widgets';
import { getWaybill } from './api';
import { enterMovesOn, useLeave, useQueryParam, WAYBILL_ROUTES } from './common';

const LIST = '/transportMission/emptyLedgerManager';

export function EmptyLedgerList() {
  const navigate = useNavigate();
  const canAdd = useHasElement('emptyLedgerManager:btn_add');
  return (
    <ResourcePage resourceKey="emptyLedger" onDetail={(row) => navigate(WAYBILL_ROUTES.emptyLedgerInfo(row.id))}
      toolbarExtra={canAdd ? <Button onClick={() => navigate(WAYBILL_ROUTES.emptyLedgerEdit())}>整页登记</Button> : undefined} />
  );
}

export function EmptyLedgerEdit() {
  const id = useQueryParam('id');
  const waybillId = useQueryParam('waybillId');
  return <LedgerForm key={`${id}|${waybillId}`} id={id} waybillId={waybillId} />;
}

function LedgerForm({ id, waybillId }: { id: string; waybillId: string }) {
  const editing = Boolean(id);
  const def = resourceByKey('emptyLedger')!;
  const [form] = Form.useForm();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const leave = useLeave();
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => formFields(def, editing ? 'update' : 'add'), [def, editing]);

  const current = useQuery({ queryKey: queryKeys.info(def.key, id), queryFn: () => getRow(def, id), enabled: editing, staleTime: 0 });
  const from = useQuery({ queryKey: ['waybill', 'info', waybillId], queryFn: () => getWaybill(waybillId), enabled: !editing && Boolean(waybillId) });

  useEffect(() => {
    if (editing) {
      if (current.data) form.setFieldsValue(toFormValues(fields, current.data));
      return;
    }
    const base = defaultValues(fields);
    const w = from.data;
    if (w) {
      const g = w.goods[0];
      Object.assign(base, toFormValues(fields, {
        id: '', vehicleId: w.vehicleId, tankId: w.tankId, unNo: g?.unNo, goodsName: g?.goodsName, goodsClass: g?.goodsClass, cleaned: false,
        originRegion: w.destRegion, originAddress: w.destAddress, destRegion: w.originRegion, destAddress: w.originAddress,
        tripDate: dayjs().format('YYYY-MM-DD'), driverId: w.driverId, escortId: w.escortId, waybillNo: w.waybillNo,
        remark: `运单${w.waybillNo ?? ''}卸货后空车返程`,
      }));
    } else {
      base.tripDate = dayjs();
    }
    form.setFieldsValue(base);
  }, [editing, current.data, from.data, fields, form]);

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = toPayload(fields, values);
    setSaving(true);
    try {
      const saved = editing
        ? await updateRow(def, { ...body, id, version: current.data?.version })
        : await addRow(def, { ...body, ...(from.data ? { waybillId: from.data.id } : {}) });
      message.success(editing ? '更新成功' : '创建成功');
      queryClient.setQueryData(queryKeys.info(def.key, saved.id), saved);
      await refreshAfterWrite(queryClient, def.key);
      leave(WAYBILL_ROUTES.emptyLedgerInfo(saved.id));
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };

  if (editing && current.isLoading) return <Card><Skeleton active /></Card>;
  if (editing && current.isError) return <Result status="warning" title="数据不存在或无权访问" />;

  const rowForLabels = (editing ? current.data : undefined) as Record<string, unknown> | undefined;
  const labelOf = (name: string) => rowForLabels?.[`${name}Label`] ?? (from.data ? {
    vehicleId: from.data.plateNo, tankId: from.data.tankNo, driverId: from.data.driverName, escortId: from.data.escortName,
  }[name] : undefined);

  return (
    <Card title={editing ? '编辑空车台账' : '登记空车台账'} data-testid="empty-ledger-edit">
      <div onKeyDownCapture={enterMovesOn}>
        <Form form={form} name="empty_ledger_edit" layout="vertical" disabled={saving} scrollToFirstError>
          <Row gutter={16}>
            {fields.map(({ name, fd, disabled }) => (
              <Col key={name} xs={24} md={fd.type === 'textarea' ? 24 : 12} xl={fd.type === 'textarea' ? 24 : 8}>
                <Form.Item name={name} label={fd.label} rules={disabled ? undefined : buildRules(fd)} extra={fd.help}
                  valuePropName={fd.type === 'bool' ? 'checked' : undefined} validateFirst>
                  {formWidget(fd, { disabled, labels: labelOf(name) })}
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
      </div>
      <Space>
        <Button onClick={() => leave(LIST)}>返回</Button>
        <Button type="primary" loading={saving} onClick={save} data-enter-target>保存</Button>
      </Space>
    </Card>
  );
}

export function EmptyLedgerInfo() {
  const id = useQueryParam('id');
  const navigate = useNavigate();
  const canEdit = useHasElement('emptyLedgerManager:btn_edit');
  if (!id) return <Result status="warning" title="缺少参数" />;
  return (
    <Card title="空车台账详情"
      extra={<Space>
        {canEdit && <Button type="primary" onClick={() => navigate(WAYBILL_ROUTES.emptyLedgerEdit({ id }))}>编辑</Button>}
        <Button onClick={() => navigate(LIST)}>返回列表</Button>
      </Space>}>
      <ResourceDetail key={id} resourceKey="emptyLedger" id={id} />
    </Card>
  );
}
