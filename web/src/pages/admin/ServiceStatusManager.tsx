/**
 * 服务状态监控: per instance — DB round trip, connection pool, memory, event-loop lag, uptime,
 * requests per minute and error rate; refreshed every 10 s. Prometheus reads the same at /api/metrics.
 */
import { Badge, Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { serviceStatus, type OtherStatus, type SelfStatus } from './api';
import { REFRESH_MS, bytes, duration, time } from './format';

function SelfCard({ s }: { s: SelfStatus }) {
  const items: [string, string | number, string?][] = [
    ['数据库往返', s.dbMs ?? '-', 'ms'],
    ['连接池（总/空闲/等待）', `${s.pool.total} / ${s.pool.idle} / ${s.pool.waiting}`],
    ['常驻内存', bytes(s.memory.rss)],
    ['堆内存', `${bytes(s.memory.heapUsed)} / ${bytes(s.memory.heapTotal)}`],
    ['事件循环延迟（均值/P99）', `${s.eventLoopLag.meanMs} / ${s.eventLoopLag.p99Ms}`, 'ms'],
    ['运行时长', duration(s.uptime)],
    ['每分钟请求', s.requestsPerMinute],
    ['错误率', s.errorRate, '%'],
  ];
  return (
    <Card title={<><Badge status="success" /> 当前实例 {s.host}（进程 {s.pid}）</>} extra={`版本 ${s.version}，启动于 ${time(s.startedAt)}`} style={{ marginBottom: 16 }}>
      <Row gutter={[16, 16]}>
        {items.map(([title, value, suffix]) => (
          <Col key={title} xs={12} md={6}><Statistic title={title} value={value} suffix={suffix} /></Col>
        ))}
      </Row>
    </Card>
  );
}

function OtherCard({ s }: { s: OtherStatus }) {
  return (
    <Card size="small" title={<><Badge status={s.status === '在线' ? 'success' : 'default'} /> {s.host}（进程 {s.pid}）</>} extra={`最后心跳 ${time(s.heartbeatAt)}`}>
      <Row gutter={[16, 16]}>
        <Col span={8}><Statistic title="状态" value={s.status} /></Col>
        <Col span={8}><Statistic title="常驻内存" value={bytes(s.memory.rss)} /></Col>
        <Col span={8}><Statistic title="连接池（总/空闲/等待）" value={s.pool ? `${s.pool.total} / ${s.pool.idle} / ${s.pool.waiting}` : '-'} /></Col>
        <Col span={8}><Statistic title="运行时长" value={duration(s.uptime)} /></Col>
        <Col span={8}><Statistic title="每分钟请求" value={s.requestsPerMinute ?? '-'} /></Col>
        <Col span={8}><Statistic title="错误率" value={s.errorRate} suffix="%" /></Col>
      </Row>
    </Card>
  );
}

export default function ServiceStatusManager() {
  const status = useQuery({ queryKey: ['admin', 'serviceStatus'], queryFn: serviceStatus, refetchInterval: REFRESH_MS });
  if (!status.data) return status.isError ? <Empty description="加载失败" /> : <Spin />;
  return (
    <div>
      <SelfCard s={status.data.self} />
      <Card title="其他实例" extra={<span style={{ color: '#999' }}>每10秒自动刷新</span>}>
        {status.data.others.length ? (
          <Row gutter={[16, 16]}>{status.data.others.map((o) => <Col key={o.id} xs={24} lg={12}><OtherCard s={o} /></Col>)}</Row>
        ) : <Empty description="没有其他实例" />}
      </Card>
    </div>
  );
}
