/** 知识库 (zsk): the resources the knowledge module serves. */
import { bool, enumOf, resource, text } from '../resource.ts';
import { KNOWLEDGE_TOPICS } from './knowledge-topics.ts';
export * from './knowledge-topics.ts';

/** where a catalogue row comes from: the code's list, the official table's import, or added by hand */
export const GOODS_SOURCES = ['内置', '导入', '新增'] as const;

/** 知识库 危险货物品名: the GB 12268 catalogue every goods picker reads; the platform and governments keep it */
export const dangerousGoods = resource({
  key: 'dangerousGoods', area: 'zsk', menu: 'dangerousGoodsManager', scope: 'none', labelField: 'nameZh', importable: true,
  writableBy: ['government', 'platform'], defaultSort: { field: 'unNo', order: 'asc' },
  fields: {
    unNo: text('UN编号', { required: true, max: 4, min: 4, rule: 'natural', column: true, search: 'eq', sort: true, index: true }),
    nameZh: text('中文名称', { required: true, max: 300, column: true, search: 'like' }),
    nameEn: text('英文名称', { max: 500 }),
    goodsClass: text('类别或项别', { required: true, max: 8, column: true, search: 'eq' }),
    subsidiaryHazard: text('次要危险性', { max: 20, column: true }),
    packingGroup: enumOf('包装类别', [{ label: 'Ⅰ', value: 'I' }, { label: 'Ⅱ', value: 'II' }, { label: 'Ⅲ', value: 'III' }, { label: '-', value: '-' }], { column: true, search: 'eq' }),
    specialProvisions: text('特殊规定', { max: 200 }),
    limitedQuantity: text('有限数量', { max: 20 }),
    exceptedQuantity: text('例外数量', { max: 10 }),
    toxic: bool('剧毒化学品', { default: false, column: true, help: '危险化学品目录标注为剧毒：运输需经营范围含剧毒化学品' }),
    waste: bool('危险废物', { default: false, column: true, help: '按危险废物运输：运输需经营范围含危险废物' }),
    pinyin: text('拼音首字母', { readOnly: true, max: 300, search: 'like' }),
    source: enumOf('来源', [...GOODS_SOURCES], { readOnly: true, default: '新增', column: true, search: 'eq' }),
    /** the 应急处置方法 of this UN number, else of its class (server hook `columns`) */
    emergencyId: text('应急处置方法', { readOnly: true, virtual: true, max: 36, ownView: true }),
  },
});

export const knowledgeResources = [dangerousGoods, ...KNOWLEDGE_TOPICS];
