/**
 * The error catalogue of 1-access-shell-statement.md §8, as one typed error.
 *
 * `toApiError` is pure: it decides which catalogue key, server text and field messages an HTTP
 * failure carries, and how they combine into the text a user reads. It never shows UI and never
 * touches i18next itself: the caller passes `exists(key)` so the fallback to ERRORS.UNEXPECTED can
 * be decided here, and `describeApiError(err, t)` builds the final text later, in the view's
 * language.
 */

import type { CallError, CallErrorDisplay } from '../../machines/kernel/call-error';
import type { operations } from '../../openapi/portal';

/** Catalogue keys the API layer produces on its own (the rest are `ERRORS.{group}.{code}`). */
export const ERROR_KEYS = {
  unexpected: 'ERRORS.UNEXPECTED',
  sessionExpired: 'ERRORS.SESSION_EXPIRED',
  internal: 'ERRORS.INTERNAL',
  network: 'ERRORS.NETWORK',
  timeout: 'ERRORS.TIMEOUT',
  invalidRequest: 'ERRORS.INVALID_REQUEST',
} as const;

/** The generic code the catalogue falls back to (§8: "default code 99"). */
export const DEFAULT_ERROR_CODE = 99;

/** The group used when the server's error object names none. */
export const DEFAULT_ERROR_GROUP = 'API';

/** §8: for these codes the catalogue text is shown even when the server sends a description. */
export const FORCED_CATALOGUE_CODES: ReadonlySet<number> = new Set([
  20, 94, 99, 106, 701, 704, 776, 782, 787, 410, 1030,
]);

/** §8: a response error with this code is not shown (first access: the flow moves on instead). */
export const SILENT_CODES: ReadonlySet<number> = new Set([313]);

/** §8: success bodies with an errorMessage and a statusCode from here up show the catalogue text. */
export const CATALOGUE_STATUS_CODE_FROM = 800;

/** How the text of an error is built from its parts (machines/kernel/call-error.ts). */
export type ApiErrorDisplay = CallErrorDisplay;

/** The fields of an {@link ApiError}, as `toApiError` computes them: a CallError and its call. */
export interface ApiErrorInit extends CallError {
  operation?: keyof operations;
}

/** Every failure of an API call: HTTP errors, error bodies, network failure and time-out. */
export class ApiError extends Error implements CallError {
  /** HTTP status; 0 when no response arrived (network failure, time-out). */
  status: number;
  /** The API's error code (`body.error.code`, or `statusCode` of an errorMessage body). */
  code?: number;
  /** The catalogue group of `code` ('API' unless the server names another). */
  group: string;
  /** The i18next key of the catalogue text, e.g. 'ERRORS.API.20'. */
  messageKey: string;
  /** The server's own text, when it sent one. */
  serverMessage?: string;
  /** Messages per field (problem+json `errors[].message`, or the body's `messages[]`). */
  fieldMessages: string[];
  /** True when the error must not be shown (code 313). */
  silent: boolean;
  /** True for HTTP 401 on an authenticated call: the shell shows 'Login expirado.' and logs out. */
  sessionExpired: boolean;
  /** How `describeApiError` combines the parts above. */
  display: ApiErrorDisplay;
  /** The contract's operationId of the failed call, when known. */
  operation?: keyof operations;
  /** Seconds the bank asks to wait before trying again (code 429); the message says how long. */
  retryAfterSeconds?: number;

  constructor(init: ApiErrorInit) {
    // The Error message is for logs and stack traces; users read describeApiError().
    super(
      init.serverMessage ?? (init.fieldMessages.length > 0 ? init.fieldMessages.join('; ') : init.messageKey),
    );
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.group = init.group;
    this.messageKey = init.messageKey;
    this.serverMessage = init.serverMessage;
    this.fieldMessages = init.fieldMessages;
    this.silent = init.silent;
    this.sessionExpired = init.sessionExpired;
    this.display = init.display;
    this.operation = init.operation;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** True when `value` is an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** What an API call produced, as far as `toApiError` needs to know. */
export interface ApiFailure {
  /** HTTP status of the response; 0 (or omitted with `failure`) when none arrived. */
  status: number;
  /** HTTP method of the request (any case). */
  method?: string;
  /** The parsed body (JSON), its raw text, or undefined. */
  body?: unknown;
  /** The response's Content-Type, used to recognise `application/problem+json`. */
  contentType?: string | null;
  /** The contract's operationId, when known. */
  operation?: keyof operations;
  /** Set when no response arrived. */
  failure?: 'network' | 'timeout';
  /**
   * Whether the request carried a session token. A 401 on an unauthenticated call (the login
   * itself) is not a session expiry; it falls through to the body's error code. Default true.
   */
  authenticated?: boolean;
  /** Whether the catalogue has a key (pass `i18n.exists`). */
  exists: (key: string) => boolean;
}

interface ErrorObject {
  code?: number;
  group?: string;
  description?: string;
}

interface ProblemField {
  field?: string;
  message?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const nonEmptyString = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

function toCode(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

function readErrorObject(body: Record<string, unknown>): ErrorObject | undefined {
  const raw = body['error'];
  if (!isRecord(raw)) return undefined;
  return {
    code: toCode(raw['code']),
    group: nonEmptyString(raw['group']),
    description: nonEmptyString(raw['description']),
  };
}

function readMessages(body: Record<string, unknown>): string[] {
  const raw = body['messages'];
  if (!Array.isArray(raw)) return [];
  return raw.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
}

function readProblemFields(body: Record<string, unknown>): string[] {
  const raw = body['errors'];
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isRecord)
    .map((e: ProblemField) => (typeof e.message === 'string' ? e.message : undefined))
    .filter((m): m is string => m !== undefined && m.trim() !== '');
}

function isProblemJson(status: number, contentType: string | null | undefined, body: unknown): boolean {
  if (status !== 400 || !isRecord(body)) return false;
  if (contentType?.toLowerCase().includes('application/problem+json')) return true;
  // A problem body served with a plain JSON type is still recognisable by its shape.
  return Array.isArray(body['errors']) && ('title' in body || 'type' in body);
}

/**
 * The catalogue key for a code: `ERRORS.{group}.{code}`; when the catalogue has no entry for that
 * group, the same code in the default group (`ERRORS.API.{code}`: the contract sends group LOGIN
 * for the sign-in codes 20 and 313, which the catalogue files under API); otherwise
 * ERRORS.UNEXPECTED.
 */
export function catalogueKey(
  group: string,
  code: number | undefined,
  exists: (key: string) => boolean,
): string {
  if (code === undefined) return ERROR_KEYS.unexpected;
  const key = `ERRORS.${group}.${code}`;
  if (exists(key)) return key;
  const defaultKey = `ERRORS.${DEFAULT_ERROR_GROUP}.${code}`;
  if (group !== DEFAULT_ERROR_GROUP && exists(defaultKey)) return defaultKey;
  return ERROR_KEYS.unexpected;
}

/** Any text the server sent, in the order of preference of the catalogue. */
function anyServerText(body: unknown): string | undefined {
  if (typeof body === 'string') return nonEmptyString(body);
  if (!isRecord(body)) return undefined;
  const messages = readMessages(body);
  return (
    readErrorObject(body)?.description ??
    nonEmptyString(body['errorMessage']) ??
    (messages.length > 0 ? messages.join('; ') : undefined) ??
    nonEmptyString(body['detail']) ??
    nonEmptyString(body['title']) ??
    nonEmptyString(body['message'])
  );
}

/**
 * Turns a failed call into an {@link ApiError} following 1-access-shell-statement.md §8.
 *
 * Order of the rules: no response (network, time-out); 401 on an authenticated call; 400
 * problem+json; 500 on a POST; an error object with a code; a messages[] list; an errorMessage with
 * a statusCode; anything else is the generic unexpected error (code 99).
 */
export function toApiError(input: ApiFailure): ApiError {
  const { status, body, operation, exists } = input;
  const method = (input.method ?? 'GET').toUpperCase();
  const base = {
    status,
    group: DEFAULT_ERROR_GROUP,
    fieldMessages: [] as string[],
    silent: false,
    sessionExpired: false,
    operation,
  };

  if (input.failure === 'timeout') {
    return new ApiError({ ...base, status: 0, messageKey: ERROR_KEYS.timeout, display: 'catalogue' });
  }
  if (input.failure === 'network') {
    return new ApiError({ ...base, status: 0, messageKey: ERROR_KEYS.network, display: 'catalogue' });
  }

  if (status === 401 && input.authenticated !== false) {
    return new ApiError({
      ...base,
      messageKey: ERROR_KEYS.sessionExpired,
      sessionExpired: true,
      display: 'catalogue',
    });
  }

  const record = isRecord(body) ? body : undefined;

  if (record && isProblemJson(status, input.contentType, record)) {
    const fieldMessages = readProblemFields(record);
    return new ApiError({
      ...base,
      messageKey: ERROR_KEYS.invalidRequest,
      serverMessage: nonEmptyString(record['detail']) ?? nonEmptyString(record['title']),
      fieldMessages,
      display: fieldMessages.length > 0 ? 'fields' : 'catalogue',
    });
  }

  const errorObject = record ? readErrorObject(record) : undefined;
  const group = errorObject?.group ?? DEFAULT_ERROR_GROUP;

  if (status === 500 && method === 'POST') {
    return new ApiError({
      ...base,
      group,
      code: errorObject?.code,
      messageKey: ERROR_KEYS.internal,
      serverMessage: anyServerText(body),
      display: 'catalogue+server',
    });
  }

  if (errorObject?.code !== undefined) {
    const code = errorObject.code;
    const retryAfterSeconds = record ? toCode(record['retryAfterSeconds']) : undefined;
    if (retryAfterSeconds !== undefined && retryAfterSeconds > 0) {
      // The wait is the point of the message, and only the catalogue text can say it in the
      // reader's language.
      return new ApiError({
        ...base,
        group,
        code,
        messageKey: catalogueKey(group, code, exists),
        serverMessage: errorObject.description,
        display: 'catalogue',
        retryAfterSeconds,
      });
    }
    return new ApiError({
      ...base,
      group,
      code,
      messageKey: catalogueKey(group, code, exists),
      serverMessage: errorObject.description,
      silent: SILENT_CODES.has(code),
      display: FORCED_CATALOGUE_CODES.has(code) ? 'catalogue' : 'server',
    });
  }

  const messages = record ? readMessages(record) : [];
  if (messages.length > 0) {
    return new ApiError({
      ...base,
      group,
      messageKey: ERROR_KEYS.unexpected,
      fieldMessages: messages,
      display: 'fields',
    });
  }

  if (record && nonEmptyString(record['errorMessage']) !== undefined) {
    return errorMessageBody(record, { ...base, group }, exists);
  }

  return new ApiError({
    ...base,
    group,
    code: DEFAULT_ERROR_CODE,
    messageKey: ERROR_KEYS.unexpected,
    serverMessage: anyServerText(body),
    display: 'catalogue',
  });
}

function errorMessageBody(
  body: Record<string, unknown>,
  base: Pick<ApiErrorInit, 'status' | 'group' | 'fieldMessages' | 'silent' | 'sessionExpired' | 'operation'>,
  exists: (key: string) => boolean,
): ApiError {
  const statusCode = toCode(body['statusCode']);
  const serverMessage = nonEmptyString(body['errorMessage']);
  const fromCatalogue = statusCode !== undefined && statusCode >= CATALOGUE_STATUS_CODE_FROM;
  return new ApiError({
    ...base,
    code: statusCode,
    messageKey: catalogueKey(base.group, statusCode, exists),
    serverMessage,
    display: fromCatalogue ? 'catalogue' : 'server',
  });
}

/**
 * §8 "Success responses that carry an errorMessage": returns the error such a body stands for, or
 * undefined when the body is a plain success.
 */
export function errorFromSuccessBody(
  body: unknown,
  opts: { status: number; operation?: keyof operations; exists: (key: string) => boolean },
): ApiError | undefined {
  if (!isRecord(body) || nonEmptyString(body['errorMessage']) === undefined) return undefined;
  return errorMessageBody(
    body,
    {
      status: opts.status,
      group: readErrorObject(body)?.group ?? DEFAULT_ERROR_GROUP,
      fieldMessages: [],
      silent: false,
      sessionExpired: false,
      operation: opts.operation,
    },
    opts.exists,
  );
}

/** The translate function `describeApiError` needs (i18next's `t` fits). */
export type Translate = (key: string, options?: Record<string, string>) => string;

/**
 * A wait as the catalogue's `{{wait}}` reads it: seconds under a minute, whole minutes (rounded
 * up) from there. `s` and `min` are written the same in Portuguese and English.
 */
export function formatWait(seconds: number): string {
  return seconds < 60 ? `${Math.ceil(seconds)} s` : `${Math.ceil(seconds / 60)} min`;
}

/** The interpolation values of an error's catalogue text. */
export function catalogueValues(retryAfterSeconds: number | undefined): Record<string, string> | undefined {
  return retryAfterSeconds === undefined ? undefined : { wait: formatWait(retryAfterSeconds) };
}

/**
 * The text a user reads for a failed call, in the language of `t`: the one describer of every
 * flow's errors. A silent error still has a text (for logs); whether to show it is the caller's
 * decision (`errorTextToShow`).
 */
export function describeApiError(err: CallError, t: Translate): string {
  // A throttled try names its wait ({{wait}}): the message is useless without it.
  const catalogue = t(err.messageKey, catalogueValues(err.retryAfterSeconds));
  switch (err.display) {
    case 'catalogue':
      return catalogue;
    case 'server':
      return err.serverMessage ?? catalogue;
    case 'catalogue+server':
      return err.serverMessage ? `${catalogue} ${err.serverMessage}` : catalogue;
    case 'fields':
      return err.fieldMessages.length > 0 ? err.fieldMessages.join('; ') : catalogue;
  }
}

/** Whether a screen shows a failure: not silent (code 313), not the shell's 'Login expirado.'. */
export function isShownError(error: CallError | null | undefined): error is CallError {
  return !!error && !error.silent && !error.sessionExpired;
}

/** The text a screen shows for a failed call kept by its machine, or null when it shows none. */
export function errorTextToShow(error: CallError | null | undefined, t: Translate): string | null {
  return isShownError(error) ? describeApiError(error, t) : null;
}

/** The text for any thrown value: ApiErrors via the catalogue, anything else as unexpected. */
export function describeError(err: unknown, t: Translate): string {
  return isApiError(err) ? describeApiError(err, t) : t(ERROR_KEYS.unexpected);
}
