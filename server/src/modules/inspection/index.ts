/**
 * 安全检查 (aqjc), 整改管理 (zggl) and 整改督办 (zgdb): the records are resource definitions
 * (packages/core/src/resources/inspection.ts) with this module's hooks; the workflow steps are these routes:
 * - `POST /aqjc/checkPlan/{submit|pass|reject}/:id` — derived from the plan's declared workflow (./plans.ts's hooks), `GET /aqjc/checkPlan/draw/:id` (the enterprises an approved plan drew),
 *   `GET /aqjc/checkPlan/flow/:id`
 * - `POST /aqjc/checkRecord/record/:id` — the check's results; failures issue a 整改通知
 * - `POST /zggl/rectNotice/{commit|pass|return}/:id` — derived from the notice's declared workflow (core inspection.ts)
 *   and run by the workflow engine (./rectification.ts's hooks); `GET /zggl/rectNotice/flow/:id`
 * - `POST /zggl/rectBorrow/{approve|reject|giveBack}/:id` — derived from the borrowing's declared workflow (./borrow.ts's hooks), `GET /zggl/rectBorrow/read/:id` (the borrowed record, while readable)
 * - `POST /zgdb/supervise/{report|feedback|raise|close}/:id` — derived from the item's declared workflow (report: a
 *   supervisor, feedback: the enterprise from 业务大厅) and run by the engine (./supervise.ts's hooks); overdue notices and open 重大 hazards become items by themselves (./supervise.ts)
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkPlan, checkRecord, inspectionAnswers, rectBorrow, rectNotice, supervise, type ResourceDef } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { notFound, ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { findRow, presentOne } from '../../platform/crud/query.ts';
import { idParam } from '../../platform/schemas.ts';
import { approvedDraw, checkPlanWorkflow, drawEnterprises, recordCheck } from './plans.ts';
import { rectNoticeWorkflow } from './rectification.ts';
import { timelineRoute, workflowRoutes } from '../../platform/workflow.ts';
import { readAccess } from '../../platform/access.ts';
import { borrowWorkflow, readBorrowed } from './borrow.ts';
import { superviseWorkflow, sweepSupervision } from './supervise.ts';

const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();
const recordBody = z.object({
  version,
  checkDate: z.unknown().describe('检查日期 YYYY-MM-DD'),
  inspectors: z.unknown().describe('检查人员'),
  results: z.array(z.object({ item: z.string().max(200), result: z.string().describe('合格 / 不合格 / 不适用'), remark: z.string().nullish() }), { error: '请填写检查结果' }).max(100),
  problems: z.unknown().optional().describe('存在问题'),
  photos: z.unknown().optional().describe('检查照片 [{ id, name }]'),
  deadline: z.unknown().optional().describe('整改期限 YYYY-MM-DD（有不合格项或问题时必填）'),
  requirements: z.unknown().optional().describe('整改要求（有不合格项或问题时必填）'),
});
/** `GET …/flow/:id`: the timeline of a row the caller may read */
const readers = (def: ResourceDef) => ({ access: readAccess(def) });

export const inspectionModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;

  workflowRoutes(app, checkPlanWorkflow);
  app.get('/aqjc/checkPlan/draw/:id', { config: readers(checkPlan), schema: { tags: [checkPlan.title], summary: '审批通过的计划抽中的企业（按审批时生成的随机种子，结果不变）', params: idParam, response: answer(inspectionAnswers.draw) } }, async (req) => {
    const plan = await findRow(db(), checkPlan, req.user!, req.params.id);
    if (!plan) throw notFound();
    return ok(await drawEnterprises(db(), approvedDraw(plan)));
  });

  app.post('/aqjc/checkRecord/record/:id', {
    config: { access: { element: 'checkRecordManager:btn_edit', opt: '填写检查记录' } },
    schema: { tags: [checkRecord.title], summary: '填写检查结果（不合格项或问题生成整改通知）', params: idParam, body: recordBody, response: answer(inspectionAnswers.record) },
  }, async (req) => {
    const { before, after } = await recordCheck(db(), req.user!, req.params.id, req.body);
    req.audit = { before, after };
    return ok(await presentOne(db(), checkRecord, req.user!, after));
  });

  workflowRoutes(app, rectNoticeWorkflow);

  workflowRoutes(app, borrowWorkflow('整改记录', 'rectificationBorrowManager'));
  app.get('/zggl/rectBorrow/read/:id', { config: readers(rectBorrow), schema: { tags: [rectBorrow.title], summary: '查阅借阅的整改记录（批准且未到期）', params: idParam, response: answer(inspectionAnswers.borrowed) } }, async (req) => {
    const record = await readBorrowed(db(), req.user!, req.params.id);
    return ok(await presentOne(db(), rectNotice, req.user!, record));
  });

  workflowRoutes(app, superviseWorkflow);

  // overdue notices (and any open 重大 hazard still without an item) become 督办 items: now and every 10 minutes
  // (a 重大 hazard gets its item in the transaction that submits it)
  const sweep = () => sweepSupervision(db()).catch((err) => app.log.error({ err }, '督办 sweep'));
  await sweep();
  const timer = setInterval(sweep, 10 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  for (const def of [checkPlan, rectNotice, rectBorrow, supervise]) timelineRoute(app, def);
};
