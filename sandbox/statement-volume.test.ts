import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  const wholeHistory = (headers: Record<string, string> = {}) =>
    sandbox.app.inject({
      method: 'GET',
      url: `/api/accounts/${accountId}/statement?start=2024-01-01&ending=2026-11-21`,
      headers: { deviceId: 'WEB', authorization: `Bearer ${token}`, ...headers },
    });

  // Issue 26: 4.0 MB of JSON on the wire, even to a client that asked for gzip.
  it('is compressed, br or gzip, when the client asks; personal data stays out of caches', async () => {
    const plain = await wholeHistory();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const expected: unknown = plain.json();
    for (const [asked, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['gzip;q=0.5, br;q=1', 'br', brotliDecompressSync],
    ] as const) {
      const res = await wholeHistory({ 'accept-encoding': asked });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], asked).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.length, `${encoding}: ${res.rawPayload.length} bytes`).toBeLessThan(600_000);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(expected);
    }
  });

  // Issue 26: 695 bytes an entry (3.4 MB uncompressed), of which a Pix's parties twice (its
  // counterpart and its additionalInfo) and three fields saying false or 0.
  it('sends each entry in about 320 bytes: what says nothing and what a Pix receipt holds are left out', async () => {
    const res = await wholeHistory();
    const { data } = res.json() as { data: { statement: Record<string, unknown>[] } };
    const pix = data.statement.filter((e) => e.isPix === true);
    expect(pix.length).toBeGreaterThan(4000);
    expect(pix.filter((e) => 'additionalInfo' in e)).toEqual([]);
    for (const [field, nothing] of [
      ['isPix', false],
      ['isPaymentRefundCredit', false],
      ['isPaymentRefundDebit', false],
      ['amountRefund', 0],
      ['counterpart', null],
      ['additionalInfo', null],
    ] as const)
      expect(data.statement.filter((e) => field in e && e[field] === nothing).length, field).toBe(0);
    const infos = data.statement.map((e) => String(e.additionalInfo ?? ''));
    for (const field of ['currency', 'externalIdentifier', 'withdrawType', 'totalAmount'])
      expect(infos.filter((i) => i.includes(`"${field}"`)).length, field).toBe(0);
    const perEntry = res.rawPayload.length / data.statement.length;
    expect(perEntry, `${Math.round(perEntry)} bytes an entry`).toBeLessThan(360);
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
