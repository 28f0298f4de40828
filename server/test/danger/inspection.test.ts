/**
 * 安全检查 and 整改管理: an approved plan's reproducible draw, its approval by another officer opening a check record per drawn enterprise,
 * a check with a failed item issuing a 整改通知, the notice's every step and refusal, 逾期, data scope (enterprise B,
 * a city outside the jurisdiction) and the government dashboard's 未完成整改.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG } from '@dg/core';
import { testApp, uid, type TestApp, type DemoUser } from '../helpers.ts';
import { caller, day } from './fixtures.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
let cityA = '';
let cityB = '';
const { call, okData, step } = caller(() => t);
const ITEMS = ['安全管理制度', '车辆技术状况', '应急演练'];
const planBody = (o: Record<string, unknown> = {}) => ({ name: uid('检查计划'), periodStart: day(-1), periodEnd: day(20), regionCode: cityA, samplePercent: 100,
  checkItems: ITEMS.join('\n'), inspectors: '王监管', ...o });
const info = (path: string, id: string, as: DemoUser) => okData('GET', `${path}/info/${id}`, as);
const P = '/api/aqjc/checkPlan';
const R = '/api/aqjc/checkRecord';
const N = '/api/zggl/rectNotice';

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
  cityA = E.a.regionCode.slice(0, 4) + '00';
  cityB = E.b.regionCode.slice(0, 4) + '00';
});

describe('检查计划', () => {
  it('an approved plan draws the same enterprises every time, only inside the jurisdiction', async () => {
    const plan = await okData('POST', `${P}/add`, 'shiji', planBody({ samplePercent: 50 }));
    expect(plan).toMatchObject({ state: '草稿', planNo: expect.stringMatching(/^JH\d{13}$/) });
    await step(P, 'submit', plan.id, 'shiji');
    await step(P, 'pass', plan.id, 'zhengfu');
    const first = await okData('GET', `${P}/draw/${plan.id}`, 'zhengfu');
    const again = await okData('GET', `${P}/draw/${plan.id}`, 'zhengfu');
    expect(again).toEqual(first);
    const [{ n }] = await t.sql(`select count(*)::int as n from enterprise where region_code like $1 and status = '正常' and audit_status = '已通过'`, [cityA.slice(0, 4) + '%']);
    expect(first.length).toBe(Math.ceil(n / 2));
    const all = await okData('POST', `${P}/add`, 'shiji', planBody());
    await step(P, 'submit', all.id, 'shiji');
    await step(P, 'pass', all.id, 'zhengfu');
    const drawnA = await okData('GET', `${P}/draw/${all.id}`, 'zhengfu');
    expect(drawnA.map((e: { id: string }) => e.id)).toContain(E.a.id);
    expect(drawnA.map((e: { id: string }) => e.id)).not.toContain(E.b.id);

    expect((await call('POST', `${P}/add`, 'shiji', planBody({ regionCode: cityB }))).message).toBe('检查地区：只能选择本单位辖区内的地区');
    expect((await call('POST', `${P}/add`, 'qiye', planBody())).status).toBe(40301);
    expect((await call('GET', `${P}/info/${all.id}`, 'qiye')).status).toBe(40301);
  });

  it('submit → reject → submit → approve opens one check record per drawn enterprise', async () => {
    const plan = await okData('POST', `${P}/add`, 'shiji', planBody());
    expect((await step(P, 'pass', plan.id, 'shiji')).message).toBe(`检查计划“${plan.name}”当前为草稿，不能审批通过`);
    expect((await step(P, 'submit', plan.id, 'shiji')).data.state).toBe('待审批');
    const edit = await call('PUT', `${P}/update`, 'shiji', { id: plan.id, version: (await info(P, plan.id, 'shiji')).version, name: 'x' });
    expect(edit.message).toBe(`检查计划“${plan.name}”当前为待审批，不能修改`);
    expect((await step(P, 'reject', plan.id, 'zhengfu')).message).toBe('审批意见：驳回时请输入审批意见');
    expect((await step(P, 'reject', plan.id, 'zhengfu', { opinion: '检查内容不全' })).data).toMatchObject({ state: '已驳回', approveOpinion: '检查内容不全' });
    await step(P, 'submit', plan.id, 'shiji');
    const approved = (await step(P, 'pass', plan.id, 'zhengfu', { opinion: '同意' })).data;
    const drawn = await okData('GET', `${P}/draw/${plan.id}`, 'zhengfu');
    expect(approved).toMatchObject({ state: '已通过', enterpriseCount: drawn.length });
    expect((await step(P, 'pass', plan.id, 'zhengfu')).message).toBe(`检查计划“${plan.name}”当前为已通过，不能审批通过`);
    const records = await okData('POST', `${R}/list`, 'shiji', { size: 500, filters: { planId: plan.id } });
    expect(records.content.map((r: { enterpriseId: string }) => r.enterpriseId).sort()).toEqual(drawn.map((e: { id: string }) => e.id).sort());
    expect(records.content.every((r: { state: string }) => r.state === '待检查')).toBe(true);
    const flow = await okData('GET', `${P}/flow/${plan.id}`, 'shiji');
    expect(flow.map((f: { action: string }) => f.action)).toEqual(['提交审批', '驳回', '提交审批', '审批通过']);
  });
});

/** a plan of city A approved by the province, and its record for enterprise A */
async function recordForA() {
  const plan = await okData('POST', `${P}/add`, 'shiji', planBody());
  await step(P, 'submit', plan.id, 'shiji');
  await step(P, 'pass', plan.id, 'zhengfu');
  const list = await okData('POST', `${R}/list`, 'shiji', { filters: { planId: plan.id, enterpriseId: E.a.id } });
  return list.content[0];
}
/**
 * 未完成整改 on shiji's 首页 is the open notices and open 重大 hazards of city A, counted when asked (other files add
 * hazards at the same time: compare with a count taken together, and check the notice is one of them or not)
 */
async function expectDashboardCounts(noticeId: string, included: 0 | 1) {
  const counted = async () => {
    const [d, [c]] = await Promise.all([okData('GET', '/api/index/dashboard', 'shiji'), t.sql(`select
      (select count(*)::int from hazard h join enterprise e on e.id = h.enterprise_id where e.region_code like $1 and h.level = '重大' and h.state in ('待整改', '整改中', '待验收', '待复核'))
      + (select count(*)::int from rect_notice n join enterprise e on e.id = n.enterprise_id where e.region_code like $1 and n.state <> '合格') as n`, [cityA.slice(0, 4) + '%'])]);
    return d.openRectifications - c.n;
  };
  await expect.poll(counted, { timeout: 5000 }).toBe(0);
  const [{ open }] = await t.sql(`select (state <> '合格') as open from rect_notice where id = $1`, [noticeId]);
  expect(open ? 1 : 0).toBe(included);
}
const results = (failed = 1) => ITEMS.map((item, i) => ({ item, result: i < failed ? '不合格' : '合格', remark: i < failed ? '制度未更新' : null }));

describe('检查记录 → 整改通知 → 提交整改 → 退回 → 合格', () => {
  it('a failed item issues a notice the enterprise answers and the government closes', async () => {
    const rec = await recordForA();
    const base = { checkDate: day(0), inspectors: '赵运管', results: results() };
    expect((await step(R, 'record', rec.id, 'shiji', { ...base, results: results().slice(1) })).message).toBe('检查结果：请选择“安全管理制度”的检查结果');
    expect((await step(R, 'record', rec.id, 'shiji', { ...base, results: results().map((r) => ({ ...r, remark: null })) })).message).toBe('检查结果：请填写“安全管理制度”不合格的情况说明');
    expect((await step(R, 'record', rec.id, 'shiji', base)).message).toBe('请选择整改期限');
    expect((await step(R, 'record', rec.id, 'qiye', { ...base, deadline: day(7), requirements: '限期整改' }, 'shiji')).status).toBe(40301);
    const done = (await step(R, 'record', rec.id, 'shiji', { ...base, deadline: day(7), requirements: '限期整改' })).data;
    expect(done).toMatchObject({ state: '已检查', failedCount: 1, itemTotal: 3 });
    expect(Number(done.score)).toBeCloseTo(66.7, 1);
    expect((await step(R, 'record', rec.id, 'shiji', { ...base, deadline: day(7), requirements: '限期整改' })).message).toBe(`检查记录“${rec.recordNo}”已填写，不能重复检查`);
    // the check record is the government's: the enterprise has no menu for it, another city does not see it
    expect((await call('GET', `${R}/info/${rec.id}`, 'qiye')).status).toBe(40301);
    expect((await call('GET', `${R}/info/${rec.id}`, 'zhengfu')).data.recordNo).toBe(rec.recordNo);
    const [{ id: noticeId }] = await t.sql(`select id from rect_notice where check_record_id = $1`, [rec.id]);
    await expectDashboardCounts(noticeId, 1);
    const notice = await info(N, noticeId, 'qiye');
    expect(notice).toMatchObject({ state: '待整改', source: '安全检查', deadline: day(7), overdue: false });
    expect(notice.problems).toContain('安全管理制度：制度未更新');
    // the enterprise's 整改台账 holds it beside its hazards
    const ledger = await okData('POST', '/api/yhpc/rectificationLedger/list', 'qiye', { filters: { hazardNo: notice.noticeNo } });
    expect(ledger.content).toEqual([expect.objectContaining({ kind: '整改通知', source: '安全检查', state: '待整改', overdue: false, deadline: day(7) })]);
    // enterprise B and a city outside the jurisdiction never see it
    expect((await call('GET', `${N}/info/${noticeId}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await step(N, 'commit', noticeId, 'qiye2', { measures: 'x' }, 'qiye')).message).toBe(MSG.notFound);

    expect((await step(N, 'commit', noticeId, 'qiye', { measures: ' ' })).message).toBe('请输入整改措施');
    expect((await step(N, 'pass', noticeId, 'shiji')).message).toBe(`整改通知“${notice.noticeNo}”当前为待整改，不能审核合格`);
    expect((await step(N, 'commit', noticeId, 'qiye', { measures: '已修订安全管理制度' })).data.state).toBe('待审核');
    expect((await step(N, 'commit', noticeId, 'qiye', { measures: 'x' })).message).toBe(`整改通知“${notice.noticeNo}”当前为待审核，不能提交整改`);
    expect((await step(N, 'pass', noticeId, 'qiye')).status).toBe(40301); // the enterprise never reviews
    expect((await step(N, 'return', noticeId, 'shiji')).message).toBe('审核意见：退回时请输入审核意见');
    expect((await step(N, 'return', noticeId, 'shiji', { opinion: '缺少培训记录' })).data).toMatchObject({ state: '已退回', reviewOpinion: '缺少培训记录' });
    expect((await step(N, 'commit', noticeId, 'qiye', { measures: '补充培训记录' })).data.state).toBe('待审核');
    expect((await step(N, 'pass', noticeId, 'zhengfu', { opinion: '整改到位' })).data.state).toBe('合格');
    await expectDashboardCounts(noticeId, 0);
    const flow = await okData('GET', `${N}/flow/${noticeId}`, 'qiye');
    expect(flow.map((f: { action: string }) => f.action)).toEqual(['下发', '提交整改', '退回', '提交整改', '合格']);
    // the record is on 整改记录 (a read-only reader of the notices)
    const archived = await okData('POST', `${N}/list`, 'qiye', { filters: { noticeNo: notice.noticeNo, state: '合格' } });
    expect(archived.content).toHaveLength(1);
  });

  it('a city outside the jurisdiction cannot review; 逾期 counts days, not a stored flag', async () => {
    const n = await okData('POST', `${N}/add`, 'zhengfu', { enterpriseId: E.b.id, problems: '测试问题', requirements: '测试要求', deadline: day(0) });
    expect(n).toMatchObject({ state: '待整改', source: '日常监管', overdue: false });
    expect((await call('POST', `${N}/add`, 'shiji', { enterpriseId: E.b.id, problems: 'x', requirements: 'x', deadline: day(1) })).message).toMatch(/不存在或无权使用/);
    expect((await call('POST', `${N}/add`, 'zhengfu', { enterpriseId: E.a.id, problems: 'x', requirements: 'x', deadline: day(-1) })).message).toBe('整改期限：不能早于今天');
    // a day passes: the deadline is yesterday now
    await t.sql(`update rect_notice set deadline = current_date - 1 where id = $1`, [n.id]);
    expect((await info(N, n.id, 'qiye2')).overdue).toBe(true);
    const overdue = await okData('POST', `${N}/list`, 'qiye2', { filters: { noticeNo: n.noticeNo, overdue: true } });
    expect(overdue.content).toHaveLength(1);
    expect((await step(N, 'commit', n.id, 'qiye2', { measures: '已整改' })).data).toMatchObject({ state: '待审核', overdue: false });
    expect((await step(N, 'pass', n.id, 'shiji', {}, 'qiye2')).message).toBe(MSG.notFound);
    expect((await info(N, n.id, 'qiye2')).state).toBe('待审核');
  });
});
