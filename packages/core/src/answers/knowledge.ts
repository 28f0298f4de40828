/** What 知识库 answers beyond the engine's routes (server/src/modules/knowledge): the goods pickers' search, the official table's import, the full-text search. */
import { z } from 'zod';
import { day, type Wire } from '../answer.ts';
import { GOODS_SOURCES } from '../resources/knowledge.ts';
import { pageOf } from './list.ts';

/** a catalogue row as a goods picker offers it; `label` reads '1203 车用汽油或汽油（3类，Ⅱ）' */
const goodsOption = z.object({
  id: z.string(), unNo: z.string(), nameZh: z.string(), goodsClass: z.string(), subsidiaryHazard: z.string().nullable(), packingGroup: z.string().nullable(),
  source: z.enum(GOODS_SOURCES), label: z.string(),
});

/** the import of the official table: `imported` counts the rows written, `updated` those of them already in the catalogue */
const officialImport = z.object({
  total: z.number(), imported: z.number(), updated: z.number(), errors: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
});

/** one document holding every word; `titleHtml` and `snippet` are escaped HTML but for their <mark>s */
const knowledgeHit = z.object({
  topic: z.string(), topicTitle: z.string(), id: z.string(), title: z.string(), titleHtml: z.string(), snippet: z.string(), category: z.string().nullable(),
  publishDate: day.nullable(), titleHit: z.boolean(), attachments: z.array(z.string()),
});

export const knowledgeAnswers = {
  goods: z.array(goodsOption),
  officialImport,
  /** title hits first; the total stops at its cap (`totalCapped`) */
  search: pageOf(knowledgeHit),
};

export type GoodsOption = Wire<typeof goodsOption>;
export type KnowledgeHit = Wire<typeof knowledgeHit>;
