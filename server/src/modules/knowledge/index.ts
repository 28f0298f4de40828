/**
 * 知识库: the 危险货物品名 catalogue's bespoke parts — the keyword search shared
 * by the list (`filters.q`) and every goods picker, the import of the official GB 12268 table,
 * and the hooks that keep pinyin initials current and built-in rows code-owned.
 * The list/detail/add/edit/export routes are the engine's (/api/zsk/dangerousGoods/*).
 */
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dangerousGoods } from '@dg/core/resources/knowledge';
import { PACKING_GROUP_LABEL, type PackingGroup } from '@dg/core/goods-catalogue';
import { knowledgeAnswers, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { ok, badInput, forbidden } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { defineHooks } from '../../platform/crud/hooks.ts';
import { canWrite } from '../../platform/crud/write.ts';
import { importOfficialTable } from './catalogue.ts';
import { mendName, pinyinInitials } from './goods-text.ts';
import { knowledgeSearchRoutes } from './topics.ts';

export { seedGoodsCatalogue } from './catalogue.ts';
export { seedKnowledge } from './topics.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** UN number prefix, Chinese name (contains) or pinyin initials (contains) */
export function goodsKeywordCondition(q: string, t: { unNo: unknown; nameZh: unknown; pinyin: unknown }): SQL | undefined {
  const s = q.trim();
  if (!s) return undefined;
  const like = '%' + escapeLike(s) + '%';
  const conds: SQL[] = [sql`${t.nameZh} ilike ${like}`];
  if (/^\d{1,4}$/.test(s)) conds.push(sql`${t.unNo} like ${escapeLike(s) + '%'}`);
  if (/^[a-z]+$/i.test(s)) conds.push(sql`${t.pinyin} like ${'%' + s.toLowerCase() + '%'}`);
  return sql`(${sql.join(conds, sql` or `)})`;
}

const BUILT_IN_LOCKED = '内置品名由系统维护，不能修改或删除；如有出入，请导入官方品名表或新增一条';

defineHooks('dangerousGoods', {
  beforeWrite(_c, values, mode, existing) {
    if (mode === 'update' && existing?.source === '内置') throw badInput(BUILT_IN_LOCKED);
    if (typeof values.nameZh === 'string') values.nameZh = mendName(values.nameZh);
    const name = (values.nameZh ?? existing?.nameZh ?? '') as string;
    values.pinyin = pinyinInitials(name);
    if (mode === 'add') values.source = '新增';
  },
  beforeDelete(_c, row) {
    if (row.source === '内置') throw badInput(BUILT_IN_LOCKED);
  },
  filters: {
    q: (value, t) => (typeof value === 'string' ? goodsKeywordCondition(value, t as never) : undefined),
  },
  // the reader of a catalogue row goes on to how to handle it: the method written for its UN number, else its class's
  columns: () => ({
    emergencyId: sql`(select e.id::text from kn_emergency e where e.un_no = dangerous_goods.un_no
      or (e.category = '按类别' and e.goods_class = split_part(dangerous_goods.goods_class, '.', 1))
      order by (e.un_no = dangerous_goods.un_no) desc nulls last, e.created_at limit 1)`,
  }),
});

type GoodsOption = Served<typeof knowledgeAnswers.goods>[number];

export const knowledgeModule: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['知识库'];
  knowledgeSearchRoutes(fastify, db);

  // goods pickers (常运货物, 运单货物…): anyone signed in
  app.get('/zsk/dangerousGoods/search', {
    config: { access: { anyUser: true } },
    schema: {
      tags, summary: '危险货物品名检索（UN编号、中文名称或拼音首字母）',
      querystring: z.object({ q: z.string().max(50, '关键字不能超过50个字符').optional(), limit: z.coerce.number().int().min(1).max(20).optional() }),
      response: answer(knowledgeAnswers.goods),
    },
  }, async (req) => {
    const { q = '', limit = 20 } = req.query;
    const s = q.trim();
    const t = { unNo: sql`un_no`, nameZh: sql`name_zh`, pinyin: sql`pinyin` };
    const where = goodsKeywordCondition(s, t) ?? sql`true`;
    const low = s.toLowerCase();
    // exact number, number prefix, pinyin prefix, name prefix, then the rest; the curated list before the long tail
    const r = await db().execute<Omit<GoodsOption, 'label'>>(sql`
      select id, un_no as "unNo", name_zh as "nameZh", goods_class as "goodsClass", subsidiary_hazard as "subsidiaryHazard",
             packing_group as "packingGroup", source
      from dangerous_goods where ${where}
      order by case when un_no = ${s} then 0 when un_no like ${escapeLike(s) + '%'} then 1 when pinyin like ${escapeLike(low) + '%'} then 2
                    when name_zh like ${escapeLike(s) + '%'} then 3 else 4 end,
               (source = '内置') desc, length(name_zh), un_no, packing_group
      limit ${limit}`);
    return ok(r.rows.map((g): GoodsOption => ({
      ...g,
      label: `${g.unNo} ${g.nameZh}（${g.goodsClass}类${g.packingGroup && g.packingGroup !== '-' ? `，${PACKING_GROUP_LABEL[g.packingGroup as PackingGroup] ?? g.packingGroup}` : ''}）`,
    })));
  });

  app.post('/zsk/dangerousGoods/importOfficial', {
    config: { access: { element: 'dangerousGoodsManager:btn_import', opt: '导入官方品名表' } },
    schema: {
      tags, summary: '导入官方危险货物品名表（GB 12268 / JT/T 617.3，CSV或xlsx）',
      querystring: z.object({ validOnly: z.enum(['0', '1']).optional(), jobId: z.string().max(64).optional() }),
      response: answer(knowledgeAnswers.officialImport),
    },
  }, async (req) => {
    if (!canWrite(dangerousGoods, req.user!)) throw forbidden();
    const { validOnly, jobId } = req.query;
    const file = await req.file();
    if (!file) throw badInput('请选择要导入的文件');
    if (!/\.(xlsx|csv)$/i.test(file.filename)) throw badInput('只支持xlsx或csv文件');
    const report = await importOfficialTable(db(), app.ctx.imports, req.user!, await file.toBuffer(), file.filename, validOnly === '1', jobId);
    req.audit = { opt: '导入官方品名表', after: { file: file.filename, total: report.total, imported: report.imported, updated: report.updated, errors: report.errors.length } };
    return ok(report);
  });
};
