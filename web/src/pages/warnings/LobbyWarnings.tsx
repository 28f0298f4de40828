/**
 * 业务大厅 预警信息 (lobbyWarningManager): what expires soon, at a glance — a card per
 * document type (即将到期 / 已过期, each opening its 到期预警 list) over one list of everything,
 * most urgent first.
 */
import { Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LOBBY_WARNINGS } from '@dg/core/warnings';
import { routeByCode } from '../../store/permission';
import { warningSummary } from './api';
import WarningList from './WarningList';

export default function LobbyWarnings() {
  const summary = useQuery({ queryKey: ['warning', 'summary'], queryFn: warningSummary });
  return (
    <div data-testid="lobby-warnings">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {(summary.data ?? []).map((s) => {
          const path = routeByCode(s.kind)?.path;
          const body = (
            <Card size="small" hoverable={!!path} data-testid={`lobby-${s.key}`}>
              <Typography.Text type="secondary">{s.title}</Typography.Text>
              <Space size="large" style={{ marginTop: 8, display: 'flex' }}>
                <Statistic title={<Tag color="orange">即将到期</Tag>} value={s.due} styles={{ content: { color: s.due ? '#fa8c16' : undefined } }} />
                <Statistic title={<Tag color="red">已过期</Tag>} value={s.overdue} styles={{ content: { color: s.overdue ? '#f5222d' : undefined } }} />
              </Space>
            </Card>
          );
          return <Col key={s.key} xs={24} sm={12} lg={8} xxl={6}>{path ? <Link to={path}>{body}</Link> : body}</Col>;
        })}
      </Row>
      <WarningList kind={{ ...LOBBY_WARNINGS, side: 'enterprise', subjectLabel: '对象' }} showKind />
    </div>
  );
}
