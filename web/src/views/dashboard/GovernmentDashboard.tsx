/** 政府端首页: today's waybills, in transit, abnormal, overdue certificates, open rectifications, waybills by city and by class, recent notices. */
import { Col, Row } from 'antd';
import { CarOutlined, ExceptionOutlined, FieldTimeOutlined, FileSearchOutlined, IssuesCloseOutlined } from '@ant-design/icons';
import type { CountItem, GovernmentDashboard as Data } from '../../api/dashboard.ts';
import type { ChartOption } from './Chart.tsx';
import { ChartCard, NoticeRow, num, StatRow } from './parts.tsx';

const CARDS = [
  { key: 'todayWaybills', title: '今日运单', menu: 'waybillMonitorManager', icon: <FileSearchOutlined />, color: '#1890ff' },
  { key: 'inTransit', title: '在途运单', menu: 'dynamicMonitorManager', icon: <CarOutlined />, color: '#13c2c2' },
  { key: 'abnormal', title: '异常运单', menu: 'abnormalWaybillManager', icon: <ExceptionOutlined />, color: '#f5222d' },
  { key: 'overdueCertificates', title: '证件过期', menu: 'ryzgOverdueManager', icon: <FieldTimeOutlined />, color: '#fa8c16' },
  { key: 'openRectifications', title: '未完成整改', menu: 'rectificationNoticeManager', icon: <IssuesCloseOutlined />, color: '#722ed1' },
] as const;

const list = (v: unknown): CountItem[] => (Array.isArray(v) ? (v as CountItem[]) : []);

/**
 * Waybills by goods class as bars, largest first, each with its share: nine classes compare better side by side than
 * as slices (and the board needs no pie or legend code: its first load has a budget).
 */
function classOption(byClass: CountItem[], theme: string): ChartOption {
  const rows = byClass.map((c) => ({ name: c.name, value: num(c.value) })).sort((a, b) => a.value - b.value); // bottom-up: largest on top
  const total = rows.reduce((a, r) => a + r.value, 0) || 1;
  return {
    color: [theme],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: (p: unknown) => {
      const x = (Array.isArray(p) ? p[0] : p) as { name: string; value: number };
      return `${x.name}: ${x.value} (${((x.value / total) * 100).toFixed(1)}%)`;
    } },
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((r) => r.name), axisTick: { show: false } },
    series: [{ name: '运单数', type: 'bar', barMaxWidth: 18, data: rows.map((r) => r.value), label: { show: true, position: 'right' } }],
  };
}

export default function GovernmentDashboard({ data, theme }: { data: Partial<Data>; theme: string }) {
  const d = data as Record<string, unknown>;
  const byCity = list(data.byCity);
  const byClass = list(data.byClass);
  return (
    <div data-testid="dashboard-government">
      <StatRow cards={CARDS} values={d} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <ChartCard title="各地市运单" testId="dashboard-by-city" empty="暂无数据" kind="bar" option={byCity.length === 0 ? null : {
            color: [theme],
            tooltip: { trigger: 'axis' },
            grid: { left: 40, right: 16, top: 24, bottom: 48 },
            xAxis: { type: 'category', data: byCity.map((c) => c.name), axisLabel: { interval: 0, rotate: byCity.length > 8 ? 30 : 0 } },
            yAxis: { type: 'value', minInterval: 1 },
            series: [{ name: '运单数', type: 'bar', barMaxWidth: 32, data: byCity.map((c) => num(c.value)) }],
          }} />
        </Col>
        <Col xs={24} lg={10}>
          <ChartCard title="货物类别" testId="dashboard-by-class" empty="暂无数据" kind="bar" option={byClass.length === 0 ? null : classOption(byClass, theme)} />
        </Col>
      </Row>
      <NoticeRow notices={data.notices} />
    </div>
  );
}
