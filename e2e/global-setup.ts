/** Browser journeys run against the built app served by a real server on a fresh embedded database (captcha on). */
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server/src/server.ts';
import { loadConfig, repoRoot } from '../server/src/config.ts';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string; e2eDatabaseUrl: string }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first (npm test does)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dg-e2e-'));
  const server = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir: dir, seedDemo: true, loginCaptcha: true, logLevel: 'warn' }, { logger: false });
  project.provide('baseUrl', server.url);
  project.provide('e2eDatabaseUrl', server.database.url);
  return async () => { await server.stop(); rmSync(dir, { recursive: true, force: true }); };
}
