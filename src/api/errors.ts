/**
 * The error catalogue of 1-access-shell-statement.md §8, as one typed error, and the text a user
 * reads for it.
 *
 * What an HTTP failure carries (catalogue key, server text, field messages) is decided by
 * `toApiError` in error-reading.ts; `describeApiError(err, t)` builds the final text here, later,
 * in the view's language. Nothing here shows UI or touches i18next itself.
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
