/**
 * 人员通知: an enterprise's notice to chosen posts and people of its staff. 草稿 until 发布 asks them to read it (the 阅知
 * of platform/staff-reads.ts, as for regimes); a person reads it through their linked account, the manager records
 * paper sign-offs. Those who only read (no 新增/编辑) see the published notices they were sent.
 */
import { sql } from 'drizzle-orm';
import { noticeAnswers, staffNotice, type Served } from '@dg/core';
import { POSTS } from '@dg/core/resources/records';
import type { Db } from '../../db/index.ts';
import { enterpriseScope, type SessionUser, holdsElement } from '../../platform/access.ts';
import { badInput } from '../../platform/errors.ts';
import { defineHooks } from '../../platform/crud/hooks.ts';
import { askToRead, myReads, readCounts, unreadCountSql } from '../../platform/staff-reads.ts';
import { tableOf } from '../../platform/crud/query.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { recordStep } from '../../platform/flow.ts';
import type { WorkflowRegistration } from '../../platform/workflow.ts';
import { addRemindCounter } from '../shell/remind.ts';

const writes = (user: SessionUser) => user.isSuper || holdsElement(user, 'personnelNoticeManager:btn_add') || holdsElement(user, 'personnelNoticeManager:btn_edit');

defineHooks('staffNotice', {
  scope: (user, t) => {
    const own = enterpriseScope(user, sql`${t.enterpriseId}`);
    return writes(user) ? own : sql`${own} and ${t.state} = '已发布'`;
  },
  beforeWrite(_c, values, mode, existing) {
    if (existing && existing.state !== '草稿') throw badInput(`人员通知“${existing.title}”已发布，不能修改`);
    if (mode === 'add') Object.assign(values, { state: '草稿', publishedAt: null });
  },
  beforeDelete(_c, row) {
    if (row.state !== '草稿') throw badInput(`人员通知“${row.title}”已发布，不能删除`);
  },
  async afterRead(c, rows) {
    const by = await readCounts(c.tx, rows.map((r) => r.id as string));
    for (const r of rows) { const x = by.get(r.id); r.readTotal = x?.total ?? 0; r.readCount = x?.done ?? 0; }
  },
});

/** 发布 (declared on the definition, core notice.ts, run by the workflow engine): the chosen posts and people are asked to read it */
export const staffNoticeWorkflow: WorkflowRegistration = {
  def: staffNotice,
  subject: 'staffNotice',
  hooks: {
    steps: {
      publish: async ({ before, tx }) => {
        const posts = (before.readerPosts ?? []) as string[];
        const people = (before.readerIds ?? []) as string[];
        if (!posts.length && !people.length) throw badInput('通知岗位：请选择通知岗位或通知人员后再发布');
        const asked = await askToRead(tx, 'staffNotice', before.id, before.enterpriseId, posts, people);
        if (!asked) throw badInput('通知人员：所选岗位和人员中没有在职人员，请重新选择');
        return { set: { publishedAt: new Date() }, opinion: `通知${asked}人` };
      },
    },
  },
  after: async (app, _name, { after }) => { await app.ctx.events.publish({ keys: ['staffNotice'], enterprises: [after.enterpriseId] }); },
};

/**
 * A 人员通知 another workflow sends in the caller's transaction (a hazard's 通报 to the staff): published at once to every
 * serving member of the enterprise's staff (all posts), with its 发布 on the timeline; answers the row.
 */
export async function sendStaffNotice(tx: Db, user: SessionUser, n: { enterpriseId: string; title: string; content: string }): Promise<Row> {
  const posts = [...POSTS];
  const [row] = await tx.insert(tableOf(staffNotice)).values({
    enterpriseId: n.enterpriseId, title: n.title.slice(0, 100), content: n.content.slice(0, 5000), attachments: [], readerPosts: posts, readerIds: [],
    state: '已发布', publishedAt: new Date(), createdBy: user.id, updatedBy: user.id,
  }).returning() as Row[];
  const asked = await askToRead(tx, 'staffNotice', row!.id, n.enterpriseId, posts, []);
  await recordStep(tx, user, 'staffNotice', row!.id, { action: '发布', from: null, to: '已发布', opinion: `通知${asked}人`, enterpriseId: n.enterpriseId });
  return row!;
}

export const myStaffNotices = (db: Db, user: SessionUser) => myReads<Served<typeof noticeAnswers.myStaffNotices>['rows'][number]>(db, user, 'staffNotice',
  sql`d.id, d.title, d.published_at as "publishedAt", d.state`, sql`staff_notice`);

addRemindCounter((user) => {
  if (user.side !== 'enterprise' || !user.menus.has('personnelNoticeManager')) return {};
  return { unreadStaffNotice: unreadCountSql(user, 'staffNotice') };
});
