/**
 * The bench's crowd: `count` serving members of staff of one enterprise, each with an account of their own (the role
 * 企业从业人员, linked to the staff record as a driver's is), signed in through the API. One password hash serves all:
 * signing in is not what the suites measure. `tag` keeps two suites' crowds apart in one database (a digit that
 * starts the ID-card numbers, a prefix of the usernames).
 */
import http from 'node:http';
import type pg from 'pg';
import { hashPassword } from '../server/src/platform/crud/write.ts';
import { post as postJson } from './load.ts';

export interface Crowd { staffIds: string[]; tokens: string[]; setupSeconds: number }

export async function createCrowd(db: pg.Client, baseUrl: string, o: { enterpriseId: string; count: number; tag: { digit: string; username: string; name: string } }): Promise<Crowd> {
  const password = `${o.tag.username}123`;
  const hash = await hashPassword(password);
  const t0 = Date.now();
  const rows = (await db.query(`with s as (insert into staff (enterprise_id, name, sex, id_card, mobile, post, status)
      select $1, $3, '1', $4 || lpad(i::text, 16, '0') || 'X', '13900000000', '驾驶员', '在职' from generate_series(1, ${o.count}) i returning id, id_card),
    u as (insert into base_user (name, username, password, mobile, side, enterprise_id, staff_id, status)
      select $3, $5 || right(s.id_card, 8), $2, '13900000000', 'enterprise', $1, s.id, '1' from s returning id, username, staff_id),
    g as (insert into base_group_member (group_id, user_id) select g.id, u.id from u, base_group g where g.code = 'enterpriseStaff')
    select username, staff_id from u order by username`, [o.enterpriseId, hash, o.tag.name, o.tag.digit, o.tag.username])).rows as { username: string; staff_id: string }[];
  const tokens: string[] = [];
  for (let i = 0; i < rows.length; i += 8) {
    tokens.push(...await Promise.all(rows.slice(i, i + 8).map(async (r) => (await postJson(`${baseUrl}/api/auth/jwt/token`, { username: r.username, password, type: 1 })).data as string)));
  }
  return { staffIds: rows.map((r) => r.staff_id), tokens, setupSeconds: (Date.now() - t0) / 1000 };
}

/** many connections at once: each member of the crowd is a browser of their own */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** one call as a member of the crowd: its time here and whether it answered status 200 (with the data) */
export function timedCall(url: string, token: string, body?: unknown): Promise<{ ms: number; ok: boolean; data?: any }> {
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
        resolve({ ms: performance.now() - t0, ok: answer.status === 200, data: answer.data });
      });
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, ok: false }));
    req.end(data);
  });
}

/** p50 / p99 / max (ms) and the errors of a set of calls */
export const summary = (times: { ms: number; ok: boolean }[]) => {
  const ms = times.map((x) => x.ms).sort((a, b) => a - b);
  const pct = (p: number) => Math.round((ms[Math.min(ms.length - 1, Math.floor(ms.length * p))] ?? 0) * 10) / 10;
  return { calls: ms.length, errors: times.filter((x) => !x.ok).length, p50: pct(0.5), p99: pct(0.99), max: pct(1) };
};
