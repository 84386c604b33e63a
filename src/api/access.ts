/**
 * Tag `access` of the contract: the one call whose body is not JSON (login), and the session's
 * renewal, which the shell calls outside any flow. The other access calls are written once as
 * actors (src/app/actors/access-actors.ts, `fromOperation`).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];

/**
 * POST /login, form-encoded (username with its prefix, password, device cookie). Refusals come as
 * ApiError: code 20 'Credenciais inválidas!', code 313 (silent) first access.
 */
export function login(body: Schemas['LoginRequest'], opts: CallOptions = {}): Promise<Schemas['LoginData']> {
  return call('login', () =>
    api.POST('/login', {
      params: { header: deviceHeader() },
      body,
      // openapi-fetch form-encodes only when this header is set explicitly.
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      signal: opts.signal,
    }),
  );
}

/**
 * POST /session/refresh (issue 32): a new token for the signed-in customer, the old one ended.
 * Written here rather than through `callOperation`, whose table of every operation the shell
 * would otherwise carry on every protected page's first load.
 */
export function refreshSession(opts: CallOptions = {}): Promise<Schemas['SessionRenewal']> {
  return call('refreshSession', () =>
    api.POST('/session/refresh', { params: { header: deviceHeader() }, signal: opts.signal }),
  );
}
