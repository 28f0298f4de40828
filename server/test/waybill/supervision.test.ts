/** 运单监管 (政府端): monitoring in the jurisdiction (city vs province), state counts, fill rate, abnormal waybills, the checklist flow. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, type TestApp } from '../helpers.ts';
import { enterpriseOf, waybillIn, ok, day } from './fixtures.ts';
import { sweepOverdue } from '../../src/modules/waybill/abnormal.ts';

let t: TestApp;
let A: { id: string; regionCode: string };
let B: { id: string; regionCode: string };
beforeAll(async () => { t = await testApp(); A = await enterpriseOf(t, 'qiye'); B = await enterpriseOf(t, 'qiye2'); });

describe('运单监控', () => {
  it('a city government sees its city\'s waybills only; the province sees both cities', async () => {
    const a = (await waybillIn(t, '待调度')).w;
    const b = (await waybillIn(t, '待调度', { as: 'qiye2' })).w;
    const city = ok(await t.call('POST', '/api/ydjg/waybill/list', { as: 'shiji', body: { size: 100, filters: { state: '待调度' } } }));
    const ids = city.content.map((x: { id: string }) => x.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(city.content.every((x: { enterpriseId: string }) => x.enterpriseId === A.id)).toBe(true);
    const prov = ok(await t.call('POST', '/api/ydjg/waybill/list', { as: 'zhengfu', body: { size: 100, filters: { state: '待调度' } } }));
    expect(prov.content.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await t.call('GET', `/api/ydjg/waybill/info/${b.id}`, { as: 'shiji' })).body.message).toBe('数据不存在或无权访问');
    expect(ok(await t.call('GET', `/api/ydjg/waybill/info/${b.id}`, { as: 'zhengfu' })).timeline).toHaveLength(2);
  });

  it('filters by enterprise, class, origin and destination region and date', async () => {
    const { w } = await waybillIn(t, '运输中', { body: { originRegion: '330106', destRegion: '330282' } });
    const f = { enterpriseId: A.id, goodsClass: '3', originRegion: '330100', destRegion: '330200', createdAt: [day(0), day(0)], state: '运输中' };
    const r = ok(await t.call('POST', '/api/ydjg/waybill/list', { as: 'zhengfu', body: { size: 100, filters: f } }));
    expect(r.content.map((x: { id: string }) => x.id)).toContain(w.id);
    expect(r.content.every((x: { originRegion: string; destRegion: string }) => x.originRegion.startsWith('3301') && x.destRegion.startsWith('3302'))).toBe(true);
    const none = ok(await t.call('POST', '/api/ydjg/waybill/list', { as: 'zhengfu', body: { filters: { ...f, goodsClass: '7' } } }));
    expect(none.total).toBe(0);
    const old = ok(await t.call('POST', '/api/ydjg/waybill/list', { as: 'zhengfu', body: { filters: { ...f, createdAt: [day(-400), day(-300)] } } }));
    expect(old.total).toBe(0);
  });

  it('a part of a plate lists its waybills newest first, page after page, within the jurisdiction', async () => {
    const cityCode = (await t.sql(`select o.region_code from base_user u join base_org o on o.id = u.org_id where u.username = 'shiji'`))[0]!.region_code as string;
    // the city's commonest prefix of five characters (浙A001): whole plates are looked up another way
    const plates = await t.sql(`select left(plate_no, 5) as p from waybill where deleted_at is null and plate_no is not null and carrier_region like $1
      group by 1 order by count(*) desc limit 1`, [cityCode.slice(0, 4) + '%']);
    const prefix = plates[0]!.p as string;
    for (const [as, where, args] of [['zhengfu', `true`, []], ['shiji', `carrier_region like $2`, [cityCode.slice(0, 4) + '%']]] as const) {
      const expected = (await t.sql(`select id from waybill where deleted_at is null and plate_no like $1 and ${where} order by created_at desc, id desc`, [prefix + '%', ...args]))
        .map((r) => r.id as string);
      expect(expected.length).toBeGreaterThan(2);
      const size = Math.ceil(expected.length / 2);
      const pages = await Promise.all([1, 2].map((page) => t.call('POST', '/api/ydjg/waybill/list', { as, body: { page, size, filters: { plateNo: prefix } } })));
      expect(pages.flatMap((x) => ok(x).content.map((r: { id: string }) => r.id))).toEqual(expected);
    }
  });

  it('counts by state come from the rollup and follow every transition', async () => {
    const bProv = ok(await t.call('GET', `/api/ydjg/waybill/stateCounts?enterpriseId=${B.id}`, { as: 'zhengfu' }));
    const [{ n }] = await t.sql(`select count(*)::int as n from waybill where enterprise_id = $1 and state = '已完成' and deleted_at is null`, [B.id]);
    expect(bProv['已完成']).toBe(n);
    const bCounts = ok(await t.call('GET', `/api/ydjg/waybill/stateCounts?enterpriseId=${B.id}`, { as: 'shiji' }));
    expect(Object.values(bCounts).every((x) => x === 0)).toBe(true);
    // an area's counts are its waybills by the carrier district they were written in, as its monitor lists them
    // (read just before and just after the call: other files write waybills meanwhile)
    const cityCode = (await t.sql(`select o.region_code from base_user u join base_org o on o.id = u.org_id where u.username = 'shiji'`))[0]!.region_code as string;
    const byState = async (): Promise<Record<string, number>> => Object.fromEntries((await t.sql(`select state, count(*)::int as n from waybill where carrier_region like $1 and deleted_at is null group by state`, [cityCode.slice(0, 4) + '%'])).map((r) => [r.state, r.n]));
    const before = await byState();
    const city = ok(await t.call('GET', '/api/ydjg/waybill/stateCounts', { as: 'shiji' }));
    const after = await byState();
    for (const [state, n] of Object.entries(city as Record<string, number>)) {
      expect(n, state).toBeGreaterThanOrEqual(Math.min(before[state] ?? 0, after[state] ?? 0));
      expect(n, state).toBeLessThanOrEqual(Math.max(before[state] ?? 0, after[state] ?? 0));
    }
    expect(Object.values(after).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const all = ok(await t.call('GET', '/api/ydjg/waybill/stateCounts', { as: 'zhengfu' }));
    expect(all['已完成']).toBeGreaterThan(city['已完成']);
    // the rollup equals a count of the table for the demo enterprises
    const rows = await t.sql(`select w.state, count(*)::int as n from waybill w where w.enterprise_id = $1 and w.deleted_at is null group by 1`, [B.id]);
    const roll = await t.sql(`select state, n from waybill_state_count where enterprise_id = $1 and n <> 0`, [B.id]);
    expect(Object.fromEntries(roll.map((r) => [r.state, r.n]))).toEqual(Object.fromEntries(rows.map((r) => [r.state, r.n])));
    // the issued-waybill rollup of B's district equals a count of its waybills (after 下发 and a 作废 of an issued one)
    const { w } = await waybillIn(t, '待装货', { as: 'qiye2' });
    ok(await t.call('POST', `/api/dzyd/waybill/cancel/${w.id}`, { as: 'qiye2', body: { version: w.version, reason: '取消' } }));
    await waybillIn(t, '待装货', { as: 'qiye2' });
    const agg = await t.sql(`select wb_cn_date(created_at)::text as day, coalesce(goods_classes[1], '-') as cls, waybill_type, count(*)::int as n from waybill
      where carrier_region = $1 and distributed_at is not null and state <> '已作废' and deleted_at is null group by 1, 2, 3 order by 1, 2, 3`, [B.regionCode]);
    const daily = await t.sql(`select day::text, goods_class as cls, waybill_type, waybills as n from waybill_daily_stat where carrier_region = $1 and waybills <> 0 order by 1, 2, 3`, [B.regionCode]);
    expect(daily).toEqual(agg);
    const goods = await t.sql(`select un_no, sum(lines)::int as n from waybill_goods_month where carrier_region = $1 group by 1 having sum(lines) <> 0 order by 1`, [B.regionCode]);
    const goodsAgg = await t.sql(`select g.un_no, count(*)::int as n from waybill w join waybill_goods g on g.waybill_id = w.id and g.waybill_created_at = w.created_at
      where w.carrier_region = $1 and w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null group by 1 order by 1`, [B.regionCode]);
    expect(goods).toEqual(goodsAgg);
  });

  it('is for the government side: an enterprise user gets 40301', async () => {
    expect((await t.call('POST', '/api/ydjg/waybill/list', { as: 'qiye', body: {} })).body.status).toBe(40301);
  });
});

describe('运单填报率', () => {
  it('per enterprise: operating vehicles, vehicles with waybills, waybills, rate and rank; by city', async () => {
    await waybillIn(t, '待装货');
    const month = day(0).slice(0, 7);
    const r = ok(await t.call('POST', '/api/ydjg/fillRate', { as: 'zhengfu', body: { from: month, to: month } }));
    const a = r.enterprises.find((x: { enterpriseId: string }) => x.enterpriseId === A.id);
    expect(a.operatingVehicles).toBeGreaterThan(0);
    expect(a.vehiclesWithWaybills).toBeGreaterThan(0);
    expect(a.waybills).toBeGreaterThanOrEqual(a.vehiclesWithWaybills);
    expect(a.fillRate).toBe(Math.round(Math.min(a.vehiclesWithWaybills, a.operatingVehicles) / a.operatingVehicles * 1000) / 10);
    expect(r.enterprises.map((x: { rank: number }) => x.rank)).toEqual(r.enterprises.map((_: unknown, i: number) => i + 1));
    expect(r.cities.length).toBeGreaterThanOrEqual(2);
    const city = ok(await t.call('POST', '/api/ydjg/fillRate', { as: 'shiji', body: { from: month, to: month } }));
    expect(city.enterprises.every((x: { cityCode: string }) => x.cityCode === A.regionCode.slice(0, 4) + '00')).toBe(true);
    expect((await t.call('POST', '/api/ydjg/fillRate', { as: 'zhengfu', body: { from: '2026-05', to: '2026-01' } })).body.message).toBe('开始月份不能晚于结束月份');
  });
});

describe('异常运单', () => {
  it('在途超时: the sweep flags a waybill in transit longer than factor × the line\'s hours, once', async () => {
    const { w } = await waybillIn(t, '运输中', { body: { expectedHours: 1 } });
    await t.sql(`update waybill set loaded_at = now() - interval '150 minutes' where id = $1`, [w.id]);
    await sweepOverdue(t.app.ctx.database.db);
    await sweepOverdue(t.app.ctx.database.db);
    const rows = await t.sql(`select rule, source, detail from abnormal_waybill where waybill_id = $1`, [w.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rule: '在途超时', source: '巡检' });
    expect(rows[0].detail).toContain('超过线路预计时长1小时的2倍');
    const { w: fresh } = await waybillIn(t, '运输中', { body: { expectedHours: 1 } });
    await t.sql(`update waybill set loaded_at = now() - interval '90 minutes' where id = $1`, [fresh.id]);
    await sweepOverdue(t.app.ctx.database.db);
    expect(await t.sql(`select 1 from abnormal_waybill where waybill_id = $1`, [fresh.id])).toEqual([]);
    expect(ok(await t.call('GET', `/api/dzyd/waybill/info/${w.id}`, { as: 'qiye' })).overdue).toBe(true);
  });

  it('lists in the jurisdiction with filters, shows the detail with the waybill, takes manual reports', async () => {
    const { w } = await waybillIn(t, '待装货');
    const rep = ok(await t.call('POST', '/api/ydjg/abnormal/report', { as: 'shiji', body: { waybillNo: w.waybillNo, detail: '卡口发现车辆未按线路行驶' } }));
    expect(rep).toMatchObject({ rule: '手工上报', source: '手工', waybillId: w.id, enterpriseId: A.id });
    const list = ok(await t.call('POST', '/api/ydjg/abnormal/list', { as: 'shiji', body: { filters: { waybillNo: w.waybillNo } } }));
    expect(list.content.map((x: { id: string }) => x.id)).toEqual([rep.id]);
    expect(list.content[0].enterpriseName).toBeTruthy();
    const info = ok(await t.call('GET', `/api/ydjg/abnormal/info/${rep.id}`, { as: 'shiji' }));
    expect(info.waybill.id).toBe(w.id);
    const bRows = ok(await t.call('POST', '/api/ydjg/abnormal/list', { as: 'shiji', body: { size: 100 } }));
    expect(bRows.content.some((x: { enterpriseId: string }) => x.enterpriseId === B.id)).toBe(false);
    const bw = (await waybillIn(t, '待装货', { as: 'qiye2' })).w;
    expect((await t.call('POST', '/api/ydjg/abnormal/report', { as: 'shiji', body: { waybillNo: bw.waybillNo, detail: 'x' } })).body.message).toBe('运单不存在或不在辖区内');
  });
});

describe('核查单', () => {
  it('政 issues → 企 签收 → 企 回复 → 政 退回 → 企 回复 → 政 办结, each step by its side, state and version', async () => {
    const { w } = await waybillIn(t, '待装货');
    const ab = ok(await t.call('POST', '/api/ydjg/abnormal/report', { as: 'shiji', body: { waybillId: w.id, detail: '押运员未随车' } }));
    let c = ok(await t.call('POST', '/api/ydjg/checklist/issue', { as: 'shiji', body: { abnormalId: ab.id, problem: '请说明押运员未随车原因', replyBy: day(7) } }));
    expect(c).toMatchObject({ state: '待签收', enterpriseId: A.id });
    expect((await t.call('POST', `/api/ydjg/checklist/reply/${c.id}`, { as: 'qiye', body: { version: c.version, reply: 'x' } })).body.message).toBe('当前状态为待签收，不能回复');
    expect((await t.call('POST', `/api/ydjg/checklist/receive/${c.id}`, { as: 'shiji', body: { version: c.version } })).body.status).toBe(40301);
    expect((await t.call('POST', `/api/ydjg/checklist/receive/${c.id}`, { as: 'qiye2', body: { version: c.version } })).body.message).toBe('数据不存在或无权访问');
    c = ok(await t.call('POST', `/api/ydjg/checklist/receive/${c.id}`, { as: 'qiye', body: { version: c.version } }));
    expect(c.state).toBe('待回复');
    expect((await t.call('POST', `/api/ydjg/checklist/reply/${c.id}`, { as: 'qiye', body: { version: c.version - 1, reply: 'x' } })).body.message).toBe('数据已被他人修改，请刷新后重试');
    c = ok(await t.call('POST', `/api/ydjg/checklist/reply/${c.id}`, { as: 'qiye', body: { version: c.version, reply: '押运员临时就医，已补派' } }));
    expect(c.state).toBe('待审核');
    expect((await t.call('POST', `/api/ydjg/checklist/finish/${c.id}`, { as: 'qiye', body: { version: c.version } })).body.status).toBe(40301);
    expect((await t.call('POST', `/api/ydjg/checklist/return/${c.id}`, { as: 'shiji', body: { version: c.version } })).body.message).toBe('请输入退回意见');
    c = ok(await t.call('POST', `/api/ydjg/checklist/return/${c.id}`, { as: 'shiji', body: { version: c.version, opinion: '请附补派记录' } }));
    expect(c.state).toBe('待回复');
    c = ok(await t.call('POST', `/api/ydjg/checklist/reply/${c.id}`, { as: 'qiye', body: { version: c.version, reply: '已附补派记录', attachments: [{ id: 'f1', name: '补派记录.pdf' }] } }));
    c = ok(await t.call('POST', `/api/ydjg/checklist/finish/${c.id}`, { as: 'zhengfu', body: { version: c.version, opinion: '办结' } }));
    expect(c.state).toBe('已办结');
    const info = ok(await t.call('GET', `/api/ydjg/checklist/info/${c.id}`, { as: 'qiye' }));
    expect(info.steps.map((s: { action: string }) => s.action)).toEqual(['下发', '签收', '回复', '退回', '回复', '办结']);
    expect(info.waybill.id).toBe(w.id);
    expect(info.abnormal.status).toBe('已办结');
    const mine = ok(await t.call('POST', '/api/ydjg/checklist/list', { as: 'qiye', body: { size: 100 } }));
    expect(mine.content.every((x: { enterpriseId: string }) => x.enterpriseId === A.id)).toBe(true);
    expect((await t.call('GET', `/api/ydjg/checklist/info/${c.id}`, { as: 'qiye2' })).body.message).toBe('数据不存在或无权访问');
  });

  it('a 核查单 not answered by its 回复期限 is overdue, in its list and on its detail', async () => {
    const { w } = await waybillIn(t, '待装货');
    const ab = ok(await t.call('POST', '/api/ydjg/abnormal/report', { as: 'shiji', body: { waybillId: w.id, detail: '未按线路行驶' } }));
    const c = ok(await t.call('POST', '/api/ydjg/checklist/issue', { as: 'shiji', body: { abnormalId: ab.id, problem: '请说明未按线路行驶原因', replyBy: day(7) } }));
    const overdue = async () => [
      ok(await t.call('GET', `/api/ydjg/checklist/info/${c.id}`, { as: 'qiye' })).overdue,
      ok(await t.call('POST', '/api/ydjg/checklist/list', { as: 'qiye', body: { filters: { waybillNo: w.waybillNo } } })).content[0].overdue,
    ];
    expect(await overdue()).toEqual([false, false]);
    await t.sql(`update checklist set reply_by = current_date - 1 where id = $1`, [c.id]);
    expect(await overdue()).toEqual([true, true]);
  });

  it('the demo has a checklist in each state', async () => {
    const rows = await t.sql(`select distinct state from checklist`);
    expect(rows.map((r) => r.state).sort()).toEqual(expect.arrayContaining(['已办结', '待审核', '待回复', '待签收']));
  });
});
