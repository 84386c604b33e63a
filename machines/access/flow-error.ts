/**
 * What the access machines keep of a failed call.
 *
 * Machines do not import `src/`, so they cannot see the API layer's `ApiError` class; they read the
 * thrown value structurally. `FlowError` carries exactly the fields the view needs to describe the
 * failure with the error catalogue (1-access-shell-statement.md §8) in the user's language.
 */

/** How the text of an error is built (mirrors the API layer's `ApiErrorDisplay`). */
export type FlowErrorDisplay = 'catalogue' | 'server' | 'catalogue+server' | 'fields';

/** A failed call, as kept in a machine's context. */
export interface FlowError {
  /** HTTP status; 0 when no response arrived (network failure, time-out). */
  status: number;
  /** The API's error code, when the body had one. */
  code?: number;
  /** The i18n key of the catalogue text, e.g. 'ERRORS.API.20'. */
  messageKey: string;
  /** The server's own text, when it sent one. */
  serverMessage?: string;
  /** Field messages, joined with '; ' when shown. */
  fieldMessages: string[];
  /** How the text is composed. */
  display: FlowErrorDisplay;
  /** Seconds the bank asks to wait before trying again (a throttled try, code 429). */
  retryAfterSeconds?: number;
}

/** The catalogue key of a failure that is not an API error at all. */
export const UNEXPECTED_ERROR_KEY = 'ERRORS.UNEXPECTED';

const DISPLAYS: readonly FlowErrorDisplay[] = ['catalogue', 'server', 'catalogue+server', 'fields'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Reads any thrown value into a {@link FlowError}. An `ApiError` (or a plain object of the same
 * shape, as test fixtures give) keeps its fields; anything else becomes the generic unexpected
 * error, so a bug in an actor never leaves a screen without a message.
 */
export function toFlowError(thrown: unknown): FlowError {
  if (!isRecord(thrown))
    return { status: -1, messageKey: UNEXPECTED_ERROR_KEY, fieldMessages: [], display: 'catalogue' };
  const status = typeof thrown['status'] === 'number' ? thrown['status'] : -1;
  const code = typeof thrown['code'] === 'number' ? thrown['code'] : undefined;
  const messageKey =
    typeof thrown['messageKey'] === 'string' && thrown['messageKey'] !== ''
      ? thrown['messageKey']
      : UNEXPECTED_ERROR_KEY;
  const serverMessage = typeof thrown['serverMessage'] === 'string' ? thrown['serverMessage'] : undefined;
  const fieldMessages = Array.isArray(thrown['fieldMessages'])
    ? thrown['fieldMessages'].filter((m): m is string => typeof m === 'string')
    : [];
  const rawDisplay = thrown['display'];
  const display = DISPLAYS.find((d) => d === rawDisplay) ?? (serverMessage ? 'server' : 'catalogue');
  const error: FlowError = { status, messageKey, fieldMessages, display };
  if (code !== undefined) error.code = code;
  if (serverMessage !== undefined) error.serverMessage = serverMessage;
  const wait = thrown['retryAfterSeconds'];
  if (typeof wait === 'number' && Number.isInteger(wait) && wait > 0) error.retryAfterSeconds = wait;
  return error;
}

/** A {@link FlowError} that only names a catalogue key (a refusal that arrived as a success body). */
export function catalogueError(messageKey: string): FlowError {
  return { status: 200, messageKey, fieldMessages: [], display: 'catalogue' };
}

/** Catalogue keys of a call that got no response at all. */
export const NO_RESPONSE_KEYS: readonly string[] = ['ERRORS.NETWORK', 'ERRORS.TIMEOUT'];

/**
 * True when no response arrived (network failure or time-out): the screen offers a retry. Status 0
 * alone is not enough: the API layer also gives it to unexpected client-side failures.
 */
export function isNoResponse(thrown: unknown): boolean {
  return (
    isRecord(thrown) && thrown['status'] === 0 && NO_RESPONSE_KEYS.includes(String(thrown['messageKey']))
  );
}

/** True when the thrown value carries the API error `code`. */
export function hasErrorCode(thrown: unknown, code: number): boolean {
  return isRecord(thrown) && thrown['code'] === code;
}

/** True when the thrown value is an HTTP failure with `status`. */
export function hasStatus(thrown: unknown, status: number): boolean {
  return isRecord(thrown) && thrown['status'] === status;
}
