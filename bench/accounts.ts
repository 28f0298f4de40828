/**
 * The bench's crowd: `count` serving members of staff of one enterprise, each with an account of their own (the role
 * 企业从业人员, linked to the staff record as a driver's is), signed in through the API. `tag` keeps two suites' crowds
 * apart in one database (a digit that starts the ID-card numbers, a prefix of the usernames). A later run on the same
 * database (BENCH_DATABASE_URL) finds the crowd it made and adds only the members it lacks.
 *
 * Signing in is not what the suites measure, so the crowd's one password hash is argon2id at the least cost
 * (8 KiB, one pass): the sign-in route verifies with the parameters the hash carries, and 2,000 sign-ins then take
 * seconds instead of minutes of the server's memory-hard verification. Only these generated accounts carry it; every
 * real account's hash is made by the server's `hashPassword`.
 */
import http from 'node:http';
import type pg from 'pg';
import { hash } from '@node-rs/argon2';
import { post as postJson } from './load.ts';
import { replay, shortSql, statementsOf } from './sql.ts';

export interface Crowd { staffIds: string[]; tokens: string[]; setupSeconds: number }

/** sign-ins in flight at once (the server verifies each cheaply: see above) */
const SIGN_IN_AT_ONCE = 16;

export async function createCrowd(db: pg.Client, baseUrl: string, o: { enterpriseId: string; count: number; tag: { digit: string; username: string; name: string } }): Promise<Crowd> {
  const password = `${o.tag.username}123`;
  const cheap = await hash(password, { algorithm: 2 /* argon2id */, memoryCost: 8, timeCost: 1, parallelism: 1 });
  const t0 = Date.now();
  await db.query(`insert into staff (enterprise_id, name, sex, id_card, mobile, post, status)
    select $1, $2, '1', $3 || lpad(i::text, 16, '0') || 'X', '13900000000', '驾驶员', '在职' from generate_series(1, ${o.count}) i
    on conflict (enterprise_id, id_card) do update set status = '在职', post = '驾驶员'`, [o.enterpriseId, o.tag.name, o.tag.digit]);
  const rows = (await db.query(`with s as (select s.id, s.id_card from generate_series(1, ${o.count}) i
      join staff s on s.enterprise_id = $1 and s.id_card = $4 || lpad(i::text, 16, '0') || 'X'),
    u as (insert into base_user (name, username, password, mobile, side, enterprise_id, staff_id, status)
      select $3, $5 || right(s.id_card, 8), $2, '13900000000', 'enterprise', $1, s.id, '1' from s
      on conflict (username) do update set password = excluded.password, staff_id = excluded.staff_id, status = '1' returning id, username, staff_id),
    g as (insert into base_group_member (group_id, user_id) select g.id, u.id from u, base_group g where g.code = 'enterpriseStaff' on conflict do nothing)
    select username, staff_id from u order by username`, [o.enterpriseId, cheap, o.tag.name, o.tag.digit, o.tag.username])).rows as { username: string; staff_id: string }[];
  const tokens: string[] = [];
  for (let i = 0; i < rows.length; i += SIGN_IN_AT_ONCE) {
    tokens.push(...await Promise.all(rows.slice(i, i + SIGN_IN_AT_ONCE).map(async (r) => {
      const answer = await postJson(`${baseUrl}/api/auth/jwt/token`, { username: r.username, password, type: 1 });
      if (answer.status !== 200) throw new Error(`bench account ${r.username} did not sign in: ${answer.message}`);
      return answer.data as string;
    })));
  }
  return { staffIds: rows.map((r) => r.staff_id), tokens, setupSeconds: (Date.now() - t0) / 1000 };
}

/** many connections at once: each member of the crowd is a browser of their own */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/**
 * one call as a member of the crowd: when it was sent (`at`, performance.now()'s clock) and its time here, whether it
 * answered status 200 (with the data), its trace id
 */
export function timedCall(url: string, token: string, body?: unknown): Promise<{ at: number; ms: number; ok: boolean; data?: any; traceId?: string }> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: data === undefined ? 'GET' : 'POST', agent,
      headers: { authorization: token, ...(data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let answer: { status?: number; data?: unknown } = {};
        try { answer = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { answer = {}; }
        const traceId = res.headers['x-trace-id'];
        resolve({ at: t0, ms: performance.now() - t0, ok: answer.status === 200, data: answer.data, traceId: typeof traceId === 'string' ? traceId : undefined });
      });
    });
    req.on('error', () => resolve({ at: t0, ms: performance.now() - t0, ok: false }));
    req.end(data);
  });
}

/** p50 / p99 / max (ms) and the errors of a set of calls */
export const summary = (times: { ms: number; ok: boolean }[]) => {
  const ms = times.map((x) => x.ms).sort((a, b) => a - b);
  const pct = (p: number) => Math.round((ms[Math.min(ms.length - 1, Math.floor(ms.length * p))] ?? 0) * 10) / 10;
  return { calls: ms.length, errors: times.filter((x) => !x.ok).length, p50: pct(0.5), p99: pct(0.99), max: pct(1) };
};

export interface ProbeContext { baseUrl: string; databaseUrl?: string; token(user: string, password: string): Promise<string> }
export interface Probed { what: string; calls: number; ms: number[]; traceId?: string }

/**
 * One caller alone: `n` calls of one kind one after another (nothing queues), the first `warm` of them uncounted;
 * the last call's trace names the statements it ran.
 */
export async function alone(what: string, n: number, call: (k: number) => Promise<{ ms: number; ok: boolean; traceId?: string }>, warm = 3): Promise<Probed> {
  const ms: number[] = [];
  let traceId: string | undefined;
  for (let k = 0; k < n + warm; k++) {
    const r = await call(k);
    if (!r.ok) throw new Error(`${what}: the lone call failed`);
    if (k >= warm) { ms.push(r.ms); traceId = r.traceId; }
  }
  return { what, calls: ms.length, ms, traceId };
}

/**
 * Where a lone call's time goes: its API p50 beside the statements it ran (how many, their time as the server saw
 * them) and their replay from here (the least the database answers them in); then each statement of the last call.
 */
export async function printWhereTimeGoes(c: ProbeContext, title: string, probes: Probed[]) {
  const admin = await c.token('admin', 'admin123');
  const rows: Record<string, unknown>[] = [];
  const detail: Record<string, unknown>[] = [];
  for (const p of probes) {
    const statements = await statementsOf(c.baseUrl, admin, p.traceId);
    const sorted = [...p.ms].sort((a, b) => a - b);
    const apiP50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const sqlMs = statements.reduce((n, s) => n + s.ms, 0);
    const raw = c.databaseUrl ? await replay(c.databaseUrl, statements) : 0;
    rows.push({ call: p.what, calls: p.calls, 'API p50': round(apiP50), statements: statements.length, 'SQL in server (last call)': round(sqlMs), 'raw SQL p50 (replayed)': raw, 'API − raw SQL': round(apiP50 - raw) });
    for (const s of statements) detail.push({ call: p.what, ms: s.ms, statement: shortSql(s.sql) });
  }
  console.log(`\n${title}: one caller alone (ms)`);
  console.table(rows);
  console.table(detail);
}
const round = (n: number) => Math.round(n * 100) / 100;
