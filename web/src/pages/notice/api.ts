/** 通知公告 and 站内消息 (server/src/modules/notice), through the request client. */
import type { Wire, noticeAnswers } from '@dg/core';
import { request } from '../../api/request';
import type { Row } from '../../components/resource/types';

export type { InboxRow, MessageTarget as Target, NoticeReceipt, SentRow } from '@dg/core';

const enc = encodeURIComponent;
type A = typeof noticeAnswers;

export const stepNotice = (step: 'publish' | 'withdraw', row: Row) => request<Row>({ url: `/tzgg/notice/${step}/${enc(row.id)}`, method: 'post', data: { version: row.version } });
export const noticeReads = (id: string) => request<Wire<A['reads']>>({ url: `/tzgg/notice/reads/${enc(id)}`, method: 'get' });
export const remindNotice = (id: string) => request<Wire<A['reminded']>>({ url: `/tzgg/notice/remind/${enc(id)}`, method: 'post' });
export const readNotice = (id: string) => request<Wire<A['read']>>({ url: `/tzgg/notice/read/${enc(id)}`, method: 'post', silent: true });
export const publishStaffNotice = (row: Row) => request<Row>({ url: `/tzgg/staffNotice/publish/${enc(row.id)}`, method: 'post', data: { version: row.version } });

export type Inbox = Wire<A['inbox']>;
export const inbox = (body: { page: number; size: number; unreadOnly?: boolean; q?: string }) =>
  request<Inbox>({ url: '/znxx/message/inbox', method: 'post', data: body });
export const sentMessages = (body: { page: number; size: number }) => request<Wire<A['sentList']>>({ url: '/znxx/message/sent', method: 'post', data: body });
export const openMessage = (id: string) => request<Wire<A['message']>>({ url: `/znxx/message/info/${enc(id)}`, method: 'get' });
export const markMessagesRead = (ids: string[]) => request<Wire<A['markedRead']>>({ url: '/znxx/message/read', method: 'post', data: { ids } });
export const deleteMessage = (id: string) => request<Wire<A['deleted']>>({ url: `/znxx/message/del/${enc(id)}`, method: 'delete' });
export const messageTargets = (kind: 'org' | 'enterprise' | 'user', q: string) =>
  request<Wire<A['targets']>>({ url: '/znxx/message/targets', method: 'get', params: { kind, q } });
export const sendMessage = (body: Record<string, unknown>) => request<Wire<A['sent']>>({ url: '/znxx/message/send', method: 'post', data: body });
