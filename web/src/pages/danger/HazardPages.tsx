/**
 * 隐患登记 / 隐患整改 / 隐患验收: three screens over the one hazard definition. 登记 lists every hazard
 * of the enterprise (edit and delete while 草稿, then 提交); 整改 the ones to rectify (record the measures, 提交验收);
 * 验收 the ones to accept — an enterprise's 待验收, a government's 重大 hazards to review (待复核). Registering offers the
 * 重大事故隐患判定标准 as a checklist; a 重大 hazard is submitted by its save. Every detail shows the timeline. The server decides every step (modules/danger/hazard.ts); a button here is only offered where the
 * state and the user's element code allow it.
 */
import { useMemo } from 'react';
import { Alert, Button, Card, Checkbox, Col, Empty, Form, Popconfirm, Row as GridRow, Skeleton, Space, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { MAJOR_HAZARD_DICT, hazard, type HazardState as State } from '@dg/core';
import { ResourceDetail, ResourcePage, useDicts, useHasElement } from '../../components/resource';
import { ResourceEditPage, ResourceInfoPage, type EditCustom } from '../../components/resource/ResourcePages';
import { useRow } from '../../components/resource/api';
import { buildRules } from '../../components/resource/formRules';
import { toFormValues, toPayload, type FormField } from '../../components/resource/payload';
import { useUserSide } from '../../components/resource/permission';
import { formWidget } from '../../components/resource/widgets';
import type { Row } from '../../components/resource/types';
import { useLeave, useQueryParam } from '../../utils/pageNav';
import { stepHazard, type HazardStep } from './api';
import { Decision, FlowTimeline, StateTags, useFlowStep } from './FlowTimeline';
import { DANGER_PATHS } from './paths';
import { valuesAfterUploads, fieldsAfterUploads } from '../../components/Upload';

const STATE_COLOR: Record<State, string> = { 草稿: 'default', 待整改: 'orange', 整改中: 'processing', 待验收: 'gold', 待复核: 'purple', 已销号: 'success' };
export const HazardStateTags = ({ row }: { row: Row }) => <StateTags row={row} colors={STATE_COLOR} />;

/** what the signed-in user may do to a hazard in its state (the server checks the same) */
function useHazardSteps() {
  const side = useUserSide();
  const submit = useHasElement('hazardRegisterManager:btn_submit');
  const handle = useHasElement('hazardHandleManager:btn_edit');
  const finish = useHasElement('hazardHandleManager:btn_submit');
  const pass = useHasElement('hazardApprovalManager:btn_pass');
  const ret = useHasElement('hazardApprovalManager:btn_return');
  return useMemo(() => ({
    submit: (r: Row) => submit && side === 'enterprise' && r.state === '草稿',
    handle: (r: Row) => (handle || finish) && side === 'enterprise' && (r.state === '待整改' || r.state === '整改中'),
    review: (r: Row) => (pass || ret) && ((side === 'enterprise' && r.state === '待验收') || (side === 'government' && r.state === '待复核')),
    reviewName: side === 'government' ? '复核' : '验收',
  }), [side, submit, handle, finish, pass, ret]);
}

/** one step of the workflow from a button, with the row's current version */
const useStep = (then?: (saved: Row) => void) =>
  useFlowStep('hazard', '/yhpc/hazard', (a: { step: HazardStep; row: Row; body?: Record<string, unknown> }) => stepHazard(a.step, a.row.id, { version: a.row.version as number, ...a.body }), then);

function SubmitButton({ row, link }: { row: Row; link?: boolean }) {
  const { save, saving } = useStep();
  return (
    <Popconfirm title="提交隐患" description="提交后进入待整改，不能再修改或删除。确定提交？" okText="提交" cancelText="取消" onConfirm={() => save({ step: 'submit', row })}>
      <Button type={link ? 'link' : 'primary'} size={link ? 'small' : undefined} loading={saving}>提交</Button>
    </Popconfirm>
  );
}

export function HazardRegisterList() {
  const navigate = useNavigate();
  const can = useHazardSteps();
  const paths = DANGER_PATHS.hazardRegister;
  return (
    <ResourcePage resourceKey="hazard" title="隐患登记" rowEditable={(r) => r.state === '草稿'}
      onAdd={() => navigate(paths.edit())} onEdit={(r) => navigate(paths.edit({ id: r.id }))} onDetail={(r) => navigate(paths.info(r.id))}
      extraActions={(row) => (can.submit(row) ? <SubmitButton row={row} link /> : null)} />
  );
}

export function HazardHandleList() {
  const navigate = useNavigate();
  const can = useHazardSteps();
  const paths = DANGER_PATHS.hazardHandle;
  return (
    <ResourcePage resourceKey="hazard" title="隐患整改" noWrite fixedFilters={{ state: ['待整改', '整改中'] }} onDetail={(r) => navigate(paths.info(r.id))}
      extraActions={(row) => (can.handle(row) ? <Button type="link" size="small" onClick={() => navigate(paths.edit({ id: row.id }))}>整改</Button> : null)} />
  );
}

export function HazardApprovalList() {
  const navigate = useNavigate();
  const can = useHazardSteps();
  const side = useUserSide();
  const paths = DANGER_PATHS.hazardApproval;
  // a government sees the submitted 重大 hazards of its jurisdiction in every state (server scope); an enterprise its own awaiting acceptance
  const fixed = side === 'enterprise' ? { state: ['待验收', '待复核'] } : undefined;
  return (
    <ResourcePage resourceKey="hazard" title={side === 'enterprise' ? '隐患验收' : '重大隐患复核'} noWrite fixedFilters={fixed} onDetail={(r) => navigate(paths.info(r.id))}
      extraActions={(row) => (can.review(row) ? <Button type="link" size="small" onClick={() => navigate(paths.edit({ id: row.id }))}>{can.reviewName}</Button> : null)} />
  );
}

const hazardInfo = (screen: 'hazardRegister' | 'hazardHandle' | 'hazardApproval') => function HazardInfo() {
  const navigate = useNavigate();
  const can = useHazardSteps();
  const paths = DANGER_PATHS[screen];
  return (
    <ResourceInfoPage resourceKey="hazard" paths={paths} title="隐患详情" editable={(r) => screen === 'hazardRegister' && r.state === '草稿'}
      extra={(row) => (
        <>
          <HazardStateTags row={row} />
          {can.submit(row) && <SubmitButton row={row} />}
          {can.handle(row) && <Button type="primary" onClick={() => navigate(DANGER_PATHS.hazardHandle.edit({ id: row.id }))}>整改</Button>}
          {can.review(row) && <Button type="primary" onClick={() => navigate(DANGER_PATHS.hazardApproval.edit({ id: row.id }))}>{can.reviewName}</Button>}
        </>
      )}>
      {(row) => <FlowTimeline base="/yhpc/hazard" id={row.id} />}
    </ResourceInfoPage>
  );
};
export const HazardRegisterInfo = hazardInfo('hazardRegister');
export const HazardHandleInfo = hazardInfo('hazardHandle');
export const HazardApprovalInfo = hazardInfo('hazardApproval');

const MAJOR_NOTE = '重大隐患保存即提交：报告属地监管部门并由监管部门挂牌督办，之后不能修改或删除。';

/**
 * 隐患登记 / 编辑 (a draft): the definition's form, with 重大隐患判定依据 as a checklist of the 判定标准's items (the
 * platform's dictionary) — ticking one makes the hazard 重大 (the server refuses 一般 with one) — and a note that a
 * 重大 hazard is submitted when saved.
 */
export function HazardRegisterEdit() {
  return <ResourceEditPage resourceKey="hazard" paths={DANGER_PATHS.hazardRegister} title={{ add: '隐患登记', edit: '编辑隐患' }} custom={useMajorChecklist} />;
}

function useMajorChecklist(form: FormInstance): EditCustom {
  const { dictOptions } = useDicts();
  const items = dictOptions(MAJOR_HAZARD_DICT);
  const major = Form.useWatch('level', form) === '重大';
  return {
    widgets: { majorItems: <Checkbox.Group data-testid="major-items" style={{ display: 'grid', gap: 4 }} options={items.map((o) => ({ label: o.label, value: String(o.value) }))} /> },
    wide: ['majorItems'],
    help: major ? { level: MAJOR_NOTE } : {},
    onValuesChange: (changed) => {
      if (Array.isArray(changed.majorItems) && changed.majorItems.length) form.setFieldValue('level', '重大');
    },
    alert: major && <Alert type="warning" showIcon message={MAJOR_NOTE} style={{ marginBottom: 16 }} />,
    submitLabel: major ? '保存并提交' : '保存',
    success: (saved) => (saved.state === '待整改' ? '已登记并报告属地监管部门' : ''),
  };
}

/** one hazard to act on: loaded fresh, shown above the step's own form */
function useHazard() {
  const id = useQueryParam('id');
  const def = hazard;
  const row = useRow(def, id, { fresh: true });
  return { id, row };
}

const RECTIFY: FormField[] = (['actualMeasures', 'cost', 'completedDate', 'afterPhotos'] as const).map((name) => ({ name, fd: { ...hazard.fields[name], readOnly: false }, disabled: false }));

/** 隐患整改: record what was done (保存 keeps it 整改中), then 提交验收 */
export function HazardHandleEdit() {
  const { id, row } = useHazard();
  const [form] = Form.useForm();
  const leave = useLeave();
  const { save, saving } = useStep((saved) => saved.state === '待验收' && leave(DANGER_PATHS.hazardHandle.info(saved.id)));
  const values = useMemo(() => (row.data ? toFormValues(RECTIFY, row.data) : undefined), [row.data]);
  if (!id || row.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  const go = async (step: 'handle' | 'finish') => {
    let v: Record<string, unknown>;
    try {
      // 保存 keeps whatever is typed; 提交验收 needs the measures and the date
      v = step === 'finish' ? await valuesAfterUploads(form) : await fieldsAfterUploads(form);
    } catch {
      return;
    }
    await save({ step, row: row.data!, body: toPayload(RECTIFY, v) });
  };
  return (
    <Card title="隐患整改" data-testid="hazard-handle" extra={<HazardStateTags row={row.data} />}>
      <ResourceDetail resourceKey="hazard" id={id} row={row.data} />
      <Form key={String(row.data.version)} form={form} name="hazard_handle" layout="vertical" disabled={saving} initialValues={values} style={{ marginTop: 16 }}>
        <GridRow gutter={16}>
          {RECTIFY.map(({ name, fd }) => {
            const required = name === 'actualMeasures' || name === 'completedDate';
            const wide = fd.type === 'textarea' || fd.type === 'file';
            return (
              <Col key={name} xs={24} md={wide ? 24 : 12}>
                <Form.Item name={name} label={fd.label} rules={buildRules({ ...fd, required })} extra={required ? '提交验收时必填' : undefined}>
                  {formWidget(fd)}
                </Form.Item>
              </Col>
            );
          })}
        </GridRow>
      </Form>
      <Space>
        <Button onClick={() => leave(DANGER_PATHS.hazardHandle.list)}>返回</Button>
        <Button loading={saving} onClick={() => go('handle')}>保存</Button>
        <Button type="primary" loading={saving} onClick={() => go('finish')}>提交验收</Button>
      </Space>
    </Card>
  );
}

/** 隐患验收 (enterprise, 待验收) or 复核 (government, 待复核): 通过, or 退回 with an opinion */
export function HazardApprovalEdit() {
  const { id, row } = useHazard();
  const leave = useLeave();
  const can = useHazardSteps();
  const canPass = useHasElement('hazardApprovalManager:btn_pass');
  const canReturn = useHasElement('hazardApprovalManager:btn_return');
  const { save, saving } = useStep((saved) => leave(DANGER_PATHS.hazardApproval.info(saved.id)));
  if (!id || row.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  const name = can.reviewName;
  const acting = can.review(row.data);
  return (
    <Card title={`隐患${name}`} data-testid="hazard-approval" extra={<HazardStateTags row={row.data} />}>
      <ResourceDetail resourceKey="hazard" id={id} row={row.data} />
      <FlowTimeline base="/yhpc/hazard" id={id} />
      <Decision name="hazard_approval" label={`${name}意见`} saving={saving} yes={canPass && acting ? '通过' : undefined} no={canReturn && acting ? '退回' : undefined}
        onBack={() => leave(DANGER_PATHS.hazardApproval.list)} onDecide={(yes, opinion) => save({ step: yes ? 'pass' : 'return', row: row.data!, body: { opinion } })} />
    </Card>
  );
}
