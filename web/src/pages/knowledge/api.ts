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
