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
    await Promise.all(tokens.map((tk) => timedCall(`${c.baseUrl}/api/zxxx/learning/start`, tk, { chapterId: chapter.id })));

    // steady: each viewer reports the last REPORT_EVERY_SECONDS of playback every REPORT_EVERY_SECONDS, at its own phase
    const steady: { ms: number; ok: boolean }[] = [];
    await Promise.all(tokens.map(async (tk, i) => {
      await new Promise((r) => setTimeout(r, (i / tokens.length) * REPORT_EVERY_SECONDS * 1000));
      for (let round = 0; round < ROUNDS; round++) {
        const from = round * REPORT_EVERY_SECONDS;
        steady.push(await timedCall(url, tk, { chapterId: chapter.id, intervals: [[from, from + REPORT_EVERY_SECONDS]], position: from + REPORT_EVERY_SECONDS }));
        await new Promise((r) => setTimeout(r, REPORT_EVERY_SECONDS * 1000));
      }
    }));
    // a burst: every viewer at the same instant (a class paused by its teacher)
    const burst = await Promise.all(tokens.map((tk) => timedCall(url, tk, { chapterId: chapter.id, intervals: [[0, 20]], position: 20 })));
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
