/**
 * The e2e call gate's hooks in the sandbox (e2e/driver/bank-calls.ts), against a real sandbox on a
 * port: a page's call (Node's fetch sends `Sec-Fetch-Mode` as Chromium does) is held before any of
 * the bank's hooks and goes on as told; the tests' own API calls (no such header) are never held.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users';
import {
  endOfTest,
  registerCallHooks,
  watchCalls,
  type CallWatcher,
  type HeldCall,
} from '../../e2e/driver/bank-calls';
import { startSandbox } from '../../sandbox/test-support';

const maria = DEMO_USERS.maria;

let app: FastifyInstance;
let origin = '';

beforeAll(async () => {
  ({ app } = await startSandbox({ registerFirst: registerCallHooks }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());
// Each test from the seed: sign-in attempts are counted (and throttled) by the bank.
beforeEach(async () => {
  expect((await app.inject({ method: 'POST', url: '/sandbox/reset' })).statusCode).toBe(200);
});
afterEach(() => endOfTest());

/** A watcher that holds every call of `op` and keeps them in `held`. */
function holding(op: string): CallWatcher & { held: HeldCall[] } {
  const held: HeldCall[] = [];
  const watcher = {
    held,
    arrived: (call: HeldCall) => {
      if (call.operationId !== op) return false;
      held.push(call);
      return true;
    },
  };
  watchCalls(watcher);
  return watcher;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

/** The portal's sign-in, as the page sends it. */
const pageLogin = (password: string, signal?: AbortSignal) =>
  fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', deviceId: 'WEB' },
    body: new URLSearchParams({ username: maria.email, password }).toString(),
    signal,
  });

describe('the page calls held in the sandbox', () => {
  it('holds a page call until it is let go, then the bank answers it', async () => {
    const gate = holding('login');
    let settled = false;
    const answer = pageLogin(DEMO_PASSWORD).then((res) => {
      settled = true;
      return res;
    });
    await until(() => gate.held.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    const [call] = gate.held;
    await call?.go({ to: 'bank' });
    expect((await answer).status).toBe(200);
    expect(call?.gone).toBe(false);
  });

  it("never holds the tests' own calls, which carry no Sec-Fetch-Mode", async () => {
    const gate = holding('login');
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', deviceId: 'WEB' },
      payload: new URLSearchParams({ username: maria.email, password: DEMO_PASSWORD }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(gate.held).toHaveLength(0);
  });

  it('changes the body before the bank reads it', async () => {
    const gate = holding('login');
    const answer = pageLogin('Errada@987');
    await until(() => gate.held.length === 1);
    await gate.held[0]?.go({ to: 'bank', body: (form) => ({ ...form, password: DEMO_PASSWORD }) });
    expect((await answer).status).toBe(200);
  });

  it('changes the query before the bank reads it', async () => {
    const gate = holding('resetPassword');
    const answer = fetch(`${origin}/api/resetPassword?taxId=00000000000`, {
      method: 'POST',
      headers: { deviceId: 'WEB' },
    });
    await until(() => gate.held.length === 1);
    await gate.held[0]?.go({ to: 'bank', query: { taxId: maria.taxId } });
    expect((await answer).status).toBe(200);
    const outbox = await app.inject({ method: 'GET', url: '/sandbox/outbox.json' });
    const mails = (outbox.json() as { data: { to: string; subject: string }[] }).data;
    expect(mails.some((m) => m.to === maria.email && m.subject === 'Redefinição de senha')).toBe(true);
  });

  it('takes a fault posted while the call is held (its hook runs before the faults)', async () => {
    const gate = holding('login');
    const answer = pageLogin(DEMO_PASSWORD);
    await until(() => gate.held.length === 1);
    app.sandbox.faults.add({ operationId: 'login', status: 503, times: 1 });
    await gate.held[0]?.go({ to: 'bank' });
    expect((await answer).status).toBe(503);
  });

  it('fails the call as an offline browser sees it: a network error, no answer', async () => {
    const gate = holding('login');
    const answer = pageLogin(DEMO_PASSWORD).then(
      () => 'answered',
      (e: unknown) => (e instanceof TypeError ? 'network error' : String(e)),
    );
    await until(() => gate.held.length === 1);
    await gate.held[0]?.go({ to: 'offline' });
    expect(await answer).toBe('network error');
    expect(gate.held).toHaveLength(1);
  });

  it('sees a call the page aborts as gone, and drops what is held when the test ends', async () => {
    const gate = holding('login');
    const abort = new AbortController();
    const first = pageLogin(DEMO_PASSWORD, abort.signal).catch(() => 'aborted');
    await until(() => gate.held.length === 1);
    abort.abort();
    expect(await first).toBe('aborted');
    await until(() => gate.held[0]?.gone === true);

    const second = pageLogin(DEMO_PASSWORD).then(
      () => 'answered',
      () => 'dropped',
    );
    await until(() => gate.held.length === 2);
    endOfTest();
    expect(await second).toBe('dropped');
    // With no watcher, calls go straight on.
    expect((await pageLogin(DEMO_PASSWORD)).status).toBe(200);
  });

  it('gives the page another answer when a watcher reshapes it', async () => {
    watchCalls({
      answering: (op, real) => (op === 'login' ? { status: 422, json: { shaped: real.status } } : undefined),
    });
    const res = await pageLogin(DEMO_PASSWORD);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ shaped: 200 });
  });
});
