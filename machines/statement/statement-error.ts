/**
 * What the statement machines keep of a failed call (1-access-shell-statement.md §8).
 *
 * Machines cannot import `src/`, so the API layer's `ApiError` is read structurally. The fields
 * kept are the ones the view needs to word the failure with the error catalogue, plus the two
 * flags that say it must not be shown at all (code 313; an expired session, which the shell
 * already announces with 'Login expirado.').
 */

/** How the text of an error is built (mirrors the API layer's `ApiErrorDisplay`). */
export type StatementErrorDisplay = 'catalogue' | 'server' | 'catalogue+server' | 'fields';

/** A failed call, as kept in a statement machine's context. */
export interface StatementError {
  /** HTTP status; 0 when no response arrived, -1 when the failure was not an API error. */
  status: number;
  code?: number;
  /** i18n key of the catalogue text, e.g. 'ERRORS.INTERNAL' or 'STATEMENT_EXPORT.ERROR'. */
  messageKey: string;
  serverMessage?: string;
  fieldMessages: string[];
  display: StatementErrorDisplay;
  /** Not shown (code 313). */
  silent: boolean;
  /** HTTP 401: the shell shows 'Login expirado.' and signs out; the screen adds nothing. */
  sessionExpired: boolean;
}

/** The catalogue key of a failure that is not an API error. */
export const UNEXPECTED_KEY = 'ERRORS.UNEXPECTED';

const DISPLAYS: readonly StatementErrorDisplay[] = ['catalogue', 'server', 'catalogue+server', 'fields'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Reads any thrown value into a {@link StatementError}. An `ApiError` (or a plain object of the
 * same shape, as fixtures give) keeps its fields; anything else is the generic unexpected error,
 * so a bug in an actor still ends in a message and a retry, never in a blank screen.
 */
export function toStatementError(thrown: unknown): StatementError {
  if (!isRecord(thrown)) return catalogueOnly(UNEXPECTED_KEY, -1);
  const str = (k: string): string | undefined =>
    typeof thrown[k] === 'string' && thrown[k] !== '' ? (thrown[k] as string) : undefined;
  const serverMessage = str('serverMessage');
  const display = DISPLAYS.find((d) => d === thrown['display']) ?? (serverMessage ? 'server' : 'catalogue');
  const error: StatementError = {
    status: typeof thrown['status'] === 'number' ? thrown['status'] : -1,
    messageKey: str('messageKey') ?? UNEXPECTED_KEY,
    fieldMessages: Array.isArray(thrown['fieldMessages'])
      ? thrown['fieldMessages'].filter((m): m is string => typeof m === 'string')
      : [],
    display,
    silent: thrown['silent'] === true,
    sessionExpired: thrown['sessionExpired'] === true,
  };
  if (typeof thrown['code'] === 'number') error.code = thrown['code'];
  if (serverMessage !== undefined) error.serverMessage = serverMessage;
  return error;
}

/** An error that only names a catalogue key (e.g. the export's 'not a list'). */
export function catalogueOnly(messageKey: string, status = 200): StatementError {
  return {
    status,
    messageKey,
    fieldMessages: [],
    display: 'catalogue',
    silent: false,
    sessionExpired: false,
  };
}
