import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the production build (`npm run test:e2e` builds first) and a fresh
 * SQLite database with the demo data, in Debian's Chromium. See e2e/README.md.
 */

const CHROMIUM = '/usr/bin/chromium';
const ci = Boolean(process.env.CI);

if (!fs.existsSync(CHROMIUM)) {
  // CI must never pass by running nothing; locally the message says what is missing.
  throw new Error(
    `${CHROMIUM} not found: the browser tests drive Debian's Chromium (apt-get install chromium).` +
      (ci ? ' CI=true: failing the run.' : ''),
  );
}

// E2E_SERVER_MAIN runs a copy of the build instead (see e2e/README.md), so rebuilding dist/ while
// the tests run cannot swap the web app under them.
const serverMain = process.env.E2E_SERVER_MAIN ?? 'dist/server/main.js';
const port = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://127.0.0.1:${port}`;

// The config is loaded again in every worker; the runner creates the database folder once and
// its workers inherit the path (the teardown removes it).
process.env.CRUMB_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'crumb-e2e-'));
const dataDir = process.env.CRUMB_E2E_DATA_DIR;

// The README screenshots project exists only when asked for (`--project screenshots`), so a plain
// `playwright test` never runs it; the workers inherit the runner's decision.
process.env.CRUMB_E2E_SCREENSHOTS ??=
  process.argv.includes('screenshots') || process.argv.includes('--project=screenshots') ? '1' : '';
const screenshots = process.env.CRUMB_E2E_SCREENSHOTS === '1';

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  forbidOnly: ci,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
  },
  projects: [
    { name: 'chromium', use: chromium },
    ...(screenshots ? [{ name: 'screenshots', testMatch: 'screenshots.ts', use: chromium }] : []),
  ],
  webServer: {
    // DATABASE_URL is dropped so a PostgreSQL URL in the environment never replaces the fresh SQLite file.
    command: `env -u DATABASE_URL node ${serverMain}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
  },
});
