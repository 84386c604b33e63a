/**
 * The one HTTP client of the portal (DESIGN.md, The API layer): an openapi-fetch client typed by the
 * contract, with middleware that adds the bearer token, the `deviceId` header, JSON accept and a
 * time-out, and turns every failure into one typed {@link ApiError}.
 *
 * The middleware never shows UI. A 401 on an authenticated call is published once through
 * `onSessionExpired` (given by the composition root via {@link configureApi}); the shell shows
 * 'Login expirado.' and goes to /Logout.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { operations, paths } from '../../openapi/portal';
import { config } from '../runtime/config';
import { hasKey } from '../i18n/i18n';
import { errorFromSuccessBody, toApiError } from './error-reading';
import { ApiError, ERROR_KEYS, isApiError } from './errors';

/** An operationId of the contract: the name every call, fault and fixture uses. */
export type OperationId = keyof operations;

/** The typed client of the whole contract. */
export type ApiClient = Client<paths>;

/** What the API layer needs from the rest of the app. */
export interface ApiHooks {
  /** The current session token, if any. */
  getToken: () => string | null | undefined;
  /** Called once per expired token when an authenticated call gets HTTP 401. */
  onSessionExpired: (err: ApiError) => void;
}

/** Options of {@link createApiClient}; every field has a default from config or the app hooks. */
export interface ApiClientOptions extends Partial<ApiHooks> {
  /** API base URL; default `config.apiBaseUrl`, resolved against the page's origin. */
  baseUrl?: string;
  /** The fetch to use (tests pass a fake). */
  fetch?: (request: Request) => Promise<Response>;
  /** Time-out of each call in ms; default `config.requestTimeoutMs` (120 000). */
  timeoutMs?: number;
  /** Value of the `deviceId` header; default `config.deviceIdWebValue`. */
  deviceId?: string;
  /** Whether the catalogue has a key; default the portal's i18next catalogue. */
  exists?: (key: string) => boolean;
}

const hooks: ApiHooks = {
  getToken: () => undefined,
  onSessionExpired: () => undefined,
};

/**
 * Connects the API layer to the app: where the token comes from and who hears about an expired
 * session. Called once by the composition root; the shared {@link api} client reads these lazily.
 */
export function configureApi(next: Partial<ApiHooks>): void {
  if (next.getToken) hooks.getToken = next.getToken;
  if (next.onSessionExpired) hooks.onSessionExpired = next.onSessionExpired;
}

/** The token the calls are sent with now (the session's, through the composition root's hooks). */
export function currentToken(): string | null | undefined {
  return hooks.getToken();
}

/** A path base ('/api') becomes absolute on this page's origin, so `new Request` accepts it. */
export function resolveBaseUrl(base: string): string {
  if (!base.startsWith('/')) return base;
  const origin = typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : undefined;
  return origin ? new URL(base, origin).toString().replace(/\/$/, '') : base;
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isNamedError = (e: unknown, name: string): boolean =>
  typeof e === 'object' && e !== null && 'name' in e && (e as { name: unknown }).name === name;

/**
 * A signal that aborts with a TimeoutError after `ms`, like `AbortSignal.timeout`, but whose timer
 * holds the signal strongly. Node (where the unit tests and the prerender run this client) keeps
 * only a weak reference from AbortSignal.timeout's timer, and a timeout signal known only to an
 * `AbortSignal.any` composite can be collected before it fires (nodejs/node#57736): under load the
 * call then never times out. The timer does not keep a Node process alive (unref when it exists).
 */
function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  const timer: unknown = setTimeout(() => {
    controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
  }, ms);
  (timer as { unref?: () => void }).unref?.();
  return controller.signal;
}

/**
 * The middleware of {@link createApiClient}, exported so tests can run it on any client.
 */
export function apiMiddleware(opts: Required<Omit<ApiClientOptions, 'baseUrl' | 'fetch'>>): Middleware {
  // The token whose expiry was already published: concurrent 401s of one session notify once.
  let expiredToken: string | undefined;

  return {
    onRequest({ request }) {
      const headers = new Headers(request.headers);
      const token = opts.getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      headers.set('deviceId', opts.deviceId);
      headers.set('Accept', 'application/json');
      // The caller's signal (react-query cancellation, leaving a screen) still aborts the call.
      const signal = AbortSignal.any([request.signal, timeoutSignal(opts.timeoutMs)]);
      return new Request(request, { headers, signal });
    },

    async onResponse({ request, response }) {
      if (response.ok) return undefined;
      const authorization = request.headers.get('Authorization');
      const err = toApiError({
        status: response.status,
        method: request.method,
        body: await readBody(response),
        contentType: response.headers.get('Content-Type'),
        authenticated: authorization !== null,
        exists: opts.exists,
      });
      if (err.sessionExpired && authorization !== null && authorization !== expiredToken) {
        expiredToken = authorization;
        opts.onSessionExpired(err);
      }
      throw err;
    },

    onError({ request, error }) {
      if (isApiError(error)) return error;
      // A caller's own abort is not a failure to report: let it through unchanged.
      if (isNamedError(error, 'AbortError')) return undefined;
      return toApiError({
        status: 0,
        method: request.method,
        failure: isNamedError(error, 'TimeoutError') ? 'timeout' : 'network',
        exists: opts.exists,
      });
    },
  };
}

/** Creates a client of the contract with the portal's middleware. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: resolveBaseUrl(options.baseUrl ?? config.apiBaseUrl),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(
    apiMiddleware({
      getToken: options.getToken ?? (() => hooks.getToken()),
      onSessionExpired: options.onSessionExpired ?? ((err) => hooks.onSessionExpired(err)),
      timeoutMs: options.timeoutMs ?? config.requestTimeoutMs,
      deviceId: options.deviceId ?? config.deviceIdWebValue,
      exists: options.exists ?? hasKey,
    }),
  );
  return client;
}

/** The portal's client. Tag modules use it; tests can swap it with {@link setApiClient}. */
export let api: ApiClient = createApiClient();

/** Replaces the shared client (tests, or a composition root with its own fetch). */
export function setApiClient(client: ApiClient): void {
  api = client;
}

/**
 * The contract declares the `deviceId` header on every operation, so its types require it in
 * `params.header`; the middleware sets it again (from the client's options) on every request.
 */
export function deviceHeader(): { deviceId: string } {
  return { deviceId: config.deviceIdWebValue };
}

/** Options every API function accepts. */
export interface CallOptions {
  /** Aborts the call (react-query passes one; leaving a screen may too). */
  signal?: AbortSignal;
}

/** What an openapi-fetch call resolves to, as far as unwrapping needs. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The payload of the success envelope `{ data: <payload> }` of a call's result type. */
export type Payload<R extends FetchResult> = [NonNullable<R['data']>] extends [never]
  ? undefined
  : NonNullable<R['data']> extends { data?: infer P }
    ? P
    : NonNullable<R['data']>;

/**
 * Returns `data.data` of a call's result, or throws an {@link ApiError}: for an error result (a
 * client without the middleware) and for a success body that carries an errorMessage (§8).
 */
export function unwrap<R extends FetchResult>(
  result: R,
  operation?: OperationId,
  exists: (key: string) => boolean = hasKey,
): Payload<R> {
  const { response } = result;
  if (result.error !== undefined || !response.ok) {
    throw toApiError({ status: response.status, body: result.error, operation, exists });
  }
  const failure = errorFromSuccessBody(result.data, { status: response.status, operation, exists });
  if (failure) throw failure;
  const body = result.data;
  if (body !== null && typeof body === 'object' && 'data' in body)
    return (body as { data: unknown }).data as Payload<R>;
  return body as Payload<R>;
}

/** Normalises anything a call threw into an ApiError (a caller's abort passes through). */
export function toCallError(
  err: unknown,
  operation: OperationId,
  exists: (key: string) => boolean = hasKey,
): unknown {
  if (isApiError(err)) {
    err.operation ??= operation;
    return err;
  }
  if (isNamedError(err, 'AbortError')) return err;
  if (isNamedError(err, 'TimeoutError'))
    return toApiError({ status: 0, failure: 'timeout', operation, exists });
  if (err instanceof TypeError) return toApiError({ status: 0, failure: 'network', operation, exists });
  return new ApiError({
    status: 0,
    group: 'API',
    messageKey: ERROR_KEYS.unexpected,
    serverMessage: err instanceof Error ? err.message : undefined,
    fieldMessages: [],
    silent: false,
    sessionExpired: false,
    display: 'catalogue',
    operation,
  });
}

/**
 * Runs one operation: returns the payload of its envelope, or throws an ApiError tagged with the
 * operation's id. Every function of the tag modules goes through here.
 */
export async function call<R extends FetchResult>(
  operation: OperationId,
  run: () => Promise<R>,
): Promise<Payload<R>> {
  let result: R;
  try {
    result = await run();
  } catch (err) {
    throw toCallError(err, operation);
  }
  return unwrap(result, operation);
}
