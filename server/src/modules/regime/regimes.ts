/**
 * 安全生产管理制度 (制度流程) with 阅知: a regime is written as a 草稿 (editable, deletable), 发布 makes it 已发布 and asks
 * the chosen posts' staff and the chosen people to read it (staff_read, as they are at that moment: platform/staff-reads.ts); a new version is
 * a draft copy with the next 版本 number, and publishing it marks the earlier published version 已替代 — still readable.
 * A person reads it through an account linked to their staff record (base_user.staff_id); a manager may record a signed
 * paper sheet for people without one. The bell counts what the signed-in person has still to read.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { regimeDoc, REGIME_TYPES, type regimeAnswers, type Served } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { askToRead, myReads, readCounts, unreadCountSql } from '../../platform/staff-reads.ts';
import { type SessionUser, holdsElement } from '../../platform/access.ts';
import { enterpriseScope } from '../../platform/access.ts';
import { badInput, notFound, staleVersion } from '../../platform/errors.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { findRow, tableOf } from '../../platform/crud/query.ts';
import { recordStep } from '../../platform/flow.ts';
import type { WorkflowRegistration } from '../../platform/workflow.ts';
import { addRemindCounter } from '../shell/remind.ts';

/** who sees which regimes: the enterprise's own; drafts only those who write them (a driver reads what is published) */
export function regimeScope(user: SessionUser, t: Record<string, any>) {
  const own = enterpriseScope(user, sql`${t.enterpriseId}`);
  const writes = user.isSuper || holdsElement(user, 'workflowManager:btn_add') || holdsElement(user, 'workflowManager:btn_edit');
  return writes ? own : sql`${own} and ${t.state} <> '草稿'`;
}

defineHooks('regimeDoc', {
  scope: regimeScope,
  beforeWrite(_c, values, mode, existing) {
    if (existing && existing.state !== '草稿') throw badInput(`制度“${existing.title}”第${existing.revision}版已发布，不能修改；如需修订，请点击“修订”生成新版本`);
    if (mode === 'add') Object.assign(values, { state: '草稿', revision: 1, publishedAt: null, seriesId: randomUUID() });
  },
  beforeDelete(_c, row) {
    if (row.state !== '草稿') throw badInput(`制度“${row.title}”已发布，不能删除（已发布的制度须留存备查）`);
  },
  async afterRead(c, rows) {
    const by = await readCounts(c.tx, rows.map((r) => r.id as string));
    for (const r of rows) { const x = by.get(r.id); r.readTotal = x?.total ?? 0; r.readCount = x?.done ?? 0; }
  },
});

/**
 * 发布 (declared on the definition, core regime.ts, run by the workflow engine): the readers are asked to read it, and
 * the earlier published version of the same regime becomes 已替代
 */
export const regimeWorkflow: WorkflowRegistration = {
  def: regimeDoc,
  subject: 'regimeDoc',
  hooks: {
    steps: {
      publish: async ({ user, before, tx }) => {
        const posts = (before.readerPosts ?? []) as string[];
        const people = (before.readerIds ?? []) as string[];
        if (!posts.length && !people.length) throw badInput('阅知岗位：请选择阅知岗位或阅知人员后再发布');
        const asked = await askToRead(tx, 'regimeDoc', before.id, before.enterpriseId, posts, people);
        if (!asked) throw badInput('阅知人员：所选岗位和人员中没有在职人员，请重新选择阅知范围');
        const replaced = await tx.execute<{ id: string }>(sql`update regime_doc set state = '已替代', updated_at = now(), version = version + 1
          where enterprise_id = ${before.enterpriseId} and series_id = ${before.seriesId} and state = '已发布' and id <> ${before.id} returning id`);
        for (const r of replaced.rows) await recordStep(tx, user, 'regimeDoc', r.id, { action: '被新版本替代', from: '已发布', to: '已替代', enterpriseId: before.enterpriseId });
        return { set: { publishedAt: new Date() }, opinion: `请${asked}人阅知` };
      },
    },
  },
  after: async (app, _name, { after }) => { await app.ctx.events.publish({ keys: ['regimeDoc'], enterprises: [after.enterpriseId] }); },
};

/** 修订: the published version's draft copy with the next 版本 number (one draft per regime at a time) */
export async function reviseRegime(db: Db, user: SessionUser, id: string, version: number): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await findRow(tx, regimeDoc, user, id);
    if (!before) throw notFound();
    if (before.version !== version) throw staleVersion();
    if (before.state !== '已发布') throw badInput(`只有现行（已发布）的制度可以修订，该制度${before.state === '草稿' ? '还是草稿，请直接编辑' : '已被新版本替代'}`);
    const draft = (await tx.execute<{ revision: number }>(sql`select revision from regime_doc where series_id = ${before.seriesId} and enterprise_id = ${before.enterpriseId} and state = '草稿'`)).rows[0];
    if (draft) throw badInput(`该制度已有待发布的第${draft.revision}版草稿，请先编辑并发布`);
    const next = (await tx.execute<{ n: number }>(sql`select max(revision)::int + 1 as n from regime_doc where series_id = ${before.seriesId} and enterprise_id = ${before.enterpriseId}`)).rows[0]!.n;
    const t = tableOf(regimeDoc);
    const [row] = (await tx.insert(t).values({
      enterpriseId: before.enterpriseId, title: before.title, docType: before.docType, revision: next, effectiveDate: before.effectiveDate,
      content: before.content, attachments: before.attachments, readerPosts: before.readerPosts, readerIds: before.readerIds,
      state: '草稿', seriesId: before.seriesId, createdBy: user.id, updatedBy: user.id,
    }).returning()) as Row[];
    return row as unknown as Row;
  });
}

/** a regime's skeleton from JT/T 912-2014, for the enterprise to complete */
export function regimeTemplate(type: string, enterpriseName: string): string {
  return [
    `<h2 style="text-align:center">${enterpriseName}${type}</h2>`,
    `<p>第一条 为加强本企业道路危险货物运输安全管理，根据《中华人民共和国安全生产法》《危险货物道路运输安全管理办法》和JT/T 912-2014《道路危险货物运输企业安全生产管理制度编写要求》，制定本制度。</p>`,
    '<p>第二条 本制度适用于本企业全体从业人员及与道路危险货物运输有关的各项活动。</p>',
    '<p>第三条 职责分工：主要负责人对本制度的落实全面负责；安全管理人员负责组织实施和监督检查；各岗位人员按本制度执行。</p>',
    '<p>第四条 工作内容和要求：（请结合本企业实际补充具体内容、频次、记录和考核要求。）</p>',
    '<p>第五条 本制度自发布之日起施行，由安全管理部门负责解释。</p>',
  ].join('');
}

/** the regimes of the JT/T 912 list the enterprise does not have yet */
export async function missingTypes(db: Db, enterpriseId: string): Promise<Served<typeof regimeAnswers.templates>> {
  const have = new Set((await db.execute<{ doc_type: string }>(sql`select distinct doc_type from regime_doc where enterprise_id = ${enterpriseId}`)).rows.map((r) => r.doc_type));
  return REGIME_TYPES.filter((t) => !have.has(t));
}

/** what the signed-in person was asked to read */
export const myRegimeReads = (db: Db, user: SessionUser) => myReads<Served<typeof regimeAnswers.mine>['rows'][number]>(db, user, 'regimeDoc',
  sql`d.id, d.title, d.doc_type as "docType", d.revision, d.effective_date as "effectiveDate", d.published_at as "publishedAt", d.state`, sql`regime_doc`);

// the bell: regimes the signed-in person has still to read
addRemindCounter((user) => {
  if (user.side !== 'enterprise' || !user.menus.has('workflowManager')) return {};
  return { unreadRegime: unreadCountSql(user, 'regimeDoc') };
});
