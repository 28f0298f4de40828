/**
 * 在线学习 at province scale: 2,000 viewers (staff of one enterprise with accounts of their own) watch a chapter at once
 * and report their watched seconds as the study page does — every REPORT_EVERY_SECONDS each, at random phases, for
 * 3 rounds (~200 reports a second) — then all 2,000 report in the same instant. Measured from this process through the
 * API (`POST /api/zxxx/learning/report`); each report is a real one (the person's clock row, then the chapter's row, in
 * one transaction). Prints a table; asserts nothing. Goal: p99 ≤ 50 ms on PostgreSQL for the steady reports.
 */
import http from 'node:http';
import pg from 'pg';
import { REPORT_EVERY_SECONDS } from '@dg/core';
import { hashPassword } from '../server/src/platform/crud/write.ts';
import { post as postJson } from './load.ts';

export interface LearningBenchContext { baseUrl: string; databaseUrl?: string; label?: string }

const VIEWERS = Number(process.env.BENCH_LEARNING_VIEWERS ?? 2_000);
const ROUNDS = 3;
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function timedPost(url: string, body: unknown, token: string): Promise<{ ms: number; ok: boolean }> {
  const data = JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', agent, headers: { authorization: token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let ok = false;
        try { ok = JSON.parse(Buffer.concat(chunks).toString('utf8')).status === 200; } catch { ok = false; }
        resolve({ ms: performance.now() - t0, ok });
      });
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, ok: false }));
    req.end(data);
  });
}

const summary = (times: { ms: number; ok: boolean }[]) => {
  const ms = times.map((x) => x.ms).sort((a, b) => a - b);
  const pct = (p: number) => Math.round((ms[Math.min(ms.length - 1, Math.floor(ms.length * p))] ?? 0) * 10) / 10;
  return { reports: ms.length, errors: times.filter((x) => !x.ok).length, p50: pct(0.5), p99: pct(0.99), max: pct(1) };
};

export async function benchLearning(c: LearningBenchContext) {
  if (!c.databaseUrl) { console.log('\nlearning: skipped (needs the database URL)'); return; }
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  try {
    const [chapter] = (await db.query(`select c.id, c.enterprise_id from learning_chapter c join base_user u on u.enterprise_id = c.enterprise_id
      where u.username = 'qiye' and c.kind = '视频' order by c.created_at limit 1`)).rows;
    // the viewers: staff in service with accounts of the role 企业从业人员 (one password hash for all: signing in is not measured)
    const hash = await hashPassword('viewer123');
    const t0 = Date.now();
    await db.query(`with s as (insert into staff (enterprise_id, name, sex, id_card, mobile, post, status)
        select $1, '压测学员', '1', '8' || lpad(i::text, 16, '0') || 'X', '13900000000', '驾驶员', '在职' from generate_series(1, ${VIEWERS}) i returning id, id_card),
      u as (insert into base_user (name, username, password, mobile, side, enterprise_id, staff_id, status)
        select '压测学员', 'viewer' || right(s.id_card, 8), $2, '13900000000', 'enterprise', $1, s.id, '1' from s returning id)
      insert into base_group_member (group_id, user_id) select g.id, u.id from u, base_group g where g.code = 'enterpriseStaff'`, [chapter.enterprise_id, hash]);
    const names = (await db.query(`select username from base_user where username like 'viewer%' order by username limit ${VIEWERS}`)).rows.map((r) => r.username as string);
    const tokens: string[] = [];
    for (let i = 0; i < names.length; i += 8) {
      tokens.push(...await Promise.all(names.slice(i, i + 8).map(async (n) => (await postJson(`${c.baseUrl}/api/auth/jwt/token`, { username: n, password: 'viewer123', type: 1 })).data as string)));
    }
    const setupSeconds = (Date.now() - t0) / 1000;
    const url = `${c.baseUrl}/api/zxxx/learning/report`;
    await Promise.all(tokens.map((tk) => timedPost(`${c.baseUrl}/api/zxxx/learning/start`, { chapterId: chapter.id }, tk)));

    // steady: each viewer reports the last REPORT_EVERY_SECONDS of playback every REPORT_EVERY_SECONDS, at its own phase
    const steady: { ms: number; ok: boolean }[] = [];
    await Promise.all(tokens.map(async (tk, i) => {
      await new Promise((r) => setTimeout(r, (i / tokens.length) * REPORT_EVERY_SECONDS * 1000));
      for (let round = 0; round < ROUNDS; round++) {
        const from = round * REPORT_EVERY_SECONDS;
        steady.push(await timedPost(url, { chapterId: chapter.id, intervals: [[from, from + REPORT_EVERY_SECONDS]], position: from + REPORT_EVERY_SECONDS }, tk));
        await new Promise((r) => setTimeout(r, REPORT_EVERY_SECONDS * 1000));
      }
    }));
    // a burst: every viewer at the same instant (a class paused by its teacher)
    const burst = await Promise.all(tokens.map((tk) => timedPost(url, { chapterId: chapter.id, intervals: [[0, 20]], position: 20 }, tk)));
    const [{ n }] = (await db.query(`select count(*)::int as n from learning_progress where chapter_id = $1 and watched_seconds > 0`, [chapter.id])).rows;
    console.log(`\n在线学习 — ${c.label ?? ''} (${tokens.length} viewers set up and signed in in ${setupSeconds.toFixed(1)} s; ${n} progress rows)`);
    console.table([
      { what: `进度上报 steady (${tokens.length} viewers, every ${REPORT_EVERY_SECONDS} s)`, ...summary(steady) },
      { what: `进度上报 burst (${tokens.length} at once)`, ...summary(burst) },
    ]);
  } finally {
    await db.end();
  }
}
