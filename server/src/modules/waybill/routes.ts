/** The enterprise side of the electronic waybill: edit, the four queues, every lifecycle step (docs/waybill-api.md §2); the steps run on the workflow engine (steps.ts). */
import { z } from 'zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WAYBILL_QUEUES, WAYBILL_PRINT_MENUS, type WaybillQueue } from '@dg/core/waybill';
import { waybillAnswers, type ElementCode, type MenuCode } from '@dg/core';
import { holdsElement } from '../../platform/access.ts';
import type { App } from '../../platform/context.ts';
import { waybillSelfInspection } from '../../db/waybill-schema.ts';
import { ok, forbidden, notFound } from '../../platform/errors.ts';
import { xlsxDisposition } from '../../platform/crud/excel.ts';
import { findWaybill, publishWaybills, WAYBILL_READ_MENUS, type WaybillRow } from './common.ts';
import { goodsOf } from './service.ts';
import { listCandidates, capacityOf, CANDIDATE_ROLES } from './candidates.ts';
import { listWaybills, exportWaybills } from './list.ts';
import { rowOut, detailOut, changesOf, selfInspectionOut } from './present.ts';
import { idParam, listBody, isUuid } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import { createWaybill, updateDraft, deleteDraft, complianceProblems, checkItemsFor, latestSelfInspection, addSelfInspection } from './workflow.ts';
import { waybillWorkflow, waybillBody, crewBody, checkAnswerBody } from './steps.ts';
import { runStep, workflowRoutes } from '../../platform/workflow.ts';

const tags = ['电子运单'];
const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();
/** 自检记录列表 counts to here, as it always did: the pager shows 100000+ */
const SELF_INSPECTION_CAP = 100_000;

export const waybillRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const menu = (m: MenuCode) => ({ access: { menu: m } });
  const el = (e: ElementCode) => ({ access: { element: e } });
  const P = '/dzyd/waybill';

  // ───── lists ─────
  for (const [queue, q] of Object.entries(WAYBILL_QUEUES) as [WaybillQueue, (typeof WAYBILL_QUEUES)[WaybillQueue]][]) {
    app.post(`${P}/${queue}/list`, { config: menu(q.menu), schema: { tags, summary: `${q.title}运单`, body: listBody.optional(), response: answer(waybillAnswers.list) } }, async (req) =>
      ok(await listWaybills(db(), req.user!, req.body ?? {}, q.state)));
  }
  app.post(`${P}/manage/list`, { config: menu('waybillManageManager'), schema: { tags, summary: '运单管理列表', body: listBody.optional(), response: answer(waybillAnswers.list) } }, async (req) =>
    ok(await listWaybills(db(), req.user!, req.body ?? {})));
  app.post(`${P}/manage/export`, { config: el('waybillManageManager:btn_export'), schema: { tags, summary: '导出运单', body: listBody.optional() } }, async (req, reply) => {
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition('运单'));
    return reply.send(exportWaybills(db(), req.user!, (req.body ?? {}).filters ?? {}));
  });

  // ───── read ─────
  app.get(`${P}/info/:id`, { config: { access: { anyMenu: WAYBILL_READ_MENUS } }, schema: { tags, summary: '运单详情', params: idParam, response: answer(waybillAnswers.detail) } }, async (req) => {
    const wb = await findWaybill(db(), req.user!, req.params.id);
    if (!wb) throw notFound();
    return ok(await detailOut(db(), req.user!, wb));
  });
  app.get(`${P}/changes/:id`, { config: { access: { anyMenu: WAYBILL_READ_MENUS } }, schema: { tags, summary: '运单变更记录', params: idParam, response: answer(waybillAnswers.changes) } }, async (req) => {
    const wb = await findWaybill(db(), req.user!, req.params.id);
    if (!wb) throw notFound();
    return ok(await changesOf(db(), wb));
  });
  app.get(`${P}/print/:id`, { config: { access: { anyMenu: WAYBILL_PRINT_MENUS } }, schema: { tags, summary: '运单打印（A4）', params: idParam, response: answer(waybillAnswers.print) } }, async (req) => {
    const wb = await findWaybill(db(), req.user!, req.params.id);
    if (!wb) throw notFound();
    const goods = await goodsOf(db(), wb);
    const qr = wb.waybillNo && wb.checkCode ? await qrOf(req, wb.waybillNo, wb.checkCode) : null;
    return ok({ ...rowOut(wb), checkCode: wb.checkCode, goods: goods.map(({ waybillCreatedAt: _x, waybillId: _y, ...g }) => g), qr, printedAt: new Date(), title: '危险货物道路运输运单' });
  });

  // ───── edit (drafts) ─────
  app.post(`${P}/add`, { config: el('baseManager:btn_add'), schema: { tags, summary: '新增运单（草稿）', body: waybillBody('add'), response: answer(waybillAnswers.waybill) } }, async (req) => {
    const body = req.body;
    const submit = body.submit === true || body.submit === 'true';
    if (submit && !holdsElement(req.user!, 'baseManager:btn_submit')) throw forbidden();
    const row = await createWaybill(db(), req.user!, body, submit);
    req.audit = { after: { id: row.id, state: row.state } };
    await publishWaybills(app, [row]);
    return ok(rowOut(row));
  });
  app.put(`${P}/update`, { config: el('baseManager:btn_edit'), schema: { tags, summary: '修改运单草稿', body: waybillBody('update').extend({ id: z.string({ error: '缺少id' }), version }), response: answer(waybillAnswers.waybill) } }, async (req) => {
    const { current, after } = await updateDraft(db(), req.user!, req.body);
    req.audit = { before: { id: current.id, version: current.version }, after: { id: after.id, version: after.version } };
    await publishWaybills(app, [after]);
    return ok(rowOut(after));
  });
  app.delete(`${P}/del/:id`, { config: el('baseManager:btn_del'), schema: { tags, summary: '删除运单草稿', params: idParam, response: answer(waybillAnswers.deleted) } }, async (req) => {
    await publishWaybills(app, [await deleteDraft(db(), req.user!, req.params.id)]);
    return ok(null);
  });

  // ───── lifecycle: every step on the workflow engine, at the spec's URLs ─────
  const steps = waybillWorkflow(app.ctx.config.provinceCode);
  workflowRoutes(app, steps);

  app.post(`${P}/compliance`, { config: menu('dispatchManager'), schema: { tags, summary: '调度合规检查', body: z.object({ waybillId: z.string(), ...crewBody }), response: answer(waybillAnswers.compliance) } }, async (req) =>
    ok(await complianceProblems(db(), req.user!, req.body)));

  app.post(`${P}/candidates`, {
    config: el('dispatchManager:btn_dispatch'),
    schema: {
      tags, summary: '调度候选（车辆、挂车、罐体、罐箱、人员或绑定，附可否调度及原因）',
      body: z.object({
        waybillId: z.string({ error: '缺少运单' }),
        role: z.enum(CANDIDATE_ROLES, { error: '候选类型不正确' }),
        q: z.string().max(50, '搜索内容不能超过50个字符').nullish(),
        page: z.coerce.number().int().min(1).optional(), size: z.coerce.number().int().min(1).max(100).optional(),
        crew: z.object(crewBody).nullish().describe('已选的其他车辆人员（判断超载、适装介质等组合规则）'),
      }),
      response: answer(waybillAnswers.candidates),
    },
  }, async (req) => ok(await listCandidates(db(), req.user!, req.body)));

  app.post(`${P}/capacity`, {
    config: menu('baseManager'),
    schema: { tags, summary: '运单填报：本企业车辆、罐体和经营范围能否承运', body: z.object({ goods: z.array(z.unknown()).max(30).optional() }), response: answer(waybillAnswers.capacity) },
  }, async (req) => ok(await capacityOf(db(), req.user!, req.body)));

  // ───── 出车检查 and 自检 ─────

  app.get(`${P}/checkForm/:id`, { config: menu('waybillCheckManager'), schema: { tags, summary: '出车检查表', params: idParam, response: answer(waybillAnswers.checkForm) } }, async (req) => {
    const wb = await findWaybill(db(), req.user!, req.params.id);
    if (!wb) throw notFound();
    const items = await db().transaction((tx) => checkItemsFor(tx, wb));
    const self = await latestSelfInspection(db(), wb);
    return ok({ waybill: rowOut(wb), items, selfInspection: self && selfInspectionOut(self) });
  });


  app.post(`${P}/selfInspection/add`, {
    config: el('waybillCheckManager:btn_add'),
    schema: { tags, summary: '新增自检记录', body: z.object({ waybillId: z.string(), staffId: z.string().nullish(), answers: z.array(checkAnswerBody).max(200), remark: z.string().max(500).nullish() }), response: answer(waybillAnswers.selfInspection) },
  }, async (req) => ok(selfInspectionOut(await addSelfInspection(db(), req.user!, req.body))));
  app.get(`${P}/selfInspection/info/:id`, { config: menu('waybillCheckManager'), schema: { tags, summary: '自检记录详情', params: idParam, response: answer(waybillAnswers.selfInspection) } }, async (req) => {
    const u = req.user!;
    const r = (await db().select().from(waybillSelfInspection).where(and(eq(waybillSelfInspection.id, req.params.id),
      u.side === 'enterprise' ? eq(waybillSelfInspection.enterpriseId, u.enterpriseId ?? '00000000-0000-0000-0000-000000000000') : sql`true`)).limit(1))[0];
    if (!r || (u.side === 'government')) throw notFound();
    return ok(selfInspectionOut(r));
  });
  app.post(`${P}/selfInspection/list`, { config: menu('waybillCheckManager'), schema: { tags, summary: '自检记录列表', body: listBody.optional(), response: answer(waybillAnswers.selfInspections) } }, async (req) => {
    const u = req.user!;
    if (u.side !== 'enterprise' || !u.enterpriseId) return ok({ content: [], total: 0, totalCapped: false });
    const body = req.body ?? {};
    const size = Math.min(body.size ?? 10, 100), page = Math.max(body.page ?? 1, 1);
    const wid = body.filters?.waybillId;
    const where = and(eq(waybillSelfInspection.enterpriseId, u.enterpriseId), wid && isUuid(wid) ? eq(waybillSelfInspection.waybillId, wid) : sql`true`);
    const [rows, n] = await Promise.all([
      db().select().from(waybillSelfInspection).where(where).orderBy(desc(waybillSelfInspection.at)).limit(size).offset((page - 1) * size),
      db().execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from waybill_self_inspection where enterprise_id = ${u.enterpriseId} ${wid && isUuid(wid) ? sql`and waybill_id = ${wid}` : sql``} limit ${SELF_INSPECTION_CAP + 1}) s`),
    ]);
    const total = n.rows[0]!.n;
    return ok({ content: rows.map(selfInspectionOut), total: Math.min(total, SELF_INSPECTION_CAP), totalCapped: total > SELF_INSPECTION_CAP });
  });

  // ───── 下发 ─────
  app.post(`${P}/distribute`, {
    config: el('distributeManager:btn_distribute'),
    schema: { tags, summary: '运单下发（一条或多条）', body: z.object({ ids: z.array(z.string()).min(1, '请选择要下发的运单').max(200, '一次最多下发200条'), versions: z.record(z.string(), z.coerce.number()).optional() }),
      response: answer(waybillAnswers.distributed) },
  }, async (req) => {
    const body = req.body;
    const done: { id: string; waybillNo: string; checkCode: string }[] = [];
    const written: WaybillRow[] = [];
    const failed: { id: string; message: string; problems?: string[] }[] = [];
    for (const id of [...new Set(body.ids)]) {
      try {
        const r = (await runStep(db(), steps, req.user!, id, 'distribute', { version: body.versions?.[id] })).after as unknown as WaybillRow;
        done.push({ id, waybillNo: r.waybillNo!, checkCode: r.checkCode! });
        written.push(r);
      } catch (err) {
        if (body.ids.length === 1) throw err;
        if (!(err instanceof Error) || !('status' in err)) throw err;
        failed.push({ id, message: err.message, problems: ((err as { data?: { problems?: string[] } }).data)?.problems });
      }
    }
    req.audit = { after: { done: done.map((d) => d.waybillNo), failed: failed.length } };
    await publishWaybills(app, written);
    return ok({ done, failed }, failed.length ? `下发成功${done.length}条，失败${failed.length}条` : `下发成功${done.length}条`);
  });
};

/** the QR of a waybill: the public check page with its number and check code */
async function qrOf(req: FastifyRequest, no: string, code: string) {
  const base = process.env.PUBLIC_BASE_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  const url = `${base}/transportInfo-qyd?no=${encodeURIComponent(no)}&code=${encodeURIComponent(code)}`;
  const [dataUrl, svg] = await Promise.all([
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
    QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
  ]);
  return { url, dataUrl, svg };
}
