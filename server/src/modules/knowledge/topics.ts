/**
 * 知识库's topics: the write path that keeps each document's search terms (search-text.ts), the one full-text search
 * over every topic the caller may read, and the starting set seeded at every start. The list/detail/add/edit routes
 * are the engine's (/api/zsk/kn…/*).
 */
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GOODS_CLASS_NAMES, KNOWLEDGE_TOPICS } from '@dg/core/resources/knowledge';
import { knowledgeAnswers, tableName, type ResourceDef, type Served } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { resourceTables } from '../../db/schema.ts';
import type { SessionUser } from '../../platform/access.ts';
import { ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { plainText, searchTerms, snippet, highlight, tsQueryText } from './search-text.ts';
import { STARTING_SET } from './starting-set.ts';

const topicByKey = new Map<string, ResourceDef>(KNOWLEDGE_TOPICS.map((d) => [d.key, d]));

/** the search terms of a document's title, and of everything else a reader may look for in it */
function documentTerms(r: Row): { searchTitle: string; searchBody: string } {
  const files = Array.isArray(r.attachments) ? (r.attachments as { name?: string }[]).map((f) => f?.name ?? '').join(' ') : '';
  const cls = r.goodsClass ? `第${r.goodsClass}类 ${GOODS_CLASS_NAMES[r.goodsClass as string] ?? ''}` : '';
  return {
    searchTitle: searchTerms(String(r.title ?? '')),
    searchBody: searchTerms([plainText(r.content as string), r.tags, files, r.unNo, cls, r.category].filter(Boolean).join('\n')),
  };
}

for (const def of KNOWLEDGE_TOPICS) {
  defineHooks(def.key, {
    beforeWrite(_c, values, _mode, existing) {
      const merged: Row = { ...existing, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
      Object.assign(values, documentTerms(merged));
    },
  });
}

/** the topics whose menu the user holds */
const readable = (user: SessionUser) => KNOWLEDGE_TOPICS.filter((d) => user.menus.has(d.menu));

type SearchHit = Served<typeof knowledgeAnswers.search>['content'][number];

/** the count of hits stops here: the screen says 200+ rather than every hit of a common word being counted */
export const COUNT_CAP = 200;

/**
 * Documents holding every word of `q` in the readable topics (or the one asked for): those whose title holds it first,
 * then the rest, each newest first. Each topic's table gives at most a page's worth of each kind from its
 * publish_date index (a common word stops after a page; a rare one comes from the GIN index), the union is ordered
 * and cut, and only that page's bodies are read back for their snippets. The total is counted up to COUNT_CAP.
 */
export async function searchKnowledge(db: Db, user: SessionUser, q: string, o: { topic?: string; page: number; size: number }): Promise<Served<typeof knowledgeAnswers.search>> {
  const query = tsQueryText(q);
  const topics = readable(user).filter((d) => !o.topic || d.key === o.topic);
  if (!query || !topics.length) return { content: [], total: 0, totalCapped: false };
  const reach = o.page * o.size;
  const tq = sql`to_tsquery('simple', ${query})`;
  const newest = sql`order by publish_date desc nulls last, id limit ${reach}`;
  const parts: SQL[] = topics.flatMap((d) => {
    const t = sql.identifier(tableName(d));
    return [
      sql`(select ${d.key}::text as topic, id, true as title_hit, publish_date from ${t} where title_vec @@ ${tq} ${newest})`,
      sql`(select ${d.key}::text as topic, id, false as title_hit, publish_date from ${t} where search_vec @@ ${tq} and not title_vec @@ ${tq} ${newest})`,
    ];
  });
  const counted = topics.map((d) => sql`(select 1 from ${sql.identifier(tableName(d))} where search_vec @@ ${tq} limit ${COUNT_CAP + 1})`);
  const found = await db.execute<{ topic: string; id: string; title_hit: boolean }>(sql`
    select topic, id, title_hit from (${sql.join(parts, sql` union all `)}) hits
    order by title_hit desc, publish_date desc nulls last, id limit ${o.size} offset ${(o.page - 1) * o.size}`);
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from (${sql.join(counted, sql` union all `)}) c limit ${COUNT_CAP + 1}) capped`);
  const n = count.rows[0]?.n ?? 0;
  const rows: SearchHit[] = [];
  for (const d of topics) {
    const ids = found.rows.filter((r) => r.topic === d.key).map((r) => r.id);
    if (!ids.length) continue;
    const t = resourceTables[d.key] as any;
    const docs = await db.execute<{ id: string; title: string; category: string | null; publish_date: string | null; content: string | null; attachments: { name: string }[] | null }>(
      sql`select id, title, category, publish_date::text as publish_date, content, attachments from ${t} where id in ${sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`}`);
    for (const doc of docs.rows) {
      const hit = found.rows.find((r) => r.id === doc.id)!;
      rows.push({
        topic: d.key, topicTitle: d.title, id: doc.id, title: doc.title, titleHtml: highlight(doc.title, q), snippet: snippet(plainText(doc.content), q),
        category: doc.category, publishDate: doc.publish_date, titleHit: hit.title_hit, attachments: (doc.attachments ?? []).map((f) => f.name),
      });
    }
  }
  const order = new Map(found.rows.map((r, i) => [r.id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { content: rows, total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

export function knowledgeSearchRoutes(f: Parameters<FastifyPluginAsyncZod>[0], db: () => Db) {
  f.get('/zsk/knowledge/search', {
    config: { access: { anyMenu: KNOWLEDGE_TOPICS.map((d) => d.menu) } },
    schema: {
      tags: ['知识库'], summary: '知识库全文检索（标题、正文、附件名和标签；标题命中在前）',
      querystring: z.object({
        q: z.string({ error: '请输入关键字' }).max(50, '关键字不能超过50个字符'),
        topic: z.enum(KNOWLEDGE_TOPICS.map((d) => d.key) as [string, ...string[]], { message: '专题不存在' }).optional(),
        page: z.coerce.number().int('页码应为正整数').min(1, '页码应为正整数').max(20, '页码不能超过20').optional(),
        size: z.coerce.number().int('每页条数应为1到50').min(1, '每页条数应为1到50').max(50, '每页条数应为1到50').optional(),
      }),
      response: answer(knowledgeAnswers.search),
    },
  }, async (req) => {
    const { q, topic, page = 1, size = 10 } = req.query;
    return ok(await searchKnowledge(db(), req.user!, q, { topic, page, size }));
  });
}

/** the starting set (starting-set.ts): a document whose title its topic lacks is added, so a start never duplicates one */
export async function seedKnowledge(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243013)`);
    let added = 0;
    for (const doc of STARTING_SET) {
      const def = topicByKey.get(doc.topic)!;
      const t = resourceTables[def.key] as any;
      const have = await tx.execute(sql`select 1 from ${t} where title = ${doc.title} limit 1`);
      if (have.rows.length) continue;
      const { topic: _topic, ...values } = doc;
      await tx.insert(t).values({ ...values, ...documentTerms(values) });
      added += 1;
    }
    return added;
  });
}
