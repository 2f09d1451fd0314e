/**
 * What the test environment asks for, read in one place as the app reads its own in config.ts.
 * `RELIABILITY_FULL=1` runs the fault and load tests at full length (the README's figures).
 */
export const testEnv = {
  reliabilityFull: process.env.RELIABILITY_FULL === '1',
  /** PostgreSQL for the suite's second run (and the outage test), when set. */
  databaseUrl: process.env.TEST_DATABASE_URL,
  ci: process.env.CI === 'true',
  /** Which database this run of the server suite is on (the Vitest project sets it). */
  dialect: process.env.CRUMB_TEST_DB === 'postgres' ? ('postgres' as const) : ('sqlite' as const),
  /** Handed on to the servers and commands the tests start, which find node and psql by it. */
  path: process.env.PATH ?? '',
};
