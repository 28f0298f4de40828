/**
 * 安全考核 (aqkh): indicators, models, groups, 考核下发 and each enterprise's assessment are resource definitions
 * (packages/core/src/resources/assessment.ts) with this module's hooks (./steps.ts); the steps are these routes:
 * - `POST /aqkh/assessTask/issue/:id` — 下发: one assessment per enterprise
 * - `POST /aqkh/assessment/{save|submit}/:id` (the enterprise), `{score|confirm|publish}/:id` (the group, its leader, the
 *   result screen): both derived from the declared workflows and run by the engine (./steps.ts's hooks)
 * - `POST /assessResult/addAssessResult` — 发布 (the product's path; the web shows no loading overlay for it)
 * - `POST /aqkh/assessModel/copy/:id` — a model in use is copied to a new version to be changed
 * - `GET /aqkh/{assessTask|assessment}/flow/:id` — who took each step and when (the history page)
 * - 档案借阅 of published assessments: the one borrowing mechanism of modules/inspection/borrow.ts (its rows are
 *   `rectBorrow` of kind 考核档案, listed by the generic `/zggl/rectBorrow/list`), under this menu's codes:
 *   `POST /aqkh/assessBorrow/add`, `POST /aqkh/assessBorrow/{approve|reject|giveBack}/:id`, `GET /aqkh/assessBorrow/read/:id`
 */
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assessModel, assessTask, assessment, rectBorrow, resourceRow } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { notFound, ok } from '../../platform/errors.ts';
import { findRow, present, presentOne, tableOf } from '../../platform/crud/query.ts';
import { addRow } from '../../platform/crud/write.ts';
import { borrowWorkflow, readBorrowed } from '../inspection/borrow.ts';
import { runStep, timelineRoute, workflowRoutes } from '../../platform/workflow.ts';
import { idParam } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { assessTaskWorkflow, assessmentRegistration } from './steps.ts';
import { statRoutes } from './stats.ts';

const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();

export const assessmentModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;

  workflowRoutes(app, assessTaskWorkflow);
  workflowRoutes(app, assessmentRegistration);
  // 发布 also at the URL the result screen has always used, with the row's id in the body
  app.post('/assessResult/addAssessResult', {
    config: { access: { element: 'assessResultManager:btn_publish', opt: '发布考核结果' } },
    schema: { tags: [assessment.title], summary: '发布考核结果（按参数设置的分数线定级，发布后企业可见、不能修改）', body: z.object({ id: z.string().max(36), version }), response: answer(resourceRow) },
  }, async (req) => {
    const result = await runStep(db(), assessmentRegistration, req.user!, req.body.id, 'publish', { version: req.body.version });
    req.audit = result;
    return ok(await presentOne(db(), assessment, req.user!, result.after));
  });

  app.post('/aqkh/assessModel/copy/:id', {
    config: { access: { element: 'assessModelManager:btn_add', opt: '复制考核模型' } },
    schema: { tags: [assessModel.title], summary: '复制为新版本（已用于考核下发的模型不能修改）', params: idParam, response: answer(resourceRow) },
  }, async (req) => {
    const src = await findRow(db(), assessModel, req.user!, req.params.id);
    if (!src) throw notFound();
    const t = tableOf(assessModel);
    const [latest] = await db().select({ v: t.modelVersion }).from(t).where(eq(t.name, src.name)).orderBy(desc(t.modelVersion)).limit(1);
    const [row] = await db().insert(t).values({ name: src.name, modelVersion: Number(latest?.v ?? src.modelVersion) + 1, totalScore: src.totalScore,
      items: src.items, remark: src.remark, createdBy: req.user!.id, updatedBy: req.user!.id }).returning() as Row[];
    req.audit = { after: row };
    return ok(await presentOne(db(), assessModel, req.user!, row!));
  });

  for (const def of [assessTask, assessment]) timelineRoute(app, def);

  app.post('/aqkh/assessBorrow/add', {
    config: { access: { element: 'assessBorrowManager:btn_add', opt: '申请借阅考核档案' } },
    schema: { tags: ['考核档案借阅'], summary: '申请借阅已发布的考核档案', body: z.object({
      assessmentId: z.string().max(36).describe('考核档案（已发布的考核）'), purpose: z.unknown().describe('借阅用途'), until: z.unknown().describe('借阅截止日期 YYYY-MM-DD') }),
      response: answer(resourceRow) },
  }, async (req) => {
    const row = await addRow(app, db(), rectBorrow, req.user!, { ...req.body, archiveKind: '考核档案' });
    req.audit = { after: row };
    return ok((await present(db(), rectBorrow, req.user!, [row]))[0]);
  });
  workflowRoutes(app, borrowWorkflow('考核档案', 'assessBorrowManager', (step) => `/aqkh/assessBorrow/${step}`));
  app.get('/aqkh/assessBorrow/read/:id', { config: { access: { menu: 'assessBorrowManager' } }, schema: { tags: ['考核档案借阅'], summary: '查阅借阅的考核档案（批准且未到期）', params: idParam, response: answer(resourceRow) } }, async (req) => {
    const record = await readBorrowed(db(), req.user!, req.params.id, '考核档案');
    return ok(await presentOne(db(), assessment, req.user!, record));
  });

  await app.register(statRoutes);
};
