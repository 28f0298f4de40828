/**
 * changeList (/transportMission/changeList?id=): a waybill's change records — when, who, why, and
 * each changed field before and after. After 下发 a change is never a silent edit: it is kept with its reason.
 */
import { Button, Card, Empty, Result, Skeleton, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { goodsLineText, waybillForm } from '@dg/core/waybill';
import type { WaybillChange } from '@dg/core';
import { getChanges, getWaybill } from './api';
import { StateTag, fmtTime, useQueryParam, WAYBILL_ROUTES } from './common';

const LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(waybillForm.fields).map(([k, f]) => [k, f.label])),
  goods: '货物',
  vehicleId: '车辆', plateNo: '车牌号码', plateColor: '车牌颜色', vehicleCertNo: '道路运输证号',
  trailerId: '挂车', trailerPlateNo: '挂车号牌', trailerCertNo: '挂车道路运输证号',
  tankId: '罐体', tankContainerId: '罐箱', tankNo: '罐体编号', tankVolume: '罐体容积',
  driverId: '驾驶员', driverName: '驾驶员', driverQualificationNo: '驾驶员从业资格证号', driverPhone: '驾驶员电话',
  escortId: '押运员', escortName: '押运员', escortQualificationNo: '押运员从业资格证号', escortPhone: '押运员电话',
  goodsSummary: '货物', goodsClasses: '货物类别', totalMassKg: '货物总质量（千克）', bindId: '车辆人员绑定',
};
/** ids change along with their readable snapshot column: show the readable one */
const HIDDEN = new Set(['vehicleId', 'trailerId', 'tankId', 'tankContainerId', 'driverId', 'escortId', 'bindId', 'goodsClasses', 'goodsSummary', 'totalMassKg']);

function show(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '（空）';
  if (field === 'goods' && Array.isArray(v)) return v.map((g) => goodsLineText(g as Parameters<typeof goodsLineText>[0])).join('；');
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function ChangeTable({ changes }: { changes: WaybillChange[] }) {
  return (
    <Table<WaybillChange> size="small" rowKey="id" pagination={false} dataSource={changes} data-testid="change-table"
      columns={[
        { title: '变更时间', dataIndex: 'at', width: 170, render: fmtTime },
        { title: '变更人', dataIndex: 'userName', width: 100 },
        { title: '原因', dataIndex: 'reason', width: 200 },
        {
          title: '变更内容', key: 'diff',
          render: (_, r) => {
            const keys = Object.keys(r.after ?? {});
            const visible = keys.filter((f) => !HIDDEN.has(f));
            const fields = visible.length ? visible : keys;
            return (
              <Space orientation="vertical" size={2}>
                {fields.map((f) => (
                  <div key={f}>
                    <Typography.Text strong>{LABELS[f] ?? f}：</Typography.Text>
                    <Typography.Text delete type="secondary">{show(f, r.before?.[f])}</Typography.Text>
                    <span> → </span>
                    <Typography.Text>{show(f, r.after?.[f])}</Typography.Text>
                  </div>
                ))}
              </Space>
            );
          },
        },
      ]} />
  );
}

export default function ChangeListPage() {
  const id = useQueryParam('id');
  const navigate = useNavigate();
  const wb = useQuery({ queryKey: ['waybill', 'info', id], queryFn: () => getWaybill(id), enabled: Boolean(id) });
  const list = useQuery({ queryKey: ['waybill', 'changes', id], queryFn: () => getChanges(id), enabled: Boolean(id) });
  if (!id) return <Result status="warning" title="缺少运单参数" />;
  if (list.isLoading) return <Card><Skeleton active /></Card>;
  if (list.isError) return <Result status="warning" title="运单不存在或无权访问" />;
  return (
    <Card
      title={<Space><span>变更记录</span>{wb.data?.waybillNo && <Typography.Text type="secondary">{wb.data.waybillNo}</Typography.Text>}<StateTag state={wb.data?.state} /></Space>}
      extra={<Button onClick={() => navigate(WAYBILL_ROUTES.baseInfo(id))}>运单详情</Button>}>
      {list.data?.length ? <ChangeTable changes={list.data} /> : <Empty description="暂无变更记录" />}
    </Card>
  );
}
