/** 服务注册: running instances, their heartbeats (every 15 s) and status (离线 after 45 s); refreshed every 10 s. */
import { Badge, Card, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { registryList, type InstanceRow } from './api';
import { REFRESH_MS, time } from './format';

export default function ServiceRegistryManager() {
  const list = useQuery({ queryKey: ['admin', 'registry'], queryFn: registryList, refetchInterval: REFRESH_MS });
  return (
    <Card title="服务注册" extra={<span style={{ color: '#999' }}>每10秒自动刷新{list.dataUpdatedAt ? `，更新于 ${time(new Date(list.dataUpdatedAt).toISOString())}` : ''}</span>}>
      <Table<InstanceRow>
        rowKey="id" size="middle" loading={list.isLoading} dataSource={list.data?.rows ?? []} pagination={false} scroll={{ x: 'max-content' }}
        columns={[
          { title: '实例', dataIndex: 'id', render: (v: string, r) => <>{v}{r.current && <Tag color="blue" style={{ marginLeft: 8 }}>当前</Tag>}</> },
          { title: '主机', dataIndex: 'host' },
          { title: '进程号', dataIndex: 'pid', width: 90 },
          { title: '版本', dataIndex: 'version', width: 90 },
          { title: '启动时间', dataIndex: 'startedAt', width: 170, render: time },
          { title: '最后心跳', dataIndex: 'heartbeatAt', width: 170, render: time },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <Badge status={v === '在线' ? 'success' : 'default'} text={v} /> },
        ]}
      />
    </Card>
  );
}
