/** 企业端首页: the four waybill queues and unread notices, expiry warnings, open hazards, this month's waybills, recent notices. */
import { Card, Col, Empty, Row, Tag, theme } from 'antd';
import type { CSSProperties } from 'react';
import { AlertOutlined, AuditOutlined, CarOutlined, FormOutlined, NotificationOutlined, SafetyCertificateOutlined, SendOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { EnterpriseDashboard as Data, ExpiryItem } from '../../api/dashboard.ts';
import { menuTitle } from '../../store/permission.ts';
import { DayColumns } from './Bars.tsx';
import { FigureCard, menuPath, NoticeRow, num, StatRow } from './parts.tsx';

const QUEUES = [
  { key: 'uncommitted', title: '待提交运单', menu: 'baseManager', icon: <FormOutlined />, color: '#1890ff' },
  { key: 'unscheduled', title: '待调度运单', menu: 'dispatchManager', icon: <SendOutlined />, color: '#722ed1' },
  { key: 'unchecked', title: '待检查运单', menu: 'waybillCheckManager', icon: <SafetyCertificateOutlined />, color: '#13c2c2' },
  { key: 'undistributed', title: '待下发运单', menu: 'distributeManager', icon: <CarOutlined />, color: '#fa8c16' },
  { key: 'unread', title: '未读通知', menu: 'noticeManger', icon: <NotificationOutlined />, color: '#f5222d' },
] as const;

export default function EnterpriseDashboard({ data, theme }: { data: Partial<Data>; theme: string }) {
  const queues = (data.queues ?? {}) as Record<string, unknown>;
  const expiry = Array.isArray(data.expiry) ? data.expiry : [];
  const hazards: Partial<Data['hazards']> = data.hazards ?? {};
  const byDay = Array.isArray(data.waybillsByDay) ? data.waybillsByDay : [];

  return (
    <div data-testid="dashboard-enterprise">
      <StatRow cards={QUEUES} values={queues} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <FigureCard title="本月运单" testId="dashboard-waybills-by-day" empty="本月暂无运单">
            {byDay.length === 0 ? null : <DayColumns days={byDay.map((d) => ({ date: String(d.date), count: num(d.count) }))} color={theme} testId="dashboard-days" />}
          </FigureCard>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="隐患排查" data-testid="dashboard-hazards" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              {/* only the figures the server sends: nothing is made up here */}
              {[
                { key: 'open', label: '未销号隐患', value: hazards.open, menu: 'hazardHandleManager', danger: false },
                { key: 'major', label: '重大隐患', value: hazards.major, menu: 'hazardRegisterManager', danger: true },
                { key: 'overdue', label: '逾期未整改', value: hazards.overdue, menu: 'hazardHandleManager', danger: true },
              ]
                .filter((h) => h.key === 'open' || h.value != null)
                .map((h, _i, all) => (
                  <Col key={h.key} span={24 / all.length}>
                    <HazardStat label={h.label} value={h.value} menu={h.menu} danger={h.danger} />
                  </Col>
                ))}
            </Row>
          </Card>
          <ExpiryCard items={expiry} />
        </Col>
      </Row>
      <NoticeRow notices={data.notices} />
    </div>
  );
}

function HazardStat({ label, value, menu, danger }: { label: string; value: unknown; menu: string; danger?: boolean }) {
  const path = menuPath(menu);
  const n = num(value);
  const content = (
    <div style={{ textAlign: 'center' }}>
      <div style={{ fontSize: 26, fontWeight: 600, color: danger && n > 0 ? '#f5222d' : undefined }}>{n}</div>
      <div style={{ color: '#909399' }}><AlertOutlined /> {label}</div>
    </div>
  );
  return path ? <Link to={path}>{content}</Link> : content;
}

/**
 * 到期预警 by kind: a small fixed table (one row per kind) drawn as an HTML table in antd's colours — antd's Table
 * (sorting, paging, selection) would add ~48 KB to the dashboard's first load (its budget: e2e/shell/bundle.test.ts).
 */
function ExpiryCard({ items }: { items: ExpiryItem[] }) {
  const { token } = theme.useToken();
  const cell: CSSProperties = { padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` };
  const head: CSSProperties = { ...cell, background: token.colorFillAlter, fontWeight: 600, textAlign: 'left' };
  const mid: CSSProperties = { textAlign: 'center' };
  return (
    <Card title={<span><AuditOutlined /> 到期预警</span>} data-testid="dashboard-expiry" styles={{ body: { padding: 0 } }}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无到期预警" />
      ) : (
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr><th style={head}>证件类别</th><th style={{ ...head, ...mid }}>即将到期</th><th style={{ ...head, ...mid }}>已过期</th></tr>
          </thead>
          <tbody>
            {items.map((r) => {
              const title = r.title || menuTitle(r.kind);
              const path = menuPath(r.kind);
              return (
                <tr key={r.kind}>
                  <td style={cell}>{path ? <Link to={path}>{title}</Link> : title}</td>
                  <td style={{ ...cell, ...mid }}><Tag color={num(r.due) ? 'warning' : 'default'}>{num(r.due)}</Tag></td>
                  <td style={{ ...cell, ...mid }}><Tag color={num(r.overdue) ? 'error' : 'default'}>{num(r.overdue)}</Tag></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Card>
  );
}
