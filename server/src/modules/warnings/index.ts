/**
 * 到期预警 (alertMessgae, 企) and 静态信息预警 (jtxxjccxManager, 政): every list of
 * packages/core/src/warnings.ts gets
 *   POST /warning/<key>/list    {page, size, filters: {status, keyword, expiryDate, enterpriseId, regionCode}}
 *   POST /warning/<key>/export  the same rows as xlsx (sheet SheetJS, 列表.xlsx)
 * and each government page also
 *   POST /warning/<key>/enterprises  per-enterprise counts
 *   POST /warning/<key>/notify {enterpriseId}  通知企业
 * plus GET /warning/summary (counts for the dashboard and 业务大厅), POST /warning/all/list (业务大厅 预警信息)
 * and 参数设置 GET/PUT /zyd/param.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXCEL_SHEET, elementOf, warningAnswers, type Served } from '@dg/core';
import {
  ENTERPRISE_WARNINGS, GOVERNMENT_TOPICS, GOVERNMENT_WARNINGS, LOBBY_WARNINGS, WARNING_KINDS, chinaToday, type WarningKind,
} from '@dg/core/warnings';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { regionScope } from '../../platform/access.ts';
import { ok, badInput, notFound } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { xlsxDisposition } from '../../platform/crud/excel.ts';
import { regionName } from '../../platform/regions.ts';
import type { Db } from '../../db/index.ts';
import { countWarnings, listWarnings, loadWindows, readFilters, warningsByEnterprise, windowOf, LOBBY_KINDS, type WarningQuery, type WarningRow } from './query.ts';
import { paramRoutes } from './params.ts';
import { addDashboardPart } from '../admin/dashboard.ts';
import { UUID_RE, listBody, type ListBody } from '../../platform/schemas.ts';
import { COUNT_CAP, pagingOf } from '../../platform/paged.ts';

/** due and overdue per list: the enterprise's seven lists for enterprise users, the three topics for the government */
export async function warningSummary(db: Db, user: SessionUser): Promise<Served<typeof warningAnswers.summary>> {
  const windows = await loadWindows(db);
  if (user.side === 'enterprise') {
    const counts = await countWarnings(db, ENTERPRISE_WARNINGS, user, windows);
    return counts.map(({ kind, due, overdue }) => ({ kind: kind.menu, key: kind.key, title: kind.title, due, overdue }));
  }
  const topics = GOVERNMENT_TOPICS.map((t) => ({ topic: t, due: GOVERNMENT_WARNINGS.find((k) => k.key === `${t.topic}Due`)!, overdue: GOVERNMENT_WARNINGS.find((k) => k.key === `${t.topic}Overdue`)! }));
  // one count over the topic's records, without the page's fixed status
  const counts = await countWarnings(db, topics.map(({ due }) => ({ ...due, status: undefined })), user, windows);
  return counts.map(({ due, overdue }, i) => ({
    kind: topics[i]!.due.menu, overdueKind: topics[i]!.overdue.menu, key: topics[i]!.topic.topic, title: topics[i]!.topic.title, due, overdue,
  }));
}

// 首页: the enterprise's 到期预警 card lists every list; the government's 证件过期 counts every overdue document of its topics
addDashboardPart('enterprise', async (app, user) => ({
  expiry: (await warningSummary(app.ctx.database.db, user)).map(({ kind, title, due, overdue }) => ({ kind, title, due, overdue })),
}));
addDashboardPart('government', async (app, user) => ({
  overdueCertificates: (await warningSummary(app.ctx.database.db, user)).reduce((n, x) => n + x.overdue, 0),
}));


// ---------------------------------------------------------------------------
// 通知企业: until the message module exists the notice lives in the operation log
// ---------------------------------------------------------------------------

export interface WarningNotice {
  from: SessionUser;
  enterpriseId: string;
  enterpriseName: string;
  title: string;
  content: string;
  kind: WarningKind;
  rows: WarningRow[];
}
type Notifier = (app: App, notice: WarningNotice) => Promise<void>;
let notifier: Notifier | null = null;
/** The message module (messageSend) registers how a 通知企业 reaches the enterprise's inbox. */
export function setWarningNotifier(n: Notifier) { notifier = n; }

function noticeText(kind: WarningKind, enterpriseName: string, rows: WarningRow[], total: number, windowDays: number) {
  const topic = kind.title.replace(/(即将到期|已过期)$/, '');
  const title = `${topic}${kind.status === '已过期' ? '已过期' : '即将到期'}提醒`;
  const items = rows.map((r) => `${r.subject}${r.docNo ? `（${r.docNo}）` : ''}${r.document}有效期至${r.expiryDate}，${r.days < 0 ? `已逾期${-r.days}天` : `剩余${r.days}天`}`);
  const more = total > rows.length ? `\n……等共${total}项。` : '';
  const ask = kind.status === '已过期'
    ? '以上证件已过期，请立即停止相关车辆和人员的运输作业，尽快办理换证或审验，并将办理结果报主管部门。'
    : `以上证件将在${windowDays}天内到期，请在届满前及时办理换证或审验。`;
  return { title, content: `${enterpriseName}：\n贵单位有${total}项${topic}${kind.status}：\n${items.join('\n')}${more}\n${ask}` };
}

// ---------------------------------------------------------------------------
// export
// ---------------------------------------------------------------------------

const EXPORT_PAGE = 2000;

function exportStream(db: Db, q: WarningQuery, kind: { subjectLabel: string }, withEnterprise: boolean, withKind: boolean): PassThrough {
  const out = new PassThrough();
  (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(EXCEL_SHEET);
    const cols = [
      ...(withKind ? [{ header: '预警类别', key: 'kindTitle', width: 16 }] : []),
      ...(withEnterprise ? [{ header: '所属企业', key: 'enterpriseName', width: 30 }, { header: '所在地区', key: 'region', width: 26 }] : []),
      { header: kind.subjectLabel, key: 'subject', width: 20 },
      { header: '证件', key: 'document', width: 20 },
      { header: '证件编号', key: 'docNo', width: 24 },
      { header: '有效期至', key: 'expiryDate', width: 12 },
      { header: '状态', key: 'status', width: 10 },
      { header: '剩余天数', key: 'daysLeft', width: 10 },
      { header: '逾期天数', key: 'daysOverdue', width: 10 },
    ];
    ws.columns = cols;
    // pages larger than a screen's (MAX_PAGE_SIZE): the export is for more
    for (let page = 1; ; page++) {
      const { content } = await listWarnings(db, q, { page, size: EXPORT_PAGE, offset: (page - 1) * EXPORT_PAGE });
      for (const r of content) ws.addRow({ ...r, region: regionName(r.regionCode), docNo: r.docNo ?? '', daysLeft: r.daysLeft ?? '', daysOverdue: r.daysOverdue ?? '' }).commit();
      if (content.length < EXPORT_PAGE) break;
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err));
  return out;
}

// ---------------------------------------------------------------------------
// routes
// ---------------------------------------------------------------------------

export const warningsModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['到期预警'];

  const query = async (kinds: WarningKind[], user: SessionUser, body: ListBody | undefined): Promise<WarningQuery> =>
    ({ kinds, user, windows: await loadWindows(db()), filters: readFilters(body?.filters) });
  /** the page a list asks for: the lists' one cap, and no page past the counted rows */
  const page = (body: ListBody | undefined) => pagingOf(body ?? {}, COUNT_CAP);

  for (const kind of WARNING_KINDS) {
    const base = `/warning/${kind.key}`;
    app.post(`${base}/list`, { config: { access: { menu: kind.menu } }, schema: { tags, summary: `${kind.title}列表`, body: listBody.nullish(), response: answer(warningAnswers.list) } }, async (req) => {
      const body = req.body ?? undefined;
      const paging = page(body);
      const q = await query([kind], req.user!, body);
      return ok({ ...(await listWarnings(db(), q, paging)), windowDays: windowOf(q.windows, kind.windowKey), today: chinaToday() });
    });
    app.post(`${base}/export`, { config: { access: { element: elementOf(kind.menu, 'btn_export') } }, schema: { tags, summary: `导出${kind.title}`, body: listBody.nullish() } }, async (req, reply) => {
      const q = await query([kind], req.user!, req.body ?? undefined);
      reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition());
      return reply.send(exportStream(db(), q, kind, req.user!.side !== 'enterprise', false));
    });
    if (kind.side !== 'government') continue;

    app.post(`${base}/enterprises`, { config: { access: { menu: kind.menu } }, schema: { tags, summary: `${kind.title}：按企业统计`, body: listBody.nullish(), response: answer(warningAnswers.enterprises) } }, async (req) => {
      const body = req.body ?? undefined;
      return ok(await warningsByEnterprise(db(), await query([kind], req.user!, body), page(body)));
    });
    app.post(`${base}/notify`, {
      config: { access: { element: elementOf(kind.menu, 'btn_notify'), opt: '通知企业' } },
      schema: {
        tags, summary: `${kind.title}：通知企业`, body: z.object({ enterpriseId: z.string({ error: '请选择要通知的企业' }).regex(UUID_RE, '请选择要通知的企业') }),
        response: answer(warningAnswers.notified),
      },
    }, async (req) => {
      const { enterpriseId } = req.body;
      const user = req.user!;
      const e = await db().execute<{ id: string; name: string }>(sql`select id, name from enterprise where id = ${enterpriseId} and ${regionScope(user, sql`region_code`)}`);
      const ent = e.rows[0];
      if (!ent) throw notFound();
      const q = await query([kind], user, { filters: { enterpriseId } });
      // the notice names the first 50 and counts them all
      const { content, total } = await listWarnings(db(), q, pagingOf({ size: 50 }), 'exact');
      if (!total) throw badInput(`该企业当前没有${kind.title}的证件，无需通知`);
      const { title, content: text } = noticeText(kind, ent.name, content, total, windowOf(q.windows, kind.windowKey));
      if (notifier) await notifier(app, { from: user, enterpriseId: ent.id, enterpriseName: ent.name, title, content: text, kind, rows: content });
      req.audit = { opt: '通知企业', after: { enterpriseId: ent.id, enterpriseName: ent.name, kind: kind.key, count: total, title, content: text } };
      return ok({ enterpriseId: ent.id, enterpriseName: ent.name, count: total, title, content: text, delivered: notifier ? 'message' as const : 'log' as const });
    });
  }

  // 业务大厅 预警信息: all seven enterprise lists in one, most urgent first
  app.post(`/warning/${LOBBY_WARNINGS.key}/list`, { config: { access: { menu: LOBBY_WARNINGS.menu } }, schema: { tags, summary: '业务大厅：预警信息', body: listBody.nullish(), response: answer(warningAnswers.lobbyList) } }, async (req) => {
    const body = req.body ?? undefined;
    return ok(await listWarnings(db(), await query(LOBBY_KINDS, req.user!, body), page(body)));
  });
  app.post(`/warning/${LOBBY_WARNINGS.key}/export`, { config: { access: { element: `${LOBBY_WARNINGS.menu}:btn_export` } }, schema: { tags, summary: '导出业务大厅预警信息', body: listBody.nullish() } }, async (req, reply) => {
    const q = await query(LOBBY_KINDS, req.user!, req.body ?? undefined);
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition());
    return reply.send(exportStream(db(), q, { subjectLabel: '对象' }, req.user!.side !== 'enterprise', true));
  });

  // counts for the dashboard's 到期预警 card and 业务大厅: the enterprise lists for enterprise users, the three topics for the government
  app.get('/warning/summary', { config: { access: { anyUser: true } }, schema: { tags, summary: '到期预警数量', response: answer(warningAnswers.summary) } }, async (req) => ok(await warningSummary(db(), req.user!)));

  await app.register(paramRoutes);
};
