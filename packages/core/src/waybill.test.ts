/** The goods rules of the waybill: the catalogue decides a line's class, the licence's scope by class, division and name. */
import { describe, it, expect } from 'vitest';
import { catalogueEntryOf, scopeGaps, divisionOf, unNoList, type CatalogueRow } from './waybill.ts';
import { GOODS_CATALOGUE } from './goods-catalogue.ts';

const rows = (unNo: string): CatalogueRow[] => GOODS_CATALOGUE.filter((e) => e.unNo === unNo).map((e, i) => ({ ...e, id: `${unNo}-${i}` }));

describe('catalogueEntryOf: class, subsidiary hazard and packing group come from the catalogue', () => {
  it('UN2015 is 5.1 with 8 beside: typing class 8 is refused, typing nothing takes the entry', () => {
    expect(catalogueEntryOf({ unNo: '2015', goodsName: '过氧化氢', goodsClass: '8' }, rows('2015')))
      .toEqual({ error: '类别：UN2015按危险货物品名表为5.1，不能填写8' });
    const ok = catalogueEntryOf({ unNo: '2015', goodsName: '过氧化氢' }, rows('2015'));
    expect(ok).toMatchObject({ entry: { goodsClass: '5.1', subsidiaryHazard: '8', packingGroup: 'I' } });
    expect(catalogueEntryOf({ unNo: '2015', goodsName: '过氧化氢', goodsClass: '5.1' }, rows('2015'))).toMatchObject({ entry: { goodsClass: '5.1' } });
  });

  it('a UN number outside the catalogue is refused with the reason', () => {
    expect(catalogueEntryOf({ unNo: '9999', goodsName: '某物' }, [])).toEqual({ error: 'UN9999不在危险货物品名表中，不能按危险货物填报（请核对UN编号）' });
  });

  it('entries sharing a UN number: the chosen one, else the 品名 or the 包装类别 must tell them apart', () => {
    const un2810 = rows('2810');
    expect(un2810.length).toBe(2);
    expect(catalogueEntryOf({ unNo: '2810', goodsName: '有机毒性液体' }, un2810))
      .toEqual({ error: 'UN2810在危险货物品名表中有多个条目（6.1 包装类别II、6.1 包装类别III），请从品名表选择' });
    expect(catalogueEntryOf({ unNo: '2810', goodsName: '有机毒性液体', packingGroup: 'III' }, un2810)).toMatchObject({ entry: { id: '2810-1', packingGroup: 'III' } });
    expect(catalogueEntryOf({ unNo: '2810', goodsId: '2810-0', goodsName: '有机毒性液体' }, un2810)).toMatchObject({ entry: { id: '2810-0', packingGroup: 'II' } });
    expect(catalogueEntryOf({ unNo: '2810', goodsId: '1203-0' }, un2810)).toEqual({ error: '所选危险货物与UN编号2810不符' });
    expect(catalogueEntryOf({ unNo: '2810', goodsId: '2810-0', packingGroup: 'III' }, un2810)).toEqual({ error: '包装类别：UN2810有机毒性液体，未另作规定的按危险货物品名表为II，不能填写III' });
  });

  it('a common name (汽油 for 车用汽油或汽油) still finds the one entry of its UN number', () => {
    expect(catalogueEntryOf({ unNo: '1203', goodsName: '92号汽油' }, rows('1203'))).toMatchObject({ entry: { goodsClass: '3', packingGroup: 'II' } });
  });

  it('the built-in 剧毒 entries are marked', () => {
    expect(rows('1689')[0]).toMatchObject({ nameZh: '固态氰化钠', toxic: true });
    expect(rows('1203')[0]!.toxic).toBe(false);
  });
});

describe('scopeGaps: 类, 项 and 品名, 剧毒 and 废物 apart', () => {
  const ammonia = { unNo: '1005', goodsName: '无水氨', goodsClass: '2.3' };
  const lpg = { unNo: '1075', goodsName: '液化石油气', goodsClass: '2.1' };
  it('a 2.1 licence carries 2.1 but not UN1005 (2.3); the class 2 covers both', () => {
    expect(scopeGaps(['2.1'], null, lpg)).toEqual([]);
    expect(scopeGaps(['2.1'], null, ammonia)).toEqual(['经营范围不含2.3项（UN1005无水氨）']);
    expect(scopeGaps(['2'], null, ammonia)).toEqual([]);
    expect(scopeGaps(['3'], null, { unNo: '1203', goodsName: '汽油', goodsClass: '3' })).toEqual([]);
    expect(scopeGaps(['8'], null, { unNo: '1203', goodsName: '汽油', goodsClass: '3' })).toEqual(['经营范围不含第3类']);
  });
  it('a named UN number covers that goods only', () => {
    expect(scopeGaps(['2.1'], '1005, UN1017', ammonia)).toEqual([]);
    expect(scopeGaps(['2.1'], '1017', ammonia)).toEqual(['经营范围不含2.3项（UN1005无水氨）']);
  });
  it('剧毒 and 危险废物 need their own scope besides the class', () => {
    const cyanide = { unNo: '1689', goodsName: '固态氰化钠', goodsClass: '6.1', toxic: true };
    expect(scopeGaps(['6'], null, cyanide)).toEqual(['经营范围不含剧毒化学品（UN1689固态氰化钠）']);
    expect(scopeGaps(['6', 'toxic'], null, cyanide)).toEqual([]);
    expect(scopeGaps(['9'], null, { unNo: '3077', goodsName: '废物', goodsClass: '9', waste: true })).toEqual(['经营范围不含危险废物（UN3077废物）']);
    expect(scopeGaps(['9', 'waste'], null, { unNo: '3077', goodsName: '废物', goodsClass: '9', waste: true })).toEqual([]);
  });
  it('divisions and lists as written', () => {
    expect([divisionOf('1.1D'), divisionOf('2.3'), divisionOf('3'), divisionOf('')]).toEqual(['1.1', '2.3', '3', '']);
    expect(unNoList('1203，un1202；1005 ')).toEqual(['1203', '1202', '1005']);
    expect(unNoList(null)).toEqual([]);
  });
});
