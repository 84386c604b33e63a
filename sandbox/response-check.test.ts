import { describe, expect, it } from 'vitest';
import { ok } from './http/replies.ts';
import { buildServer } from './server.ts';
import { FIXED_NOW } from './test-support.ts';
import type { Handlers } from './routes/types.ts';

/**
 * Issue 26: checking every answer against the contract cost a fifth of a 5,000-entry statement's
 * time, so production no longer pays for it; every test run still does (a broken answer is
 * refused with a 500, never sent), since every test's bank has the test routes on.
 */
const broken: Handlers = {
  // resetPassword needs no token; its contract answer has no `surprise`, and `data` is required.
  resetPassword: () => ok({ surprise: 'not in the contract' }) as never,
};

async function answer(enableTestRoutes: boolean, checkResponses?: 'off' | 'warn' | 'throw') {
  const app = buildServer({
    dbFile: ':memory:',
    now: () => FIXED_NOW,
    enableTestRoutes,
    handlers: broken,
    ...(checkResponses ? { checkResponses } : {}),
  });
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/api/resetPassword?taxId=52998224725',
      headers: { deviceId: 'WEB' },
    });
    return { status: res.statusCode, body: res.body };
  } finally {
    await app.close();
  }
}

describe('answers checked against the contract', () => {
  it('a test run (test routes on) refuses to send an answer that breaks the contract', async () => {
    const res = await answer(true);
    expect(res.status).toBe(500);
    expect(res.body).not.toContain('surprise');
  });

  it('production (no test routes) does not check each answer unless told to', async () => {
    expect((await answer(false)).status).toBe(200);
    expect((await answer(false, 'throw')).status).toBe(500);
  });
});
