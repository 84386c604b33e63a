import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from './test-support.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/users.ts';

/**
 * The 5,000-entry account must be served fast: the portal's budget for this statement is about
 * rendering, so the bank's part has to be small. A regression in the statement query plan (an
 * entry-by-entry scan per row) made this take 38 s; it now takes tens of milliseconds.
 */
describe('a statement of 5,000 entries', () => {
  let sandbox: TestSandbox;
  let token = '';
  let accountId = '';

  beforeAll(async () => {
    sandbox = await startSandbox({ bulkEntries: 5000, checkResponses: 'off' });
    const login = await sandbox.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { deviceId: 'WEB', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: DEMO_USERS.volume.email,
        password: DEMO_PASSWORD,
        cookie: '',
      }).toString(),
    });
    const body = login.json() as { data: { token: string; accounts: { accountId: string }[] } };
    token = body.data.token;
    accountId = body.data.accounts[0]?.accountId ?? '';
  }, 60_000);

  afterAll(async () => {
    await sandbox.app.close();
  });

  it('answers the whole history in well under a second', async () => {
    const started = performance.now();
    const response = await sandbox.app.inject({
      method: 'GET',
      url: `/api/accounts/${accountId}/statement?start=2024-01-01&ending=2026-11-21`,
      headers: { deviceId: 'WEB', authorization: `Bearer ${token}` },
    });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: { statement: unknown[] } };
    expect(data.statement.length).toBeGreaterThanOrEqual(5000);
    expect(elapsed, `statement took ${Math.round(elapsed)} ms`).toBeLessThan(1500);
  });
});
