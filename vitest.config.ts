import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for unit, component and API tests; Playwright journeys live in e2e/.
export default defineConfig({
  test: {
    // At least two test files at a time: Vitest's default (one fewer than the cores) runs one on a
    // two-core machine such as CI's, and the server's files spend much of their time waiting on
    // PostgreSQL, SQLite and the CPU pool's thread, which another file's work fills.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'har',
          root: './packages/har',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrates once per run into templates that each test app's database is copied from.
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      './packages/web/vite.config.ts',
    ],
  },
});
