/** A step's decision on a form of its own: the opinion and the step's two buttons (通过 / 退回, 批准 / 驳回, 合格 / 退回). */
import { Button, Form, Input, Space } from 'antd';
import { valuesAfterUploads, fieldsAfterUploads } from '../Upload';

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
