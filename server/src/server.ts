/** Starting and stopping a whole server: database (embedded or PostgreSQL), migrations, seeds, HTTP, heartbeat. */
import path from 'node:path';
import os from 'node:os';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { connect, poolStats, runMigrations, type Database } from './db/index.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { seedBase } from './db/seed-base.ts';
import { seedDemo } from './db/seed-demo.ts';
import { seedGoodsCatalogue } from './modules/knowledge/catalogue.ts';
import { seedKnowledge } from './modules/knowledge/topics.ts';
import { buildApp, type BuiltApp } from './app.ts';
import './modules/demo.ts';
import { portError } from './ops/startup.ts';

export interface RunningServer { app: BuiltApp; url: string; database: Database; stop(graceMs?: number): Promise<void> }

/** migrations and base seed under one advisory lock, so several instances can start together */
export async function prepareDatabase(database: Database, config: Config) {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(7243001)');
    await runMigrations(database);
    await seedBase(database.db);
    await seedGoodsCatalogue(database.db);
    await seedKnowledge(database.db);
    if (config.seedDemo) await seedDemo(database.db, config.provinceCode);
  } finally {
    await client.query('select pg_advisory_unlock(7243001)').catch(() => {});
    client.release();
  }
}

export async function startServer(config: Config, opts: { logger?: boolean } = {}): Promise<RunningServer> {
  // V8's allocation-site pretenuring: what a request builds and holds over its database round trip (drizzle's statement
  // chunks, pg's rows) looked long-lived to it, so it allocated them straight into the old generation — ~360 MB of
  // garbage there in 7 s of list load (a sampling profile of what survived minor collections), the heap grown to
  // ~300 MB before a full collection. Off: ~35 MB under the same load. Read by V8 at each collection.
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
    url = embedded.url;
  }
  const database = connect(url, embedded ? 8 : 20, { jitOff: !embedded });
  try {
    await prepareDatabase(database, config);
  } catch (err) {
    await database.close().catch(() => {});
    await embedded?.stop();
    throw err;
  }
  let built: BuiltApp | undefined;
  try {
    built = await buildApp({ config, database, logger: opts.logger });
    await built.listen({ port: config.port, host: config.host });
  } catch (err) {
    await built?.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop();
    const code = (err as NodeJS.ErrnoException).code;
    throw code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL' || code === 'EACCES' ? portError(config.host, config.port, err as NodeJS.ErrnoException) : err;
  }
  const app = built;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  // 服务注册: heartbeat every 15 s with this instance's figures
  const beat = async () => {
    const mem = process.memoryUsage();
    const stats = { rss: mem.rss, heapUsed: mem.heapUsed, pool: poolStats(database), lastMinute: app.ctx.traces.lastMinute() };
    await database.db.execute(sql`insert into service_instance (id, host, pid, version, started_at, heartbeat_at, stats)
      values (${app.ctx.instanceId}, ${os.hostname()}, ${process.pid}, ${config.version}, ${app.ctx.startedAt}, now(), ${JSON.stringify(stats)}::jsonb)
      on conflict (id) do update set heartbeat_at = now(), stats = excluded.stats`).catch(() => {});
  };
  await beat();
  const timer = setInterval(beat, 15_000);
  timer.unref();

  let stopped = false;
  return {
    app, database, url: `http://127.0.0.1:${port}`,
    /**
     * In this order: stop accepting (new requests get 503), let the requests in flight finish (at most `graceMs`),
     * then close the pool, then stop the embedded database — never the database under a write.
     */
    async stop(graceMs = 20_000) {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      let late: NodeJS.Timeout | undefined;
      const closing = app.close();
      const inTime = await Promise.race([closing.then(() => true), new Promise<boolean>((r) => { late = setTimeout(() => r(false), graceMs); })]);
      clearTimeout(late);
      if (!inTime) app.log.warn(`requests still running after ${graceMs} ms: closing the database under them`);
      await database.db.execute(sql`delete from service_instance where id = ${app.ctx.instanceId}`).catch(() => {});
      await database.close();
      await embedded?.stop();
    },
  };
}
