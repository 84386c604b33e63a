/**
 * Change of the password, for the two flows that differ only by where the current password comes
 * from (1-access-shell-statement.md §2, §4 States and transitions, §5 New password, §8 The error
 * catalogue):
 * - `change-password` (/password/change, /ProfileChangePassword, protected): the signed-in user
 *   types the current password in the form, beside the new one and its confirmation; success goes
 *   to /home;
 * - `first-login` (/password/first-login, public): login answered code 313 and the credentials just
 *   typed arrive as input (`firstLogin`; the view holds them in memory only). There is no
 *   current-password field: the current password is the one typed at sign-in; success goes to
 *   /login, to sign in again.
 *
 * The new password passes the checklist (letter, number, 6 characters, no spaces), differs from
 * the current one and equals the confirmation. The form shows the live checklist; the machine
 * receives the fields on submit and checks the same rules with the same validator. Success ends in
 * `changed` (CHANGEPASS.SUCCESS); a failure shows CHANGEPASS.ERROR and lets the user try again.
 * One machine serves both flows, so its id is its file's name (as `password-setup`).
 */
import { assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { validateNewPassword } from '../validators/password.ts';
import { toCallError, type CallError } from '../kernel/call-error.ts';

type Schemas = components['schemas'];

export interface ChangePasswordInput {
  /** The prefixed user name of the session, or of the sign-in that answered 313. */
  username: Schemas['Username'];
  /**
   * A first login: the password typed at sign-in (the temporary one) is the current password, so
   * the form has no field for it and the user signs in again afterwards. Absent for the signed-in
   * user, who types the current password in the form.
   */
  firstLogin?: { currentPassword: Schemas['Password'] };
}

/** The change-password call: the user name (path) and the body. */
export type ChangePasswordActorInput = { username: Schemas['Username'] } & Schemas['ChangePasswordRequest'];
export type ChangePasswordActorOutput = Schemas['Ack'];

/** Output of `changed`: after a first login the user goes to /login, else to /home (§4). */
export interface ChangePasswordOutput {
  kind: 'changed';
  firstLogin: boolean;
}

export interface ChangePasswordContext {
  username: string;
  /** A first login (the input's `firstLogin`): the output sends the user to /login. */
  firstLogin: boolean;
  /**
   * The password typed at sign-in, on a first login, until the change succeeds (then forgotten);
   * null when the form carries the current one.
   */
  signInPassword: string | null;
  /** The passwords being sent; set on submit, cleared when the call ends. */
  pending: { currentPassword: string; newPassword: string } | null;
  error: CallError | null;
}

/** The form's submit; `current` is the field of the signed-in user's form (none on a first login). */
export type ChangePasswordEvent = {
  type: 'form.submit';
  current?: string;
  newPassword: string;
  confirm: string;
};

/** The current password of a submit: the one typed at sign-in on a first login, else the field's. */
const currentOf = (context: ChangePasswordContext, event: ChangePasswordEvent): string =>
  context.signInPassword ?? event.current ?? '';

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
    /** §4: every rule passes (the button is disabled otherwise), against the current password. */
    isValidForm: ({ context, event }) =>
      Object.keys(
        validateNewPassword({
          current: currentOf(context, event),
          next: event.newPassword,
          confirm: event.confirm,
        }),
      ).length === 0,
  },
}).createMachine({
  id: 'change-password',
  initial: 'editing',
  context: ({ input }) => ({
    username: input.username,
    firstLogin: input.firstLogin !== undefined,
    signInPassword: input.firstLogin?.currentPassword ?? null,
    pending: null,
    error: null,
  }),
  output: ({ context }) => ({ kind: 'changed', firstLogin: context.firstLogin }),
  states: {
    editing: {
      meta: { spec: SPEC_RULES, label: 'Nova senha e confirmação' },
      initial: 'idle',
      on: {
        'form.submit': {
          guard: 'isValidForm',
          target: 'saving',
          actions: assign({
            pending: ({ context, event }) => ({
              currentPassword: currentOf(context, event),
              newPassword: event.newPassword,
            }),
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
        onDone: { target: 'changed', actions: assign({ pending: null, signInPassword: null }) },
        onError: {
          target: 'editing.failed',
          actions: assign({ pending: null, error: ({ event }) => toCallError(event.error) }),
        },
      },
    },
    changed: {
      meta: {
        spec: '1-access-shell-statement.md §4 States and transitions',
        label: 'Senha trocada: /home ou /login',
      },
      type: 'final',
    },
  },
});
