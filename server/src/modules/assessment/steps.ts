/**
 * 安全考核's hooks and steps. A model's items are the indicators it weighs (their category, name and 满分 copied from
 * 考核指标 when the model is saved, so a later edit of an indicator does not change a model in use); its weights add up
 * to its total. A group's leader and members are government users of the jurisdiction, named by 姓名 or 账户.
 * 下发 opens one assessment per enterprise with the model's items; the enterprise then saves and submits its scores and
 * evidence, the group scores each item (before the deadline only a submitted self-assessment; after it, with or without
 * one), the leader confirms, and 发布 fixes the grade by the thresholds of 参数设置. Each step is declared on its
 * definition (core assessment.ts) and run by the workflow engine (platform/workflow.ts): scope, version, the declared
 * `from` states, the timeline row, one transaction; the hooks here say what each brings about.
 */
import { z } from 'zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import {
  ASSESS_GRADE_PARAM, assessGroup, assessIndicator, assessModel, assessTask, assessment, gradeOf, itemPoints,
  modelWeightsRefusal, scoreRefusal, thresholdsOf, totalOf, type ModelItem,
} from '@dg/core';
import { textArray, type Db } from '../../db/index.ts';
import { workFlow } from '../../db/danger-schema.ts';
import { regionPrefix, type SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { findRow, tableOf } from '../../platform/crud/query.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import type { StepContext, StepEffect, WorkflowRegistration } from '../../platform/workflow.ts';

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** an assessment's line: the model's item with the enterprise's and the group's scores beside it */
export interface AssessItem extends ModelItem {
  selfScore: number | null; evidence: { id: string; name: string }[]; selfRemark: string | null;
  groupScore: number | null; opinion: string | null;
}

/** the model's items from the body's [{ indicatorId, weight }], with the indicators' category, name and 满分 */
async function modelItems(tx: Db, raw: unknown): Promise<ModelItem[]> {
  if (!Array.isArray(raw)) throw badInput('指标及权重：请选择考核指标并填写权重');
  const ids = raw.map((x) => String((x as Row)?.indicatorId ?? ''));
  if (new Set(ids).size !== ids.length) throw badInput('指标及权重：同一指标不能重复选择');
  const t = tableOf(assessIndicator);
  const found = ids.length ? (await tx.select().from(t).where(inArray(t.id, ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id))))) as Row[] : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  return raw.map((x, i) => {
    const ind = byId.get(ids[i]!);
    if (!ind) throw badInput(`指标及权重：第${i + 1}项指标不存在`);
    return { indicatorId: ind.id, category: ind.category, name: ind.name, maxScore: Number(ind.maxScore), weight: Number((x as Row).weight) };
  });
}

async function modelInUse(tx: Db, modelId: string) {
  const t = tableOf(assessTask);
  return (await tx.select({ id: t.id }).from(t).where(and(eq(t.modelId, modelId), eq(t.state, '已下发'))).limit(1)).length > 0;
}

defineHooks('assessModel', {
  // the items are a json field the generic form does not write: they come from the body as given
  async beforeWrite(c, values, _mode, existing, input) {
    if (existing && (await modelInUse(c.tx, existing.id))) throw badInput(`考核模型“${existing.name}”已用于考核下发，不能修改，请复制为新版本后修改`);
    const items = input.items !== undefined ? await modelItems(c.tx, input.items) : (existing?.items as ModelItem[] | undefined) ?? [];
    const total = Number(values.totalScore ?? existing?.totalScore);
    const refusal = modelWeightsRefusal(total, items);
    if (refusal) throw badInput(refusal);
    values.items = items;
  },
  async beforeDelete(c, row) {
    if (await modelInUse(c.tx, row.id)) throw badInput(`考核模型“${row.name}”已用于考核下发，不能删除`);
  },
});

/** government users of the jurisdiction by 姓名 or 账户, in the order given */
async function governmentUsers(tx: Db, user: SessionUser, label: string, names: string[]) {
  const prefix = regionPrefix(user.regionCode ?? '');
  const r = await tx.execute<{ id: string; name: string; username: string }>(sql`
    select u.id, u.name, u.username from base_user u join base_org o on o.id = u.org_id
    where u.side = 'government' and o.region_code like ${prefix + '%'} and (u.name = any(${textArray(names)}) or u.username = any(${textArray(names)}))`);
  return names.map((n) => {
    const hit = r.rows.filter((u) => u.username === n || u.name === n);
    if (!hit.length) throw badInput(`${label}：“${n}”不是本辖区的政府端用户`);
    if (hit.length > 1 && !hit.some((u) => u.username === n)) throw badInput(`${label}：有多名用户名为“${n}”，请填写账户`);
    return hit.find((u) => u.username === n) ?? hit[0]!;
  });
}
const splitNames = (v: unknown) => String(v ?? '').split(/[,，、\s]+/).map((s) => s.trim()).filter(Boolean);

defineHooks('assessGroup', {
  async beforeWrite(c, values, mode, existing) {
    if (c.user.side !== 'government' || !c.user.regionCode) throw forbidden('考核组由政府监管部门组建');
    const [leader] = await governmentUsers(c.tx, c.user, '组长', splitNames(values.leaderName ?? existing?.leaderName));
    const members = await governmentUsers(c.tx, c.user, '组员', splitNames(values.memberNames ?? existing?.memberNames));
    if (!leader) throw badInput('组长：请输入组长');
    if (!members.length) throw badInput('组员：请输入组员');
    Object.assign(values, { leaderName: leader.name, leaderId: leader.id, memberNames: members.map((m) => m.name).join('，'), memberIds: members.map((m) => m.id) });
    if (mode === 'add') values.regionCode = c.user.regionCode;
  },
});

defineHooks('assessTask', {
  async beforeWrite(c, values, _mode, existing) {
    if (existing && existing.state !== '草稿') throw badInput(`考核“${existing.name}”已下发，不能修改`);
    const region = (values.regionCode ?? existing?.regionCode) as string;
    if (c.user.side === 'government' && (!c.user.regionCode || !region.startsWith(regionPrefix(c.user.regionCode)))) throw badInput('考核地区：只能选择本单位辖区内的地区');
  },
  beforeDelete(_c, row) {
    if (row.state !== '草稿') throw badInput(`考核“${row.name}”已下发，不能删除`);
  },
});

defineHooks('assessment', {
  // 逾期 shows as soon as the deadline passes without a submission; the group's scores and the grade reach the
  // enterprise when the result is published
  afterRead(c, rows) {
    const today = chinaToday();
    for (const r of rows) if ((r.state === '待自评' || r.state === '自评中') && typeof r.deadline === 'string' && r.deadline < today) r.late = true;
    if (c.user.side !== 'enterprise') return;
    for (const r of rows) {
      if (r.state === '已发布') continue;
      Object.assign(r, { groupTotal: null, grade: null, confirmOpinion: null });
      if (Array.isArray(r.items)) r.items = (r.items as AssessItem[]).map((it) => ({ ...it, groupScore: null, opinion: null }));
    }
  },
});

/** the enterprises an assessment goes to: the chosen ones, or every enterprise in operation of its region (of the chosen 经营范围, where some are chosen) */
async function taskEnterprises(tx: Db, task: Row) {
  const chosen = (task.enterpriseIds ?? []) as string[];
  const scopes = (task.businessScope ?? []) as string[];
  const all = sql`and status = '正常' and audit_status = '已通过' ${scopes.length ? sql`and business_scope && ${textArray(scopes)}` : sql``}`;
  const r = await tx.execute<{ id: string; region_code: string }>(sql`
    select id, region_code from enterprise where region_code like ${regionPrefix(task.regionCode) + '%'}
    ${chosen.length ? sql`and id = any(${textArray(chosen)}::uuid[])` : all} order by name`);
  if (chosen.length && r.rows.length !== chosen.length) throw badInput('考核企业：所选企业须在考核地区内');
  return r.rows;
}

/** 下发 (declared on the definition, core assessment.ts, run by the workflow engine): one assessment per enterprise with the model's items, each with its own 下发 step on the timeline */
export const assessTaskWorkflow: WorkflowRegistration = {
  def: assessTask,
  subject: 'assessTask',
  hooks: {
    steps: {
      issue: async ({ user, before, tx }) => {
        const model = (await tx.select().from(tableOf(assessModel)).where(eq(tableOf(assessModel).id, before.modelId)).limit(1))[0] as Row | undefined;
        if (!model) throw badInput('考核模型：所选模型不存在');
        if (!(await findRow(tx, assessGroup, user, before.groupId))) throw badInput('考核组：所选考核组不存在或无权使用');
        const enterprises = await taskEnterprises(tx, before);
        if (!enterprises.length) throw badInput(`考核“${before.name}”的考核地区内没有企业`);
        const items: AssessItem[] = (model.items as ModelItem[]).map((m) => ({ ...m, selfScore: null, evidence: [], selfRemark: null, groupScore: null, opinion: null }));
        const at = new Date();
        const t = tableOf(assessment);
        for (let i = 0; i < enterprises.length; i += 500) {
          const rows = await tx.insert(t).values(enterprises.slice(i, i + 500).map((e) => ({
            title: before.name, taskId: before.id, enterpriseId: e.id, regionCode: e.region_code, year: before.year, modelId: before.modelId,
            groupId: before.groupId, deadline: before.deadline, state: '待自评', late: false, items, createdBy: user.id, updatedBy: user.id,
          }))).returning({ id: t.id, enterpriseId: t.enterpriseId });
          await tx.insert(workFlow).values(rows.map((r) => ({
            subject: 'assessment', subjectId: r.id as string, enterpriseId: r.enterpriseId as string, action: '下发', fromState: null, toState: '待自评',
            opinion: `自评截止${before.deadline}`, side: user.side, userId: user.id, userName: user.name, createdAt: at,
          })));
        }
        return { opinion: `${enterprises.length}家企业`, set: { enterpriseCount: enterprises.length, issuedAt: at } };
      },
    },
  },
};

/** the scores a step takes (the step's `items` input) */
export const itemsBody = z.array(z.object({
  indicatorId: z.string().max(36),
  selfScore: z.unknown().optional().describe('自评得分（按指标满分）'),
  evidence: z.unknown().optional().describe('佐证材料 [{ id, name }]'),
  selfRemark: z.unknown().optional().describe('自评说明'),
  groupScore: z.unknown().optional().describe('考核组评分（按指标满分）'),
  opinion: z.unknown().optional().describe('评分意见'),
}), { error: '请填写各项指标的得分' }).max(500).optional();
type GivenItem = NonNullable<z.infer<typeof itemsBody>>[number];
function givenItems(raw: unknown): Map<string, GivenItem> {
  const r = itemsBody.safeParse(raw ?? undefined);
  if (!r.success) throw badInput(r.error.issues[0]?.message ?? '请填写各项指标的得分');
  return new Map((r.data ?? []).map((x) => [x.indicatorId, x]));
}

const textOf = (v: unknown, label: string, max: number) => {
  const s = typeof v === 'string' ? v.trim() : '';
  if ([...s].length > max) throw badInput(`${label}不能超过${max}个字符`);
  return s || null;
};
function evidenceOf(v: unknown, label: string): { id: string; name: string }[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 10 || !v.every((f) => f && typeof f.id === 'string' && typeof f.name === 'string')) throw badInput(`${label}：佐证材料格式不正确（最多10个文件）`);
  return v.map((f) => ({ id: f.id, name: String(f.name).slice(0, 200) }));
}

async function thresholds(tx: Db) {
  return thresholdsOf((await tx.execute<{ value: unknown }>(sql`select value from param_setting where key = ${ASSESS_GRADE_PARAM}`)).rows[0]?.value);
}
const pointsOf = (items: AssessItem[], key: 'selfScore' | 'groupScore') =>
  totalOf(items.map((it) => (it[key] === null ? 0 : itemPoints(it[key]!, it.maxScore, it.weight) ?? 0)));

async function groupOf(tx: Db, groupId: string) {
  const g = (await tx.select().from(tableOf(assessGroup)).where(eq(tableOf(assessGroup).id, groupId)).limit(1))[0] as Row | undefined;
  return { leaderId: g?.leaderId as string | undefined, memberIds: (g?.memberIds ?? []) as string[] };
}

/** 自评 (save, submit) by the enterprise; the group's 评分; the leader's 确认; 发布 — the scores and grades each brings about */
const selfAssess = (name: 'save' | 'submit') => ({ before, inputs }: StepContext): StepEffect => {
  const given = givenItems(inputs.items);
  const next = ((before.items ?? []) as AssessItem[]).map((it) => {
    const g = given.get(it.indicatorId);
    const raw = g?.selfScore ?? (name === 'save' && !g ? it.selfScore : undefined);
    const blank = raw === undefined || raw === null || raw === '';
    if (!(blank && name === 'save')) { const r = scoreRefusal(it.name, raw, it.maxScore); if (r) throw badInput(r); }
    return { ...it, selfScore: blank ? null : Number(raw), evidence: g ? evidenceOf(g.evidence, it.name) : it.evidence,
      selfRemark: g ? textOf(g.selfRemark, `${it.name}的自评说明`, 500) : it.selfRemark };
  });
  const late = name === 'submit' && before.deadline < chinaToday();
  return { action: late ? '逾期提交自评' : undefined, set: { items: next, selfTotal: pointsOf(next, 'selfScore'), ...(name === 'submit' ? { submittedAt: new Date(), late } : {}) } };
};

export const assessmentRegistration: WorkflowRegistration = {
  def: assessment,
  subject: 'assessment',
  hooks: {
    steps: {
      save: selfAssess('save'),
      submit: selfAssess('submit'),
      score: async ({ user, before, inputs, tx }) => {
        const group = await groupOf(tx, before.groupId);
        if (user.id !== group.leaderId && !group.memberIds.includes(user.id)) throw forbidden('只有本次考核的考核组成员可以评分');
        const submitted = before.state === '已提交';
        if (!submitted && before.deadline >= chinaToday()) throw badInput(`企业尚未提交自评，自评截止日期${before.deadline}前不能评分`);
        const given = givenItems(inputs.items);
        const next = ((before.items ?? []) as AssessItem[]).map((it) => {
          const g = given.get(it.indicatorId);
          const r = scoreRefusal(it.name, g?.groupScore, it.maxScore);
          if (r) throw badInput(r);
          return { ...it, groupScore: Number(g!.groupScore), opinion: textOf(g!.opinion, `${it.name}的评分意见`, 500) };
        });
        const total = pointsOf(next, 'groupScore');
        return { action: submitted ? undefined : '评分（逾期未自评）', set: { items: next, groupTotal: total,
          grade: gradeOf(total, await thresholds(tx), sumWeights(next)), scoredAt: new Date(), ...(submitted ? {} : { late: true }) } };
      },
      confirm: async ({ user, before, opinion, tx }) => {
        if (user.id !== (await groupOf(tx, before.groupId)).leaderId) throw forbidden('只有考核组组长可以确认考核结果');
        return { set: { confirmOpinion: opinion, confirmedAt: new Date() } };
      },
      // the grade by the thresholds in force when it is published
      publish: async ({ before, tx }) => {
        const total = num(before.groupTotal) ?? 0;
        const grade = gradeOf(total, await thresholds(tx), sumWeights((before.items ?? []) as AssessItem[]));
        return { opinion: `${total}分，${grade}级`, set: { grade, publishedAt: new Date() } };
      },
    },
  },
};

const sumWeights = (items: ModelItem[]) => totalOf(items.map((it) => it.weight));
