/**
 * 信息看板 (zydXxkbManager, 政) and 业务大厅's counts (businessLobby, 企):
 *   GET  /zyd/board/dynamic            动态监控: in transit now by area × goods class, overdue counted
 *   POST /zyd/board/dynamic/list       the in-transit waybills, overdue first {page, size, filters: {area, goodsClass, overdue, keyword}}
 *   GET  /zyd/board/lookup?q=          基础查询: what the text names (plate, ID number, enterprise name or credit code, waybill number)
 *   GET  /zyd/board/card/:type/:id     基础查询: one record's card with everything linked to it
 *   GET  /zyd/board/static             静态监控: due and expired documents by area and list
 *   POST /zyd/board/static/enterprises … by enterprise {filters: {regionCode, kind, status}}
 *   POST /zyd/board/static/documents   … the documents {filters: {enterpriseId, regionCode, kind, status}}
 *   GET  /zyd/board/tips               提示汇总: open items grouped, with counts and the screens that list them
 *   GET  /lobby/counts                 业务大厅: warnings, unread messages and what waits for the enterprise's answer
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CARD_TYPES, NOTICE_OPEN_STATES, boardAnswers, type MenuCode } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { notFound, ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { UUID_RE, listBody } from '../../platform/schemas.ts';
import { COUNT_CAP, pagingOf } from '../../platform/paged.ts';
import { warningSummary } from '../warnings/index.ts';
import { unreadMessages } from '../notice/messages.ts';
import { dynamicList, dynamicSummary, readDynamicFilters, staticDocuments, staticEnterprises, staticSummary } from './monitor.ts';
import { card, lookup } from './lookup.ts';
import { tipSummary } from './tips.ts';

export const boardModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['信息看板'];
  const menu = (code: MenuCode) => ({ access: { menu: code } });
  const paging = (b: { page?: number; size?: number } | null | undefined) => pagingOf(b ?? {}, COUNT_CAP);

  app.get('/zyd/board/dynamic', { config: menu('dynamicMonitorManager'), schema: { tags, summary: '动态监控：在途运单按地区和货物类别', response: answer(boardAnswers.dynamic) } },
    async (req) => ok(await dynamicSummary(db(), req.user!)));
  app.post('/zyd/board/dynamic/list', { config: menu('dynamicMonitorManager'), schema: { tags, summary: '动态监控：在途运单（超时在前）', body: listBody.nullish(), response: answer(boardAnswers.dynamicList) } }, async (req) => {
    return ok(await dynamicList(db(), req.user!, readDynamicFilters(req.body?.filters), paging(req.body)));
  });

  app.get('/zyd/board/lookup', {
    config: menu('basicQueryManager'),
    schema: { tags, summary: '基础查询：车牌号、身份证号、企业名称或统一社会信用代码、运单号', querystring: z.object({ q: z.string({ error: '请输入查询内容' }).max(50, '查询内容：不能超过50个字符') }), response: answer(boardAnswers.lookup) },
  }, async (req) => ok(await lookup(db(), req.user!, req.query.q)));
  app.get('/zyd/board/card/:type/:id', {
    config: menu('basicQueryManager'),
    schema: { tags, summary: '基础查询：档案卡片', params: z.object({ type: z.enum(CARD_TYPES, { error: '参数type不正确' }), id: z.string().regex(UUID_RE, '参数id格式不正确') }), response: answer(boardAnswers.card) },
  }, async (req) => {
    const c = await card(db(), req.user!, req.params.type, req.params.id);
    if (!c) throw notFound();
    return ok(c);
  });

  app.get('/zyd/board/static', { config: menu('staticMonitorManager'), schema: { tags, summary: '静态监控：证件到期和过期，按地区', response: answer(boardAnswers.static) } },
    async (req) => ok(await staticSummary(db(), req.user!)));
  app.post('/zyd/board/static/enterprises', { config: menu('staticMonitorManager'), schema: { tags, summary: '静态监控：按企业', body: listBody.nullish(), response: answer(boardAnswers.staticEnterprises) } }, async (req) => {
    return ok(await staticEnterprises(db(), req.user!, req.body?.filters, paging(req.body)));
  });
  app.post('/zyd/board/static/documents', { config: menu('staticMonitorManager'), schema: { tags, summary: '静态监控：证件明细', body: listBody.nullish(), response: answer(boardAnswers.staticDocuments) } }, async (req) => {
    return ok(await staticDocuments(db(), req.user!, req.body?.filters, paging(req.body)));
  });

  app.get('/zyd/board/tips', { config: menu('tipSummaryManager'), schema: { tags, summary: '提示汇总', response: answer(boardAnswers.tips) } }, async (req) => ok(await tipSummary(db(), req.user!)));

  app.get('/lobby/counts', {
    config: { access: { anyMenu: ['lobbyWarningManager', 'lobbyMessageManager', 'lobbyFeedbackManager'] } },
    schema: { tags: ['业务大厅'], summary: '业务大厅：预警、未读消息、待反馈的整改和核查单', response: answer(boardAnswers.lobbyCounts) },
  }, async (req) => {
    const user = req.user!;
    const ent = user.enterpriseId;
    const open = sql.join(NOTICE_OPEN_STATES.map((s) => sql`${s}`), sql`, `);
    const [warnings, unread, waiting] = await Promise.all([
      warningSummary(db(), user),
      unreadMessages(db(), user),
      ent ? db().execute<{ notices: number; supervise: number; checklists: number }>(sql`select
          (select count(*) from rect_notice where enterprise_id = ${ent} and state in (${open}))::int as notices,
          (select count(*) from supervise_item where enterprise_id = ${ent} and state = '督办中')::int as supervise,
          (select count(*) from checklist where enterprise_id = ${ent} and state in ('待签收', '待回复'))::int as checklists`) : null,
    ]);
    const w = waiting?.rows[0];
    return ok({
      warningsDue: warnings.reduce((n, x) => n + x.due, 0),
      warningsOverdue: warnings.reduce((n, x) => n + x.overdue, 0),
      unreadMessages: unread,
      rectNotices: w?.notices ?? 0,
      supervise: w?.supervise ?? 0,
      checklists: w?.checklists ?? 0,
    });
  });
};
