/**
 * 站内消息 (messageSend): 收件箱 — unread first, opening one reads it, 全部标为已读, 删除 for oneself;
 * 发消息 — recipients by organisation, enterprise or account within the sender's reach (the server checks again),
 * subject, content, attachments; 已发送 — each message with how many recipients have read it, and who. 业务大厅's
 * 消息 is the same inbox; deleting is each recipient's own business, so it needs no element code. The lists are PagedTable's, their page and filters in the URL.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Descriptions, Drawer, Form, Input, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AttachmentLinks, formatDateTime, useSave } from '../../components/resource';
import PagedTable, { usePagedList } from '../../components/resource/PagedTable';
import Upload, { valuesAfterUploads } from '../../components/Upload';
import { follows, invalidateKeys } from '../../app/live';
import {
  deleteMessage, inbox, markMessagesRead, messageTargets, openMessage, sendMessage, sentMessages, type Inbox, type InboxRow, type SentRow, type Target,
} from './api';

/** the messages' queries, under the key the server's live events name them by (app/live.ts) */
const MESSAGES = ['message'];

/** a message opened in a drawer: the recipient reads it; the sender sees who has */
function MessageDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: [...MESSAGES, 'one', id], queryFn: () => openMessage(id!), enabled: Boolean(id) });
  const m = q.data;
  useEffect(() => {
    // the inbox and the bell follow; the opened message itself is what changed them
    if (m && m.readAt) void queryClient.invalidateQueries({ predicate: (x) => follows(x, 'message') && x.queryKey[1] !== 'one' });
  }, [m, queryClient]);
  return (
    <Drawer open={Boolean(id)} onClose={onClose} size={640} title={m?.subject ?? '消息'} destroyOnHidden data-testid="message-drawer">
      {m && (
        <>
          <Descriptions column={1} size="small" bordered items={[
            { key: 'from', label: '发件人', children: `${m.senderName}${m.senderUnit ? `（${m.senderUnit}）` : ''}` },
            { key: 'at', label: '时间', children: formatDateTime(m.createdAt) },
            ...(m.recipientsText ? [{ key: 'to', label: '收件人', children: m.recipientsText }] : []),
            ...(m.attachments?.length ? [{ key: 'files', label: '附件', children: <AttachmentLinks value={m.attachments} /> }] : []),
          ]} />
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }} data-testid="message-content">{m.content}</Typography.Paragraph>
          {m.recipients && (
            <Table rowKey={(r) => `${r.unitName}-${r.userName}`} size="small" dataSource={m.recipients} pagination={{ pageSize: 10, hideOnSinglePage: true }}
              title={() => `阅读情况：已读 ${m.recipients!.filter((r) => r.readAt).length} / ${m.recipients!.length}`}
              columns={[
                { title: '单位', dataIndex: 'unitName' }, { title: '姓名', dataIndex: 'userName', width: 120 },
                { title: '状态', dataIndex: 'readAt', width: 160, render: (v: string | null) => (v ? <Tag color="success">已读 {formatDateTime(v)}</Tag> : <Tag color="error">未读</Tag>) },
              ]} />
          )}
        </>
      )}
    </Drawer>
  );
}

export function InboxPage() {
  const queryClient = useQueryClient();
  const list = usePagedList<InboxRow, Inbox>('inbox', {
    queryKey: ({ page, size, filters }) => [...MESSAGES, 'inbox', { page, size, filters }],
    request: ({ page, size, filters }) => inbox({ page, size, unreadOnly: filters.unreadOnly === true, q: typeof filters.q === 'string' && filters.q ? filters.q : undefined }),
  });
  const { filters } = list;
  const unreadOnly = filters.unreadOnly === true;
  const q = typeof filters.q === 'string' ? filters.q : '';
  const unread = list.query.data?.unread;
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => invalidateKeys(queryClient, ['message']);
  const readAll = useSave(markMessagesRead, { success: (r) => `已将${r.read}条消息标为已读`, refresh });
  const remove = useSave(deleteMessage, { success: '已删除', refresh });
  const { rows } = list;
  return (
    <Card title={<Space>收件箱{Boolean(unread) && <Badge count={unread} overflowCount={99} />}</Space>} data-testid="inbox"
      extra={<Space wrap>
        <Input.Search allowClear placeholder="主题或发件单位" defaultValue={q} style={{ width: 220 }} onSearch={(v) => list.search({ ...filters, q: v || undefined })} />
        <Switch checked={unreadOnly} onChange={(v) => list.search({ ...filters, unreadOnly: v || undefined })} checkedChildren="只看未读" unCheckedChildren="全部" />
        <Button disabled={!rows.some((r) => !r.readAt)} loading={readAll.saving} onClick={() => readAll.save(rows.filter((r) => !r.readAt).map((r) => r.id))}>本页标为已读</Button>
      </Space>}>
      <PagedTable<InboxRow> list={list} size="large" scroll={undefined}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer', fontWeight: r.readAt ? undefined : 600 } })}
        columns={[
          { title: '', dataIndex: 'readAt', width: 70, render: (v: string | null) => (v ? <Tag>已读</Tag> : <Tag color="error">未读</Tag>) },
          { title: '主题', dataIndex: 'subject', render: (v: string, r) => <>{v}{r.hasAttachments && <Tag style={{ marginLeft: 8 }}>附件</Tag>}</> },
          { title: '发件人', dataIndex: 'senderName', width: 120 },
          { title: '发件单位', dataIndex: 'senderUnit', width: 240 },
          { title: '时间', dataIndex: 'createdAt', width: 180, valueType: 'dateTime' },
          { title: '操作', key: 'op', width: 80, render: (_: unknown, r: InboxRow) => (
            <span onClick={(e) => e.stopPropagation()}>
              <Popconfirm title="从收件箱删除这条消息？" okText="删除" onConfirm={() => remove.save(r.id)}><Button type="link" size="small" danger>删除</Button></Popconfirm>
            </span>
          ) },
        ]} />
      <MessageDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

export function SentPage() {
  const list = usePagedList<SentRow>('sent', {
    queryKey: ({ page, size }) => [...MESSAGES, 'sent', { page, size }],
    request: ({ page, size }) => sentMessages({ page, size }),
  });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card title="已发送" data-testid="sent-messages">
      <PagedTable<SentRow> list={list} size="large" scroll={undefined} onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: '主题', dataIndex: 'subject' },
          { title: '收件人', dataIndex: 'recipientsText', width: 280, ellipsis: true },
          { title: '已读', key: 'read', width: 120, render: (_: unknown, r) => <Tag color={r.readCount === r.recipientCount ? 'success' : 'warning'}>{r.readCount} / {r.recipientCount}</Tag> },
          { title: '时间', dataIndex: 'createdAt', width: 180, valueType: 'dateTime' },
        ]} />
      <MessageDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

/** a recipient picker of one kind: search in reach, several chosen */
function TargetSelect({ kind, value, onChange, placeholder }: { kind: 'org' | 'enterprise' | 'user'; value?: Target[]; onChange?: (v: Target[]) => void; placeholder: string }) {
  const [q, setQ] = useState('');
  const found = useQuery({ queryKey: [...MESSAGES, 'targets', kind, q], queryFn: () => messageTargets(kind, q) });
  const options = [...(value ?? []), ...(found.data ?? []).filter((t) => !value?.some((v) => v.id === t.id))].map((t) => ({ label: t.name, value: t.id }));
  return (
    <Select mode="multiple" showSearch={{ filterOption: false, onSearch: setQ }} placeholder={placeholder} loading={found.isFetching} options={options}
      value={(value ?? []).map((t) => t.id)} data-testid={`targets-${kind}`}
      onChange={(ids: string[]) => onChange?.(ids.map((id) => value?.find((t) => t.id === id) ?? found.data?.find((t) => t.id === id) ?? { id, name: id }))} />
  );
}

interface Draft { orgs?: Target[]; enterprises?: Target[]; users?: Target[]; subject: string; content: string; attachments?: { id: string; name: string }[] }

export function NewMessagePage() {
  const [form] = Form.useForm<Draft>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { save, saving } = useSave(sendMessage, {
    success: (r) => `已发送给${r.recipients}人`,
    refresh: () => queryClient.invalidateQueries({ queryKey: MESSAGES }),
    then: () => { form.resetFields(); navigate('/messageSend/sentMessageManager'); },
  });
  const submit = (v: Draft) => {
    const names = [...(v.orgs ?? []), ...(v.enterprises ?? []), ...(v.users ?? [])].map((t) => t.name);
    void save({
      subject: v.subject, content: v.content, attachments: v.attachments?.length ? v.attachments : undefined,
      orgIds: v.orgs?.map((t) => t.id), enterpriseIds: v.enterprises?.map((t) => t.id), userIds: v.users?.map((t) => t.id),
      recipientsText: names.length > 6 ? `${names.slice(0, 6).join('、')}等${names.length}个` : names.join('、'),
    });
  };
  const oneChosen = () => ({
    validator: () => {
      const v = form.getFieldsValue(['orgs', 'enterprises', 'users']);
      return [v.orgs, v.enterprises, v.users].some((x) => x?.length) ? Promise.resolve() : Promise.reject(new Error('请选择收件人'));
    },
  });
  return (
    <Card title="发消息" data-testid="new-message">
      <Form form={form} name="message" layout="vertical" onFinish={() => void valuesAfterUploads(form).then(submit, () => undefined)} style={{ maxWidth: 820 }}>
        <Form.Item label="收件机构" name="orgs" rules={[oneChosen]}><TargetSelect kind="org" placeholder="搜索监管机构" /></Form.Item>
        <Form.Item label="收件企业" name="enterprises" rules={[oneChosen]} help="企业的全部账户都会收到"><TargetSelect kind="enterprise" placeholder="搜索企业名称" /></Form.Item>
        <Form.Item label="收件人" name="users" rules={[oneChosen]}><TargetSelect kind="user" placeholder="搜索姓名或单位" /></Form.Item>
        <Form.Item label="主题" name="subject" rules={[{ required: true, whitespace: true, message: '请输入主题' }, { max: 100, message: '主题不能超过100个字符' }]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item label="内容" name="content" rules={[{ required: true, whitespace: true, message: '请输入内容' }, { max: 5000, message: '内容不能超过5000个字符' }]}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item label="附件" name="attachments"><Upload multiple /></Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>发送</Button>
      </Form>
    </Card>
  );
}
