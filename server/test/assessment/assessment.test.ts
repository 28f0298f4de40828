/**
 * 安全考核 end to end over the API: a model whose weights do not add up is refused; 下发 opens one assessment per
 * enterprise; the group cannot score before the enterprise submits (until the deadline passes); the enterprise sees
 * neither another's assessment nor its own group scores before 发布; only the leader confirms; 发布 grades by the
 * thresholds of 参数设置 and the result is then fixed; every step is on the history.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG } from '@dg/core';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { caller, day } from '../danger/fixtures.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const { call, okData, step } = caller(() => t);
const A = '/api/aqkh';
let indicators: { id: string; maxScore: number }[] = [];

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
  indicators = [];
  for (const [category, max] of [['运输安全', 60], ['经营行为', 30], ['企业管理', 10]] as const) {
    indicators.push(await okData('POST', `${A}/assessIndicator/add`, 'zhengfu', { category, name: uid('指标'), maxScore: max, rule: '按规则扣分', evidence: '相关台账' }));
  }
});

async function issued() {
  const model = await okData('POST', `${A}/assessModel/add`, 'zhengfu', { name: uid('模型'), modelVersion: 1, totalScore: 100,
    items: indicators.map((i) => ({ indicatorId: i.id, weight: Number(i.maxScore) })) });
  const group = await okData('POST', `${A}/assessGroup/add`, 'zhengfu', { name: uid('考核组'), leaderName: 'zhengfu', memberNames: '赵运管' });
  const province = E.a.regionCode.slice(0, 2) + '0000';
  const task = await okData('POST', `${A}/assessTask/add`, 'zhengfu', { name: uid('年度考核'), year: 2025, modelId: model.id, groupId: group.id,
    regionCode: province, enterpriseIds: [E.a.id, E.b.id], deadline: day(5) });
  const out = await step(`${A}/assessTask`, 'issue', task.id, 'zhengfu');
  expect(out.data).toMatchObject({ state: '已下发', enterpriseCount: 2 });
  const [a] = await t.sql(`select id from assessment where task_id = $1 and enterprise_id = $2`, [task.id, E.a.id]);
  const [b] = await t.sql(`select id from assessment where task_id = $1 and enterprise_id = $2`, [task.id, E.b.id]);
  return { model, group, task, a: a.id as string, b: b.id as string };
}
const scores = (k: 'selfScore' | 'groupScore', vals: number[], extra: Record<string, unknown> = {}) =>
  indicators.map((i, n) => ({ indicatorId: i.id, [k]: vals[n], ...extra }));

describe('考核下发', () => {
  it('to every enterprise in operation of a region holding one of the chosen 经营范围', async () => {
    const model = await okData('POST', `${A}/assessModel/add`, 'zhengfu', { name: uid('模型'), modelVersion: 1, totalScore: 100,
      items: indicators.map((i) => ({ indicatorId: i.id, weight: Number(i.maxScore) })) });
    const group = await okData('POST', `${A}/assessGroup/add`, 'zhengfu', { name: uid('考核组'), leaderName: 'zhengfu', memberNames: '赵运管' });
    const [{ scope }] = await t.sql(`select business_scope[1] as scope from enterprise where id = $1`, [E.a.id]);
    const province = E.a.regionCode.slice(0, 2) + '0000';
    const task = await okData('POST', `${A}/assessTask/add`, 'zhengfu', { name: uid('专项考核'), year: 2025, modelId: model.id, groupId: group.id,
      regionCode: province, businessScope: [scope], deadline: day(5) });
    const expected = await t.sql(`select id from enterprise where region_code like $1 and status = '正常' and audit_status = '已通过'
      and business_scope && array[$2]::text[] order by id`, [province.slice(0, 2) + '%', scope]);
    const others = await t.sql(`select count(*)::int as n from enterprise where region_code like $1 and status = '正常' and audit_status = '已通过'
      and not (coalesce(business_scope, '{}') && array[$2]::text[])`, [province.slice(0, 2) + '%', scope]);
    expect(expected.map((r) => r.id)).toContain(E.a.id);
    const out = await step(`${A}/assessTask`, 'issue', task.id, 'zhengfu');
    const got = await t.sql(`select a.enterprise_id as id, e.business_scope && array[$2]::text[] as holds from assessment a
      join enterprise e on e.id = a.enterprise_id where a.task_id = $1 order by a.enterprise_id`, [task.id, scope]);
    expect(out.data.enterpriseCount).toBe(got.length);
    // other files may approve enterprises meanwhile: every one found before is there, and every one there holds the scope
    expect(got.map((r) => r.id)).toEqual(expect.arrayContaining(expected.map((r) => r.id)));
    expect(got.every((r) => r.holds)).toBe(true);
    expect(others[0].n).toBeGreaterThan(0); // the scope left some of the region's enterprises out
  });
});

describe('考核模型', () => {
  it('refuses weights that do not add up to the total, and a change once the model is in use', async () => {
    const r = await call('POST', `${A}/assessModel/add`, 'zhengfu', { name: uid('模型'), modelVersion: 1, totalScore: 100,
      items: [{ indicatorId: indicators[0]!.id, weight: 60 }, { indicatorId: indicators[1]!.id, weight: 30.5 }] });
    expect(r.status).toBe(40001);
    expect(r.message).toBe('考核指标：权重合计为90.5分，应等于模型总分100分');
    const { model } = await issued();
    const again = await call('PUT', `${A}/assessModel/update`, 'zhengfu', { id: model.id, version: model.version, remark: '改' });
    expect(again.message).toBe(`考核模型“${model.name}”已用于考核下发，不能修改，请复制为新版本后修改`);
    const copy = await okData('POST', `${A}/assessModel/copy/${model.id}`, 'zhengfu');
    expect(copy).toMatchObject({ name: model.name, modelVersion: 2 });
  });
  it('refuses a group member who is not a government user of the jurisdiction', async () => {
    const r = await call('POST', `${A}/assessGroup/add`, 'zhengfu', { name: uid('组'), leaderName: 'zhengfu', memberNames: 'qiye' });
    expect(r.message).toBe('组员：“qiye”不是本辖区的政府端用户');
  });
});

describe('考核流程', () => {
  it('self-assessment, scoring, confirmation and 发布, with each refusal', async () => {
    const { a } = await issued();
    // the group cannot score before the enterprise submits
    const early = await step(`${A}/assessment`, 'score', a, 'shiji', { items: scores('groupScore', [50, 25, 8]) });
    expect(early.message).toBe(`企业尚未提交自评，自评截止日期${day(5)}前不能评分`);
    // another enterprise does not see it
    expect((await call('GET', `${A}/assessment/info/${a}`, 'qiye2')).message).toBe(MSG.notFound);
    // a draft, then the submission with evidence
    const draft = await step(`${A}/assessment`, 'save', a, 'qiye', { items: [{ indicatorId: indicators[0]!.id, selfScore: 55 }] });
    expect(draft.data.state).toBe('自评中');
    expect(Number(draft.data.selfTotal)).toBe(55);
    const bad = await step(`${A}/assessment`, 'submit', a, 'qiye', { items: scores('selfScore', [55, 31, 9]) });
    expect(bad.message).toMatch(/：得分应在0到30之间$/);
    const sub = await step(`${A}/assessment`, 'submit', a, 'qiye', { items: scores('selfScore', [55, 28.5, 9], { evidence: [{ id: 'f1', name: '动态监控台账.pdf' }] }) });
    expect(sub.data).toMatchObject({ state: '已提交', late: false });
    expect(Number(sub.data.selfTotal)).toBe(92.5);
    expect(sub.data.items[0].evidence).toEqual([{ id: 'f1', name: '动态监控台账.pdf' }]);
    expect((await step(`${A}/assessment`, 'save', a, 'qiye', { items: [] })).message).toBe('考核当前为已提交，不能保存草稿');
    // the enterprise cannot score; a government user outside the group cannot either (qiye has no such element)
    expect((await step(`${A}/assessment`, 'score', a, 'qiye', { items: scores('groupScore', [50, 25, 8]) })).status).toBe(40301);
    const scored = await step(`${A}/assessment`, 'score', a, 'shiji', { items: scores('groupScore', [54, 27, 9], { opinion: '属实' }) });
    expect(scored.data).toMatchObject({ state: '已评分', grade: 'AAA' });
    expect(Number(scored.data.groupTotal)).toBe(90);
    // before 发布 the enterprise sees neither the group's scores nor the grade
    const seen = await okData('GET', `${A}/assessment/info/${a}`, 'qiye');
    expect(seen).toMatchObject({ state: '已评分', groupTotal: null, grade: null });
    expect(seen.items[0].groupScore).toBeNull();
    // only the leader confirms
    expect((await step(`${A}/assessment`, 'confirm', a, 'shiji')).message).toBe('只有考核组组长可以确认考核结果');
    await step(`${A}/assessment`, 'confirm', a, 'zhengfu', { opinion: '同意' });
    // 发布 at the thresholds of 参数设置 (raised: 90 is AA now)
    await t.sql(`update param_setting set value = '{"AAA": 950, "AA": 800, "A": 600}'::jsonb where key = 'assessGrades'`);
    try {
      const cur = await okData('GET', `${A}/assessment/info/${a}`, 'zhengfu');
      const pub = await call('POST', '/api/assessResult/addAssessResult', 'zhengfu', { id: a, version: cur.version });
      expect(pub.data).toMatchObject({ state: '已发布', grade: 'AA' });
    } finally {
      await t.sql(`update param_setting set value = '{"AAA": 900, "AA": 750, "A": 600}'::jsonb where key = 'assessGrades'`);
    }
    const mine = await okData('GET', `${A}/assessment/info/${a}`, 'qiye');
    expect(mine.grade).toBe('AA');
    expect(Number(mine.groupTotal)).toBe(90);
    expect(mine.items[0]).toMatchObject({ groupScore: 54, opinion: '属实' });
    // a published result is fixed
    expect((await step(`${A}/assessment`, 'score', a, 'shiji', { items: scores('groupScore', [60, 30, 10]) })).message).toBe('考核当前为已发布，不能评分');
    const cur = await okData('GET', `${A}/assessment/info/${a}`, 'zhengfu');
    expect((await call('POST', '/api/assessResult/addAssessResult', 'zhengfu', { id: a, version: cur.version })).message).toBe('考核当前为已发布，不能发布');
    expect((await call('PUT', `${A}/assessment/update`, 'zhengfu', { id: a, version: cur.version, groupTotal: 100 })).status).not.toBe(200);
    // the history: who and when of every step
    const flow = await okData('GET', `${A}/assessment/flow/${a}`, 'zhengfu');
    expect(flow.map((f: { action: string; userName: string }) => `${f.action}/${f.userName}`)).toEqual(
      ['下发/王监管', '保存草稿/张安全', '提交自评/张安全', '评分/赵运管', '组长确认/王监管', '发布/王监管']);
  });

  it('a late enterprise is scored without a self-assessment and flagged', async () => {
    const { b } = await issued();
    await t.sql(`update assessment set deadline = current_date - 1 where id = $1`, [b]);
    // the leader scores too; 赵运管's jurisdiction (the first city) does not hold enterprise B
    expect((await call('GET', `${A}/assessment/info/${b}`, 'shiji')).message).toBe(MSG.notFound);
    const scored = await step(`${A}/assessment`, 'score', b, 'zhengfu', { items: scores('groupScore', [30, 20, 5]) });
    expect(scored.data).toMatchObject({ state: '已评分', late: true, grade: 'B' });
    expect(Number(scored.data.groupTotal)).toBe(55);
    expect((await step(`${A}/assessment`, 'submit', b, 'qiye2', { items: scores('selfScore', [60, 30, 10]) })).message).toBe('考核当前为已评分，不能提交自评');
  });
});

describe('考核统计', () => {
  it('counts the published grades by city and year in the jurisdiction', async () => {
    const s = await okData('GET', `${A}/assessStat?year=2025`, 'zhengfu');
    expect(s.years).toContain(2025);
    const total = s.byCity.reduce((n: number, c: { total: number }) => n + c.total, 0);
    const [{ n }] = await t.sql(`select count(*)::int as n from assessment where state = '已发布' and year = 2025`);
    expect(total).toBe(n);
    expect((await call('GET', `${A}/assessStat?year=abc`, 'zhengfu')).message).toBe('考核年度：请输入4位年份');
    expect((await call('GET', `${A}/assessStat`, 'qiye')).status).toBe(40301);
  });
});

describe('演示数据', () => {
  it('last year published for every demo enterprise with mixed grades; this year in progress with one late; the 1000-point model', async () => {
    const [model] = await t.sql(`select total_score, items from assess_model where name = '道路危险货物运输企业质量信誉考核模型' and model_version = 1`);
    const byCat = new Map<string, number>();
    for (const it of model.items) byCat.set(it.category, (byCat.get(it.category) ?? 0) + Number(it.weight));
    expect(Object.fromEntries(byCat)).toEqual({ 运输安全: 300, 经营行为: 200, 服务质量: 150, 社会责任: 150, 企业管理: 200 });
    const year = new Date().getFullYear();
    for (const e of [E.a, E.b]) {
      const rows = await t.sql(`select year, state, grade from assessment where enterprise_id = $1 and title like '%质量信誉考核' order by year`, [e.id]);
      expect(rows.find((r) => r.year === year - 1)).toMatchObject({ state: '已发布' });
      expect(rows.find((r) => r.year === year)).toBeTruthy();
    }
    const grades = await t.sql(`select distinct grade from assessment where year = $1 and state = '已发布' and title like '%质量信誉考核'`, [year - 1]);
    expect(grades.length).toBeGreaterThan(1);
    const late = await okData('POST', `${A}/assessment/list`, 'qiye2', { page: 1, size: 20, filters: { year } });
    expect(late.content.some((r: { late: boolean; state: string }) => r.late && r.state === '待自评')).toBe(true);
  });
});

describe('考核档案借阅', () => {
  it('one borrowing mechanism: a published assessment is read only while approved and before its date', async () => {
    const [pub] = await t.sql(`select id, title from assessment where state = '已发布' and enterprise_id = $1 order by year limit 1`, [E.a.id]);
    const [open] = await t.sql(`select id, title from assessment where state <> '已发布' and enterprise_id = $1 limit 1`, [E.a.id]);
    const B = `${A}/assessBorrow`;
    expect((await call('POST', `${B}/add`, 'zhengfu', { assessmentId: open.id, purpose: '查阅', until: day(3) })).message).toBe(`考核“${open.title}”尚未发布，不能借阅`);
    const b = await okData('POST', `${B}/add`, 'zhengfu', { assessmentId: pub.id, purpose: '信用评价复核', until: day(3) });
    expect(b).toMatchObject({ archiveKind: '考核档案', assessmentId: pub.id, state: '待审批', enterpriseId: E.a.id, readable: false });
    expect((await call('GET', `${B}/read/${b.id}`, 'zhengfu')).message).toBe('借阅申请当前为待审批，不能查阅');
    const cur = () => okData('GET', `/api/zggl/rectBorrow/info/${b.id}`, 'zhengfu');
    expect((await call('POST', `${B}/approve/${b.id}`, 'zhengfu', { version: (await cur()).version })).message).toBe('不能审批本人的借阅申请');
    // 整改管理's routes step only its own kind
    expect((await call('POST', `/api/zggl/rectBorrow/approve/${b.id}`, 'shiji', { version: (await cur()).version })).message).toBe(MSG.notFound);
    expect((await call('POST', `${B}/approve/${b.id}`, 'shiji', { version: (await cur()).version, opinion: '同意' })).data.state).toBe('已批准');
    expect((await okData('GET', `${B}/read/${b.id}`, 'zhengfu')).title).toBe(pub.title);
    // after its date the API refuses
    await t.sql(`update rect_borrow set until = current_date - 1 where id = $1`, [b.id]);
    expect((await call('GET', `${B}/read/${b.id}`, 'zhengfu')).message).toBe(`借阅已于${day(-1)}到期，不能查阅`);
    await t.sql(`update rect_borrow set until = current_date where id = $1`, [b.id]);
    expect((await call('POST', `${B}/giveBack/${b.id}`, 'zhengfu', { version: (await cur()).version })).data.state).toBe('已归还');
    const list = await okData('POST', '/api/zggl/rectBorrow/list', 'zhengfu', { page: 1, size: 50, filters: { archiveKind: '考核档案' } });
    expect(list.content.every((r: { archiveKind: string }) => r.archiveKind === '考核档案')).toBe(true);
    expect(list.content.some((r: { id: string }) => r.id === b.id)).toBe(true);
  });
});
