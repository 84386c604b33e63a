/**
 * Catalog entry of the change-password screen (/password/change, /ProfileChangePassword;
 * 1-access-shell-statement.md §4 States and transitions, §5 New password, §8 The error catalogue),
 * and the outcomes of the change that first-login.fixtures.ts shares (one machine, two flows).
 */
import { defineFlow, type OutcomeOf } from '../catalog-types';
import { DEMO, apiErrorLike, internalError, networkError, signedInSteps } from './access-fixtures.ts';
import {
  changePasswordMachine,
  type ChangePasswordActorOutput,
  type ChangePasswordEvent,
  type ChangePasswordInput,
} from './change-password.machine.ts';

const input: ChangePasswordInput = { username: DEMO.email };
const submit = (current: string, newPassword: string, confirm: string): ChangePasswordEvent => ({
  type: 'form.submit',
  current,
  newPassword,
  confirm,
});

export const changePasswordFlow = defineFlow({
  id: 'change-password',
  title: 'Alterar senha',
  route: '/password/change',
  entrySteps: signedInSteps('/password/change'),
  spec: [
    '1-access-shell-statement.md §2 Protected routes',
    '1-access-shell-statement.md §4 States and transitions',
    '1-access-shell-statement.md §5 New password (change and first access)',
    '1-access-shell-statement.md §8 The error catalogue',
  ],
  machine: changePasswordMachine,
  input,
  events: [
    {
      event: submit(DEMO.password, 'nova123', 'nova123'),
      label: 'Envia senha atual, nova senha válida e confirmação igual',
    },
    { event: submit('', 'nova123', 'nova123'), label: 'Envia sem a senha atual', valid: false },
    {
      event: submit(DEMO.password, DEMO.password, DEMO.password),
      label: 'Envia nova senha igual à atual',
      valid: false,
    },
    {
      event: submit(DEMO.password, 'nova1', 'nova1'),
      label: 'Envia nova senha com menos de 6 caracteres',
      valid: false,
    },
    { event: submit(DEMO.password, '123456', '123456'), label: 'Envia nova senha sem letra', valid: false },
    {
      event: submit(DEMO.password, 'nova123', 'nova321'),
      label: 'Envia confirmação diferente',
      valid: false,
    },
  ],
  outcomes: changePasswordOutcomes({
    key: 'wrongCurrentPassword',
    label: 'API recusa: senha atual incorreta (422)',
  }),
  operations: { changePassword: 'changePassword' },
});

/**
 * Every answer of the change-password call, for both flows of the machine; `refused` names the
 * bank's 422 (code 20) as the flow's screen reads it.
 */
export function changePasswordOutcomes<const R extends string>(refused: {
  key: R;
  label: string;
}): OutcomeOf<typeof changePasswordMachine, 'changed' | R | 'serverError' | 'offline'>[] {
  return [
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
      key: refused.key,
      label: refused.label,
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
  ];
}
