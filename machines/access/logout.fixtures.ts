/**
 * Catalog entry of signing out (/Logout, 1-access-shell-statement.md §2 Protected routes, §4
 * States and transitions): the page asks to leave with the session's token (or without one), and
 * the bank's DELETE /logout answers, refuses, fails, or does not answer within the 5 s bound; every
 * way ends signed out.
 */
import { defineFlow } from '../catalog-types';
import { signedInSteps } from './access-fixtures.ts';
import { internalError, networkError, sessionExpiredError } from '../fixtures/api-errors.ts';
import { logoutMachine } from './logout.machine.ts';

export const logoutFlow = defineFlow({
  id: 'logout',
  title: 'Sair (encerrar a sessão)',
  route: '/Logout',
  spec: [
    '1-access-shell-statement.md §2 Protected routes',
    '1-access-shell-statement.md §4 States and transitions',
    '1-access-shell-statement.md §7 The calls it makes',
  ],
  entrySteps: signedInSteps('/Statement', 'Abre o menu do usuário'),
  machine: logoutMachine,
  events: [
    {
      event: { type: 'logout.request', token: 'token-demo' },
      label: 'Clica em Sair, com a sessão aberta',
    },
    {
      event: { type: 'logout.request', token: null },
      label: 'Abre /Logout sem sessão',
    },
  ],
  outcomes: [
    {
      actor: 'logout',
      kind: 'done',
      output: { success: true },
      key: 'revoked',
      label: 'API encerra o token',
    },
    {
      actor: 'logout',
      kind: 'error',
      error: sessionExpiredError('logout'),
      key: 'alreadyExpired',
      label: 'API responde 401 (o token já tinha expirado)',
    },
    {
      actor: 'logout',
      kind: 'error',
      error: internalError('logout'),
      key: 'serverError',
      label: 'API responde 500',
    },
    {
      actor: 'logout',
      kind: 'error',
      error: networkError('logout'),
      key: 'offline',
      label: 'Sem conexão com o servidor',
    },
  ],
  timers: [{ delay: 'logoutBound', label: 'Passam 5 s sem resposta da API' }],
  operations: { logout: 'logout' },
});
