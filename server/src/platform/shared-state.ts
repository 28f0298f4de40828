/**
 * State several instances must share: invalidated tokens, captchas, rate-limit counters, a long job's progress.
 * Without REDIS_URL it lives in the database (one instance needs nothing more). With REDIS_URL it lives in Redis while
 * Redis answers, and falls back to the database while it does not (redisState), so Redis going away costs no sign-in.
 */
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { unavailableMessage, REDIS_UNAVAILABLE } from './errors.ts';

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

/** what the shared state says about Redis coming and going (the app's logger) */
export interface StateLog { warn(msg: string): void; info(msg: string): void }

/**
 * Redis first, the database while Redis is away, Redis again as soon as it is back (ioredis reconnects by itself).
 * Commands fail at once while Redis is disconnected (no offline queue) and give up after 2 s on a connection that
 * no longer answers, so a request never waits on a Redis that is gone. What must stay true across an outage:
 * - an invalidated token is written to the database always (and to Redis when it answers, for instances that read
 *   only Redis), and is looked up in both: one signed out while Redis was away stays refused after it returns;
 * - a captcha or a job's progress written to the database meanwhile is still found after Redis returns (a lookup
 *   that finds nothing in Redis asks the database; of two copies of a job the one written last wins);
 * - rate limits count per instance while Redis is away.
 */
export function redisState(url: string, db: Db, log?: StateLog): SharedState {
  const fallback = dbState(db);
  const r = new Redis(url, { lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 3000 });
  let away = false;
  r.on('error', () => {
    if (!away) log?.warn('Redis 无应答：共享状态（验证码、限流、令牌注销、导入进度）暂用数据库 / Redis does not answer: shared state falls back to the database');
    away = true;
  });
  r.on('ready', () => {
    if (away) log?.info('Redis 已恢复：共享状态回到 Redis / Redis answers again: shared state back in Redis');
    away = false;
  });
  /** on Redis while it is connected; on the database when it is not or when the command fails for want of Redis */
  const either = async <T>(onRedis: () => Promise<T>, onDb: () => Promise<T>): Promise<T> => {
    if (r.status !== 'ready') return onDb();
    try {
      return await onRedis();
    } catch (err) {
      if (unavailableMessage(err) !== REDIS_UNAVAILABLE) throw err;
      return onDb();
    }
  };
  /** a Redis read that answers null while Redis is away */
  const orNull = async <T>(read: () => Promise<T>): Promise<T | null> => either(read, async () => null);
  return {
    async invalidate(jti, until) {
      await fallback.invalidate(jti, until);
      await orNull(() => r.set(`dg:inv:${jti}`, '1', 'PX', Math.max(1000, until.getTime() - Date.now())));
    },
    async isInvalid(jti) {
      const [inRedis, inDb] = await Promise.all([orNull(() => r.exists(`dg:inv:${jti}`)), fallback.isInvalid(jti)]);
      return inRedis === 1 || inDb;
    },
    async putCaptcha(id, text, ttl) {
      await either(async () => { await r.set(`dg:cap:${id}`, text, 'EX', ttl); }, () => fallback.putCaptcha(id, text, ttl));
    },
    async takeCaptcha(id) {
      return (await orNull(() => r.getdel(`dg:cap:${id}`))) ?? fallback.takeCaptcha(id);
    },
    async hit(key, limit, windowSec) {
      return either(async () => {
        const k = `dg:rl:${key}:${Math.floor(Date.now() / 1000 / windowSec)}`;
        const n = await r.incr(k);
        if (n === 1) await r.expire(k, windowSec + 1);
        return n <= limit;
      }, () => fallback.hit(key, limit, windowSec));
    },
    async putJob(key, body, ttl) {
      await either(async () => { await r.set(`dg:job:${key}`, JSON.stringify(body), 'EX', ttl); }, () => fallback.putJob(key, body, ttl));
    },
    async getJob(key) {
      // a copy in each when Redis went away (or came back) while the job ran: the later expiry is the later write
      const [inRedis, inDb] = await Promise.all([
        orNull(async () => { const [[, v], [, ms]] = (await r.multi().get(`dg:job:${key}`).pttl(`dg:job:${key}`).exec())! as [[unknown, string | null], [unknown, number]]; return v ? { body: JSON.parse(v), until: Date.now() + ms } : null; }),
        jobRow(db, key),
      ]);
      const newest = inRedis && inDb ? (inDb.until > inRedis.until ? inDb : inRedis) : inRedis ?? inDb;
      return (newest?.body ?? null) as never;
    },
    async close() { r.disconnect(); },
  };
}

async function jobRow(db: Db, key: string): Promise<{ body: unknown; until: number } | null> {
  const r = await db.execute<{ body: unknown; expires_at: Date }>(sql`select body, expires_at from import_job where id = ${key} and expires_at > now()`);
  const row = r.rows[0];
  return row ? { body: row.body, until: new Date(row.expires_at).getTime() } : null;
}

export function dbState(db: Db): SharedState {
  const counters = new Map<string, { n: number; until: number }>();
  return {
    async invalidate(jti, until) {
      await db.execute(sql`insert into token_invalid (jti, expires_at) values (${jti}, ${until}) on conflict do nothing`);
      if (Math.random() < 0.05) await db.execute(sql`delete from token_invalid where expires_at < now()`);
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
      return ((await jobRow(db, key))?.body ?? null) as never;
    },
    async close() {},
  };
}
