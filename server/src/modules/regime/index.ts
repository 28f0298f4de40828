/**
 * 安全制度与费用 (API area aqzd). The records are resource definitions (packages/core/src/resources/regime.ts)
 * served by the CRUD engine with this module's hooks; these routes are the rest:
 *
 * - `POST /aqzd/regimeDoc/publish/:id` — 发布 (asks the readers), derived from the declared workflow; `POST /aqzd/regimeDoc/revise/:id` — 修订 (a new version's draft) (./regimes.ts)
 * - `GET /aqzd/regimeDoc/templates`, `POST /aqzd/regimeDoc/adopt` — the JT/T 912 regimes the enterprise lacks, adopted as drafts
 * - `GET /aqzd/regimeDoc/reads/:id`, `POST /aqzd/regimeDoc/recordReads/:id` — who has read it; the manager records paper sign-offs
 * - `GET /aqzd/regimeDoc/mine`, `POST /aqzd/regimeDoc/read/:id` — what the signed-in person must read, and 已阅
 * - `GET /aqzd/funds/track`, `POST /aqzd/funds/track/export` — one enterprise's year: months, categories, usage (./funds.ts)
 * - `GET /aqzd/funds/overview` — every enterprise in scope for a year, with the ones under 60% and their 情况说明
 * - `POST /aqzd/funds/explanation` — an enterprise's 情况说明 for a finished year used under 60% (第五十一条)
 */
import { z } from 'zod';
import { chinaToday } from '@dg/core/warnings';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FUND_USAGE_WARNING, fenToYuan, fundYearFinished, regimeAnswers, regimeDoc, resourceRow, staffReadAnswers, usageStatus, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { enterpriseScope } from '../../platform/access.ts';
import { badInput, notFound, ok } from '../../platform/errors.ts';
import { addRow } from '../../platform/crud/write.ts';
import { findRow, present, presentOne } from '../../platform/crud/query.ts';
import { xlsxDisposition, xlsxOf } from '../../platform/crud/excel.ts';
import { idParam } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import type { Db } from '../../db/index.ts';
import { explainYear, explainedAtText, ledgerOf, totalsOf } from './funds.ts';
import { missingTypes, myRegimeReads, regimeTemplate, regimeWorkflow, reviseRegime } from './regimes.ts';
import { workflowRoutes } from '../../platform/workflow.ts';
import { acknowledge, readsOf, recordReads } from '../../platform/staff-reads.ts';

const version = z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int();
const yearQuery = z.coerce.number({ error: '年度：请输入年份' }).int('年度：请输入年份').min(2000, '年度：请输入正确的年份').max(2100, '年度：请输入正确的年份');
const trackQuery = z.object({
  year: yearQuery.optional().describe('年度（默认今年）'),
  enterpriseId: z.uuid('所属企业：参数格式不正确').optional().describe('企业 id（政府端必填）'),
});

/** the enterprise whose funds are read: an enterprise user's own; a government's pick inside its jurisdiction */
async function fundEnterprise(db: Db, user: SessionUser, enterpriseId: string | undefined) {
  const id = user.side === 'enterprise' ? user.enterpriseId : enterpriseId;
  if (!id) throw badInput('所属企业：请选择企业');
  const e = (await db.execute<{ id: string; name: string }>(sql`select id, name from enterprise where id = ${id} and ${enterpriseScope(user, sql`id`)}`)).rows[0];
  if (!e) throw notFound();
  return e;
}

async function categoryNames(db: Db) {
  const r = await db.execute<{ value: string; name: string }>(sql`select value, name from base_dict where type = 'fundsUseCategory' and pid is not null order by order_num`);
  return r.rows;
}

/** one enterprise's year: the twelve months, the figures so far, the uses by category */
async function trackOf(db: Db, user: SessionUser, q: z.infer<typeof trackQuery>): Promise<Served<typeof regimeAnswers.fundTrack>> {
  const e = await fundEnterprise(db, user, q.enterpriseId);
  const ledger = await ledgerOf(db, e.id);
  const year = q.year ?? Number(chinaToday().slice(0, 4));
  const y = ledger.find((x) => x.year === year);
  const used = (await db.execute<{ category: string; amount: string }>(sql`select category, sum(amount)::bigint as amount from regime_fund_use
    where enterprise_id = ${e.id} and use_date >= make_date(${year}::int, 1, 1) and use_date < make_date(${year}::int + 1, 1, 1) group by category`)).rows;
  const byCat = new Map(used.map((u) => [u.category, Number(u.amount)]));
  const categories = (await categoryNames(db)).map((c) => ({ category: c.value, name: c.name, amount: byCat.get(c.value) ?? 0 }));
  return {
    enterprise: e, year, years: ledger.map((x) => x.year),
    plan: y ? {
      yearPlan: y.yearPlan, rate: y.rate, lastRevenue: y.lastRevenue, lastYearPlan: y.lastYearPlan, lastYearPlanEstimated: y.lastYearPlanEstimated,
      explanation: y.explanation, ...totalsOf(y),
    } : null,
    months: y?.months ?? [],
    categories,
  };
}

export const regimeModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = [regimeDoc.title];
  const menu = { access: { menu: regimeDoc.menu } };

  workflowRoutes(app, regimeWorkflow);

  app.post('/aqzd/regimeDoc/revise/:id', {
    config: { access: { element: 'workflowManager:btn_add', opt: '修订制度' } },
    schema: { tags, summary: '修订制度：生成下一版本的草稿', params: idParam, body: z.object({ version }), response: answer(resourceRow) },
  }, async (req) => {
    const row = await reviseRegime(db(), req.user!, req.params.id, req.body.version);
    req.audit = { after: row };
    return ok(await presentOne(db(), regimeDoc, req.user!, row));
  });

  app.get('/aqzd/regimeDoc/templates', { config: menu, schema: { tags, summary: 'JT/T 912 制度中本企业尚未建立的', response: answer(regimeAnswers.templates) } }, async (req) => {
    if (!req.user!.enterpriseId) return ok([]);
    return ok(await missingTypes(db(), req.user!.enterpriseId));
  });

  app.post('/aqzd/regimeDoc/adopt', {
    config: { access: { element: 'workflowManager:btn_add', opt: '采用JT/T 912制度' } },
    schema: { tags, summary: '采用 JT/T 912 制度：按所选类型生成制度草稿', body: z.object({ types: z.array(z.string(), { error: '请选择制度' }).min(1, '请至少选择一项制度').max(20) }),
      response: answer(z.array(resourceRow)) },
  }, async (req) => {
    const user = req.user!;
    if (!user.enterpriseId) throw badInput('只有企业用户可以采用制度模板');
    const missing = new Set<string>(await missingTypes(db(), user.enterpriseId));
    const unknown = req.body.types.find((t) => !missing.has(t));
    if (unknown) throw badInput(`制度类型：“${unknown}”不在JT/T 912制度清单中或本企业已建立`);
    const name = (await db().execute<{ name: string }>(sql`select name from enterprise where id = ${user.enterpriseId}`)).rows[0]?.name ?? '';
    const rows = [];
    for (const type of req.body.types) {
      rows.push(await addRow(app, db(), regimeDoc, user, { title: type, docType: type, effectiveDate: chinaToday(), content: regimeTemplate(type, name), readerPosts: [] }));
    }
    req.audit = { after: { adopted: req.body.types } };
    return ok(await present(db(), regimeDoc, user, rows));
  });

  app.get('/aqzd/regimeDoc/reads/:id', { config: menu, schema: { tags, summary: '制度阅知情况', params: idParam, response: answer(staffReadAnswers.reads) } }, async (req) => {
    if (!(await findRow(db(), regimeDoc, req.user!, req.params.id))) throw notFound();
    return ok(await readsOf(db(), req.params.id));
  });

  app.post('/aqzd/regimeDoc/recordReads/:id', {
    config: { access: { element: 'workflowManager:btn_edit', opt: '登记签阅' } },
    schema: { tags, summary: '登记纸质签阅（代未开通账户的人员登记已阅）', params: idParam,
      body: z.object({ staffIds: z.array(z.uuid('人员：参数格式不正确'), { error: '请选择人员' }).min(1, '请选择已签阅的人员').max(1000) }),
      response: answer(staffReadAnswers.recorded) },
  }, async (req) => {
    if (!(await findRow(db(), regimeDoc, req.user!, req.params.id))) throw notFound();
    const n = await recordReads(db(), req.user!, req.params.id, req.body.staffIds);
    req.audit = { after: { recorded: req.body.staffIds } };
    return ok({ recorded: n });
  });

  app.get('/aqzd/regimeDoc/mine', { config: menu, schema: { tags, summary: '本人需阅知的制度', response: answer(regimeAnswers.mine) } }, async (req) => ok(await myRegimeReads(db(), req.user!)));

  app.post('/aqzd/regimeDoc/read/:id', {
    config: { access: { menu: regimeDoc.menu, opt: '阅知制度' } },
    schema: { tags, summary: '本人已阅', params: idParam, response: answer(staffReadAnswers.read) },
  }, async (req) => ok(await acknowledge(db(), req.user!, 'regimeDoc', req.params.id, '制度')));

  const fundTags = ['安全生产费用'];
  const fundRead = { access: { anyMenu: ['fundsTrackManager', 'fundsExtractManager'] } } as const;

  app.get('/aqzd/funds/track', { config: fundRead, schema: { tags: fundTags, summary: '费用支出跟踪：一个企业一年的提取、使用和结余', querystring: trackQuery, response: answer(regimeAnswers.fundTrack) } },
    async (req) => ok(await trackOf(db(), req.user!, req.query)));

  app.post('/aqzd/funds/track/export', {
    config: { access: { element: 'fundsTrackManager:btn_export' } },
    schema: { tags: fundTags, summary: '导出费用支出跟踪', body: trackQuery },
  }, async (req, reply) => {
    const t = await trackOf(db(), req.user!, req.body);
    const y = (f: number) => fenToYuan(f);
    const lines: (string | number)[][] = t.months.map((m) => [`${m.month}月`, y(m.opening), y(m.planned), m.due ? y(m.accrued) : '未到期', y(m.used), y(m.closing), m.paused ? '暂停' : m.due ? '提取' : '计划', m.reason]);
    if (t.plan) lines.push(['合计', '', y(t.plan.yearPlan), y(t.plan.accrued), y(t.plan.used), y(t.plan.balance),
      t.plan.usageRate === null ? '' : t.plan.progress ?? `使用率${(t.plan.usageRate * 100).toFixed(1)}%${t.plan.warning ? '（低于60%）' : ''}`,
      t.plan.explanation ? `情况说明：${t.plan.explanation.text}` : '']);
    lines.push([], ['使用类别', '金额（元）'], ...t.categories.map((c) => [c.name, y(c.amount)]));
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', xlsxDisposition(`${t.enterprise.name}${t.year}年安全生产费用`));
    return reply.send(xlsxOf([`${t.year}年（${t.enterprise.name}）`, '月初结余（元）', '应计提（元）', '已提取（元）', '使用（元）', '月末结余（元）', '状态', '说明'], lines));
  });

  app.get('/aqzd/funds/overview', {
    config: { access: { menu: 'fundsTrackManager' } },
    schema: { tags: fundTags, summary: '辖区企业安全生产费用使用率（低于60%的企业）', querystring: z.object({
      year: yearQuery.optional().describe('年度（默认上一年）'),
      warningOnly: z.enum(['true', 'false']).optional().describe('只看使用率低于60%的企业（仅已结束的年度有此标记）'),
    }), response: answer(regimeAnswers.fundOverview) },
  }, async (req) => {
    const today = chinaToday();
    const year = req.query.year ?? Number(today.slice(0, 4)) - 1;
    const finished = fundYearFinished(year, today);
    const r = await db().execute<{ enterprise_id: string; name: string; region_code: string | null; year_plan: string; used: string;
      explanation: string | null; explanation_files: { id: string; name: string }[] | null; explained_at: string | null }>(sql`
      select y.enterprise_id, e.name, e.region_code, y.year_plan, coalesce(u.used, 0) as used,
        y.explanation, y.explanation_files, ${explainedAtText(sql`y.explained_at`)} as explained_at
      from regime_fund_year y join enterprise e on e.id = y.enterprise_id
      left join (select enterprise_id, sum(amount)::bigint as used from regime_fund_use
        where use_date >= make_date(${year}::int, 1, 1) and use_date < make_date(${year}::int + 1, 1, 1) group by enterprise_id) u on u.enterprise_id = y.enterprise_id
      where y.year = ${year} and ${enterpriseScope(req.user!, sql`y.enterprise_id`)}
      order by (coalesce(u.used, 0)::float8 / nullif(y.year_plan, 0)) nulls first, e.name limit 2000`);
    const rows = r.rows.map((x) => {
      const { rate, warning, progress } = usageStatus(Number(x.used), Number(x.year_plan), finished);
      const explanation = x.explanation === null ? null : { text: x.explanation, files: x.explanation_files ?? [], at: x.explained_at ?? '' };
      return { enterpriseId: x.enterprise_id, enterpriseName: x.name, regionCode: x.region_code, yearPlan: Number(x.year_plan), used: Number(x.used), usageRate: rate, warning, progress, explanation };
    });
    return ok({ year, finished, threshold: FUND_USAGE_WARNING, rows: req.query.warningOnly === 'true' ? rows.filter((x) => x.warning) : rows });
  });

  app.post('/aqzd/funds/explanation', {
    config: { access: { element: 'fundsExtractManager:btn_edit', opt: '提交安全费用使用情况说明' } },
    schema: { tags: fundTags, summary: '提交情况说明：已结束年度使用不足应计提金额60%的（财资〔2022〕136号第五十一条）', body: z.object({
      year: yearQuery.describe('年度'),
      explanation: z.string({ error: '情况说明：请填写情况说明' }).trim().min(1, '情况说明：请填写情况说明').max(2000, '情况说明：不能超过2000个字'),
      files: z.array(z.object({ id: z.uuid('情况说明附件：参数格式不正确'), name: z.string().max(200).optional() }), { error: '情况说明附件格式不正确' })
        .max(20, '情况说明附件：最多20个').optional().describe('附件（先经 /zxxx/file/add 上传）'),
    }), response: answer(regimeAnswers.fundExplained) },
  }, async (req) => {
    const { before, after, enterpriseId } = await explainYear(db(), req.user!, req.body);
    req.audit = { before, after };
    await app.ctx.events.publish({ keys: ['fundYear'], enterprises: [enterpriseId] });
    return ok(after);
  });
};
