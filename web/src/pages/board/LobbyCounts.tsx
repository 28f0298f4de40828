/**
 * 业务大厅 (businessLobby, 企): one strip over its three screens — expiry warnings, unread messages and
 * what waits for the enterprise's answer (整改通知, 督办事项, 核查单) — each count a link to the screen that lists them.
 * Counts follow their resources' changes (a save here, the server's live events: app/live.ts) like the bell.
 */
import type { ComponentType } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { menuPath } from '../../views/dashboard/parts';
import { lobbyCounts, type LobbyCounts as Counts } from './api';

const CARDS: { key: keyof Counts; title: string; menu: string; search?: string; color: string }[] = [
  { key: 'warningsOverdue', title: '证件已过期', menu: 'lobbyWarningManager', color: '#f5222d' },
  { key: 'warningsDue', title: '证件即将到期', menu: 'lobbyWarningManager', color: '#fa8c16' },
  { key: 'unreadMessages', title: '未读消息', menu: 'lobbyMessageManager', color: '#1677ff' },
  { key: 'rectNotices', title: '待整改通知', menu: 'lobbyFeedbackManager', color: '#722ed1' },
  { key: 'supervise', title: '督办事项', menu: 'lobbyFeedbackManager', search: '?tab=supervise', color: '#722ed1' },
  { key: 'checklists', title: '待签收/回复核查单', menu: 'checklistManager', color: '#13c2c2' },
];

export function LobbyCounts() {
  const { data } = useQuery({ queryKey: ['lobby', 'counts'], queryFn: lobbyCounts, meta: { live: ['message', 'rectNotice', 'supervise', 'waybill'] } });
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} data-testid="lobby-counts">
      {CARDS.map((c) => {
        const path = menuPath(c.menu);
        const n = data?.[c.key] ?? 0;
        const body = (
          <Card size="small" hoverable={!!path} data-testid={`lobby-count-${c.key}`}>
            <Statistic title={c.title} value={n} styles={{ content: { color: n ? c.color : undefined, fontSize: 22 } }} />
          </Card>
        );
        return <Col key={c.key} xs={12} md={8} xl={4}>{path ? <Link to={path + (c.search ?? '')}>{body}</Link> : body}</Col>;
      })}
    </Row>
  );
}

/** a 业务大厅 screen with the strip on top */
export const withLobbyCounts = (Page: ComponentType): ComponentType => function LobbyPage() {
  return <><LobbyCounts /><Page /></>;
};
