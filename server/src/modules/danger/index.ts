/**
 * 隐患排查治理 (API area yhpc). The records are resource definitions (packages/core/src/resources/danger.ts)
 * served by the CRUD engine with this module's hooks (./hooks.ts); the workflow steps are these routes:
 *
 * - `POST /yhpc/hazard/{submit|handle|finish|pass|return}/:id` — the hazard's steps, derived from its declared workflow
 *   (core danger.ts) and run by the workflow engine with this module's hooks (./hazard.ts), each behind its element
 *   code; `GET /yhpc/hazard/flow/:id` — its timeline
 * - `POST /yhpc/selfCheck/run` — an enterprise's self-check from a template; `POST /yhpc/selfCheck/toHazards/:id` —
 *   its failed items become hazards, the check's workflow step (./self-check.ts); `GET /yhpc/selfCheck/flow/:id` — its timeline
 *
 * Dashboard figures and the demo rows hang on the platform's extension points (./figures.ts, ./demo.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dangerAnswers, hazard, selfCheck } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { presentOne } from '../../platform/crud/query.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { hazardWorkflow } from './hazard.ts';
import { timelineRoute, workflowRoutes, type WorkflowRegistration } from '../../platform/workflow.ts';
import { failedItemsToHazards, runSelfCheck } from './self-check.ts';
import './hooks.ts';
import './figures.ts';

const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();
const runBody = z.object({
  checkModelId: z.string({ error: '请选择检查模板' }).describe('检查模板 id'),
  checkDate: z.string({ error: '请选择检查日期' }).describe('检查日期 YYYY-MM-DD'),
  inspector: z.string({ error: '请输入检查人' }).describe('检查人'),
  place: z.string().nullish().describe('检查地点'),
  conclusion: z.string().nullish().describe('检查结论'),
  results: z.array(z.object({
    itemId: z.string(), result: z.string().describe('合格 / 不合格 / 不适用'), remark: z.string().nullish().describe('情况说明（不合格时必填）'),
  }), { error: '请填写检查结果' }).max(500),
});
const toHazardsBody = z.object({
  version,
  responsibleId: z.string({ error: '请选择整改责任人' }).describe('整改责任人（人员 id）'),
  deadline: z.string({ error: '请选择整改期限' }).describe('整改期限 YYYY-MM-DD'),
  level: z.string().optional().describe('隐患等级：一般 / 重大'),
  itemIds: z.array(z.string()).max(500).optional().describe('只转这些检查项目（默认全部不合格项）'),
});

export const dangerModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;

  workflowRoutes(app, hazardWorkflow);

  timelineRoute(app, hazard);

  app.post('/yhpc/selfCheck/run', {
    config: { access: { element: 'checkModelManager:btn_add', opt: '开展自查' } },
    schema: { tags: [selfCheck.title], summary: '按检查模板开展自查', body: runBody, response: answer(dangerAnswers.selfCheck) },
  }, async (req) => {
    const row = await runSelfCheck(db(), req.user!, req.body);
    req.audit = { after: row };
    return ok(await presentOne(db(), selfCheck, req.user!, row));
  });

  const selfCheckWorkflow: WorkflowRegistration = {
    def: selfCheck,
    subject: 'selfCheck',
    hooks: { steps: { toHazards: failedItemsToHazards } },
    bodies: { toHazards: toHazardsBody },
    answerSchema: dangerAnswers.toHazards,
    // the check as its list shows it (its items now name their hazards) and the hazards made
    answer: async (_name, r, user) => ({ check: await presentOne(db(), selfCheck, user, r.after), hazards: r.result as Row[] }),
    after: async (app, _name, r) => {
      const hazards = r.result as Row[];
      // a 一般 hazard is announced to the staff as it is submitted (a 人员通知 to read)
      await app.ctx.events.publish({ keys: hazards.some((h) => h.level !== '重大') ? ['hazard', 'staffNotice', 'selfCheck'] : ['hazard', 'selfCheck'], enterprises: [String(r.after.enterpriseId)] });
    },
  };
  workflowRoutes(app, selfCheckWorkflow);

  timelineRoute(app, selfCheck);
};
