/**
 * 危险货物品名: the built-in list checked against the official GB 12268-2025 table,
 * the import of that table with its flaws, and the keyword search.
 * The official table is read from beside the repository (CSV_PATH; it is never copied into it).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GOODS_CATALOGUE } from '@dg/core/goods-catalogue';
import { repoRoot } from '../../src/config.ts';
import { uid, type TestApp } from '../helpers.ts';
import { moduleApp, data, multipart } from '../warnings/app.ts';
import { classProblem, mendName, packingGroupOf, pinyinInitials, subsidiaryOf } from '../../src/modules/knowledge/goods-text.ts';
import { parseCsv, seedGoodsCatalogue } from '../../src/modules/knowledge/catalogue.ts';

const CSV_PATH = path.join(repoRoot, '../shared/data/gb12268-2025-table.csv');
const csv = readFileSync(CSV_PATH);
const table = parseCsv(csv.toString('utf8'));
const header = table[0]!;
const official = table.slice(1).map((cells, i) => Object.assign(Object.fromEntries(header.map((h, j) => [h.replace(/^\uFEFF/, ''), cells[j] ?? ''])), { row: i + 2 }) as Record<string, string> & { row: number });

let t: TestApp;
beforeAll(async () => { t = await moduleApp(); });

async function importOfficial(as: 'zhengfu' | 'qiye', query = '?validOnly=1', file: { name: string; buf: Buffer } = { name: 'gb12268-2025-table.csv', buf: csv }) {
  const m = multipart(file.name, file.buf);
  const r = await t.app.inject({ method: 'POST', url: `/api/zsk/dangerousGoods/importOfficial${query}`, payload: m.payload, headers: { ...m.headers, authorization: await t.token(as) } });
  return r.json();
}

describe('the built-in list', () => {
  it('has the goods most moved on the roads, each matching the official table (UN number with the same class)', () => {
    expect(GOODS_CATALOGUE.length).toBeGreaterThanOrEqual(150);
    const mismatched = GOODS_CATALOGUE.filter((g) => !official.some((o) => o.un_number === g.unNo && o.class_or_division === g.goodsClass));
    expect(mismatched).toEqual([]);
    for (const un of ['1203', '1202', '1075', '1005', '1017', '1830', '1789', '1824', '1170', '1230', '0081', '3480', '3082']) {
      expect(GOODS_CATALOGUE.some((g) => g.unNo === un), un).toBe(true);
    }
    const keys = GOODS_CATALOGUE.map((g) => `${g.unNo}|${g.nameZh}|${g.packingGroup}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses the standard\'s (mended) names and packing groups, so the import enriches instead of duplicating', () => {
    const byKey = new Set(official.map((o) => `${o.un_number}|${mendName(o.name_zh)}|${packingGroupOf(o.packing_group)}`));
    const missing = GOODS_CATALOGUE.filter((g) => !byKey.has(`${g.unNo}|${g.nameZh}|${g.packingGroup}`)).map((g) => g.unNo);
    expect(missing).toEqual([]);
  });

  it('is seeded at start-up with source 内置 and pinyin initials, idempotently', async () => {
    const again = await seedGoodsCatalogue(t.app.ctx.database.db);
    expect(again).toEqual({ inserted: 0, updated: 0 });
    const [n] = await t.sql(`select count(*)::int as n from dangerous_goods where source = '内置'`);
    expect(n.n).toBe(GOODS_CATALOGUE.length);
    const [petrol] = await t.sql(`select goods_class, packing_group, pinyin from dangerous_goods where un_no = '1203' and source = '内置'`);
    expect(petrol).toEqual({ goods_class: '3', packing_group: 'II', pinyin: 'cyqyhqy' });
  });
});

describe('reading the official table', () => {
  it('mends names broken by PDF line breaks and keeps spaces between Latin words', () => {
    expect(mendName('瓦斯油，或柴油，或轻质燃 料油')).toBe('瓦斯油，或柴油，或轻质燃料油');
    expect(mendName('苦味酸铵，干的或湿的，按 质量含水低于10%')).toBe('苦味酸铵，干的或湿的，按质量含水低于10%');
    expect(mendName('乙醇(酒精)或乙醇溶液 (酒精溶液)')).toBe('乙醇(酒精)或乙醇溶液(酒精溶液)');
    expect(mendName('钛粉，粒径 小于840 μm')).toBe('钛粉，粒径小于840 μm');
    expect(mendName('  GAS OIL  or DIESEL FUEL ')).toBe('GAS OIL or DIESEL FUEL');
  });

  it('accepts 1.1A–1.6N with an upper-case compatibility group and the divisions of classes 2–9, nothing else', () => {
    for (const ok of ['1.1D', '1.4S', '1.6N', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2', '7', '8', '9']) expect(classProblem(ok), ok).toBeNull();
    expect(classProblem('1.3c')).toContain('大写');
    expect(classProblem('1.4s')).toContain('大写');
    expect(classProblem('2')).toContain('缺少项别');
    expect(classProblem('-')).toBe('缺少类别或项别');
    expect(classProblem('1.1')).toContain('配装组');
    expect(classProblem('10')).toContain('不是有效的');
  });

  it('maps packing groups, splits run-together subsidiary hazards and computes pinyin initials', () => {
    expect(['Ⅰ', 'Ⅱ', 'Ⅲ', 'I', 'II', 'III', '-', ''].map(packingGroupOf)).toEqual(['I', 'II', 'III', 'I', 'II', 'III', '-', '-']);
    expect(packingGroupOf('IV')).toBeUndefined();
    expect(subsidiaryOf('38')).toBe('3 8');
    expect(subsidiaryOf('2.18')).toBe('2.1 8');
    expect(subsidiaryOf('5.1 8')).toBe('5.1 8');
    expect(subsidiaryOf('—')).toBeNull();
    expect(pinyinInitials('车用汽油')).toBe('cyqy');
    expect(pinyinInitials('液化石油气')).toBe('yhsyq');
  });
});

describe('POST /zsk/dangerousGoods/importOfficial', () => {
  it('refuses an enterprise user (the catalogue is edited by the government and the platform)', async () => {
    const r = await importOfficial('qiye');
    expect(r.status).toBe(40301);
  });

  it('imports nothing from a file with bad rows unless the valid rows are asked for', async () => {
    const [before] = await t.sql(`select count(*)::int as n from dangerous_goods`);
    const r = await importOfficial('zhengfu', '');
    expect(r.status).toBe(200);
    expect(r.data.imported).toBe(0);
    expect(r.data.errors.length).toBeGreaterThan(0);
    const [after] = await t.sql(`select count(*)::int as n from dangerous_goods`);
    expect(after.n).toBe(before.n);
  });

  it('imports the real GB 12268-2025 table: ≥ 2,800 rows, malformed classes reported by row with field 类别, names mended', async () => {
    const r = await importOfficial('zhengfu');
    expect(r.status).toBe(200);
    const report = r.data as { total: number; imported: number; updated: number; errors: { row: number; field: string; message: string }[] };
    expect(report.total).toBe(official.length);
    expect(report.imported).toBeGreaterThanOrEqual(2800);
    // the 13 non-standard class values of the table (1.3c ×9, 1.4s, 2 ×2, -), each by its row number
    const malformed = official.filter((o) => ['1.3c', '1.4s', '2', '-'].includes(o.class_or_division));
    expect(malformed).toHaveLength(13);
    const classErrors = report.errors.filter((e) => e.field === '类别');
    expect(classErrors.map((e) => e.row).sort((a, b) => a - b)).toEqual(malformed.map((o) => o.row));
    expect(classErrors.find((e) => e.row === official.find((o) => o.un_number === '0376')!.row)!.message).toContain('1.4s');
    // rows repeating (UN编号, 中文名称, 包装类别) are reported, not imported twice
    expect(report.errors.filter((e) => e.field !== '类别').every((e) => e.message.includes('重复'))).toBe(true);
    expect(report.imported + new Set(report.errors.map((e) => e.row)).size).toBe(report.total);

    const diesel = await t.sql(`select name_zh, name_en, source from dangerous_goods where un_no = '1202'`);
    expect(diesel).toEqual([{ name_zh: '瓦斯油，或柴油，或轻质燃料油', name_en: 'GAS OIL or DIESEL FUEL or HEATING OIL, LIGHT', source: '内置' }]);
    expect(await t.sql(`select 1 from dangerous_goods where name_zh like '%燃 料%'`)).toHaveLength(0);
    expect(await t.sql(`select 1 from dangerous_goods where un_no = '0190'`)).toHaveLength(0);
    const [picrate] = await t.sql(`select name_zh, goods_class, packing_group, excepted_quantity, source, pinyin from dangerous_goods where un_no = '0004'`);
    expect(picrate).toMatchObject({ name_zh: '苦味酸铵，干的或湿的，按质量含水低于10%', goods_class: '1.1D', packing_group: '-', excepted_quantity: 'E0', source: '导入' });
    const [methylhydrazine] = await t.sql(`select subsidiary_hazard from dangerous_goods where un_no = '1244'`);
    expect(methylhydrazine.subsidiary_hazard).toBe('3 8');
    // built-in rows keep their source and curated columns, enriched with the official details
    const [petrol] = await t.sql(`select source, name_en, special_provisions, limited_quantity, excepted_quantity from dangerous_goods where un_no = '1203'`);
    expect(petrol).toEqual({ source: '内置', name_en: 'MOTOR SPIRIT or GASOLINE or PETROL', special_provisions: '243', limited_quantity: '1 L', excepted_quantity: 'E2' });

    // importing again replaces instead of duplicating (counted among the rows an import writes: other files add
    // their own goods, source 新增, meanwhile)
    const [count1] = await t.sql(`select count(*)::int as n from dangerous_goods where source in ('内置', '导入')`);
    const again = (await importOfficial('zhengfu')).data;
    expect(again.imported).toBe(report.imported);
    expect(again.updated).toBe(report.imported);
    const [count2] = await t.sql(`select count(*)::int as n from dangerous_goods where source in ('内置', '导入')`);
    expect(count2.n).toBe(count1.n);
    const [log] = await t.sql(`select opt, result from gate_log where uri like '/api/zsk/dangerousGoods/importOfficial%' order by crt_time desc limit 1`);
    expect(log).toEqual({ opt: '导入官方品名表', result: '成功' });
  });

  it('names a missing required column and reports bad numbers, classes and packing groups by row', async () => {
    const noClass = await importOfficial('zhengfu', '', { name: 'x.csv', buf: Buffer.from('un_number,name_zh\n1203,汽油\n') });
    expect(noClass).toMatchObject({ status: 40001, message: '文件缺少必需的列：class_or_division（类别）' });
    const name = uid('测试品名');
    const bad = await importOfficial('zhengfu', '?validOnly=1', {
      name: 'x.csv', buf: Buffer.from(`\uFEFFun_number,name_zh,class_or_division,packing_group\n12A3,${name}甲,3,Ⅱ\n9901,${name}乙,2,-\n9902,${name}丙,3,Ⅳ\n9903,${name} 丁,6.1,Ⅲ\n`),
    });
    expect(bad.status).toBe(200);
    expect(bad.data.errors).toEqual([
      { row: 2, field: 'UN编号', message: 'UN编号“12A3”应为4位数字' },
      { row: 3, field: '类别', message: '类别“2”缺少项别（第2类应写明项别，如2.1）' },
      { row: 4, field: '包装类别', message: '包装类别“Ⅳ”应为Ⅰ、Ⅱ、Ⅲ或-' },
    ]);
    expect(bad.data.imported).toBe(1);
    const rows = await t.sql(`select un_no, name_zh, packing_group, source from dangerous_goods where name_zh like $1`, [`${name}%`]);
    expect(rows).toEqual([{ un_no: '9903', name_zh: `${name}丁`, packing_group: 'III', source: '导入' }]);
  });
});

describe('keyword search', () => {
  it('GET /zsk/dangerousGoods/search finds by UN number, Chinese name and pinyin initials, for any signed-in user', async () => {
    const byNumber = await data(t, 'GET', '/api/zsk/dangerousGoods/search?q=1203', 'qiye');
    expect(byNumber[0]).toMatchObject({ unNo: '1203', nameZh: '车用汽油或汽油', goodsClass: '3', packingGroup: 'II', label: '1203 车用汽油或汽油（3类，Ⅱ）' });
    const byName = await data(t, 'GET', `/api/zsk/dangerousGoods/search?q=${encodeURIComponent('汽油')}`, 'qiye2');
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((g: { nameZh: string }) => g.nameZh.includes('汽油'))).toBe(true);
    expect(byName.some((g: { unNo: string }) => g.unNo === '1203')).toBe(true);
    const byPinyin = await data(t, 'GET', '/api/zsk/dangerousGoods/search?q=qy&limit=20', 'zhengfu');
    expect(byPinyin.length).toBe(20);
    const [pys] = await t.sql(`select array_agg(pinyin) as p from dangerous_goods where id = any($1::uuid[])`, [byPinyin.map((g: { id: string }) => g.id)]);
    expect(pys.p.every((p: string) => p.includes('qy'))).toBe(true);
    const none = await t.call('GET', '/api/zsk/dangerousGoods/search?q=1203');
    expect(none.http).toBe(401);
  });

  it('the list\'s filters.q matches the same way (UN prefix, name, pinyin)', async () => {
    const list = (q: string) => data(t, 'POST', '/api/zsk/dangerousGoods/list', 'qiye', { page: 1, size: 500, filters: { q } });
    const byPrefix = await list('120');
    expect(byPrefix.content.every((g: { unNo: string; nameZh: string }) => g.unNo.startsWith('120') || g.nameZh.includes('120'))).toBe(true);
    expect(byPrefix.content.some((g: { unNo: string }) => g.unNo === '1203')).toBe(true);
    expect((await list('汽油')).content.some((g: { unNo: string }) => g.unNo === '1203')).toBe(true);
    const byPinyin = await list('qy');
    expect(byPinyin.content.some((g: { unNo: string }) => g.unNo === '1203')).toBe(true);
    expect(byPinyin.content.every((g: { pinyin: string }) => g.pinyin.includes('qy'))).toBe(true);
  });
});

describe('editing the catalogue', () => {
  it('a new row gets its pinyin and a mended name; built-in rows cannot be changed or deleted', async () => {
    const name = `测试 品名${uid()}`;
    const row = await data(t, 'POST', '/api/zsk/dangerousGoods/add', 'zhengfu', { unNo: '9998', nameZh: name, goodsClass: '3', packingGroup: 'III' });
    expect(row).toMatchObject({ nameZh: name.replace(' ', ''), pinyin: pinyinInitials(name), source: '新增' });
    expect(row.pinyin.startsWith('cspm')).toBe(true);
    const [builtIn] = await t.sql(`select id, version from dangerous_goods where un_no = '1075' and source = '内置'`);
    const edit = await t.call('PUT', '/api/zsk/dangerousGoods/update', { as: 'zhengfu', body: { id: builtIn.id, version: builtIn.version, goodsClass: '2.2' } });
    expect(edit.body).toMatchObject({ status: 40001, message: expect.stringContaining('内置品名由系统维护') });
    const del = await t.call('DELETE', `/api/zsk/dangerousGoods/del/${builtIn.id}`, { as: 'zhengfu' });
    expect(del.body.status).toBe(40001);
  });
});
