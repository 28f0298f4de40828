/**
 * 逾期 of a hazard has one definition: `isHazardOverdue` (@dg/core hazard-rules.ts) and its SQL twin `hazardOverdueSql`
 * (modules/danger/hooks.ts) agree on every state × deadline × 整改完成日期 around today; the list's 逾期 filter and column
 * and the enterprise dashboard's count follow it — a hazard completed on time is not overdue while it waits for 验收
 * or 复核, one completed late is, and one sent back (退回) is no longer completed.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { HAZARD_STATES, isHazardOverdue } from '@dg/core';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { caller, day, firstStaff } from './fixtures.ts';
import { demoEnterprises } from '../records/fixtures.ts';
import { hazardOverdueSql } from '../../src/modules/danger/overdue.ts';

let t: TestApp;
let staffA = '';
const H = '/api/yhpc/hazard';
const { call, okData, step } = caller(() => t);

beforeAll(async () => {
  t = await testApp();
  staffA = (await firstStaff(t, await demoEnterprises(t))).a;
});

describe('the rule and its SQL twin', () => {
  it('agree on every state, deadline and completion date around today', async () => {
    const [{ today }] = await t.sql(`select current_date::text as today`);
    const shift = (n: number) => new Date(Date.parse(today + 'T00:00:00Z') + n * 86400_000).toISOString().slice(0, 10);
    const cases: { state: string; deadline: string | null; completedDate: string | null }[] = [];
    // deadlines a month ago, yesterday, today, tomorrow or none; completed the day before, on or after the deadline, or not
    for (const state of [...HAZARD_STATES, '未知'])
      for (const d of [-31, -1, 0, 1, null])
        for (const done of [null, -1, 0, 1]) cases.push({ state, deadline: d === null ? null : shift(d), completedDate: d === null || done === null ? null : shift(d + done) });
    const rows = cases.map((c) => sql`(${c.state}::text, ${c.deadline}::date, ${c.completedDate}::date)`);
    const r = await t.app.ctx.database.db.execute<{ state: string; deadline: string | null; completed_date: string | null; overdue: boolean }>(sql`
      select v.state, v.deadline, v.completed_date, ${hazardOverdueSql(sql`v.state`, sql`v.deadline`, sql`v.completed_date`)} as overdue
        from (values ${sql.join(rows, sql`, `)}) as v(state, deadline, completed_date)`);
    expect(r.rows).toHaveLength(cases.length);
    const differ = r.rows.filter((x) => x.overdue !== isHazardOverdue({ state: x.state, deadline: x.deadline, completedDate: x.completed_date }, today));
    expect(differ).toEqual([]);
    // and the grid holds both answers, so agreeing is not agreeing on false
    expect(new Set(r.rows.map((x) => x.overdue))).toEqual(new Set([true, false]));
  });
});

describe('lists and the dashboard follow the rule', () => {
  const body = (title: string, o: Record<string, unknown> = {}) => ({
    title, source: '自查', foundDate: day(-10), location: '测试停车场', category: '场所', level: '一般',
    description: '测试描述', responsibleId: staffA, deadline: day(-2), measures: '测试整改措施', ...o,
  });
  const finish = (id: string, completedDate: string) => step(H, 'finish', id, 'qiye', { actualMeasures: '已整改', completedDate });
  const listIds = async (filters: Record<string, unknown>) =>
    ((await okData('POST', `${H}/list`, 'qiye', { page: 1, size: 100, filters })).content as { id: string }[]).map((r) => r.id).sort();

  it('completed on time and waiting is not overdue, completed late is, sent back it is open again', async () => {
    const mark = uid('逾期规则');
    const add = async (suffix: string, o: Record<string, unknown> = {}) => {
      const h = await okData('POST', `${H}/add`, 'qiye', body(mark + suffix, o));
      if (h.state === '草稿') expect((await step(H, 'submit', h.id, 'qiye')).status).toBe(200);
      return h.id as string;
    };
    const onTime = await add('按期待验收');
    expect((await finish(onTime, day(-3))).data).toMatchObject({ state: '待验收', overdue: false });
    const onDeadline = await add('期限当日待复核', { level: '重大' });
    expect((await finish(onDeadline, day(-2))).status).toBe(200);
    expect((await step(H, 'pass', onDeadline, 'qiye', { opinion: '企业验收' })).data).toMatchObject({ state: '待复核', overdue: false });
    const late = await add('逾期完成');
    expect((await finish(late, day(-1))).data).toMatchObject({ state: '待验收', overdue: true });
    const open = await add('未完成');
    const returned = await add('退回');
    expect((await finish(returned, day(-3))).data.overdue).toBe(false);
    const back = (await step(H, 'return', returned, 'qiye', { opinion: '照片不清晰' })).data;
    expect(back).toMatchObject({ state: '整改中', completedDate: null, overdue: true });

    expect(await listIds({ title: mark, overdue: true })).toEqual([late, open, returned].sort());
    expect(await listIds({ title: mark, overdue: false })).toEqual([onTime, onDeadline].sort());
    expect((await okData('GET', `${H}/info/${onDeadline}`, 'qiye')).overdue).toBe(false);
    // the ledger (a view over the same columns) says the same
    const ledger = await okData('POST', '/api/yhpc/rectificationLedger/list', 'qiye', { page: 1, size: 100, filters: { title: mark, overdue: true } });
    expect(ledger.content.map((r: { title: string }) => r.title).sort()).toEqual([mark + '逾期完成', mark + '未完成', mark + '退回'].sort());
  });

  it('the dashboard counts the open hazards the rule calls overdue, and none completed on time', async () => {
    // a hazard completed on time past its deadline is in the data while the count is taken
    const h = await okData('POST', `${H}/add`, 'qiye', body(uid('看板按期')));
    await step(H, 'submit', h.id, 'qiye');
    expect((await finish(h.id, day(-2))).data.state).toBe('待验收');
    const [{ id: enterpriseId }] = await t.sql(`select enterprise_id as id from hazard where id = $1`, [h.id]);
    // other files write enterprise A's hazards meanwhile: compare only a count bracketed by two equal answers
    for (let i = 0; i < 5; i++) {
      const before = (await okData('GET', '/api/index/dashboard', 'qiye')).hazards.overdue;
      const rows = await t.sql(`select state, deadline::text as deadline, completed_date::text as "completedDate" from hazard
        where enterprise_id = $1 and state in ('待整改', '整改中', '待验收', '待复核')`, [enterpriseId]);
      const [{ today }] = await t.sql(`select current_date::text as today`);
      const byRule = rows.filter((r) => isHazardOverdue(r, today)).length;
      const after = (await okData('GET', '/api/index/dashboard', 'qiye')).hazards.overdue;
      if (before !== after) continue;
      expect(after).toBe(byRule);
      return;
    }
    throw new Error('the dashboard count never held still');
  });

  it('the finish step refuses a completion date after the day it is submitted', async () => {
    const h = await okData('POST', `${H}/add`, 'qiye', body(uid('完成日期')));
    await step(H, 'submit', h.id, 'qiye');
    expect(await finish(h.id, day(1))).toMatchObject({ status: 40001, message: '整改完成日期：不能晚于今天' });
    expect(await call('GET', `${H}/info/${h.id}`, 'qiye')).toMatchObject({ data: { state: '待整改', completedDate: null } });
  });
});
