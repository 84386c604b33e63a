import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo-logins.ts';
import { SETUP_CALL_HEADER } from './http/operations.ts';
import { testRoutesBanner } from './http/test-routes.ts';
import { call, databaseSnapshot, login, startSandbox, type TestSandbox } from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.app.close();
});

const fault = (body: unknown) =>
  sb.app.inject({ method: 'POST', url: '/sandbox/faults', payload: body as Record<string, unknown> });

describe('faults', () => {
  it('fails the next N calls of an operation, then recovers', async () => {
    expect((await fault({ operationId: 'login', status: 503, times: 2 })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await call<{ error: { code: number } }>(sb.app, 'login', {
        form: { username: DEMO_USERS.maria.email, password: DEMO_PASSWORD },
        unchecked: true,
      });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe(99);
    }
    await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
  });

  it('answers a 500 fault with a body the contract describes', async () => {
    await fault({ operationId: 'getMe', status: 500 });
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const res = await call(sb.app, 'getMe', { token: session.token });
    expect(res.status).toBe(500);
  });

  it("leaves a fault for the portal's call when a test's setup call of that operation comes first", async () => {
    await fault({ operationId: 'getMe', status: 500 });
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const setup = await call(sb.app, 'getMe', {
      token: session.token,
      headers: { [SETUP_CALL_HEADER]: '1' },
    });
    expect(setup.status).toBe(200);
    const portal = await call(sb.app, 'getMe', { token: session.token });
    expect(portal.status).toBe(500);
  });

  it('delays calls, for any operation with "*"', async () => {
    await fault({ operationId: '*', delayMs: 150, times: 1 });
    const started = Date.now();
    const res = await call(sb.app, 'login', {
      form: { username: DEMO_USERS.maria.email, password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("answers a named entry of the bank's catalogue, and refuses a name it does not have", async () => {
    expect(
      (await fault({ operationId: 'getMe', status: 422, reply: 'recipientAlreadyRegistered' })).statusCode,
    ).toBe(200);
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const res = await call<{ error: { code: number; group: string; description: string } }>(sb.app, 'getMe', {
      token: session.token,
      unchecked: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: 56,
      group: 'RECIPIENT',
      description: 'Favorecido já cadastrado!',
    });
    for (const bad of [
      { operationId: 'getMe', status: 422, reply: 'noSuchError' },
      { operationId: 'getMe', status: 422, reply: 'toString' },
      { operationId: 'getMe', reply: 'recipientAlreadyRegistered' },
    ]) {
      const refused = await fault(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('reply');
    }
  });

  it('refuses a rule for an unknown operation or a bad status', async () => {
    const unknown = await fault({ operationId: 'nope', status: 500 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('operationId');
    expect((await fault({ operationId: 'login', status: 200 })).statusCode).toBe(400);
    const list = await sb.app.inject({ method: 'GET', url: '/sandbox/faults' });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('reset', () => {
  it('restores the seed and drops tokens', async () => {
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const params = { accountHolderId: session.accountHolderId, accountId: session.accountId };
    const before = await call<{ data: { addresses: { addressId: string }[] } }>(sb.app, 'listAddresses', {
      token: session.token,
      params,
    });
    const first = before.body.data.addresses[0]?.addressId ?? '';
    await call(sb.app, 'deleteAddress', { token: session.token, params: { ...params, addressId: first } });

    const reset = await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    expect(reset.statusCode).toBe(200);
    expect((await call(sb.app, 'getMe', { token: session.token })).status).toBe(401);
    const again = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const after = await call<{ data: { addresses: { addressId: string }[] } }>(sb.app, 'listAddresses', {
      token: again.token,
      params,
    });
    expect(after.body.data.addresses.map((a) => a.addressId)).toEqual(
      before.body.data.addresses.map((a) => a.addressId),
    );
  });

  it('restores every table from the pristine image, byte for byte, and clears the faults', async () => {
    const reset = () => sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    expect((await reset()).statusCode).toBe(200);
    const pristine = databaseSnapshot(sb.app);
    // Writes in many tables: a session, a deleted address, a reset e-mail, a pending fault.
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const params = { accountHolderId: session.accountHolderId, accountId: session.accountId };
    const list = await call<{ data: { addresses: { addressId: string }[] } }>(sb.app, 'listAddresses', {
      token: session.token,
      params,
    });
    const addressId = list.body.data.addresses[0]?.addressId ?? '';
    await call(sb.app, 'deleteAddress', { token: session.token, params: { ...params, addressId } });
    await call(sb.app, 'resetPassword', { query: { taxId: DEMO_USERS.maria.taxId } });
    await fault({ operationId: 'getMe', status: 500 });
    expect(databaseSnapshot(sb.app)).not.toEqual(pristine);

    expect((await reset()).statusCode).toBe(200);
    // Equal to the byte, password salts included: a re-seed would have drawn new salts.
    expect(databaseSnapshot(sb.app)).toEqual(pristine);
    const faults = await sb.app.inject({ method: 'GET', url: '/sandbox/faults' });
    expect(faults.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it("seeds again when the bank's day has changed since the image", async () => {
    const reset = () => sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    await reset();
    const today = databaseSnapshot(sb.app);
    const saved = sb.clock.now;
    sb.clock.now = new Date(saved.getTime() + 86_400_000);
    try {
      await reset();
      const tomorrow = databaseSnapshot(sb.app);
      expect(tomorrow).not.toEqual(today);
      expect(tomorrow).toContain(sb.clock.now.toISOString());
    } finally {
      sb.clock.now = saved;
      await reset();
    }
  });

  it('can seed the 5,000-entry account for one reset only', async () => {
    const volume = async () =>
      (
        await call(sb.app, 'login', {
          form: { username: DEMO_USERS.volume.email, password: DEMO_PASSWORD, cookie: '' },
        })
      ).status === 200;
    expect(await volume()).toBe(false);
    const bulk = await sb.app.inject({ method: 'POST', url: '/sandbox/reset', payload: { bulkEntries: 50 } });
    expect(bulk.json()).toEqual({ data: { reset: true, bulkEntries: 50 } });
    expect(await volume()).toBe(true);
    await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    expect(await volume()).toBe(false);
    for (const bulkEntries of [-1, 1.5, '5000', 20_001]) {
      const bad = await sb.app.inject({ method: 'POST', url: '/sandbox/reset', payload: { bulkEntries } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('bulkEntries');
    }
  });

  it('is off unless test routes are enabled; the outbox is always on', async () => {
    const plain = await startSandbox({ enableTestRoutes: false });
    try {
      expect((await plain.app.inject({ method: 'POST', url: '/sandbox/reset' })).statusCode).toBe(404);
      expect(
        (
          await plain.app.inject({
            method: 'POST',
            url: '/sandbox/faults',
            payload: { operationId: 'login' },
          })
        ).statusCode,
      ).toBe(404);
      const page = await plain.app.inject({ method: 'GET', url: '/sandbox/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(DEMO_USERS.firstAccess.email);
      expect(page.body).toContain('<a href="/login?action=primeiro-acesso&amp;hash=');
      const json = await plain.app.inject({ method: 'GET', url: '/sandbox/outbox.json' });
      expect(
        json.json<{ data: { to: string; subject: string; body: string; createdAt: string }[] }>().data[0],
      ).toMatchObject({ to: DEMO_USERS.firstAccess.email });
      expect((await plain.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
      });
    } finally {
      await plain.app.close();
    }
  });
});

describe('who may call the test routes (issue 27)', () => {
  const FAR = '203.0.113.9';
  const ROUTES: { method: 'POST' | 'GET' | 'DELETE'; url: string; payload?: Record<string, unknown> }[] = [
    { method: 'POST', url: '/sandbox/clock', payload: { at: '2026-11-21T22:30:00-03:00' } },
    {
      method: 'POST',
      url: '/sandbox/cheques',
      payload: { issuerAccountId: DEMO_USERS.maria.accountId, amount: 1000 },
    },
    { method: 'POST', url: '/sandbox/age-throttles', payload: { seconds: 900 } },
    { method: 'POST', url: '/sandbox/faults', payload: { operationId: 'login', status: 503 } },
    { method: 'GET', url: '/sandbox/faults' },
    { method: 'DELETE', url: '/sandbox/faults' },
    { method: 'POST', url: '/sandbox/reset' },
    { method: 'POST', url: '/sandbox/expire-tokens' },
    { method: 'POST', url: '/sandbox/spi/advance', payload: {} },
  ];

  it.each(ROUTES)('$method $url does not exist for another address, and changes nothing', async (route) => {
    const snapshot = databaseSnapshot(sb.app);
    const res = await sb.app.inject({ ...route, remoteAddress: FAR });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    expect((await sb.app.inject({ method: 'GET', url: '/sandbox/faults' })).json()).toEqual({ data: [] });
  });

  it('answers this machine (IPv4, IPv6 and IPv4-mapped loopback)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await sb.app.inject({ method: 'GET', url: '/sandbox/faults', remoteAddress });
      expect(res.statusCode).toBe(200);
    }
  });

  it('the start banner says whether they are on, and for whom', () => {
    expect(testRoutesBanner('off')).toMatch(/desligadas/);
    expect(testRoutesBanner('loopback')).toMatch(
      /LIGADAS, só desta máquina.*\/sandbox\/clock.*\/sandbox\/cheques/,
    );
    expect(testRoutesBanner('anyone')).toMatch(/ABERTAS a qualquer endereço/);
  });

  it('SANDBOX_TEST_ROUTES=anyone opens them on purpose', async () => {
    const open = await startSandbox({ testRoutes: 'anyone' });
    try {
      const res = await open.app.inject({ method: 'GET', url: '/sandbox/faults', remoteAddress: FAR });
      expect(res.statusCode).toBe(200);
    } finally {
      await open.app.close();
    }
  });
});
