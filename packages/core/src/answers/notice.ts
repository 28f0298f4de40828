/**
 * What 通知公告, 人员通知 and 站内消息 answer (server/src/modules/notice), and the 阅知 by staff (platform/staff-reads.ts)
 * that 人员通知 shares with 制度流程 (answers/regime.ts): each answers it under its own base.
 */
import { z } from 'zod';
import { instant, type Wire } from '../answer.ts';
import { STAFF_NOTICE_STATES } from '../resources/notice.ts';
import { fileRef, pageOf } from './list.ts';

/** an attachment as a file field or a message stores it */

// ───────────────────────── 阅知 by staff ─────────────────────────

/** one person asked to read it; `recordedBy` names the manager who recorded a paper sign-off */
const staffRead = z.object({ staffId: z.string(), staffName: z.string(), post: z.string().nullable(), readAt: instant.nullable(), recordedBy: z.string().nullable() });
/** one thing the signed-in person was asked to read */
const myRead = z.object({ id: z.string(), title: z.string(), readAt: instant.nullable() });
/** what the signed-in person was asked to read, with the subject's own `columns`; `linked`: the account stands for a staff record */
export const myReadsOf = <S extends z.ZodRawShape>(columns: S) => z.object({ linked: z.boolean(), rows: z.array(myRead.extend(columns)) });

export const staffReadAnswers = {
  reads: z.array(staffRead),
  recorded: z.object({ recorded: z.number() }),
  /** the rows as every subject has them (the web's shared pieces read these) */
  mine: myReadsOf({}),
  read: z.object({ readAt: instant }),
};

// ───────────────────────── 通知公告, 人员通知 ─────────────────────────

/** an addressee of a notice as its publisher sees them */
const noticeReceipt = z.object({
  userId: z.string(), userName: z.string(), unitName: z.string().nullable(), readAt: instant.nullable(), remindedAt: instant.nullable(),
});

// ───────────────────────── 站内消息 ─────────────────────────

const inboxRow = z.object({
  id: z.string(), subject: z.string(), senderName: z.string(), senderUnit: z.string().nullable(), createdAt: instant, readAt: instant.nullable(),
  hasAttachments: z.boolean(),
});
const sentRow = z.object({
  id: z.string(), subject: z.string(), recipientsText: z.string().nullable(), createdAt: instant, recipientCount: z.number(), readCount: z.number(),
});
const recipient = z.object({ userName: z.string(), unitName: z.string().nullable(), readAt: instant.nullable() });
/** a message opened: `readAt` is the reader's own; its sender also sees every recipient's state */
const message = z.object({
  id: z.string(), subject: z.string(), content: z.string(), attachments: z.array(fileRef).nullable(), senderName: z.string(), senderUnit: z.string().nullable(),
  recipientsText: z.string().nullable(), createdAt: instant, readAt: instant.nullable(), recipients: z.array(recipient).optional(),
});
/** an organisation, an enterprise or an account a sender may pick */
const target = z.object({ id: z.string(), name: z.string() });

export const noticeAnswers = {
  reads: z.object({ total: z.number(), read: z.number(), rows: z.array(noticeReceipt) }),
  reminded: z.object({ reminded: z.number() }),
  /** null where the reader was not addressed */
  read: z.object({ readAt: instant.nullable() }),
  myStaffNotices: myReadsOf({ publishedAt: instant.nullable(), state: z.enum(STAFF_NOTICE_STATES) }),
  sent: z.object({ id: z.string(), recipients: z.number() }),
  /** unread first; `unread` counts the whole box's */
  inbox: pageOf(inboxRow).extend({ unread: z.number() }),
  sentList: pageOf(sentRow),
  message,
  markedRead: z.object({ read: z.number() }),
  deleted: z.null(),
  targets: z.array(target),
};

export type StaffRead = Wire<typeof staffRead>;
export type MyRead = Wire<typeof myRead>;
export type NoticeReceipt = Wire<typeof noticeReceipt>;
export type InboxRow = Wire<typeof inboxRow>;
export type SentRow = Wire<typeof sentRow>;
export type MessageTarget = Wire<typeof target>;
