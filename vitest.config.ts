import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts', 'web/src/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server', include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'], environment: 'node',
          globalSetup: ['server/test/global-setup.ts'], testTimeout: 60_000, hookTimeout: 120_000,
          // one shared database per run; files run in parallel on it, each with its own rows
          fileParallelism: true, maxWorkers: 2, sequence: { groupOrder: 1 },
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
