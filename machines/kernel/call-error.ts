/**
 * What every machine keeps of a failed call, and the guards that read it.
 *
 * Machines do not import `src/`, so they cannot see the API layer's `ApiError` class; they read the
 * thrown value by shape. `CallError` is that shape: exactly the fields a view needs to word the
 * failure with the error catalogue (1-access-shell-statement.md §8) in the user's language, plus
 * the two flags that say it is not shown on the screen (code 313; an expired session, which the
 * shell announces with 'Login expirado.'). The API layer's `ApiError` implements it, and test
 * fixtures give plain objects of the same shape.
 */

/**
 * How the text of an error is built from its parts:
 * - `catalogue`: the translation of `messageKey`;
 * - `server`: the server's own message, the catalogue text when it is missing;
 * - `catalogue+server`: the catalogue text followed by the server message (HTTP 500 on a post);
 * - `fields`: the field messages joined with '; ' (the catalogue text when there are none).
 */
export type CallErrorDisplay = 'catalogue' | 'server' | 'catalogue+server' | 'fields';

/** A failed call, as kept in a machine's context. */
export interface CallError {
  /** HTTP status; 0 when no response arrived, -1 when the failure was not an API error at all. */
  status: number;
  /** The API's error code, when the body had one. */
  code?: number;
  /** The catalogue group of `code` ('API' unless the server names another). */
  group: string;
  /** The i18n key of the catalogue text, e.g. 'ERRORS.API.20'. */
  messageKey: string;
  /** The server's own text, when it sent one. */
  serverMessage?: string;
  /** Field messages, joined with '; ' when shown. */
  fieldMessages: string[];
  display: CallErrorDisplay;
  /** Not shown (code 313: the flow moves on instead). */
  silent: boolean;
  /** HTTP 401 on an authenticated call: the shell says 'Login expirado.' and signs out. */
  sessionExpired: boolean;
  /** Seconds the bank asks to wait before trying again (a throttled try, HTTP 429). */
  retryAfterSeconds?: number;
}

/** The catalogue key of a failure that is not an API error. */
export const UNEXPECTED_ERROR_KEY = 'ERRORS.UNEXPECTED';

/** Catalogue keys of a call that got no response at all. */
export const NO_RESPONSE_KEYS: readonly string[] = ['ERRORS.NETWORK', 'ERRORS.TIMEOUT'];

const DISPLAYS: readonly CallErrorDisplay[] = ['catalogue', 'server', 'catalogue+server', 'fields'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Reads any thrown value into a {@link CallError}. An `ApiError` (or a plain object of the same
 * shape, as fixtures give) keeps its fields; anything else becomes the generic unexpected error, so
 * a bug in an actor still ends in a message, never in a silent screen.
 */
export function toCallError(thrown: unknown): CallError {
  if (!isRecord(thrown)) {
    return {
      status: -1,
      group: 'API',
      messageKey: UNEXPECTED_ERROR_KEY,
      fieldMessages: [],
      display: 'catalogue',
      silent: false,
      sessionExpired: false,
    };
  }
  const str = (k: string): string | undefined =>
    typeof thrown[k] === 'string' && thrown[k] !== '' ? (thrown[k] as string) : undefined;
  const serverMessage = str('serverMessage');
  const error: CallError = {
    status: typeof thrown['status'] === 'number' ? thrown['status'] : -1,
    group: str('group') ?? 'API',
    messageKey: str('messageKey') ?? UNEXPECTED_ERROR_KEY,
    fieldMessages: Array.isArray(thrown['fieldMessages'])
      ? thrown['fieldMessages'].filter((m): m is string => typeof m === 'string')
      : [],
    display: DISPLAYS.find((d) => d === thrown['display']) ?? (serverMessage ? 'server' : 'catalogue'),
    silent: thrown['silent'] === true,
    sessionExpired: thrown['sessionExpired'] === true,
  };
  if (typeof thrown['code'] === 'number') error.code = thrown['code'];
  if (serverMessage !== undefined) error.serverMessage = serverMessage;
  const wait = thrown['retryAfterSeconds'];
  if (typeof wait === 'number' && Number.isInteger(wait) && wait > 0) error.retryAfterSeconds = wait;
  return error;
}

/** The error of an `xstate.error.actor.*` event (any event: those without one give undefined). */
export function thrownBy(event: unknown): unknown {
  return isRecord(event) ? event['error'] : undefined;
}

/** The {@link CallError} of an `xstate.error.actor.*` event. */
export const callErrorOf = (event: unknown): CallError => toCallError(thrownBy(event));

/**
 * A {@link CallError} that only names a catalogue key: a refusal that arrived as a success body
 * (status 200), or a failure of the portal's own work (status -1).
 */
export function catalogueError(messageKey: string, status = 200): CallError {
  return {
    status,
    group: 'API',
    messageKey,
    fieldMessages: [],
    display: 'catalogue',
    silent: false,
    sessionExpired: false,
  };
}

/**
 * True when no response arrived (network failure or time-out): the screen offers a retry. Status 0
 * alone is not enough: the API layer also gives it to unexpected client-side failures.
 */
export function isNoResponse(thrown: unknown): boolean {
  return (
    isRecord(thrown) && thrown['status'] === 0 && NO_RESPONSE_KEYS.includes(String(thrown['messageKey']))
  );
}

/**
 * True when the thrown value carries the API error `code`. Machines name their guards for what the
 * code means in the spec (`isBadCredentials`) and read it with this.
 */
export function hasErrorCode(thrown: unknown, code: number): boolean {
  return isRecord(thrown) && thrown['code'] === code;
}

/** True when the thrown value is an HTTP failure with `status`. */
export function hasStatus(thrown: unknown, status: number): boolean {
  return isRecord(thrown) && thrown['status'] === status;
}
