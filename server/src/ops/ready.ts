/**
 * GET /api/ready — readiness for a load balancer or an orchestrator: 200 when the database answers, Redis answers
 * (when REDIS_URL is set) and the database's migrations are exactly this build's; 503 otherwise, the body naming
 * what is not ready. /api/health stays the liveness answer (the process and its pool are alive).
 */
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { migrationState, type Database } from '../db/index.ts';
import type { FastifyInstance } from 'fastify';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'down';
  redis: 'ok' | 'down' | 'not configured';
  migrations: 'current' | 'pending' | 'newer' | 'unknown';
  pending?: string[];
  unknownToThisBuild?: string[];
  /** what is not ready, Chinese and English */
  problems: string[];
}

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);

export function readinessCheck(config: Config, database: Database) {
  let redis: Redis | undefined;
  const check = async (): Promise<Readiness> => {
    const r: Readiness = { ready: false, database: 'down', redis: config.redisUrl ? 'down' : 'not configured', migrations: 'unknown', problems: [] };
    try {
      await within(database.pool.query('select 1'), 5000);
      r.database = 'ok';
    } catch {
      r.problems.push('数据库无应答 / database does not answer');
    }
    if (r.database === 'ok') {
      try {
        const m = await within(migrationState(database), 5000);
        r.migrations = m.unknown.length ? 'newer' : m.pending.length ? 'pending' : 'current';
        if (m.pending.length) { r.pending = m.pending; r.problems.push(`数据库迁移未完成 / migrations pending: ${m.pending.join(', ')}`); }
        if (m.unknown.length) { r.unknownToThisBuild = m.unknown; r.problems.push(`数据库已由更新的版本迁移 / database migrated by a newer version: ${m.unknown.join(', ')}`); }
      } catch {
        r.problems.push('无法读取数据库迁移记录 / migrations cannot be read');
      }
    }
    if (config.redisUrl) {
      if (!redis) {
        redis = new Redis(config.redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, enableOfflineQueue: false });
        redis.on('error', () => {}); // a Redis that went away is reported by the answer, not as an unhandled error
      }
      try {
        if (redis.status === 'wait' || redis.status === 'end') await within(redis.connect(), 3000);
        await within(redis.ping(), 3000);
        r.redis = 'ok';
      } catch {
        r.problems.push('Redis 无应答 / Redis does not answer');
      }
    }
    r.ready = r.problems.length === 0;
    return r;
  };
  return { check, close: () => { redis?.disconnect(); } };
}

export function registerReadiness(app: FastifyInstance, config: Config, database: Database) {
  const readiness = readinessCheck(config, database);
  app.get('/api/ready', { config: { access: { public: true } }, schema: { tags: ['框架'], summary: '就绪检查（数据库、Redis、迁移）' } }, async (_req, reply) => {
    const r = await readiness.check();
    return reply.code(r.ready ? 200 : 503).header('cache-control', 'no-store').send(r);
  });
  app.addHook('onClose', async () => readiness.close());
}
