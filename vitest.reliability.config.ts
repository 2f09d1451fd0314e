import { defineConfig } from 'vitest/config';

/** Fault and load tests: they run one file at a time, so their timings are not disturbed by each other. */
export default defineConfig({
  test: {
    include: ['src/server/**/*.reliability.test.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    passWithNoTests: true,
  },
});
