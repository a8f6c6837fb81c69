import { defineConfig } from 'vitest/config';

// One runner for unit, component and API tests; Playwright journeys live in e2e/.
export default defineConfig({
  test: {
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
