/**
 * 参数设置 (zydXxkbManager/paramSettingManager): the warning window (and one per
 * document type), the in-transit overdue factor, the fill-rate threshold, the safety-fund rate,
 * the assessment grade thresholds and the data-fusion tolerance. The server checks every value. The values hold for
 * the whole province: only the province's government (or the platform) changes them, others read them.
 */
import { useEffect } from 'react';
import { Alert, Button, Card, Col, Divider, Form, InputNumber, Row, Skeleton, Space, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WARNING_WINDOWS } from '@dg/core/warnings';
import { useCan } from '../../components/resource/permission';
import { useSave } from '../../components/resource/useSave';
import { formatDateTime } from '../../components/resource/format';
import { getParams, saveParams, type Param } from './api';

interface Values {
  warningDays: number;
  warningDaysByKind: Record<string, number | null>;
  inTransitOverdueFactor: number;
  fillRateThreshold: number;
  safetyFundRate: number;
  assessGrades: { AAA: number; AA: number; A: number };
  fusionToleranceMinutes: number;
  learningYearHours: number;
}

const valueOf = (params: Param[] | undefined, key: string) => params?.find((p) => p.key === key)?.value;
const labelOf = (params: Param[] | undefined, key: string, fallback: string) => params?.find((p) => p.key === key)?.label ?? fallback;

export default function ParamSettings() {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const hasEdit = useCan('paramSettingManager:btn_edit');
  const q = useQuery({ queryKey: ['zyd', 'param'], queryFn: getParams });
  const params = q.data;
  // the server says whether this user may change the province's values (a city's government reads them)
  const canSave = hasEdit && Boolean(params?.some((p) => p.editable));

  useEffect(() => {
    if (!params) return;
    const byKind = (valueOf(params, 'warningDaysByKind') ?? {}) as Record<string, number>;
    form.setFieldsValue({
      warningDays: valueOf(params, 'warningDays') as number,
      warningDaysByKind: Object.fromEntries(WARNING_WINDOWS.map((w) => [w.key, byKind[w.key] ?? null])),
      inTransitOverdueFactor: valueOf(params, 'inTransitOverdueFactor') as number,
      fillRateThreshold: valueOf(params, 'fillRateThreshold') as number,
      safetyFundRate: valueOf(params, 'safetyFundRate') as number,
      assessGrades: valueOf(params, 'assessGrades') as Values['assessGrades'],
      fusionToleranceMinutes: valueOf(params, 'fusionToleranceMinutes') as number,
      learningYearHours: valueOf(params, 'learningYearHours') as number,
    });
  }, [params, form]);

  const { save: write, saving } = useSave(saveParams, {
    success: '保存成功',
    refresh: async () => {
      await queryClient.invalidateQueries({ queryKey: ['zyd', 'param'] });
      await queryClient.invalidateQueries({ queryKey: ['warning'] });
    },
  });
  const save = (v: Values) => write({ ...v, warningDaysByKind: Object.fromEntries(Object.entries(v.warningDaysByKind ?? {}).map(([k, d]) => [k, d ?? null])) });

  if (q.isLoading) return <Card><Skeleton active /></Card>;
  const updated = params?.filter((p) => p.updatedAt).map((p) => p.updatedAt!).sort().pop();
  const int = { precision: 0, style: { width: 160 } };

  return (
    <Card title="参数设置" data-testid="param-settings"
      extra={updated ? <Typography.Text type="secondary">最近修改：{formatDateTime(updated)}</Typography.Text> : null}>
      {hasEdit && !canSave && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="参数设置为全省统一参数，由省级监管部门修改。" />}
      <Form form={form} layout="vertical" onFinish={save} disabled={!canSave} style={{ maxWidth: 960 }}>
        <Divider titlePlacement="start">证照到期预警</Divider>
        <Alert type="info" showIcon style={{ marginBottom: 16 }}
          title="有效期在预警天数以内的证件列为“即将到期”，已过有效期的列为“已过期”。道路运输证、从业资格证等应在届满30日前办理换证或审验。" />
        <Form.Item name="warningDays" label={labelOf(params, 'warningDays', '证照到期预警天数')} rules={[{ required: true, message: '请输入证照到期预警天数' }]}>
          <InputNumber min={1} max={365} suffix="天" {...int} data-testid="param-warningDays" />
        </Form.Item>
        <Typography.Paragraph type="secondary">各类证件可单独设置预警天数，不填则按上面的天数：</Typography.Paragraph>
        <Row gutter={16}>
          {WARNING_WINDOWS.map((w) => (
            <Col key={w.key} xs={24} sm={12} lg={8}>
              <Form.Item name={['warningDaysByKind', w.key]} label={w.title}>
                <InputNumber min={1} max={365} suffix="天" placeholder="同上" {...int} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider titlePlacement="start">运单与费用</Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="inTransitOverdueFactor" label={labelOf(params, 'inTransitOverdueFactor', '在途超时倍数')} rules={[{ required: true, message: '请输入在途超时倍数' }]}>
              <InputNumber min={1} max={10} step={0.1} precision={1} suffix="倍" style={{ width: 160 }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="fillRateThreshold" label={labelOf(params, 'fillRateThreshold', '运单填报率预警阈值（%）')} rules={[{ required: true, message: '请输入运单填报率预警阈值' }]}>
              <InputNumber min={0} max={100} suffix="%" {...int} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="safetyFundRate" label={labelOf(params, 'safetyFundRate', '安全生产费用提取比例（%）')} rules={[{ required: true, message: '请输入安全生产费用提取比例' }]}
              extra="危险货物道路运输不得低于1.5%（财资〔2022〕136号）">
              <InputNumber min={1.5} max={100} step={0.1} precision={2} suffix="%" style={{ width: 160 }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="fusionToleranceMinutes" label={labelOf(params, 'fusionToleranceMinutes', '数据融合时间容差（分钟）')} rules={[{ required: true, message: '请输入数据融合时间容差' }]}>
              <InputNumber min={1} max={1440} suffix="分钟" {...int} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="learningYearHours" label={labelOf(params, 'learningYearHours', '从业人员年度安全培训学时（小时）')} rules={[{ required: true, message: '请输入从业人员年度安全培训学时' }]}
              extra="在线学习“学时记录”按此判断是否达标">
              <InputNumber min={1} max={200} suffix="小时" {...int} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{labelOf(params, 'assessGrades', '考核等级分数线')}</Divider>
        <Space size="large" wrap>
          {(['AAA', 'AA', 'A'] as const).map((g) => (
            <Form.Item key={g} name={['assessGrades', g]} label={`${g}级不低于`} rules={[{ required: true, message: `请输入${g}级分数线` }]}>
              <InputNumber min={0} max={1000} suffix="分" {...int} />
            </Form.Item>
          ))}
        </Space>
        {canSave && (
          <Form.Item style={{ marginTop: 16 }}>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="param-save">保存</Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
