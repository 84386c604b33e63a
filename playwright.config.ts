import { defineConfig, devices } from '@playwright/test';
import { createServer } from 'node:net';

/**
 * E2E runs against the real sandbox bank serving the built portal (`npm run build` first).
 * The sandbox starts on a free port with a fresh in-memory database and its test routes on
 * (reset, faults), so every run and every path starts from the seed.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// Workers re-evaluate this file; the port chosen by the runner is inherited through the environment.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

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
  fullyParallel: false,
  // One sandbox, reset between paths: tests share it, so they run one at a time.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'npx tsx sandbox/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DB: ':memory:',
      SANDBOX_TEST_ROUTES: '1',
      SANDBOX_TOKEN_TTL: process.env.SANDBOX_TOKEN_TTL ?? '1800',
    },
  },
});
