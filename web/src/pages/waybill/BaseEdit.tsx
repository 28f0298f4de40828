/**
 * baseEdit (/transportMission/baseEdit, ?id= to edit a draft): the waybill form a dispatcher fills
 * fast. Parties come from base info (托运人/收货人/装货人, or typed in), the route from 常用线路,
 * goods lines from 常用危险货物 or the UN catalogue. Field checks are the shared definition's
 * (waybillForm / waybillGoodsForm in @dg/core) with their exact messages. 保存草稿 or 提交.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Alert, Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, Radio, Result, Row, Select, Space, Spin, Switch, Table, Tooltip, Typography,
} from 'antd';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { GOODS_UNITS, WAYBILL_TYPES, goodsMassKg, waybillForm, waybillGoodsForm } from '@dg/core/waybill';
import type { FieldDef } from '@dg/core';
import RefSelect from '../../components/RefSelect';
import RegionCascader from '../../components/RegionCascader';
import { buildRules } from '../../components/resource/formRules';
import { useFeedback } from '../../components/resource/feedback';
import {
  addWaybill, getResourceRow, getWaybill, searchCatalogue, submitWaybill, updateWaybill, type CatalogueGoods, type GoodsLine, type WaybillDetail,
} from './api';
import { PACKING_GROUP_OPTIONS, enterMovesOn, fmtNum, useLeave, useQueryParam, useWaybillChanged, WAYBILL_ROUTES } from './common';
import { useHasElement } from '../../components/resource';

const F = waybillForm.fields as Record<string, FieldDef>;
const G = waybillGoodsForm.fields as Record<string, FieldDef>;
const rules = (name: string) => buildRules(F[name]!);
const goodsRules = (name: string) => buildRules(G[name]!);

interface LineValues {
  cargoId?: string | null;
  goodsId?: string | null;
  unNo?: string;
  goodsName?: string;
  goodsClass?: string;
  subsidiaryHazard?: string | null;
  packingGroup?: string | null;
  packingType?: string | null;
  packingSpec?: string | null;
  quantity?: number | null;
  unit?: string;
  density?: number | null;
  pieceMass?: number | null;
  emergencyMeasures?: string | null;
}

interface Values {
  waybillType: string;
  startDate?: Dayjs;
  limitedQuantity?: boolean;
  lineId?: string | null;
  shipperId?: string | null;
  shipperName?: string;
  shipperContact?: string;
  shipperPhone?: string;
  consigneeId?: string | null;
  consigneeName?: string;
  consigneePhone?: string;
  loaderId?: string | null;
  loaderName?: string;
  loaderPhone?: string;
  loadingPlace?: string;
  originRegion?: string;
  originAddress?: string;
  destRegion?: string;
  destAddress?: string;
  via?: string;
  distanceKm?: number | null;
  expectedHours?: number | null;
  remark?: string;
  goods: LineValues[];
}

const TEXT_FIELDS = ['shipperName', 'shipperContact', 'shipperPhone', 'consigneeName', 'consigneePhone', 'loaderName', 'loaderPhone', 'loadingPlace',
  'originAddress', 'destAddress', 'via', 'remark'] as const;
const LINE_TEXT = ['unNo', 'goodsName', 'goodsClass', 'subsidiaryHazard', 'packingGroup', 'packingType', 'packingSpec', 'unit', 'emergencyMeasures'] as const;
const blankToNull = (v: unknown) => (v === undefined || v === '' ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : blankToNull(v));

/** the form's values as the body of add / update */
function toBody(v: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {
    waybillType: v.waybillType,
    startDate: v.startDate ? v.startDate.format('YYYY-MM-DD') : null,
    limitedQuantity: Boolean(v.limitedQuantity),
    lineId: blankToNull(v.lineId), shipperId: blankToNull(v.shipperId), consigneeId: blankToNull(v.consigneeId), loaderId: blankToNull(v.loaderId),
    originRegion: blankToNull(v.originRegion), destRegion: blankToNull(v.destRegion),
    distanceKm: v.distanceKm ?? null, expectedHours: v.expectedHours ?? null,
  };
  for (const k of TEXT_FIELDS) body[k] = trimmed(v[k]);
  body.goods = (v.goods ?? []).map((g) => {
    const line: Record<string, unknown> = {
      cargoId: blankToNull(g.cargoId) ?? undefined, goodsId: blankToNull(g.goodsId) ?? undefined,
      quantity: g.quantity ?? null, density: g.density ?? null, pieceMass: g.pieceMass ?? null,
    };
    for (const k of LINE_TEXT) line[k] = trimmed(g[k]);
    return line;
  });
  return body;
}

function fromDetail(d: WaybillDetail): Values {
  const num = (x: unknown) => (x === null || x === undefined || x === '' ? null : Number(x));
  return {
    waybillType: d.waybillType, startDate: d.startDate ? dayjs(d.startDate) : undefined, limitedQuantity: Boolean(d.limitedQuantity),
    lineId: d.lineId, shipperId: d.shipperId, shipperName: d.shipperName ?? '', shipperContact: d.shipperContact ?? '', shipperPhone: d.shipperPhone ?? '',
    consigneeId: d.consigneeId, consigneeName: d.consigneeName ?? '', consigneePhone: d.consigneePhone ?? '',
    loaderId: d.loaderId, loaderName: d.loaderName ?? '', loaderPhone: d.loaderPhone ?? '', loadingPlace: d.loadingPlace ?? '',
    originRegion: d.originRegion, originAddress: d.originAddress ?? '', destRegion: d.destRegion, destAddress: d.destAddress ?? '', via: d.via ?? '',
    distanceKm: num(d.distanceKm), expectedHours: num(d.expectedHours), remark: d.remark ?? '',
    goods: d.goods.map((g: GoodsLine) => ({
      cargoId: g.cargoId, goodsId: g.goodsId, unNo: g.unNo, goodsName: g.goodsName, goodsClass: g.goodsClass, subsidiaryHazard: g.subsidiaryHazard,
      packingGroup: g.packingGroup, packingType: g.packingType, packingSpec: g.packingSpec, quantity: num(g.quantity), unit: g.unit,
      density: num(g.density), pieceMass: num(g.pieceMass), emergencyMeasures: g.emergencyMeasures,
    })),
  };
}

const EMPTY: Values = { waybillType: '普通', startDate: dayjs(), limitedQuantity: false, goods: [] };

export default function BaseEdit() {
  const id = useQueryParam('id');
  // a new id (or none) is a new form
  return <BaseEditForm key={id || 'new'} id={id} />;
}

function BaseEditForm({ id }: { id: string }) {
  const editing = Boolean(id);
  const { message } = useFeedback();
  const leave = useLeave();
  const changed = useWaybillChanged();
  const canSubmit = useHasElement('baseManager:btn_submit');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState<null | 'draft' | 'submit'>(null);

  const current = useQuery({ queryKey: ['waybill', 'info', id], queryFn: () => getWaybill(id), enabled: editing, staleTime: 0, refetchOnWindowFocus: false });
  const wb = current.data;
  useEffect(() => {
    if (wb) form.setFieldsValue(fromDetail(wb));
  }, [wb, form]);

  // ───── picks from base info ─────
  const pick = async (key: string, rowId: string | undefined, fill: (r: Record<string, unknown>) => Partial<Values>) => {
    if (!rowId) return;
    try {
      const r = await getResourceRow('dzyd', key, rowId);
      form.setFieldsValue(fill(r));
      void form.validateFields(Object.keys(fill(r)) as (keyof Values)[]).catch(() => undefined);
    } catch {
      // shown by the request client
    }
  };
  const str = (x: unknown) => (x === null || x === undefined ? '' : String(x));
  const onShipper = (v?: string | string[]) => pick('shipper', v as string, (r) => ({ shipperName: str(r.name), shipperContact: str(r.contact), shipperPhone: str(r.phone) }));
  const onConsignee = (v?: string | string[]) => pick('consignee', v as string, (r) => ({ consigneeName: str(r.name), consigneePhone: str(r.phone) }));
  const onLoader = (v?: string | string[]) => pick('loading', v as string, (r) => ({ loaderName: str(r.name), loaderPhone: str(r.phone), loadingPlace: str(r.loadingPlace) }));
  const onLine = (v?: string | string[]) => pick('transportLine', v as string, (r) => ({
    originRegion: str(r.originRegion), originAddress: str(r.originAddress), destRegion: str(r.destRegion), destAddress: str(r.destAddress),
    via: str(r.via), distanceKm: r.distanceKm == null ? null : Number(r.distanceKm), expectedHours: r.expectedHours == null ? null : Number(r.expectedHours),
  }));

  const addLine = (line: LineValues) => {
    const goods = [...(form.getFieldValue('goods') ?? []), line];
    form.setFieldValue('goods', goods);
    // focus the new line's 数量, the one thing left to type
    setTimeout(() => document.querySelector<HTMLInputElement>(`[data-testid="goods-quantity-${goods.length - 1}"] input, input[data-testid="goods-quantity-${goods.length - 1}"]`)?.focus(), 50);
  };
  const onCargo = async (cargoId?: string | string[]) => {
    if (!cargoId || Array.isArray(cargoId)) return;
    try {
      const r = await getResourceRow<Record<string, unknown>>('dzyd', 'goods', cargoId);
      const n = (x: unknown) => (x === null || x === undefined || x === '' ? null : Number(x));
      addLine({
        cargoId, goodsId: str(r.goodsId) || null, unNo: str(r.unNo), goodsName: str(r.goodsName), goodsClass: str(r.goodsClass),
        subsidiaryHazard: str(r.subsidiaryHazard) || null, packingGroup: str(r.packingGroup) || null, packingType: str(r.packingType) || null,
        packingSpec: str(r.packingSpec) || null, quantity: n(r.commonQuantity), unit: str(r.unit) || '吨', density: n(r.density), pieceMass: n(r.pieceMass),
        emergencyMeasures: str(r.emergencyMeasures) || null,
      });
    } catch {
      // shown by the request client
    }
  };
  const onCatalogue = (g: CatalogueGoods) => addLine({
    goodsId: g.id, unNo: g.unNo, goodsName: g.nameZh, goodsClass: g.goodsClass, subsidiaryHazard: g.subsidiaryHazard, packingGroup: g.packingGroup,
    quantity: null, unit: '吨',
  });

  // ───── save ─────
  const save = async (submit: boolean) => {
    try {
      await form.validateFields();
    } catch {
      message.warning('请按提示完善运单信息');
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    if (!values.goods?.length) {
      message.warning('请至少添加一条货物');
      return;
    }
    const body = toBody(values);
    setSaving(submit ? 'submit' : 'draft');
    try {
      if (!editing) {
        await addWaybill({ ...body, ...(submit ? { submit: true } : {}) });
      } else {
        const saved = await updateWaybill({ ...body, id, version: wb!.version });
        if (submit) await submitWaybill(id, saved.version);
      }
      message.success(submit ? '已提交，运单进入待调度' : '草稿已保存');
      await changed();
      leave(WAYBILL_ROUTES.list.base);
    } catch {
      // 40001 and the rest were shown by the request client; the form stays to fix them
    } finally {
      setSaving(null);
    }
  };

  if (editing && current.isLoading) return <Card><Spin /></Card>;
  if (editing && (current.isError || !wb)) return <Result status="warning" title="运单不存在或无权访问" />;
  if (wb && wb.state !== '草稿') {
    return (
      <Result status="info" title={`当前状态为${wb.state}，不能编辑`} subTitle="已提交的运单请在运单管理中“变更”。"
        extra={<Button type="primary" onClick={() => leave(WAYBILL_ROUTES.baseInfo(wb.id), { replace: true })}>查看详情</Button>} />
    );
  }

  return (
    <div onKeyDownCapture={enterMovesOn} data-testid="waybill-edit">
      <Form<Values> form={form} name="waybill_edit" initialValues={EMPTY} layout="vertical" scrollToFirstError disabled={Boolean(saving)} requiredMark>
        <Card title={editing ? '编辑运单（草稿）' : '新增运单'} size="small" style={{ marginBottom: 12 }}
          extra={<Typography.Text type="secondary">Enter 跳到下一项</Typography.Text>}>
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item name="waybillType" label="运单类型" rules={rules('waybillType')}>
                <Radio.Group optionType="button" buttonStyle="solid" options={WAYBILL_TYPES.map((t) => ({ value: t, label: t }))} data-testid="waybill-type" />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="startDate" label="起运日期" rules={rules('startDate')}>
                <DatePicker style={{ width: '100%' }} allowClear={false} data-testid="start-date" />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="limitedQuantity" label="例外数量/有限数量" valuePropName="checked"
                tooltip="例外数量包件数不超过1000个或有限数量总质量（含包装）不超过8000千克的，可按普通货物运输（办法第二十一条）">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Row gutter={12}>
          <Col xs={24} xl={8}>
            <PartyCard title="托运人" testId="shipper">
              <Form.Item name="shipperId" label="从托运人选择"><RefSelect resource="shipper" placeholder="输入名称检索" onChange={onShipper} /></Form.Item>
              <Form.Item name="shipperName" label="托运人名称" rules={rules('shipperName')}><Input maxLength={F['shipperName']!.max} data-testid="shipper-name" /></Form.Item>
              <Row gutter={8}>
                <Col span={10}><Form.Item name="shipperContact" label="联系人" rules={rules('shipperContact')}><Input maxLength={F['shipperContact']!.max} /></Form.Item></Col>
                <Col span={14}><Form.Item name="shipperPhone" label="联系电话" rules={rules('shipperPhone')}><Input maxLength={F['shipperPhone']!.max} data-testid="shipper-phone" /></Form.Item></Col>
              </Row>
            </PartyCard>
          </Col>
          <Col xs={24} xl={8}>
            <PartyCard title="收货人" testId="consignee">
              <Form.Item name="consigneeId" label="从收货人选择"><RefSelect resource="consignee" placeholder="输入名称检索" onChange={onConsignee} /></Form.Item>
              <Form.Item name="consigneeName" label="收货人名称" rules={rules('consigneeName')}><Input maxLength={F['consigneeName']!.max} data-testid="consignee-name" /></Form.Item>
              <Form.Item name="consigneePhone" label="联系电话" rules={rules('consigneePhone')}><Input maxLength={F['consigneePhone']!.max} data-testid="consignee-phone" /></Form.Item>
            </PartyCard>
          </Col>
          <Col xs={24} xl={8}>
            <PartyCard title="装货人" testId="loader">
              <Form.Item name="loaderId" label="从装货人选择"><RefSelect resource="loading" placeholder="输入名称检索" onChange={onLoader} /></Form.Item>
              <Form.Item name="loaderName" label="装货人名称" rules={rules('loaderName')}><Input maxLength={F['loaderName']!.max} data-testid="loader-name" /></Form.Item>
              <Row gutter={8}>
                <Col span={10}><Form.Item name="loaderPhone" label="联系电话" rules={rules('loaderPhone')}><Input maxLength={F['loaderPhone']!.max} /></Form.Item></Col>
                <Col span={14}><Form.Item name="loadingPlace" label="装货地点" rules={rules('loadingPlace')}><Input maxLength={F['loadingPlace']!.max} /></Form.Item></Col>
              </Row>
            </PartyCard>
          </Col>
        </Row>

        <Card title="运输线路" size="small" style={{ marginBottom: 12 }}
          extra={<Form.Item name="lineId" noStyle><RefSelect resource="transportLine" placeholder="从常用线路选择" style={{ width: 260 }} onChange={onLine} /></Form.Item>}>
          <Row gutter={16}>
            <Col xs={24} md={6}><Form.Item name="originRegion" label="起运地" rules={rules('originRegion')}><RegionCascader data-testid="origin-region" /></Form.Item></Col>
            <Col xs={24} md={6}><Form.Item name="originAddress" label="起运地详细地址" rules={rules('originAddress')}><Input maxLength={F['originAddress']!.max} data-testid="origin-address" /></Form.Item></Col>
            <Col xs={24} md={6}><Form.Item name="destRegion" label="目的地" rules={rules('destRegion')}><RegionCascader data-testid="dest-region" /></Form.Item></Col>
            <Col xs={24} md={6}><Form.Item name="destAddress" label="目的地详细地址" rules={rules('destAddress')}><Input maxLength={F['destAddress']!.max} data-testid="dest-address" /></Form.Item></Col>
            <Col xs={24} md={12}><Form.Item name="via" label="途经地" rules={rules('via')}><Input maxLength={F['via']!.max} placeholder="多个途经地用顿号分隔" /></Form.Item></Col>
            <Col xs={12} md={6}><Form.Item name="distanceKm" label="里程（公里）" rules={rules('distanceKm')}><InputNumber min={0} style={{ width: '100%' }} /></Form.Item></Col>
            <Col xs={12} md={6}><Form.Item name="expectedHours" label="预计时长（小时）" rules={rules('expectedHours')}><InputNumber min={0} style={{ width: '100%' }} /></Form.Item></Col>
          </Row>
        </Card>

        <GoodsCard form={form} onCargo={onCargo} onCatalogue={onCatalogue} />

        <Card size="small" style={{ marginBottom: 12 }}>
          <Form.Item name="remark" label="备注" rules={rules('remark')} style={{ marginBottom: 0 }}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={F['remark']!.max} showCount />
          </Form.Item>
        </Card>

        <Card size="small" className="wb-edit-footer">
          <Space>
            <Button onClick={() => leave(WAYBILL_ROUTES.list.base)}>返回</Button>
            <Button loading={saving === 'draft'} onClick={() => save(false)} data-testid="wb-save-draft">保存草稿</Button>
            {canSubmit && (
              <Button type="primary" loading={saving === 'submit'} onClick={() => save(true)} data-enter-target data-testid="wb-submit">提交</Button>
            )}
          </Space>
        </Card>
      </Form>
    </div>
  );
}

function PartyCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return <Card title={title} size="small" style={{ marginBottom: 12 }} data-testid={`party-${testId}`}>{children}</Card>;
}

/** the goods lines: add from 常用危险货物 or the catalogue, edit in place, mass as the rules will count it */
function GoodsCard({ form, onCargo, onCatalogue }: { form: ReturnType<typeof Form.useForm<Values>>[0]; onCargo: (id?: string | string[]) => void; onCatalogue: (g: CatalogueGoods) => void }) {
  const goods = (Form.useWatch('goods', form) ?? []) as LineValues[];
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(t);
  }, [q]);
  const catalogue = useQuery({ queryKey: ['zsk', 'dangerousGoods', 'search', debounced], queryFn: () => searchCatalogue(debounced), enabled: debounced.length > 0, staleTime: 60_000 });
  const options = useMemo(() => (catalogue.data ?? []).map((g) => ({ value: g.id, label: g.label, g })), [catalogue.data]);

  const masses = goods.map((g) => (g && g.quantity != null && g.unit ? goodsMassKg({ quantity: Number(g.quantity), unit: g.unit, density: g.density, pieceMass: g.pieceMass }) : null));
  const total = masses.every((m) => m !== null) ? masses.reduce<number>((s, m) => s + (m ?? 0), 0) : null;

  return (
    <Card title="货物信息" size="small" style={{ marginBottom: 12 }} data-testid="goods-card"
      extra={(
        <Space wrap>
          <span data-testid="add-cargo"><RefSelect resource="goods" placeholder="从常用危险货物添加" style={{ width: 220 }} value={null} onChange={onCargo} /></span>
          <span data-testid="add-catalogue"><Select<string>
            showSearch={{ filterOption: false, onSearch: setQ }}
            value={null as unknown as string}
            placeholder={<span><SearchOutlined /> UN编号/品名/拼音检索品名表</span>}
            style={{ width: 300 }}
            options={options}
            loading={catalogue.isFetching}
            notFoundContent={debounced ? (catalogue.isFetching ? <Spin size="small" /> : '未找到') : '输入UN编号、品名或拼音首字母'}
            onSelect={(_v, o) => { onCatalogue((o as { g: CatalogueGoods }).g); setQ(''); }}
          /></span>
        </Space>
      )}>
      <Form.List name="goods">
        {(fields, { remove }) => (
          <>
            {fields.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请从常用危险货物或品名表添加货物" /> : (
              <Table
                size="small" pagination={false} rowKey="key" dataSource={fields} scroll={{ x: 'max-content' }}
                columns={[
                  { title: '序号', key: 'n', width: 50, render: (_, __, i) => i + 1 },
                  { title: 'UN编号', key: 'unNo', width: 96, render: (_, f) => <Form.Item name={[f.name, 'unNo']} rules={goodsRules('unNo')} style={{ margin: 0 }}><Input maxLength={G['unNo']!.max} /></Form.Item> },
                  { title: '货物名称', key: 'goodsName', width: 220, render: (_, f) => <Form.Item name={[f.name, 'goodsName']} rules={goodsRules('goodsName')} style={{ margin: 0 }}><Input maxLength={G['goodsName']!.max} /></Form.Item> },
                  { title: '类别', key: 'goodsClass', width: 72, render: (_, f) => <Form.Item name={[f.name, 'goodsClass']} rules={goodsRules('goodsClass')} style={{ margin: 0 }}><Input maxLength={G['goodsClass']!.max} /></Form.Item> },
                  { title: '包装类别', key: 'packingGroup', width: 90, render: (_, f) => <Form.Item name={[f.name, 'packingGroup']} style={{ margin: 0 }}><Select options={PACKING_GROUP_OPTIONS} allowClear /></Form.Item> },
                  { title: '包装规格', key: 'packingSpec', width: 130, render: (_, f) => <Form.Item name={[f.name, 'packingSpec']} rules={goodsRules('packingSpec')} style={{ margin: 0 }}><Input maxLength={G['packingSpec']!.max} placeholder="如 罐装、200L桶" /></Form.Item> },
                  {
                    title: '数量', key: 'quantity', width: 120,
                    render: (_, f, i) => (
                      <Form.Item name={[f.name, 'quantity']} style={{ margin: 0 }}
                        rules={[...goodsRules('quantity'), { validator: (_r, v) => (v === null || v === undefined || Number(v) > 0 ? Promise.resolve() : Promise.reject(new Error('数量必须大于0'))) }]}>
                        <InputNumber min={0} style={{ width: '100%' }} data-testid={`goods-quantity-${i}`} />
                      </Form.Item>
                    ),
                  },
                  { title: '单位', key: 'unit', width: 92, render: (_, f) => <Form.Item name={[f.name, 'unit']} rules={goodsRules('unit')} style={{ margin: 0 }}><Select options={GOODS_UNITS.map((u) => ({ value: u, label: u }))} /></Form.Item> },
                  {
                    title: <Tooltip title="按升、立方米计量填密度（千克/升），按件计量填单件质量（千克）：核对核定载质量用">密度/单件质量</Tooltip>, key: 'density', width: 130,
                    render: (_, f, i) => {
                      const unit = goods[i]?.unit;
                      if (unit === '升' || unit === '立方米') return <Form.Item name={[f.name, 'density']} rules={goodsRules('density')} style={{ margin: 0 }}><InputNumber min={0} style={{ width: '100%' }} suffix="kg/L" /></Form.Item>;
                      if (unit === '件') return <Form.Item name={[f.name, 'pieceMass']} rules={goodsRules('pieceMass')} style={{ margin: 0 }}><InputNumber min={0} style={{ width: '100%' }} suffix="kg/件" /></Form.Item>;
                      return <Typography.Text type="secondary">-</Typography.Text>;
                    },
                  },
                  {
                    title: '质量（千克）', key: 'mass', width: 110, align: 'right',
                    render: (_, __, i) => (masses[i] === null ? <Typography.Text type="warning">无法核算</Typography.Text> : fmtNum(masses[i], 2)),
                  },
                  { title: '', key: 'op', width: 48, render: (_, f) => <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除货物" /> },
                ]}
              />
            )}
            {fields.length > 0 && (
              <div style={{ textAlign: 'right', marginTop: 8 }}>
                {total === null
                  ? <Alert type="warning" showIcon style={{ display: 'inline-flex' }} title="有货物无法核算质量（按升/立方米计量请填密度，按件计量请填单件质量），调度时无法核对核定载质量" />
                  : <Typography.Text>合计质量：<Typography.Text strong data-testid="goods-total">{fmtNum(total, 2)}</Typography.Text> 千克</Typography.Text>}
              </div>
            )}
          </>
        )}
      </Form.List>
    </Card>
  );
}
