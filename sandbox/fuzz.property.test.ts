import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo-logins.ts';
import { login, operationUrl, startSandbox, type TestSandbox } from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

/**
 * Issue #10: random JSON, strings and nesting thrown at a sample of the bank's operations. Whatever
 * arrives, the answer is a 4xx with a problem or catalogue body, a refusal writes nothing (but the
 * throttle's own record of failed tries, which is what a refusal is meant to leave), and the server
 * keeps answering.
 */

let sb: TestSandbox;
let session: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  sb = await startSandbox();
  session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
});
afterAll(async () => {
  await sb.app.close();
});

/** The throttle's tables record refused tries on purpose; everything else must stay as it was. */
const THROTTLE_TABLES = new Set(['auth_failures', 'rate_events']);

/**
 * Counts every row written to the bank's data (insert, update or delete), through temporary
 * triggers: exact, and cheap enough to check on every run.
 */
function watchWrites(): () => number {
  const db = sb.app.sandbox.db;
  db.exec(
    'CREATE TEMP TABLE IF NOT EXISTS fuzz_writes (n INTEGER NOT NULL); INSERT INTO fuzz_writes VALUES (0);',
  );
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
      name: string;
    }[]
  ).filter((t) => !THROTTLE_TABLES.has(t.name));
  for (const { name } of tables)
    for (const event of ['INSERT', 'UPDATE', 'DELETE'])
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "fuzz_${name}_${event}" AFTER ${event} ON main."${name}" BEGIN UPDATE fuzz_writes SET n = n + 1; END;`,
      );
  const read = db.prepare('SELECT n FROM fuzz_writes');
  return () => (read.get() as { n: number }).n;
}

/** Operations sampled, with how their path is filled; none of them can succeed on random input. */
const OPERATIONS = [
  { id: 'createAddress', auth: true, params: ['accountHolderId', 'accountId'] },
  { id: 'updateAddress', auth: true, params: ['accountHolderId', 'accountId', 'addressId'] },
  { id: 'deleteAddress', auth: true, params: ['accountHolderId', 'accountId', 'addressId'] },
  { id: 'updateClient', auth: true, params: ['accountHolderId', 'accountId'] },
  { id: 'verifyEmail', auth: false, params: [] },
  { id: 'savePassword', auth: false, params: [] },
  { id: 'changePasswordWithCode', auth: false, params: [] },
  { id: 'verifyAction', auth: false, params: ['action'] },
  { id: 'login', auth: false, params: [] },
  { id: 'getStatement', auth: true, params: ['accountId'] },
] as const;

/** A path value that is never one of Maria's real ids nor a plain decimal (which could be one). */
const pathValue = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/^\d+$/.test(s) && s.trim() !== ''),
  fc.constantFrom('0x5', '-1', '1e3', '%00', '..%2F..', ' 7', '٣', '\u202E1'),
);

/** JSON nested `depth` levels, as text (objects and arrays in turn). */
const deepJson = fc
  .integer({ min: 20, max: 8000 })
  .map((depth) => '{"a":['.repeat(Math.ceil(depth / 2)) + '1' + ']}'.repeat(Math.ceil(depth / 2)));

/** Strings a form field should refuse or survive: controls, bidi overrides, lone surrogates, huge. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('\u0000', 'a\u202Eb', '\uD800', '\uDFFFx', 'x'.repeat(70_000), '__proto__', 'constructor'),
);

const body = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.jsonValue({ maxDepth: 6 }).map((v) => ({ kind: 'json' as const, text: JSON.stringify(v) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(fc.string({ maxLength: 12 }), fc.oneof(nastyString, fc.jsonValue({ maxDepth: 3 })), {
        maxKeys: 8,
      })
      .map((v) => ({ kind: 'json' as const, text: JSON.stringify(v) })),
  },
  { weight: 1, arbitrary: deepJson.map((text) => ({ kind: 'json' as const, text })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ kind: 'json' as const, text })) },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.constantFrom('username', 'password', 'cookie', 'x'), nastyString, { maxKeys: 4 })
      .map((v) => ({ kind: 'form' as const, text: new URLSearchParams(v).toString() })),
  },
);

const query = fc.dictionary(fc.constantFrom('start', 'ending', 'isPix', 'x'), nastyString, { maxKeys: 3 });

describe('fuzzing a sample of operations', () => {
  it('always a 4xx problem or catalogue body, nothing written, the server still up', async () => {
    const writes = watchWrites();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OPERATIONS),
        fc.array(pathValue, { minLength: 3, maxLength: 3 }),
        body,
        query,
        fc.boolean(),
        async (op, values, payload, q, withToken) => {
          const params: Record<string, string> = {};
          op.params.forEach((name, i) => {
            // The caller's own holder and account, so the answer is about the input, not a 403.
            if (name === 'accountHolderId') params[name] = session.accountHolderId;
            else if (name === 'accountId') params[name] = session.accountId;
            else params[name] = values[i] ?? 'x';
          });
          const url = operationUrl(op.id, params, q);
          const before = writes();
          const res = await sb.app.inject({
            method: op.id === 'deleteAddress' ? 'DELETE' : op.id === 'getStatement' ? 'GET' : 'POST',
            url,
            headers: {
              deviceId: 'web',
              ...(withToken || op.auth ? { authorization: `Bearer ${session.token}` } : {}),
              'content-type':
                payload.kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
            },
            ...(op.id === 'getStatement' || op.id === 'deleteAddress' ? {} : { payload: payload.text }),
          });
          expect(res.statusCode, `${op.id} ${url} ${payload.text.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${op.id} ${url} ${payload.text.slice(0, 120)}`).toBeLessThan(500);
          const answer = res.json<Record<string, unknown>>();
          const isProblem = typeof answer.title === 'string' && answer.status === res.statusCode;
          const isCatalogue =
            typeof answer.error === 'object' && answer.error !== null && 'code' in (answer.error as object);
          expect(isProblem || isCatalogue, JSON.stringify(answer).slice(0, 200)).toBe(true);
          expect(JSON.stringify(answer)).not.toMatch(/stack|at .*\.ts:\d+/i);
          expect(writes(), `${op.id} wrote on a refusal`).toBe(before);
        },
      ),
      { numRuns: 150, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    const health = await sb.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const me = await sb.app.inject({
      url: '/api/me',
      headers: { deviceId: 'web', authorization: `Bearer ${session.token}` },
    });
    expect(me.statusCode).toBe(200);
    // 150 runs take about 5 s on a loaded machine: modest enough for every `npm test`.
  }, 60_000);
});
