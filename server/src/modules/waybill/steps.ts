/**
 * The waybill's steps on the one workflow engine (platform/workflow.ts): the declaration is core's WAYBILL_WORKFLOW,
 * the rows and timeline are the partitioned waybill's (waybillStore), and each hook here is what a step brings about
 * besides its state: the dispatch rules and crew locks (调度, 下发 and 变更 again as of today), the 出车检查 record, 下发's
 * number and messages, 五必查 and the actual quantities, the received goods, the change record. A refusal by the
 * dispatch rules is kept as 异常运单 after the rollback (`refused`). The routes are the spec's (/dzyd/waybill/{step}/:id).
 */
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { complianceFindings, CHECK_RESULTS, CREW_FIELDS, FIVE_CHECKS, goodsMassKg, waybillForm, type GoodsDoc } from '@dg/core/waybill';
import { resourceZod, waybillAnswers, type Served } from '@dg/core';
import { waybillChange, waybillCheck, waybillSelfInspection, waybillLoading, waybillUnloading, waybillMessage, waybillNumber, waybillGoods } from '../../db/waybill-schema.ts';
import { badInput } from '../../platform/errors.ts';
import type { StepContext, StepEffect, WorkflowRegistration } from '../../platform/workflow.ts';
import { isUuid } from '../../platform/schemas.ts';
import { cnDay8, checkCode, publishWaybills, type WaybillRow } from './common.ts';
import {
  normaliseGoods, goodsDerived, writeGoods, goodsOf, loadCrew, busyOf, complianceInput, ComplianceRefusal, crewColumns, crewOf,
  lockCrew, releaseCrew, markGoodsRewritten, waybillStore, type Crew,
} from './service.ts';
import { fillParties, formValues, crewFrom, goodsDocs, checkItemsFor, keepFindings, type CheckAnswer, type CheckBody, type LoadBody, type UnloadBody } from './workflow.ts';
import { rowOut } from './present.ts';

type StepPatch = Partial<typeof import('../../db/waybill-schema.ts').waybill.$inferInsert>;
/** a waybill step's hook: the row as the waybill's own type */
type Hook = (ctx: StepContext & { wb: WaybillRow }) => Promise<StepEffect>;
const hook = (h: Hook) => (ctx: StepContext) => h({ ...ctx, wb: ctx.before as unknown as WaybillRow });

const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();
const reason = z.string({ error: '请输入原因' }).trim().min(1, '请输入原因').max(500, '原因不能超过500个字符');
export const crewBody = {
  bindId: z.string().nullish(), vehicleId: z.string().nullish(), trailerId: z.string().nullish(), tankId: z.string().nullish(),
  tankContainerId: z.string().nullish(), driverId: z.string().nullish(), escortId: z.string().nullish(),
};
/**
 * a waybill's body as the OpenAPI document shows it: the form's fields (core/waybill.ts), the goods lines and the crew;
 * checked by the step itself after it has copied parties from base info (workflow.ts formValues)
 */
export const waybillBody = (mode: 'add' | 'update') => resourceZod(waybillForm, mode, { check: false }).extend({
  goods: z.array(z.object({ unNo: z.string().optional(), goodsName: z.string().optional(), quantity: z.unknown().optional(), unit: z.string().optional() }).catchall(z.unknown()))
    .optional().describe('货物明细：UN编号、名称、数量、单位（以及包装类别、规格）'),
  submit: z.union([z.boolean(), z.string()]).optional().describe('true：保存并提交'),
  ...crewBody,
});
/** one item's answer in a 出车检查 or 自检 body */
export const checkAnswerBody = z.object({ itemId: z.string(), result: z.enum(CHECK_RESULTS, { error: '检查结果只能是合格、不合格或不适用' }), remark: z.string().max(500).nullish(), photos: z.array(z.unknown()).nullish() });

/** the bodies of the steps that take more than a version and a declared opinion */
const BODIES = {
  dispatch: z.object({ version, remark: z.string().max(500).nullish(), ...crewBody }),
  check: z.object({ version, answers: z.array(checkAnswerBody).max(200).default([]), driverNotified: z.boolean().optional(), escortNotified: z.boolean().optional(), selfInspectionId: z.string().nullish(), remark: z.string().max(500).nullish() }),
  load: z.object({
    version, loaderId: z.string().nullish(), loaderName: z.string().max(100).nullish(),
    checks: z.record(z.string(), z.boolean(), { error: '请完成五必查' }), remarks: z.record(z.string(), z.string().max(200)).optional(),
    goods: z.array(z.object({ lineId: z.string(), actualQuantity: z.coerce.number({ error: '实际装货数量不正确' }).min(0, '实际装货数量不能小于0') })).min(1, '请填写实际装货数量'),
    loadedAt: z.coerce.date().optional(), remark: z.string().max(500).nullish(),
  }),
  unload: z.object({
    version, signer: z.string({ error: '请输入签收人' }).trim().min(1, '请输入签收人').max(20, '签收人不能超过20个字符'), signerPhone: z.string().max(20).nullish(),
    goods: z.array(z.object({ lineId: z.string(), receivedQuantity: z.coerce.number().min(0, '签收数量不能小于0') })).optional(),
    unloadedAt: z.coerce.date().optional(), remark: z.string().max(500).nullish(),
  }),
  cancel: z.object({ version, reason }),
  close: z.object({ version, reason }),
  change: waybillBody('update').extend({ version, reason }),
};

/** 调度派车: the crew passes the dispatch rules and is locked for the trip */
const dispatch: Hook = async ({ tx, wb, user, body, opinion }) => {
  const crew = await crewFrom(tx, wb.enterpriseId, body);
  const docs = await loadCrew(tx, wb.enterpriseId, crew);
  const busy = await busyOf(tx, crew, docs, wb.id);
  const findings = complianceFindings(complianceInput(docs, goodsDocs(await goodsOf(tx, wb)), busy));
  if (findings.length) throw new ComplianceRefusal(findings, wb);
  await lockCrew(tx, wb, crew, docs);
  return {
    set: { ...crewColumns(crew, docs), bindId: crew.bindId ?? null, dispatcherId: user.id, dispatcherName: user.name.slice(0, 20), dispatchedAt: new Date(), problems: null,
      carrierName: docs.enterprise.name, carrierPhone: docs.enterprise.phone, carrierLicenceNo: docs.enterprise.licence_no },
    opinion: [docs.vehicle?.plateNo, docs.trailer?.plateNo, docs.driver?.name, docs.escort?.name].filter(Boolean).join(' / ') + (opinion ? `；${opinion}` : ''),
  };
};

/** 出车检查: every item answered (a 自检 may answer them), the crew told of the risks; a failed check goes back to 待调度 */
const check: Hook = async ({ tx, wb, user, body: raw, opinion }) => {
  const body = raw as unknown as CheckBody;
  const items = await checkItemsFor(tx, wb);
  const given = new Map<string, CheckAnswer>();
  let self: typeof waybillSelfInspection.$inferSelect | null = null;
  if (body.selfInspectionId) {
    if (!isUuid(body.selfInspectionId)) throw badInput('自检记录不正确');
    self = (await tx.select().from(waybillSelfInspection).where(and(eq(waybillSelfInspection.id, body.selfInspectionId), eq(waybillSelfInspection.waybillId, wb.id), eq(waybillSelfInspection.waybillCreatedAt, wb.createdAt))))[0] ?? null;
    if (!self) throw badInput('自检记录不存在或不属于本运单');
    for (const a of self.answers as CheckAnswer[]) given.set(a.itemId, a);
  }
  for (const a of body.answers) given.set(a.itemId, a);
  const answers = [];
  for (const it of items) {
    const a = given.get(it.id);
    if (!a) throw badInput(`请完成检查项“${it.name}”`);
    if (a.result === '不适用' && it.mandatory) throw badInput(`检查项“${it.name}”为必检项，不能选择不适用`);
    if (a.result === '不合格' && !a.remark?.trim()) throw badInput(`检查项“${it.name}”不合格，请填写说明`);
    answers.push({ itemId: it.id, name: it.name, category: it.category, mandatory: it.mandatory, result: a.result, remark: a.remark ?? null, photos: a.photos ?? null });
  }
  if (!body.driverNotified) throw badInput('请确认已对驾驶员进行安全告知');
  if (wb.escortId && !body.escortNotified) throw badInput('请确认已对押运员进行安全告知');
  const failedItems = answers.filter((a) => a.result === '不合格').map((a) => ({ itemId: a.itemId, name: a.name, remark: a.remark }));
  const passed = failedItems.length === 0;
  const [chk] = await tx.insert(waybillCheck).values({
    waybillId: wb.id, waybillCreatedAt: wb.createdAt, checkerId: user.id, checkerName: user.name.slice(0, 20), result: passed ? '合格' : '不合格',
    answers, failedItems: passed ? null : failedItems, driverNotified: !!body.driverNotified, escortNotified: !!body.escortNotified, selfInspectionId: self?.id ?? null,
  }).returning({ id: waybillCheck.id });
  if (self) await tx.update(waybillSelfInspection).set({ usedByCheckId: chk!.id }).where(and(eq(waybillSelfInspection.id, self.id), eq(waybillSelfInspection.waybillCreatedAt, wb.createdAt)));
  const result = { passed, failedItems };
  if (passed) return { to: '待下发', set: { checkedAt: new Date(), problems: null }, outcome: 'checkPass', opinion, result };
  // the crew is free again
  await releaseCrew(tx, wb);
  const lines = failedItems.map((f) => `检查项“${f.name}”不合格：${f.remark}`);
  return { to: '待调度', set: { problems: lines, checkedAt: new Date() }, outcome: 'checkFail', opinion: lines.join('；'), data: { failedItems }, result };
};

/** 下发: documents again as of today, the number from the day's counter (one row per day, bumped here), QR check code, messages */
const distribute = (provinceCode: string): Hook => async ({ tx, wb }) => {
  const docs = await loadCrew(tx, wb.enterpriseId, crewOf(wb));
  const findings = complianceFindings(complianceInput(docs, goodsDocs(await goodsOf(tx, wb)), []));
  if (findings.length) throw new ComplianceRefusal(findings, wb, '不能下发：');
  const now = new Date();
  const day = cnDay8(now);
  const seq = (await tx.execute<{ value: number }>(sql`insert into sequence_counter (key, value) values (${'waybill:' + day}, 1)
    on conflict (key) do update set value = sequence_counter.value + 1 returning value`)).rows[0]!.value;
  if (seq > 999_999) throw badInput('当日运单编号已用尽');
  const no = `${provinceCode.slice(0, 6)}${day}${String(seq).padStart(6, '0')}`;
  await tx.insert(waybillNumber).values({ waybillNo: no, waybillId: wb.id, waybillCreatedAt: wb.createdAt, issuedAt: now });
  const text = `【运单下发】运单${no}：${wb.startDate}起运，${wb.plateNo ?? ''}${wb.trailerPlateNo ? '/' + wb.trailerPlateNo : ''}，${wb.goodsSummary ?? ''}，${wb.originAddress ?? ''}→${wb.destAddress ?? ''}。请核对运单并按时出车，途中随车携带电子运单。`;
  const msgs = [['驾驶员', wb.driverId, wb.driverName, wb.driverPhone], ['押运员', wb.escortId, wb.escortName, wb.escortPhone]]
    .filter(([, sid]) => sid)
    .map(([role, sid, name, mobile]) => ({ waybillId: wb.id, waybillCreatedAt: wb.createdAt, enterpriseId: wb.enterpriseId, staffId: sid, role: role!, staffName: name, mobile, content: text }));
  if (msgs.length) await tx.insert(waybillMessage).values(msgs);
  return { set: { waybillNo: no, checkCode: checkCode(), distributedAt: now }, opinion: `运单编号${no}` };
};

/** 装货确认 (五必查): the five checks, the actual quantities against the vehicle and tank, the loading record */
const load: Hook = async ({ tx, wb, user, body: raw }) => {
  const body = raw as unknown as LoadBody;
  const failedChecks = FIVE_CHECKS.filter((c) => body.checks[c.key] !== true);
  if (failedChecks.length) throw badInput(`五必查不通过，不得装货：${failedChecks.map((c) => c.label).join('；')}`);
  const lines = await goodsOf(tx, wb);
  const actual = new Map(body.goods.map((g) => [g.lineId, g.actualQuantity]));
  for (const l of lines) if (!actual.has(l.id)) throw badInput(`请填写货物UN${l.unNo}${l.goodsName}的实际装货数量`);
  // the server's own 五必查: documents as of today and the actual quantities against 核定载质量 and the tank's media
  const docs = await loadCrew(tx, wb.enterpriseId, crewOf(wb));
  const loaded = lines.map((l) => ({ ...l, quantity: actual.get(l.id)! }));
  const findings = complianceFindings(complianceInput(docs, goodsDocs(loaded), []));
  if (findings.length) throw new ComplianceRefusal(findings, wb, '五必查不通过，不得装货：');
  let total = 0;
  for (const l of loaded) {
    total += goodsMassKg(l) ?? 0;
    await tx.update(waybillGoods).set({ actualQuantity: l.quantity }).where(and(eq(waybillGoods.id, l.id), eq(waybillGoods.waybillCreatedAt, wb.createdAt)));
  }
  const at = body.loadedAt ?? new Date();
  await tx.insert(waybillLoading).values({
    waybillId: wb.id, waybillCreatedAt: wb.createdAt, loaderId: body.loaderId && isUuid(body.loaderId) ? body.loaderId : wb.loaderId,
    loaderName: body.loaderName ?? wb.loaderName, loadedAt: at,
    checks: FIVE_CHECKS.map((c) => ({ key: c.key, label: c.label, ok: true, remark: body.remarks?.[c.key] ?? null })),
    actual: loaded.map((l) => ({ lineId: l.id, unNo: l.unNo, goodsName: l.goodsName, planned: lines.find((x) => x.id === l.id)!.quantity, actual: l.quantity, unit: l.unit })),
    totalMassKg: Math.round(total * 100) / 100, operatorId: user.id, operatorName: user.name.slice(0, 20), remark: body.remark ?? null,
  });
  return { set: { loadedAt: at }, opinion: `五必查通过，实际装货${loaded.map((l) => `${l.goodsName}${l.quantity}${l.unit}`).join('、')}` };
};

/** 卸货签收: what was received, the crew freed */
const unload: Hook = async ({ tx, wb, user, body: raw }) => {
  const body = raw as unknown as UnloadBody;
  const lines = await goodsOf(tx, wb);
  const got = new Map((body.goods ?? []).map((g) => [g.lineId, g.receivedQuantity]));
  const received = lines.map((l) => ({ lineId: l.id, unNo: l.unNo, goodsName: l.goodsName, quantity: got.get(l.id) ?? l.actualQuantity ?? l.quantity, unit: l.unit }));
  for (const r of received) await tx.update(waybillGoods).set({ receivedQuantity: r.quantity }).where(and(eq(waybillGoods.id, r.lineId), eq(waybillGoods.waybillCreatedAt, wb.createdAt)));
  const at = body.unloadedAt ?? new Date();
  await tx.insert(waybillUnloading).values({ waybillId: wb.id, waybillCreatedAt: wb.createdAt, unloadedAt: at, signer: body.signer, signerPhone: body.signerPhone ?? null, received, operatorId: user.id, operatorName: user.name.slice(0, 20), remark: body.remark ?? null });
  await releaseCrew(tx, wb);
  return { set: { completedAt: at }, opinion: `签收人${body.signer}` };
};

/** 作废 and 异常关闭: the reason kept, the crew freed */
const ending = (at: 'cancelledAt' | 'closedAt'): Hook => async ({ tx, wb, opinion }) => {
  await releaseCrew(tx, wb);
  return { set: { [at]: new Date(), reason: opinion } };
};

/** 运单变更: the fields, goods or crew that differ, the dispatch rules again where crew or goods changed, the change record */
const change: Hook = async ({ tx, wb, user, body, opinion }) => {
  const values = formValues(await fillParties(tx, wb.enterpriseId, body), 'update');
  const newGoods = body.goods !== undefined ? await normaliseGoods(tx, wb.enterpriseId, body.goods) : null;
  const crewTouched = CREW_FIELDS.some((f) => body[f] !== undefined) || body.bindId !== undefined;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const patch: Record<string, unknown> = {};
  const row = wb as Record<string, unknown>;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
    || (a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && a !== undefined && b !== undefined && String(a) === String(b));
  const differs = (k: string, v: unknown) => { if (!same(row[k], v)) { before[k] = row[k] ?? null; after[k] = v; patch[k] = v; } };
  for (const [k, v] of Object.entries(values)) differs(k, v);
  const goods = await goodsOf(tx, wb);
  let goodsForRules: GoodsDoc[] = goodsDocs(goods);
  if (newGoods) {
    const strip = (g: { unNo: string; goodsName: string; goodsClass: string; quantity: number; unit: string; packingGroup?: string | null; packingSpec?: string | null }) =>
      ({ unNo: g.unNo, goodsName: g.goodsName, goodsClass: g.goodsClass, packingGroup: g.packingGroup ?? null, packingSpec: g.packingSpec ?? null, quantity: Number(g.quantity), unit: g.unit });
    if (!same(goods.map(strip), newGoods.map(strip))) {
      before.goods = goods.map(strip); after.goods = newGoods.map(strip);
      Object.assign(patch, goodsDerived(newGoods));
      goodsForRules = goodsDocs(newGoods);
    }
  }
  let crew: Crew = crewOf(wb);
  let to = wb.state;
  let docs = null;
  if (crewTouched) {
    if (wb.state === '待调度') throw badInput('待调度的运单请通过调度派车选择车辆人员');
    const next = { ...crew, ...(await crewFrom(tx, wb.enterpriseId, body)) };
    if (CREW_FIELDS.some((f) => (next[f] ?? null) !== (crew[f] ?? null))) {
      docs = await loadCrew(tx, wb.enterpriseId, next);
      for (const [k, v] of Object.entries(crewColumns(next, docs))) differs(k, v);
      crew = next;
      // the pre-trip check was of the old crew
      if (wb.state === '待下发') to = '待检查';
    }
  }
  const fields = Object.keys(after);
  if (!fields.length) throw badInput('没有需要变更的内容');
  // crew or goods changed on a dispatched waybill: the dispatch rules again
  if (wb.state !== '待调度' && (docs || after.goods)) {
    const d = docs ?? await loadCrew(tx, wb.enterpriseId, crew);
    const busy = await busyOf(tx, crew, d, wb.id);
    const findings = complianceFindings(complianceInput(d, goodsForRules, busy));
    if (findings.length) throw new ComplianceRefusal(findings, wb, '不能变更：');
    if (docs) { await releaseCrew(tx, wb); await lockCrew(tx, wb, crew, d); }
  }
  if (newGoods && after.goods) { await writeGoods(tx, wb, newGoods); markGoodsRewritten(wb); }
  await tx.insert(waybillChange).values({ waybillId: wb.id, waybillCreatedAt: wb.createdAt, userId: user.id, userName: user.name.slice(0, 20), reason: opinion!, fields, before, after });
  return { to, set: patch as StepPatch, outcome: to !== wb.state ? 'crewChange' : undefined, data: { fields }, result: { changeFields: fields } };
};

/**
 * The waybill's registration on the engine. `provinceCode` heads every 运单编号 (the deployment's province); the hooks
 * are the module's, a demo may give its own (it seeds through the same engine).
 */
export function waybillWorkflow(provinceCode: string, hooks: Partial<Record<keyof typeof BODIES | 'distribute', Hook>> = {}): WorkflowRegistration {
  const steps = { dispatch, check, distribute: distribute(provinceCode), load, unload, cancel: ending('cancelledAt'), close: ending('closedAt'), change, ...hooks };
  return {
    def: waybillForm,
    store: waybillStore,
    hooks: { steps: Object.fromEntries(Object.entries(steps).map(([k, h]) => [k, hook(h)])) },
    bodies: BODIES,
    // 下发 takes several waybills chosen in a list at once (routes.ts), each a step here
    ownRoutes: ['distribute'],
    answer: (name, r): Served<typeof waybillAnswers.step> => {
      const waybill = rowOut(r.after as unknown as WaybillRow);
      return name === 'check' ? { ...(r.result as Omit<Served<typeof waybillAnswers.checked>, 'waybill'>), waybill } : waybill;
    },
    answerSchema: waybillAnswers.step,
    refused: keepFindings,
    after: (app, _name, { after }) => publishWaybills(app, [after as unknown as WaybillRow]),
  };
}
