/**
 * 链路监控: this instance's recent requests (filter by path, status, minimum duration) and slow
 * requests; a drawer shows one request's spans (auth, each SQL query) against its total.
 */
import { useState } from 'react';
import { Button, Card, Drawer, Form, Input, InputNumber, Progress, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { recentTraces, slowTraces, traceOf, type TraceBrief } from './api';
import { REFRESH_MS, time } from './format';

const statusTag = (s: number) => <Tag color={s >= 500 ? 'error' : s >= 400 ? 'warning' : 'success'}>{s}</Tag>;

function TraceTable({ rows, loading, onOpen }: { rows: TraceBrief[]; loading: boolean; onOpen: (id: string) => void }) {
  return (
    <Table<TraceBrief>
      rowKey="traceId" size="small" loading={loading} dataSource={rows} scroll={{ x: 'max-content' }} pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 条` }}
      columns={[
        { title: '追踪号', dataIndex: 'traceId', render: (v: string) => <Button type="link" size="small" onClick={() => onOpen(v)}>{v}</Button> },
        { title: '方法', dataIndex: 'method', width: 80 },
        { title: '路径', dataIndex: 'path', ellipsis: true },
        { title: '状态', dataIndex: 'status', width: 80, render: statusTag },
        { title: '耗时(ms)', dataIndex: 'ms', width: 100, sorter: (a, b) => a.ms - b.ms },
        { title: '用户', dataIndex: 'user', width: 120, render: (v: string | null) => v ?? '-' },
        { title: '时间', dataIndex: 'at', width: 170, render: time },
        { title: '跨度', dataIndex: 'spans', width: 70 },
      ]}
    />
  );
}

function TraceDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const trace = useQuery({ queryKey: ['admin', 'trace', id], queryFn: () => traceOf(id) });
  const t = trace.data;
  return (
    <Drawer open title={`链路 ${id}`} size={720} onClose={onClose} destroyOnHidden>
      {t && (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <Typography.Text code>{t.method}</Typography.Text><Typography.Text>{t.path}</Typography.Text>{statusTag(t.status)}
            <Typography.Text>共 {t.ms} ms</Typography.Text><Typography.Text type="secondary">{t.user ?? '-'} · {time(t.at)}</Typography.Text>
          </Space>
          <Table
            rowKey={(_r, i) => String(i)} size="small" pagination={false} dataSource={t.spans}
            columns={[
              { title: '跨度', dataIndex: 'name', render: (v: string) => <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12 }}>{v}</Typography.Text> },
              { title: '耗时(ms)', dataIndex: 'ms', width: 90 },
              { title: '占比', key: 'share', width: 160, render: (_: unknown, s: { ms: number }) => <Progress percent={t.ms ? Math.min(100, Math.round((s.ms / t.ms) * 100)) : 0} size="small" /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

export default function ServiceTraceManager() {
  const [filter, setFilter] = useState<{ path?: string; status?: number; minMs?: number }>({});
  const [open, setOpen] = useState<string | null>(null);
  const recent = useQuery({ queryKey: ['admin', 'traces', filter], queryFn: () => recentTraces({ ...filter, limit: 500 }), refetchInterval: REFRESH_MS });
  const slow = useQuery({ queryKey: ['admin', 'slowTraces'], queryFn: slowTraces, refetchInterval: REFRESH_MS });
  const [form] = Form.useForm();
  return (
    <Card>
      <Tabs items={[
        {
          key: 'recent', label: '最近请求',
          children: (
            <>
              <Form form={form} layout="inline" style={{ marginBottom: 16 }} onFinish={(v) => setFilter({ path: v.path?.trim() || undefined, status: v.status ?? undefined, minMs: v.minMs ?? undefined })}>
                <Form.Item name="path" label="路径"><Input allowClear placeholder="包含的路径" /></Form.Item>
                <Form.Item name="status" label="状态"><InputNumber min={1} max={599} placeholder="如 200 或 5" /></Form.Item>
                <Form.Item name="minMs" label="最短耗时"><InputNumber min={0} suffix="ms" /></Form.Item>
                <Space><Button type="primary" htmlType="submit">查询</Button><Button onClick={() => { form.resetFields(); setFilter({}); }}>重置</Button></Space>
              </Form>
              <TraceTable rows={recent.data?.rows ?? []} loading={recent.isLoading} onOpen={setOpen} />
            </>
          ),
        },
        { key: 'slow', label: `慢请求${slow.data ? `（≥${slow.data.slowMs} ms）` : ''}`, children: <TraceTable rows={slow.data?.rows ?? []} loading={slow.isLoading} onOpen={setOpen} /> },
      ]} />
      {open && <TraceDrawer id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
