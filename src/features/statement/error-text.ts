/**
 * The text of a failed call kept by a statement machine, following the error catalogue
 * (1-access-shell-statement.md §8): the catalogue text, the server's text, both (HTTP 500), or
 * the field messages joined with '; '. Null when nothing must be shown: code 313 is silent, and
 * an expired session is announced by the shell ('Login expirado.') as it signs out.
 */
import type { StatementError } from '../../../machines/statement/statement-error';

/** The translate function this needs (i18next's `t` fits). */
export type Translate = (key: string) => string;

export function describeStatementError(
  error: StatementError | null | undefined,
  t: Translate,
): string | null {
  if (!error || error.silent || error.sessionExpired) return null;
  const catalogue = t(error.messageKey);
  switch (error.display) {
    case 'catalogue':
      return catalogue;
    case 'server':
      return error.serverMessage ?? catalogue;
    case 'catalogue+server':
      return error.serverMessage ? `${catalogue} ${error.serverMessage}` : catalogue;
    case 'fields':
      return error.fieldMessages.length > 0 ? error.fieldMessages.join('; ') : catalogue;
  }
}
