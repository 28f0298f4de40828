/**
 * 在线学习 at province scale: 2,000 viewers (staff of one enterprise with accounts of their own) watch a chapter at once
 * and report their watched seconds as the study page does — every REPORT_EVERY_SECONDS each, at random phases, for
 * 3 rounds (~200 reports a second) — then all 2,000 report in the same instant. Measured from this process through the
 * API (`POST /api/zxxx/learning/report`); each report is a real one (the person's clock row, then the chapter's row, in
 * one transaction). Prints a table; asserts nothing. Goal: p99 ≤ 50 ms on PostgreSQL for the steady reports.
 */
import pg from 'pg';
import { REPORT_EVERY_SECONDS } from '@dg/core';
import { alone, createCrowd, printWhereTimeGoes, summary, timedCall, type ProbeContext } from './accounts.ts';

export interface LearningBenchContext extends ProbeContext { label?: string }

const VIEWERS = Number(process.env.BENCH_LEARNING_VIEWERS ?? 2_000);
const ROUNDS = 3;

export async function benchLearning(c: LearningBenchContext) {
  if (!c.databaseUrl) { console.log('\nlearning: skipped (needs the database URL)'); return; }
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  try {
    const [chapter] = (await db.query(`select c.id, c.enterprise_id from learning_chapter c join base_user u on u.enterprise_id = c.enterprise_id
      where u.username = 'qiye' and c.kind = '视频' order by c.created_at limit 1`)).rows;
    const { tokens, setupSeconds } = await createCrowd(db, c.baseUrl, { enterpriseId: chapter.enterprise_id, count: VIEWERS, tag: { digit: '8', username: 'viewer', name: '压测学员' } });
    const url = `${c.baseUrl}/api/zxxx/learning/report`;
    // where one report's time goes, before the crowd: the first viewer alone opens the chapter and reports, the
    // statements of each beside the call (a report seconds after the previous one adds what the clock allows)
    {
      const tk = tokens[0]!;
      const start = await alone('开始学习 (start)', 30, () => timedCall(`${c.baseUrl}/api/zxxx/learning/start`, tk, { chapterId: chapter.id }));
      const report = await alone('进度上报 (report)', 200, (k) => timedCall(url, tk, { chapterId: chapter.id, intervals: [[k % 10, (k % 10) + 1]], position: (k % 10) + 1 }));
      await printWhereTimeGoes(c, `在线学习 — ${c.label ?? ''}`, [start, report]);
    }
    const opened = await Promise.all(tokens.map((tk) => timedCall(`${c.baseUrl}/api/zxxx/learning/start`, tk, { chapterId: chapter.id })));

    // steady: each viewer reports the last REPORT_EVERY_SECONDS of playback every REPORT_EVERY_SECONDS, at its own phase
    const steady: { at: number; ms: number; ok: boolean; round: number }[] = [];
    const waits = await sampleWaits(c.databaseUrl);
    const steadyStart = performance.now();
    // this process's own lateness in the first seconds: a stall here would read as slow calls
    let lastTick = steadyStart, ownLate = 0;
    const ticker = setInterval(() => { const now = performance.now(); ownLate = Math.max(ownLate, now - lastTick - 5); lastTick = now; }, 5);
    setTimeout(() => clearInterval(ticker), 2_000);
    await Promise.all(tokens.map(async (tk, i) => {
      await new Promise((r) => setTimeout(r, (i / tokens.length) * REPORT_EVERY_SECONDS * 1000));
      for (let round = 0; round < ROUNDS; round++) {
        const from = round * REPORT_EVERY_SECONDS;
        steady.push({ ...await timedCall(url, tk, { chapterId: chapter.id, intervals: [[from, from + REPORT_EVERY_SECONDS]], position: from + REPORT_EVERY_SECONDS }), round });
        await new Promise((r) => setTimeout(r, REPORT_EVERY_SECONDS * 1000));
      }
    }));
    const waited = await waits.stop();
    // a burst: every viewer at the same instant (a class paused by its teacher)
    const burst = await Promise.all(tokens.map((tk) => timedCall(url, tk, { chapterId: chapter.id, intervals: [[0, 20]], position: 20 })));
    const [{ n }] = (await db.query(`select count(*)::int as n from learning_progress where chapter_id = $1 and watched_seconds > 0`, [chapter.id])).rows;
    console.log(`\n在线学习 — ${c.label ?? ''} (${tokens.length} viewers set up and signed in in ${setupSeconds.toFixed(1)} s; ${n} progress rows)`);
    console.table([
      { what: `进度上报 steady (${tokens.length} viewers, every ${REPORT_EVERY_SECONDS} s)`, ...summary(steady) },
      ...Array.from({ length: ROUNDS }, (_, r) => ({ what: `  of which round ${r + 1}`, ...summary(steady.filter((x) => x.round === r)) })),
      { what: `进度上报 burst (${tokens.length} at once)`, ...summary(burst) },
      { what: `开始学习 (${tokens.length} at once)`, ...summary(opened) },
    ]);
    // where the slowest hundredth fell, by second of the steady phase, and what the database's sessions waited on
    const cut = steady.map((x) => x.ms).sort((a, b) => a - b)[Math.floor(steady.length * 0.99)] ?? 0;
    const bySecond = new Map<number, number>();
    for (const x of steady) if (x.ms >= cut) { const sec = Math.floor((x.at - steadyStart) / 1000); bySecond.set(sec, (bySecond.get(sec) ?? 0) + 1); }
    console.log(`the slowest 1 % (≥ ${cut.toFixed(1)} ms) by second of the steady phase: ${[...bySecond].sort((a, b) => a[0] - b[0]).map(([sec, n]) => `${sec}s×${n}`).join(' ')}`);
    console.log(`the bench's own event loop, first 2 s of the steady phase: at most ${ownLate.toFixed(0)} ms late`);
    if (process.env.BENCH_DEBUG) console.log('first 80 calls (offset ms → ms):', steady.slice().sort((a, b) => a.at - b.at).slice(0, 80).map((x) => `${Math.round(x.at - steadyStart)}→${x.ms.toFixed(0)}`).join(' '));
    console.log(`PostgreSQL sessions waiting, sampled every 20 ms during the steady phase (${waited.samples} samples): ${waited.top}`);
  } finally {
    await db.end();
  }
}

/** samples pg_stat_activity's wait events of active sessions (other than its own) until stopped */
async function sampleWaits(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const counts = new Map<string, number>();
  let samples = 0, running = true;
  const loop = (async () => {
    while (running) {
      const r = await db.query(`select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w from pg_stat_activity
        where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`);
      samples++;
      for (const { w } of r.rows) counts.set(w, (counts.get(w) ?? 0) + 1);
      await new Promise((res) => setTimeout(res, 20));
    }
  })();
  return {
    stop: async () => {
      running = false; await loop; await db.end();
      return { samples, top: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([w, n]) => `${w} ${n}`).join(', ') };
    },
  };
}
