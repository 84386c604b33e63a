/**
 * How a failed call becomes an {@link ApiError} (1-access-shell-statement.md §8): `toApiError`
 * reads the HTTP status, the body (error object, messages[], problem+json, errorMessage) and the
 * missing answer of a network failure or time-out, and decides the catalogue key, the server text
 * and the field messages; `errorFromSuccessBody` finds the error a success body stands for. Pure:
 * the caller passes `exists(key)` so the fallback to ERRORS.UNEXPECTED is decided here. The error
 * kinds and the text a user reads are in errors.ts.
 */

import type { operations } from '../../openapi/portal';
import { ApiError, ERROR_KEYS, type ApiErrorInit } from './errors';

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
