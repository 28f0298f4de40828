/**
 * 隐患排查治理: the hazard's every transition and every refusal, 逾期 at its boundary, who sees which
 * hazard (enterprise B, a city outside the jurisdiction), the self-check turning failed items into hazards, the
 * 整改台账, the dashboard's figures, and the six safety records' data scope.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { HAZARD_OPEN_STATES, MSG } from '@dg/core';
import { hazardOverdueSql } from '../../src/modules/danger/overdue.ts';
import { testApp, uid, type TestApp, type DemoUser } from '../helpers.ts';
import { caller, day, firstStaff } from './fixtures.ts';
import { demoEnterprises, exportXlsx, readXlsx, type DemoEnterprises } from '../records/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const staffOf: Record<'a' | 'b', string> = { a: '', b: '' };
const H = '/api/yhpc/hazard';

const { call, okData } = caller(() => t);
const hazardBody = (s: 'a' | 'b', o: Record<string, unknown> = {}) => ({
  title: uid('测试隐患'), source: '自查', foundDate: day(-3), location: '测试停车场', category: '场所', level: '一般',
  description: '测试描述', responsibleId: staffOf[s], deadline: day(5), measures: '测试整改措施', ...o,
});
const info = (id: string, as: DemoUser = 'qiye') => okData('GET', `${H}/info/${id}`, as);
const step = (name: string, id: string, as: DemoUser, version: number, body: Record<string, unknown> = {}) => call('POST', `${H}/${name}/${id}`, as, { version, ...body });
const stepOk = async (name: string, id: string, as: DemoUser, body: Record<string, unknown> = {}) => {
  const cur = await info(id, as);
  const r = await step(name, id, as, cur.version, body);
  if (r.status !== 200) throw new Error(`${name} as ${as}: ${JSON.stringify(r)}`);
  return r.data;
};
const finish = { actualMeasures: '已整改到位', cost: 300, completedDate: day(0) };
/** a submitted hazard of enterprise s, in state 待整改 (a 重大 one is submitted by its registration) */
async function submitted(s: 'a' | 'b', o: Record<string, unknown> = {}) {
  const row = await okData('POST', `${H}/add`, s === 'a' ? 'qiye' : 'qiye2', hazardBody(s, o));
  return row.state === '草稿' ? stepOk('submit', row.id, s === 'a' ? 'qiye' : 'qiye2') : row;
}
async function listIds(url: string, as: DemoUser, filters: Record<string, unknown>) {
  const d = await okData('POST', url, as, { page: 1, size: 100, filters });
  return d.content.map((r: { id: string }) => r.id) as string[];
}

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
  Object.assign(staffOf, await firstStaff(t, E));
});

describe('a 一般 hazard: 登记 → 提交 → 整改 → 提交验收 → 退回 → 提交验收 → 通过', () => {
  it('walks every state, refuses what the state forbids, and keeps the timeline', async () => {
    const draft = await okData('POST', `${H}/add`, 'qiye', hazardBody('a'));
    expect(draft.state).toBe('草稿');
    expect(draft.hazardNo).toMatch(/^YH\d{8}\d{5}$/);
    const edited = await okData('PUT', `${H}/update`, 'qiye', { id: draft.id, version: draft.version, location: '改后的地点' });
    expect(edited.location).toBe('改后的地点');

    const s1 = await stepOk('submit', draft.id, 'qiye');
    expect(s1.state).toBe('待整改');
    // submitted: no more edits or deletes, no second 提交
    const upd = await call('PUT', `${H}/update`, 'qiye', { id: s1.id, version: s1.version, location: 'x' });
    expect(upd.status).toBe(40001);
    expect(upd.message).toContain('已提交');
    expect((await call('DELETE', `${H}/del/${s1.id}`, 'qiye')).message).toContain('不能删除');
    expect((await step('submit', s1.id, 'qiye', s1.version)).message).toBe(`隐患“${s1.title}”当前为待整改，不能提交`);
    // 验收 before the rectification is submitted
    expect((await step('pass', s1.id, 'qiye', s1.version)).message).toBe(`隐患“${s1.title}”当前为待整改，不能验收`);

    const s2 = await stepOk('handle', s1.id, 'qiye', { actualMeasures: '正在整改' });
    expect(s2.state).toBe('整改中');
    const missing = await step('finish', s2.id, 'qiye', s2.version, { actualMeasures: '' });
    expect(missing).toMatchObject({ status: 40001, message: '请输入实际整改措施' });
    const future = await step('finish', s2.id, 'qiye', s2.version, { ...finish, completedDate: day(1) });
    expect(future.message).toBe('整改完成日期：不能晚于今天');
    expect((await info(s2.id)).state).toBe('整改中');

    const s3 = await stepOk('finish', s2.id, 'qiye', finish);
    expect(s3).toMatchObject({ state: '待验收', actualMeasures: '已整改到位', completedDate: day(0) });
    expect(Number(s3.cost)).toBe(300);
    const noOpinion = await step('return', s3.id, 'qiye', s3.version, { opinion: ' ' });
    expect(noOpinion).toMatchObject({ status: 40001, message: '退回意见：请输入退回意见' });
    const s4 = await stepOk('return', s3.id, 'qiye', { opinion: '照片不清晰，请补充' });
    expect(s4).toMatchObject({ state: '整改中', acceptOpinion: '照片不清晰，请补充' });
    await stepOk('finish', s4.id, 'qiye', finish);
    const closed = await stepOk('pass', s4.id, 'qiye', { opinion: '整改到位' });
    expect(closed.state).toBe('已销号');
    expect(closed.closedAt).toBeTruthy();

    const flow = await okData('GET', `${H}/flow/${closed.id}`, 'qiye');
    expect(flow.map((f: { action: string; toState: string }) => `${f.action}:${f.toState}`)).toEqual([
      '登记:草稿', '提交:待整改', '整改:整改中', '提交验收:待验收', '验收退回:整改中', '提交验收:待验收', '验收通过:已销号',
    ]);
    expect(flow[4]).toMatchObject({ opinion: '照片不清晰，请补充', userName: '张安全', side: 'enterprise' });
    // the 一般 hazard never reached a government's list
    expect(await listIds(`${H}/list`, 'zhengfu', { title: closed.title })).toEqual([]);
  });

  it('one safety officer may 登记, 整改 and 验收 in the same minute; the timeline names who did each step and when', async () => {
    const t0 = Date.now();
    const draft = await okData('POST', `${H}/add`, 'qiye', hazardBody('a'));
    await stepOk('submit', draft.id, 'qiye');
    await stepOk('handle', draft.id, 'qiye', { actualMeasures: '当场整改' });
    await stepOk('finish', draft.id, 'qiye', finish);
    expect((await stepOk('pass', draft.id, 'qiye', { opinion: '验收合格' })).state).toBe('已销号');
    const flow = await okData('GET', `${H}/flow/${draft.id}`, 'qiye');
    expect(flow.map((f: { action: string; userName: string; side: string }) => `${f.action}:${f.userName}:${f.side}`)).toEqual([
      '登记:张安全:enterprise', '提交:张安全:enterprise', '整改:张安全:enterprise', '提交验收:张安全:enterprise', '验收通过:张安全:enterprise',
    ]);
    // each step at its own moment, in order, within this test
    const at = flow.map((f: { createdAt: string }) => Date.parse(f.createdAt));
    expect(at.every((x: number, i: number) => x >= t0 - 1000 && x <= Date.now() + 1000 && (i === 0 || x >= at[i - 1]!))).toBe(true);
    // and by the account, not only its name
    const [{ n }] = await t.sql(`select count(*)::int as n from work_flow f join base_user u on u.id = f.user_id where f.subject_id = $1 and u.username = 'qiye'`, [draft.id]);
    expect(n).toBe(5);
  });

  it('a stale version changes nothing', async () => {
    const h = await submitted('a');
    const r = await step('handle', h.id, 'qiye', h.version - 1, { actualMeasures: 'x' });
    expect(r.message).toBe(MSG.staleVersion);
    expect((await info(h.id)).state).toBe('待整改');
  });
});

describe('a 重大 hazard needs the jurisdiction government after the enterprise', () => {
  it('reaches the province and the city at once, and only they close it', async () => {
    const draft = await okData('POST', `${H}/add`, 'qiye', hazardBody('a'));
    expect(await listIds(`${H}/list`, 'shiji', { title: draft.title })).toEqual([]); // a draft is the enterprise's own
    await call('DELETE', `${H}/del/${draft.id}`, 'qiye');
    // a 重大 hazard is no draft: registered, it is submitted to the authority
    const h = await okData('POST', `${H}/add`, 'qiye', hazardBody('a', { level: '重大' }));
    expect(h.state).toBe('待整改');
    expect(await listIds(`${H}/list`, 'zhengfu', { title: h.title })).toEqual([h.id]);
    expect(await listIds(`${H}/list`, 'shiji', { title: h.title })).toEqual([h.id]);

    // the government may not rectify, and may not review before the enterprise has accepted
    expect((await step('handle', h.id, 'shiji', h.version, { actualMeasures: 'x' })).status).toBe(40301);
    await stepOk('finish', h.id, 'qiye', finish);
    const waiting = await info(h.id);
    expect((await step('pass', h.id, 'shiji', waiting.version)).message).toBe(`隐患“${h.title}”尚待企业验收，企业验收后方可复核`);

    const accepted = await stepOk('pass', h.id, 'qiye', { opinion: '企业验收合格' });
    expect(accepted.state).toBe('待复核');
    expect((await step('pass', h.id, 'qiye', accepted.version)).message).toBe(`隐患“${h.title}”为重大隐患，已由企业验收，须经属地政府复核后销号`);
    expect((await step('return', h.id, 'qiye', accepted.version, { opinion: 'x' })).message).toBe(`隐患“${h.title}”已由企业验收，待属地政府复核`);

    const back = await stepOk('return', h.id, 'shiji', { opinion: '现场复核未达标' });
    expect(back).toMatchObject({ state: '整改中', reviewOpinion: '现场复核未达标' });
    await stepOk('finish', h.id, 'qiye', finish);
    await stepOk('pass', h.id, 'qiye');
    // enterprise A's city supervises it (市级督办): the city's 复核 closes it
    const closed = await stepOk('pass', h.id, 'shiji', { opinion: '同意销号' });
    expect(closed).toMatchObject({ state: '已销号', reviewOpinion: '同意销号' });
    const flow = await okData('GET', `${H}/flow/${h.id}`, 'zhengfu');
    expect(flow.at(-1)).toMatchObject({ action: '复核通过', userName: '赵运管', side: 'government' });
    expect(flow.map((f: { action: string }) => f.action)).toContain('复核退回');
  });

  it('enterprise B and a city outside the jurisdiction are refused and change nothing', async () => {
    const a = await submitted('a', { level: '重大' });
    const b = await submitted('b', { level: '重大' });
    for (const name of ['handle', 'finish', 'pass', 'return']) {
      expect((await step(name, a.id, 'qiye2', a.version, { ...finish, opinion: 'x' })).message).toBe(MSG.notFound);
    }
    expect((await call('GET', `${H}/info/${a.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await call('GET', `${H}/flow/${a.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect(await listIds(`${H}/list`, 'qiye2', { title: a.title })).toEqual([]);
    // shiji governs enterprise A's city, not B's
    await stepOk('finish', b.id, 'qiye2', finish);
    const bAccepted = await stepOk('pass', b.id, 'qiye2');
    expect(bAccepted.state).toBe('待复核');
    expect(await listIds(`${H}/list`, 'shiji', { title: b.title })).toEqual([]);
    expect((await step('pass', b.id, 'shiji', bAccepted.version)).message).toBe(MSG.notFound);
    expect((await call('GET', `${H}/info/${b.id}`, 'shiji')).message).toBe(MSG.notFound);
    expect((await info(b.id, 'qiye2')).state).toBe('待复核');
    expect((await info(a.id)).state).toBe('待整改');
    // a role without the element is refused by the route itself
    expect((await step('submit', a.id, 'zhengfu', a.version)).status).toBe(40301);
    expect((await step('pass', a.id, 'wuquanxian', a.version)).status).toBe(40301);
  });
});

describe('逾期 is computed at read time from the deadline and the completion (hazard-rules.ts)', () => {
  it('yesterday is overdue, today and tomorrow are not; lists, details and the dashboard agree', async () => {
    const mark = uid('逾期');
    // other files change enterprise A's hazards meanwhile: the dashboard is read while the others' figures stand
    // still, and what it shows beyond them must be this test's rows
    const others = async () => JSON.stringify((await t.app.ctx.database.db.execute(sql`select count(*)::int as open,
        count(*) filter (where level = '重大')::int as major, count(*) filter (where ${hazardOverdueSql(sql`state`, sql`deadline`, sql`completed_date`)})::int as overdue
      from hazard where enterprise_id = ${E.a.id} and state in (${sql.join(HAZARD_OPEN_STATES.map((x) => sql`${x}`), sql`, `)})
        and title not like ${mark + '%'}`)).rows[0]);
    const ours = async () => {
      for (;;) {
        const o = await others();
        const shown = (await okData('GET', '/api/index/dashboard', 'qiye')).hazards;
        if (o !== await others()) continue;
        const x = JSON.parse(o) as typeof shown;
        return { open: shown.open - x.open, overdue: shown.overdue - x.overdue, major: shown.major - x.major };
      }
    };
    expect(await ours()).toEqual({ open: 0, overdue: 0, major: 0 });
    const [y, today, tomorrow] = [
      await submitted('a', { title: mark + '昨', foundDate: day(-5), deadline: day(-1) }),
      await submitted('a', { title: mark + '今', foundDate: day(-5), deadline: day(0) }),
      await submitted('a', { title: mark + '明', foundDate: day(-5), deadline: day(1), level: '重大' }),
    ];
    expect([y.overdue, today.overdue, tomorrow.overdue]).toEqual([true, false, false]);
    expect((await info(y.id)).overdue).toBe(true);
    expect(await listIds(`${H}/list`, 'qiye', { title: mark, overdue: true })).toEqual([y.id]);
    expect((await listIds(`${H}/list`, 'qiye', { title: mark, overdue: false })).sort()).toEqual([today.id, tomorrow.id].sort());
    expect(await ours()).toEqual({ open: 3, overdue: 1, major: 1 });
    // completed on its deadline it is not overdue, closed or not; completed after it, it stays overdue once closed
    await stepOk('finish', y.id, 'qiye', { ...finish, completedDate: day(-1) });
    expect(await stepOk('pass', y.id, 'qiye')).toMatchObject({ state: '已销号', overdue: false });
    const late = await submitted('a', { title: mark + '迟', foundDate: day(-5), deadline: day(-2) });
    await stepOk('finish', late.id, 'qiye', { ...finish, completedDate: day(-1) });
    expect(await stepOk('pass', late.id, 'qiye')).toMatchObject({ state: '已销号', overdue: true });
    // the ledger shows the same
    const ledger = await okData('POST', '/api/yhpc/rectificationLedger/list', 'qiye', { filters: { title: mark } });
    expect(ledger.content.map((r: { title: string; overdue: boolean }) => [r.title, r.overdue]).sort())
      .toEqual([[mark + '今', false], [mark + '明', false], [mark + '昨', false], [mark + '迟', true]]);
  });

  it('refuses a deadline before the found date', async () => {
    const r = await call('POST', `${H}/add`, 'qiye', hazardBody('a', { foundDate: day(-1), deadline: day(-2) }));
    expect(r).toMatchObject({ status: 40001, message: '整改期限：不能早于发现日期' });
  });
});

describe('self-inspection and the 整改台账', () => {
  it('runs the demo template, turns the failed item into a hazard once, and the ledger lists it', async () => {
    const models = await okData('POST', '/api/yhpc/checkModel/list', 'qiye', { filters: { name: '车辆罐体日常检查表' } });
    const model = models.content[0];
    expect(model.itemCount).toBe(8);
    const results = model.itemIds.map((itemId: string, i: number) => ({ itemId, result: i === 2 ? '不合格' : i === 7 ? '不适用' : '合格', remark: i === 2 ? '左后轮制动不灵' : null }));
    const missing = await call('POST', '/api/yhpc/selfCheck/run', 'qiye', { checkModelId: model.id, checkDate: day(0), inspector: '张安全', results: results.slice(1) });
    expect(missing.message).toMatch(/^检查结果：请选择“.+”的检查结果$/);
    const noRemark = await call('POST', '/api/yhpc/selfCheck/run', 'qiye', { checkModelId: model.id, checkDate: day(0), inspector: '张安全', results: results.map((r: object) => ({ ...r, remark: null })) });
    expect(noRemark.message).toMatch(/不合格的情况说明/);
    const check = await okData('POST', '/api/yhpc/selfCheck/run', 'qiye', { checkModelId: model.id, checkDate: day(0), inspector: '张安全', place: uid('自查地点'), results });
    expect(check).toMatchObject({ itemTotal: 8, failedCount: 1, hazardCount: 0, state: '待转隐患' });
    expect(Number(check.score)).toBeCloseTo(86.7, 1); // 65 of the 75 points that applied (the 15-point item was 不适用)

    expect((await call('POST', `/api/yhpc/selfCheck/toHazards/${check.id}`, 'qiye2', { version: check.version, responsibleId: staffOf.b, deadline: day(7) })).message).toBe(MSG.notFound);
    const done = await okData('POST', `/api/yhpc/selfCheck/toHazards/${check.id}`, 'qiye', { version: check.version, responsibleId: staffOf.a, deadline: day(7) });
    expect(done.hazards).toHaveLength(1);
    expect(done.hazards[0]).toMatchObject({ source: '自查', state: '待整改', location: check.place, foundDate: day(0) });
    expect(done.check).toMatchObject({ hazardCount: 1, state: '已转隐患' });
    const checkFlow = await okData('GET', `/api/yhpc/selfCheck/flow/${check.id}`, 'qiye');
    expect(checkFlow.map((f: { action: string; toState: string; opinion: string | null }) => [f.action, f.toState, f.opinion]))
      .toEqual([['开展自查', '待转隐患', '1项不合格'], ['不合格项转隐患', '已转隐患', `生成隐患${done.hazards[0].hazardNo}`]]);
    expect((await call('GET', `/api/yhpc/selfCheck/flow/${check.id}`, 'qiye2')).message).toBe(MSG.notFound);
    // submitted as it is made: a 一般 hazard is announced to the staff
    expect(await t.sql(`select state from staff_notice where title = $1 and content like $2`, [`隐患通报：${done.hazards[0].title}`, `%${done.hazards[0].hazardNo}%`])).toEqual([{ state: '已发布' }]);
    const again = await call('POST', `/api/yhpc/selfCheck/toHazards/${check.id}`, 'qiye', { version: done.check.version, responsibleId: staffOf.a, deadline: day(7) });
    expect(again.message).toBe(`检查“${check.checkNo}”当前为已转隐患，不合格项已全部转为隐患`);
    // the check and its template are the enterprise's own
    expect((await call('GET', `/api/yhpc/selfCheck/info/${check.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await call('GET', `/api/yhpc/checkModel/info/${model.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await call('POST', '/api/yhpc/selfCheck/run', 'qiye2', { checkModelId: model.id, checkDate: day(0), inspector: '李调度', results })).message).toBe('检查模板：所选检查模板不存在或无权使用');
    expect((await call('GET', `/api/yhpc/selfCheck/info/${check.id}`, 'zhengfu')).status).toBe(40301);
    const flow = await okData('GET', `${H}/flow/${done.hazards[0].id}`, 'qiye');
    expect(flow.map((f: { action: string }) => f.action)).toEqual(['自查转隐患']);

    const ledger = await okData('POST', '/api/yhpc/rectificationLedger/list', 'qiye', { filters: { hazardNo: done.hazards[0].hazardNo } });
    expect(ledger.content).toHaveLength(1);
    expect((await okData('POST', '/api/yhpc/rectificationLedger/list', 'qiye2', { filters: { hazardNo: done.hazards[0].hazardNo } })).content).toEqual([]);
    const sheet = await readXlsx((await exportXlsx(t, '/api/yhpc/rectificationLedger/export', 'qiye', { filters: { hazardNo: done.hazards[0].hazardNo } })).raw);
    expect(sheet[1]).toContain(done.hazards[0].title);
  });

  it('stays 待转隐患 while a failed item is left, and a check without one has no step to take', async () => {
    const model = (await okData('POST', '/api/yhpc/checkModel/list', 'qiye', { filters: { name: '车辆罐体日常检查表' } })).content[0];
    const failing = (ids: number[]) => model.itemIds.map((itemId: string, i: number) => ({ itemId, result: ids.includes(i) ? '不合格' : '合格', remark: ids.includes(i) ? `第${i + 1}项不合格` : null }));
    const check = await okData('POST', '/api/yhpc/selfCheck/run', 'qiye', { checkModelId: model.id, checkDate: day(0), inspector: '张安全', results: failing([0, 1]) });
    const first = await okData('POST', `/api/yhpc/selfCheck/toHazards/${check.id}`, 'qiye', { version: check.version, responsibleId: staffOf.a, deadline: day(7), itemIds: [model.itemIds[0]] });
    expect(first.hazards).toHaveLength(1);
    expect(first.check).toMatchObject({ state: '待转隐患', hazardCount: 1 });
    const stale = await call('POST', `/api/yhpc/selfCheck/toHazards/${check.id}`, 'qiye', { version: check.version, responsibleId: staffOf.a, deadline: day(7) });
    expect(stale.message).toBe(MSG.staleVersion);
    const rest = await okData('POST', `/api/yhpc/selfCheck/toHazards/${check.id}`, 'qiye', { version: first.check.version, responsibleId: staffOf.a, deadline: day(7) });
    expect(rest.hazards.map((h: { title: string }) => h.title)).toEqual([check.results[1].content]);
    expect(rest.check).toMatchObject({ state: '已转隐患', hazardCount: 2 });

    const clean = await okData('POST', '/api/yhpc/selfCheck/run', 'qiye', { checkModelId: model.id, checkDate: day(0), inspector: '张安全', results: failing([]) });
    expect(clean.state).toBe('合格');
    const none = await call('POST', `/api/yhpc/selfCheck/toHazards/${clean.id}`, 'qiye', { version: clean.version, responsibleId: staffOf.a, deadline: day(7) });
    expect(none.message).toBe(`检查“${clean.checkNo}”当前为合格，没有不合格项`);
    const listed = await okData('POST', '/api/yhpc/selfCheck/list', 'qiye', { filters: { state: '合格', checkNo: clean.checkNo } });
    expect(listed.content.map((r: { id: string }) => r.id)).toEqual([clean.id]);
  });
});

describe('the enterprise safety records keep to the enterprise', () => {
  const cases: [string, (s: 'a' | 'b', m: string) => Record<string, unknown>, string][] = [
    ['meeting', (s, m) => ({ meetingDate: day(-1), topic: m, meetingType: '专题会议', host: '张三', attendeeIds: [staffOf[s]], minutes: '纪要' }), 'topic'],
    ['dangerCheckItem', (_s, m) => ({ content: m, category: '车', score: 5 }), 'content'],
    ['checkFunction', (_s, m) => ({ name: m, kind: '专项检查', frequency: '每月' }), 'name'],
    ['trainingLedger', (s, m) => ({ trainingDate: day(-1), topic: m, trainingType: '专项培训', lecturer: '李四', hours: 2, traineeIds: [staffOf[s]] }), 'topic'],
    ['violatorLedger', (s, m) => ({ staffId: staffOf[s], violationDate: day(-1), violationType: '其他', location: m, handling: '批评教育' }), 'location'],
  ];
  it.each(cases)('%s: B never reads A’s row; A cannot use B’s staff', async (key, body, field) => {
    const base = `/api/yhpc/${key}`;
    const m = uid('记录');
    const row = await okData('POST', `${base}/add`, 'qiye', body('a', m));
    expect((await call('GET', `${base}/info/${row.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await okData('POST', `${base}/list`, 'qiye2', { filters: { [field]: m } })).content ?? []).toEqual([]);
    expect((await call('DELETE', `${base}/del/${row.id}`, 'qiye2')).message).toBe(MSG.notFound);
    const sheet = await readXlsx((await exportXlsx(t, `${base}/export`, 'qiye', { filters: { [field]: m } })).raw);
    expect(sheet.length).toBe(2);
    if (key === 'violatorLedger' || key === 'trainingLedger' || key === 'meeting') {
      const r = await call('POST', `${base}/add`, 'qiye', body('b', uid('记录')));
      expect(r.status).toBe(40001);
      expect(r.message).toMatch(/不存在或无权使用/);
    }
  });
});
