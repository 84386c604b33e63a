/**
 * Forced password change of a first access (1-access-shell-statement.md §2 Public routes
 * /password/first-login, §4 States and transitions, §5 New password, §8 The error catalogue).
 *
 * Login answered code 313 with the credentials just typed; they arrive as input (the view holds
 * them in memory only). There is no current-password field: the current password is the one typed
 * at sign-in. The rule is the 6-character checklist, plus 'different from the current one' and a
 * matching confirmation. Success ends in `changed` (the view shows CHANGEPASS.SUCCESS and goes to
 * /login); a failure shows CHANGEPASS.ERROR and lets the user try again.
 */
import { assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { validateNewPassword } from '../validators/password.ts';
import { toCallError, type CallError } from '../kernel/call-error.ts';

type Schemas = components['schemas'];

export interface FirstLoginInput {
  /** The prefixed user name of the sign-in. */
  username: Schemas['Username'];
  /** The password typed at sign-in (the temporary one). */
  currentPassword: Schemas['Password'];
}

/** The change-password call: the user name (path) and the body. */
export type ChangePasswordActorInput = { username: Schemas['Username'] } & Schemas['ChangePasswordRequest'];
export type ChangePasswordActorOutput = Schemas['Ack'];

/** Output of `changed`: after a first login the user goes to /login (§4). */
export interface FirstLoginOutput {
  kind: 'changed';
  firstLogin: true;
}

export interface FirstLoginContext {
  username: string;
  currentPassword: string;
  /** The new password being saved; set on submit, cleared when the call ends. */
  pending: string;
  error: CallError | null;
}

export type FirstLoginEvent = { type: 'form.submit'; newPassword: string; confirm: string };

const SPEC_RULES = '1-access-shell-statement.md §5 New password (change and first access)';

export const firstLoginMachine = setup({
  types: {
    context: {} as FirstLoginContext,
    events: {} as FirstLoginEvent,
    input: {} as FirstLoginInput,
    output: {} as FirstLoginOutput,
    tags: {} as 'busy',
  },
  actors: {
    changePassword: mustProvide<ChangePasswordActorOutput, ChangePasswordActorInput>('changePassword'),
  },
  guards: {
    /** Checklist, different from the current password, confirmation equal. */
    isValidPassword: ({ context, event }) =>
      Object.keys(
        validateNewPassword({
          current: context.currentPassword,
          next: event.newPassword,
          confirm: event.confirm,
        }),
      ).length === 0,
  },
}).createMachine({
  id: 'first-login',
  initial: 'editing',
  context: ({ input }) => ({
    username: input.username,
    currentPassword: input.currentPassword,
    pending: '',
    error: null,
  }),
  output: () => ({ kind: 'changed', firstLogin: true }),
  states: {
    editing: {
      meta: { spec: SPEC_RULES, label: 'Troca de senha obrigatória no primeiro acesso' },
      initial: 'idle',
      on: {
        'form.submit': {
          guard: 'isValidPassword',
          target: 'saving',
          actions: assign({ pending: ({ event }) => event.newPassword, error: null }),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_RULES, label: 'Nova senha e confirmação' } },
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
          currentPassword: context.currentPassword,
          newPassword: context.pending,
        }),
        onDone: { target: 'changed', actions: assign({ pending: '', currentPassword: '' }) },
        onError: {
          target: 'editing.failed',
          actions: assign({ pending: '', error: ({ event }) => toCallError(event.error) }),
        },
      },
    },
    changed: {
      meta: {
        spec: '1-access-shell-statement.md §4 States and transitions',
        label: 'Senha trocada: ir para /login',
      },
      type: 'final',
    },
  },
});
