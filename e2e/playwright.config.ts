import { defineConfig } from '@playwright/test';

// Debian's Chromium, started the way this machine allows (no background networking, no sandbox as root).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './specs',
  outputDir: './.artifacts/results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Two files at a time, each worker on a shared server of its own (global-setup.ts): one worker left
  // the two cores 40 % idle, waiting on the browser and the server in turn.
  workers: 2,
  // One retry: a journey that fails once and then passes is reported by `npm test`'s summary as flaky,
  // with the error of its failed try, instead of failing the whole run; one that fails twice fails it.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // A trace is recorded on the retry only: recording one for every journey costs a quarter of the
    // stage's time, and a journey that fails once is tried again, traced.
    trace: 'on-first-retry',
    viewport: { width: 1366, height: 850 },
  },
});
