/**
 * 档案借阅 and 整改督办: a closed rectification record is read through an approved request only until its
 * date; the applicant never approves itself; overdue notices and submitted 重大 hazards become 督办 items once; the
 * enterprise reports progress from 业务大厅; only the item's level closes it, a 重大 hazard's with the hazard's 复核.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG } from '@dg/core';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { caller, day } from './fixtures.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';
import { sweepSupervision } from '../../src/modules/inspection/supervise.ts';

let t: TestApp;
let E: DemoEnterprises;
let staffA = '';
const { call, okData, step } = caller(() => t);
const N = '/api/zggl/rectNotice';
const B = '/api/zggl/rectBorrow';
const S = '/api/zgdb/supervise';

/** a notice to enterprise A by the province, answered and passed: an archived rectification record */
async function archivedRecord() {
  const n = await okData('POST', `${N}/add`, 'zhengfu', { enterpriseId: E.a.id, problems: uid('问题'), requirements: '整改', deadline: day(3) });
  await step(N, 'commit', n.id, 'qiye', { measures: '已整改' });
  await step(N, 'pass', n.id, 'zhengfu');
  return n;
}

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
  [{ id: staffA }] = await t.sql(`select id from staff where enterprise_id = $1 and status = '在职' limit 1`, [E.a.id]);
});

describe('档案借阅', () => {
  it('reads a record only while approved and before its date', async () => {
    const open = await okData('POST', `${N}/add`, 'zhengfu', { enterpriseId: E.a.id, problems: 'x', requirements: 'x', deadline: day(3) });
    expect((await call('POST', `${B}/add`, 'zhengfu', { recordId: open.id, purpose: '查阅', until: day(3) })).message).toBe(`整改记录“${open.noticeNo}”尚未办结，不能借阅`);
    const rec = await archivedRecord();
    expect((await call('POST', `${B}/add`, 'zhengfu', { recordId: rec.id, purpose: '查阅', until: day(91) })).message).toBe('借阅截止日期：最长借阅90天');
    const b = await okData('POST', `${B}/add`, 'zhengfu', { recordId: rec.id, purpose: '年度执法检查查阅', until: day(3) });
    expect(b).toMatchObject({ state: '待审批', readable: false, applicant: '王监管', enterpriseId: E.a.id });
    expect(b.applicantId).toBeUndefined();
    expect((await call('GET', `${B}/read/${b.id}`, 'zhengfu')).message).toBe('借阅申请当前为待审批，不能查阅');
    expect((await step(B, 'approve', b.id, 'zhengfu')).message).toBe('不能审批本人的借阅申请');
    expect((await step(B, 'approve', b.id, 'qiye', {}, 'zhengfu')).status).toBe(40301);
    expect((await call('GET', `${B}/info/${b.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await step(B, 'reject', b.id, 'shiji')).message).toBe('审批意见：驳回时请输入审批意见');
    const approved = (await step(B, 'approve', b.id, 'shiji', { opinion: '同意' })).data;
    expect(approved).toMatchObject({ state: '已批准', readable: true, approver: '赵运管' });
    expect((await okData('GET', `${B}/read/${b.id}`, 'zhengfu')).noticeNo).toBe(rec.noticeNo);
    // its date passes: no longer readable, and the borrower's bell reminds him to return it
    const overdue = async (who: 'zhengfu' | 'shiji') => (await okData('GET', '/api/index/indexQyd/getRemindInfo', who)).content.overdueBorrow as number;
    const [mine, theirs] = [await overdue('zhengfu'), await overdue('shiji')];
    await t.sql(`update rect_borrow set until = current_date - 1 where id = $1`, [b.id]);
    expect((await call('GET', `${B}/read/${b.id}`, 'zhengfu')).message).toBe(`借阅已于${day(-1)}到期，不能查阅`);
    expect(await overdue('zhengfu')).toBe(mine + 1);
    expect(await overdue('shiji')).toBe(theirs); // the approver is not the borrower
    await t.sql(`update rect_borrow set until = current_date where id = $1`, [b.id]);
    expect(await overdue('zhengfu')).toBe(mine);
    expect((await okData('GET', `${B}/read/${b.id}`, 'zhengfu')).noticeNo).toBe(rec.noticeNo); // today still reads
    await t.sql(`update rect_borrow set until = current_date - 1 where id = $1`, [b.id]);
    expect((await step(B, 'giveBack', b.id, 'zhengfu')).data.state).toBe('已归还');
    expect(await overdue('zhengfu')).toBe(mine); // returned: nothing to remind
    expect((await call('GET', `${B}/read/${b.id}`, 'zhengfu')).message).toBe('借阅申请当前为已归还，不能查阅');
    const flow = await okData('GET', `${B}/flow/${b.id}`, 'shiji');
    expect(flow.map((f: { action: string }) => f.action)).toEqual(['申请借阅', '批准', '归还']);
  });
});

describe('整改督办', () => {
  it('an overdue notice and a submitted 重大 hazard become items once; progress, then 销号 by the item’s level', async () => {
    const n = await okData('POST', `${N}/add`, 'shiji', { enterpriseId: E.a.id, problems: uid('逾期问题'), requirements: '限期整改', deadline: day(1) });
    await t.sql(`update rect_notice set deadline = current_date - 1 where id = $1`, [n.id]);
    await sweepSupervision(t.app.ctx.database.db);
    await sweepSupervision(t.app.ctx.database.db);
    const items = await t.sql(`select id, level, source_type from supervise_item where source_id = $1`, [n.id]);
    expect(items).toEqual([{ id: expect.any(String), level: '市级', source_type: '逾期整改' }]);

    // a 重大 hazard is submitted by its registration, with its item at its city's level at once
    const h = await okData('POST', '/api/yhpc/hazard/add', 'qiye', { title: uid('重大隐患'), source: '自查', foundDate: day(0), location: '停车场', category: '罐', level: '重大',
      description: '测试', responsibleId: staffA, deadline: day(10), measures: '治理' });
    await sweepSupervision(t.app.ctx.database.db);
    const majors = await t.sql(`select id, level, source_type from supervise_item where source_id = $1`, [h.id]);
    expect(majors).toEqual([{ id: expect.any(String), level: '市级', source_type: '重大隐患' }]);
    const major = majors[0];

    // the enterprise reports from 业务大厅; B never sees A's item
    expect((await step(S, 'feedback', major.id, 'qiye2', { content: 'x' }, 'qiye')).message).toBe(MSG.notFound);
    expect((await step(S, 'feedback', major.id, 'qiye', { content: ' ' })).message).toBe('请输入进展情况');
    const reported = (await step(S, 'feedback', major.id, 'qiye', { content: '已停用该车，罐体送检' })).data;
    expect(reported).toMatchObject({ reportCount: 1, state: '督办中' });
    expect(reported.reports[0]).toMatchObject({ by: '张安全', side: 'enterprise', content: '已停用该车，罐体送检' });
    expect((await step(S, 'close', major.id, 'qiye')).status).toBe(40301);
    expect((await step(S, 'close', major.id, 'zhengfu', { opinion: '同意' })).message).toBe(`督办事项“${reported.title}”为市级督办，须由市级监管部门销号`);
    // it closes with its hazard's 复核, not by itself
    expect((await step(S, 'close', major.id, 'shiji', { opinion: '治理完成' })).message).toBe(`督办事项“${reported.title}”的重大隐患当前为待整改，须在隐患复核通过时一并销号`);
    await step('/api/yhpc/hazard', 'finish', h.id, 'qiye', { actualMeasures: '已治理', completedDate: day(0) });
    await step('/api/yhpc/hazard', 'pass', h.id, 'qiye');
    expect((await step('/api/yhpc/hazard', 'pass', h.id, 'shiji', { opinion: '治理完成' })).data.state).toBe('已销号');
    expect((await okData('GET', `${S}/info/${major.id}`, 'shiji'))).toMatchObject({ state: '已销号', closeOpinion: '治理完成' });
    expect((await step(S, 'feedback', major.id, 'qiye', { content: 'x' })).message).toBe(`督办事项“${reported.title}”已销号`);

    const manual = await okData('POST', `${S}/add`, 'shiji', { title: uid('人工督办'), enterpriseId: E.a.id, level: '市级', deadline: day(5), requirement: '按期整改' });
    expect(manual).toMatchObject({ sourceType: '人工', state: '督办中', overdue: false });
    expect((await call('POST', `${S}/add`, 'shiji', { title: 'x', enterpriseId: E.b.id, level: '市级', deadline: day(5), requirement: 'x' })).message).toMatch(/不存在或无权使用/);
    expect((await step(S, 'close', manual.id, 'shiji', { opinion: '已完成' })).data.state).toBe('已销号');
    const flow = await okData('GET', `${S}/flow/${major.id}`, 'zhengfu');
    expect(flow.map((f: { action: string; userName: string }) => `${f.action}:${f.userName}`)).toEqual(['自动督办:系统', '进展报告:张安全', '销号:赵运管']);
  });
});
