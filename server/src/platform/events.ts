/**
 * Live updates: something that changes what a user's screens count (a notice published, a message sent, a waybill
 * moved on) is published here, and every instance pushes it within moments to the browsers of the users it concerns
 * over Server-Sent Events (GET /api/events). Instances hear each other through Redis pub/sub when REDIS_URL is set,
 * else through PostgreSQL LISTEN/NOTIFY; the embedded database (one instance) keeps it in the process. With Redis, an
 * event Redis cannot take is sent the other way (PostgreSQL, or the process), which every instance also listens to. A
 * dropped subscriber connection reconnects by itself; the browser reconnects too, and refetches what it shows when it does.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { connectionOptions, type Db } from '../db/index.ts';
import { unavailableMessage, REDIS_UNAVAILABLE } from './errors.ts';

export interface LiveEvent {
  /**
   * what changed: resource keys ('notice', 'message', 'waybill', 'regimeDoc' …); the web invalidates the queries keyed
   * by each of them (and those that declare they read it, as the bell's counts do)
   */
  keys: string[];
  /** the users it concerns … */
  users?: string[];
  /** … or every user of these enterprises … */
  enterprises?: string[];
  /** … and the government users whose jurisdiction holds one of these region codes (the enterprises' own) */
  regions?: string[];
  /** … or everyone */
  all?: boolean;
}

/** who hears of a change to an enterprise's rows: its users, and the government users whose jurisdiction holds its region */
export async function enterpriseAudience(db: Db, enterpriseId: string): Promise<Pick<LiveEvent, 'enterprises' | 'regions'>> {
  const region = (await db.execute<{ region: string | null }>(sql`select region_code as region from enterprise where id = ${enterpriseId}`)).rows[0]?.region;
  return { enterprises: [enterpriseId], regions: region ? [region] : [] };
}

const CHANNEL = 'dg_events';
/** a NOTIFY payload must stay under 8000 bytes: a longer list becomes a broadcast */
const MAX_USERS = 150;

export interface Events {
  publish(e: LiveEvent): Promise<void>;
  subscribe(fn: (e: LiveEvent) => void): () => void;
  close(): Promise<void>;
  mode: 'redis' | 'listen' | 'local';
}

function local(): Events & { deliver(e: LiveEvent): void } {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  return {
    mode: 'local',
    async publish(e) { em.emit('e', e); },
    deliver(e) { em.emit('e', e); },
    subscribe(fn) { em.on('e', fn); return () => em.off('e', fn); },
    async close() { em.removeAllListeners(); },
  };
}

const parse = (s: string): LiveEvent | null => { try { return JSON.parse(s) as LiveEvent; } catch { return null; } };
const shrink = (e: LiveEvent): LiveEvent => ((e.users?.length ?? 0) > MAX_USERS ? { keys: e.keys, all: true } : e);

/**
 * Redis pub/sub, and `otherwise` (LISTEN/NOTIFY on PostgreSQL, the process on the embedded database) for what is
 * published while Redis is away: subscribers hear both, and an event goes one way only, so none arrives twice.
 */
export function redisEvents(url: string, otherwise: Events): Events {
  const base = local();
  // no offline queue and 2 s at most: a publish while Redis is away fails at once and goes the other way
  const pub = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 3000 });
  const sub = new Redis(url); // reconnects and resubscribes by itself
  // the shared state logs Redis going and coming back; these connections' own errors are that same outage
  pub.on('error', () => {});
  sub.on('error', () => {});
  sub.subscribe(CHANNEL).catch(() => { /* resubscribed when it connects */ });
  sub.on('message', (_ch, msg) => { const e = parse(msg); if (e) base.deliver(e); });
  return {
    mode: 'redis',
    async publish(e) {
      if (pub.status === 'ready') {
        try {
          await pub.publish(CHANNEL, JSON.stringify(shrink(e)));
          return;
        } catch (err) {
          if (unavailableMessage(err) !== REDIS_UNAVAILABLE) throw err;
        }
      }
      await otherwise.publish(e);
    },
    subscribe(fn) { const offRedis = base.subscribe(fn); const offOther = otherwise.subscribe(fn); return () => { offRedis(); offOther(); }; },
    async close() { sub.disconnect(); pub.disconnect(); await base.close(); await otherwise.close(); },
  };
}

export function listenEvents(connectionString: string, notify: (payload: string) => Promise<unknown>): Events {
  const base = local();
  let client: pg.Client | undefined;
  let closed = false;
  const connect = async () => {
    const c = new pg.Client({ connectionString, ...connectionOptions });
    const retry = () => {
      if (client !== c) return;
      client = undefined;
      c.end().catch(() => {});
      if (!closed) setTimeout(() => connect().catch(() => {}), 500).unref();
    };
    c.on('error', retry);
    c.on('end', retry);
    c.on('notification', (n) => { const e = n.payload ? parse(n.payload) : null; if (e) base.deliver(e); });
    client = c;
    try { await c.connect(); await c.query(`listen ${CHANNEL}`); } catch { retry(); }
  };
  void connect();
  return {
    mode: 'listen',
    async publish(e) { await notify(JSON.stringify(shrink(e))); },
    subscribe: base.subscribe,
    async close() { closed = true; const c = client; client = undefined; await c?.end().catch(() => {}); await base.close(); },
  };
}

export const localEvents = (): Events => local();
