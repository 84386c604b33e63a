/**
 * The middleware of the one API client, with a fake fetch: headers, form-encoding of login,
 * time-out, 401 session expiry, error bodies, and the `{ data }` envelope.
 */
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { components } from '../../openapi/portal';
import { login } from '../../src/api/access';
import {
  api,
  createApiClient,
  deviceHeader,
  setApiClient,
  unwrap,
  type ApiClient,
  type CallOptions,
  type Payload,
} from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { callOperation } from '../../src/api/operation';

const getClient = (accountId: string, opts?: CallOptions) =>
  callOperation('getClient', { path: { accountId } }, opts);

const BASE = 'http://bank.test/api';

type Handler = (request: Request) => Response | Promise<Response>;

/** A fetch that records requests and answers with `handler`, honouring the request's signal. */
function fakeFetch(handler: Handler) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const fetch = vi.fn(async (request: Request): Promise<Response> => {
    requests.push(request);
    bodies.push(request.body ? await request.clone().text() : '');
    return new Promise<Response>((resolve, reject) => {
      if (request.signal.aborted) return reject(request.signal.reason);
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      Promise.resolve(handler(request)).then(resolve, reject);
    });
  });
  return { fetch, requests, bodies };
}

const json = (status: number, body: unknown, contentType = 'application/json'): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } });

const never: Handler = () => new Promise<Response>(() => undefined);

function clientWith(handler: Handler, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const fake = fakeFetch(handler);
  const onSessionExpired = vi.fn();
  const client: ApiClient = createApiClient({
    baseUrl: BASE,
    fetch: fake.fetch,
    getToken: () => 'tok-123',
    onSessionExpired,
    exists: (key) => key === 'ERRORS.API.20',
    ...extra,
  });
  setApiClient(client);
  return { ...fake, client, onSessionExpired };
}

const loginData = {
  token: 'new-token',
  accounts: [{ accountId: '1001' }],
  isValidateDevice: false,
  accountHolderId: '5001',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('API client middleware', () => {
  it('adds Authorization: Bearer, the deviceId header and Accept JSON', async () => {
    const { requests } = clientWith(() => json(200, { data: { client: { name: 'Ana' }, account: {} } }));
    await getClient('1001');
    const req = requests[0] as Request;
    expect(req.url).toBe(`${BASE}/client/1001`);
    expect(req.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(req.headers.get('deviceId')).toBe('WEB');
    expect(req.headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const { requests } = clientWith(() => json(200, { data: loginData }), { getToken: () => undefined });
    await login({ username: 'ana@exemplo.com.br', password: 'x' });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('form-encodes the login and returns the envelope data', async () => {
    const { requests, bodies } = clientWith(() => json(200, { data: loginData }));
    const data = await login({ username: 'BRA12345678909', password: 's3nha 1&2', cookie: 'dev-1' });
    const req = requests[0] as Request;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`${BASE}/login`);
    expect(req.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(bodies[0]))).toEqual({
      username: 'BRA12345678909',
      password: 's3nha 1&2',
      cookie: 'dev-1',
    });
    expect(data).toEqual(loginData);
  });

  it('sends JSON bodies and query parameters for the other calls', async () => {
    const { requests } = clientWith(() => json(200, { data: { statement: [] } }));
    await callOperation('getStatement', {
      path: { accountId: '1001' },
      query: { start: '2026-11-14', ending: '2026-11-21', isPix: true },
    });
    const url = new URL((requests[0] as Request).url);
    expect(url.pathname).toBe('/api/accounts/1001/statement');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      start: '2026-11-14',
      ending: '2026-11-21',
      isPix: 'true',
    });
  });

  it('times out: ApiError ERRORS.TIMEOUT with status 0', async () => {
    clientWith(never, { timeoutMs: 30 });
    const err = await getClient('1001').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ messageKey: 'ERRORS.TIMEOUT', status: 0, operation: 'getClient' });
  });

  it('a caller abort still aborts the call and is not turned into an ApiError', async () => {
    clientWith(never);
    const controller = new AbortController();
    const pending = getClient('1001', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const err = await pending;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
  });

  it('a network failure: ApiError ERRORS.NETWORK with status 0', async () => {
    clientWith(() => {
      throw new TypeError('fetch failed');
    });
    await expect(getClient('1001')).rejects.toMatchObject({ messageKey: 'ERRORS.NETWORK', status: 0 });
  });

  it('401: onSessionExpired is called once, even for concurrent calls, and the call throws', async () => {
    const { onSessionExpired } = clientWith(() =>
      json(401, { error: { code: 401, description: 'expired' } }),
    );
    const results = await Promise.allSettled([
      getClient('1001'),
      callOperation('logout', {}),
      getClient('1001'),
    ]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        messageKey: 'ERRORS.SESSION_EXPIRED',
        sessionExpired: true,
      });
    }
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
  });

  it('a new token re-arms the session-expired notification', async () => {
    let token = 'first';
    const { onSessionExpired } = clientWith(() => json(401, {}), { getToken: () => token });
    await getClient('1001').catch(() => undefined);
    token = 'second';
    await getClient('1001').catch(() => undefined);
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('a refused login (422, code 20, group LOGIN) is an ApiError keyed ERRORS.API.20, not a session expiry', async () => {
    const { onSessionExpired } = clientWith(
      () => json(422, { error: { code: 20, group: 'LOGIN', description: 'Credenciais inválidas!' } }),
      { getToken: () => undefined },
    );
    const err = await login({ username: 'ana@exemplo.com.br', password: 'errada' }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 422,
      code: 20,
      messageKey: 'ERRORS.API.20',
      operation: 'login',
      silent: false,
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 400 problem+json becomes field messages', async () => {
    clientWith(() =>
      json(
        400,
        { title: 'Bad Request', status: 400, errors: [{ field: '/x', message: 'x is wrong' }] },
        'application/problem+json',
      ),
    );
    await expect(getClient('1001')).rejects.toMatchObject({ status: 400, fieldMessages: ['x is wrong'] });
  });

  it('a 200 that carries an errorMessage throws an ApiError', async () => {
    clientWith(() => json(200, { errorMessage: 'Endereço em uso', statusCode: 409 }));
    await expect(
      callOperation('deleteAddress', {
        path: { accountHolderId: '5001', accountId: '1001', addressId: '77' },
      }),
    ).rejects.toMatchObject({
      serverMessage: 'Endereço em uso',
      display: 'server',
      operation: 'deleteAddress',
    });
  });

  it('unwrap returns data.data and undefined for an empty body', () => {
    const ok = new Response(null, { status: 200 });
    expect(unwrap({ data: { data: { a: 1 } }, response: ok })).toEqual({ a: 1 });
    expect(unwrap({ data: undefined, response: ok })).toBeUndefined();
  });

  it('types the payload of an operation as the contract schema of its envelope data', () => {
    const _probe = () =>
      api.GET('/client/{accountId}', { params: { header: deviceHeader(), path: { accountId: '1' } } });
    const _logoutProbe = () => api.DELETE('/logout', { params: { header: deviceHeader() } });
    // openapi-fetch re-maps response types (Readable<>), so compare by assignability both ways.
    type ClientPayload = Payload<Awaited<ReturnType<typeof _probe>>>;
    expectTypeOf<ClientPayload>().toExtend<components['schemas']['ClientWithAccount']>();
    expectTypeOf<components['schemas']['ClientWithAccount']>().toExtend<ClientPayload>();
    expectTypeOf<ClientPayload>().not.toBeAny();
    expectTypeOf<Payload<Awaited<ReturnType<typeof _logoutProbe>>>>().toEqualTypeOf<
      components['schemas']['Ack']
    >();
  });
});
