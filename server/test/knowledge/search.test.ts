/**
 * 知识库's topics and full-text search: a two-character word inside a sentence is found, a title hit ranks above a body
 * hit, the snippet marks the word, a tag is searched, a missing word finds nothing; the enterprise reads but cannot
 * write; 正文 is sanitised; the starting set is there. Each test writes documents with words of rare characters (CJK
 * extension A) made for it, so other files' rows never answer its queries.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { STATUS } from '@dg/core';
import { testApp, type DemoUser, type TestApp } from '../helpers.ts';
import { searchTerms, tsQueryText, snippet } from '../../src/modules/knowledge/search-text.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

/** a random word of `n` characters no built-in text uses */
const rareWord = (n = 2) => String.fromCodePoint(...Array.from({ length: n }, () => 0x3400 + Math.floor(Math.random() * 0x19b0)));

async function call(method: string, url: string, as: DemoUser, body?: unknown) {
  const r = await t.call(method, url, { as, body });
  expect(r.http).toBe(200);
  return r.body;
}
async function add(topic: string, values: Record<string, unknown>, as: DemoUser = 'zhengfu') {
  const r = await call('POST', `/api/zsk/${topic}/add`, as, { category: topic === 'knRegulation' ? '部门规章' : '其他', publishDate: '2024-05-01', ...values });
  expect(r.status, r.message).toBe(STATUS.OK);
  return r.data as { id: string; version: number };
}
const search = async (q: string, as: DemoUser = 'qiye', topic?: string) => {
  const r = await call('GET', `/api/zsk/knowledge/search?q=${encodeURIComponent(q)}${topic ? `&topic=${topic}` : ''}`, as);
  expect(r.status, r.message).toBe(STATUS.OK);
  return r.data as { total: number; totalCapped: boolean; content: { id: string; topic: string; title: string; titleHtml: string; snippet: string; titleHit: boolean }[] };
};

describe('search terms', () => {
  it('are overlapping bigrams of Chinese, the run\'s last character, and whole Latin words', () => {
    expect(searchTerms('运输危险货物，UN1203汽油')).toBe('运输 输危 危险 险货 货物 物 un1203 汽油 油');
    expect(tsQueryText('危险货物 1203')).toBe("('危险' <-> '险货' <-> '货物') & '1203':*");
    expect(tsQueryText('罐车', 'A')).toBe("'罐车':A");
    expect(tsQueryText('，。')).toBeNull();
  });
  it('a snippet escapes the text and marks the word', () => {
    expect(snippet('<b>装货人</b>应当查验', '查验')).toBe('&lt;b&gt;装货人&lt;/b&gt;应当<mark>查验</mark>');
  });
});

describe('全文检索', () => {
  it('finds a two-character word inside a sentence, ranks a title hit first and marks the word in the snippet', async () => {
    const w = rareWord();
    const inBody = await add('knAccident', { title: `${rareWord(4)}泄漏事故`, content: `<p>车辆在高速公路上发生侧翻，罐体${w}阀门损坏，现场人员按预案处置。</p>` });
    const inTitle = await add('knStandard', { title: `关于${w}的检验规范`, category: '行业标准', content: '<p>适用于常压罐体。</p>' });
    const found = await search(w);
    expect(found).toMatchObject({ total: 2, totalCapped: false });
    expect(found.content.map((r) => r.id)).toEqual([inTitle.id, inBody.id]);
    expect(found.content[0]!.titleHit).toBe(true);
    expect(found.content[0]!.titleHtml).toBe(`关于<mark>${w}</mark>的检验规范`);
    expect(found.content[1]!.titleHit).toBe(false);
    expect(found.content[1]!.snippet).toContain(`罐体<mark>${w}</mark>阀门损坏`);
    // a longer word must stand together: its characters apart in the sentence do not match
    const [a, b] = [...w];
    expect((await search(`${b}${a}`)).content.map((r) => r.id)).not.toContain(inBody.id);
    // a title hit ranks first even when older than a body hit
    const older = await add('knTanker', { title: `${w}罐车`, category: '其他', publishDate: '2001-01-01', content: '<p>旧文。</p>' });
    expect((await search(w)).content.map((r) => r.id)).toEqual([inTitle.id, older.id, inBody.id]);
    // one topic only
    expect((await search(w, 'qiye', 'knAccident')).content.map((r) => r.id)).toEqual([inBody.id]);
  });

  it('searches the tags, and a word no document holds finds nothing', async () => {
    const tag = rareWord(3);
    const doc = await add('knTankBox', { title: '罐箱定期检验要点', category: '罐式集装箱', tags: `检验,${tag}`, content: '<p>按检验周期送检。</p>' });
    expect((await search(tag)).content.map((r) => r.id)).toEqual([doc.id]);
    expect(await search(rareWord(3))).toEqual({ content: [], total: 0, totalCapped: false });
  });

  it('an edit is searched by its new words, not its old ones', async () => {
    const [before, after] = [rareWord(), rareWord()];
    const doc = await add('knTanker', { title: '罐车日常检查', category: '常压罐车', content: `<p>检查${before}。</p>` });
    const r = await call('PUT', '/api/zsk/knTanker/update', 'zhengfu', { id: doc.id, version: doc.version, title: '罐车日常检查', category: '常压罐车', content: `<p>检查${after}。</p>` });
    expect(r.status, r.message).toBe(STATUS.OK);
    expect((await search(before)).total).toBe(0);
    expect((await search(after)).content.map((x) => x.id)).toEqual([doc.id]);
  });

  it('refuses a query over 50 characters with the field named', async () => {
    const r = await call('GET', `/api/zsk/knowledge/search?q=${'字'.repeat(51)}`, 'qiye');
    expect(r.status).toBe(STATUS.BAD_INPUT);
    expect(r.message).toContain('关键字不能超过50个字符');
    for (const [query, says] of [['', '请输入关键字'], ['q=罐车&page=0', '页码应为正整数'], ['q=罐车&size=500', '每页条数应为1到50'], ['q=罐车&topic=x', '专题不存在']]) {
      const bad = await call('GET', `/api/zsk/knowledge/search?${query}`, 'qiye');
      expect(bad.status, query).toBe(STATUS.BAD_INPUT);
      expect(bad.message, query).toContain(says);
    }
  });
});

describe('who writes', () => {
  it('the enterprise reads a topic but cannot add, edit or delete; the government can', async () => {
    const w = rareWord();
    const refused = await call('POST', '/api/zsk/knRegulation/add', 'qiye', { title: `企业${w}`, category: '法律', content: '<p>x</p>' });
    expect(refused.status).toBe(STATUS.FORBIDDEN);
    const doc = await add('knRegulation', { title: `政府发布${w}`, content: '<p>正文</p>' });
    expect((await call('GET', `/api/zsk/knRegulation/info/${doc.id}`, 'qiye')).data.title).toBe(`政府发布${w}`);
    expect((await call('PUT', '/api/zsk/knRegulation/update', 'qiye', { id: doc.id, version: doc.version, title: '改', category: '法律', content: '<p>x</p>' })).status).toBe(STATUS.FORBIDDEN);
    expect((await call('DELETE', `/api/zsk/knRegulation/del/${doc.id}`, 'qiye')).status).toBe(STATUS.FORBIDDEN);
    expect((await search(w, 'qiye')).content.map((r) => r.id)).toEqual([doc.id]);
  });
});

describe('正文', () => {
  it('is sanitised: no script, no event handler, no javascript link; the text stays searchable', async () => {
    const w = rareWord();
    const doc = await add('knStandard', {
      title: '净化测试', category: '团体标准',
      content: `<p onclick="alert(1)">条文${w}<script>alert(2)</script><a href="javascript:alert(3)">链接</a><img src="x" onerror="alert(4)"></p>`,
    });
    const info = (await call('GET', `/api/zsk/knStandard/info/${doc.id}`, 'qiye')).data;
    expect(info.content).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(info.content).toContain(`条文${w}`);
    expect(info).not.toHaveProperty('searchBody');
    const hit = (await search(w)).content[0]!;
    expect(hit.snippet).toBe(`条文<mark>${w}</mark>链接`);
  });
});

describe('the starting set', () => {
  it('has the 办法 2019 chapters, the nine classes\' emergency basics and the label of each class', async () => {
    const reg = await search('危险货物道路运输安全管理办法', 'qiye', 'knRegulation');
    expect(reg.content[0]!.title).toBe('危险货物道路运输安全管理办法（交通运输部令2019年第29号）章节目录');
    const body = (await call('GET', `/api/zsk/knRegulation/info/${reg.content[0]!.id}`, 'qiye')).data.content as string;
    for (const h of ['第一章 总则', '第三章 例外数量与有限数量危险货物运输的特别规定', '第四章 危险货物承运', '第十章 附则']) expect(body).toContain(h);
    expect(body).toContain('第十六条至第二十一条');
    for (const topic of ['knEmergency', 'knSign']) {
      const list = await call('POST', `/api/zsk/${topic}/list`, 'qiye', { page: 1, size: 50, filters: { category: topic === 'knEmergency' ? '按类别' : '危险货物标志' } });
      const classes = new Set((list.data.content as { goodsClass: string }[]).map((r) => r.goodsClass));
      expect([...classes].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    }
    // a reader finds the emergency method by a word of its body
    const leak = await search('筑堤围堵', 'qiye', 'knEmergency');
    expect(leak.content.map((r) => r.title)).toContain('第3类 易燃液体 应急处置要点');
  });

  it('the goods catalogue\'s search links each row to the emergency method of its class', async () => {
    const [method] = await t.sql<{ id: string }>(`select id from kn_emergency where title = '第3类 易燃液体 应急处置要点'`);
    const [gas] = await t.sql<{ id: string }>(`select id from kn_emergency where title = '第2类 气体 应急处置要点'`);
    const petrol = await call('POST', '/api/zsk/dangerousGoods/list', 'qiye', { page: 1, size: 20, filters: { q: '1203' } });
    expect(petrol.data.content.length).toBeGreaterThan(0);
    for (const row of petrol.data.content) expect(row.emergencyId).toBe(method!.id);
    const lpg = await call('POST', '/api/zsk/dangerousGoods/list', 'qiye', { page: 1, size: 20, filters: { q: '1075' } });
    expect(lpg.data.content.map((r: { goodsClass: string; emergencyId: string }) => [r.goodsClass, r.emergencyId])).toContainEqual(['2.1', gas!.id]);
  });
});
