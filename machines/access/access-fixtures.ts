/**
 * Shared test data of the access flows' fixtures: API failures shaped like the API layer's
 * `ApiError` (machines cannot import src/, so these are plain objects with the same fields), and
 * the demo customer the sandbox seeds.
 */

/** The fields of an `ApiError` (src/api/errors.ts), as a plain object. */
export interface ApiErrorLike {
  name: 'ApiError';
  message: string;
  status: number;
  code?: number;
  group: string;
  messageKey: string;
  serverMessage?: string;
  fieldMessages: string[];
  silent: boolean;
  sessionExpired: boolean;
  display: 'catalogue' | 'server' | 'catalogue+server' | 'fields';
  operation?: string;
}

/** An ApiError-like failure; unspecified fields take the values of a plain catalogue error. */
export function apiErrorLike(
  init: Partial<ApiErrorLike> & Pick<ApiErrorLike, 'status' | 'messageKey'>,
): ApiErrorLike {
  return {
    name: 'ApiError',
    message: init.serverMessage ?? init.messageKey,
    group: 'API',
    fieldMessages: [],
    silent: false,
    sessionExpired: false,
    display: 'catalogue',
    ...init,
  };
}

/** §8 HTTP 500 on a POST: the catalogue text followed by the server message. */
export const internalError = (operation: string): ApiErrorLike =>
  apiErrorLike({
    status: 500,
    code: 99,
    messageKey: 'ERRORS.INTERNAL',
    serverMessage: 'Falha interna do banco (sandbox)',
    display: 'catalogue+server',
    operation,
  });

/** No response: the network failed. */
export const networkError = (operation: string): ApiErrorLike =>
  apiErrorLike({ status: 0, messageKey: 'ERRORS.NETWORK', operation });

/** No response: the 120 s time-out elapsed. */
export const timeoutError = (operation: string): ApiErrorLike =>
  apiErrorLike({ status: 0, messageKey: 'ERRORS.TIMEOUT', operation });

/** Business refusal (422) with the server's own message. */
export const businessError = (operation: string, serverMessage: string, code = 99): ApiErrorLike =>
  apiErrorLike({
    status: 422,
    code,
    messageKey: 'ERRORS.UNEXPECTED',
    serverMessage,
    display: 'server',
    operation,
  });

/** The demo customer Maria (sandbox seed, README 'Demo logins'). */
export const DEMO = {
  email: 'maria@exemplo.com.br',
  cpfMasked: '529.982.247-25',
  cpf: '52998224725',
  password: 'Senha@123',
  accountId: '1001',
  accountHolderId: '5001',
} as const;
