/**
 * The pieces of surviving a database or Redis outage, in the test process (server/test/faults.test.ts runs the whole
 * process against a PostgreSQL that restarts): which errors mean "away, try again" (503) and which stay 500; an app whose
 * database stops answering (a proxy the test cuts) answers 503 in the envelope and works again once it answers; a pooled
 * connection that ends while checked out does not end the process; the shared state and live events carry on without Redis.
 */
import { describe, it, expect, afterAll} from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { connect } from '../src/db/index.ts';
import { loadConfig } from '../src/config.ts';
import { DB_UNAVAILABLE, REDIS_UNAVAILABLE, unavailableMessage } from '../src/platform/errors.ts';
import { redisState } from '../src/platform/shared-state.ts';
import { localEvents, redisEvents, type LiveEvent } from '../src/platform/events.ts';
import { uid } from './helpers.ts';
import { freePort, sleep } from './faults-helpers.ts';
import { testDatabaseUrl } from './database.ts';

const closing: (() => Promise<unknown> | void)[] = [];
afterAll(async () => { for (const c of closing.reverse()) await c(); });

describe('which errors mean the database or Redis is away', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
  /** drizzle's wrapper: the driver's error on `cause` */
  const wrapped = (cause: Error) => Object.assign(new Error('Failed query: insert into wb_shipper … params: …'), { cause });

  it.each([
    ['57P01 terminating connection due to administrator command', wrapped(pgError('57P01', 'terminating connection due to administrator command'))],
    ['57P03 the database system is starting up', pgError('57P03', 'the database system is starting up')],
    ['57P03 the database system is shutting down', wrapped(pgError('57P03', 'the database system is shutting down'))],
    ['53300 too many connections', pgError('53300', 'sorry, too many clients already')],
    ['08006 connection failure', pgError('08006', 'connection failure')],
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' })],
    ['ECONNREFUSED on every address', Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''), {})],
    ['the embedded database socket gone', Object.assign(new Error('connect ENOENT /tmp/dg-pg-x/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' })],
    ['Connection terminated unexpectedly', wrapped(new Error('Connection terminated unexpectedly'))],
    ['pg-pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s → 503 数据库暂时不可用', (_name, err) => {
    expect(unavailableMessage(err)).toBe(DB_UNAVAILABLE);
  });

  it.each([
    ['MaxRetriesPerRequestError', Object.assign(new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.'), { name: 'MaxRetriesPerRequestError' })],
    ['no offline queue', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['Command timed out', new Error('Command timed out')],
  ])('Redis: %s → 503 缓存服务暂时不可用', (_name, err) => {
    expect(unavailableMessage(err)).toBe(REDIS_UNAVAILABLE);
  });

  it.each([
    ['23505 unique violation', wrapped(pgError('23505', 'duplicate key value violates unique constraint'))],
    ['42703 undefined column (a bug)', wrapped(pgError('42703', 'column "nme" does not exist'))],
    ['40P01 deadlock', pgError('40P01', 'deadlock detected')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a missing file', Object.assign(new Error('ENOENT: no such file or directory, open /x'), { code: 'ENOENT', syscall: 'open' })],
    ['nothing', undefined],
  ])('%s stays what it is (not 503)', (_name, err) => {
    expect(unavailableMessage(err)).toBeNull();
  });
});

/** a TCP proxy to the run's database that the test can cut (connections reset, new ones refused) and restore */
async function databaseProxy(url: string) {
  const m = /^(postgres(?:ql)?:\/\/[^@]*@)([^/]*)(\/.*)$/.exec(url)!;
  const host = decodeURIComponent(m[2]!);
  const target = host.startsWith('/') ? { path: `${host}/.s.PGSQL.5432` } : { host: host.split(':')[0]!, port: Number(host.split(':')[1] ?? 5432) };
  const port = await freePort();
  /** the app's side of each connection (TCP, reset on a cut) and the database's (TCP, or the embedded database's Unix socket) */
  const sockets = new Map<net.Socket, net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target as net.NetConnectOpts);
    sockets.set(client, upstream);
    for (const s of [client, upstream]) { s.on('error', () => {}); s.on('close', () => { sockets.delete(client); client.destroy(); upstream.destroy(); }); }
    client.pipe(upstream).pipe(client);
  });
  const listen = () => new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  await listen();
  const proxy = {
    url: `${m[1]}127.0.0.1:${port}${m[3]}`,
    /** the database goes away: every connection resets, new ones are refused */
    cut: () => new Promise<void>((r) => { server.close(() => r()); for (const [client, upstream] of sockets) { client.resetAndDestroy(); upstream.destroy(); } }),
    restore: listen,
  };
  closing.push(() => new Promise<void>((r) => { for (const [client, upstream] of sockets) { client.destroy(); upstream.destroy(); } if (server.listening) server.close(() => r()); else r(); }));
  return proxy;
}

describe('an app whose database stops answering', () => {
  it('answers 503 in the envelope, at once, and works again once the database answers', { timeout: 60_000 }, async () => {
    const proxy = await databaseProxy(testDatabaseUrl());
    const database = connect(proxy.url, 4);
    const app = await buildApp({ config: { ...loadConfig({}), loginCaptcha: false, seedDemo: false, logLevel: 'silent', serveWeb: false, jwtSecret: randomBytes(32).toString('hex') }, database, logger: false });
    closing.push(async () => { await app.close(); await database.close(); });
    const call = async (method: 'GET' | 'POST', url: string, o: { token?: string; body?: object } = {}) => {
      const t0 = Date.now();
      const r = await app.inject({ method, url, headers: o.token ? { authorization: o.token } : {}, ...(o.body ? { payload: o.body } : {}) });
      return { http: r.statusCode, body: r.json(), ms: Date.now() - t0 };
    };
    const signIn = () => call('POST', '/api/auth/jwt/token', { body: { username: 'qiye', password: 'qiye123', type: 1 } });
    const add = (token: string) => call('POST', '/api/dzyd/shipper/add', { token, body: { name: uid('断库托运人'), phone: '0571-86000000', regionCode: '330102', address: '一号路' } });

    const token = (await signIn()).body.data as string;
    expect((await add(token)).body.status).toBe(200);

    await proxy.cut();
    const refused = { http: 503, body: { status: 503, message: DB_UNAVAILABLE, data: null } };
    for (const answer of [await signIn(), await add(token), await call('POST', '/api/dzyd/shipper/list', { token, body: { page: 1, size: 10 } })]) {
      expect({ http: answer.http, body: answer.body }).toEqual(refused);
      expect(answer.ms).toBeLessThan(5000);
    }
    expect((await call('GET', '/api/ready')).http).toBe(503);

    await proxy.restore();
    const back = Date.now();
    await expect.poll(async () => (await signIn()).body.status, { timeout: 5000, interval: 100 }).toBe(200);
    await expect.poll(async () => (await add(token)).body.status, { timeout: 5000, interval: 100 }).toBe(200);
    expect(Date.now() - back).toBeLessThan(5000);
  });

  it('a pooled connection that ends while checked out fails its next statement with a 503 error, and the process lives', { timeout: 30_000 }, async () => {
    const proxy = await databaseProxy(testDatabaseUrl());
    const database = connect(proxy.url, 2);
    closing.push(() => database.close());
    const client = await database.pool.connect();
    await client.query('select 1');
    // pg-pool drops its own listener while a client is checked out: without one, the connection ending emits an
    // 'error' nobody hears, and the process ends
    expect(client.listenerCount('error')).toBeGreaterThan(0);
    await proxy.cut();
    await sleep(200);
    const err = await client.query('select 1').then(() => null, (e: unknown) => e);
    expect(unavailableMessage(err)).toBe(DB_UNAVAILABLE);
    client.release(err as Error);
    await proxy.restore();
    expect((await database.pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('a transaction whose connection ends between two statements is rolled back and reported unavailable (PostgreSQL)', { timeout: 30_000 }, async () => {
    const proxy = await databaseProxy(testDatabaseUrl());
    const database = connect(proxy.url, 2);
    closing.push(() => database.close());
    const name = uid('断库事务');
    const err = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into token_invalid (jti, expires_at) values (${name}, now() + interval '1 minute')`);
      await proxy.cut();
      await sleep(200);
      await tx.execute(sql`select 1`);
    }).then(() => null, (e: unknown) => e);
    expect(unavailableMessage(err)).toBe(DB_UNAVAILABLE);
    await proxy.restore();
    expect((await database.pool.query('select count(*)::int as n from token_invalid where jti = $1', [name])).rows[0].n).toBe(0);
  });
});

describe('Redis away', () => {
  it('the shared state keeps captchas, rate limits, invalidations and job progress in the database', async () => {
    const database = connect(testDatabaseUrl(), 2);
    const state = redisState(`redis://127.0.0.1:${await freePort()}`, database.db); // nothing listens there
    closing.push(async () => { await state.close(); await database.close(); });
    const id = uid('cap');
    await state.putCaptcha(id, 'abcd', 60);
    expect((await database.pool.query('select text from captcha where id = $1', [id])).rows).toEqual([{ text: 'abcd' }]);
    expect(await state.takeCaptcha(id)).toBe('abcd');
    expect(await state.takeCaptcha(id)).toBeNull();
    const key = uid('rl');
    expect([await state.hit(key, 2, 60), await state.hit(key, 2, 60), await state.hit(key, 2, 60)]).toEqual([true, true, false]);
    const jti = uid('jti');
    expect(await state.isInvalid(jti)).toBe(false);
    await state.invalidate(jti, new Date(Date.now() + 60_000));
    expect(await state.isInvalid(jti)).toBe(true);
    await state.putJob(`job:${jti}`, { done: 1 }, 60);
    expect(await state.getJob(`job:${jti}`)).toEqual({ done: 1 });
  });

  it.skipIf(!process.env.REDIS_URL)('what was written to the database while Redis was away holds once it is back: an invalidation, a captcha, the newer job progress', async () => {
    const database = connect(testDatabaseUrl(), 2);
    const away = redisState(`redis://127.0.0.1:${await freePort()}`, database.db);
    const back = redisState(process.env.REDIS_URL!, database.db);
    closing.push(async () => { await away.close(); await back.close(); await database.close(); });
    // connected: a captcha goes to Redis again, not to the database
    await expect.poll(async () => {
      const probe = uid('probe');
      await back.putCaptcha(probe, 'p', 5);
      return (await database.pool.query('select 1 from captcha where id = $1', [probe])).rows.length;
    }, { timeout: 5000, interval: 100 }).toBe(0);
    const jti = uid('jti');
    await away.invalidate(jti, new Date(Date.now() + 60_000));
    expect(await back.isInvalid(jti)).toBe(true);
    const cap = uid('cap');
    await away.putCaptcha(cap, 'wxyz', 60);
    expect(await back.takeCaptcha(cap)).toBe('wxyz');
    const job = `job:${uid()}`;
    await back.putJob(job, { stage: '读取' }, 60);
    await sleep(300);
    await away.putJob(job, { stage: '完成' }, 60); // Redis went away while the job ran on: the last word is in the database
    expect(await back.getJob(job)).toEqual({ stage: '完成' });
  });

  it('a live event Redis cannot take goes the other way, and subscribers hear it', async () => {
    const events = redisEvents(`redis://127.0.0.1:${await freePort()}`, localEvents());
    closing.push(() => events.close());
    const heard: LiveEvent[] = [];
    events.subscribe((e) => heard.push(e));
    await events.publish({ keys: ['message'], users: ['u1'] });
    expect(heard).toEqual([{ keys: ['message'], users: ['u1'] }]);
  });
});
