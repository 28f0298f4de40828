/**
 * 通知公告 (noticeManger): 收到的通知 — those addressed to the user, unread marked, opening one records
 * 已读; 本单位发布 — the unit's own notices (草稿 → 发布 → 撤回) with how many of the addressees have read each. The
 * info page shows the notice, and to its publishing unit every addressee's state with 提醒未读. 人员通知
 * (personnelNoticeManager): an enterprise's notices to its staff, read through the shared 阅知 (components/StaffReads).
 */
import { useEffect, useState } from 'react';
import { Button, Card, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ResourcePage, formatDateTime, useCan, useSave } from '../../components/resource';
import { ResourceEditPage, ResourceInfoPage } from '../../components/resource/ResourcePages';
import { refreshAfterWrite } from '../../components/resource/api';
import { useUserSide } from '../../components/resource/permission';
import type { Row } from '../../components/resource/types';
import { AcknowledgeButton, MyStaffReads, StaffReadsCard } from '../../components/StaffReads';
import { notice, staffNotice } from '@dg/core';
import { WorkflowState, useStepWrite } from '../../components/workflow';
import { noticeReads, publishStaffNotice, readNotice, remindNotice, stepNotice, type NoticeReceipt } from './api';
import { NOTICE_PATHS } from './paths';

const paths = NOTICE_PATHS.notice;

function NoticeSteps({ row, link }: { row: Row; link?: boolean }) {
  const canPublish = useCan('noticeManger:btn_publish');
  const publish = useStepWrite(notice, (r: Row) => stepNotice('publish', r));
  const withdraw = useStepWrite(notice, (r: Row) => stepNotice('withdraw', r));
  if (!canPublish || !row.mine) return null;
  const size = link ? 'small' as const : undefined;
  if (row.state === '草稿') return (
    <Popconfirm title="发布后通知将送达所选对象，且不能再修改。确定发布？" okText="发布" onConfirm={() => publish.save(row)}>
      <Button type={link ? 'link' : 'primary'} size={size} loading={publish.saving} data-testid={`publish-${row.id}`}>发布</Button>
    </Popconfirm>
  );
  if (row.state === '已发布') return (
    <Popconfirm title="撤回后接收人将看不到该通知。确定撤回？" okText="撤回" onConfirm={() => withdraw.save(row)}>
      <Button type="link" size={size} danger loading={withdraw.saving}>撤回</Button>
    </Popconfirm>
  );
  return null;
}

export function NoticeList() {
  const navigate = useNavigate();
  const canWrite = useCan('noticeManger:btn_add');
  // an authority mostly publishes, an enterprise mostly receives
  const [tab, setTab] = useState<'received' | 'sent'>(useUserSide() === 'government' && canWrite ? 'sent' : 'received');
  const common = { resourceKey: 'notice', onDetail: (r: Row) => navigate(paths.info(r.id)) };
  return (
    <>
      {canWrite && <Tabs activeKey={tab} onChange={(k) => setTab(k as 'received' | 'sent')} style={{ marginBottom: 0 }}
        items={[{ key: 'received', label: '收到的通知' }, { key: 'sent', label: '本单位发布' }]} />}
      {tab === 'received' ? (
        <ResourcePage key="received" {...common} title="收到的通知" noWrite fixedFilters={{ box: 'received' }}
          columns={['title', 'noticeType', 'publisherName', 'publishedAt', 'unread']} />
      ) : (
        <ResourcePage key="sent" {...common} title="本单位发布的通知" fixedFilters={{ box: 'sent' }} rowEditable={(r) => r.state === '草稿'}
          columns={['title', 'noticeType', 'audience', 'state', 'publishedAt', 'readCount', 'readTotal']}
          onAdd={() => navigate(paths.edit())} onEdit={(r) => navigate(paths.edit({ id: r.id }))}
          extraActions={(row) => <NoticeSteps row={row} link />} />
      )}
    </>
  );
}

export function NoticeEdit() {
  return <ResourceEditPage resourceKey="notice" paths={paths} title={{ add: '新增通知', edit: '编辑通知' }} />;
}

/** the addressees of the unit's own notice: 已读/未读 with counts, and 提醒未读 */
function Receipts({ row }: { row: Row }) {
  const canRemind = useCan('noticeManger:btn_publish');
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['notice', 'reads', row.id], queryFn: () => noticeReads(row.id), enabled: Boolean(row.mine) && row.state !== '草稿' });
  const { save, saving } = useSave(() => remindNotice(row.id), {
    success: (r) => `已向${r.reminded}名未读用户发送提醒消息`,
    refresh: () => queryClient.invalidateQueries({ queryKey: ['notice', 'reads', row.id] }),
  });
  if (!row.mine || row.state === '草稿') return null;
  const d = q.data;
  return (
    <Card size="small" style={{ marginTop: 16 }} data-testid="notice-receipts"
      title={<Space>接收情况{d && <Tag color={d.read === d.total ? 'success' : 'warning'}>已读 {d.read} / {d.total}</Tag>}</Space>}
      extra={canRemind && row.state === '已发布' && d && d.read < d.total && (
        <Popconfirm title={`给${d.total - d.read}名未读用户发送站内消息提醒？`} okText="提醒" onConfirm={() => save(undefined)}>
          <Button size="small" loading={saving}>提醒未读</Button>
        </Popconfirm>
      )}>
      <Table<NoticeReceipt> rowKey="userId" size="small" loading={q.isLoading} dataSource={d?.rows ?? []} pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: '单位', dataIndex: 'unitName' },
          { title: '姓名', dataIndex: 'userName', width: 140 },
          { title: '状态', dataIndex: 'readAt', width: 100, render: (v: string | null) => (v ? <Tag color="success">已读</Tag> : <Tag color="error">未读</Tag>) },
          { title: '阅读时间', dataIndex: 'readAt', width: 180, render: (v: string | null) => (v ? formatDateTime(v) : '') },
          { title: '提醒时间', dataIndex: 'remindedAt', width: 180, render: (v: string | null) => (v ? formatDateTime(v) : '') },
        ]} />
    </Card>
  );
}

/** opening a notice addressed to the user records 已读 once; the bell and the lists follow */
function MarkRead({ row }: { row: Row }) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => readNotice(row.id),
    onSuccess: () => refreshAfterWrite(queryClient, 'notice'),
  });
  const unread = row.unread === true && row.state === '已发布';
  useEffect(() => { if (unread) mutate(); }, [unread, mutate]);
  return null;
}

export function NoticeInfo() {
  return (
    <ResourceInfoPage resourceKey="notice" paths={paths} title="通知详情" editable={(r) => r.state === '草稿' && Boolean(r.mine)}
      extra={(row) => <><WorkflowState def={notice} row={row} /><NoticeSteps row={row} /></>}>
      {(row) => <><MarkRead row={row} /><Receipts row={row} /></>}
    </ResourceInfoPage>
  );
}

// 人员通知
const staffPaths = NOTICE_PATHS.staffNotice;
const STAFF_BASE = '/tzgg/staffNotice';

function PublishStaffNotice({ row, link }: { row: Row; link?: boolean }) {
  const { save, saving } = useStepWrite(staffNotice, publishStaffNotice);
  return (
    <Popconfirm title="发布后将通知所选岗位和人员，且不能再修改。确定发布？" okText="发布" onConfirm={() => save(row)}>
      <Button type={link ? 'link' : 'primary'} size={link ? 'small' : undefined} loading={saving}>发布</Button>
    </Popconfirm>
  );
}

export function StaffNoticeList() {
  const navigate = useNavigate();
  const canPublish = useCan('personnelNoticeManager:btn_publish');
  return (
    <>
      <MyStaffReads base={STAFF_BASE} title="我收到的人员通知" infoPath={staffPaths.info}
        extraColumns={[{ title: '发布时间', dataIndex: 'publishedAt', width: 180, render: (v: string) => formatDateTime(v) }]} />
      <ResourcePage resourceKey="staffNotice" title="人员通知" rowEditable={(r) => r.state === '草稿'}
        onAdd={() => navigate(staffPaths.edit())} onEdit={(r) => navigate(staffPaths.edit({ id: r.id }))} onDetail={(r) => navigate(staffPaths.info(r.id))}
        extraActions={(row) => (canPublish && row.state === '草稿' ? <PublishStaffNotice row={row} link /> : null)} />
    </>
  );
}

export function StaffNoticeEdit() {
  return <ResourceEditPage resourceKey="staffNotice" paths={staffPaths} title={{ add: '新增人员通知', edit: '编辑人员通知' }} />;
}

export function StaffNoticeInfo() {
  const canPublish = useCan('personnelNoticeManager:btn_publish');
  return (
    <ResourceInfoPage resourceKey="staffNotice" paths={staffPaths} title="人员通知详情" editable={(r) => r.state === '草稿'}
      extra={(row) => (
        <>
          <WorkflowState def={staffNotice} row={row} />
          <AcknowledgeButton row={row} base={STAFF_BASE} resourceKey="staffNotice" what="通知" />
          {canPublish && row.state === '草稿' && <PublishStaffNotice row={row} />}
        </>
      )}>
      {(row) => <StaffReadsCard row={row} base={STAFF_BASE} menu="personnelNoticeManager" resourceKey="staffNotice"
        draftHint="草稿尚未发布：发布时将通知“通知岗位”的全部在职人员和“通知人员”。" />}
    </ResourceInfoPage>
  );
}
