/**
 * Review finding 10: an option list (`GET …/options`, the pickers) is read by the screens that pick its rows — its own
 * menu, its readers', those of every definition referencing it, the screens declared in `pickMenus` (optionMenus) —
 * in the list's data scope. A user without a role reads none; an enterprise never sees another's rows; the service
 * clients are the platform's; a role holding only 调度派车 still picks its vehicles and drivers.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { apiRoutes } from './route-table.ts';
import { caller, day, firstStaff } from '../danger/fixtures.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';
import { hashPassword } from '../../src/platform/crud/write.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData } = caller(() => t);
beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
});

/** a signed-in enterprise A user whose one role holds only these menus */
async function userWithMenus(menus: string[]) {
  const [g] = await t.sql(`insert into base_group (code, name, group_type_id, enterprise_id) select $1, '选项测试', id, $2 from base_group_type where code = 'role' returning id`, [uid('opt'), E.a.id]);
  await t.sql(`insert into base_resource_authority (group_id, resource_id, resource_type) select $1, id, 'menu' from base_menu where code = any($2::text[])`, [g.id, menus]);
  const username = uid('opt');
  const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('选项测试', $1, $2, 'enterprise', $3, '1') returning id`, [username, await hashPassword('pass1234'), E.a.id]);
  await t.sql(`insert into base_group_member (group_id, user_id) values ($1, $2)`, [g.id, u.id]);
  return (await t.login(username, 'pass1234')).data;
}

describe('option lists', () => {
  it('a signed-in user without a role reads no option list', { timeout: 60_000 }, async () => {
    const lists = apiRoutes(t).filter((r) => r.method === 'GET' && r.url.endsWith('/options'));
    expect(lists.length).toBeGreaterThan(50);
    const faults: string[] = [];
    for (const r of lists) {
      if (r.access.anyUser || r.access.public) faults.push(`${r.url}: declares ${JSON.stringify(r.access)}`);
      if ((r.access.kinds ?? ['admin']).includes('admin')) {
        const res = await t.call('GET', r.path, { as: 'wuquanxian' });
        if (res.body.status !== 40301) faults.push(`${r.url}: ${res.body.status}`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('an enterprise picks only its own rows (the list\'s scope)', async () => {
    const staff = await firstStaff(t, E);
    const title = uid('B的隐患');
    const b = await okData('POST', '/api/yhpc/hazard/add', 'qiye2', { title, source: '自查', foundDate: day(-1), location: '停车场', category: '场所', level: '一般',
      description: '测试', responsibleId: staff.b, deadline: day(5), measures: '整改' });
    expect(await okData('GET', `/api/yhpc/hazard/options?q=${encodeURIComponent(title)}`, 'qiye2')).toEqual([{ value: b.id, label: title }]);
    expect(await okData('GET', `/api/yhpc/hazard/options?q=${encodeURIComponent(title)}`, 'qiye')).toEqual([]);
    expect(await okData('GET', `/api/yhpc/hazard/options?ids=${b.id}`, 'qiye')).toEqual([]);
    const own = await okData('GET', '/api/yhpc/hazard/options?limit=100', 'qiye');
    const [{ n }] = await t.sql(`select count(*)::int as n from hazard where id = any($1::uuid[]) and enterprise_id <> $2`, [own.map((o: { value: string }) => o.value), E.a.id]);
    expect(n).toBe(0);
    // a draft hazard is the enterprise's own: a government's hazard list holds none, nor do its options
    expect(await okData('GET', `/api/yhpc/hazard/options?ids=${b.id}`, 'zhengfu')).toEqual([]);
  });

  it('the service clients are the platform\'s', async () => {
    for (const who of ['qiye', 'zhengfu', 'shiji'] as const) expect((await call('GET', '/api/admin/serviceClient/options', who)).status).toBe(40301);
    expect((await t.call('GET', '/api/super/admin/serviceClient/options', { as: 'super' })).body.status).toBe(200);
  });

  it('the pickers work for the screens that use them', async () => {
    // 调度派车 alone: the crew's pickers, not the records behind other menus
    const token = await userWithMenus(['transportMission', 'dispatchManager']);
    for (const key of ['vehicle', 'tank', 'tankContainer', 'staff', 'bind']) {
      const r = await t.call('GET', `/api/${key === 'bind' ? 'dzyd' : 'xxda'}/${key}/options`, { token });
      expect([key, r.body.status]).toEqual([key, 200]);
    }
    expect((await t.call('GET', '/api/xxda/vehicle/options', { token })).body.data.length).toBeGreaterThan(0);
    for (const url of ['/api/yhpc/hazard/options', '/api/aqzd/fundUse/options', '/api/dzyd/shipper/options']) {
      expect([url, (await t.call('GET', url, { token })).body.status]).toEqual([url, 40301]);
    }
    // the waybill form's parties, a record's references, a government's 企业 filter
    for (const [url, who] of [['/api/dzyd/shipper/options', 'qiye'], ['/api/dzyd/goods/options', 'qiye'], ['/api/zsk/dangerousGoods/options?q=汽油', 'qiye'],
      ['/api/xxda/staff/options', 'qiye'], ['/api/xxda/enterprise/options', 'zhengfu'], ['/api/xxda/enterprise/options', 'shiji']] as const) {
      expect([url, who, (await call('GET', url, who)).status]).toEqual([url, who, 200]);
    }
    const cityOptions = await okData('GET', '/api/xxda/enterprise/options?limit=100', 'shiji');
    expect(cityOptions.map((o: { value: string }) => o.value)).toContain(E.a.id);
    expect(cityOptions.map((o: { value: string }) => o.value)).not.toContain(E.b.id);
  });
});
