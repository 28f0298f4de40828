/** What the pages of workflows not yet declared in core share: a step's write, the state tag by a colour map, a decision's form. */
import { Button, Form, Input, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { resourceByKey } from '@dg/core';
import { useSave } from '../../components/resource';
import { queryKeys, refreshAfterWrite } from '../../components/resource/api';
import type { Row } from '../../components/resource/types';
import { emitDataChanged } from '../../utils/dataChange';
import { flowKey } from '../../components/workflow';
import { valuesAfterUploads, fieldsAfterUploads } from '../../components/Upload';

/** the one timeline component (components/workflow), under the name the pages not yet on the engine use */
export { WorkflowTimeline as FlowTimeline } from '../../components/workflow';

/**
 * A workflow step from a button or a form: the write, then `<title>“<label>”当前为<state>`, the row and its timeline
 * refreshed, every list told (the request client has shown a refusal).
 */
export function useFlowStep<A>(resourceKey: string, base: string, write: (a: A) => Promise<Row>, then?: (saved: Row) => void) {
  const queryClient = useQueryClient();
  const def = resourceByKey(resourceKey)!;
  return useSave(write, {
    success: (saved) => `${def.title}“${String(saved[def.labelField ?? 'id'] ?? '')}”当前为${saved.state}`,
    refresh: async (saved) => {
      queryClient.setQueryData(queryKeys.info(resourceKey, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: flowKey(base, saved.id) });
      await refreshAfterWrite(queryClient, resourceKey);
      emitDataChanged(resourceKey);
    },
    then,
  });
}

/** a row's state as a coloured tag, with 逾期 beside it when the server computed it */
export const StateTags = ({ row, colors }: { row: Row; colors: Record<string, string> }) => (
  <Space size={4}>
    <Tag color={colors[String(row.state)] ?? 'default'}>{String(row.state ?? '')}</Tag>
    {row.overdue === true && <Tag color="error">逾期</Tag>}
  </Space>
);

export interface DecisionProps {
  /** the form's name (field ids are `<name>_opinion`) */
  name: string;
  label: string;
  saving: boolean;
  /** the positive button (通过, 合格) — the opinion is optional */
  yes?: string;
  /** the negative button (退回, 驳回) — it needs the opinion */
  no?: string;
  onBack: () => void;
  onDecide: (yes: boolean, opinion: string | null) => void;
}

/** an approval's opinion and its two buttons: the negative one needs the opinion, the positive one takes it if given */
export function Decision({ name, label, saving, yes, no, onBack, onDecide }: DecisionProps) {
  const [form] = Form.useForm<{ opinion?: string }>();
  const decide = async (positive: boolean) => {
    let v: { opinion?: string };
    try {
      v = positive ? await fieldsAfterUploads(form) : await valuesAfterUploads(form);
    } catch {
      return;
    }
    onDecide(positive, v.opinion?.trim() || null);
  };
  return (
    <>
      <Form form={form} name={name} layout="vertical" disabled={saving} style={{ marginTop: 16 }}>
        <Form.Item name="opinion" label={label} extra={no ? `${no}时必填` : undefined} validateTrigger={[]}
          rules={[{ required: true, whitespace: true, message: `请输入${label}` }, { max: 500, message: `${label}不能超过500个字符` }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      <Space>
        <Button onClick={onBack}>返回</Button>
        {no && <Button danger loading={saving} onClick={() => decide(false)}>{no}</Button>}
        {yes && <Button type="primary" loading={saving} onClick={() => decide(true)}>{yes}</Button>}
      </Space>
    </>
  );
}
