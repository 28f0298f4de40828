/**
 * 通知公告: a notice is a 草稿 until 发布 resolves its audience to accounts (notice_read) — everyone in the publisher's
 * reach (a government: its jurisdiction's enterprises and organisations; an enterprise: its own accounts; the platform:
 * all), chosen regions, enterprises or roles, always inside that reach — and 撤回 takes it back from them. A user sees
 * the notices of their own unit (as publisher) and the published ones addressed to them; opening one records 已读;
 * the publisher sees each addressee's state and may remind the unread by 站内消息.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { notice, type noticeAnswers, type Served } from '@dg/core';
import { textArray, type Db } from '../../db/index.ts';
import { regionPrefix, type SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { findRow } from '../../platform/crud/query.ts';
import type { WorkflowRegistration } from '../../platform/workflow.ts';
import { addRemindCounter } from '../shell/remind.ts';
import { deliver } from './messages.ts';

/** the notices of the user's own unit (what it publishes) */
function ownUnit(user: SessionUser, t: Record<string, any>): SQL {
  if (user.side === 'platform' || user.isSuper) return sql`true`;
  if (user.side === 'enterprise') return user.enterpriseId ? sql`${t.publisherEnterpriseId} = ${user.enterpriseId}` : sql`false`;
  return user.orgId ? sql`${t.publisherOrgId} = ${user.orgId}` : sql`false`;
}
const addressed = (user: SessionUser, t: Record<string, any>) =>
  sql`(${t.state} = '已发布' and exists (select 1 from notice_read r where r.notice_id = ${t.id} and r.user_id = ${user.id}))`;

/** the publisher's reach as SQL over an account (u), its enterprise (e) and organisation (o) */
function reach(user: SessionUser): SQL {
  if (user.side === 'platform' || user.isSuper) return sql`true`;
  if (user.side === 'enterprise') return sql`u.enterprise_id = ${user.enterpriseId}`;
  const p = regionPrefix(user.regionCode ?? '') + '%';
  return sql`(e.region_code like ${p} or o.region_code like ${p})`;
}

defineHooks('notice', {
  scope: (user, t) => sql`(${ownUnit(user, t)} or ${addressed(user, t)})`,
  async beforeWrite(c, values, mode, existing) {
    if (existing && existing.state !== '草稿') throw badInput(`通知“${existing.title}”已${existing.state === '已发布' ? '发布' : '撤回'}，不能修改`);
    if (existing && !(await isMine(c.tx, c.user, existing.id))) throw forbidden('只能修改本单位的通知');
    if (mode === 'add') {
      const unit = await unitOf(c.tx, c.user);
      Object.assign(values, { state: '草稿', publishedAt: null, publisherName: unit.name, publisherOrgId: unit.orgId, publisherEnterpriseId: unit.enterpriseId });
    }
  },
  async beforeDelete(c, row) {
    if (row.state !== '草稿') throw badInput(`通知“${row.title}”已发布，不能删除；如需收回请“撤回”`);
    if (!(await isMine(c.tx, c.user, row.id))) throw forbidden('只能删除本单位的通知');
  },
  async afterRead(c, rows) {
    if (!rows.length) return;
    const ids = textArray(rows.map((r) => r.id as string));
    const counts = new Map((await c.tx.execute<{ notice_id: string; total: number; done: number; read: boolean; addressed: boolean }>(sql`
      select notice_id, count(*)::int as total, count(read_at)::int as done, bool_or(user_id = ${c.user.id} and read_at is not null) as read,
        bool_or(user_id = ${c.user.id}) as addressed
      from notice_read where notice_id = any(${ids}::uuid[]) group by notice_id`)).rows.map((x) => [x.notice_id, x]));
    const mine = new Set((await c.tx.execute<{ id: string }>(sql`select id from notice where id = any(${ids}::uuid[])
      and ${ownUnit(c.user, { publisherOrgId: sql`publisher_org_id`, publisherEnterpriseId: sql`publisher_enterprise_id` })}`)).rows.map((x) => x.id));
    for (const r of rows) {
      const x = counts.get(r.id);
      // 已读 is the reader's own: null where the reader was not addressed
      Object.assign(r, { readTotal: x?.total ?? 0, readCount: x?.done ?? 0, unread: x?.addressed ? !x.read : null, mine: mine.has(r.id) });
    }
  },
  filters: {
    /** 'sent': my unit's notices; 'received': those addressed to me */
    box: (value, t, user) => value === 'sent' ? ownUnit(user, t) : value === 'received' ? addressed(user, t) : undefined,
  },
});

/** the publishing unit of a user: an organisation, an enterprise or the platform */
async function unitOf(db: Db, user: SessionUser) {
  if (user.side === 'enterprise') {
    const e = (await db.execute<{ name: string }>(sql`select name from enterprise where id = ${user.enterpriseId}`)).rows[0];
    return { name: e?.name ?? user.name, orgId: null, enterpriseId: user.enterpriseId };
  }
  if (user.orgId) {
    const o = (await db.execute<{ name: string }>(sql`select name from base_org where id = ${user.orgId}`)).rows[0];
    return { name: o?.name ?? user.name, orgId: user.orgId, enterpriseId: null };
  }
  return { name: '平台管理', orgId: null, enterpriseId: null };
}

async function isMine(db: Db, user: SessionUser, id: string) {
  const t = { publisherOrgId: sql`publisher_org_id`, publisherEnterpriseId: sql`publisher_enterprise_id` };
  return (await db.execute(sql`select 1 from notice where id = ${id} and ${ownUnit(user, t)}`)).rows.length > 0;
}

/** the accounts a notice reaches: its audience inside the publisher's reach, the publisher excluded */
function audienceOf(user: SessionUser, row: Row): SQL {
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  switch (row.audience) {
    case 'regions': {
      const codes = list(row.regionCodes);
      if (!codes.length) throw badInput('接收地区：发送对象为“按地区”时请选择接收地区');
      if (user.side === 'government' && user.regionCode && codes.some((c) => !c.startsWith(regionPrefix(user.regionCode!)))) throw badInput('接收地区：只能选择本辖区内的地区');
      const likes = codes.map((c) => regionPrefix(c) + '%');
      return sql`(e.region_code like any(${textArray(likes)}) or o.region_code like any(${textArray(likes)}))`;
    }
    case 'enterprises': {
      const ids = list(row.enterpriseIds);
      if (!ids.length) throw badInput('接收企业：发送对象为“按企业”时请选择接收企业');
      return sql`u.enterprise_id = any(${textArray(ids)}::uuid[])`;
    }
    case 'roles': {
      const codes = list(row.roleCodes);
      if (!codes.length) throw badInput('接收角色：发送对象为“按角色”时请选择接收角色');
      return sql`exists (select 1 from base_group_member m join base_group g on g.id = m.group_id where m.user_id = u.id and g.code = any(${textArray(codes)}))`;
    }
    default: return sql`true`;
  }
}

/**
 * 发布 resolves the audience to accounts (草稿 → 已发布); 撤回 hides it from the addressees, whose read receipts are
 * kept. Declared on the definition (core notice.ts) and run by the workflow engine; a unit steps only its own notices.
 */
export const noticeWorkflow: WorkflowRegistration = {
  def: notice,
  subject: 'notice',
  hooks: {
    steps: {
      publish: async ({ user, before, tx }) => {
        if (!(await isMine(tx, user, before.id))) throw forbidden('只能发布本单位的通知');
        const r = await tx.execute(sql`insert into notice_read (notice_id, user_id, user_name, unit_name, enterprise_id)
          select ${before.id}, u.id, u.name, coalesce(e.name, o.name), u.enterprise_id
          from base_user u left join enterprise e on e.id = u.enterprise_id left join base_org o on o.id = u.org_id
          where u.status = '1' and u.id <> ${user.id} and u.side <> 'platform' and ${and(reach(user), audienceOf(user, before))}
          on conflict do nothing returning user_id`);
        if (!r.rows.length) throw badInput('发送对象：所选范围内没有可接收通知的用户');
        return { set: { publishedAt: new Date() }, opinion: `发送${r.rows.length}人` };
      },
      withdraw: async ({ user, before, tx }) => {
        if (!(await isMine(tx, user, before.id))) throw forbidden('只能撤回本单位的通知');
      },
    },
  },
  // the browsers of the addressees refetch their counts (platform/events.ts)
  after: async (app, _name, { after }) => { await app.ctx.events.publish({ keys: ['notice'], users: await noticeAddressees(app.ctx.database.db, after.id) }); },
};

/** the addressees of a notice of the user's unit, unread first, with counts */
export async function noticeReads(db: Db, user: SessionUser, id: string) {
  if (!(await findRow(db, notice, user, id)) || !(await isMine(db, user, id))) return null;
  const rows = (await db.execute<Served<typeof noticeAnswers.reads>['rows'][number]>(sql`select user_id as "userId", user_name as "userName", unit_name as "unitName",
    read_at as "readAt", reminded_at as "remindedAt" from notice_read where notice_id = ${id} order by read_at is not null, unit_name, user_name limit 5000`)).rows;
  return { total: rows.length, read: rows.filter((r) => r.readAt).length, rows };
}

/** opening a notice addressed to the user records 已读 (once) */
export async function markNoticeRead(db: Db, user: SessionUser, id: string) {
  const r = await db.execute<{ read_at: Date }>(sql`update notice_read set read_at = coalesce(read_at, now())
    where notice_id = ${id} and user_id = ${user.id} and exists (select 1 from notice n where n.id = ${id} and n.state = '已发布') returning read_at`);
  return { readAt: r.rows[0]?.read_at ?? null };
}

/** 提醒未读: a 站内消息 to every addressee who has not read it */
export async function remindUnread(db: Db, user: SessionUser, id: string) {
  const row = await findRow(db, notice, user, id);
  if (!row || !(await isMine(db, user, id))) return null;
  if (row.state !== '已发布') throw badInput('只能提醒已发布通知的未读用户');
  return db.transaction(async (tx) => {
    const unread = (await tx.execute<{ user_id: string }>(sql`update notice_read set reminded_at = now() where notice_id = ${id} and read_at is null returning user_id`)).rows.map((r) => r.user_id);
    if (!unread.length) throw badInput('全部接收人均已阅读，无需提醒');
    const unit = await unitOf(tx, user);
    await deliver(tx, { senderId: user.id, senderName: user.name, senderUnit: unit.name, subject: `请阅读通知：${row.title}`,
      content: `${unit.name}于${new Date(row.publishedAt).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' })}发布的${row.noticeType}“${row.title}”您尚未阅读，请在“通知公告”中查阅。`,
      recipientsText: `通知“${row.title}”的未读用户` }, unread);
    return { reminded: unread.length, userIds: unread };
  });
}

/** who a notice was sent to (their bells change when it is published or withdrawn) */
export async function noticeAddressees(db: Db, id: string): Promise<string[]> {
  return (await db.execute<{ user_id: string }>(sql`select user_id from notice_read where notice_id = ${id}`)).rows.map((r) => r.user_id);
}

// the bell: unread notices of the signed-in user
addRemindCounter((user) => {
  if (!user.menus.has('noticeManger')) return {};
  return { unread: sql`select count(*)::int from notice_read r join notice n on n.id = r.notice_id
    where r.user_id = ${user.id} and r.read_at is null and n.state = '已发布'` };
});
