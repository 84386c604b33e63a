/**
 * First-access password creation (/FirstAcess) and password reset (/ResetPassword), both reached
 * from a verified e-mail link (1-access-shell-statement.md §2 Public routes; 4-pix-part-two.md §2,
 * §5 Validation rules, §8 The error catalogue).
 *
 * One machine for both, told apart by `mode`. It starts only with a verified link (the account id
 * and the hash); a screen reached without one explains that and links to /login, with no machine.
 * The strict rule applies: 8 characters with upper case, lower case, digit and special character,
 * and a confirmation equal to the new password.
 */
import { assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { validateStrictPassword } from '../validators/password.ts';
import { toCallError, type CallError } from '../kernel/call-error.ts';

type Schemas = components['schemas'];

/** Which screen the machine runs. */
export type PasswordSetupMode = 'firstAccess' | 'reset';

export interface PasswordSetupInput {
  mode: PasswordSetupMode;
  /** The account of the link (the verification result's accountId). */
  accountId: Schemas['AccountId'];
  /** The hash of the link, sent as `token`. */
  hash: string;
}

export type SavePasswordActorInput = Schemas['SavePasswordRequest'];
export type SavePasswordActorOutput = Schemas['Ack'];

/** Output of `saved`: the view goes to /login with a success toast. */
export interface PasswordSetupOutput {
  kind: 'saved';
  mode: PasswordSetupMode;
}

export interface PasswordSetupContext {
  mode: PasswordSetupMode;
  accountId: string;
  hash: string;
  /** The password being saved; set on submit, cleared when the call ends. */
  pending: string;
  error: CallError | null;
}

export type PasswordSetupEvent = { type: 'form.submit'; password: string; confirm: string };

const SPEC_RULES = '4-pix-part-two.md §5 Validation rules';

export const passwordSetupMachine = setup({
  types: {
    context: {} as PasswordSetupContext,
    events: {} as PasswordSetupEvent,
    input: {} as PasswordSetupInput,
    output: {} as PasswordSetupOutput,
    tags: {} as 'busy',
  },
  actors: {
    savePassword: mustProvide<SavePasswordActorOutput, SavePasswordActorInput>('savePassword'),
  },
  guards: {
    /** The strict rule and the confirmation (the form shows the same keys per field). */
    isValidPassword: ({ event }) =>
      Object.keys(validateStrictPassword({ next: event.password, confirm: event.confirm })).length === 0,
  },
}).createMachine({
  id: 'password-setup',
  initial: 'editing',
  context: ({ input }) => ({
    mode: input.mode,
    accountId: input.accountId,
    hash: input.hash,
    pending: '',
    error: null,
  }),
  output: ({ context }) => ({ kind: 'saved', mode: context.mode }),
  states: {
    editing: {
      meta: { spec: SPEC_RULES, label: 'Criar nova senha' },
      initial: 'idle',
      on: {
        'form.submit': {
          guard: 'isValidPassword',
          target: 'saving',
          actions: assign({ pending: ({ event }) => event.password, error: null }),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_RULES, label: 'Nova senha e confirmação' } },
        failed: {
          description: 'mensagem do servidor',
          meta: { spec: '4-pix-part-two.md §8 The error catalogue', label: 'Erro ao salvar a senha' },
        },
      },
    },
    saving: {
      description: 'POST /SavePassword',
      meta: { spec: '1-access-shell-statement.md §7 The calls it makes', label: 'Salvando a senha' },
      tags: ['busy'],
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context }) => ({
          account_id: context.accountId,
          pass: context.pending,
          token: context.hash,
        }),
        onDone: { target: 'saved', actions: assign({ pending: '' }) },
        onError: {
          target: 'editing.failed',
          actions: assign({ pending: '', error: ({ event }) => toCallError(event.error) }),
        },
      },
    },
    saved: {
      meta: { spec: '1-access-shell-statement.md §2 Public routes', label: 'Senha salva: ir para /login' },
      type: 'final',
    },
  },
});
