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
  reporter: [['list']],
  timeout: 120_000,
});
