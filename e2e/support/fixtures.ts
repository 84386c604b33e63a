/**
 * The `test` and `expect` every e2e spec imports (`import { test, expect } from './support/fixtures'`):
 * Playwright's own, plus one sandbox bank per worker.
 *
 * Each worker starts its own sandbox in its own process (the worker's), on a free port, with an
 * in-memory database and the test routes on, serving the built portal (dist/); `baseURL` points
 * at it, so `page.goto('/login')` and the `request` fixture reach this worker's bank and no other.
 * Workers share nothing, so Playwright may run as many as there are cores, and tests of one file
 * in parallel. Each test still starts from the seed: `POST /sandbox/reset` restores the pristine
 * image in milliseconds (sandbox/db/image.ts).
 *
 * The page's calls reach that sandbox in the worker's own process, where the call gate of the path
 * bindings holds them and the reshaper rewrites their answers (e2e/driver/bank-calls.ts); what a
 * test left held there is dropped when it ends.
 *
 * The worker times each reset on the server side and writes them to reports/e2e-resets/ when it
 * ends; the gate's summary (scripts/test-summary.mjs) prints their count and milliseconds.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { buildServer } from '../../sandbox/server.ts';
import { useTestScryptCost } from '../../sandbox/sim/passwords.ts';
import { endOfTest, registerCallHooks } from '../driver/bank-calls';

// The unit tests' scrypt cost (sandbox/test-support.ts): the same hash and verify code at a
// sixteenth of the CPU. Every test signs in at least once, and at the production cost each
// sign-in spent ~45 ms of the worker's CPU in scrypt (a profile of the pix-hub paths: 637 ms of
// 6.6 s busy for 14 paths). sandbox/sim/passwords.test.ts pins the production cost.
useTestScryptCost(1 << 10);

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * A blank page of the sandbox's origin, where a reused tab rests between tests
 * (e2e/support/reused-page.ts): same origin, so the renderer is kept, and no script.
 */
export const IDLE_PATH = '/sandbox/e2e-idle';

export interface WorkerSandbox {
  /** `http://127.0.0.1:<port>`: the portal and the API of this worker's bank. */
  url: string;
  port: number;
}

export const test = base.extend<{ calls: void }, { sandbox: WorkerSandbox }>({
  sandbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use, workerInfo) => {
      if (!existsSync(resolve(root, 'dist', 'index.html')))
        throw new Error(
          'e2e serves the built portal: run `npm run build` first (dist/index.html is missing)',
        );
      const app = buildServer({
        dbFile: ':memory:',
        staticDir: resolve(root, 'dist'),
        enableTestRoutes: true,
        tokenTtlSeconds: Number(process.env.SANDBOX_TOKEN_TTL ?? 1800),
        registerFirst: registerCallHooks,
      });
      app.get(IDLE_PATH, async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send('<!doctype html><html lang="pt-BR"><title>e2e</title></html>'),
      );
      const resets: number[] = [];
      app.addHook('onResponse', async (request, reply) => {
        if (request.method === 'POST' && request.url === '/sandbox/reset') resets.push(reply.elapsedTime);
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      await use({ url: `http://127.0.0.1:${port}`, port });
      await app.close();
      if (resets.length > 0) {
        const dir = resolve(root, 'reports', 'e2e-resets');
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          resolve(dir, `worker-${workerInfo.workerIndex}-${process.pid}.json`),
          JSON.stringify({ ms: resets }),
        );
      }
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ sandbox }, use) => {
    await use(sandbox.url);
  },
  // The calls the test's helpers watched in the sandbox: forgotten when it ends, held ones dropped.
  calls: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      endOfTest();
      await use();
      endOfTest();
    },
    { auto: true },
  ],
});

export { expect };
