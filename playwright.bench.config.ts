import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run bench` (scripts/bench.mjs): the timing measurements of e2e/bench/*.bench.ts, one worker
 * and one test at a time so they measure the portal and not each other. Never part of `npm test`.
 */
export default defineConfig({
  ...base,
  testDir: 'e2e/bench',
  testMatch: /.*\.bench\.ts/,
  fullyParallel: false,
  workers: 1,
  // A measurement is taken once: no retry (the gate's config retries a failure to trace it), and a
  // failed one keeps its trace.
  retries: 0,
  use: { ...base.use, trace: { mode: 'retain-on-failure', screenshots: false } },
  reporter: [['list']],
  timeout: 120_000,
});
