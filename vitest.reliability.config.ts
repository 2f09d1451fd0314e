import { defineConfig } from 'vitest/config';

/**
 * Fault and load tests: they run one file at a time, so their timings are not disturbed by each
 * other. Short by default (CI); RELIABILITY_FULL=1 runs the long versions (see docs/reliability.md).
 */
export default defineConfig({
  test: {
    include: ['src/server/**/*.reliability.test.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
