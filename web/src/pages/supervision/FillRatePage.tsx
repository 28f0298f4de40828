/**
 * 运单填报率 (waybillRatioManager, 政): for a period of months, per enterprise — operating vehicles,
 * vehicles with waybills, waybills, fill rate and ranking — and per city, with a bar chart. A
 * waybill counts in the month it was 下发.
 */
import { useMemo, useState } from 'react';
import { Button, Card, DatePicker, Form, Progress, Segmented, Space, Table, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, DataZoomComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import RegionCascader from '../../components/RegionCascader';
import type { FillRate } from '@dg/core';
import { getFillRate } from './api';

type FillRateEnterprise = FillRate['enterprises'][number];
type FillRateCity = FillRate['cities'][number];

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

const rateColor = (r: number) => (r >= 90 ? '#52c41a' : r >= 60 ? '#faad14' : '#ff4d4f');
const RateBar = ({ value }: { value: number }) => (
  <Progress percent={value} size="small" strokeColor={rateColor(value)} format={(p) => `${p}%`} style={{ width: 150, margin: 0 }} />
);

export default function FillRatePage() {
  const [form] = Form.useForm<{ period: [Dayjs, Dayjs]; city?: string }>();
  const [query, setQuery] = useState(() => ({ from: dayjs().format('YYYY-MM'), to: dayjs().format('YYYY-MM'), cityCode: undefined as string | undefined }));
  const [chartBy, setChartBy] = useState<'city' | 'enterprise'>('city');
  const q = useQuery({ queryKey: ['waybill', 'fillRate', query], queryFn: () => getFillRate(query) });
  const enterprises = useMemo(() => q.data?.enterprises ?? [], [q.data]);
  const cities = useMemo(() => q.data?.cities ?? [], [q.data]);

  const option = useMemo(() => {
    const rows = chartBy === 'city'
      ? cities.map((c) => ({ name: c.cityName ?? c.cityCode, rate: c.fillRate, waybills: c.waybills }))
      : enterprises.slice(0, 30).map((e) => ({ name: e.enterpriseName, rate: e.fillRate, waybills: e.waybills }));
    return {
      tooltip: { trigger: 'axis' as const },
      legend: { data: ['填报率（%）', '运单数'], top: 0, right: 8 },
      grid: { left: 48, right: 56, top: 40, bottom: chartBy === 'enterprise' ? 90 : 40 },
      xAxis: { type: 'category' as const, data: rows.map((r) => r.name), axisLabel: { interval: 0, rotate: chartBy === 'enterprise' ? 35 : 0, width: 120, overflow: 'truncate' as const } },
      yAxis: [
        { type: 'value' as const, name: '填报率（%）', max: 100 },
        { type: 'value' as const, name: '运单数', splitLine: { show: false } },
      ],
      series: [
        { name: '填报率（%）', type: 'bar' as const, data: rows.map((r) => ({ value: r.rate, itemStyle: { color: rateColor(r.rate) } })), barMaxWidth: 36, label: { show: rows.length <= 15, position: 'top' as const, formatter: '{c}%' } },
        { name: '运单数', type: 'bar' as const, yAxisIndex: 1, data: rows.map((r) => r.waybills), barMaxWidth: 18, itemStyle: { color: '#91caff' } },
      ],
    };
  }, [chartBy, cities, enterprises]);

  const search = (v: { period?: [Dayjs, Dayjs]; city?: string }) => {
    const [a, b] = v.period ?? [dayjs(), dayjs()];
    setQuery({ from: a.format('YYYY-MM'), to: b.format('YYYY-MM'), cityCode: v.city ? v.city.slice(0, 4) + '00' : undefined });
  };

  return (
    <div data-testid="fill-rate">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form form={form} name="fill_rate_search" layout="inline" initialValues={{ period: [dayjs(), dayjs()] }} onFinish={search}>
          <Form.Item name="period" label="统计周期" rules={[{ required: true, message: '请选择统计周期' }]}>
            <DatePicker.RangePicker picker="month" allowClear={false}
              presets={[
                { label: '本月', value: [dayjs().startOf('month'), dayjs()] },
                { label: '上月', value: [dayjs().subtract(1, 'month'), dayjs().subtract(1, 'month')] },
                { label: '近三个月', value: [dayjs().subtract(2, 'month'), dayjs()] },
                { label: '本年', value: [dayjs().startOf('year'), dayjs()] },
              ]} />
          </Form.Item>
          <Form.Item name="city" label="地市"><RegionCascader level={2} changeOnSelect placeholder="全部地市" style={{ width: 200 }} /></Form.Item>
          <Form.Item><Space><Button type="primary" htmlType="submit">查询</Button><Button onClick={() => { form.resetFields(); search(form.getFieldsValue()); }}>重置</Button></Space></Form.Item>
        </Form>
      </Card>

      <Card size="small" style={{ marginBottom: 16 }}
        title={`填报率（${query.from}${query.to !== query.from ? ` 至 ${query.to}` : ''}）`}
        extra={<Segmented value={chartBy} onChange={(v) => setChartBy(v as 'city' | 'enterprise')} options={[{ label: '按地市', value: 'city' }, { label: '按企业（前30）', value: 'enterprise' }]} />}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>填报率 = 有运单的营运车辆数 ÷ 营运车辆数（按下发月份统计，挂车不计）</Typography.Paragraph>
        <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={{ height: 340, width: '100%' }} />
      </Card>

      <Card size="small">
        <Tabs items={[
          {
            key: 'enterprise', label: `按企业（${enterprises.length}）`,
            children: (
              <Table<FillRateEnterprise> rowKey="enterpriseId" size="middle" dataSource={enterprises} loading={q.isFetching} data-testid="fill-rate-enterprises"
                pagination={{ pageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], showTotal: (n) => `共 ${n} 条` }}
                columns={[
                  { title: '排名', dataIndex: 'rank', width: 70, render: (v: number) => (v <= 3 ? <Typography.Text strong style={{ color: ['#d4380d', '#fa8c16', '#faad14'][v - 1] }}>{v}</Typography.Text> : v) },
                  { title: '企业名称', dataIndex: 'enterpriseName' },
                  { title: '地市', dataIndex: 'cityName', width: 120 },
                  { title: '营运车辆数', dataIndex: 'operatingVehicles', width: 110, align: 'right', sorter: (a, b) => a.operatingVehicles - b.operatingVehicles },
                  { title: '有运单车辆数', dataIndex: 'vehiclesWithWaybills', width: 120, align: 'right', sorter: (a, b) => a.vehiclesWithWaybills - b.vehiclesWithWaybills },
                  { title: '运单数', dataIndex: 'waybills', width: 100, align: 'right', sorter: (a, b) => a.waybills - b.waybills },
                  { title: '填报率', dataIndex: 'fillRate', width: 190, render: (v: number) => <RateBar value={v} />, sorter: (a, b) => a.fillRate - b.fillRate },
                ]} />
            ),
          },
          {
            key: 'city', label: `按地市（${cities.length}）`,
            children: (
              <Table<FillRateCity> rowKey="cityCode" size="middle" dataSource={cities} loading={q.isFetching} pagination={false}
                columns={[
                  { title: '地市', dataIndex: 'cityName', render: (v, r) => v ?? r.cityCode },
                  { title: '企业数', dataIndex: 'enterprises', width: 100, align: 'right' },
                  { title: '营运车辆数', dataIndex: 'operatingVehicles', width: 110, align: 'right' },
                  { title: '有运单车辆数', dataIndex: 'vehiclesWithWaybills', width: 120, align: 'right' },
                  { title: '运单数', dataIndex: 'waybills', width: 100, align: 'right' },
                  { title: '填报率', dataIndex: 'fillRate', width: 190, render: (v: number) => <RateBar value={v} />, sorter: (a, b) => a.fillRate - b.fillRate },
                ]} />
            ),
          },
        ]} />
      </Card>
    </div>
  );
}
