/**
 * 安全考核 (aqkh): indicators, models, groups, 考核下发 and each enterprise's assessment are resource definitions
 * (packages/core/src/resources/assessment.ts) with this module's hooks (./steps.ts); the steps are these routes:
 * - `POST /aqkh/assessTask/issue/:id` — 下发: one assessment per enterprise
 * - `POST /aqkh/assessment/{save|submit}/:id` (the enterprise), `{score|confirm}/:id` (the group, its leader)
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
import { assessModel, assessTask, assessment, rectBorrow, type ElementCode } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { notFound, ok } from '../../platform/errors.ts';
import { findRow, present, presentOne, tableOf } from '../../platform/crud/query.ts';
import { addRow } from '../../platform/crud/write.ts';
import { BORROW_STEP_NAMES, readBorrowed, stepBorrow, type BorrowStep } from '../inspection/borrow.ts';
import { idParam } from '../../platform/schemas.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { timelineOf } from '../../platform/flow.ts';
import { issueTask, stepAssessment, type AssessStep } from './steps.ts';
import { statRoutes } from './stats.ts';

const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();
const opinion = z.string().max(500, '意见不能超过500个字符').nullish().describe('意见');
const items = z.array(z.object({
  indicatorId: z.string().max(36),
  selfScore: z.unknown().optional().describe('自评得分（按指标满分）'),
  evidence: z.unknown().optional().describe('佐证材料 [{ id, name }]'),
  selfRemark: z.unknown().optional().describe('自评说明'),
  groupScore: z.unknown().optional().describe('考核组评分（按指标满分）'),
  opinion: z.unknown().optional().describe('评分意见'),
}), { error: '请填写各项指标的得分' }).max(500).optional();
const STEPS: Record<Exclude<AssessStep, 'publish'>, { element: ElementCode; summary: string }> = {
  save: { element: 'assessRecordManager:btn_edit', summary: '企业自评：保存草稿' },
  submit: { element: 'assessRecordManager:btn_edit', summary: '企业自评：提交' },
  score: { element: 'assessRecordManager:btn_edit', summary: '考核组评分' },
  confirm: { element: 'assessRecordManager:btn_edit', summary: '组长确认' },
};

export const assessmentModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;

  app.post('/aqkh/assessTask/issue/:id', {
    config: { access: { element: 'assessIssueManager:btn_edit', opt: '考核下发' } },
    schema: { tags: [assessTask.title], summary: '下发：为每家考核企业生成考核记录', params: idParam, body: z.object({ version }) },
  }, async (req) => {
    const { before, after } = await issueTask(db(), req.user!, req.params.id, req.body.version);
    req.audit = { before, after };
    return ok(await presentOne(db(), assessTask, req.user!, after));
  });

  for (const [step, { element, summary }] of Object.entries(STEPS) as [AssessStep, { element: ElementCode; summary: string }][]) {
    app.post(`/aqkh/assessment/${step}/:id`, {
      config: { access: { element, opt: summary } },
      schema: { tags: [assessment.title], summary, params: idParam, body: z.object({ version, opinion, items }) },
    }, async (req) => {
      const { before, after } = await stepAssessment(db(), req.user!, req.params.id, step, req.body);
      req.audit = { before, after };
      return ok(await presentOne(db(), assessment, req.user!, after));
    });
  }

  app.post('/assessResult/addAssessResult', {
    config: { access: { element: 'assessResultManager:btn_publish', opt: '发布考核结果' } },
    schema: { tags: [assessment.title], summary: '发布考核结果（按参数设置的分数线定级，发布后企业可见、不能修改）', body: z.object({ id: z.string().max(36), version }) },
  }, async (req) => {
    const { before, after } = await stepAssessment(db(), req.user!, req.body.id, 'publish', { version: req.body.version });
    req.audit = { before, after };
    return ok(await presentOne(db(), assessment, req.user!, after));
  });

  app.post('/aqkh/assessModel/copy/:id', {
    config: { access: { element: 'assessModelManager:btn_add', opt: '复制考核模型' } },
    schema: { tags: [assessModel.title], summary: '复制为新版本（已用于考核下发的模型不能修改）', params: idParam },
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

  for (const def of [assessTask, assessment]) {
    app.get(`/aqkh/${def.key}/flow/:id`, {
      config: { access: { anyMenu: [def.menu, ...(def.readMenus ?? [])] } },
      schema: { tags: [def.title], summary: `${def.title}处理记录（每一步的办理人和时间）`, params: idParam },
    }, async (req) => {
      if (!(await findRow(db(), def, req.user!, req.params.id))) throw notFound();
      return ok(await timelineOf(db(), req.params.id));
    });
  }

  app.post('/aqkh/assessBorrow/add', {
    config: { access: { element: 'assessBorrowManager:btn_add', opt: '申请借阅考核档案' } },
    schema: { tags: ['考核档案借阅'], summary: '申请借阅已发布的考核档案', body: z.object({
      assessmentId: z.string().max(36).describe('考核档案（已发布的考核）'), purpose: z.unknown().describe('借阅用途'), until: z.unknown().describe('借阅截止日期 YYYY-MM-DD') }) },
  }, async (req) => {
    const row = await addRow(app, db(), rectBorrow, req.user!, { ...req.body, archiveKind: '考核档案' });
    req.audit = { after: row };
    return ok((await present(db(), rectBorrow, req.user!, [row]))[0]);
  });
  const BORROW_ELEMENTS: Record<BorrowStep, ElementCode> = {
    approve: 'assessBorrowManager:btn_approve', reject: 'assessBorrowManager:btn_approve', giveBack: 'assessBorrowManager:btn_return',
  };
  for (const step of Object.keys(BORROW_ELEMENTS) as BorrowStep[]) {
    app.post(`/aqkh/assessBorrow/${step}/:id`, {
      config: { access: { element: BORROW_ELEMENTS[step], opt: `考核档案借阅${BORROW_STEP_NAMES[step]}` } },
      schema: { tags: ['考核档案借阅'], summary: `考核档案借阅：${BORROW_STEP_NAMES[step]}`, params: idParam, body: z.object({ version, opinion }) },
    }, async (req) => {
      const { before, after } = await stepBorrow(db(), req.user!, req.params.id, step, req.body, '考核档案');
      req.audit = { before, after };
      return ok((await present(db(), rectBorrow, req.user!, [after]))[0]);
    });
  }
  app.get('/aqkh/assessBorrow/read/:id', { config: { access: { menu: 'assessBorrowManager' } }, schema: { tags: ['考核档案借阅'], summary: '查阅借阅的考核档案（批准且未到期）', params: idParam } }, async (req) => {
    const record = await readBorrowed(db(), req.user!, req.params.id, '考核档案');
    return ok(await presentOne(db(), assessment, req.user!, record));
  });

  await app.register(statRoutes);
};
