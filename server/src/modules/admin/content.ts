/**
 * 文章 / 政策法规: rich text is sanitised on the way in by the engine (platform/rich-text.ts); 发布 makes an item 已发布 with its time; published items feed the dashboard and
 * the knowledge base.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from '../../platform/context.ts';
import type { Db } from '../../db/index.ts';
import { defineHooks } from '../../platform/crud/hooks.ts';
import { ok, badInput, notFound } from '../../platform/errors.ts';
import { idParam } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import { adminAnswers, type Served } from '@dg/core';

for (const key of ['article', 'policy']) {
  defineHooks(key, {
    beforeWrite(_c, values, mode) {
      // (正文 is sanitised by the engine: platform/rich-text.ts)
      // status and publish time are the 发布 action's, never the form's
      if (mode === 'add') { values.status = '草稿'; values.publishedAt = null; }
    },
  });
}

const KINDS = { article: { table: 'article', element: 'articleManager:btn_publish', title: '文章' }, policy: { table: 'policy', element: 'policyManager:btn_publish', title: '政策法规' } } as const;
type Kind = keyof typeof KINDS;

export type PublishedItem = Served<typeof adminAnswers.publishedList>[number];

/** the latest published articles and policies (both when `kind` is not given) */
export async function latestPublished(db: Db, kind: Kind | undefined, limit: number): Promise<PublishedItem[]> {
  const part = (k: Kind) => sql`select id, ${k} as kind, title, category, published_at from ${sql.identifier(KINDS[k].table)} where status = '已发布'`;
  const union = kind ? part(kind) : sql`${part('article')} union all ${part('policy')}`;
  const r = await db.execute<{ id: string; kind: Kind; title: string; category: string | null; published_at: Date | null }>(
    sql`select * from (${union}) x order by published_at desc nulls last limit ${limit}`);
  return r.rows.map((x) => ({ id: x.id, kind: x.kind, title: x.title, category: x.category, publishedAt: x.published_at }));
}

export const contentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;

  for (const kind of Object.keys(KINDS) as Kind[]) {
    const k = KINDS[kind];
    app.post(`/admin/${kind}/publish/:id`, { config: { access: { element: k.element } }, schema: { tags: [k.title], summary: `发布${k.title}`, params: idParam, response: answer(adminAnswers.published) } }, async (req) => {
      const { id } = req.params;
      const r = await db().transaction(async (tx) => {
        const before = (await tx.execute<{ id: string; title: string; status: string | null; published_at: Date | null; version: number }>(
          sql`select id, title, status, published_at, version from ${sql.identifier(k.table)} where id = ${id} for update`)).rows[0];
        if (!before) throw notFound();
        if (before.status === '已发布') throw badInput(`该${k.title}已发布`);
        const after = (await tx.execute<{ id: string; title: string; status: '已发布'; published_at: Date; version: number }>(sql`update ${sql.identifier(k.table)}
          set status = '已发布', published_at = now(), updated_at = now(), updated_by = ${req.user!.id}, version = version + 1
          where id = ${id} returning id, title, status, published_at, version`)).rows[0]!;
        return { before, after };
      });
      req.audit = { before: r.before, after: r.after };
      return ok({ id: r.after.id, status: r.after.status, publishedAt: r.after.published_at, version: r.after.version });
    });
  }

  app.get('/admin/published', {
    config: { access: { anyUser: true } },
    schema: {
      tags: ['文章'], summary: '最新发布的文章和政策法规',
      querystring: z.object({ kind: z.enum(['article', 'policy'], { error: '类型：请选择article或policy' }).optional(), limit: z.coerce.number().int().min(1).max(50).optional() }),
      response: answer(adminAnswers.publishedList),
    },
  }, async (req) => {
    const { kind, limit } = req.query;
    return ok(await latestPublished(db(), kind, limit ?? 5));
  });

  // one published item for reading (dashboard links, knowledge base)
  app.get('/admin/published/:kind/:id', {
    config: { access: { anyUser: true } },
    schema: { tags: ['文章'], summary: '阅读已发布的文章或政策法规', params: idParam.extend({ kind: z.enum(['article', 'policy'], { error: '类型：请选择article或policy' }) }),
      response: answer(adminAnswers.publishedDetail) },
  }, async (req) => {
    const { kind, id } = req.params;
    const r = await db().execute<Omit<Served<typeof adminAnswers.publishedDetail>, 'kind'>>(sql`select id, title, category, content, cover, attachments, published_at as "publishedAt"
      from ${sql.identifier(KINDS[kind].table)} where id = ${id} and status = '已发布'`);
    if (!r.rows[0]) throw notFound();
    return ok({ kind, ...r.rows[0] });
  });
};
