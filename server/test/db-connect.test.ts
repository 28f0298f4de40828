/**
 * The server's connections to a real PostgreSQL run without JIT: compiling a partitioned list over millions of
 * waybills cost 150–200 ms of a 6 ms query (docs/waybill-api.md §7). PGlite has no JIT, so this runs on PostgreSQL;
 * so does the check that only a statement that says so commits without waiting for the disk.
 */
import { describe, it, expect} from 'vitest';
import { sql } from 'drizzle-orm';
import { connect, allOnInOrder, detectEngine, execPrepared } from '../src/db/index.ts';
import { testDatabaseUrl } from './database.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('connections to PostgreSQL', () => {
  it('have JIT off when asked (the server asks)', async () => {
    const off = connect(testDatabaseUrl(), 1, { jitOff: true });
    try {
      expect((await off.pool.query('show jit')).rows[0].jit).toBe('off');
    } finally { await off.close(); }
  });

  it('commit without waiting for the disk only where a statement says so, on a generic plan', async () => {
    const d = connect(testDatabaseUrl(), 2);
    const settings = sql`select current_setting('synchronous_commit') as commit, current_setting('plan_cache_mode') as plan`;
    try {
      expect(await detectEngine(d)).toBe(true);
      expect((await execPrepared(d.db, settings, 'generic', { waitForDisk: false })).rows[0]).toEqual({ commit: 'off', plan: 'force_generic_plan' });
      expect((await execPrepared(d.db, settings, 'generic')).rows[0]).toEqual({ commit: 'on', plan: 'force_generic_plan' });
      expect((await execPrepared(d.db, settings, 'chosen', { waitForDisk: false })).rows[0]).toEqual({ commit: 'on', plan: 'auto' });
      expect((await d.pool.query("select current_setting('synchronous_commit') as commit")).rows[0]).toEqual({ commit: 'on' });
    } finally { await d.close(); }
  });
});

describe('allOnInOrder', () => {
  it("throws the first failing job's error in the jobs' order, not the first to fail in time, and answers in order", async () => {
    const db = connect(testDatabaseUrl(), 2);
    try {
      const later = (ms: number, v: () => unknown) => () => new Promise((resolve, reject) => setTimeout(() => { try { resolve(v()); } catch (e) { reject(e); } }, ms));
      await expect(allOnInOrder(db.db, [later(5, () => 1), later(40, () => { throw new Error('第二项'); }), later(1, () => { throw new Error('第三项'); })])).rejects.toThrow('第二项');
      expect(await allOnInOrder(db.db, [later(30, () => 'a'), later(1, () => 'b')])).toEqual(['a', 'b']);
    } finally { await db.close(); }
  });
});
