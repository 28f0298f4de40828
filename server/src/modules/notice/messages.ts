/**
 * 站内消息: a message is written once and delivered to each recipient's box. Recipients are chosen by organisation, by
 * enterprise or by account, and each choice is checked against the sender's reach: a government reaches the
 * organisations and enterprises of its jurisdiction and their accounts; an enterprise reaches its own accounts and the
 * organisations that supervise it; the platform everyone. 收件箱 lists unread first, 已读 and 删除 are the recipient's
 * own; 已发送 shows each recipient's read state. `deliver` is also how the system writes (通知企业, 提醒未读).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { noticeAnswers, Served } from '@dg/core';
import { textArray, type Db } from '../../db/index.ts';
import { regionPrefix, regionPrefixSql, type SessionUser } from '../../platform/access.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { COUNT_CAP, pagedQuery, type Paging } from '../../platform/paged.ts';
import { addRemindCounter } from '../shell/remind.ts';
import { setWarningNotifier } from '../warnings/index.ts';

export interface Outgoing { senderId: string | null; senderName: string; senderUnit: string | null; subject: string; content: string; attachments?: unknown; recipientsText: string }

/** writes the message and puts it in each user's box (inside the caller's transaction); answers its id */
export async function deliver(tx: Db, m: Outgoing, userIds: string[]): Promise<string> {
  const id = (await tx.execute<{ id: string }>(sql`insert into message (sender_id, sender_name, sender_unit, subject, content, attachments, recipients_text)
    values (${m.senderId}, ${m.senderName}, ${m.senderUnit}, ${m.subject}, ${m.content}, ${m.attachments ? JSON.stringify(m.attachments) : null}::jsonb, ${m.recipientsText.slice(0, 500)})
    returning id`)).rows[0]!.id;
  await tx.execute(sql`insert into message_box (message_id, user_id, user_name, unit_name)
    select ${id}, u.id, u.name, coalesce(e.name, o.name) from base_user u left join enterprise e on e.id = u.enterprise_id left join base_org o on o.id = u.org_id
    where u.id = any(${textArray(userIds)}::uuid[]) on conflict do nothing`);
  return id;
}

/** the accounts a sender may reach, as SQL over u (account), e (its enterprise), o (its organisation) */
function reach(user: SessionUser): SQL {
  if (user.side === 'platform' || user.isSuper) return sql`true`;
  if (user.side === 'government') {
    const p = regionPrefix(user.regionCode ?? '') + '%';
    return sql`(e.region_code like ${p} or o.region_code like ${p})`;
  }
  // an enterprise: its own accounts and those of the organisations whose jurisdiction holds it
  return sql`(u.enterprise_id = ${user.enterpriseId} or (o.id is not null and (select region_code from enterprise where id = ${user.enterpriseId}) like ${regionPrefixSql(sql`o.region_code`)} || '%'))`;
}

export interface Recipients { orgIds?: string[]; enterpriseIds?: string[]; userIds?: string[] }

/** the accounts the chosen organisations, enterprises and users stand for, each inside the sender's reach */
async function resolve(db: Db, user: SessionUser, r: Recipients) {
  const parts: SQL[] = [];
  if (r.orgIds?.length) parts.push(sql`u.org_id = any(${textArray(r.orgIds)}::uuid[])`);
  if (r.enterpriseIds?.length) parts.push(sql`u.enterprise_id = any(${textArray(r.enterpriseIds)}::uuid[])`);
  if (r.userIds?.length) parts.push(sql`u.id = any(${textArray(r.userIds)}::uuid[])`);
  if (!parts.length) throw badInput('收件人：请选择收件人');
  const rows = (await db.execute<{ id: string }>(sql`select u.id from base_user u left join enterprise e on e.id = u.enterprise_id left join base_org o on o.id = u.org_id
    where u.status = '1' and u.id <> ${user.id} and (${sql.join(parts, sql` or `)}) and ${reach(user)}`)).rows;
  if (!rows.length) throw badInput('收件人：所选单位和人员不在您可发送的范围内，或没有可用账户');
  return rows.map((x) => x.id);
}

/** who a sender may pick: organisations, enterprises and accounts in reach whose name contains `q` */
type Target = Served<typeof noticeAnswers.targets>[number];
export async function targets(db: Db, user: SessionUser, kind: 'org' | 'enterprise' | 'user', q: string): Promise<Target[]> {
  const like = `%${q}%`;
  if (kind === 'user') {
    return (await db.execute<Target>(sql`select u.id, u.name || '（' || coalesce(e.name, o.name, '平台') || '）' as name from base_user u
      left join enterprise e on e.id = u.enterprise_id left join base_org o on o.id = u.org_id
      where u.status = '1' and u.id <> ${user.id} and u.side <> 'platform' and (u.name like ${like} or coalesce(e.name, o.name, '') like ${like}) and ${reach(user)}
      order by u.name limit 30`)).rows;
  }
  if (kind === 'enterprise') {
    const scope = user.side === 'platform' || user.isSuper ? sql`true` : user.side === 'government'
      ? sql`e.region_code like ${regionPrefix(user.regionCode ?? '') + '%'}` : sql`e.id = ${user.enterpriseId}`;
    return (await db.execute<Target>(sql`select e.id, e.name from enterprise e where e.name like ${like} and ${scope} order by e.name limit 30`)).rows;
  }
  const scope = user.side === 'platform' || user.isSuper ? sql`true` : user.side === 'government'
    ? sql`o.region_code like ${regionPrefix(user.regionCode ?? '') + '%'}`
    : sql`(select region_code from enterprise where id = ${user.enterpriseId}) like ${regionPrefixSql(sql`o.region_code`)} || '%'`;
  return (await db.execute<Target>(sql`select o.id, o.name from base_org o where o.name like ${like} and ${scope} order by o.region_code, o.name limit 30`)).rows;
}

async function unitName(db: Db, user: SessionUser) {
  const r = await db.execute<{ name: string | null }>(sql`select coalesce((select name from enterprise where id = ${user.enterpriseId}), (select name from base_org where id = ${user.orgId})) as name`);
  return r.rows[0]?.name ?? '平台管理';
}

/** 发消息 */
export async function sendMessage(db: Db, user: SessionUser, body: Recipients & { subject: string; content: string; attachments?: unknown; recipientsText?: string }) {
  return db.transaction(async (tx) => {
    const userIds = await resolve(tx, user, body);
    const id = await deliver(tx, { senderId: user.id, senderName: user.name, senderUnit: await unitName(tx, user), subject: body.subject, content: body.content,
      attachments: body.attachments, recipientsText: body.recipientsText ?? `${userIds.length}人` }, userIds);
    return { id, userIds };
  });
}

/** 收件箱: the user's messages, unread first, newest first */
export async function inbox(db: Db, user: SessionUser, paging: Paging, p: { unreadOnly?: boolean; q?: string }) {
  const from = sql`message_box b join message m on m.id = b.message_id`;
  const where = sql`b.user_id = ${user.id} and b.deleted_at is null${p.unreadOnly ? sql` and b.read_at is null` : sql``}${p.q ? sql` and (m.subject like ${'%' + p.q + '%'} or m.sender_unit like ${'%' + p.q + '%'})` : sql``}`;
  return pagedQuery<Served<typeof noticeAnswers.inbox>['content'][number], { unread: number }>(db, paging, {
    select: sql`m.id, m.subject, m.sender_name as "senderName", m.sender_unit as "senderUnit", m.created_at as "createdAt", b.read_at as "readAt",
        m.attachments is not null and jsonb_array_length(m.attachments) > 0 as "hasAttachments"`,
    from, where,
    order: sql`b.read_at is not null, b.created_at desc, b.id`,
    // one person's box, counted exactly with its unread
    count: { sql: sql`select count(*)::int as n, count(*) filter (where b.read_at is null)::int as unread from ${from} where ${where}` },
    tally: (c) => ({ unread: Number(c.unread ?? 0) }),
  });
}

/** one message: the recipient (it becomes 已读) or the sender (with each recipient's state) */
type Message = Served<typeof noticeAnswers.message>;
export async function openMessage(db: Db, user: SessionUser, id: string): Promise<Message> {
  const found = (await db.execute<Omit<Message, 'readAt' | 'recipients'> & { senderId: string | null }>(sql`select id, subject, content, attachments, sender_id as "senderId",
    sender_name as "senderName", sender_unit as "senderUnit", recipients_text as "recipientsText", created_at as "createdAt" from message where id = ${id}`)).rows[0];
  if (!found) throw notFound();
  // the sender's account is how the server tells the sender: the page tells by `recipients`
  const { senderId, ...m } = found;
  const box = await db.execute<{ read_at: Date }>(sql`update message_box set read_at = coalesce(read_at, now()) where message_id = ${id} and user_id = ${user.id} and deleted_at is null returning read_at`);
  const mine = senderId === user.id;
  if (!box.rows.length && !mine) throw notFound();
  const recipients = mine ? (await db.execute<NonNullable<Message['recipients']>[number]>(sql`select user_name as "userName", unit_name as "unitName", read_at as "readAt" from message_box
    where message_id = ${id} order by read_at is not null, unit_name, user_name limit 2000`)).rows : undefined;
  return { ...m, readAt: box.rows[0]?.read_at ?? null, recipients };
}

export async function markRead(db: Db, user: SessionUser, ids: string[]) {
  const r = await db.execute(sql`update message_box set read_at = now() where user_id = ${user.id} and read_at is null and deleted_at is null
    and message_id = any(${textArray(ids)}::uuid[]) returning id`);
  return { read: r.rows.length };
}

/** 删除 from the user's own box (the sender and the other recipients keep theirs) */
export async function deleteForMe(db: Db, user: SessionUser, id: string) {
  const r = await db.execute(sql`update message_box set deleted_at = now() where user_id = ${user.id} and message_id = ${id} and deleted_at is null returning id`);
  if (!r.rows.length) throw notFound();
}

/** 已发送: the user's messages with how many recipients have read each */
export async function sent(db: Db, user: SessionUser, paging: Paging) {
  return pagedQuery<Served<typeof noticeAnswers.sentList>['content'][number]>(db, paging, {
    select: sql`m.id, m.subject, m.recipients_text as "recipientsText", m.created_at as "createdAt",
        (select count(*)::int from message_box b where b.message_id = m.id) as "recipientCount",
        (select count(*)::int from message_box b where b.message_id = m.id and b.read_at is not null) as "readCount"`,
    from: sql`message m`,
    where: sql`m.sender_id = ${user.id}`,
    order: sql`m.created_at desc, m.id`,
    count: { cap: COUNT_CAP },
  });
}

const unreadMessagesSql = (user: SessionUser) => sql`select count(*)::int from message_box where user_id = ${user.id} and read_at is null and deleted_at is null`;
export async function unreadMessages(db: Db, user: SessionUser) {
  const r = await db.execute<{ n: number }>(sql`select (${unreadMessagesSql(user)}) as n`);
  return r.rows[0]?.n ?? 0;
}

// the bell: unread messages
addRemindCounter((user) => {
  if (!user.menus.has('inboxManager') && !user.menus.has('lobbyMessageManager')) return {};
  return { unreadMessage: unreadMessagesSql(user) };
});

// 静态信息预警's 通知企业 reaches the enterprise's accounts as a message
setWarningNotifier(async (app, n) => {
  const db = app.ctx.database.db;
  await db.transaction(async (tx) => {
    const users = (await tx.execute<{ id: string }>(sql`select id from base_user where enterprise_id = ${n.enterpriseId} and status = '1'`)).rows.map((r) => r.id);
    if (!users.length) return;
    await deliver(tx, { senderId: n.from.id, senderName: n.from.name, senderUnit: await unitName(tx, n.from), subject: n.title, content: n.content,
      recipientsText: `企业：${n.enterpriseName}` }, users);
  });
  await app.ctx.events.publish({ keys: ['message'], enterprises: [n.enterpriseId] }).catch(() => {});
});
