/**
 * The server the warning journeys run against: the global one when it serves these modules (once
 * server/src/modules/index.ts registers them), else one of this file's own on a fresh embedded
 * database with the modules registered — same build, same seeds, captcha on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { baseUrl, databaseUrl, DEMO_PASSWORDS, login } from '../helpers.ts';
import { loadConfig } from '../../server/src/config.ts';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import { connect } from '../../server/src/db/index.ts';
import { prepareDatabase } from '../../server/src/server.ts';
import { buildApp } from '../../server/src/app.ts';
import { recordsModule } from '../../server/src/modules/records/index.ts';
import { warningsModule } from '../../server/src/modules/warnings/index.ts';
import { knowledgeModule, seedGoodsCatalogue } from '../../server/src/modules/knowledge/index.ts';
import { approvalModule } from '../../server/src/modules/approval/index.ts';

export interface JourneyServer { url: string; dbUrl: string; stop(): Promise<void> }

export async function journeyServer(): Promise<JourneyServer> {
  const probe = await fetch(baseUrl() + '/api/warning/summary');
  if (probe.status !== 404) return { url: baseUrl(), dbUrl: databaseUrl(), stop: async () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dg-e2e-warn-'));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'));
  const config = { ...loadConfig({}), dataDir: dir, seedDemo: true, loginCaptcha: true, logLevel: 'warn' };
  const database = connect(embedded.url, 8);
  await prepareDatabase(database, config);
  await seedGoodsCatalogue(database.db);
  const app = await buildApp({ config, database, logger: false });
  const has = (method: string, url: string) => app.hasRoute({ method: method as 'GET', url });
  if (!has('POST', '/api/xxda/vehicle/submitAudit/:id')) await app.register(recordsModule, { prefix: '/api' });
  if (!has('GET', '/api/warning/summary')) await app.register(warningsModule, { prefix: '/api' });
  if (!has('GET', '/api/zsk/dangerousGoods/search')) await app.register(knowledgeModule, { prefix: '/api' });
  if (!has('POST', '/api/audit/pending/list')) await app.register(approvalModule, { prefix: '/api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`, dbUrl: embedded.url,
    async stop() { await app.close(); await database.close(); await embedded.stop(); rmSync(dir, { recursive: true, force: true }); },
  };
}

export async function query<T = any>(s: JourneyServer, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: s.dbUrl });
  await c.connect();
  try { return (await c.query(text, params)).rows; } finally { await c.end(); }
}

/** e2e/helpers.ts login, against this server */
export const signIn = (s: JourneyServer, page: Page, username: string, password = DEMO_PASSWORDS[username]!) =>
  login(page, username, password, { server: s });
