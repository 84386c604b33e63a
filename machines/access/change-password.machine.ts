/**
 * Change password of the signed-in user (/password/change, /ProfileChangePassword;
 * 1-access-shell-statement.md §2 Protected routes, §4 States and transitions, §5 New password,
 * §8 The error catalogue).
 *
 * Current, new and confirmation; the new one passes the checklist (letter, number, 6 characters,
 * no spaces), differs from the current one and equals the confirmation. The form keeps the fields
 * and shows the live checklist; the machine receives them on submit and checks the same rules
 * with the same validator. Success ends in `changed` (CHANGEPASS.SUCCESS, then /home).
 */
import { assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { validateNewPassword } from '../validators/password.ts';
import { toCallError, type CallError } from '../kernel/call-error.ts';

type Schemas = components['schemas'];

export interface ChangePasswordInput {
  /** The prefixed user name of the session. */
  username: Schemas['Username'];
}

/** The change-password call: the user name (path) and the body. */
export type ChangePasswordActorInput = { username: Schemas['Username'] } & Schemas['ChangePasswordRequest'];
export type ChangePasswordActorOutput = Schemas['Ack'];

/** Output of `changed`: not a first login, so the user goes to /home (§4). */
export interface ChangePasswordOutput {
  kind: 'changed';
  firstLogin: false;
}

export interface ChangePasswordContext {
  username: string;
  /** The passwords being sent; set on submit, cleared when the call ends. */
  pending: { currentPassword: string; newPassword: string } | null;
  error: CallError | null;
}

export type ChangePasswordEvent = {
  type: 'form.submit';
  current: string;
  newPassword: string;
  confirm: string;
};

const SPEC_RULES = '1-access-shell-statement.md §5 New password (change and first access)';

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
    output: {} as ChangePasswordOutput,
    tags: {} as 'busy',
  },
  actors: {
    changePassword: mustProvide<ChangePasswordActorOutput, ChangePasswordActorInput>('changePassword'),
  },
  guards: {
    /** §4: every rule passes (the button is disabled otherwise). */
    isValidForm: ({ event }) =>
      Object.keys(
        validateNewPassword({ current: event.current, next: event.newPassword, confirm: event.confirm }),
      ).length === 0,
  },
}).createMachine({
  id: 'change-password',
  initial: 'editing',
  context: ({ input }) => ({ username: input.username, pending: null, error: null }),
  output: () => ({ kind: 'changed', firstLogin: false }),
  states: {
    editing: {
      meta: { spec: SPEC_RULES, label: 'Senha atual, nova senha e confirmação' },
      initial: 'idle',
      on: {
        'form.submit': {
          guard: 'isValidForm',
          target: 'saving',
          actions: assign({
            pending: ({ event }) => ({ currentPassword: event.current, newPassword: event.newPassword }),
            error: null,
          }),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_RULES, label: 'Formulário de troca de senha' } },
        failed: {
          description: 'CHANGEPASS.ERROR',
          meta: {
            spec: '1-access-shell-statement.md §8 The error catalogue',
            label: 'Erro ao trocar a senha',
          },
        },
      },
    },
    saving: {
      description: 'POST user/{username}/changePass',
      meta: { spec: '1-access-shell-statement.md §7 The calls it makes', label: 'Trocando a senha' },
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({
          username: context.username,
          currentPassword: context.pending?.currentPassword ?? '',
          newPassword: context.pending?.newPassword ?? '',
        }),
        onDone: { target: 'changed', actions: assign({ pending: null }) },
        onError: {
          target: 'editing.failed',
          actions: assign({ pending: null, error: ({ event }) => toCallError(event.error) }),
        },
      },
    },
    changed: {
      meta: {
        spec: '1-access-shell-statement.md §4 States and transitions',
        label: 'Senha trocada: ir para /home',
      },
      type: 'final',
    },
  },
});
