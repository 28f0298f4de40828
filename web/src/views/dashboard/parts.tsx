/** Building blocks of both dashboards: a stat card (linking to its list when the user holds the menu) and the notice list. */
import { Card, Empty, List, Statistic, Typography } from 'antd';
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
        <List
          size="small"
          dataSource={list}
          renderItem={(n) => {
            const when = n.publishedAt ?? n.createdAt;
            return (
              <List.Item extra={<Typography.Text type="secondary">{when ? relativeTime(new Date(when)) : ''}</Typography.Text>}>
                <Typography.Text strong={n.read === false} ellipsis style={{ maxWidth: '100%' }}>
                  {path ? <Link to={path}>{n.title}</Link> : n.title}
                </Typography.Text>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
