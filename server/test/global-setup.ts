/**
 * One database for the server tests of a run: embedded PGlite by default, a real PostgreSQL when
 * TEST_DATABASE_URL is set (its public schema is dropped and recreated: point it at a test database).
 * Migrated and seeded with the base and demo data, exactly as `npm start` does.
 */
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { connect } from '../src/db/index.ts';
import { prepareDatabase } from '../src/server.ts';
import { loadConfig } from '../src/config.ts';

declare module 'vitest' {
  export interface ProvidedContext { databaseUrl: string }
}

export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
    await c.end();
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dg-test-'));
    const embedded = await startEmbeddedPostgres(dir);
    url = embedded.url;
    stop = async () => { await embedded.stop(); rmSync(dir, { recursive: true, force: true }); };
  }
  const database = connect(url, 2);
  await prepareDatabase(database, { ...loadConfig({}), seedDemo: true });
  await database.close();
  project.provide('databaseUrl', url);
  return stop;
}
