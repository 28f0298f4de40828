/**
 * 企业自查: run a check from a template (each item 合格 / 不合格 / 不适用), then turn its failed items into hazards in
 * the check's workflow step 不合格项转隐患 (core danger.ts: 待转隐患 → 待转隐患 while an item is left, else 已转隐患).
 * Each hazard is 来源 自查, straight to 待整改, with its own timeline, and submitted as any hazard is: a 重大 one
 * supervised, a 一般 one announced to the staff (hazard.ts `afterSubmit`). The template's items are copied into the
 * record, so editing the template later does not rewrite past checks.
 */
import { and, sql } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { CHECK_RESULTS, checkModel, dangerCheckItem, hazard as hazardDef, resourceByKey, selfCheck } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { recordStep } from '../../platform/flow.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { findRow, present, tableOf, whereOf } from '../../platform/crud/query.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { fieldValue } from '../../platform/crud/write.ts';
import { nextNo } from '../../platform/numbers.ts';
import type { StepContext, StepEffect } from '../../platform/workflow.ts';
import { afterSubmit } from './hazard.ts';

export interface CheckResult { itemId: string; content: string; category: string; basis: string | null; score: number; result: string; remark: string | null; hazardId?: string | null }
export interface RunInput { checkModelId: string; checkDate: string; inspector: string; place?: string | null; conclusion?: string | null; results: { itemId: string; result: string; remark?: string | null }[] }

const field = (name: keyof typeof selfCheck.fields, raw: unknown, required = true) => fieldValue(selfCheck.fields[name], raw, required);

export async function runSelfCheck(db: Db, user: SessionUser, input: RunInput) {
  if (user.side !== 'enterprise' || !user.enterpriseId) throw forbidden('自查由企业开展');
  const checkDate = field('checkDate', input.checkDate) as string;
  if (checkDate > chinaToday()) throw badInput('检查日期：不能晚于今天');
  const inspector = field('inspector', input.inspector) as string;
  const place = field('place', input.place, false) as string | null;
  const conclusion = field('conclusion', input.conclusion, false) as string | null;
  return db.transaction(async (tx) => {
    const model = await findRow(tx, checkModel, user, input.checkModelId);
    if (!model) throw badInput('检查模板：所选检查模板不存在或无权使用');
    const it = tableOf(dangerCheckItem);
    const ids = (model.itemIds ?? []) as string[];
    const items = ids.length ? await tx.select().from(it).where(and(sql`${it.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`, whereOf(dangerCheckItem, user, {}))) as Row[] : [];
    const byId = new Map(items.map((i) => [i.id, i]));
    const given = new Map<string, { result: string; remark?: string | null }>();
    for (const r of input.results ?? []) {
      if (!byId.has(r.itemId)) throw badInput('检查结果：包含不属于该模板的检查项目');
      given.set(r.itemId, r);
    }
    const results: CheckResult[] = [];
    for (const id of ids) {
      const item = byId.get(id);
      if (!item) continue; // an item deleted since the template was saved
      const r = given.get(id);
      if (!r || !CHECK_RESULTS.includes(r.result as never)) throw badInput(`检查结果：请选择“${item.content}”的检查结果`);
      const remark = typeof r.remark === 'string' && r.remark.trim() ? r.remark.trim() : null;
      if (remark && [...remark].length > 200) throw badInput(`“${item.content}”的说明不能超过200个字符`);
      if (r.result === '不合格' && !remark) throw badInput(`检查结果：请填写“${item.content}”不合格的情况说明`);
      results.push({ itemId: id, content: item.content, category: item.category, basis: item.basis ?? null, score: Number(item.score ?? 0), result: r.result, remark });
    }
    if (!results.length) throw badInput('检查模板：该模板没有可检查的项目');
    const applicable = results.filter((r) => r.result !== '不适用');
    const full = applicable.reduce((s, r) => s + r.score, 0);
    const got = applicable.filter((r) => r.result === '合格').reduce((s, r) => s + r.score, 0);
    const t = tableOf(selfCheck);
    const failedCount = results.filter((r) => r.result === '不合格').length;
    const state = failedCount ? '待转隐患' : '合格';
    const [row] = (await tx.insert(t).values({
      enterpriseId: user.enterpriseId, checkNo: await nextNo(tx, 'ZC', 'self_check_no_seq'), state, checkModelId: model.id, checkFunctionId: model.checkFunctionId, checkDate, inspector, place,
      itemTotal: results.length, failedCount, hazardCount: 0,
      score: full > 0 ? Math.round((got / full) * 1000) / 10 : 100, conclusion, results, createdBy: user.id, updatedBy: user.id,
    }).returning()) as Row[];
    await recordStep(tx, user, 'selfCheck', row!.id as string, { action: '开展自查', from: null, to: state, opinion: failedCount ? `${failedCount}项不合格` : null, enterpriseId: user.enterpriseId });
    return row!;
  });
}

/**
 * 不合格项转隐患, the check's step: the failed items not yet hazards (or the chosen ones among them) become hazards in
 * 待整改; the check stays 待转隐患 while a failed item is left. The engine has found the check in the caller's scope at
 * the version given, and writes it with its timeline row.
 */
export async function failedItemsToHazards({ tx, user, before: check, body }: StepContext): Promise<StepEffect> {
  const fieldOf = (name: keyof typeof hazardDef.fields, raw: unknown) => fieldValue(hazardDef.fields[name], raw, true);
  const deadline = fieldOf('deadline', body.deadline) as string;
  const level = fieldOf('level', body.level ?? '一般') as string;
  const responsibleId = fieldOf('responsibleId', body.responsibleId) as string;
  if (deadline < (check.checkDate as string)) throw badInput('整改期限：不能早于检查日期');
  if (!(await findRow(tx, resourceByKey('staff')!, user, responsibleId))) throw badInput('整改责任人：所选整改责任人不存在或无权使用');
  const results = ((check.results ?? []) as CheckResult[]).map((r) => ({ ...r }));
  const wanted = Array.isArray(body.itemIds) && body.itemIds.length ? new Set<unknown>(body.itemIds) : null;
  const todo = results.filter((r) => r.result === '不合格' && !r.hazardId && (!wanted || wanted.has(r.itemId)));
  if (!todo.length) throw badInput(`检查“${check.checkNo}”没有尚未转为隐患的不合格项`);
  const ht = tableOf(hazardDef);
  const created: Row[] = [];
  for (const r of todo) {
    const [h] = await tx.insert(ht).values({
      enterpriseId: check.enterpriseId, hazardNo: await nextNo(tx, 'YH', 'hazard_no_seq'), title: r.content.slice(0, 100), source: '自查', foundDate: check.checkDate,
      location: ((check.place as string | null) || '企业自查').slice(0, 200), category: r.category, level, description: `自查${check.checkNo}不合格：${r.remark ?? r.content}`.slice(0, 1000),
      photos: [], responsibleId, deadline, measures: (r.basis ? `依据${r.basis}整改：${r.content}` : `按检查项目要求整改：${r.content}`).slice(0, 1000),
      state: '待整改', selfCheckId: check.id, createdBy: user.id, updatedBy: user.id,
    }).returning() as Row[];
    await recordStep(tx, user, 'hazard', h!.id as string, { action: '自查转隐患', from: null, to: '待整改', opinion: `自查${check.checkNo}`, enterpriseId: check.enterpriseId as string });
    await afterSubmit(tx, user, h!);
    results.find((x) => x.itemId === r.itemId)!.hazardId = h!.id as string;
    created.push(h!);
  }
  const left = results.some((r) => r.result === '不合格' && !r.hazardId);
  return {
    to: left ? '待转隐患' : '已转隐患',
    set: { results, hazardCount: results.filter((r) => r.hazardId).length },
    opinion: `生成隐患${created.map((h) => h.hazardNo).join('、')}`,
    result: await present(tx, hazardDef, user, created),
  };
}
