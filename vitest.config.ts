import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The server suite runs on SQLite always, and again on PostgreSQL when TEST_DATABASE_URL is set
 * (`*.sqlite.test.ts` and `*.postgres.test.ts` only on theirs).
 * In CI a missing PostgreSQL is a failure, never a silent skip. The web app's component tests
 * run in jsdom. Long fault and load tests have their own config (vitest.reliability.config.ts).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error('CI must run the suite on PostgreSQL too: set TEST_DATABASE_URL (see .ci/run).');
}

const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'];
const serverExcluded = ['src/server/**/*.reliability.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'sqlite',
          // The benchmark's own helpers run once, beside the SQLite suite.
          include: [...serverTests, 'bench/**/*.test.ts'],
          exclude: [...serverExcluded, 'src/server/**/*.postgres.test.ts'],
          env: { CRUMB_TEST_DB: 'sqlite' },
          setupFiles: ['src/server/testing/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'postgres',
                include: serverTests,
                exclude: [...serverExcluded, 'src/server/**/*.sqlite.test.ts'],
                env: { CRUMB_TEST_DB: 'postgres' },
                setupFiles: ['src/server/testing/setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/testing/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
