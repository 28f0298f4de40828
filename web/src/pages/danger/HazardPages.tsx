/**
 * 隐患登记 / 隐患整改 / 隐患验收: three screens over the one hazard definition. 登记 lists every hazard
 * of the enterprise (edit and delete while 草稿, then 提交); 整改 the ones to rectify (record the measures, 提交验收);
 * 验收 the ones to accept — an enterprise's 待验收, a government's 重大 hazards to review (待复核). Registering offers the
 * 重大事故隐患判定标准 as a checklist; a 重大 hazard is submitted by its save. Every detail shows the timeline. The
 * hazard's workflow is declared in core (danger.ts) and the server runs it; a button here is only offered where that
 * declaration, the row's state and the user's element codes allow it (components/workflow).
 */
import { useMemo } from 'react';
import { Alert, Button, Card, Checkbox, Col, Empty, Form, Row as GridRow, Skeleton, Space, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { MAJOR_HAZARD_DICT, hazard } from '@dg/core';
import { ResourceDetail, ResourcePage, useDicts } from '../../components/resource';
import { ResourceEditPage, ResourceInfoPage, type EditCustom } from '../../components/resource/ResourcePages';
import { useRow } from '../../components/resource/api';
import { buildRules } from '../../components/resource/formRules';
import { toFormValues, toPayload, type FormField } from '../../components/resource/payload';
import { useUserSide } from '../../components/resource/permission';
import { formWidget } from '../../components/resource/widgets';
import type { Row } from '../../components/resource/types';
import { useLeave, useQueryParam } from '../../utils/pageNav';
import { Decision, WorkflowState, WorkflowSteps, WorkflowTimeline, baseOf, useAllowedSteps, useWorkflowStep } from '../../components/workflow';
import { DANGER_PATHS } from './paths';
import { valuesAfterUploads, fieldsAfterUploads } from '../../components/Upload';

export const HazardStateTags = ({ row }: { row: Row }) => <WorkflowState def={hazard} row={row} />;

/** the name of the decision a side takes on a hazard: the enterprise's 验收, the government's 复核 */
const reviewName = (side: string | undefined) => (side === 'government' ? '复核' : '验收');

/**
 * The hazard's allowed steps as buttons (its workflow in core decides which): 提交 asks its question; 整改 and
 * 验收 / 复核 open their forms, each one button for the steps it takes.
 */
function HazardSteps({ row, link = false }: { row: Row; link?: boolean }) {
  const navigate = useNavigate();
  const side = useUserSide();
  const open = (to: string) => (r: Row, small: boolean) => <Button type={small ? 'link' : 'primary'} size={small ? 'small' : undefined} onClick={() => navigate(to === 'handle' ? DANGER_PATHS.hazardHandle.edit({ id: r.id }) : DANGER_PATHS.hazardApproval.edit({ id: r.id }))}>{to === 'handle' ? '整改' : reviewName(side)}</Button>;
  return <WorkflowSteps def={hazard} row={row} link={link} forms={[{ steps: ['handle', 'finish'], render: open('handle') }, { steps: ['pass', 'return'], render: open('review') }]} />;
}

export function HazardRegisterList() {
  const navigate = useNavigate();
  const paths = DANGER_PATHS.hazardRegister;
  return (
    <ResourcePage resourceKey="hazard" title="隐患登记" rowEditable={(r) => r.state === '草稿'}
      onAdd={() => navigate(paths.edit())} onEdit={(r) => navigate(paths.edit({ id: r.id }))} onDetail={(r) => navigate(paths.info(r.id))}
      extraActions={(row) => <HazardSteps row={row} link />} />
  );
}

export function HazardHandleList() {
  const navigate = useNavigate();
  const paths = DANGER_PATHS.hazardHandle;
  return (
    <ResourcePage resourceKey="hazard" title="隐患整改" noWrite fixedFilters={{ state: ['待整改', '整改中'] }} onDetail={(r) => navigate(paths.info(r.id))}
      extraActions={(row) => <HazardSteps row={row} link />} />
  );
}

export function HazardApprovalList() {
  const navigate = useNavigate();
  const side = useUserSide();
  const paths = DANGER_PATHS.hazardApproval;
  // a government sees the submitted 重大 hazards of its jurisdiction in every state (server scope); an enterprise its own awaiting acceptance
  const fixed = side === 'enterprise' ? { state: ['待验收', '待复核'] } : undefined;
  return (
    <ResourcePage resourceKey="hazard" title={side === 'enterprise' ? '隐患验收' : '重大隐患复核'} noWrite fixedFilters={fixed} onDetail={(r) => navigate(paths.info(r.id))}
      extraActions={(row) => <HazardSteps row={row} link />} />
  );
}

const hazardInfo = (screen: 'hazardRegister' | 'hazardHandle' | 'hazardApproval') => function HazardInfo() {
  const paths = DANGER_PATHS[screen];
  return (
    <ResourceInfoPage resourceKey="hazard" paths={paths} title="隐患详情" editable={(r) => screen === 'hazardRegister' && r.state === '草稿'}
      extra={(row) => (
        <>
          <HazardStateTags row={row} />
          <HazardSteps row={row} />
        </>
      )}>
      {(row) => <WorkflowTimeline base={baseOf(hazard)} id={row.id} />}
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
  const { save, saving } = useWorkflowStep(hazard, (saved) => saved.state === '待验收' && leave(DANGER_PATHS.hazardHandle.info(saved.id)));
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
  const name = reviewName(useUserSide());
  const allowed = useAllowedSteps(hazard, row.data);
  const { save, saving } = useWorkflowStep(hazard, (saved) => leave(DANGER_PATHS.hazardApproval.info(saved.id)));
  if (!id || row.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  return (
    <Card title={`隐患${name}`} data-testid="hazard-approval" extra={<HazardStateTags row={row.data} />}>
      <ResourceDetail resourceKey="hazard" id={id} row={row.data} />
      <WorkflowTimeline base={baseOf(hazard)} id={id} />
      <Decision name="hazard_approval" label={`${name}意见`} saving={saving} yes={allowed.includes('pass') ? '通过' : undefined} no={allowed.includes('return') ? '退回' : undefined}
        onBack={() => leave(DANGER_PATHS.hazardApproval.list)} onDecide={(yes, opinion) => save({ step: yes ? 'pass' : 'return', row: row.data!, body: { opinion } })} />
    </Card>
  );
}
