import { defineConfig, devices } from '@playwright/test';
import { availableParallelism } from 'node:os';

/**
 * E2E runs against the real sandbox bank serving the built portal (`npm run build` first). There
 * is no shared server: each worker starts its own sandbox (own port, own in-memory database, test
 * routes on) from the worker-scoped fixture of e2e/support/fixtures.ts, which every spec imports
 * its `test` from and which sets `baseURL`. Workers share nothing, so the tests of a file run in
 * parallel; every test resets its worker's sandbox to the seed first. Two workers more than the
 * cores (E2E_WORKERS overrides): a worker spends much of a test waiting on its browser and its
 * sandbox, so more workers keep the two cores busier. Measured on the 2-core machine, quiet, the
 * same tree each time, 2026-11-28: the e2e stage 569.1 s with 2 workers, 439.0 s with 3 (369
 * passed, none flaky); later, on the headless shell with lighter specs, 374.2 s with 3 and 334.2 s
 * with 4 (274 passed).
 */
const workers = Number(process.env.E2E_WORKERS ?? availableParallelism() + 2);

/**
 * Names this run for the work a spec file shares between the processes that load it
 * (e2e/driver/shared-plan.ts): set when the runner first reads this config, before it starts its
 * loader and its workers, which inherit it (they read the config again and keep it).
 */
process.env.E2E_RUN_ID ??= `${process.pid}-${Date.now()}`;

/**
 * Debian's Chromium: Playwright cannot download its own browser on these machines. The e2e tests
 * run its headless shell (package chromium-headless-shell, the same Chromium version as package
 * chromium, built without the browser's window and UI layers), which is what Playwright itself runs
 * for headless tests. Measured on the 2-core machine, 2026-11-28, the path tests of four flows and
 * a11y-statement (28 tests) three times each, alternating: 66.1 s of CPU and 68.0 s of wall with the
 * shell against 77.0 s and 76.2 s with the full browser (median ratio 0.86 of CPU), all passing.
 * CHROMIUM_PATH=/usr/bin/chromium runs the full browser.
 */
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
  // A test that fails is played once more, with a trace (below), and the run still fails: a test
  // that passes on its retry is "flaky", which fails the run (failOnFlakyTests) and counts as
  // failed in the gate's summary. The retry is there to record what happened, never to pass.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 30_000,
  // Generous: with a worker per core on a shared 2-core machine a first page load can pass 7 s.
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The trace (DOM snapshots of every action, network, console, sources) is recorded on the
    // retry of a failed test only, so a failure still leaves one to step through, while the
    // passing tests no longer pay for recording it (issue 8: ~8 % of the e2e run's CPU, measured
    // on the pix-hub paths: 32.6 s of CPU with a trace per test, 30.1 s without). No filmstrip:
    // the screencast behind `screenshots` costs ~2 s of every path's start on a busy 2-core
    // machine (a path's start 3.4 s with it, 1.5 s without); the failure screenshot below still
    // shows the last page.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    // A page may write to the clipboard when the customer clicks a copy button, as Chromium lets a
    // focused secure page do by default; its headless shell asks for the permission instead.
    permissions: ['clipboard-write'],
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
          args: chromiumArgs,
        },
      },
    },
  ],
});
