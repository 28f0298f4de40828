import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts', 'web/src/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server', include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'], environment: 'node',
          globalSetup: ['server/test/global-setup.ts'], setupFiles: ['server/test/setup.ts'], testTimeout: 60_000, hookTimeout: 120_000,
          // one shared database per run; files run in parallel on it, each with its own rows
          fileParallelism: true, maxWorkers: 2, sequence: { groupOrder: 1 },
          // a worker keeps the modules it loaded from one file to the next: importing the server again for each of
          // ~60 files cost ~2.5 s a file; each file closes what it opened (server/test/setup.ts)
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e', include: ['e2e/**/*.test.ts'], environment: 'node',
          globalSetup: ['e2e/global-setup.ts'], testTimeout: 120_000, hookTimeout: 180_000,
          fileParallelism: false, sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
