import { defineConfig, devices } from '@playwright/test';
import { availableParallelism } from 'node:os';

/**
 * E2E runs against the real sandbox bank serving the built portal (`npm run build` first). There
 * is no shared server: each worker starts its own sandbox (own port, own in-memory database, test
 * routes on) from the worker-scoped fixture of e2e/support/fixtures.ts, which every spec imports
 * its `test` from and which sets `baseURL`. Workers share nothing, so there are as many as cores
 * (E2E_WORKERS overrides) and the tests of a file run in parallel; every test resets its worker's
 * sandbox to the seed first.
 */
const workers = Number(process.env.E2E_WORKERS ?? availableParallelism());

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts/,
  // Tests never depend on one another (each resets its worker's sandbox), so any order is safe.
  fullyParallel: true,
  workers,
  retries: 0,
  timeout: 30_000,
  // Generous: with a worker per core on a shared 2-core machine a first page load can pass 7 s.
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A failed test keeps its trace (DOM snapshots of every action, network, console, sources) but
    // no filmstrip: the screencast behind `screenshots` costs ~2 s of every path's start on a busy
    // 2-core machine (measured for issue 8: a path's start 3.4 s with it, 1.5 s without), and the
    // failure screenshot below still shows the last page.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    acceptDownloads: true,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: chromiumArgs,
        },
      },
    },
  ],
});
