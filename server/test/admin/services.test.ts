/** 服务管理 (client secrets and the open API), 服务注册, 服务状态监控, /api/metrics and 链路监控. */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { eventually } from './util.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

const addClient = (allowedPaths: string) =>
  t.call('POST', '/api/admin/serviceClient/add', { as: 'admin', body: { code: uid('c'), name: 'GPS平台', allowedPaths, enabled: true } });
const openToken = (code: string, secret: string) => t.call('POST', '/api/open/token', { body: { code, secret } });

describe('服务管理', () => {
  it('shows the secret once, stores only its hash, and the client calls open/ping with it', async () => {
    const add = await addClient('/api/open/ping\n/api/open/waybill');
    expect(add.body.status).toBe(200);
    const { id, code, secret } = add.body.data;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(add.body.data.secretHash).toBeUndefined();
    const [row] = await t.sql(`select secret_hash from service_client where id = $1`, [id]);
    expect(row.secret_hash).toMatch(/^\$argon2id\$/);
    expect(row.secret_hash).not.toContain(secret);
    // never again
    const info = await t.call('GET', `/api/admin/serviceClient/info/${id}`, { as: 'admin' });
    expect(info.body.data.secret).toBeUndefined();
    expect(info.body.data.secretHash).toBeUndefined();
    const list = await t.call('POST', '/api/admin/serviceClient/list', { as: 'admin', body: { filters: { code } } });
    expect(list.body.data.content[0].secret).toBeUndefined();
    const [log] = await eventually(t, `select after from gate_log where uri = '/api/admin/serviceClient/add' and after->>'id' = $1`, [id]);
    expect(log.after.secretHash).toBe('******');

    expect((await openToken(code, 'wrong-secret')).body).toMatchObject({ status: 40001, message: '服务编码或密钥错误' });
    const tok = await openToken(code, secret);
    expect(tok.body.status).toBe(200);
    const clientToken = tok.body.data.token;
    const ping = await t.call('GET', '/api/open/ping', { token: clientToken });
    expect(ping.body).toMatchObject({ status: 200, data: { client: code } });
    expect(new Date(ping.body.data.time).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // a client token is no user token, and a user token is no client token
    expect((await t.call('GET', '/api/admin/user/front/info', { token: clientToken })).http).toBe(401);
    expect((await t.call('GET', '/api/open/ping', { as: 'admin' })).http).toBe(401);
    expect((await t.call('GET', '/api/open/ping')).http).toBe(401);
  });

  it('refuses a path outside the allowed ones, a disabled client and a reset secret', async () => {
    const narrow = (await addClient('/api/open/waybill')).body.data;
    const nt = (await openToken(narrow.code, narrow.secret)).body.data.token;
    expect((await t.call('GET', '/api/open/ping', { token: nt })).body).toMatchObject({ status: 40331, message: '该服务无权访问此接口' });

    const c = (await addClient('/api/open')).body.data;
    const first = (await openToken(c.code, c.secret)).body.data.token;
    expect((await t.call('GET', '/api/open/ping', { token: first })).body.status).toBe(200);
    const reset = await t.call('POST', `/api/admin/serviceClient/resetSecret/${c.id}`, { as: 'admin' });
    expect(reset.body.data.secret).toBeTruthy();
    expect(reset.body.data.secret).not.toBe(c.secret);
    expect((await openToken(c.code, c.secret)).body.status).toBe(40001);
    // tokens issued with the old secret die with it
    expect((await t.call('GET', '/api/open/ping', { token: first })).http).toBe(401);
    const second = (await openToken(c.code, reset.body.data.secret)).body.data.token;
    expect((await t.call('GET', '/api/open/ping', { token: second })).body.status).toBe(200);

    const [row] = await t.sql(`select version from service_client where id = $1`, [c.id]);
    await t.call('PUT', '/api/admin/serviceClient/update', { as: 'admin', body: { id: c.id, version: row.version, enabled: false } });
    expect((await openToken(c.code, reset.body.data.secret)).body.message).toBe('该服务已停用');
    expect((await t.call('GET', '/api/open/ping', { token: second })).http).toBe(401);
  });

  it('pageB manages clients with the super token; the open API is on the main prefix only', async () => {
    const sup = await t.token('super');
    const add = await t.call('POST', '/api/super/admin/serviceClient/add', { token: sup, body: { code: uid('c'), name: '部平台', allowedPaths: '/api/open/ping' } });
    expect(add.body.data.secret).toBeTruthy();
    expect((await t.call('POST', `/api/super/admin/serviceClient/resetSecret/${add.body.data.id}`, { token: sup })).body.data.secret).toBeTruthy();
    expect((await t.call('POST', '/api/super/open/token', { body: { code: add.body.data.code, secret: 'x' } })).http).toBe(404);
  });
});

describe('服务注册 / 服务状态监控 / 链路监控', () => {
  it('lists this instance as online', async () => {
    const r = await t.call('GET', '/api/admin/serviceRegistry/list', { as: 'admin' });
    const me = r.body.data.rows.find((x: any) => x.current);
    expect(me).toMatchObject({ status: '在线', pid: process.pid });
    const gone = uid('gone-');
    await t.sql(`insert into service_instance (id, host, pid, version, started_at, heartbeat_at, stats) values ($1, 'old-host', 1, '0.0.1', now() - interval '1 hour', now() - interval '2 minutes', '{}')`, [gone]);
    try {
      const again = await t.call('GET', '/api/admin/serviceRegistry/list', { as: 'admin' });
      expect(again.body.data.rows.find((x: any) => x.id === gone).status).toBe('离线');
    } finally {
      await t.sql(`delete from service_instance where id = $1`, [gone]);
    }
  });

  it('answers this instance’s figures', async () => {
    const r = await t.call('GET', '/api/admin/serviceStatus', { as: 'admin' });
    const s = r.body.data.self;
    // a measured round trip while the database answers (null when it does not), in milliseconds to two places
    expect(s.dbMs).toEqual(expect.any(Number));
    expect(Number.isFinite(s.dbMs) && s.dbMs >= 0).toBe(true);
    expect(s.dbMs).toBe(Math.round(s.dbMs * 100) / 100);
    expect(s.pool).toMatchObject({ total: expect.any(Number), idle: expect.any(Number), waiting: expect.any(Number) });
    expect(s.memory.rss).toBeGreaterThan(0);
    expect(s.eventLoopLag).toMatchObject({ meanMs: expect.any(Number), p99Ms: expect.any(Number) });
    expect(s).toMatchObject({ uptime: expect.any(Number), requestsPerMinute: expect.any(Number), errorRate: expect.any(Number) });
    expect(Array.isArray(r.body.data.others)).toBe(true);
  });

  it('serves Prometheus text at /api/metrics to the 服务状态监控 permission only', async () => {
    await t.call('GET', '/api/admin/user/profile', { as: 'qiye' });
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/metrics', { as: 'qiye' })).body.status).toBe(40301);
    const r = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${await t.token('admin')}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toMatch(/^process_uptime_seconds\{instance="[^"]+"\} \d/m);
    expect(r.body).toMatch(/^http_requests_total\{instance="[^"]+",class="2xx"\} [1-9]\d*$/m);
    expect(r.body).toMatch(/^db_pool_connections\{instance="[^"]+",state="idle"\} \d+$/m);
    expect(r.body).toMatch(/^nodejs_eventloop_lag_seconds/m);
    expect((await t.app.inject({ method: 'GET', url: '/api/super/metrics' })).statusCode).toBe(404);
  });

  it('shows recent requests with their spans, filters them, and opens one trace', async () => {
    await t.call('POST', '/api/admin/user/list', { as: 'admin', body: {} });
    const r = await t.call('GET', `/api/admin/serviceTrace/recent?path=${encodeURIComponent('/api/admin/user/list')}&status=200`, { as: 'admin' });
    const row = r.body.data.rows[0];
    expect(row).toMatchObject({ method: 'POST', path: '/api/admin/user/list', status: 200, user: 'admin' });
    const one = await t.call('GET', `/api/admin/serviceTrace/${row.traceId}`, { as: 'admin' });
    const names = one.body.data.spans.map((s: any) => s.name);
    expect(names).toContain('auth');
    // each SQL statement of the request is a span of its own, after the auth span
    expect(names.some((n: string) => /^SQL select .*base_user/i.test(n))).toBe(true);
    const slow = await t.call('GET', '/api/admin/serviceTrace/slow', { as: 'admin' });
    expect(slow.body.data).toMatchObject({ slowMs: expect.any(Number), rows: expect.any(Array) });
    expect((await t.call('GET', '/api/admin/serviceTrace/nope', { as: 'admin' })).body.status).toBe(40001);
    const slowOnly = await t.call('GET', '/api/admin/serviceTrace/recent?minMs=100000', { as: 'admin' });
    expect(slowOnly.body.data.rows).toEqual([]);
  });
});
