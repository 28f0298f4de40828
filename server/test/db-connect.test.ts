/**
 * The server's connections to a real PostgreSQL run without JIT: compiling a partitioned list over millions of
 * waybills cost 150–200 ms of a 6 ms query (docs/waybill-api.md §7). PGlite has no JIT, so this runs on PostgreSQL.
 */
import { describe, it, expect, inject } from 'vitest';
import { connect } from '../src/db/index.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('connections to PostgreSQL', () => {
  it('have JIT off when asked (the server asks)', async () => {
    const off = connect(inject('databaseUrl'), 1, { jitOff: true });
    try {
      expect((await off.pool.query('show jit')).rows[0].jit).toBe('off');
    } finally { await off.close(); }
  });
});
