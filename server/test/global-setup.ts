/**
 * The databases of the server tests of a run: embedded PGlite by default, one per worker (a PGlite process serves one
 * statement at a time: two workers on one of them wait for each other), or one real PostgreSQL shared by the workers
 * when TEST_DATABASE_URL is set (its public schema is dropped and recreated: point it at a test database).
 * Migrated and seeded with the base and demo data, exactly as `npm start` does; a worker finds its own with
 * `testDatabaseUrl()` (server/test/database.ts).
 * Embedded, the seeded database is first kept stopped as a template data directory (`seededDataDir`, in
 * server/test/template.ts): a file that starts a server of its own on a seeded database copies it instead of seeding
 * again (seeding is most of a start).
 */
import type { TestProject } from 'vitest/node';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { connect } from '../src/db/index.ts';
import { prepareDatabase } from '../src/server.ts';
import { loadConfig } from '../src/config.ts';
import { serverWorkers } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the databases of the workers: each worker process claims one (`testDatabaseUrl()`) */
    databaseUrls: string[];
    /** where the workers claim their slots (server/test/workers.ts) */
    workerSlots: string;
    /** embedded only: a stopped, migrated and seeded PGlite data directory to copy ('' on PostgreSQL) */
    templatePgDir: string;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const c = new pg.Client({ connectionString: given });
    await c.connect();
    await c.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
    await c.end();
    await prepare(given);
    project.provide('databaseUrls', [given]);
    project.provide('workerSlots', '');
    project.provide('templatePgDir', '');
    return async () => {};
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'dg-test-'));
  const template = path.join(root, 'template');
  const running: { stop(): Promise<void> }[] = [];
  const stop = async () => { await Promise.all(running.map((r) => r.stop())); rmSync(root, { recursive: true, force: true }); };
  try {
    const seeding = await startEmbeddedPostgres(template);
    try { await prepare(seeding.url); } finally { await seeding.stop(); }
    const urls: string[] = [];
    for (let i = 0; i < serverWorkers(); i++) {
      const dir = path.join(root, `run-${i}`);
      cpSync(template, dir, { recursive: true });
      const embedded = await startEmbeddedPostgres(dir);
      running.push(embedded);
      urls.push(embedded.url);
    }
    project.provide('databaseUrls', urls);
    project.provide('workerSlots', root);
  } catch (err) {
    await stop();
    throw err;
  }
  project.provide('templatePgDir', template);
  return stop;
}

async function prepare(url: string) {
  const database = connect(url, 2);
  try {
    await prepareDatabase(database, { ...loadConfig({}), seedDemo: true });
  } finally {
    await database.close();
  }
}
