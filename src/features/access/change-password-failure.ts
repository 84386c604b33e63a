import { UNEXPECTED_ERROR_KEY, type CallError } from '../../../machines/kernel/call-error';
import { describeApiError, type Translate } from '../../api/errors';

/**
 * The toast of a refused password change (§8 CHANGEPASS.ERROR). Where the bank names the cause
 * (code 21 'Senha atual incorreta.', 23 'A nova senha deve ser diferente...'), the toast says it:
 * 'Não foi possível alterar a senha: Senha atual incorreta.'. A failure without a named cause
 * (no code, the generic 99, a server or network failure) keeps the generic text.
 */
export function changePasswordFailureText(error: CallError | null, t: Translate): string {
  const named =
    error !== null &&
    error.code !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.messageKey !== UNEXPECTED_ERROR_KEY &&
    !error.messageKey.endsWith('.99');
  return named ? t('CHANGEPASS.ERROR_CAUSE', { cause: describeApiError(error, t) }) : t('CHANGEPASS.ERROR');
}
