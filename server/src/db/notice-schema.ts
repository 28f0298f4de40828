/**
 * 通知公告's addressees and 站内消息 (modules/notice). A published notice has one notice_read row per addressed account
 * (resolved at 发布), read when they open it; a message is written once (message) and delivered to each recipient's box
 * (message_box), which they read and may delete for themselves; the sender sees each recipient's read state.
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, timestamp, jsonb, index, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (n: string) => timestamp(n, { withTimezone: true, mode: 'date' });

export const noticeRead = pgTable('notice_read', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  noticeId: uuid('notice_id').notNull(),
  userId: uuid('user_id').notNull(),
  userName: varchar('user_name', { length: 50 }).notNull(),
  /** the addressee's unit as shown to the publisher: an enterprise's or an organisation's name */
  unitName: varchar('unit_name', { length: 100 }),
  enterpriseId: uuid('enterprise_id'),
  readAt: ts('read_at'),
  remindedAt: ts('reminded_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('notice_read_once').on(t.noticeId, t.userId),
  index('notice_read_user_idx').on(t.userId, t.createdAt),
  index('notice_read_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
]);

export const message = pgTable('message', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  senderId: uuid('sender_id'),
  senderName: varchar('sender_name', { length: 50 }).notNull(),
  /** the sender's unit: an organisation's or an enterprise's name (系统 for messages the system sends) */
  senderUnit: varchar('sender_unit', { length: 100 }),
  subject: varchar('subject', { length: 100 }).notNull(),
  content: text('content').notNull(),
  attachments: jsonb('attachments'),
  /** how the sender chose the recipients, as shown on 已发送: e.g. 企业：杭州安达…、宁波… */
  recipientsText: varchar('recipients_text', { length: 500 }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('message_sender_idx').on(t.senderId, t.createdAt)]);

export const messageBox = pgTable('message_box', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  messageId: uuid('message_id').notNull(),
  userId: uuid('user_id').notNull(),
  userName: varchar('user_name', { length: 50 }).notNull(),
  unitName: varchar('unit_name', { length: 100 }),
  readAt: ts('read_at'),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('message_box_once').on(t.messageId, t.userId),
  index('message_box_user_idx').on(t.userId, t.createdAt),
  index('message_box_unread_idx').on(t.userId).where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
]);
