/**
 * 信息看板 and 业务大厅's counts: 动态监控 counts the jurisdiction's waybills in transit as the
 * waybill table does, city by city, overdue first; 基础查询 finds a plate, an ID number, a credit code, a part of an
 * enterprise's name or a waybill number only inside the jurisdiction, and its card carries the linked records;
 * 静态监控's areas add up to its totals and drill down to the same documents; 提示汇总 counts what the tables hold.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG } from '@dg/core';
import { testApp, type TestApp } from '../helpers.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';
import { caller } from '../danger/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData } = caller(() => t);
const cityOf = (code: string) => code.slice(0, 4);

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
});

describe('动态监控', () => {
  it('counts the waybills in transit of the jurisdiction, by city and class, with the overdue ones first in the list', async () => {
    // other test files move waybills meanwhile: compare the answers with the table read just after them, until both agree
    const directNow = async () => (await t.sql(`select count(*)::int as n, count(*) filter (where left(carrier_region, 4) = $1)::int as city
      from waybill where state = '运输中' and loaded_at is not null and deleted_at is null and carrier_region like $2`, [cityOf(E.a.regionCode), E.a.regionCode.slice(0, 2) + '%']))[0];
    let province: any;
    let direct: any;
    await expect.poll(async () => {
      province = await okData('GET', '/api/zyd/board/dynamic', 'zhengfu');
      direct = await directNow();
      return province.total - direct.n;
    }).toBe(0);
    expect(direct.n).toBeGreaterThan(0);
    expect(province.areas.reduce((n: number, a: { total: number }) => n + a.total, 0)).toBe(province.total);
    expect(province.overdue).toBeGreaterThan(0); // the demo's overdue trip
    const cityA = province.areas.find((a: { code: string }) => a.code === cityOf(E.a.regionCode) + '00');
    expect(cityA).toMatchObject({ total: direct.city, name: expect.any(String) });

    // a city supervisor: its own city only, split by county
    await expect.poll(async () => (await okData('GET', '/api/zyd/board/dynamic', 'shiji')).total - (await directNow()).city).toBe(0);
    const city = await okData('GET', '/api/zyd/board/dynamic', 'shiji');
    expect(city.areas.every((a: { code: string }) => a.code.startsWith(cityOf(E.a.regionCode)))).toBe(true);

    const list = await okData('POST', '/api/zyd/board/dynamic/list', 'zhengfu', { page: 1, size: 100 });
    expect(list.total).toBeGreaterThan(0);
    const flags = list.content.map((w: { overdue: boolean }) => w.overdue);
    expect(flags.indexOf(false) === -1 || flags.lastIndexOf(true) < flags.indexOf(false)).toBe(true); // overdue first
    // the list's filters count what the summary counts
    await expect.poll(async () => {
      const s = await okData('GET', '/api/zyd/board/dynamic', 'zhengfu');
      const a = s.areas.find((x: { code: string }) => x.code === cityA.code);
      const overdueOnly = await okData('POST', '/api/zyd/board/dynamic/list', 'zhengfu', { page: 1, size: 1, filters: { overdue: true } });
      const byArea = await okData('POST', '/api/zyd/board/dynamic/list', 'zhengfu', { page: 1, size: 1, filters: { area: cityA.code } });
      return [overdueOnly.total - s.overdue, byArea.total - a.total];
    }).toEqual([0, 0]);
    expect(list.content.every((w: { overdue: boolean }) => typeof w.overdue === 'boolean')).toBe(true);

    // an enterprise has no 信息看板
    expect((await call('GET', '/api/zyd/board/dynamic', 'qiye')).status).toBe(40301);
  });
});

describe('基础查询', () => {
  it('finds a plate of the jurisdiction and opens its card with documents and waybills; another city sees nothing', async () => {
    const [v] = await t.sql(`select v.id, v.plate_no from vehicle v where v.enterprise_id = $1 and exists (select 1 from waybill w where w.vehicle_id = v.id) order by v.plate_no limit 1`, [E.a.id]);
    const matches = await okData('GET', `/api/zyd/board/lookup?q=${encodeURIComponent(v.plate_no.toLowerCase())}`, 'zhengfu');
    expect(matches[0]).toMatchObject({ type: 'vehicle', id: v.id, title: v.plate_no });
    // the first characters of a plate find it too
    expect((await okData('GET', `/api/zyd/board/lookup?q=${encodeURIComponent(v.plate_no.slice(0, 4))}`, 'zhengfu')).some((m: { id: string }) => m.id === v.id)).toBe(true);

    const card = await okData('GET', `/api/zyd/board/card/vehicle/${v.id}`, 'zhengfu');
    expect(card).toMatchObject({ type: 'vehicle', title: v.plate_no, record: { plateNo: v.plate_no } });
    expect(card.documents.map((d: { document: string }) => d.document)).toContain('道路运输证');
    expect(card.documents.every((d: { status: string }) => ['有效', '即将到期', '已过期'].includes(d.status))).toBe(true);
    expect(card.waybills.length).toBeGreaterThan(0);
    expect(card.links).toEqual([expect.objectContaining({ type: 'enterprise', id: E.a.id })]);

    // enterprise B (宁波) is outside 赵运管's city A (杭州): not found, not opened
    expect(cityOf(E.b.regionCode)).not.toBe(cityOf(E.a.regionCode));
    const [vb] = await t.sql(`select id, plate_no from vehicle where enterprise_id = $1 limit 1`, [E.b.id]);
    expect((await okData('GET', `/api/zyd/board/lookup?q=${encodeURIComponent(vb.plate_no)}`, 'zhengfu')).some((m: { id: string }) => m.id === vb.id)).toBe(true);
    expect(await okData('GET', `/api/zyd/board/lookup?q=${encodeURIComponent(vb.plate_no)}`, 'shiji')).toEqual([]);
    expect((await call('GET', `/api/zyd/board/card/vehicle/${vb.id}`, 'shiji')).message).toBe(MSG.notFound);
  });

  it('finds an ID number, a credit code, part of a name and a waybill number; the waybill card links its vehicle and crew', async () => {
    const [s] = await t.sql(`select id, id_card, name from staff where enterprise_id = $1 and post = '驾驶员' limit 1`, [E.a.id]);
    expect(await okData('GET', `/api/zyd/board/lookup?q=${s.id_card}`, 'zhengfu')).toEqual([expect.objectContaining({ type: 'staff', id: s.id, title: s.name })]);
    const staffCard = await okData('GET', `/api/zyd/board/card/staff/${s.id}`, 'zhengfu');
    expect(staffCard.documents.length).toBeGreaterThan(0);

    const [e] = await t.sql(`select credit_code, name from enterprise where id = $1`, [E.a.id]);
    expect(await okData('GET', `/api/zyd/board/lookup?q=${e.credit_code}`, 'zhengfu')).toEqual([expect.objectContaining({ type: 'enterprise', id: E.a.id })]);
    expect((await okData('GET', `/api/zyd/board/lookup?q=${encodeURIComponent(e.name.slice(2, 6))}`, 'zhengfu')).some((m: { id: string }) => m.id === E.a.id)).toBe(true);
    const entCard = await okData('GET', `/api/zyd/board/card/enterprise/${E.a.id}`, 'zhengfu');
    expect(entCard.counts.vehicles).toBeGreaterThan(0);
    expect(entCard.documents.some((d: { document: string }) => d.document === '道路运输经营许可证')).toBe(true);
    expect(entCard.waybills.length).toBeGreaterThan(0);

    const [w] = await t.sql(`select id, waybill_no, vehicle_id, driver_id from waybill where enterprise_id = $1 and waybill_no is not null and vehicle_id is not null and driver_id is not null limit 1`, [E.a.id]);
    expect(await okData('GET', `/api/zyd/board/lookup?q=${w.waybill_no}`, 'zhengfu')).toEqual([expect.objectContaining({ type: 'waybill', id: w.id })]);
    const wCard = await okData('GET', `/api/zyd/board/card/waybill/${w.id}`, 'zhengfu');
    expect(wCard.links).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'vehicle', id: w.vehicle_id }), expect.objectContaining({ type: 'staff', id: w.driver_id }), expect.objectContaining({ type: 'enterprise', id: E.a.id }),
    ]));
  });

  it('answers bad input with the field named', async () => {
    const long = await call('GET', `/api/zyd/board/lookup?q=${'京'.repeat(51)}`, 'zhengfu');
    expect(long).toMatchObject({ status: 40001, message: expect.stringContaining('查询内容') });
    expect((await call('GET', `/api/zyd/board/card/boat/${E.a.id}`, 'zhengfu')).status).toBe(40001);
    expect(await okData('GET', '/api/zyd/board/lookup?q=%20', 'zhengfu')).toEqual([]);
  });
});

describe('静态监控 and 提示汇总', () => {
  it('adds its areas up to the totals and drills down to the same documents', async () => {
    const s = await okData('GET', '/api/zyd/board/static', 'zhengfu');
    expect(s.overdue + s.due).toBeGreaterThan(0);
    expect(s.areas.reduce((n: number, a: { overdue: number }) => n + a.overdue, 0)).toBe(s.overdue);
    const area = s.areas[0];
    const byKind = Object.values(area.byKind as Record<string, { due: number; overdue: number }>);
    expect(byKind.reduce((n, k) => n + k.overdue + k.due, 0)).toBe(area.overdue + area.due);
    // other test files add and change records meanwhile: each level agrees with the one above once nothing changes between them
    await expect.poll(async () => {
      const top = (await okData('GET', '/api/zyd/board/static', 'zhengfu')).areas.find((a: { code: string }) => a.code === area.code);
      const ents = await okData('POST', '/api/zyd/board/static/enterprises', 'zhengfu', { page: 1, size: 500, filters: { regionCode: area.code } });
      const first = ents.content[0];
      const docs = await okData('POST', '/api/zyd/board/static/documents', 'zhengfu', { page: 1, size: 500, filters: { enterpriseId: first.enterpriseId } });
      return [
        ents.content.reduce((n: number, e: { overdue: number; due: number }) => n + e.overdue + e.due, 0) - (top.overdue + top.due),
        docs.total - (first.overdue + first.due),
        docs.content.filter((d: { status: string }) => d.status === '已过期').length - first.overdue,
      ];
    }).toEqual([0, 0, 0]);
  });

  it('counts the open items of the jurisdiction with the screens that list them', async () => {
    const groups = await okData('GET', '/api/zyd/board/tips', 'zhengfu');
    expect(groups.map((g: { title: string }) => g.title)).toEqual(['证件预警', '运单异常', '整改督办', '核查单']);
    const item = (gs: any[], key: string): any => gs.flatMap((g: { items: unknown[] }) => g.items).find((i: any) => i.key === key);
    expect(item(groups, 'checklists')).toMatchObject({ menu: 'checklistManager' });
    // other test files issue checklists and find abnormal waybills meanwhile: compare until nothing arrives in between
    await expect.poll(async () => {
      const gs = await okData('GET', '/api/zyd/board/tips', 'zhengfu');
      const [c] = await t.sql(`select count(*)::int as n from checklist where state in ('待签收', '待回复')`);
      const [a] = await t.sql(`select count(*)::int as n from abnormal_waybill where status <> '已办结'`);
      const abnormal = gs.find((g: { key: string }) => g.key === 'waybills').items.filter((i: { key: string }) => i.key.startsWith('abnormal:'));
      return [item(gs, 'checklists').count - c.n, abnormal.reduce((n: number, i: { count: number }) => n + i.count, 0) - a.n];
    }).toEqual([0, 0]);
    expect(item(groups, 'overdueNotices')).toMatchObject({ menu: 'rectificationNoticeManager', query: { rectNotice: JSON.stringify({ filters: { overdue: true } }) } });
  });
});

describe('业务大厅', () => {
  it('counts the enterprise\'s warnings, unread messages and what waits for its answer', async () => {
    // other test files write enterprise A's messages, notices and records meanwhile: the answers agree once nothing arrives between them
    await expect.poll(async () => {
      const c = await okData('GET', '/api/lobby/counts', 'qiye');
      const remind = (await okData('GET', '/api/index/indexQyd/getRemindInfo', 'qiye')).content;
      const [r] = await t.sql(`select count(*)::int as n from rect_notice where enterprise_id = $1 and state in ('待整改', '已退回')`, [E.a.id]);
      const summary = await okData('GET', '/api/warning/summary', 'qiye');
      return [c.unreadMessages - remind.unreadMessage, c.rectNotices - r.n, c.warningsOverdue - summary.reduce((n: number, x: { overdue: number }) => n + x.overdue, 0)];
    }).toEqual([0, 0, 0]);
    expect((await call('GET', '/api/lobby/counts', 'zhengfu')).status).toBe(40301);
  });
});
