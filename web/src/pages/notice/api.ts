/** 通知公告 and 站内消息 (server/src/modules/notice), through the request client. */
import { request } from '../../api/request';
import type { Row } from '../../components/resource/types';

const enc = encodeURIComponent;
export interface NoticeReceipt { userId: string; userName: string; unitName: string | null; readAt: string | null; remindedAt: string | null }

export const stepNotice = (step: 'publish' | 'withdraw', row: Row) => request<Row>({ url: `/tzgg/notice/${step}/${enc(row.id)}`, method: 'post', data: { version: row.version } });
export const noticeReads = (id: string) => request<{ total: number; read: number; rows: NoticeReceipt[] }>({ url: `/tzgg/notice/reads/${enc(id)}`, method: 'get' });
export const remindNotice = (id: string) => request<{ reminded: number }>({ url: `/tzgg/notice/remind/${enc(id)}`, method: 'post' });
export const readNotice = (id: string) => request<{ readAt: string | null }>({ url: `/tzgg/notice/read/${enc(id)}`, method: 'post', silent: true });
export const publishStaffNotice = (row: Row) => request<Row>({ url: `/tzgg/staffNotice/publish/${enc(row.id)}`, method: 'post', data: { version: row.version } });

export interface InboxRow { id: string; subject: string; senderName: string; senderUnit: string | null; createdAt: string; readAt: string | null; hasAttachments: boolean }
export interface SentRow { id: string; subject: string; recipientsText: string | null; createdAt: string; recipientCount: number; readCount: number }
export interface MessageDetail {
  id: string; subject: string; content: string; attachments: { id: string; name: string }[] | null; senderName: string; senderUnit: string | null; recipientsText: string | null;
  createdAt: string; readAt: string | null; recipients?: { userName: string; unitName: string | null; readAt: string | null }[];
}
export interface Target { id: string; name: string }

export interface Inbox { content: InboxRow[]; total: number; totalCapped?: boolean; unread: number }
export const inbox = (body: { page: number; size: number; unreadOnly?: boolean; q?: string }) =>
  request<Inbox>({ url: '/znxx/message/inbox', method: 'post', data: body });
export const sentMessages = (body: { page: number; size: number }) =>
  request<{ content: SentRow[]; total: number; totalCapped?: boolean }>({ url: '/znxx/message/sent', method: 'post', data: body });
export const openMessage = (id: string) => request<MessageDetail>({ url: `/znxx/message/info/${enc(id)}`, method: 'get' });
export const markMessagesRead = (ids: string[]) => request<{ read: number }>({ url: '/znxx/message/read', method: 'post', data: { ids } });
export const deleteMessage = (id: string) => request<null>({ url: `/znxx/message/del/${enc(id)}`, method: 'delete' });
export const messageTargets = (kind: 'org' | 'enterprise' | 'user', q: string) => request<Target[]>({ url: '/znxx/message/targets', method: 'get', params: { kind, q } });
export const sendMessage = (body: Record<string, unknown>) => request<{ id: string; recipients: number }>({ url: '/znxx/message/send', method: 'post', data: body });
