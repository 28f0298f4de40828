/** 危险货物品名 calls beyond the engine's (server/src/modules/knowledge). */
import type { GoodsOption, Wire, knowledgeAnswers } from '@dg/core';
import { get } from '../../api/request';

export type { GoodsOption, KnowledgeHit } from '@dg/core';

/** UN编号 prefix, 中文名称 or 拼音首字母; at most 20, the curated list first */
export const searchGoods = (q: string, limit = 20) =>
  get<GoodsOption[]>('/zsk/dangerousGoods/search', { q: q || undefined, limit }, { silent: true });

export const IMPORT_OFFICIAL_URL = '/zsk/dangerousGoods/importOfficial';

/** every word of `q` in 标题, 正文, 标签 or an attachment's name; title hits first */
export const searchKnowledge = (q: string, page: number, topic?: string) =>
  get<Wire<typeof knowledgeAnswers.search>>('/zsk/knowledge/search', { q, page, size: 10, topic });
