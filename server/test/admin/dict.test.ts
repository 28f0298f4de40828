/** 代码表: addDict / updateDict / deleteDict and what getAll / getTree then answer. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

describe('代码表', () => {
  it('adds a type and its entries, edits them with a version, and deletes them bottom-up', async () => {
    const type = uid('d');
    const root = await t.call('POST', '/api/admin/dict/addDict', { as: 'admin', body: { name: '测试类型', value: type } });
    expect(root.body).toMatchObject({ status: 200, data: { type, value: type, pid: null } });
    expect((await t.call('POST', '/api/admin/dict/addDict', { as: 'admin', body: { name: '重复', value: type } })).body.message).toBe(`类型编码“${type}”已存在`);
    expect((await t.call('POST', '/api/admin/dict/addDict', { as: 'admin', body: { name: '坏编码', value: '1abc' } })).body.message).toMatch(/^类型编码：/);
    expect((await t.call('POST', '/api/admin/dict/addDict', { as: 'admin', body: { value: 'x' } })).body.message).toBe('请输入名称');

    const a = await t.call('POST', '/api/admin/dict/addDict', { as: 'admin', body: { name: '甲', value: '1', pid: root.body.data.id, orderNum: 1 } });
    expect(a.body.data).toMatchObject({ type, value: '1', pid: root.body.data.id, enabled: true });
    const b = await t.call('POST', '/api/admin/dict/addDict', { as: 'admin', body: { name: '乙', value: '2', pid: root.body.data.id, orderNum: 2 } });
    expect((await t.call('POST', '/api/admin/dict/addDict', { as: 'admin', body: { name: '丙', value: '1', pid: root.body.data.id } })).body.message).toBe('值“1”已存在');
    // tree entries inherit the type
    const a1 = await t.call('POST', '/api/admin/dict/addDict', { as: 'admin', body: { name: '甲一', value: '1.1', pid: a.body.data.id } });
    expect(a1.body.data.type).toBe(type);

    const all = (await t.call('GET', '/api/admin/dict/getAll', { as: 'qiye' })).body.data.filter((d: any) => d.type === type);
    expect(all.map((d: any) => d.value)).toEqual(expect.arrayContaining([type, '1', '2', '1.1']));
    const tree = (await t.call('GET', '/api/admin/dict/getTree', { as: 'qiye' })).body.data.find((d: any) => d.id === root.body.data.id);
    expect(tree.children.map((c: any) => c.value)).toEqual(['1', '2']);
    expect(tree.children[0].children[0].value).toBe('1.1');

    const managed = (await t.call('GET', '/api/admin/dict/manageTree', { as: 'admin' })).body.data.find((d: any) => d.id === root.body.data.id);
    expect(managed.children.find((c: any) => c.value === '2')).toMatchObject({ version: 1, enabled: true });
    expect((await t.call('GET', '/api/admin/dict/manageTree', { as: 'qiye' })).body.status).toBe(40301);
    const edit = await t.call('PUT', '/api/admin/dict/updateDict', { as: 'admin', body: { id: b.body.data.id, version: b.body.data.version, name: '乙（停用）', value: '2', enabled: false } });
    expect(edit.body.data).toMatchObject({ name: '乙（停用）', enabled: false, version: b.body.data.version + 1 });
    const stale = await t.call('PUT', '/api/admin/dict/updateDict', { as: 'admin', body: { id: b.body.data.id, version: b.body.data.version, name: '再改', value: '2' } });
    expect(stale.body).toMatchObject({ status: 40001, message: '数据已被他人修改，请刷新后重试' });
    expect((await t.call('PUT', '/api/admin/dict/updateDict', { as: 'admin', body: { id: b.body.data.id, name: 'x', value: '2' } })).body.message).toBe('缺少版本号version，请刷新后重试');
    // a disabled entry leaves the client cache
    const cache = (await t.call('GET', '/api/admin/dict/getAll', { as: 'qiye' })).body.data.filter((d: any) => d.type === type).map((d: any) => d.value);
    expect(cache).not.toContain('2');
    // a type in use keeps its code
    const rename = await t.call('PUT', '/api/admin/dict/updateDict', { as: 'admin', body: { id: root.body.data.id, version: root.body.data.version, name: '测试类型', value: uid('d') } });
    expect(rename.body.message).toBe('类型编码：该类型下已有代码项，不能修改编码');

    expect((await t.call('DELETE', `/api/admin/dict/deleteDict?id=${root.body.data.id}`, { as: 'admin' })).body.message).toBe('该类型下还有代码项，请先删除代码项');
    expect((await t.call('DELETE', `/api/admin/dict/deleteDict?id=${a.body.data.id}`, { as: 'admin' })).body.message).toBe('请先删除下级代码');
    for (const id of [a1.body.data.id, a.body.data.id, b.body.data.id, root.body.data.id]) {
      expect((await t.call('DELETE', `/api/admin/dict/deleteDict?id=${id}`, { as: 'admin' })).body.status).toBe(200);
    }
    expect(await t.sql(`select 1 from base_dict where type = $1`, [type])).toHaveLength(0);
  });

  it('is the platform’s: an enterprise or government may read it but not change it', async () => {
    expect((await t.call('POST', '/api/admin/dict/addDict', { as: 'zhengfu', body: { name: 'x', value: uid('d') } })).body).toMatchObject({ status: 40301, data: null });
    const sup = await t.token('super');
    const r = await t.call('POST', '/api/super/admin/dict/addDict', { token: sup, body: { name: '超级', value: uid('d') } });
    expect(r.body.status).toBe(200);
    expect((await t.call('DELETE', `/api/super/admin/dict/deleteDict?id=${r.body.data.id}`, { token: sup })).body.status).toBe(200);
  });
});
