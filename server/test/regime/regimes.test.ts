/**
 * 制度流程: JT/T 912 regimes adopted as drafts, rich text sanitised, 发布 asks the readers, 修订 makes
 * the next version and publishing it keeps the old one readable as 已替代; a staff member's 已阅 (through his linked
 * account) shows on the manager's list and leaves his bell; the manager records paper sign-offs; nothing crosses
 * enterprises.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG } from '@dg/core';
import { testApp, type TestApp } from '../helpers.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';
import { caller } from '../danger/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData, step } = caller(() => t);
const base = '/api/aqzd/regimeDoc';
const remind = async (as: 'yuangong' | 'qiye') => (await okData('GET', '/api/index/indexQyd/getRemindInfo', as)).content.unreadRegime as number;

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
});

describe('制度流程', () => {
  it('adopts a JT/T 912 regime, publishes it to the drivers, and a driver reads it', async () => {
    const missing = await okData('GET', `${base}/templates`, 'qiye') as string[];
    expect(missing).toContain('安全生产监督检查制度');
    expect(missing).not.toContain('安全会议制度'); // the demo has it
    const [draft] = await okData('POST', `${base}/adopt`, 'qiye', { types: ['安全生产监督检查制度'] });
    expect(draft).toMatchObject({ state: '草稿', revision: 1, docType: '安全生产监督检查制度' });
    expect(draft.content).toContain('JT/T 912-2014');
    expect((await call('POST', `${base}/adopt`, 'qiye', { types: ['安全生产监督检查制度'] })).message).toBe('制度类型：“安全生产监督检查制度”不在JT/T 912制度清单中或本企业已建立');

    // rich text is sanitised on the server
    const edited = await okData('PUT', `${base}/update`, 'qiye', { id: draft.id, version: draft.version,
      content: '<p onclick="alert(1)">第一条 每月检查一次。</p><script>alert(1)</script><img src="javascript:alert(1)">' });
    expect(edited.content).toBe('<p>第一条 每月检查一次。</p><img />');
    expect((await call('PUT', `${base}/update`, 'qiye', { id: draft.id, version: edited.version, content: '<script>x</script>' })).message).toBe('正文：请输入正文');

    // 发布 needs readers
    expect((await step(base, 'publish', draft.id, 'qiye')).message).toBe('阅知岗位：请选择阅知岗位或阅知人员后再发布');
    const cur = await okData('GET', `${base}/info/${draft.id}`, 'qiye');
    await okData('PUT', `${base}/update`, 'qiye', { id: draft.id, version: cur.version, readerPosts: ['驾驶员'] });
    const bellBefore = await remind('yuangong');
    const pub = await step(base, 'publish', draft.id, 'qiye');
    if (pub.status !== 200) throw new Error(JSON.stringify(pub));
    const published = pub.data;
    expect(published).toMatchObject({ state: '已发布', readCount: 0 });
    const [{ n: drivers }] = await t.sql(`select count(*)::int as n from staff where enterprise_id = $1 and post = '驾驶员' and status = '在职'`, [E.a.id]);
    expect(published.readTotal).toBe(drivers);
    expect(await remind('yuangong')).toBe(bellBefore + 1);
    expect(await remind('qiye')).toBe(0); // the manager's account stands for no staff record

    // published: no edit, no delete
    expect((await call('PUT', `${base}/update`, 'qiye', { id: draft.id, version: published.version, title: '改' })).message)
      .toBe('制度“安全生产监督检查制度”第1版已发布，不能修改；如需修订，请点击“修订”生成新版本');
    expect((await call('DELETE', `${base}/del/${draft.id}`, 'qiye')).message).toBe('制度“安全生产监督检查制度”已发布，不能删除（已发布的制度须留存备查）');

    // the driver reads it: his bell drops, the manager's list shows him 已阅 with the time
    const mine = await okData('GET', `${base}/mine`, 'yuangong');
    expect(mine.linked).toBe(true);
    expect(mine.rows.find((r: { id: string }) => r.id === draft.id)).toMatchObject({ readAt: null });
    const read = await okData('POST', `${base}/read/${draft.id}`, 'yuangong');
    expect(read.readAt).toBeTruthy();
    expect(await remind('yuangong')).toBe(bellBefore);
    const [me] = await t.sql(`select s.name from base_user u join staff s on s.id = u.staff_id where u.username = 'yuangong'`);
    const reads = await okData('GET', `${base}/reads/${draft.id}`, 'qiye');
    expect(reads.find((r: { staffName: string }) => r.staffName === me.name)).toMatchObject({ recordedBy: null });
    expect(reads.find((r: { staffName: string }) => r.staffName === me.name).readAt).toBeTruthy();
    expect((await okData('GET', `${base}/info/${draft.id}`, 'qiye')).readCount).toBe(1);

    // the manager records another driver's paper sign-off (the demo company has more than one driver)
    const other = reads.find((r: { readAt: string | null }) => !r.readAt);
    expect(other).toBeDefined();
    expect((await okData('POST', `${base}/recordReads/${draft.id}`, 'qiye', { staffIds: [other.staffId] })).recorded).toBe(1);
    const again = await okData('GET', `${base}/reads/${draft.id}`, 'qiye');
    expect(again.find((r: { staffId: string }) => r.staffId === other.staffId)).toMatchObject({ recordedBy: '张安全' });

    // the driver may read, not publish or adopt
    expect((await call('POST', `${base}/adopt`, 'yuangong', { types: ['安全生产操作规程'] })).status).toBe(40301);
  });

  it('revises a published regime: the new version replaces it, the old one stays readable', async () => {
    const [row] = (await okData('POST', `${base}/list`, 'qiye', { filters: { docType: '安全生产考核奖惩制度', state: '已发布' } })).content;
    expect(row.revision).toBe(2);
    const draft = (await step(base, 'revise', row.id, 'qiye')).data;
    expect(draft).toMatchObject({ state: '草稿', revision: 3, title: row.title });
    expect((await step(base, 'revise', row.id, 'qiye')).message).toBe('该制度已有待发布的第3版草稿，请先编辑并发布');
    expect((await step(base, 'publish', draft.id, 'qiye')).data).toMatchObject({ state: '已发布', revision: 3 });
    const old = await okData('GET', `${base}/info/${row.id}`, 'qiye');
    expect(old).toMatchObject({ state: '已替代', revision: 2 });
    expect(old.content).toContain('安全生产考核奖惩制度');
    expect((await step(base, 'revise', row.id, 'qiye')).message).toBe('只有现行（已发布）的制度可以修订，该制度已被新版本替代');
  });

  it('keeps regimes and their readers inside the enterprise', async () => {
    const [a] = (await okData('POST', `${base}/list`, 'qiye', { filters: { state: '已发布' } })).content;
    expect((await call('GET', `${base}/info/${a.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await call('GET', `${base}/reads/${a.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await call('POST', `${base}/publish/${a.id}`, 'qiye2', { version: a.version })).message).toBe(MSG.notFound);
    expect((await call('POST', `${base}/recordReads/${a.id}`, 'qiye2', { staffIds: [] })).message).toBe('请选择已签阅的人员');
    const [b] = (await okData('POST', `${base}/list`, 'qiye2', { filters: { state: '已发布' } })).content;
    expect((await call('POST', `${base}/read/${b.id}`, 'yuangong')).message).toBe('您不在本制度的阅知范围内');
    expect((await call('POST', `${base}/read/${a.id}`, 'qiye')).message).toBe('您的账户未关联人员档案，不能阅知制度，请联系企业管理员关联');
    // drafts are for those who write regimes: the driver reads what is published
    expect((await okData('POST', `${base}/list`, 'qiye', { filters: { state: '草稿' } })).content.length).toBeGreaterThan(0);
    expect((await okData('POST', `${base}/list`, 'yuangong', { filters: { state: '草稿' } })).content).toEqual([]);
  });
});
