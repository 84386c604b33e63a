/**
 * Catalog entry of the forced password change of a first access (/password/first-login;
 * 1-access-shell-statement.md §4 States and transitions, §5 New password, §8 The error catalogue):
 * the change-password machine started with `firstLogin`, so the current password is the one typed
 * at sign-in and the form has no field for it.
 */
import { DEMO_USERS } from '../../demo/users.ts';
import { defineFlow } from '../catalog-types';
import { changePasswordOutcomes } from './change-password.fixtures.ts';
import { changePasswordMachine, type ChangePasswordInput } from './change-password.machine.ts';

const currentPassword = DEMO_USERS.firstAccess.password;
const input: ChangePasswordInput = {
  username: DEMO_USERS.firstAccess.email,
  firstLogin: { currentPassword },
};

export const firstLoginFlow = defineFlow({
  id: 'first-login',
  title: 'Primeiro acesso: troca de senha obrigatória',
  route: '/password/first-login',
  entrySteps: [
    'Abre a rota /login',
    `Digita ${input.username} no campo Usuário`,
    `Digita a senha provisória ${currentPassword}`,
    'Clica em Entrar (o portal leva a /password/first-login)',
  ],
  spec: [
    '1-access-shell-statement.md §2 Public routes',
    '1-access-shell-statement.md §4 States and transitions',
    '1-access-shell-statement.md §5 New password (change and first access)',
    '1-access-shell-statement.md §8 The error catalogue',
  ],
  machine: changePasswordMachine,
  input,
  events: [
    {
      event: { type: 'form.submit', newPassword: 'nova123', confirm: 'nova123' },
      label: 'Envia nova senha válida e confirmação igual',
    },
    {
      event: { type: 'form.submit', newPassword: currentPassword, confirm: currentPassword },
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
  outcomes: changePasswordOutcomes({ key: 'refused', label: 'API recusa a troca (422)' }),
  operations: { changePassword: 'changePassword' },
});
