/**
 * baseEdit (/transportMission/baseEdit, ?id= to edit a draft): the waybill form a dispatcher fills
 * fast. Parties come from base info (托运人/收货人/装货人, or typed in), the route from 常用线路,
 * goods lines from 常用危险货物 or the UN catalogue. Field checks are the shared definition's
 * (waybillForm / waybillGoodsForm in @dg/core) with their exact messages; so are the labels, lengths, decimal places,
 * options and the values' types (`FieldsOf`), and the body sent is built field by field from the definitions. 保存草稿 or 提交.
 */
import { useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import {
  Alert, Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, Radio, Result, Row, Select, Space, Spin, Switch, Table, Tooltip, Typography,
} from 'antd';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { goodsMassKg, waybillForm, waybillGoodsForm } from '@dg/core/waybill';
import type { FieldDef, FieldsOf, RowOf } from '@dg/core';
import type { consignee, goods as cargo, loading, shipper, transportLine } from '@dg/core/resources/waybill';
import RefSelect from '../../components/RefSelect';
import RegionCascader from '../../components/RegionCascader';
import { buildRules } from '../../components/resource/formRules';
import { useFeedback } from '../../components/resource/feedback';
import type { WaybillDetail, WaybillGoodsLine } from '@dg/core';
import {
  addWaybill, checkCapacity, getResourceRow, getWaybill, searchCatalogue, submitWaybill, updateWaybill, type CatalogueGoods,
} from './api';
import { enterMovesOn, fmtNum, useLeave, useQueryParam, useWaybillChanged, WAYBILL_ROUTES } from './common';
import { useCan, useSave } from '../../components/resource';
import { valuesAfterUploads } from '../../components/Upload';

type WaybillField = keyof typeof waybillForm.fields;
type GoodsField = keyof typeof waybillGoodsForm.fields;
const F: Record<WaybillField, FieldDef> = waybillForm.fields;
const G: Record<GoodsField, FieldDef> = waybillGoodsForm.fields;
const rules = (name: WaybillField) => buildRules(F[name]);
const goodsRules = (name: GoodsField) => buildRules(G[name]);
/** a Form.Item's name, label and checks from the definition (`label` shortens it inside a card that names the party) */
const item = (name: WaybillField, label: string = F[name].label) => ({ name, label, rules: rules(name) });
/** 托运人联系电话 shown as 联系电话 inside the 托运人 card */
const inCard = (name: WaybillField, party: string) => item(name, F[name].label.replace(party, ''));

/** the input of a field as this form shows it: length, lower bound and options from the definition */
function input(fd: FieldDef, props: Record<string, unknown> = {}): ReactElement {
  switch (fd.type) {
    case 'textarea': return <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={fd.max} showCount {...props} />;
    // more decimal places than the definition keeps are refused by its rule (not padded: 10 stays 10, not 10.000)
    case 'number': return <InputNumber min={fd.min} style={{ width: '100%' }} {...props} />;
    case 'enum': return <Select options={fd.options} allowClear={!fd.required} {...props} />;
    default: return <Input maxLength={fd.max} {...props} />;
  }
}

/** a definition's fields as a form holds them: any may be empty while the user types */
type Held<T> = { [K in keyof T]?: T[K] | null };
/** a goods line on the form: the fields of waybillGoodsForm */
type LineValues = Held<Omit<FieldsOf<typeof waybillGoodsForm>, `${string}Label`>>;

/** the form: the fields of waybillForm (起运日期 as a date picker's value) and the goods lines */
type Values = Held<Omit<FieldsOf<typeof waybillForm>, `${string}Label` | 'startDate'>> & { startDate?: Dayjs; goods: LineValues[] };

const numOrNull = (x: unknown) => (x === null || x === undefined || x === '' ? null : Number(x));
const blankToNull = (v: unknown) => (v === undefined || v === '' ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : blankToNull(v));

/** a field's form value as the body sends it: text trimmed (empty → null), a date as YYYY-MM-DD, a switch as true/false */
function sent(fd: FieldDef, v: unknown): unknown {
  switch (fd.type) {
    case 'text': case 'textarea': case 'enum': return trimmed(v);
    case 'date': return dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : null;
    case 'bool': return Boolean(v);
    default: return blankToNull(v) ?? null;
  }
}
/** every field of a definition from the form's values */
const bodyOf = (fields: Record<string, FieldDef>, v: object) =>
  Object.fromEntries(Object.entries(fields).map(([k, fd]) => [k, sent(fd, (v as Record<string, unknown>)[k])]));

/** the form's values as the body of add / update */
function toBody(v: Values): Record<string, unknown> {
  return { ...bodyOf(F, v), goods: (v.goods ?? []).map((g) => bodyOf(G, g)) };
}

/** a stored value as the form holds it: numbers as numbers, empty text as '' (a date is a dayjs) */
function held(fd: FieldDef, x: unknown): unknown {
  if (fd.type === 'number') return x === null || x === undefined || x === '' ? null : Number(x);
  if (fd.type === 'date') return x ? dayjs(String(x)) : undefined;
  if (fd.type === 'bool') return Boolean(x);
  if ((fd.type === 'text' || fd.type === 'textarea') && (x === null || x === undefined)) return '';
  return x;
}
const formOf = (fields: Record<string, FieldDef>, row: object) =>
  Object.fromEntries(Object.entries(fields).map(([k, fd]) => [k, held(fd, (row as Record<string, unknown>)[k])]));

function fromDetail(d: WaybillDetail): Values {
  return { ...formOf(F, d), goods: d.goods.map((g: WaybillGoodsLine) => formOf(G, g) as LineValues) } as Values;
}

/** a new waybill: the definition's defaults (运单类型 普通, 例外数量 否), starting today */
const EMPTY: Values = {
  ...Object.fromEntries(Object.entries(F).filter(([, fd]) => fd.default !== undefined).map(([k, fd]) => [k, fd.default])),
  startDate: dayjs(), goods: [],
};

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
  const canSubmit = useCan('baseManager:btn_submit');
  const [form] = Form.useForm<Values>();
  const { save: write, pending } = useSave(async ({ body, submit }: { body: ReturnType<typeof toBody>; submit: boolean }) => {
    if (!editing) {
      await addWaybill({ ...body, ...(submit ? { submit: true } : {}) });
    } else {
      const saved = await updateWaybill({ ...body, id, version: wb!.version });
      if (submit) await submitWaybill(id, saved.version);
    }
  }, {
    // 40001 and the rest are shown by the request client; the form stays to fix them
    success: (_r, { submit }) => (submit ? '已提交，运单进入待调度' : '草稿已保存'),
    refresh: changed,
    then: () => leave(WAYBILL_ROUTES.list.base),
  });
  const saving = pending ? (pending.submit ? 'submit' : 'draft') : null;

  const current = useQuery({ queryKey: ['waybill', 'info', id], queryFn: () => getWaybill(id), enabled: editing, staleTime: 0, refetchOnWindowFocus: false });
  const wb = current.data;
  useEffect(() => {
    if (wb) form.setFieldsValue(fromDetail(wb));
  }, [wb, form]);

  // ───── picks from base info ─────
  /** a row of a base-info resource (its type from the definition) fills the fields the user has not typed yet */
  const pick = async <R,>(key: string, rowId: string | undefined, fill: (r: R) => Partial<Values>) => {
    if (!rowId) return;
    try {
      const r = await getResourceRow<R>('dzyd', key, rowId);
      form.setFieldsValue(fill(r));
      void form.validateFields(Object.keys(fill(r)) as (keyof Values)[]).catch(() => undefined);
    } catch {
      // shown by the request client
    }
  };
  const str = (x: unknown) => (x === null || x === undefined ? '' : String(x));
  const onShipper = (v?: string | string[]) => pick<RowOf<typeof shipper>>('shipper', v as string, (r) => ({ shipperName: str(r.name), shipperContact: str(r.contact), shipperPhone: str(r.phone) }));
  const onConsignee = (v?: string | string[]) => pick<RowOf<typeof consignee>>('consignee', v as string, (r) => ({ consigneeName: str(r.name), consigneePhone: str(r.phone) }));
  const onLoader = (v?: string | string[]) => pick<RowOf<typeof loading>>('loading', v as string, (r) => ({ loaderName: str(r.name), loaderPhone: str(r.phone), loadingPlace: str(r.loadingPlace) }));
  const onLine = (v?: string | string[]) => pick<RowOf<typeof transportLine>>('transportLine', v as string, (r) => ({
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
      const r = await getResourceRow<RowOf<typeof cargo>>('dzyd', 'goods', cargoId);
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
      await valuesAfterUploads(form);
    } catch {
      message.warning('请按提示完善运单信息');
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    if (!values.goods?.length) {
      message.warning('请至少添加一条货物');
      return;
    }
    await write({ body: toBody(values), submit });
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
              <Form.Item {...item('waybillType')}>
                <Radio.Group optionType="button" buttonStyle="solid" options={F.waybillType.options} data-testid="waybill-type" />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item {...item('startDate')}>
                <DatePicker style={{ width: '100%' }} allowClear={false} data-testid="start-date" />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item {...item('limitedQuantity')} valuePropName="checked"
                tooltip="例外数量包件数不超过1000个或有限数量总质量（含包装）不超过8000千克的，可按普通货物运输（办法第二十一条）">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Row gutter={12}>
          <Col xs={24} xl={8}>
            <PartyCard title="托运人" testId="shipper">
              <Form.Item name="shipperId" label={`从${F.shipperId.label}选择`}><RefSelect resource="shipper" placeholder="输入名称检索" onChange={onShipper} /></Form.Item>
              <Form.Item {...item('shipperName')}>{input(F.shipperName, { 'data-testid': 'shipper-name' })}</Form.Item>
              <Row gutter={8}>
                <Col span={10}><Form.Item {...inCard('shipperContact', '托运人')}>{input(F.shipperContact)}</Form.Item></Col>
                <Col span={14}><Form.Item {...inCard('shipperPhone', '托运人')}>{input(F.shipperPhone, { 'data-testid': 'shipper-phone' })}</Form.Item></Col>
              </Row>
            </PartyCard>
          </Col>
          <Col xs={24} xl={8}>
            <PartyCard title="收货人" testId="consignee">
              <Form.Item name="consigneeId" label={`从${F.consigneeId.label}选择`}><RefSelect resource="consignee" placeholder="输入名称检索" onChange={onConsignee} /></Form.Item>
              <Form.Item {...item('consigneeName')}>{input(F.consigneeName, { 'data-testid': 'consignee-name' })}</Form.Item>
              <Form.Item {...inCard('consigneePhone', '收货人')}>{input(F.consigneePhone, { 'data-testid': 'consignee-phone' })}</Form.Item>
            </PartyCard>
          </Col>
          <Col xs={24} xl={8}>
            <PartyCard title="装货人" testId="loader">
              <Form.Item name="loaderId" label={`从${F.loaderId.label}选择`}><RefSelect resource="loading" placeholder="输入名称检索" onChange={onLoader} /></Form.Item>
              <Form.Item {...item('loaderName')}>{input(F.loaderName, { 'data-testid': 'loader-name' })}</Form.Item>
              <Row gutter={8}>
                <Col span={10}><Form.Item {...inCard('loaderPhone', '装货人')}>{input(F.loaderPhone)}</Form.Item></Col>
                <Col span={14}><Form.Item {...item('loadingPlace')}>{input(F.loadingPlace)}</Form.Item></Col>
              </Row>
            </PartyCard>
          </Col>
        </Row>

        <Card title="运输线路" size="small" style={{ marginBottom: 12 }}
          extra={<Form.Item name="lineId" noStyle><RefSelect resource="transportLine" placeholder="从常用线路选择" style={{ width: 260 }} onChange={onLine} /></Form.Item>}>
          <Row gutter={16}>
            <Col xs={24} md={6}><Form.Item {...item('originRegion')}><RegionCascader data-testid="origin-region" /></Form.Item></Col>
            <Col xs={24} md={6}><Form.Item {...item('originAddress')}>{input(F.originAddress, { 'data-testid': 'origin-address' })}</Form.Item></Col>
            <Col xs={24} md={6}><Form.Item {...item('destRegion')}><RegionCascader data-testid="dest-region" /></Form.Item></Col>
            <Col xs={24} md={6}><Form.Item {...item('destAddress')}>{input(F.destAddress, { 'data-testid': 'dest-address' })}</Form.Item></Col>
            <Col xs={24} md={12}><Form.Item {...item('via')}>{input(F.via, { placeholder: '多个途经地用顿号分隔' })}</Form.Item></Col>
            <Col xs={12} md={6}><Form.Item {...item('distanceKm')}>{input(F.distanceKm)}</Form.Item></Col>
            <Col xs={12} md={6}><Form.Item {...item('expectedHours')}>{input(F.expectedHours)}</Form.Item></Col>
          </Row>
        </Card>

        <GoodsCard form={form} onCargo={onCargo} onCatalogue={onCatalogue} />

        <Card size="small" style={{ marginBottom: 12 }}>
          <Form.Item {...item('remark')} style={{ marginBottom: 0 }}>
            {input(F.remark)}
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

  const masses = goods.map((g) => (g && g.quantity != null && g.unit ? goodsMassKg({ quantity: Number(g.quantity), unit: g.unit, density: numOrNull(g.density), pieceMass: numOrNull(g.pieceMass) }) : null));
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
                  // UN编号, 类别 and 包装类别 are the catalogue entry's (the server takes them from there): shown, not typed
                  { title: G.unNo.label, key: 'unNo', width: 96, render: (_, f) => <Form.Item name={[f.name, 'unNo']} rules={goodsRules('unNo')} style={{ margin: 0 }}>{input(G.unNo, { disabled: true })}</Form.Item> },
                  { title: G.goodsName.label, key: 'goodsName', width: 220, render: (_, f) => <Form.Item name={[f.name, 'goodsName']} rules={goodsRules('goodsName')} style={{ margin: 0 }}>{input(G.goodsName)}</Form.Item> },
                  { title: G.goodsClass.label, key: 'goodsClass', width: 72, render: (_, f) => <Form.Item name={[f.name, 'goodsClass']} rules={goodsRules('goodsClass')} style={{ margin: 0 }}>{input(G.goodsClass, { disabled: true })}</Form.Item> },
                  { title: G.packingGroup.label, key: 'packingGroup', width: 90, render: (_, f) => <Form.Item name={[f.name, 'packingGroup']} rules={goodsRules('packingGroup')} style={{ margin: 0 }}>{input(G.packingGroup, { disabled: true })}</Form.Item> },
                  { title: G.packingSpec.label, key: 'packingSpec', width: 130, render: (_, f) => <Form.Item name={[f.name, 'packingSpec']} rules={goodsRules('packingSpec')} style={{ margin: 0 }}>{input(G.packingSpec, { placeholder: '如 罐装、200L桶' })}</Form.Item> },
                  {
                    title: '数量', key: 'quantity', width: 120,
                    render: (_, f, i) => (
                      <Form.Item name={[f.name, 'quantity']} style={{ margin: 0 }}
                        rules={[...goodsRules('quantity'), { validator: (_r, v) => (v === null || v === undefined || Number(v) > 0 ? Promise.resolve() : Promise.reject(new Error('数量必须大于0'))) }]}>
                        {input(G.quantity, { 'data-testid': `goods-quantity-${i}` })}
                      </Form.Item>
                    ),
                  },
                  { title: G.unit.label, key: 'unit', width: 92, render: (_, f) => <Form.Item name={[f.name, 'unit']} rules={goodsRules('unit')} style={{ margin: 0 }}>{input(G.unit)}</Form.Item> },
                  {
                    title: <Tooltip title="按升、立方米计量填密度（千克/升），按件计量填单件质量（千克）：核对核定载质量用">密度/单件质量</Tooltip>, key: 'density', width: 130,
                    render: (_, f, i) => {
                      const unit = goods[i]?.unit;
                      if (unit === '升' || unit === '立方米') return <Form.Item name={[f.name, 'density']} rules={goodsRules('density')} style={{ margin: 0 }}>{input(G.density, { suffix: 'kg/L' })}</Form.Item>;
                      if (unit === '件') return <Form.Item name={[f.name, 'pieceMass']} rules={goodsRules('pieceMass')} style={{ margin: 0 }}>{input(G.pieceMass, { suffix: 'kg/件' })}</Form.Item>;
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
            {fields.length > 0 && <CapacityWarning goods={goods} />}
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

/**
 * Before the waybill is submitted: what keeps the enterprise from carrying these goods at dispatch — no vehicle whose
 * 核定载质量 takes the total mass, no tank or tank container for a line, a class outside the licence. The server
 * answers from the dispatch rules (POST …/waybill/capacity); lines still being typed warn of nothing.
 */
function CapacityWarning({ goods }: { goods: LineValues[] }) {
  const lines = goods.filter((g) => g && g.unNo && g.quantity != null && g.unit).map((g) => bodyOf(G, g));
  const [key, setKey] = useState('');
  const now = JSON.stringify(lines);
  useEffect(() => { const t = setTimeout(() => setKey(now), 400); return () => clearTimeout(t); }, [now]);
  const q = useQuery({ queryKey: ['waybill', 'capacity', key], queryFn: () => checkCapacity(JSON.parse(key) as unknown[]), enabled: key !== '' && key !== '[]', staleTime: 30_000 });
  const warnings = key === now ? q.data?.warnings ?? [] : [];
  if (!warnings.length) return null;
  return (
    <Alert type="warning" showIcon style={{ marginTop: 8 }} data-testid="capacity-warning" title="提交后可能无法调度"
      description={<ul style={{ margin: 0, paddingLeft: 18 }}>{warnings.map((w) => <li key={w}>{w}</li>)}</ul>} />
  );
}
