/**
 * Reads started before their screen renders (src/api/early-reads.ts, issue 26): the screen's own
 * call of exactly the same request, under the same token and in time, takes the answer instead of
 * asking the bank again, once; anything else asks the bank as before. /Statement's early reads
 * (src/app/actors/statement-actors.ts) are exactly the requests its machines make.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { configureApi, createApiClient, setApiClient } from '../../src/api/client';
import { clearEarlyReads, EARLY_READ_TTL_MS } from '../../src/api/early-reads';
import { callOperation, readEarly } from '../../src/api/operation';
import { readStatementEarly, statementActors } from '../../src/app/actors/statement-actors';
import { toIsoDate } from '../../src/format/dates';
import { session } from '../../src/runtime/session';
import { statementMachine } from '../../machines/statement/statement.machine';

let seen: string[] = [];
/** Lets the requests sent so far reach the fake bank (the client's middleware is asynchronous). */
const settle = () => new Promise((r) => setTimeout(r, 0));
let token = 'tok-1';
let status = 200;

/** The bank's answer to each path: enough of each payload for the statement's machines. */
function answerFor(url: URL): unknown {
  if (url.pathname.endsWith('/balance'))
    return { data: { balances: [{ balanceType: 'REAL', amount: 12.5 }] } };
  if (url.pathname.includes('/statement')) return { data: { statement: [] } };
  return { data: { client: { name: 'Maria' }, seq: seen.length } };
}

beforeEach(() => {
  seen = [];
  token = 'tok-1';
  status = 200;
  clearEarlyReads();
  // As the composition root does: the token the calls are sent with is the session's, through the hooks.
  configureApi({ getToken: () => token });
  setApiClient(
    createApiClient({
      baseUrl: 'http://bank.test/api',
      exists: () => false,
      fetch: async (request) => {
        const url = new URL(request.url);
        seen.push(`${request.method} ${url.pathname}${url.search}`);
        const body = status === 200 ? answerFor(url) : { error: { code: 1 } };
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  session.clear();
});

describe('readEarly and callOperation', () => {
  it("gives the early answer to the screen's call of the same request, once", async () => {
    readEarly('getClient', { path: { accountId: 'acc-1' } });
    await settle();
    expect(seen).toEqual(['GET /api/client/acc-1']);
    const first = await callOperation('getClient', { path: { accountId: 'acc-1' } });
    expect(seen).toHaveLength(1);
    expect(first).toMatchObject({ seq: 1 });
    // Taken once: the next call (a retry, a reload) asks the bank again.
    const second = await callOperation('getClient', { path: { accountId: 'acc-1' } });
    expect(seen).toHaveLength(2);
    expect(second).toMatchObject({ seq: 2 });
  });

  it('asks the bank for another request, another token or an answer that waited too long', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    readEarly('getStatement', {
      path: { accountId: 'a' },
      query: { start: '2026-11-01', ending: '2026-11-07' },
    });
    await callOperation('getStatement', {
      path: { accountId: 'a' },
      query: { start: '2026-11-02', ending: '2026-11-07' },
    });
    expect(seen).toHaveLength(2);

    readEarly('getClient', { path: { accountId: 'a' } });
    await settle();
    token = 'tok-2';
    await callOperation('getClient', { path: { accountId: 'a' } });
    expect(seen).toHaveLength(4);

    token = 'tok-1';
    readEarly('getBalance', { path: { accountId: 'a' } });
    vi.advanceTimersByTime(EARLY_READ_TTL_MS + 1);
    await callOperation('getBalance', { path: { accountId: 'a' } });
    expect(seen).toHaveLength(6);
  });

  it("gives a failed early read's error to the screen; a call that writes cannot be read early", async () => {
    status = 500;
    readEarly('getBalance', { path: { accountId: 'a' } });
    await expect(callOperation('getBalance', { path: { accountId: 'a' } })).rejects.toMatchObject({
      operation: 'getBalance',
      status: 500,
    });
    expect(seen).toHaveLength(1);
    // A failure nobody takes is not reported unhandled (vitest fails the run on one).
    readEarly('getClient', { path: { accountId: 'a' } });
    await new Promise((r) => setTimeout(r, 10));
    // The typing's own test (npm run typecheck): a call that writes does not compile.
    const writeEarly = () =>
      // @ts-expect-error createAddress is a POST
      readEarly('createAddress', { path: { accountHolderId: 'h', accountId: 'a' }, body: {} as never });
    expect(typeof writeEarly).toBe('function');
  });
});

describe("/Statement's early reads", () => {
  it("are exactly the statement machines' first calls: each request leaves once, all before the screen starts", async () => {
    session.set({
      token: 'tok-1',
      account: { accountHolderId: 'h', accounts: [{ accountId: 'acc-9' }], isValidateDevice: true },
      username: 'maria',
      functionalities: [],
    });
    const now = new Date();
    readStatementEarly(now);
    await settle();
    const early = [...seen];
    expect(early).toHaveLength(3);

    const actor = createActor(statementMachine.provide({ actors: statementActors }), {
      input: { today: toIsoDate(now), accountId: 'acc-9' },
    }).start();
    await waitFor(actor, (s) => s.matches({ entries: 'empty' }));
    const account = actor.system.get('account');
    await waitFor(account, (s: { matches: (v: unknown) => boolean }) => s.matches('ready'));
    expect(account.getSnapshot().context.balance).toBe(12.5);
    expect(seen).toEqual(early);
    actor.stop();
  });

  it('read nothing without a session', async () => {
    readStatementEarly();
    await settle();
    expect(seen).toEqual([]);
  });
});

describe('a session that ends', () => {
  it("drops the early answers nobody took: the next session's call asks the bank", async () => {
    session.set({
      token: 'tok-1',
      account: { accountHolderId: 'h', accounts: [{ accountId: 'acc-9' }], isValidateDevice: true },
      username: 'maria',
      functionalities: [],
    });
    readStatementEarly();
    await settle();
    expect(seen).toHaveLength(3);
    session.clear();
    await callOperation('getClient', { path: { accountId: 'acc-9' } });
    expect(seen).toHaveLength(4);
  });
});
