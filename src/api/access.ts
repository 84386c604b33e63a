/**
 * Tag `access` of the contract: sign-in, sign-out, verification links, credential re-check and the
 * signed-in user's session data. Each function returns the payload of the `{ data }` envelope or
 * throws an {@link ApiError} (src/api/errors.ts).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];
export type LoginRequest = Schemas['LoginRequest'];
export type LoginData = Schemas['LoginData'];
export type Credentials = Schemas['Credentials'];
export type ValidResult = Schemas['ValidResult'];
export type VerifyActionResult = Schemas['VerifyActionResult'];
export type Ack = Schemas['Ack'];
export type Me = Schemas['Me'];

/**
 * POST /login, form-encoded (username with its prefix, password, device cookie). Refusals come as
 * ApiError: code 20 'Credenciais inválidas!', code 313 (silent) first access.
 */
export function login(body: LoginRequest, opts: CallOptions = {}): Promise<LoginData> {
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

/** DELETE /logout: invalidates the token. */
export function logout(opts: CallOptions = {}): Promise<Ack> {
  return call('logout', () =>
    api.DELETE('/logout', { params: { header: deviceHeader() }, signal: opts.signal }),
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

/** POST /VerifyAction/{action}: checks the action and hash of an e-mailed link. */
export function verifyAction(
  action: string,
  hash: string,
  opts: CallOptions = {},
): Promise<VerifyActionResult> {
  return call('verifyAction', () =>
    api.POST('/VerifyAction/{action}', {
      params: { header: deviceHeader(), path: { action } },
      body: { hash },
      signal: opts.signal,
    }),
  );
}

/** POST /CheckLogin: re-checks the signed-in user's credentials (`valid`). */
export function checkLogin(body: Credentials, opts: CallOptions = {}): Promise<ValidResult> {
  return call('checkLogin', () =>
    api.POST('/CheckLogin', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** GET /me: the signed-in user's session data. */
export function getMe(opts: CallOptions = {}): Promise<Me> {
  return call('getMe', () => api.GET('/me', { params: { header: deviceHeader() }, signal: opts.signal }));
}
