/**
 * Browser journeys run against the built app served by real servers (captcha on), one per e2e worker, each on its own
 * embedded database. The database is migrated and seeded once, into a template data directory, and every server
 * starts on a copy of it: seeding is most of a server's start, and a copy takes a fraction of it.
 * DG_E2E_WORKERS sets how many (vitest.config.ts runs as many e2e workers; 3 by default: e2e/workers.ts).
 */
import type { TestProject } from 'vitest/node';
import { cpSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, prepareDatabase, type RunningServer } from '../server/src/server.ts';
import { loadConfig, repoRoot } from '../server/src/config.ts';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';
import { connect } from '../server/src/db/index.ts';
import { e2eWorkers } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the first server's address and database (the only ones with one worker) */
    baseUrl: string; e2eDatabaseUrl: string;
    /** every worker's server: each worker process claims one (e2e/helpers.ts) */
    e2eServers: { baseUrl: string; databaseUrl: string }[];
    /** where the e2e workers claim their servers (server/test/workers.ts) */
    e2eSlots: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first (npm test does)');
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', seedDemo: true, loginCaptcha: true, logLevel: 'warn',
    // every answer a route declares is checked against its schema: what the pages read is what core says they read
    checkAnswers: true };
  const root = mkdtempSync(path.join(os.tmpdir(), 'dg-e2e-'));
  const servers: RunningServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const template = path.join(root, 'template');
    const embedded = await startEmbeddedPostgres(path.join(template, 'pg'));
    const database = connect(embedded.url, 2);
    try {
      await prepareDatabase(database, config);
    } finally {
      await database.close();
      await embedded.stop();
    }
    const count = e2eWorkers();
    for (let i = 0; i < count; i++) {
      const dataDir = path.join(root, `server-${i}`);
      cpSync(path.join(template, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
      // its own data directory (uploads, the signing secret); the seeds find the copy seeded and leave it
      servers.push(await startServer({ ...config, dataDir }, { logger: false }));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const list = servers.map((s) => ({ baseUrl: s.url, databaseUrl: s.database.url }));
  project.provide('e2eServers', list);
  project.provide('e2eSlots', root);
  project.provide('baseUrl', list[0]!.baseUrl);
  project.provide('e2eDatabaseUrl', list[0]!.databaseUrl);
  return stop;
}
