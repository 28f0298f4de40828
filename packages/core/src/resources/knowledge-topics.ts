/**
 * 知识库's topics (法律法规, 标准规范, 应急处置方法, 事故案例, 罐车, 罐箱, 标志标识): one shape of document — 标题, 分类,
 * 正文 (rich text), 附件, 标签, 发布日期 — made once by `knowledgeTopic` for each topic's menu, so the list, form,
 * detail, access and full-text search are the same for all seven. Everyone holding a topic's menu reads it; the
 * platform and governments write. `searchTitle` and `searchBody` hold the terms the full-text index is built from
 * (server/src/modules/knowledge/search-text.ts writes them on every add and update; docs/knowledge.md).
 */
import { date, enumOf, file, resource, richText, text, textarea, type FieldDef } from '../resource.ts';
import type { MenuCode } from '../menus.ts';

/** the nine classes of GB 6944, as 应急处置方法 and 标志标识 file them */
export const GOODS_CLASS_NAMES: Record<string, string> = {
  '1': '爆炸品', '2': '气体', '3': '易燃液体', '4': '易燃固体、易于自燃的物质、遇水放出易燃气体的物质', '5': '氧化性物质和有机过氧化物',
  '6': '毒性物质和感染性物质', '7': '放射性物质', '8': '腐蚀性物质', '9': '杂项危险物质和物品',
};
const CLASS_OPTIONS = Object.entries(GOODS_CLASS_NAMES).map(([value, name]) => ({ value, label: `第${value}类 ${name}` }));

/** the fields every topic's document has; `extra` fields go between 分类 and 正文 */
function docFields<X extends Record<string, FieldDef>>(categories: readonly string[], extra: X) {
  return {
    title: text('标题', { required: true, max: 200, column: true, search: 'like' }),
    category: enumOf('分类', [...categories], { required: true, column: true, search: 'eq' }),
    ...extra,
    content: richText('正文', { required: true }),
    attachments: file('附件', { multiple: true }),
    tags: text('标签', { max: 200, column: true, help: '多个标签用逗号或空格分隔' }),
    publishDate: date('发布日期', { column: true, sort: true, search: 'range' }),
    searchTitle: textarea('检索词（标题）', { internal: true }),
    searchBody: textarea('检索词（正文）', { internal: true }),
  };
}

function knowledgeTopic<X extends Record<string, FieldDef>>(key: string, menu: MenuCode, title: string, categories: readonly string[], extra: X) {
  return resource({
    key, area: 'zsk', menu, title, scope: 'none', labelField: 'title', writableBy: ['government', 'platform'],
    defaultSort: { field: 'publishDate', order: 'desc' },
    fields: docFields(categories, extra),
  });
}

export const knRegulation = knowledgeTopic('knRegulation', 'regulationManager', '法律法规', ['法律', '行政法规', '部门规章', '地方性法规', '规范性文件'], {});
export const knStandard = knowledgeTopic('knStandard', 'standardManager', '标准规范', ['国家标准', '行业标准', '地方标准', '团体标准'], {});
export const knEmergency = knowledgeTopic('knEmergency', 'emergencyManager', '应急处置方法', ['按类别', '按UN编号'], {
  goodsClass: enumOf('危险货物类别', CLASS_OPTIONS, { column: true, search: 'eq', max: 4 }),
  unNo: text('UN编号', { max: 4, min: 4, rule: 'natural', column: true, search: 'eq' }),
});
export const knAccident = knowledgeTopic('knAccident', 'accidentCaseManager', '事故案例', ['泄漏', '火灾爆炸', '中毒窒息', '交通事故', '其他'], {});
export const knTanker = knowledgeTopic('knTanker', 'gcgtxxManager', '罐车', ['常压罐车', '压力罐车', '罐体检验', '其他'], {});
export const knTankBox = knowledgeTopic('knTankBox', 'tankBoxManager', '罐箱', ['罐式集装箱', '可移动罐柜', '其他'], {});
export const knSign = knowledgeTopic('knSign', 'signManager', '标志标识', ['危险货物标志', '车辆标志', '其他'], {
  goodsClass: enumOf('危险货物类别', CLASS_OPTIONS, { column: true, search: 'eq', max: 4 }),
});

/** the topics in menu order: the full-text search and its result labels read this */
export const KNOWLEDGE_TOPICS = [knRegulation, knStandard, knEmergency, knAccident, knTanker, knTankBox, knSign] as const;
