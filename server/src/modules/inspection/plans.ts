/**
 * 安全检查: a plan (地区, 企业类型, 抽查比例, 检查内容, 检查人员) is submitted, then approved or rejected by
 * another officer than whoever planned or submitted it; approval generates the plan's random seed (crypto, stored) and
 * draws the enterprises — the eligible ones ordered by md5(seed ‖ id), so the approved plan always draws the same ones —
 * and opens a 检查记录 for each. Before approval there is no seed and no draw, so nobody can preview a draw and redo the
 * plan until it suits. Recording a check with failed items or problems issues a 整改通知 to the
 * enterprise in the same transaction. Every step writes the timeline (./flow.ts).
 */
import { randomBytes } from 'node:crypto';
import { chinaToday } from '@dg/core/warnings';
import { and, eq, sql } from 'drizzle-orm';
import { CHECK_RESULTS, checkPlan, checkRecord, rectNotice } from '@dg/core';
import { textArray, type Db } from '../../db/index.ts';
import { regionPrefix, type SessionUser } from '../../platform/access.ts';
import { badInput, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import { findRow, tableOf } from '../../platform/crud/query.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { fieldValue } from '../../platform/crud/write.ts';
import { recordStep, requireAnotherOfficer } from '../../platform/flow.ts';
import type { WorkflowRegistration } from '../../platform/workflow.ts';
import { nextNo, issuerOf } from '../../platform/numbers.ts';

/** the plan's 检查内容, one item a line */
export const planItems = (plan: Row) => String(plan.checkItems ?? '').split(/\r?\n/).map((s) => s.trim()).filter(Boolean);

defineHooks('checkPlan', {
  async beforeWrite(c, values, mode, existing) {
    if (existing && existing.state !== '草稿' && existing.state !== '已驳回') throw badInput(`检查计划“${existing.name}”当前为${existing.state}，不能修改`);
    const region = (values.regionCode ?? existing?.regionCode) as string;
    if (c.user.side === 'government' && (!c.user.regionCode || !region.startsWith(regionPrefix(c.user.regionCode)))) throw badInput('检查地区：只能选择本单位辖区内的地区');
    const start = (values.periodStart ?? existing?.periodStart) as string;
    const end = (values.periodEnd ?? existing?.periodEnd) as string;
    if (start && end && end < start) throw badInput('检查结束日期：不能早于检查开始日期');
    const items = planItems({ checkItems: values.checkItems ?? existing?.checkItems });
    if (!items.length) throw badInput('请输入检查内容（每行一项）');
    if (items.length > 100) throw badInput('检查内容（每行一项）：不能超过100项');
    if (items.some((i) => [...i].length > 200)) throw badInput('检查内容（每行一项）：每项不能超过200个字符');
    if (mode === 'add') {
      values.planNo = await nextNo(c.tx, 'JH', 'check_plan_no_seq');
      values.state = '草稿';
    }
  },
  beforeDelete(_c, row) {
    if (row.state !== '草稿' && row.state !== '已驳回') throw badInput(`检查计划“${row.name}”当前为${row.state}，不能删除`);
  },
});

/** the draw of an approved plan, or badInput: a plan has no seed, and so no draw, before its approval */
export function approvedDraw(plan: Row): Row {
  if (plan.state !== '已通过' || !plan.seed) throw badInput(`检查计划“${plan.name}”尚未审批通过，审批通过时才随机抽取企业`);
  return plan;
}

/** the enterprises the plan draws: eligible ones in its region (and business scope), the first sample% by md5(seed ‖ id) */
export async function drawEnterprises(db: Db, plan: Row) {
  const scope = (plan.businessScope ?? []) as string[];
  const r = await db.execute<{ id: string; name: string; region_code: string }>(sql`
    with eligible as (
      select id, name, region_code from enterprise
      where region_code like ${regionPrefix(plan.regionCode) + '%'} and status = '正常' and audit_status = '已通过'
        ${scope.length ? sql`and business_scope && ${textArray(scope)}` : sql``}
    )
    select id, name, region_code from eligible order by md5(${plan.seed}::text || id::text)
    limit (select ceil(count(*) * ${plan.samplePercent}::numeric / 100) from eligible)`);
  return r.rows.map((x) => ({ id: x.id, name: x.name, regionCode: x.region_code }));
}

/**
 * The plan's steps are declared on its definition (core inspection.ts) and run by the workflow engine; the hooks make
 * what only this module knows: another officer approves, and the approval draws the enterprises by a fresh seed and
 * opens one 检查记录 for each, in the same transaction.
 */
export const checkPlanWorkflow: WorkflowRegistration = {
  def: checkPlan,
  subject: 'checkPlan',
  hooks: {
    steps: {
      pass: async ({ user, before, opinion, tx }) => {
        requireAnotherOfficer(user, [before.createdBy, before.updatedBy], `检查计划“${before.name}”由本人制定或提交，须由其他工作人员审批`);
        const seed = randomBytes(16).toString('hex');
        const drawn = await drawEnterprises(tx, { ...before, seed });
        if (!drawn.length) throw badInput(`检查计划“${before.name}”的检查地区内没有符合条件的企业`);
        const rt = tableOf(checkRecord);
        for (const e of drawn) {
          await tx.insert(rt).values({ recordNo: await nextNo(tx, 'JC', 'check_record_no_seq'), planId: before.id, enterpriseId: e.id, state: '待检查',
            inspectors: before.inspectors, createdBy: user.id, updatedBy: user.id });
        }
        return { opinion: `抽中${drawn.length}家企业${opinion ? '；' + opinion : ''}`, set: { approveOpinion: opinion, approvedAt: new Date(), seed, enterpriseCount: drawn.length } };
      },
      reject: ({ user, before, opinion }) => {
        // created_by planned it, updated_by submitted it (a plan waiting for approval is not edited)
        requireAnotherOfficer(user, [before.createdBy, before.updatedBy], `检查计划“${before.name}”由本人制定或提交，须由其他工作人员审批`);
        return { set: { approveOpinion: opinion, approvedAt: new Date() } };
      },
    },
  },
};

export interface RecordInput {
  version: number; checkDate: unknown; inspectors: unknown; problems?: unknown; photos?: unknown;
  results: { item: string; result: string; remark?: string | null }[]; deadline?: unknown; requirements?: unknown;
}

const recordField = (name: keyof typeof checkRecord.fields, raw: unknown, required: boolean) => fieldValue(checkRecord.fields[name], raw, required);

/** 检查记录: the results of each of the plan's items; failures or problems become a 整改通知 (待整改) at once */
export async function recordCheck(db: Db, user: SessionUser, id: string, input: RecordInput) {
  if (user.side !== 'government') throw forbidden('检查记录由政府监管部门填写');
  const checkDate = recordField('checkDate', input.checkDate, true) as string;
  if (checkDate > chinaToday()) throw badInput('检查日期：不能晚于今天');
  const inspectors = recordField('inspectors', input.inspectors, true) as string;
  const problems = recordField('problems', input.problems, false) as string | null;
  const photos = recordField('photos', input.photos, false);
  return db.transaction(async (tx) => {
    const before = await findRow(tx, checkRecord, user, id);
    if (!before) throw notFound();
    if (before.version !== input.version) throw staleVersion();
    if (before.state !== '待检查') throw badInput(`检查记录“${before.recordNo}”已填写，不能重复检查`);
    const plan = (await tx.select().from(tableOf(checkPlan)).where(eq(tableOf(checkPlan).id, before.planId)).limit(1))[0] as Row;
    if (plan.periodStart && checkDate < plan.periodStart) throw badInput(`检查日期：不能早于计划开始日期${plan.periodStart}`);
    const items = planItems(plan);
    const given = new Map((input.results ?? []).map((r) => [r.item, r]));
    const results = items.map((item) => {
      const r = given.get(item);
      if (!r || !CHECK_RESULTS.includes(r.result as never)) throw badInput(`检查结果：请选择“${item}”的检查结果`);
      const remark = typeof r.remark === 'string' && r.remark.trim() ? r.remark.trim().slice(0, 200) : null;
      if (r.result === '不合格' && !remark) throw badInput(`检查结果：请填写“${item}”不合格的情况说明`);
      return { item, result: r.result, remark };
    });
    const failed = results.filter((r) => r.result === '不合格');
    const applicable = results.filter((r) => r.result !== '不适用');
    const score = applicable.length ? Math.round((applicable.filter((r) => r.result === '合格').length / applicable.length) * 1000) / 10 : 100;
    let noticeId: string | null = null;
    if (failed.length || problems) {
      const deadline = fieldValue(rectNotice.fields.deadline, input.deadline, true) as string;
      if (deadline < checkDate) throw badInput('整改期限：不能早于检查日期');
      const requirements = fieldValue(rectNotice.fields.requirements, input.requirements, true);
      const text = [...failed.map((r, i) => `${i + 1}. ${r.item}：${r.remark}`), ...(problems ? [problems] : [])].join('\n').slice(0, 2000);
      const [n] = await tx.insert(tableOf(rectNotice)).values({
        noticeNo: await nextNo(tx, 'ZG', 'rect_notice_no_seq'), enterpriseId: before.enterpriseId, source: '安全检查', problems: text,
        requirements, deadline, state: '待整改', issuer: await issuerOf(tx, user), checkRecordId: id,
        createdBy: user.id, updatedBy: user.id,
      }).returning() as Row[];
      noticeId = n!.id;
      await recordStep(tx, user, 'rectNotice', noticeId!, { action: '下发', from: null, to: '待整改', opinion: `检查记录${before.recordNo}`, enterpriseId: before.enterpriseId });
    }
    const t = tableOf(checkRecord);
    const rows = await tx.update(t).set({
      state: '已检查', checkDate, inspectors, problems, photos, results, itemTotal: results.length, failedCount: failed.length, score, noticeId,
      updatedAt: new Date(), updatedBy: user.id, version: sql`${t.version} + 1`,
    }).where(and(eq(t.id, id), eq(t.version, input.version))).returning();
    if (!rows.length) throw staleVersion();
    return { before, after: rows[0] as Row, noticeId };
  });
}
