/**
 * Catalog entry of the forced password change of a first access (/password/first-login;
 * 1-access-shell-statement.md §4 States and transitions, §5 New password, §8 The error catalogue).
 */
import { DEMO_USERS } from '../../demo/users.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from './access-fixtures.ts';
import {
  firstLoginMachine,
  type ChangePasswordActorOutput,
  type FirstLoginInput,
} from './first-login.machine.ts';

const input: FirstLoginInput = {
  username: DEMO_USERS.firstAccess.email,
  currentPassword: DEMO_USERS.firstAccess.password,
};

export const firstLoginFlow = defineFlow({
  id: 'first-login',
  title: 'Primeiro acesso: troca de senha obrigatória',
  route: '/password/first-login',
  entrySteps: [
    'Abre a rota /login',
    `Digita ${input.username} no campo Usuário`,
    `Digita a senha provisória ${input.currentPassword}`,
    'Clica em Entrar (o portal leva a /password/first-login)',
  ],
  spec: [
    '1-access-shell-statement.md §2 Public routes',
    '1-access-shell-statement.md §4 States and transitions',
    '1-access-shell-statement.md §5 New password (change and first access)',
    '1-access-shell-statement.md §8 The error catalogue',
  ],
  machine: firstLoginMachine,
  input,
  events: [
    {
      event: { type: 'form.submit', newPassword: 'nova123', confirm: 'nova123' },
      label: 'Envia nova senha válida e confirmação igual',
    },
    {
      event: { type: 'form.submit', newPassword: input.currentPassword, confirm: input.currentPassword },
      label: 'Envia nova senha igual à senha atual',
      valid: false,
    },
    {
      event: { type: 'form.submit', newPassword: 'abcdef', confirm: 'abcdef' },
      label: 'Envia nova senha sem número',
      valid: false,
    },
    {
      event: { type: 'form.submit', newPassword: 'nova 123', confirm: 'nova 123' },
      label: 'Envia nova senha com espaço',
      valid: false,
    },
    {
      event: { type: 'form.submit', newPassword: 'nova123', confirm: 'nova124' },
      label: 'Envia confirmação diferente',
      valid: false,
    },
  ],
  outcomes: [
    {
      actor: 'changePassword',
      kind: 'done',
      output: { success: true } satisfies ChangePasswordActorOutput,
      key: 'changed',
      label: 'API troca a senha',
    },
    {
      actor: 'changePassword',
      kind: 'error',
      error: apiErrorLike({
        status: 422,
        code: 20,
        messageKey: 'ERRORS.API.20',
        operation: 'changePassword',
      }),
      key: 'refused',
      label: 'API recusa a troca (422)',
    },
    {
      actor: 'changePassword',
      kind: 'error',
      error: internalError('changePassword'),
      key: 'serverError',
      label: 'API responde 500',
    },
    {
      actor: 'changePassword',
      kind: 'error',
      error: networkError('changePassword'),
      key: 'offline',
      label: 'Sem conexão com o servidor',
    },
  ],
  operations: { changePassword: 'changePassword' },
});
