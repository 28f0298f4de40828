/**
 * 安全管理机构, 安全生产责任书 and 奖惩: on the resource engine, kept to the enterprise (B never reads,
 * deletes or exports A's rows; A cannot name B's staff), with Chinese messages naming the field for bad values.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG } from '@dg/core';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { demoEnterprises, exportXlsx, readXlsx, type DemoEnterprises } from '../records/fixtures.ts';
import { caller, day, firstStaff } from '../danger/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
const staffOf: Record<'a' | 'b', string> = { a: '', b: '' };
const { call, okData } = caller(() => t);

beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
  Object.assign(staffOf, await firstStaff(t, E));
});

const cases: [string, (s: 'a' | 'b', m: string) => Record<string, unknown>, string][] = [
  ['safetyOrg', (s, m) => ({ orgName: m, memberId: staffOf[s], role: '成员', appointDate: day(-1) }), 'orgName'],
  ['dutyLetter', (s, m) => ({ year: 2026, staffId: staffOf[s], post: '驾驶员', content: m, signDate: day(-1) }), 'staffId'],
  ['prize', (s, m) => ({ staffId: staffOf[s], prizeDate: day(-1), kind: '奖励', reason: m, amount: 100, basis: '考核奖惩制度' }), 'staffId'],
];

describe('安全制度与费用 records', () => {
  it.each(cases)('%s keeps to the enterprise', async (key, body, field) => {
    const base = `/api/aqzd/${key}`;
    const m = uid('记录');
    const row = await okData('POST', `${base}/add`, 'qiye', body('a', m));
    expect((await call('GET', `${base}/info/${row.id}`, 'qiye2')).message).toBe(MSG.notFound);
    expect((await call('DELETE', `${base}/del/${row.id}`, 'qiye2')).message).toBe(MSG.notFound);
    const filter = field === 'staffId' ? { staffId: staffOf.a } : { [field]: m };
    expect((await okData('POST', `${base}/list`, 'qiye2', { filters: filter })).content).toEqual([]);
    const sheet = await readXlsx((await exportXlsx(t, `${base}/export`, 'qiye', { filters: filter })).raw);
    expect(sheet.slice(1).some((r) => r.join('|').includes(m))).toBe(true);
    const other = await call('POST', `${base}/add`, 'qiye', body('b', uid('记录')));
    expect(other.status).toBe(40001);
    expect(other.message).toMatch(/不存在或无权使用/);
    expect((await call('POST', `${base}/add`, 'zhengfu', body('a', m))).status).toBe(40301);
  });

  it('refuses bad values with the field named', async () => {
    const prize = (o: Record<string, unknown>) => call('POST', '/api/aqzd/prize/add', 'qiye', { staffId: staffOf.a, prizeDate: day(0), kind: '处罚', reason: '超速', basis: '制度', ...o });
    expect((await prize({ amount: -5 })).message).toBe('金额（元）不能小于0');
    expect((await prize({ amount: 'abc' })).message).toMatch(/^金额（元）：/);
    expect((await prize({ kind: '表扬' })).message).toBe('奖惩类型的值“表扬”不在可选范围内');
    const duty = await call('POST', '/api/aqzd/dutyLetter/add', 'qiye', { year: 1999, staffId: staffOf.a, post: '驾驶员', content: 'x', signDate: day(0) });
    expect(duty.message).toBe('年度不能小于2000');
  });
});
