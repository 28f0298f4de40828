/**
 * 通知公告, 人员通知 and 站内消息 (API areas tzgg and znxx). Notices are resource definitions
 * (packages/core/src/resources/notice.ts) served by the CRUD engine with this module's hooks; these routes are the rest:
 *
 * - `POST /tzgg/notice/{publish|withdraw}/:id`, `GET /tzgg/notice/reads/:id`, `POST /tzgg/notice/remind/:id`,
 *   `POST /tzgg/notice/read/:id` — 发布, 撤回, the addressees' read state, 提醒未读, and 已读 on opening (./notices.ts)
 * - `POST /tzgg/staffNotice/publish/:id`, `GET …/reads/:id`, `POST …/recordReads/:id`, `GET …/mine`, `POST …/read/:id` (./staff-notices.ts)
 * - `POST /znxx/message/send`, `POST /znxx/message/inbox`, `POST /znxx/message/sent`, `GET /znxx/message/info/:id`,
 *   `POST /znxx/message/read`, `DELETE /znxx/message/del/:id`, `GET /znxx/message/targets` (./messages.ts)
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notice, noticeAnswers, staffNotice, staffReadAnswers } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { notFound, ok } from '../../platform/errors.ts';
import { findRow } from '../../platform/crud/query.ts';
import { idParam, pageFields } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import { COUNT_CAP, pagingOf } from '../../platform/paged.ts';
import { acknowledge, readsOf, recordReads } from '../../platform/staff-reads.ts';
import { markNoticeRead, noticeReads, noticeWorkflow, remindUnread } from './notices.ts';
import { workflowRoutes } from '../../platform/workflow.ts';
import { myStaffNotices, staffNoticeWorkflow } from './staff-notices.ts';
import { deleteForMe, inbox, markRead, openMessage, sendMessage, sent, targets } from './messages.ts';

const uuids = (label: string) => z.array(z.uuid(`${label}：参数格式不正确`)).max(2000).optional();
const paging = z.object({
  ...pageFields,
  unreadOnly: z.boolean().optional().describe('只看未读'), q: z.string().max(50).optional().describe('主题或发件单位'),
}).nullish();

export const noticeModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = [notice.title];
  /** the browsers of these users refetch their counts (platform/events.ts) */
  const live = (key: string, users: string[]) => app.ctx.events.publish({ keys: [key], users });

  workflowRoutes(app, noticeWorkflow);
  app.get('/tzgg/notice/reads/:id', { config: { access: { menu: notice.menu } }, schema: { tags, summary: '通知的接收人和阅读情况（发布单位）', params: idParam, response: answer(noticeAnswers.reads) } }, async (req) => {
    const r = await noticeReads(db(), req.user!, req.params.id);
    if (!r) throw notFound();
    return ok(r);
  });
  app.post('/tzgg/notice/remind/:id', {
    config: { access: { element: 'noticeManger:btn_publish', opt: '提醒未读' } },
    schema: { tags, summary: '提醒未读：给未读的接收人发站内消息', params: idParam, response: answer(noticeAnswers.reminded) },
  }, async (req) => {
    const r = await remindUnread(db(), req.user!, req.params.id);
    if (!r) throw notFound();
    await live('message', r.userIds);
    return ok({ reminded: r.reminded });
  });
  app.post('/tzgg/notice/read/:id', { config: { access: { menu: notice.menu } }, schema: { tags, summary: '已读（打开通知时）', params: idParam, response: answer(noticeAnswers.read) } }, async (req) => {
    if (!(await findRow(db(), notice, req.user!, req.params.id))) throw notFound();
    return ok(await markNoticeRead(db(), req.user!, req.params.id));
  });

  const sTags = [staffNotice.title];
  const sMenu = { access: { menu: staffNotice.menu } };
  workflowRoutes(app, staffNoticeWorkflow);
  app.get('/tzgg/staffNotice/reads/:id', { config: sMenu, schema: { tags: sTags, summary: '人员通知阅知情况', params: idParam, response: answer(staffReadAnswers.reads) } }, async (req) => {
    if (!(await findRow(db(), staffNotice, req.user!, req.params.id))) throw notFound();
    return ok(await readsOf(db(), req.params.id));
  });
  app.post('/tzgg/staffNotice/recordReads/:id', {
    config: { access: { element: 'personnelNoticeManager:btn_edit', opt: '登记签阅' } },
    schema: { tags: sTags, summary: '登记纸质签阅', params: idParam, body: z.object({ staffIds: z.array(z.uuid('人员：参数格式不正确'), { error: '请选择人员' }).min(1, '请选择已签阅的人员').max(1000) }),
      response: answer(staffReadAnswers.recorded) },
  }, async (req) => {
    if (!(await findRow(db(), staffNotice, req.user!, req.params.id))) throw notFound();
    return ok({ recorded: await recordReads(db(), req.user!, req.params.id, req.body.staffIds) });
  });
  app.get('/tzgg/staffNotice/mine', { config: sMenu, schema: { tags: sTags, summary: '本人收到的人员通知', response: answer(noticeAnswers.myStaffNotices) } }, async (req) => ok(await myStaffNotices(db(), req.user!)));
  app.post('/tzgg/staffNotice/read/:id', { config: { access: { menu: staffNotice.menu, opt: '阅知人员通知' } }, schema: { tags: sTags, summary: '本人已阅', params: idParam, response: answer(staffReadAnswers.read) } },
    async (req) => ok(await acknowledge(db(), req.user!, 'staffNotice', req.params.id, '通知')));

  const mTags = ['站内消息'];
  const inboxMenus = { access: { anyMenu: ['inboxManager', 'lobbyMessageManager'] } } as const;
  app.post('/znxx/message/send', {
    config: { access: { menu: 'newMessageManager', opt: '发送站内消息' } },
    schema: { tags: mTags, summary: '发消息', body: z.object({
      subject: z.string({ error: '请输入主题' }).trim().min(1, '请输入主题').max(100, '主题不能超过100个字符'),
      content: z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(5000, '内容不能超过5000个字符'),
      attachments: z.array(z.object({ id: z.string(), name: z.string() })).max(10, '附件最多10个').optional(),
      orgIds: uuids('收件机构'), enterpriseIds: uuids('收件企业'), userIds: uuids('收件人'),
      recipientsText: z.string().max(500).optional().describe('收件人（显示用）'),
    }), response: answer(noticeAnswers.sent) },
  }, async (req) => {
    const r = await sendMessage(db(), req.user!, req.body);
    req.audit = { after: { id: r.id, subject: req.body.subject, recipients: r.userIds.length } };
    await live('message', r.userIds);
    return ok({ id: r.id, recipients: r.userIds.length });
  });
  app.post('/znxx/message/inbox', { config: inboxMenus, schema: { tags: mTags, summary: '收件箱（未读在前）', body: paging, response: answer(noticeAnswers.inbox) } }, async (req) => {
    const b = req.body ?? {};
    return ok(await inbox(db(), req.user!, pagingOf(b, COUNT_CAP), { unreadOnly: b.unreadOnly, q: b.q }));
  });
  app.post('/znxx/message/sent', { config: { access: { menu: 'sentMessageManager' } }, schema: { tags: mTags, summary: '已发送', body: paging, response: answer(noticeAnswers.sentList) } }, async (req) => {
    return ok(await sent(db(), req.user!, pagingOf(req.body ?? {}, COUNT_CAP)));
  });
  app.get('/znxx/message/info/:id', { config: { access: { anyMenu: ['inboxManager', 'lobbyMessageManager', 'sentMessageManager'] } }, schema: { tags: mTags, summary: '查看消息（收件人打开即已读）', params: idParam, response: answer(noticeAnswers.message) } },
    async (req) => ok(await openMessage(db(), req.user!, req.params.id)));
  app.post('/znxx/message/read', { config: inboxMenus, schema: { tags: mTags, summary: '标为已读', body: z.object({ ids: z.array(z.uuid('消息：参数格式不正确')).min(1, '请选择消息').max(500) }), response: answer(noticeAnswers.markedRead) } },
    async (req) => ok(await markRead(db(), req.user!, req.body.ids)));
  app.delete('/znxx/message/del/:id', { config: { access: { anyMenu: ['inboxManager', 'lobbyMessageManager'], opt: '删除消息' } }, schema: { tags: mTags, summary: '从我的收件箱删除', params: idParam, response: answer(noticeAnswers.deleted) } }, async (req) => {
    await deleteForMe(db(), req.user!, req.params.id);
    return ok(null);
  });
  app.get('/znxx/message/targets', {
    config: { access: { menu: 'newMessageManager' } },
    schema: { tags: mTags, summary: '可选收件人', querystring: z.object({ kind: z.enum(['org', 'enterprise', 'user'], { error: '类型：请选择org、enterprise或user' }), q: z.string().max(50).optional() }), response: answer(noticeAnswers.targets) },
  }, async (req) => ok(await targets(db(), req.user!, req.query.kind, req.query.q ?? '')));
};
