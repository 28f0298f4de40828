import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './e2e/workers.ts';
import { serverWorkers } from './server/test/workers.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts', 'web/src/**/*.test.ts', 'web/build/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server', include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'], environment: 'node',
          globalSetup: ['server/test/global-setup.ts'], setupFiles: ['server/test/setup.ts'], testTimeout: 60_000, hookTimeout: 120_000,
          // files run in parallel (DG_SERVER_WORKERS, default 2), each worker on an embedded database of its own, or all on the
          // one PostgreSQL of TEST_DATABASE_URL; a file adds rows of its own and never counts on another file's
          fileParallelism: true, maxWorkers: serverWorkers(), sequence: { groupOrder: 1 },
          // a worker keeps the modules it loaded from one file to the next: importing the server again for each of
          // ~60 files cost ~2.5 s a file; each file closes what it opened (server/test/setup.ts)
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e', include: ['e2e/**/*.test.ts'], environment: 'node',
          // a journey of 40 s on a quiet machine has taken over 120 s with three workers beside other sessions' load
          globalSetup: ['e2e/global-setup.ts'], testTimeout: 300_000, hookTimeout: 180_000,
          // a page answers when the machine gets to it: an expect.poll without a timeout of its own waits as long as
          // playwright's own waits do (newPage: 30 s), not vitest's 1 s (a search's list once came 4 s after 查询)
          expect: { poll: { timeout: 30_000, interval: 200 } },
          // DG_E2E_WORKERS workers, each with its own server and database (e2e/global-setup.ts)
          fileParallelism: e2eWorkers() > 1, maxWorkers: e2eWorkers(), sequence: { groupOrder: 2 },
          // as in the server project: a worker imports playwright, pg and the helpers once, not once per file (each
          // file launches and closes its own browser)
          isolate: false,
        },
      },
    ],
  },
});
