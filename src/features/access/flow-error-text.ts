import { UNEXPECTED_ERROR_KEY, type FlowError } from '../../../machines/access/flow-error';

/** The translate function this needs (i18next's `t` fits). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text of a failed call kept by an access machine, following the error catalogue
 * (1-access-shell-statement.md §8): the catalogue text, the server's text, both (HTTP 500 on a
 * post), or the field messages joined with '; '.
 */
export function describeFlowError(error: FlowError, t: Translate): string {
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

/**
 * The toast of a refused password change (§8 CHANGEPASS.ERROR). Where the bank names the cause
 * (code 21 'Senha atual incorreta.', 23 'A nova senha deve ser diferente...'), the toast says it:
 * 'Não foi possível alterar a senha: Senha atual incorreta.'. A failure without a named cause
 * (no code, the generic 99, a server or network failure) keeps the generic text.
 */
export function changePasswordFailureText(error: FlowError | null, t: Translate): string {
  const named =
    error !== null &&
    error.code !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.messageKey !== UNEXPECTED_ERROR_KEY &&
    !error.messageKey.endsWith('.99');
  return named ? t('CHANGEPASS.ERROR_CAUSE', { cause: describeFlowError(error, t) }) : t('CHANGEPASS.ERROR');
}
