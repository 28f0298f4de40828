/** 政府端首页: today's waybills, in transit, abnormal, overdue certificates, open rectifications, waybills by city and by class, recent notices. */
import { Col, Row } from 'antd';
import { CarOutlined, ExceptionOutlined, FieldTimeOutlined, FileSearchOutlined, IssuesCloseOutlined } from '@ant-design/icons';
import type { CountItem, GovernmentDashboard as Data } from '../../api/dashboard.ts';
import { RankBars } from './Bars.tsx';
import { FigureCard, NoticeRow, num, StatRow } from './parts.tsx';

const CARDS = [
  { key: 'todayWaybills', title: '今日运单', menu: 'waybillMonitorManager', icon: <FileSearchOutlined />, color: '#1890ff' },
  { key: 'inTransit', title: '在途运单', menu: 'dynamicMonitorManager', icon: <CarOutlined />, color: '#13c2c2' },
  { key: 'abnormal', title: '异常运单', menu: 'abnormalWaybillManager', icon: <ExceptionOutlined />, color: '#f5222d' },
  { key: 'overdueCertificates', title: '证件过期', menu: 'ryzgOverdueManager', icon: <FieldTimeOutlined />, color: '#fa8c16' },
  { key: 'openRectifications', title: '未完成整改', menu: 'rectificationNoticeManager', icon: <IssuesCloseOutlined />, color: '#722ed1' },
] as const;

const list = (v: unknown): CountItem[] => (Array.isArray(v) ? (v as CountItem[]) : []);

const bars = (items: CountItem[]) => items.map((c) => ({ name: c.name, value: num(c.value) }));

export default function GovernmentDashboard({ data, theme }: { data: Partial<Data>; theme: string }) {
  const d = data as Record<string, unknown>;
  const byCity = list(data.byCity);
  const byClass = list(data.byClass);
  return (
    <div data-testid="dashboard-government">
      <StatRow cards={CARDS} values={d} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <FigureCard title="各地市运单" testId="dashboard-by-city" empty="暂无数据">
            {byCity.length === 0 ? null : <RankBars rows={bars(byCity)} color={theme} testId="dashboard-by-city-bars" />}
          </FigureCard>
        </Col>
        <Col xs={24} lg={10}>
          <FigureCard title="货物类别" testId="dashboard-by-class" empty="暂无数据">
            {byClass.length === 0 ? null : <RankBars rows={bars(byClass)} color={theme} testId="dashboard-by-class-bars" />}
          </FigureCard>
        </Col>
      </Row>
      <NoticeRow notices={data.notices} />
    </div>
  );
}
