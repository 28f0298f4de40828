/**
 * GET /api/ready on the run's database: public (no token), 200 when the database, Redis (if configured) and the
 * migrations are ready; the check names what is not (here a Redis that does not answer), and the route answers 503 then.
 */
import { describe, it, expect } from 'vitest';
import { testApp } from '../helpers.ts';
import { readinessCheck } from '../../src/ops/ready.ts';

describe('readiness', () => {
  it('answers 200 when the database, Redis and migrations are ready', async () => {
    const t = await testApp();
    const r = await t.call('GET', '/api/ready');
    expect(r.http).toBe(200);
    expect(r.body).toMatchObject({ ready: true, database: 'ok', redis: t.config.redisUrl ? 'ok' : 'not configured', migrations: 'current', problems: [] });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('names Redis when it does not answer', async () => {
    const t = await testApp();
    const c = readinessCheck({ ...t.config, redisUrl: 'redis://127.0.0.1:1' }, t.app.ctx.database);
    try {
      const r = await c.check();
      expect(r).toMatchObject({ ready: false, database: 'ok', redis: 'down', migrations: 'current' });
      expect(r.problems).toEqual(['Redis 无应答 / Redis does not answer']);
    } finally { c.close(); }
  });
});
