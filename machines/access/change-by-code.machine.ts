/**
 * Password change by e-mailed code, from the profile (4-pix-part-two.md §2 'Password change by
 * e-mailed code (profile)', §4 States and transitions, §5 Validation rules, §7 The calls it makes,
 * §8 The error catalogue).
 *
 * Steps: the e-mail (checked against the tax id), the code is sent, a 6-digit code dialog, the new
 * password with the strict rule, then the session ends (`changed`: the view goes to /Logout).
 * When the bank says an unexpired code already exists, the code dialog opens at once; the user can
 * still ask for a new one.
 */
import { assertEvent, assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { isValidEmail } from '../validators/email.ts';
import { validateStrictPassword } from '../validators/password.ts';
import { isValidTotpCode } from '../validators/totp-code.ts';
import { hasStatus, type CallError, thrownBy } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events';

type Schemas = components['schemas'];

export interface ChangeByCodeInput {
  /** The session client's tax id, unformatted (CPF digits or CNPJ characters). */
  taxId: Schemas['TaxId'];
}

export type HasValidCodeActorInput = { taxId: Schemas['TaxId'] };
export type HasValidCodeActorOutput = Schemas['HasValidCodeResult'];
export type VerifyEmailActorInput = Schemas['VerifyEmailRequest'];
export type VerifyEmailActorOutput = Schemas['ValidResult'];
export type SendCodeActorInput = Schemas['VerifyEmailRequest'];
export type SendCodeActorOutput = Schemas['PasswordCodeSent'];
export type VerifyCodeActorInput = Schemas['VerifyPasswordChangeCodeRequest'];
export type VerifyCodeActorOutput = Schemas['ValidResult'];
export type ChangeWithCodeActorInput = Schemas['ChangePasswordWithCodeRequest'];
export type ChangeWithCodeActorOutput = Schemas['Ack'];

/** Output of `changed`: the password is new, so the session ends (the view goes to /Logout). */
export interface ChangeByCodeOutput {
  kind: 'changed';
}

export interface ChangeByCodeContext {
  taxId: string;
  /** The e-mail verified for the tax id ('' when the dialog opened for an existing code). */
  email: string;
  /** The code verified by the bank. */
  code: string;
  /** The new password being saved; set on submit, cleared when the call ends. */
  pending: string;
  error: CallError | null;
}

export type ChangeByCodeEvent =
  | { type: 'email.submit'; email: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'code.cancel' }
  | { type: 'password.submit'; newPassword: string; confirm: string };

/** Message keys of this flow's own outcomes (access.json). */
export const CHANGE_BY_CODE_KEYS = {
  EMAIL_INCORRECT: 'PASSWORD.CODE.ERRORS.EMAIL_INCORRECT',
  INVALID_CODE: 'PASSWORD.CODE.ERRORS.INVALID_CODE',
  GENERIC: 'PASSWORD.CODE.ERRORS.GENERIC',
} as const;

/** The screen is described under §2 as 'Password change by e-mailed code (profile)'. */
const SPEC_SCREEN = '4-pix-part-two.md §2 Screens and routes';
const SPEC_STATES = '4-pix-part-two.md §4 States and transitions';
const SPEC_RULES = '4-pix-part-two.md §5 Validation rules';
const SPEC_ERRORS = '4-pix-part-two.md §8 The error catalogue';
const SPEC_CALLS = '4-pix-part-two.md §7 The calls it makes';

export const changeByCodeMachine = setup({
  types: {
    context: {} as ChangeByCodeContext,
    events: {} as ChangeByCodeEvent,
    input: {} as ChangeByCodeInput,
    output: {} as ChangeByCodeOutput,
    tags: {} as 'busy' | 'dialog',
  },
  actors: {
    hasValidPasswordChangeCode: mustProvide<HasValidCodeActorOutput, HasValidCodeActorInput>(
      'hasValidPasswordChangeCode',
    ),
    verifyEmail: mustProvide<VerifyEmailActorOutput, VerifyEmailActorInput>('verifyEmail'),
    sendPasswordChangeCode: mustProvide<SendCodeActorOutput, SendCodeActorInput>('sendPasswordChangeCode'),
    verifyPasswordChangeCode: mustProvide<VerifyCodeActorOutput, VerifyCodeActorInput>(
      'verifyPasswordChangeCode',
    ),
    changePasswordWithCode: mustProvide<ChangeWithCodeActorOutput, ChangeWithCodeActorInput>(
      'changePasswordWithCode',
    ),
  },
  guards: {
    codeExists: ({ event }) =>
      doneOutput<HasValidCodeActorOutput>(event, 'hasValidPasswordChangeCode').hasValidCode === true,
    isValidEmail: ({ event }) => {
      assertEvent(event, 'email.submit');
      return isValidEmail(event.email.trim());
    },
    isResultValid: ({ event }) => doneOutput<Schemas['ValidResult']>(event).valid === true,
    /** §8: a 400 on the e-mail check means the e-mail is not the one of the account. */
    isBadRequest: ({ event }) => hasStatus(thrownBy(event), 400),
    hasEmail: ({ context }) => context.email !== '',
    isCodeComplete: ({ event }) => {
      assertEvent(event, 'code.submit');
      return isValidTotpCode(event.code);
    },
    isValidPassword: ({ event }) => {
      assertEvent(event, 'password.submit');
      return (
        Object.keys(validateStrictPassword({ next: event.newPassword, confirm: event.confirm })).length === 0
      );
    },
  },
  actions: {
    keepCallError: keepCallError(),
    clearCallError: clearCallError(),
  },
}).createMachine({
  id: 'change-by-code',
  initial: 'checking',
  context: ({ input }) => ({ taxId: input.taxId, email: '', code: '', pending: '', error: null }),
  output: () => ({ kind: 'changed' }),
  states: {
    checking: {
      description: 'GET /HasValidPasswordChangeCode/{taxId}',
      meta: { spec: SPEC_CALLS, label: 'Verificando se já há código válido' },
      tags: ['busy'],
      invoke: {
        id: 'hasValidPasswordChangeCode',
        src: 'hasValidPasswordChangeCode',
        input: ({ context }) => ({ taxId: context.taxId }),
        onDone: [{ guard: 'codeExists', target: 'code' }, { target: 'email' }],
        // Not knowing is not a failure: the user simply starts from the e-mail.
        onError: { target: 'email' },
      },
    },
    email: {
      meta: { spec: SPEC_SCREEN, label: 'Etapa 1: e-mail' },
      initial: 'idle',
      on: {
        'email.submit': {
          guard: 'isValidEmail',
          target: 'verifyingEmail',
          actions: assign({ email: ({ event }) => event.email.trim(), error: null }),
        },
      },
      states: {
        idle: { description: 'e-mail obrigatório', meta: { spec: SPEC_RULES, label: 'Informe o e-mail' } },
        incorrect: {
          description: '400: e-mail incorreto',
          meta: { spec: SPEC_ERRORS, label: 'E-mail incorreto' },
        },
        failed: {
          description: 'erro genérico',
          meta: { spec: SPEC_ERRORS, label: 'Erro ao verificar o e-mail ou enviar o código' },
        },
      },
    },
    verifyingEmail: {
      description: 'POST VerifyEmail',
      meta: { spec: SPEC_CALLS, label: 'Verificando o e-mail' },
      tags: ['busy'],
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ taxId: context.taxId, email: context.email }),
        onDone: [{ guard: 'isResultValid', target: 'sendingCode' }, { target: 'email.incorrect' }],
        onError: [
          { guard: 'isBadRequest', target: 'email.incorrect', actions: 'keepCallError' },
          { target: 'email.failed', actions: 'keepCallError' },
        ],
      },
    },
    sendingCode: {
      description: 'POST SendPasswordChangeCode',
      meta: { spec: SPEC_CALLS, label: 'Enviando o código por e-mail' },
      tags: ['busy'],
      invoke: {
        id: 'sendPasswordChangeCode',
        src: 'sendPasswordChangeCode',
        input: ({ context }) => ({ taxId: context.taxId, email: context.email }),
        onDone: { target: 'code' },
        onError: { target: 'email.failed', actions: 'keepCallError' },
      },
    },
    code: {
      description: 'código enviado',
      meta: { spec: SPEC_STATES, label: 'Etapa 2: código de 6 dígitos' },
      tags: ['dialog'],
      initial: 'idle',
      on: {
        'code.submit': {
          guard: 'isCodeComplete',
          target: 'verifyingCode',
          actions: assign({ code: ({ event }) => event.code, error: null }),
        },
        'code.resend': [
          { guard: 'hasEmail', target: 'sendingCode', actions: 'clearCallError' },
          { target: 'email', actions: 'clearCallError' },
        ],
        'code.cancel': { target: 'email', actions: 'clearCallError' },
      },
      states: {
        idle: {
          description: 'código de 6 dígitos',
          meta: { spec: SPEC_RULES, label: 'Digite o código recebido' },
        },
        invalid: { description: 'código inválido', meta: { spec: SPEC_ERRORS, label: 'Código inválido' } },
        failed: { meta: { spec: SPEC_ERRORS, label: 'Erro ao verificar o código' } },
      },
    },
    verifyingCode: {
      description: 'POST VerifyPasswordChangeCode',
      meta: { spec: SPEC_CALLS, label: 'Verificando o código' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'verifyPasswordChangeCode',
        src: 'verifyPasswordChangeCode',
        input: ({ context }) => ({ taxId: context.taxId, code: context.code }),
        onDone: [
          { guard: 'isResultValid', target: 'newPassword' },
          { target: 'code.invalid', actions: assign({ code: '' }) },
        ],
        onError: { target: 'code.failed', actions: ['keepCallError', assign({ code: '' })] },
      },
    },
    newPassword: {
      description: 'código verificado',
      meta: { spec: SPEC_STATES, label: 'Etapa 3: nova senha' },
      initial: 'idle',
      on: {
        'password.submit': {
          guard: 'isValidPassword',
          target: 'saving',
          actions: assign({ pending: ({ event }) => event.newPassword, error: null }),
        },
      },
      states: {
        idle: {
          description: 'regra forte de senha',
          meta: { spec: SPEC_RULES, label: 'Nova senha e confirmação' },
        },
        failed: { meta: { spec: SPEC_ERRORS, label: 'Erro ao salvar a nova senha' } },
      },
    },
    saving: {
      description: 'POST ChangePasswordWithCode',
      meta: { spec: SPEC_CALLS, label: 'Salvando a nova senha' },
      tags: ['busy'],
      invoke: {
        id: 'changePasswordWithCode',
        src: 'changePasswordWithCode',
        input: ({ context }) => ({ taxId: context.taxId, code: context.code, newPassword: context.pending }),
        onDone: { target: 'changed', actions: assign({ pending: '' }) },
        onError: { target: 'newPassword.failed', actions: ['keepCallError', assign({ pending: '' })] },
      },
    },
    changed: {
      description: 'senha salva, depois logout',
      meta: { spec: SPEC_STATES, label: 'Senha trocada: encerrar a sessão (/Logout)' },
      type: 'final',
    },
  },
});
