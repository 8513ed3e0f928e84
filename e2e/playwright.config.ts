import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser tests against the BUILT app (`npm run build` first): the API process serves the web
// build, over a fresh SQLite file per run. Chromium is Debian's; Playwright never downloads one.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const isCI = Boolean(process.env.CI);
const port = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database per run. The config is evaluated again in every worker; they inherit the
// runner's environment, so only the first evaluation (the runner) clears e2e/.tmp/<port> and picks
// the run directory. global-teardown removes it; a run that dies leaves at most one behind. Runs on
// different E2E_PORTs (developers running two suites at once) never touch each other's files.
if (!process.env.E2E_RUN_DIR) {
  const tmp = resolve(import.meta.dirname, '.tmp', String(port));
  rmSync(tmp, { recursive: true, force: true });
  process.env.E2E_RUN_DIR = join(tmp, `run-${Date.now()}`);
  mkdirSync(process.env.E2E_RUN_DIR, { recursive: true });
}
const databaseFile = join(process.env.E2E_RUN_DIR, 'e2e.db');

/** Fixed secret for the test server only (64 characters). */
const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789abcdef0123456789abcdef';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './specs',
  outputDir: process.env.E2E_PORT ? `./test-results/${port}` : './test-results',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: false,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node ../apps/api/dist/server.js',
    cwd: resolve(import.meta.dirname),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${databaseFile}`,
      NODE_ENV: 'test',
      JWT_SECRET: E2E_JWT_SECRET,
      LOGIN_RATE_LIMIT_IP: '1000',
      REGISTER_RATE_LIMIT_IP: '1000',
      LOGIN_RATE_LIMIT_ACCOUNT: '1000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      // Without SMTP the API writes mails here; the password reset spec reads its link from this folder.
      MAIL_OUTBOX_DIR: join(process.env.E2E_RUN_DIR, 'outbox'),
      // The demo content is part of the app under test; E2E_SEED_DEMO=false skips it when needed.
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'true',
      // FSRS review sessions ('Slim herhalen'): the offline spec rates cards through the outbox.
      LEITNER_ENABLED: 'true',
    },
  },
});
