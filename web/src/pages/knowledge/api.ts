/** 危险货物品名 calls beyond the engine's (server/src/modules/knowledge). */
import { get } from '../../api/request';

export interface GoodsOption {
  id: string;
  unNo: string;
  nameZh: string;
  goodsClass: string;
  subsidiaryHazard: string | null;
  packingGroup: string | null;
  source: string;
  /** '1203 车用汽油或汽油（3类，Ⅱ）' */
  label: string;
}

/** UN编号 prefix, 中文名称 or 拼音首字母; at most 20, the curated list first */
export const searchGoods = (q: string, limit = 20) =>
  get<GoodsOption[]>('/zsk/dangerousGoods/search', { q: q || undefined, limit }, { silent: true });

export const IMPORT_OFFICIAL_URL = '/zsk/dangerousGoods/importOfficial';

/** one hit of the 知识库's full-text search; `titleHtml` and `snippet` are escaped by the server but for their <mark>s */
export interface KnowledgeHit {
  topic: string;
  topicTitle: string;
  id: string;
  title: string;
  titleHtml: string;
  snippet: string;
  category: string | null;
  publishDate: string | null;
  titleHit: boolean;
  attachments: string[];
}

/** every word of `q` in 标题, 正文, 标签 or an attachment's name; title hits first */
export const searchKnowledge = (q: string, page: number, topic?: string) =>
  get<{ total: number; more: boolean; rows: KnowledgeHit[] }>('/zsk/knowledge/search', { q, page, size: 10, topic });
