/**
 * What the profile machines keep of a failed call (1-access-shell-statement.md §8).
 *
 * Machines cannot import `src/`, so the API layer's `ApiError` is read structurally. The fields
 * kept are those the view needs to rebuild the error and word it with `describeApiError`, plus
 * the two flags that say it must not be shown (code 313; an expired session, which the shell
 * already announces with 'Login expirado.').
 */

/** How the text of an error is built (mirrors the API layer's `ApiErrorDisplay`). */
export type ProfileErrorDisplay = 'catalogue' | 'server' | 'catalogue+server' | 'fields';

/** A failed call, as kept in a profile machine's context. */
export interface ProfileError {
  /** HTTP status; 0 when no response arrived, -1 when the failure was not an API error. */
  status: number;
  code?: number;
  /** The catalogue group of `code`. */
  group: string;
  /** i18n key of the catalogue text, e.g. 'ERRORS.INTERNAL'. */
  messageKey: string;
  serverMessage?: string;
  fieldMessages: string[];
  display: ProfileErrorDisplay;
  /** Not shown (code 313). */
  silent: boolean;
  /** HTTP 401: the shell shows 'Login expirado.' and signs out; the screen adds nothing. */
  sessionExpired: boolean;
}

/** The catalogue key of a failure that is not an API error. */
export const UNEXPECTED_KEY = 'ERRORS.UNEXPECTED';

const DISPLAYS: readonly ProfileErrorDisplay[] = ['catalogue', 'server', 'catalogue+server', 'fields'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Reads any thrown value into a {@link ProfileError}. An `ApiError` (or a plain object of the same
 * shape, as fixtures give) keeps its fields; anything else is the generic unexpected error, so a
 * bug in an actor still ends in a message, never in a silent screen.
 */
export function toProfileError(thrown: unknown): ProfileError {
  if (!isRecord(thrown)) {
    return {
      status: -1,
      group: 'API',
      messageKey: UNEXPECTED_KEY,
      fieldMessages: [],
      display: 'catalogue',
      silent: false,
      sessionExpired: false,
    };
  }
  const str = (k: string): string | undefined =>
    typeof thrown[k] === 'string' && thrown[k] !== '' ? (thrown[k] as string) : undefined;
  const serverMessage = str('serverMessage');
  const error: ProfileError = {
    status: typeof thrown['status'] === 'number' ? thrown['status'] : -1,
    group: str('group') ?? 'API',
    messageKey: str('messageKey') ?? UNEXPECTED_KEY,
    fieldMessages: Array.isArray(thrown['fieldMessages'])
      ? thrown['fieldMessages'].filter((m): m is string => typeof m === 'string')
      : [],
    display: DISPLAYS.find((d) => d === thrown['display']) ?? (serverMessage ? 'server' : 'catalogue'),
    silent: thrown['silent'] === true,
    sessionExpired: thrown['sessionExpired'] === true,
  };
  if (typeof thrown['code'] === 'number') error.code = thrown['code'];
  if (serverMessage !== undefined) error.serverMessage = serverMessage;
  return error;
}
