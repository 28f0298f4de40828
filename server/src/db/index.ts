import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql, SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { MIGRATION_AREAS } from './areas.ts';
import * as schema from './schema.ts';
import { FULL_SQL, traceStore } from '../platform/traces.ts';

// DATE stays a 'YYYY-MM-DD' string and TIMESTAMP(TZ) a Date: a 有效期 is a calendar day, not an instant.
pg.types.setTypeParser(1082, (v: string) => v);
// bigint counts come back as numbers (they stay far below 2^53 here)
pg.types.setTypeParser(20, (v: string) => Number(v));
// numeric (money, tonnage) as numbers: the values here stay well inside a double's exact range
pg.types.setTypeParser(1700, (v: string) => Number(v));

/** the business calendar's time zone (every 有效期 and 本月 is a day or month in China) */
export const DB_TIME_ZONE = 'Asia/Shanghai';

export type Db = NodePgDatabase<typeof schema>;
/**
 * Runs independent queries on `db`: together on the pool (each on its own connection), one after another in a
 * transaction (one connection: pg would queue them itself, which it deprecates and pg 9 removes).
 */
export async function allOn<T>(db: Db, jobs: (() => Promise<T>)[]): Promise<T[]> {
  if (!(db instanceof PgTransaction)) return Promise.all(jobs.map((job) => job()));
  const out: T[] = [];
  for (const job of jobs) out.push(await job());
  return out;
}
/**
 * allOn, but when jobs fail the one thrown is the first failing job in the jobs' order — a form's first field — not
 * the first to fail in time (every job runs to its end either way).
 */
export async function allOnInOrder<T>(db: Db, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const settled = await allOn<{ ok: true; v: T } | { ok: false; e: unknown }>(db, jobs.map((job) => () => job().then((v) => ({ ok: true as const, v }), (e: unknown) => ({ ok: false as const, e }))));
  return settled.map((x) => { if (!x.ok) throw x.e; return x.v; });
}
export interface Database {
  pool: pg.Pool; db: Db; url: string; close(): Promise<void>;
  /** PostgreSQL itself, not the embedded PGlite (set by detectEngine) */
  postgres?: boolean;
}

/**
 * Which engine answers. The embedded PGlite is ONE session behind every connection: a named prepared statement of
 * one connection collides with another's, and a NOTIFY reaches only the connection that caused it.
 */
export async function detectEngine(database: Database) {
  if (database.postgres !== undefined) { realPostgres.set(database.pool, database.postgres); return database.postgres; }
  const r = await database.pool.query<{ v: string }>('select version() as v');
  database.postgres = !/emscripten|wasm|pglite/i.test(r.rows[0]?.v ?? '');
  realPostgres.set(database.pool, database.postgres);
  return database.postgres;
}
const realPostgres = new WeakMap<object, boolean>();
/** a connect() pool's twin for execPrepared: the same server, generic plans */
const genericPools = new WeakMap<pg.Pool, pg.Pool>();
/** its twin for `execPrepared(…, 'generic', { waitForDisk: false })`: generic plans, commits that do not wait for the WAL's flush */
const lazyCommitPools = new WeakMap<pg.Pool, pg.Pool>();
const dialect = new PgDialect();

/**
 * A hot query as a named prepared statement on PostgreSQL: its name comes from its text, so each query shape is parsed
 * once per connection. `plan`:
 * - 'chosen' (the default): PostgreSQL's choice — the first five calls are planned for their values, then it keeps a
 *   generic plan if that looks no dearer. Over the partitioned waybill table the plans made for the values (pruned,
 *   with their estimates) always look cheaper, so such a statement is planned on every call (2–7 ms across the
 *   partitions); but where the values matter (a state over a province: a generic plan took 8.7 s) that is what saves it.
 * - 'generic': planned once per connection and run on that plan ever after, on a second pool whose sessions have
 *   `plan_cache_mode = force_generic_plan` — for shapes whose best plan does not depend on the values (scoped to one
 *   enterprise, looked up by id): an enterprise's queue page went from 2.1 ms of planning + 0.3 of work to 0.3.
 * - 'per call': unnamed, planned for its values on every call, like db.execute — for shapes whose values change the
 *   number of rows by orders of magnitude (a goods class or a plate prefix over a province), where even PostgreSQL's
 *   first five custom plans would be cached under one name for nothing.
 * On the embedded database, or when `db` is a transaction, it runs unnamed like db.execute.
 *
 * `waitForDisk: false` (with 'generic', one statement on its own): committed without waiting for the WAL to reach the
 * disk (`synchronous_commit = off`, on a third pool's sessions). The write is as consistent as any other; a crash of
 * the database server can lose the last commits of the moment before it (at most three times `wal_writer_delay`, 0.6 s
 * by default), which the caller must be able to afford — a report that the next one repeats, never an answer or a
 * record. On this project's machines a flush took up to a few hundred milliseconds now and then, and every commit
 * waiting on it waited as long.
 */
export type Plan = 'chosen' | 'generic' | 'per call';
/** the connect() pool behind `db` when it is a real PostgreSQL's (not the embedded database's, nor a transaction) */
function postgresPool(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: pg.Pool }).$client;
  return client && realPostgres.get(client) ? client : null;
}
export async function execPrepared<T extends Record<string, unknown> = Record<string, unknown>>(db: Db, q: SQL | Compiled, plan: Plan = 'chosen',
  o: { waitForDisk?: boolean } = {}): Promise<{ rows: T[] }> {
  const statement = q instanceof SQL ? q : q.sql;
  const client = postgresPool(db);
  if (plan === 'per call' || !client) return db.execute(statement) as unknown as Promise<{ rows: T[] }>;
  const { text, params, name } = q instanceof SQL ? compile(q) : q;
  const on = plan !== 'generic' ? client : (o.waitForDisk === false && lazyCommitPools.get(client)) || genericPools.get(client) || client;
  return on.query<T>({ name, text, values: params });
}

/**
 * A statement with its text, parameters and prepared name worked out once, for a caller that runs the same statement
 * again and again (a session's reminder counts, shell/remind.ts): building drizzle's SQL and hashing its text was ~16 %
 * of getRemindInfo's time in the server. execPrepared takes it as it takes the SQL.
 */
export interface Compiled { sql: SQL; text: string; params: unknown[]; name: string }
export function compile(q: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { sql: q, text, params, name: statementName(text) };
}

const genericDrizzles = new WeakMap<pg.Pool, Db>();
/**
 * A drizzle database on `db`'s generic-plan pool, for a query builder's `.prepare(name)` (see execPrepared): null on the
 * embedded database or in a transaction, where the caller runs the query on `db` as it is.
 */
export function genericDb(db: Db): Db | null {
  const client = postgresPool(db);
  const generic = client && genericPools.get(client);
  if (!client || !generic) return null;
  let d = genericDrizzles.get(client);
  if (!d) { d = drizzle(generic, { schema }); genericDrizzles.set(client, d); }
  return d;
}

/**
 * Where a query builder's `.prepare(name)` runs for `plan` (see execPrepared): the generic-plan pool, `db` itself for
 * PostgreSQL's choice, or null — planned per call, the embedded database, a transaction — to run it unnamed on `db`.
 */
export function preparedDb(db: Db, plan: Plan): Db | null {
  if (plan === 'generic') return genericDb(db);
  return plan === 'chosen' && postgresPool(db) ? db : null;
}

/** a prepared statement's name, from its text: each shape is parsed once per connection */
export const statementName = (text: string) => 'q_' + createHash('sha1').update(text).digest('base64url').slice(0, 24);

/** the connections of a connect() database, its twins' included (系统监控, 服务注册) */
export function poolStats(database: Pick<Database, 'pool'>) {
  const pools = [database.pool, genericPools.get(database.pool), lazyCommitPools.get(database.pool)].filter((p): p is pg.Pool => !!p);
  const sum = (k: 'totalCount' | 'idleCount' | 'waitingCount') => pools.reduce((n, p) => n + p[k], 0);
  return { total: sum('totalCount'), idle: sum('idleCount'), waiting: sum('waitingCount') };
}

/** a query config that is prepared once per connection (named) on PostgreSQL, and unnamed on the embedded database */
export function stmt(database: Database, name: string, text: string, values: unknown[] = []): pg.QueryConfig {
  return database.postgres ? { name, text, values } : { text, values };
}

/**
 * A pool on `url`. `jitOff` (a real PostgreSQL): the planner's cost of a partitioned list over millions of rows
 * crosses jit_above_cost, and compiling it takes 150–200 ms for a query that runs in 6 ms (a plate prefix over
 * 10 million waybills went from 820 ms to 53 ms p50 with it off); this application's queries are short, so JIT is off.
 */
export function connect(url: string, max = 10, o: { jitOff?: boolean } = {}): Database {
  // TimeZone: CURRENT_DATE, a timestamp's date and a month's partition follow China's calendar, not the server's
  // (the embedded database ignores startup options and sets it itself, see embedded-server.mjs)
  const options = `-c TimeZone=${DB_TIME_ZONE}` + (o.jitOff ? ' -c jit=off' : '');
  const pool = tracedPool(url, max, options);
  // connections are opened on first use: on the embedded database (execPrepared runs unnamed there) it stays empty
  const generic = tracedPool(url, Math.ceil(max / 2), options + ' -c plan_cache_mode=force_generic_plan');
  genericPools.set(pool, generic);
  const lazyCommit = tracedPool(url, Math.ceil(max / 4), options + ' -c plan_cache_mode=force_generic_plan -c synchronous_commit=off');
  lazyCommitPools.set(pool, lazyCommit);
  const db = drizzle(pool, { schema });
  return { pool, db, url, close: async () => { await Promise.all([pool.end(), generic.end(), lazyCommit.end()]); } };
}

/**
 * How long opening a connection may take before the request is answered 503 (errors.ts unavailableMessage): a
 * database that is restarting refuses at once, one that does not answer at all must not hold a request past 10 s.
 * Waiting for a free connection of a busy pool has no limit (under a burst — 50 distributions at once, each holding the
 * day's counter — requests queue, they are not refused), and statements have none either: an export, an import or a
 * statistic may rightly run for minutes, and a connection the database ends fails its statement at once.
 */
export const CONNECT_TIMEOUT_MS = 5000;

/** options of every connection to the database: a connect that cannot finish gives up, a silent peer is noticed (TCP keep-alive) */
export const connectionOptions = { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/**
 * A pool's client with the connect timeout of its own: pg-pool would apply its connectionTimeoutMillis to the wait in
 * its queue as well, and refuse requests that a busy pool only has to make wait.
 */
class TimedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) { super({ ...config, ...connectionOptions }); }
}

function tracedPool(url: string, max: number, options: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000, options, Client: TimedClient });
  pool.on('error', () => { /* a dropped idle client is replaced on next use */ });
  pool.on('connect', (client) => {
    // pg-pool listens for a client's 'error' only while it is idle: one checked out (a transaction, a migration's
    // lock) whose connection ends between two statements would emit 'error' with no listener and end the process.
    // Its caller learns of it from the statement it runs next, and the pool drops it when it is released.
    client.on('error', () => {});
  });
  // every SQL statement becomes a span of the request that ran it (链路监控)
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const started = performance.now();
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text ?? '';
      const trace = traceStore.getStore(); // the request's, taken now: pg calls back from its socket's context
      const done = () => trace?.spans.push({ name: 'SQL ' + text.slice(0, 120), ms: Math.round((performance.now() - started) * 10) / 10,
        ...(FULL_SQL ? fullSql(text, args) : {}) });
      // pool.query (what drizzle calls) hands the client a callback; a checked-out client is used with promises
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const cb = args[last] as (...r: unknown[]) => void;
        args[last] = (...r: unknown[]) => { done(); cb(...r); };
        return query(...args);
      }
      const res = query(...args);
      if (res && typeof (res as Promise<unknown>).then === 'function') (res as Promise<unknown>).then(done, () => {});
      return res;
    };
  });
  return pool;
}

/** where the migrations are: next to this file in the source (server/src/db), next to the bundle in a build (server/dist) */
export const MIGRATIONS_ROOT = path.join(import.meta.dirname, 'migrations');

/**
 * A newer version migrated this database: it holds migrations this build does not have. Starting would run old code
 * on a newer schema (and drizzle would silently skip this build's own later migrations), so the start stops.
 */
export class MigrationVersionError extends Error {
  constructor(public unknown: string[]) {
    super(`数据库已由更新的版本迁移（本版本没有的迁移：${unknown.join('、')}），请用该版本或更新的版本启动，不要用旧版本 / `
      + `The database was migrated by a newer version (migrations this build does not have: ${unknown.join(', ')}); start that version or a newer one, not this one`);
    this.name = 'MigrationVersionError';
  }
}

export interface MigrationState {
  /** this build's migrations the database does not have yet (`area/tag`) */
  pending: string[];
  /** migrations recorded in the database that this build does not have (`area/<created_at>`) */
  unknown: string[];
}

type JournalEntry = { when: number; tag: string };
const journals = new Map<string, JournalEntry[]>();
/**
 * An area's journal, read once per process: it is part of the build and does not change while the build runs, and
 * /api/ready asks for it on every probe. Only a missing journal is an area without migrations; any other failure to
 * read it (a process out of file descriptors) is thrown, never taken for an empty journal, which would call every
 * applied migration one of a newer version.
 */
function journalEntries(root: string, area: string): JournalEntry[] {
  const file = path.join(root, area, 'meta/_journal.json');
  let entries = journals.get(file);
  if (!entries) {
    try {
      entries = (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      return [];
    }
    journals.set(file, entries);
  }
  return entries;
}

/** which of this build's migrations the database has, and which it has that this build does not know */
export async function migrationState(database: Pick<Database, 'pool'>, root = MIGRATIONS_ROOT): Promise<MigrationState> {
  const state: MigrationState = { pending: [], unknown: [] };
  for (const area of MIGRATION_AREAS) {
    const entries = journalEntries(root, area.name);
    const table = `__migrations_${area.name}`;
    const exists = (await database.pool.query<{ t: string | null }>('select to_regclass($1) as t', [`drizzle."${table}"`])).rows[0]?.t;
    const applied = exists ? (await database.pool.query<{ created_at: string | number }>(`select created_at from drizzle."${table}"`)).rows.map((r) => Number(r.created_at)) : [];
    const known = new Set(entries.map((e) => e.when));
    const have = new Set(applied);
    for (const e of entries) if (!have.has(e.when)) state.pending.push(`${area.name}/${e.tag}`);
    for (const when of applied) if (!known.has(when)) state.unknown.push(`${area.name}/${when}`);
  }
  return state;
}

/**
 * every area's migrations, in order, each tracked in its own table (see areas.ts). Refuses a database that a newer
 * version has migrated (MigrationVersionError). Callers hold the advisory lock (server.ts prepareDatabase).
 */
export async function runMigrations(database: Database, root = MIGRATIONS_ROOT) {
  const { unknown } = await migrationState(database, root);
  if (unknown.length) throw new MigrationVersionError(unknown);
  for (const area of MIGRATION_AREAS) {
    const migrationsFolder = path.join(root, area.name);
    if (!existsSync(path.join(migrationsFolder, 'meta/_journal.json'))) continue;
    await migrate(database.db, { migrationsFolder, migrationsTable: `__migrations_${area.name}` });
  }
}

function valuesOf(args: unknown[]): unknown[] | undefined {
  const v = typeof args[0] === 'string' ? args[1] : (args[0] as { values?: unknown } | undefined)?.values ?? args[1];
  return Array.isArray(v) ? v : undefined;
}

/** what TRACE_SQL=full keeps of a statement: not a bulk write's (an import's INSERTs, 2,000 rows a jsonb parameter, would hold the whole file) */
function fullSql(text: string, args: unknown[]): { sql?: string; values?: unknown[] } {
  const values = valuesOf(args);
  const bulk = (values?.length ?? 0) > 200 || values?.some((v) => typeof v === 'string' && v.length > 10_000);
  return bulk ? {} : { sql: text, values };
}

/** a JS array as ONE text[] parameter (drizzle's sql`` would expand it into a tuple) */
export const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
/** a JS array of ids as ONE uuid[] parameter */
export const uuidArray = (values: readonly string[]) => sql`${sql.param([...values])}::uuid[]`;
