/**
 * The buttons of a row's allowed steps (a detail page's header, a list row's actions): each step the declaration and
 * the user's element codes allow, as a button that asks the step's `confirm` question, or opens a dialog for the
 * opinion when the step's rule takes one. A step whose input is a form of its own (整改's record, 验收's opinion beside
 * the row) is one of `forms`: a button that opens that form, shown once for all the steps it serves.
 */
import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Popconfirm } from 'antd';
import type { ResourceDef, StepDef } from '@dg/core';
import type { Row } from '../resource/types';
import { useAllowedSteps, useWorkflowStep } from './useWorkflowStep';

export interface StepForm {
  /** the steps this form takes: its button shows when any of them is allowed */
  steps: readonly string[];
  render: (row: Row, link: boolean) => ReactNode;
}

export interface WorkflowStepsProps {
  def: ResourceDef;
  row: Row;
  /** a list row's link-sized buttons */
  link?: boolean;
  forms?: readonly StepForm[];
  then?: (saved: Row) => void;
}

export function WorkflowSteps({ def, row, link = false, forms = [], then }: WorkflowStepsProps) {
  const allowed = useAllowedSteps(def, row);
  const { save, saving, pending } = useWorkflowStep(def, then);
  const [asking, setAsking] = useState<string | null>(null);
  const steps = def.workflow?.steps ?? {};
  const size = link ? 'small' : undefined;
  const type = link ? 'link' : 'primary';
  const shown = forms.filter((f) => f.steps.some((s) => allowed.includes(s)));
  const plain = allowed.filter((s) => !forms.some((f) => f.steps.includes(s)));
  const button = (name: string, step: StepDef) => {
    const busy = saving && pending?.step === name;
    if (step.opinion) return <Button key={name} type={type} size={size} loading={busy} onClick={() => setAsking(name)}>{step.label}</Button>;
    if (step.confirm) {
      return (
        <Popconfirm key={name} title={step.label} description={step.confirm} okText={step.label} cancelText="取消" onConfirm={() => save({ step: name, row })}>
          <Button type={type} size={size} loading={busy}>{step.label}</Button>
        </Popconfirm>
      );
    }
    return <Button key={name} type={type} size={size} loading={busy} onClick={() => save({ step: name, row })}>{step.label}</Button>;
  };
  return (
    <>
      {plain.map((name) => button(name, steps[name]!))}
      {shown.map((f) => <span key={f.steps.join()}>{f.render(row, link)}</span>)}
      {asking && (
        <OpinionDialog step={steps[asking]!} saving={saving} onCancel={() => setAsking(null)}
          onOk={async (opinion) => { if (await save({ step: asking, row, body: { opinion } })) setAsking(null); }} />
      )}
    </>
  );
}

/** the opinion a step takes: required when its rule says so (with the rule's message), at most 500 characters */
function OpinionDialog({ step, saving, onCancel, onOk }: { step: StepDef; saving: boolean; onCancel: () => void; onOk: (opinion: string | null) => void }) {
  const [form] = Form.useForm<{ opinion?: string }>();
  const rule = step.opinion!;
  const label = rule.label ?? '意见';
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) onOk(v.opinion?.trim() || null);
  };
  return (
    <Modal open title={step.label} okText={step.label} cancelText="取消" confirmLoading={saving} onOk={ok} onCancel={onCancel} destroyOnHidden>
      {step.confirm && <p>{step.confirm}</p>}
      <Form form={form} layout="vertical" name="step_opinion">
        <Form.Item name="opinion" label={label}
          rules={[...('required' in rule ? [{ required: true, whitespace: true, message: rule.required }] : []), { max: 500, message: `${label}不能超过500个字符` }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
