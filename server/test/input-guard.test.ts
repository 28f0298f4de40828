/**
 * The input guard (server/src/platform/input-guard.ts): NUL characters in a query string, a path
 * parameter or a JSON body, a body nested too deep or holding too many values — all refused with 40001
 * and a Chinese message naming the field, before any handler and before zod validation. Never a 500.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from './helpers.ts';
import { inputFault, MAX_DEPTH, MAX_NODES } from '../src/platform/input-guard.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

const refused = (r: { http: number; body: any }, message: string | RegExp) => {
  expect(r.http).toBe(200);
  expect(r.body).toMatchObject({ status: 40001, data: null });
  expect(r.body.message).toMatch(message);
};

const nest = (levels: number, leaf: unknown = 'x') => { let v: unknown = leaf; for (let i = 0; i < levels; i++) v = { a: v }; return v; };

describe('inputFault', () => {
  it('names the field holding a NUL character, keys included', () => {
    expect(inputFault({ page: 1, filters: { plateNo: '浙A\u0000' } })).toBe('参数filters.plateNo含有非法字符');
    expect(inputFault({ goods: [{ unNo: '1203' }, { unNo: '12\u000003' }] })).toBe('参数goods[1].unNo含有非法字符');
    expect(inputFault({ filters: { 'a\u0000': 1 } })).toMatch(/^参数filters\..+含有非法字符$/);
    expect(inputFault('a\u0000')).toBe('请求内容含有非法字符');
    expect(inputFault({ name: '危险货物', n: 1, b: true, z: null, list: [1, '2', { c: 'd' }] })).toBeNull();
  });
  it('refuses nesting deeper than MAX_DEPTH and more than MAX_NODES values, without recursion', () => {
    expect(inputFault(nest(MAX_DEPTH - 1))).toBeNull();
    expect(inputFault(nest(MAX_DEPTH + 1))).toBe('请求内容层级过深');
    expect(inputFault(nest(1_000_000))).toBe('请求内容层级过深');
    expect(inputFault({ ids: Array.from({ length: MAX_NODES - 10 }, (_v, i) => i) })).toBeNull();
    expect(inputFault({ ids: Array.from({ length: MAX_NODES + 1 }, (_v, i) => i) })).toBe('请求内容过大');
  });
});

describe('the guard on every route', () => {
  it('a NUL character in a list filter: 40001 naming the filter', async () => {
    refused(await t.call('POST', '/api/xxda/vehicle/list', { as: 'qiye', body: { page: 1, size: 10, filters: { plateNo: '浙A\u0000' } } }), '参数filters.plateNo含有非法字符');
    refused(await t.call('POST', '/api/admin/user/list', { as: 'admin', body: { filters: { name: '\u0000' } } }), '参数filters.name含有非法字符');
  });

  it('a NUL character in an add body: 40001 naming the field, nothing written', async () => {
    const name = uid('NUL');
    refused(await t.call('POST', '/api/xxda/companyPark/add', { as: 'qiye', body: { name: `${name}\u0000`, address: '测试路1号' } }), '参数name含有非法字符');
    refused(await t.call('POST', '/api/admin/groupType/add', { as: 'admin', body: { code: uid('g'), name: 'a\u0000b' } }), '参数name含有非法字符');
    expect(await t.sql(`select 1 from company_park where name like $1`, [`${name}%`])).toEqual([]);
  });

  it('a NUL character in a query string or a path parameter: 40001 naming it', async () => {
    refused(await t.call('GET', '/api/xxda/vehicle/options?q=%E6%B5%99%00', { as: 'qiye' }), '参数q含有非法字符');
    refused(await t.call('GET', '/api/xxda/vehicle/import/progress/job%00x', { as: 'qiye' }), '参数jobId含有非法字符');
  });

  it('a body 50 levels deep, or 100,000 levels deep: 40001 请求内容层级过深', async () => {
    refused(await t.call('POST', '/api/xxda/vehicle/list', { as: 'qiye', body: { page: 1, filters: nest(50) } }), '请求内容层级过深');
    const deep = '{"page":1,"filters":' + '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000) + '}';
    const r = await t.app.inject({ method: 'POST', url: '/api/xxda/vehicle/list', headers: { authorization: await t.token('qiye'), 'content-type': 'application/json' }, payload: deep });
    refused({ http: r.statusCode, body: r.json() }, '请求内容层级过深');
    refused(await t.call('PUT', '/api/xxda/vehicle/update', { as: 'qiye', body: { id: '00000000-0000-0000-0000-000000000000', version: 1, plateNo: nest(30) } }), '请求内容层级过深');
  });

  it('a body of more than 10,000 values: 40001 请求内容过大', async () => {
    refused(await t.call('POST', '/api/xxda/vehicle/list', { as: 'qiye', body: { page: 1, filters: { plateNo: Array.from({ length: 20_000 }, (_v, i) => `浙A${i}`) } } }), '请求内容过大');
  });

  it('ordinary input passes', async () => {
    const r = await t.call('POST', '/api/xxda/vehicle/list', { as: 'qiye', body: { page: 1, size: 10, filters: { plateNo: '浙A' } } });
    expect(r.body.status).toBe(200);
  });
});
