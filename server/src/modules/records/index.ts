/**
 * 档案管理: 一企一档, 一车一档, 一人一档. The records themselves are resource
 * definitions (packages/core/src/resources/records.ts) served by the CRUD engine; this module adds
 * their hooks (./hooks.ts) and the workflow routes the engine cannot derive:
 *
 * - `POST /xxda/vehicle/submitAudit/:id`, `POST /xxda/tank/submitAudit/:id` — 草稿/已驳回 → 待审核, the workflow
 *   engine's step (element `<menu>:btn_submitAudit`; approving is 企业车辆审核's, another module)
 * - `GET /xxda/laborContract/getCmpsnByCertificate?certificate=` — the person of the caller's
 *   enterprise holding an ID or 从业资格证 number, with their last labour contract, to pre-fill 入职.
 *   Not found answers status 500 (the client shows no toast for this call, it just does not pre-fill).
 *
 * Registered under the `/api` prefix (server/src/modules/index.ts).
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATUS, recordsAnswers, resourceByKey, type ResourceDef } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { ApiError, badInput, ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { enterpriseScope } from '../../platform/access.ts';
import { workflowRoutes } from '../../platform/workflow.ts';
import type { FlowSubject } from '../../db/danger-schema.ts';
import './hooks.ts';

export const CERTIFICATE_NOT_FOUND = '未找到该证件号对应的人员';


export const recordsModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;

  // 提交审核 on the workflow engine: the step declared in core (AUDITED), one timeline row of the record; the
  // decisions are 企业车辆审核's own routes (modules/approval)
  for (const key of ['vehicle', 'tank']) {
    const def = resourceByKey(key) as ResourceDef;
    workflowRoutes(app, {
      def, subject: key as FlowSubject, menu: def.menu, ownRoutes: ['pass', 'reject'],
      // the list's button sends the version it shows; a caller without one acts on the row as it reads it
      bodies: { submitAudit: z.object({ version: z.coerce.number().int().optional() }).nullish() },
      hooks: { refusal: (_name, _user, before) => `${def.title}“${String(before[def.labelField!])}”当前为${String(before.auditStatus ?? '未知')}状态，不能提交审核` },
    });
  }

  app.get('/xxda/laborContract/getCmpsnByCertificate', {
    config: { access: { menu: 'staffEntryManager' } },
    schema: {
      tags: ['入职'], summary: '按身份证号或从业资格证号查找本企业人员及其上一份劳动合同',
      querystring: z.object({ certificate: z.string().max(30, '证件号不能超过30个字符').optional() }),
      response: answer(recordsAnswers.certificate),
    },
  }, async (req) => {
    const raw = (req.query.certificate ?? '').trim();
    if (!raw) throw badInput('请输入证件号');
    const upper = raw.toUpperCase();
    const r = await db().execute<{ id: string; name: string; sex: string; id_card: string; mobile: string; post: string; qualification_no: string | null }>(sql`
      select s.id, s.name, s.sex, s.id_card, s.mobile, s.post, s.qualification_no from staff s
      where ${enterpriseScope(req.user!, sql`s.enterprise_id`)} and (s.id_card = ${upper} or s.qualification_no in (${raw}, ${upper}))
      order by (s.id_card = ${upper}) desc, s.updated_at desc limit 1`);
    const s = r.rows[0];
    if (!s) throw new ApiError(STATUS.ERROR, CERTIFICATE_NOT_FOUND);
    const c = (await db().execute<{ contract_no: string; contract_start: string; contract_end: string | null }>(sql`
      select contract_no, contract_start, contract_end from staff_entry where staff_id = ${s.id}
      order by entry_date desc, created_at desc limit 1`)).rows[0];
    return ok({
      staffId: s.id, name: s.name, sex: s.sex, idCard: s.id_card, mobile: s.mobile, post: s.post, qualificationNo: s.qualification_no,
      lastContract: c ? { contractNo: c.contract_no, contractStart: c.contract_start, contractEnd: c.contract_end } : null,
    });
  });
};
