/**
 * State several instances must share: invalidated tokens, captchas, rate-limit counters.
 * With REDIS_URL it lives in Redis; without it, in the database (ARCHITECTURE.md "Database modes").
 */
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

export interface SharedState {
  invalidate(jti: string, until: Date): Promise<void>;
  isInvalid(jti: string): Promise<boolean>;
  putCaptcha(id: string, text: string, ttlSec: number): Promise<void>;
  /** returns the text once, then forgets it */
  takeCaptcha(id: string): Promise<string | null>;
  /** counts a hit; true while within `limit` hits per `windowSec` */
  hit(key: string, limit: number, windowSec: number): Promise<boolean>;
  /** a long job's progress (an import), readable from every instance for `ttlSec` */
  putJob(key: string, body: object, ttlSec: number): Promise<void>;
  getJob<T>(key: string): Promise<T | null>;
  close(): Promise<void>;
}

export function redisState(url: string): SharedState {
  const r = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async invalidate(jti, until) { await r.set(`dg:inv:${jti}`, '1', 'PX', Math.max(1000, until.getTime() - Date.now())); },
    async isInvalid(jti) { return (await r.exists(`dg:inv:${jti}`)) === 1; },
    async putCaptcha(id, text, ttl) { await r.set(`dg:cap:${id}`, text, 'EX', ttl); },
    async takeCaptcha(id) { return r.getdel(`dg:cap:${id}`); },
    async hit(key, limit, windowSec) {
      const k = `dg:rl:${key}:${Math.floor(Date.now() / 1000 / windowSec)}`;
      const n = await r.incr(k);
      if (n === 1) await r.expire(k, windowSec + 1);
      return n <= limit;
    },
    async putJob(key, body, ttl) { await r.set(`dg:job:${key}`, JSON.stringify(body), 'EX', ttl); },
    async getJob(key) { const v = await r.get(`dg:job:${key}`); return v ? JSON.parse(v) : null; },
    async close() { r.disconnect(); },
  };
}

export function dbState(db: Db): SharedState {
  const counters = new Map<string, { n: number; until: number }>();
  return {
    async invalidate(jti, until) {
      await db.execute(sql`insert into token_invalid (jti, expires_at) values (${jti}, ${until}) on conflict do nothing`);
    },
    async isInvalid(jti) {
      const r = await db.execute(sql`select 1 from token_invalid where jti = ${jti}`);
      return r.rows.length > 0;
    },
    async putCaptcha(id, text, ttl) {
      await db.execute(sql`insert into captcha (id, text, expires_at) values (${id}, ${text}, ${new Date(Date.now() + ttl * 1000)})`);
      if (Math.random() < 0.05) await db.execute(sql`delete from captcha where expires_at < now()`);
    },
    async takeCaptcha(id) {
      const r = await db.execute<{ text: string }>(sql`delete from captcha where id = ${id} and expires_at > now() returning text`);
      return r.rows[0]?.text ?? null;
    },
    // rate limits without Redis are per instance (a single instance is the embedded-database case)
    async hit(key, limit, windowSec) {
      const now = Date.now();
      const c = counters.get(key);
      if (!c || c.until < now) { counters.set(key, { n: 1, until: now + windowSec * 1000 }); return true; }
      c.n += 1;
      if (counters.size > 10_000) for (const [k, v] of counters) if (v.until < now) counters.delete(k);
      return c.n <= limit;
    },
    async putJob(key, body, ttl) {
      await db.execute(sql`insert into import_job (id, body, expires_at) values (${key}, ${JSON.stringify(body)}::jsonb, ${new Date(Date.now() + ttl * 1000)})
        on conflict (id) do update set body = excluded.body, expires_at = excluded.expires_at`);
      if (Math.random() < 0.05) await db.execute(sql`delete from import_job where expires_at < now()`);
    },
    async getJob(key) {
      const r = await db.execute<{ body: unknown }>(sql`select body from import_job where id = ${key} and expires_at > now()`);
      return (r.rows[0]?.body ?? null) as never;
    },
    async close() {},
  };
}
