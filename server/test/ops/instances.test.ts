/**
 * Two production instances (startServer, as main.ts starts them: own HTTP port, own pool) on one PostgreSQL and one
 * Redis, spoken to over HTTP: a token signed out on one is refused by the other; an import run on one reports its
 * progress on the other; a role's menus changed through one apply on the other; and stopping one in the middle of a
 * load (what SIGTERM does) leaves the other answering, with every request either confirmed or refused to its client —
 * none lost in silence. Runs only with TEST_DATABASE_URL and REDIS_URL.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../src/server.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { hashPassword } from '../../src/platform/crud/write.ts';
import { readXlsx, writeXlsx } from '../records/fixtures.ts';
import { PG_BASE, REDIS_URL, createDb, dropDb, api, signIn, until } from './helpers.ts';

describe.skipIf(!PG_BASE || !REDIS_URL)('two instances on one PostgreSQL and Redis', () => {
  let a: RunningServer, b: RunningServer;
  let dbName = '';
  let dataDir = '';
  const running: RunningServer[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ops-instances-'));
    const db = await createDb('instances');
    dbName = db.name;
    const config: Config = {
      ...loadConfig({}), port: 0, host: '127.0.0.1', databaseUrl: db.url, redisUrl: REDIS_URL, dataDir, seedDemo: true,
      loginCaptcha: false, serveWeb: false, logLevel: 'silent', jwtSecret: randomBytes(32).toString('hex'),
    };
    // both start at once on the empty database: one migrates and seeds, the other waits for the lock
    [a, b] = await Promise.all([startServer(config, { logger: false }), startServer(config, { logger: false })]);
    running.push(a, b);
  }, 180_000);
  afterAll(async () => {
    for (const s of running) await s.stop(1000).catch(() => {});
    if (dbName) await dropDb(dbName);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('both are ready: database, Redis and migrations', async () => {
    for (const s of [a, b]) {
      const r = await api(s.url, 'GET', '/api/ready');
      expect(r).toMatchObject({ http: 200, ready: true, database: 'ok', redis: 'ok', migrations: 'current' });
    }
  });

  it('a token signed out on one is refused by the other', async () => {
    const token = await signIn(a.url, 'qiye2', 'qiye123');
    expect((await api(b.url, 'GET', '/api/admin/user/front/info', { token })).username).toBe('qiye2');
    expect((await api(a.url, 'GET', '/api/admin/user/logout', { token })).status).toBe(200);
    await until(async () => (await api(b.url, 'GET', '/api/admin/user/front/info', { token })).http === 401, 'the other instance to refuse the token');
    expect(await api(b.url, 'GET', '/api/admin/user/front/info', { token })).toMatchObject({ http: 401, status: 40101 });
  });

  it('an import started on one reports its progress on the other', async () => {
    const token = await signIn(a.url, 'qiye2', 'qiye123');
    const tpl = await fetch(`${a.url}/api/xxda/vehicle/template`, { headers: { authorization: token } });
    const [head] = await readXlsx(Buffer.from(await tpl.arrayBuffer()));
    const rows = Array.from({ length: 2000 }, (_, i) => head!.map((h) => (h === '车牌号码' ? `浙A${String(i).padStart(2, '0')}` : '')));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await writeXlsx([head!, ...rows]))]), '车辆.xlsx');
    const jobId = `ops${Date.now()}`;
    const seen: unknown[] = [];
    let finished = false;
    const importing = fetch(`${a.url}/api/xxda/vehicle/import?jobId=${jobId}`, { method: 'POST', headers: { authorization: token }, body: form })
      .then((r) => r.json()).finally(() => { finished = true; });
    while (!finished) {
      const p = await api(b.url, 'GET', `/api/xxda/vehicle/import/progress/${jobId}`, { token });
      if (p.data) seen.push(p.data);
      await new Promise((r) => setTimeout(r, 50));
    }
    const report = await importing;
    expect(report.data).toMatchObject({ total: 2000, imported: 0 });
    // the other instance knows the job and, once it is done, its end
    await until(async () => (await api(b.url, 'GET', `/api/xxda/vehicle/import/progress/${jobId}`, { token })).data?.finished, 'the final progress on the other instance');
    expect((await api(b.url, 'GET', `/api/xxda/vehicle/import/progress/${jobId}`, { token })).data).toEqual({ done: 2000, total: 2000, finished: true, stage: '完成' });
    console.log(`progress seen on the other instance while the import ran: ${seen.length} answers, e.g. ${JSON.stringify(seen[0] ?? null)}`);
  });

  it('a role change through one applies on the other', async () => {
    const q = async (text: string, params: unknown[] = []) => (await a.database.pool.query(text, params)).rows;
    const username = `ops_role_${Date.now()}`;
    const [ent] = await q(`select enterprise_id as id from base_user where username = 'qiye2'`);
    const [u] = await q(`insert into base_user (name, username, password, side, enterprise_id, status) values ('多实例角色', $1, $2, 'enterprise', $3, '1') returning id`,
      [username, await hashPassword('pass1234'), ent.id]);
    const [g] = await q(`insert into base_group (code, name, group_type_id) select $1, '多实例角色', id from base_group_type limit 1 returning id`, [`ops${Date.now()}`]);
    await q(`insert into base_group_member (group_id, user_id) values ($1, $2)`, [g.id, u.id]);
    const menuIds = Object.fromEntries((await q(`select code, id from base_menu where code in ('vehicleBasicManager', 'staffManager')`)).map((m) => [m.code, m.id]));
    await q(`insert into base_resource_authority (group_id, resource_id, resource_type) select $1, unnest($2::uuid[]), 'menu'`, [g.id, Object.values(menuIds)]);
    const token = await signIn(b.url, username, 'pass1234');
    const menus = async (base: string) => ((await api(base, 'GET', '/api/admin/user/front/info', { token })).menus ?? []).map((m: { code: string }) => m.code) as string[];
    expect(await menus(b.url)).toContain('staffManager');
    // the platform administrator takes 人员 away from the role through instance A
    const set = await api(a.url, 'PUT', `/api/admin/group/${g.id}/authority/menu?menuTrees=${menuIds.vehicleBasicManager}`, { token: await signIn(a.url) });
    expect(set.status).toBe(200);
    await until(async () => !(await menus(b.url)).includes('staffManager'), 'the role change on the other instance');
    expect(await menus(b.url)).toContain('vehicleBasicManager');
  });

  it('stopping one in the middle of a load: the other keeps answering, and no request fails without its client being told', { timeout: 120_000 }, async () => {
    const tokenA = await signIn(a.url);
    const tokenB = await signIn(b.url);
    const run = `ops${Date.now()}`;
    const confirmed = new Set<string>();
    const refused: string[] = []; // told: an error answer or a refused connection
    const bFailures: string[] = [];
    let sent = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const onA = i % 2 === 0;
        const value = `${run}_${w}_${i}`;
        sent++;
        try {
          const r = await api(onA ? a.url : b.url, 'POST', '/api/admin/dict/addDict', { body: { name: '停机负载', value }, token: onA ? tokenA : tokenB });
          if (r.http === 200 && r.status === 200) confirmed.add(value);
          else { refused.push(`${value}: ${r.http} ${r.status}`); if (!onA) bFailures.push(`${value}: ${r.http} ${r.message}`); }
        } catch (err) {
          refused.push(`${value}: ${(err as Error).message}`);
          if (!onA) bFailures.push(`${value}: ${(err as Error).message}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
    await until(async () => confirmed.size >= 60, '60 confirmed writes');
    await a.stop(20_000); // what SIGTERM does: stop accepting, finish what is in flight, close the pool
    running.splice(running.indexOf(a), 1);
    const afterStop = confirmed.size;
    await until(async () => confirmed.size >= afterStop + 60, '60 more writes confirmed by the other instance');
    stop = true;
    await load;

    expect(bFailures).toEqual([]); // the other instance answered every request sent to it
    expect(refused.length).toBeGreaterThan(0); // requests to the stopped one were refused, and their clients knew
    expect(confirmed.size + refused.length).toBe(sent); // every request ended one way or the other: none hung
    const stored = new Set((await b.database.pool.query(`select value from base_dict where value like $1`, [`${run}_%`])).rows.map((r) => r.value as string));
    expect([...confirmed].filter((v) => !stored.has(v))).toEqual([]); // every confirmed write is there
    expect([...stored].filter((v) => !confirmed.has(v))).toEqual([]); // nothing committed that its client was not told of
    expect(await api(b.url, 'GET', '/api/ready')).toMatchObject({ http: 200, ready: true });
  });
});
