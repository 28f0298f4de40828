/**
 * 重大事故隐患 judged by the 判定标准 and supervised by the authority that supervises the enterprise (安全生产法 第四十一条):
 * a ticked item makes a hazard 重大 (一般 with one is refused); a 重大 hazard is submitted when registered, with its 督办
 * item at once at its city's level; the province raises an item to 省级; only the item's level passes the 复核, which
 * closes the hazard and its item together; a 一般 hazard is announced to the staff by a 人员通知 when submitted and
 * when closed.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAJOR_HAZARD_ITEMS } from '@dg/core';
import { testApp, uid, type TestApp, type DemoUser } from '../helpers.ts';
import { caller, day, firstStaff } from './fixtures.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';
import { SUPERVISING_LEVEL } from '../../src/modules/inspection/supervise.ts';

let t: TestApp;
let E: DemoEnterprises;
const staff: Record<'a' | 'b', string> = { a: '', b: '' };
const H = '/api/yhpc/hazard';
const S = '/api/zgdb/supervise';
const { call, okData, step } = caller(() => t);

const body = (s: 'a' | 'b', o: Record<string, unknown> = {}) => ({
  title: uid('重大测试'), source: '自查', foundDate: day(-3), location: '测试停车场', category: '罐', level: '重大',
  description: '测试描述', responsibleId: staff[s], deadline: day(10), measures: '停用整改', ...o,
});
const flowOf = async (base: string, id: string, as: DemoUser) =>
  ((await okData('GET', `${base}/flow/${id}`, as)) as { action: string; fromState: string | null; toState: string; userName: string }[]);
const itemOf = async (hazardId: string) => (await t.sql(`select id, level, state, source_type from supervise_item where source_id = $1`, [hazardId]));
/** a 重大 hazard of enterprise s accepted by the enterprise, waiting for the government's 复核 */
async function awaitingReview(s: 'a' | 'b', o: Record<string, unknown> = {}) {
  const as = s === 'a' ? 'qiye' : 'qiye2';
  const h = await okData('POST', `${H}/add`, as, body(s, o));
  expect((await step(H, 'finish', h.id, as, { actualMeasures: '已整改', completedDate: day(0) })).status).toBe(200);
  expect((await step(H, 'pass', h.id, as, { opinion: '企业验收合格' })).data.state).toBe('待复核');
  return h;
}

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
  Object.assign(staff, await firstStaff(t, E));
});

describe('判定标准: a ticked item makes the hazard 重大', () => {
  it('refuses 一般 with an item, an item outside the standard, and takes 重大 when no level is named', async () => {
    const item = MAJOR_HAZARD_ITEMS[0]!.value;
    expect(await call('POST', `${H}/add`, 'qiye', body('a', { level: '一般', majorItems: [item] })))
      .toMatchObject({ status: 40001, message: '隐患等级：已勾选重大事故隐患判定标准的条目，应为重大隐患' });
    expect(await call('POST', `${H}/add`, 'qiye', body('a', { majorItems: ['noSuchItem'] })))
      .toMatchObject({ status: 40001, message: '重大隐患判定依据：“noSuchItem”不是重大事故隐患判定标准的条目' });
    const { level: _omit, ...noLevel } = body('a', { majorItems: [item, 'overload'] });
    const h = await okData('POST', `${H}/add`, 'qiye', noLevel);
    expect(h).toMatchObject({ level: '重大', state: '待整改', majorItems: [item, 'overload'] });
    // a draft 一般 hazard ticked afterwards is refused too while it says 一般
    const d = await okData('POST', `${H}/add`, 'qiye', body('a', { level: '一般' }));
    expect(await call('PUT', `${H}/update`, 'qiye', { id: d.id, version: d.version, level: '一般', majorItems: [item] }))
      .toMatchObject({ status: 40001, message: '隐患等级：已勾选重大事故隐患判定标准的条目，应为重大隐患' });
    expect((await okData('GET', `${H}/info/${d.id}`, 'qiye')).state).toBe('草稿');
  });

  it('the items are the platform\'s dictionary, seeded from the standard', async () => {
    const rows = await t.sql(`select value from base_dict where type = 'majorHazardItem' and pid is not null`);
    expect(rows.map((r) => r.value)).toEqual(expect.arrayContaining(MAJOR_HAZARD_ITEMS.map((i) => i.value)));
  });
});

describe('a 重大 hazard is reported and supervised when registered', () => {
  it('add → 待整改 with 登记 and 提交 on its timeline, and its 督办 item at once at the city level', async () => {
    const h = await okData('POST', `${H}/add`, 'qiye', body('a'));
    expect(h.state).toBe('待整改');
    expect((await flowOf(H, h.id, 'qiye')).map((f) => `${f.action}:${f.fromState}>${f.toState}`)).toEqual(['登记:null>草稿', '提交:草稿>待整改']);
    expect(await itemOf(h.id)).toEqual([{ id: expect.any(String), level: '市级', source_type: '重大隐患', state: '督办中' }]);
    // the city and the province see it at once; it cannot be edited, deleted or submitted again
    expect((await okData('GET', `${H}/info/${h.id}`, 'shiji')).state).toBe('待整改');
    expect((await call('PUT', `${H}/update`, 'qiye', { id: h.id, version: h.version, location: 'x' })).message).toContain('已提交');
    expect((await call('DELETE', `${H}/del/${h.id}`, 'qiye')).message).toContain('不能删除');
    expect((await step(H, 'submit', h.id, 'qiye')).message).toBe(`隐患“${h.title}”当前为待整改，不能提交`);
    // no 人员通知: a 重大 hazard goes to the authority
    expect(await t.sql(`select 1 from staff_notice where title like $1`, [`%${h.title}`])).toEqual([]);
  });

  it('a draft made 重大 is submitted by that save', async () => {
    const d = await okData('POST', `${H}/add`, 'qiye', body('a', { level: '一般' }));
    expect(d.state).toBe('草稿');
    const saved = await okData('PUT', `${H}/update`, 'qiye', { id: d.id, version: d.version, level: '重大', majorItems: ['tankMedium'] });
    expect(saved.state).toBe('待整改');
    expect((await flowOf(H, d.id, 'qiye')).map((f) => f.action)).toEqual(['登记', '提交']);
    expect((await itemOf(d.id))[0]).toMatchObject({ level: '市级', state: '督办中' });
  });

  it('the supervising level is the city\'s where the platform has that city\'s authority, else the province\'s', async () => {
    const [{ region }] = await t.sql(`select region_code as region from enterprise where id = $1`, [E.a.id]);
    const levels = await t.app.ctx.database.db.execute<{ code: string; level: string }>(sql`select e.region_code as code, ${SUPERVISING_LEVEL(sql`e`)} as level
      from (values (${region}::text), ('999901'), (${region.slice(0, 2) + '0000'}::text), (null::text)) as e(region_code)`);
    expect(levels.rows.map((r) => r.level)).toEqual(['市级', '省级', '省级', '省级']);
  });
});

describe('省级 by hand, and the 复核 by the item\'s level closes hazard and item together', () => {
  it('the province raises an item; the city may then not pass the 复核; the province\'s 复核 closes both', async () => {
    const h = await awaitingReview('a');
    const [item] = await itemOf(h.id);
    expect(item.level).toBe('市级');
    // only the province raises, with a reason
    expect((await step(S, 'raise', item.id, 'shiji', { opinion: '请求提级' })).status).toBe(40301);
    expect(await step(S, 'raise', item.id, 'zhengfu', { opinion: ' ' })).toMatchObject({ status: 40001, message: '提级理由：请输入提级督办的理由' });
    const raised = (await step(S, 'raise', item.id, 'zhengfu', { opinion: '跨市运输影响大' })).data;
    expect(raised).toMatchObject({ level: '省级', state: '督办中' });
    expect(await step(S, 'raise', item.id, 'zhengfu', { opinion: 'x' })).toMatchObject({ status: 40001, message: `督办事项“${raised.title}”已是省级督办` });
    expect((await flowOf(S, item.id, 'zhengfu')).map((f) => `${f.action}:${f.userName}`)).toEqual(['自动督办:系统', '提级督办:王监管']);

    // the city's 复核 of a hazard the province supervises is refused and changes nothing
    const r = await step(H, 'pass', h.id, 'shiji', { opinion: '同意' });
    expect(r).toMatchObject({ status: 40301, message: `隐患“${h.title}”由省级挂牌督办，须由省级监管部门复核销号` });
    expect((await okData('GET', `${H}/info/${h.id}`, 'shiji')).state).toBe('待复核');
    // nor may the item be closed by itself while its hazard is open
    expect(await step(S, 'close', item.id, 'zhengfu', { opinion: '治理完成' })).toMatchObject({ status: 40001, message: `督办事项“${raised.title}”的重大隐患当前为待复核，须在隐患复核通过时一并销号` });

    const closed = (await step(H, 'pass', h.id, 'zhengfu', { opinion: '现场复核合格' })).data;
    expect(closed).toMatchObject({ state: '已销号', reviewOpinion: '现场复核合格' });
    expect((await itemOf(h.id))[0]).toMatchObject({ state: '已销号' });
    const info = await okData('GET', `${S}/info/${item.id}`, 'zhengfu');
    expect(info).toMatchObject({ state: '已销号', closeOpinion: '现场复核合格' });
    const itemFlow = await flowOf(S, item.id, 'zhengfu');
    expect(itemFlow.map((f) => `${f.action}:${f.toState}:${f.userName}`)).toEqual(['自动督办:督办中:系统', '提级督办:督办中:王监管', '销号:已销号:王监管']);
    expect((await flowOf(H, h.id, 'zhengfu')).at(-1)).toMatchObject({ action: '复核通过', userName: '王监管' });
  });

  it('a 市级 item: the province may not pass the 复核, the city passes it and closes the item', async () => {
    const h = await awaitingReview('a');
    expect(await step(H, 'pass', h.id, 'zhengfu', { opinion: '同意' })).toMatchObject({ status: 40301, message: `隐患“${h.title}”由市级挂牌督办，须由市级监管部门复核销号` });
    // a 退回 is still open to the authorities that see it
    expect((await step(H, 'return', h.id, 'zhengfu', { opinion: '补充检测报告' })).data.state).toBe('整改中');
    expect((await step(H, 'finish', h.id, 'qiye', { actualMeasures: '补充检测', completedDate: day(0) })).status).toBe(200);
    expect((await step(H, 'pass', h.id, 'qiye')).data.state).toBe('待复核');
    expect((await step(H, 'pass', h.id, 'shiji')).data.state).toBe('已销号');
    const [item] = await itemOf(h.id);
    expect(item).toMatchObject({ level: '市级', state: '已销号' });
    expect((await flowOf(S, item.id, 'shiji')).map((f) => `${f.action}:${f.userName}`)).toEqual(['自动督办:系统', '销号:赵运管']);
    expect((await okData('GET', `${S}/info/${item.id}`, 'shiji')).closeOpinion).toBe('重大隐患复核通过，同意销号');
  });
});

describe('a 一般 hazard is announced to the staff', () => {
  it('a 人员通知 to every serving member of staff when submitted and when closed', async () => {
    const h = await okData('POST', `${H}/add`, 'qiye', body('a', { level: '一般' }));
    expect(await t.sql(`select 1 from staff_notice where title like $1`, [`%${h.title}`])).toEqual([]); // a draft is not announced
    await step(H, 'submit', h.id, 'qiye');
    await step(H, 'finish', h.id, 'qiye', { actualMeasures: '已整改到位', completedDate: day(0) });
    expect((await step(H, 'pass', h.id, 'qiye', { opinion: '验收合格' })).data.state).toBe('已销号');
    const notices = await t.sql(`select n.id, n.title, n.state, n.content, n.enterprise_id,
        (select count(*)::int from staff_read r where r.subject_id = n.id) as asked from staff_notice n where n.title like $1 order by n.created_at`, [`%${h.title}`]);
    expect(notices.map((n) => [n.title, n.state, n.enterprise_id])).toEqual([[`隐患通报：${h.title}`, '已发布', E.a.id], [`隐患销号通报：${h.title}`, '已发布', E.a.id]]);
    expect(notices[0].content).toContain(h.hazardNo);
    // every member serving when each notice went out (other files' tests add staff to enterprise A meanwhile)
    const serving = await Promise.all(notices.map(async (n) => (await t.sql(`select count(*)::int as n from staff
      where enterprise_id = $1 and status = '在职' and created_at <= (select created_at from staff_notice where id = $2)`, [E.a.id, n.id]))[0].n as number));
    expect(notices.map((n) => n.asked)).toEqual(serving);
    expect(serving[0]).toBeGreaterThan(0);
    // the enterprise's 人员通知 list shows them; B's does not
    const list = await okData('POST', '/api/tzgg/staffNotice/list', 'qiye', { page: 1, size: 10, filters: { title: h.title } });
    expect(list.content.map((n: { id: string }) => n.id).sort()).toEqual(notices.map((n) => n.id).sort());
    expect((await okData('POST', '/api/tzgg/staffNotice/list', 'qiye2', { page: 1, size: 10, filters: { title: h.title } })).content).toEqual([]);
    const published = await t.sql(`select f.action, f.user_name from work_flow f where f.subject_id = any($1::uuid[]) order by f.created_at`, [notices.map((n) => n.id)]);
    expect(published).toEqual([{ action: '发布', user_name: '张安全' }, { action: '发布', user_name: '张安全' }]);
  });
});

describe('the demo data', () => {
  it('every open 重大 hazard names its 判定标准 item and has one open 督办 item at its level', async () => {
    const rows = await t.sql(`select h.title, h.enterprise_id = $1 as a, h.state, h.major_items, s.level, s.state as item_state,
        (select string_agg(f.action, ',' order by f.created_at) from work_flow f where f.subject_id = s.id) as flow
      from hazard h left join supervise_item s on s.source_id = h.id::text
      where h.title in ('常压罐体超适装介质装载苯', '牵引车超核定载质量运输液碱') and h.enterprise_id in ($1, $2) order by a desc, h.title`, [E.a.id, E.b.id]);
    expect(rows.map((r) => [r.a ? 'A' : 'B', r.title, r.state, r.major_items, r.level, r.item_state, r.flow])).toEqual([
      ['A', '常压罐体超适装介质装载苯', '整改中', ['tankMedium'], '市级', '督办中', '自动督办'],
      ['A', '牵引车超核定载质量运输液碱', '待复核', ['overload'], '市级', '督办中', '自动督办'],
      ['B', '常压罐体超适装介质装载苯', '整改中', ['tankMedium'], '市级', '督办中', '自动督办'],
      ['B', '牵引车超核定载质量运输液碱', '待复核', ['overload'], '省级', '督办中', '自动督办,提级督办'],
    ]);
  });
});
