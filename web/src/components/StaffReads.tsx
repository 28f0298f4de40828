/**
 * 阅知 by staff on the web (server: platform/staff-reads.ts), one set of pieces for every subject with the same routes
 * under its base — a regime (/aqzd/regimeDoc) and a 人员通知 (/tzgg/staffNotice): `${base}/reads/:id`,
 * `${base}/recordReads/:id`, `${base}/mine`, `${base}/read/:id`.
 * - MyStaffReads: what the signed-in person (an account linked to a staff record) was sent, unread first;
 * - StaffReadsCard: who was asked and who has read it, with 登记签阅 for paper sign-offs;
 * - AcknowledgeButton: 我已阅知 for the person asked.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { elementOf, type MenuCode, type MyRead, type StaffRead, type Wire, type staffReadAnswers } from '@dg/core';
import { request } from '../api/request';
import { formatDateTime, useCan, useSave } from './resource';
import { queryKeys } from './resource/api';
import type { Row } from './resource/types';
import { invalidateKeys } from '../app/live';

const enc = encodeURIComponent;
const mineKey = (base: string) => ['staffReads', base, 'mine'];
const readsKey = (base: string, id: string) => ['staffReads', base, 'reads', id];
type A = typeof staffReadAnswers;
/** every subject's rows carry its own columns beyond these (a regime's 版本), which `extraColumns` show */
const mine = (base: string) => request<Wire<A['mine']>>({ url: `${base}/mine`, method: 'get' });

export function MyStaffReads({ base, title, infoPath, extraColumns = [] }: { base: string; title: string; infoPath: (id: string) => string; extraColumns?: ColumnsType<MyRead> }) {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: mineKey(base), queryFn: () => mine(base) });
  const rows = q.data?.rows ?? [];
  if (!q.data?.linked || !rows.length) return null;
  const unread = rows.filter((r) => !r.readAt).length;
  return (
    <Card size="small" title={<Space>{title}{unread > 0 && <Tag color="error">{unread}项未阅</Tag>}</Space>} style={{ marginBottom: 16 }} data-testid="my-reads">
      <Table<MyRead> rowKey="id" size="small" pagination={false} dataSource={rows}
        columns={[
          { title: '标题', dataIndex: 'title', render: (v: string, r) => <Typography.Link onClick={() => navigate(infoPath(r.id))}>{v}</Typography.Link> },
          ...extraColumns,
          { title: '阅知', dataIndex: 'readAt', width: 200, render: (v: string | null) => (v ? <Tag color="success">已阅 {formatDateTime(v)}</Tag> : <Tag color="error">未阅</Tag>) },
          { title: '操作', width: 90, render: (_: unknown, r) => <Button type="link" size="small" onClick={() => navigate(infoPath(r.id))}>{r.readAt ? '查看' : '阅读'}</Button> },
        ]} />
    </Card>
  );
}

/** who was asked to read it; the manager (the menu's 编辑) records paper sign-offs of those who have not read it in the system */
export function StaffReadsCard({ row, base, menu, resourceKey, draftHint }: { row: Row; base: string; menu: MenuCode; resourceKey: string; draftHint: ReactNode }) {
  const canRecord = useCan(elementOf(menu, 'btn_edit'));
  const queryClient = useQueryClient();
  const reads = useQuery({ queryKey: readsKey(base, row.id), queryFn: () => request<Wire<A['reads']>>({ url: `${base}/reads/${enc(row.id)}`, method: 'get' }), enabled: row.state !== '草稿' });
  const [picked, setPicked] = useState<string[]>([]);
  // a company asks dozens of drivers: the manager looks either for who is still missing or for who has read
  const [show, setShow] = useState<'all' | 'unread' | 'read'>('all');
  const { save, saving } = useSave((staffIds: string[]) => request<Wire<A['recorded']>>({ url: `${base}/recordReads/${enc(row.id)}`, method: 'post', data: { staffIds } }), {
    success: (r) => `已登记${r.recorded}人签阅`,
    refresh: async () => { await queryClient.invalidateQueries({ queryKey: readsKey(base, row.id) }); await queryClient.invalidateQueries({ queryKey: queryKeys.all(resourceKey) }); },
    then: () => setPicked([]),
  });
  if (row.state === '草稿') return <Alert type="info" showIcon title={draftHint} style={{ marginTop: 16 }} />;
  const list = reads.data ?? [];
  const done = list.filter((r) => r.readAt).length;
  const shown = show === 'all' ? list : list.filter((r) => Boolean(r.readAt) === (show === 'read'));
  return (
    <Card size="small" style={{ marginTop: 16 }} data-testid="staff-reads"
      title={<Space>阅知情况<Tag color={done === list.length ? 'success' : 'warning'}>已阅 {done} / {list.length}</Tag></Space>}
      extra={<Space>
        <Segmented size="small" value={show} onChange={(v) => setShow(v as typeof show)} data-testid="staff-reads-show"
          options={[{ value: 'all', label: '全部' }, { value: 'unread', label: `未阅 ${list.length - done}` }, { value: 'read', label: `已阅 ${done}` }]} />
        {canRecord && <Button size="small" disabled={!picked.length} loading={saving} onClick={() => save(picked)} data-testid="record-reads">登记签阅（{picked.length}）</Button>}
      </Space>}>
      <Table<StaffRead> rowKey="staffId" size="small" loading={reads.isLoading} dataSource={shown} pagination={{ pageSize: 20, hideOnSinglePage: true }}
        rowSelection={canRecord ? { selectedRowKeys: picked, onChange: (keys) => setPicked(keys as string[]), getCheckboxProps: (r) => ({ disabled: Boolean(r.readAt) }) } : undefined}
        columns={[
          { title: '姓名', dataIndex: 'staffName' },
          { title: '岗位', dataIndex: 'post', width: 140 },
          { title: '阅知', dataIndex: 'readAt', width: 120, render: (v: string | null) => (v ? <Tag color="success">已阅</Tag> : <Tag color="error">未阅</Tag>) },
          { title: '阅知时间', dataIndex: 'readAt', width: 180, render: (v: string | null) => (v ? formatDateTime(v) : '') },
          { title: '方式', dataIndex: 'recordedBy', width: 160, render: (v: string | null, r) => (!r.readAt ? '' : v ? `纸质签阅（${v}登记）` : '系统内阅知') },
        ]} />
    </Card>
  );
}

/** 我已阅知, for a person asked to read it */
export function AcknowledgeButton({ row, base, resourceKey, what }: { row: Row; base: string; resourceKey: string; what: string }) {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: mineKey(base), queryFn: () => mine(base) });
  const me = q.data?.rows.find((r) => r.id === row.id);
  const { save, saving } = useSave(() => request<Wire<A['read']>>({ url: `${base}/read/${enc(row.id)}`, method: 'post' }), {
    success: '已确认阅知',
    refresh: async () => {
      // the 已阅 count of the row, the lists and the bell
      await invalidateKeys(queryClient, ['staffReads', resourceKey]);
    },
  });
  if (!me) return null;
  if (me.readAt) return <Tag color="success">您已于{formatDateTime(me.readAt)}阅知</Tag>;
  return (
    <Popconfirm title={`确认已认真阅读本${what}并遵照执行？`} okText="确认" onConfirm={() => save(undefined)}>
      <Button type="primary" loading={saving} data-testid="acknowledge">我已阅知</Button>
    </Popconfirm>
  );
}
