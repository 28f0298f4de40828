/** Building blocks of both dashboards: a stat card (linking to its list when the user holds the menu) and the notice list. */
import { Card, Col, Empty, Row, Statistic, theme } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '@dg/core';
import type { NoticeItem } from '../../api/dashboard.ts';
import { routeByCode } from '../../store/permission.ts';

export const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** the path of a granted menu page, or undefined */
export const menuPath = (code: string): string | undefined => {
  const r = routeByCode(code);
  return r && !r.isDir ? r.path : undefined;
};

export function StatCard({ title, value, menu, icon, color, testId }: { title: string; value: unknown; menu?: string; icon?: ReactNode; color?: string; testId: string }) {
  const path = menu ? menuPath(menu) : undefined;
  const body = (
    <Card hoverable={!!path} data-testid={testId} styles={{ body: { padding: 20 } }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Statistic title={title} value={num(value)} />
        {icon && <span style={{ fontSize: 40, color: color ?? '#1890ff', opacity: 0.85 }}>{icon}</span>}
      </div>
    </Card>
  );
  return path ? <Link to={path}>{body}</Link> : body;
}

export function NoticeList({ notices }: { notices: NoticeItem[] | undefined }) {
  const path = menuPath('noticeManger');
  const list = Array.isArray(notices) ? notices : [];
  const { token } = theme.useToken();
  return (
    <Card
      title="最新通知"
      extra={path ? <Link to={path}>更多 <RightOutlined /></Link> : null}
      data-testid="dashboard-notices"
      style={{ height: '100%' }}
    >
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" />
      ) : (
        // a plain list of links (antd's List brings its pager, and with it Select and the form library, and
        // Typography its editor and the input library, into the dashboard's first load and its budget)
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((n) => {
            const when = n.publishedAt;
            return (
              <li key={n.id} style={{ display: 'flex', alignItems: 'baseline', gap: 12, padding: '8px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
                <span title={n.title} style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {path ? <Link to={path}>{n.title}</Link> : n.title}
                </span>
                <span style={{ flex: 'none', color: token.colorTextSecondary }}>{when ? relativeTime(new Date(when)) : ''}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

export interface StatDef { key: string; title: string; menu?: string; icon?: ReactNode; color?: string }

/** the row of stat cards at the top of a dashboard, five to a row on a wide screen */
export function StatRow({ cards, values }: { cards: readonly StatDef[]; values: Record<string, unknown> }) {
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.key} xs={24} sm={12} lg={8} xl={{ flex: '20%' }}>
          <StatCard title={c.title} value={values[c.key]} menu={c.menu} icon={c.icon} color={c.color} testId={`dashboard-card-${c.key}`} />
        </Col>
      ))}
    </Row>
  );
}

/** a board's figure in a card, or what is missing when there is nothing to show */
export function FigureCard({ title, testId, empty, children }: { title: string; testId: string; empty: string; children: ReactNode | null }) {
  return (
    <Card title={title} data-testid={testId}>
      {children ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ height: 268, paddingTop: 80 }} />}
    </Card>
  );
}

/** the last row of both dashboards */
export function NoticeRow({ notices }: { notices: NoticeItem[] | undefined }) {
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col span={24}>
        <NoticeList notices={notices} />
      </Col>
    </Row>
  );
}
