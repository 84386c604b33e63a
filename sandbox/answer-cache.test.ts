import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { openDatabase } from './db/open.ts';
import { AnswerCache } from './http/answer-cache.ts';
import { ok } from './http/replies.ts';
import { statementHandlers } from './routes/statement.ts';
import type { Handlers } from './routes/types.ts';
import {
  FIXED_NOW,
  fault,
  login,
  operationUrl,
  signedIn,
  startSandbox,
  useSandbox,
  type Session,
  type TestSandbox,
} from './test-support.ts';

/**
 * The cache of statement answers (issue 26, http/answer-cache.ts): a hit sends the bytes and
 * headers of the miss, and everything before the handler still runs on it. Its invalidation by
 * each kind of movement: answer-cache-invalidation.test.ts.
 */

/** How many times the statement was built (a hit builds nothing). */
let built = 0;
const counting: Handlers = {
  getStatement: (input, ctx) => {
    built++;
    return statementHandlers.getStatement(input, ctx);
  },
};

const sb = useSandbox({ handlers: counting });
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

const PERIOD = { start: '2026-07-01', ending: '2026-11-30' };

function statementOf(
  app: TestSandbox['app'],
  who: Session,
  o: { headers?: Record<string, string>; accountId?: string; operationId?: string } = {},
) {
  return app.inject({
    method: 'GET',
    url: operationUrl(o.operationId ?? 'getStatement', { accountId: o.accountId ?? who.accountId }, PERIOD),
    headers: { deviceId: 'web', authorization: `Bearer ${who.token}`, ...o.headers },
  });
}

/** The headers a client reads of an answer (Content-Length differs only by the plugin's path). */
const seen = (headers: Record<string, unknown>) => ({
  contentType: headers['content-type'],
  contentEncoding: headers['content-encoding'],
  vary: headers.vary,
  cacheControl: headers['cache-control'],
});

const decode = (encoding: unknown, bytes: Buffer): unknown =>
  JSON.parse(
    (encoding === 'br'
      ? brotliDecompressSync(bytes)
      : encoding === 'gzip'
        ? gunzipSync(bytes)
        : bytes
    ).toString('utf8'),
  );

const ASKED = [undefined, 'br, gzip', 'gzip', 'gzip;q=0.5, br;q=1', 'identity', '*', 'deflate'] as const;

describe('a kept statement', () => {
  let uncached: TestSandbox;
  let mariaThere: Session;
  beforeAll(async () => {
    uncached = await startSandbox({ answerCacheBytes: 0 });
    mariaThere = await login(uncached.app, DEMO_USERS.maria.email, DEMO_USERS.maria.password);
  });
  afterAll(async () => {
    await uncached.app.close();
  });

  it('sends the bytes of the miss, with the headers of the uncached path, in every encoding asked', async () => {
    const before = built;
    const miss = await statementOf(sb.app, maria);
    expect(miss.statusCode).toBe(200);
    expect(miss.rawPayload.length).toBeGreaterThan(1024);
    expect(built).toBe(before + 1);
    const plain = await statementOf(uncached.app, mariaThere);

    for (const asked of ASKED) {
      const headers: Record<string, string> = asked === undefined ? {} : { 'accept-encoding': asked };
      const first = await statementOf(sb.app, maria, { headers });
      const second = await statementOf(sb.app, maria, { headers });
      const reference = await statementOf(uncached.app, mariaThere, { headers });
      expect(second.rawPayload.equals(first.rawPayload), `${asked}: the same bytes`).toBe(true);
      expect(seen(first.headers), String(asked)).toEqual(seen(reference.headers));
      expect(seen(second.headers), String(asked)).toEqual(seen(reference.headers));
      expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
      expect(decode(first.headers['content-encoding'], first.rawPayload)).toEqual(plain.json());
    }
    expect(seen(miss.headers)).toEqual(seen(plain.headers));
    expect(miss.rawPayload.equals(plain.rawPayload)).toBe(true);
    // Every answer after the first was a hit.
    expect(built).toBe(before + 1);
  });

  it('keeps the export too, byte for byte', async () => {
    const first = await statementOf(sb.app, maria, { operationId: 'getReportStatement' });
    const second = await statementOf(sb.app, maria, { operationId: 'getReportStatement' });
    const reference = await statementOf(uncached.app, mariaThere, { operationId: 'getReportStatement' });
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.rawPayload.equals(reference.rawPayload)).toBe(true);
    expect(seen(second.headers)).toEqual(seen(reference.headers));
  });
});

describe('on a hit, everything before the handler still runs', () => {
  it("never serves one customer's statement to another", async () => {
    const own = await statementOf(sb.app, maria);
    expect(own.statusCode).toBe(200);
    const other = await statementOf(sb.app, padaria, { accountId: maria.accountId });
    expect(other.statusCode).toBe(403);
    const padarias = await statementOf(sb.app, padaria);
    expect(padarias.statusCode).toBe(200);
    expect(padarias.rawPayload.equals(own.rawPayload)).toBe(false);
    expect((await statementOf(sb.app, maria)).rawPayload.equals(own.rawPayload)).toBe(true);
  });

  it('refuses a missing, wrong or expired token', async () => {
    expect((await statementOf(sb.app, maria)).statusCode).toBe(200);
    const url = operationUrl('getStatement', { accountId: maria.accountId }, PERIOD);
    const none = await sb.app.inject({ method: 'GET', url, headers: { deviceId: 'web' } });
    expect(none.statusCode).toBe(401);
    const wrong = await statementOf(sb.app, { ...maria, token: 'not-a-token' });
    expect(wrong.statusCode).toBe(401);
    sb.clock.now = new Date(FIXED_NOW.getTime() + 31 * 60_000); // sessions last 30 minutes
    expect((await statementOf(sb.app, maria)).statusCode).toBe(401);
  });

  it("takes the operation's faults (a delay, a failure) and the contract's check of the query", async () => {
    expect((await statementOf(sb.app, maria)).statusCode).toBe(200);
    await fault(sb, { operationId: 'getStatement', status: 503, times: 1 });
    expect((await statementOf(sb.app, maria)).statusCode).toBe(503);
    await fault(sb, { operationId: 'getStatement', delayMs: 300, times: 1 });
    const started = performance.now();
    expect((await statementOf(sb.app, maria)).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    const bad = await sb.app.inject({
      method: 'GET',
      url: `/api/accounts/${maria.accountId}/statement?start=2026-13-01&ending=2026-11-30`,
      headers: { deviceId: 'web', authorization: `Bearer ${maria.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('its memory', () => {
  const answer = (n: number) => ok({ statement: 'x'.repeat(n) });

  it('is bounded by bytes, least recently used out first; an answer over the budget is not kept', () => {
    const db = openDatabase(':memory:');
    try {
      const cache = new AnswerCache(db, 1_000);
      cache.keep('a', 0, answer(400));
      cache.keep('b', 0, answer(400));
      expect(cache.find('a', 0)).toBeDefined(); // a is now the most recently used
      cache.keep('c', 0, answer(400));
      expect(cache.bytes).toBeLessThanOrEqual(1_000);
      expect(cache.find('b', 0)).toBeUndefined();
      expect(cache.find('a', 0)).toBeDefined();
      expect(cache.find('c', 0)).toBeDefined();
      expect(cache.keep('huge', 0, answer(2_000))).toBeDefined(); // still sent
      expect(cache.find('huge', 0)).toBeUndefined();
      // A compressed form counts: br of 'x' * 300 is small, but the total grows and stays bounded.
      const kept = cache.find('a', 0);
      const before = cache.bytes;
      kept?.bytesIn('gzip');
      expect(cache.bytes).toBeGreaterThan(before);
      expect(cache.bytes).toBeLessThanOrEqual(1_000);
    } finally {
      db.close();
    }
  });

  it('answers at another version are not served, and are dropped', () => {
    const db = openDatabase(':memory:');
    try {
      const cache = new AnswerCache(db, 1_000);
      cache.keep('a', 1, answer(100));
      expect(cache.find('a', 2)).toBeUndefined();
      expect(cache.bytes).toBe(0);
      expect(cache.find('a', 1)).toBeUndefined();
    } finally {
      db.close();
    }
  });
});
