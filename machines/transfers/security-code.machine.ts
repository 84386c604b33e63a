/**
 * The security-code dialog (2-money-movement.md §2 Security-code dialog, §5 Security code, §7
 * POST /totp/validate, §8 invalid code; issue 13 "The security code"). One piece for every
 * movement that needs the second factor: the TED and the company transfer invoke it, and bill
 * payment (issue 14) does the same.
 *
 * It checks one 6-digit code against one movement: validateTotp gets the code, the movement's
 * S-Transaction signature and the movement itself (amount and externalIdentifier, issue 27) and,
 * when the code is right, answers a single-use confirmation token bound to that exact movement; the machine ends with it (its output), and the parent sends it in
 * S-Confirmation. A wrong code is `result: false`: 'Chave de Segurança inválida, favor tente
 * novamente', with the tries the bank says are left before the lock (issue 32), and the dialog asks again. A right code already used for another movement is the
 * bank's 422 SECURITY 57 ('Este código já foi usado. Aguarde o próximo código no seu aplicativo.',
 * shown through the catalogue in `entering.failed`); sent again for the same movement (a double
 * submit) the bank answers the token it already issued. Five wrong codes in a row lock the holder (429):
 * the dialog says how long to wait; `retry` after the wait asks again (the bank answers 429 while
 * it lasts). Closing the dialog is the parent's event (`totp.cancel`): leaving the invoking state
 * stops this machine. It never navigates and never moves money.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { doneOutput } from '../kernel/events.ts';
import { type CallError, hasStatus, thrownBy } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { isValidTotpCode } from '../validators/totp-code.ts';

type Schemas = components['schemas'];

/** POST /totp/validate/{accountId}. */
export interface ValidateTotpInput {
  accountId: string;
  body: Schemas['TotpRequest'];
}
export type ValidateTotpOutput = Schemas['TotpResult'];

/** Why the code is asked (again): first time, or the bank refused the last token (403 SECURITY 50). */
export type SecurityCodeReason = 'first' | 'refused';

/**
 * The exact movement the code confirms (issue 27): the amount and externalIdentifier of the body the
 * parent sends. The signature carries only the whole reais, so the bank binds the token to these too.
 */
export type ConfirmedMovement = Schemas['TotpMovement'];

export interface SecurityCodeInput {
  accountId: string;
  /** The S-Transaction signature of the movement the code confirms. */
  transactionSignature: string;
  movement: ConfirmedMovement;
  reason: SecurityCodeReason;
}

/** The machine's output: the token to send in S-Confirmation. */
export interface SecurityCodeOutput {
  confirmationToken: string;
}

export interface SecurityCodeContext {
  accountId: string;
  transactionSignature: string;
  movement: ConfirmedMovement;
  reason: SecurityCodeReason;
  /** The code being checked (kept while the call runs, cleared when it is refused). */
  code: string;
  confirmationToken: string | null;
  /** Why the last check failed: a refused code is not a CallError (it is `result: false`). */
  error: CallError | null;
  /** After a wrong code: how many the bank still takes before the lock (issue 32), when it says. */
  attemptsLeft: number | null;
}

export type SecurityCodeEvent = { type: 'totp.submit'; code: string } | { type: 'retry' };

export type SecurityCodeTag = 'busy' | 'dialog';

const SPEC_DIALOG = '2-money-movement.md §2 Security-code dialog; §5 Security code';
const SPEC_CALL = '2-money-movement.md §7 POST /totp/validate';
const SPEC_INVALID = "2-money-movement.md §8 ('Chave de Segurança inválida, favor tente novamente')";
const SPEC_LOCK = 'issue 13 (5 códigos errados seguidos: aguardar; 429 AUTH 429)';
const SPEC_ERRORS = '1-access-shell-statement.md §8 The error catalogue';

export const securityCodeMachine = setup({
  types: {
    context: {} as SecurityCodeContext,
    events: {} as SecurityCodeEvent,
    input: {} as SecurityCodeInput,
    output: {} as SecurityCodeOutput,
    tags: {} as SecurityCodeTag,
  },
  actors: {
    validateTotp: mustProvide<ValidateTotpOutput, ValidateTotpInput>('validateTotp'),
  },
  guards: {
    /** §5: exactly 6 digits (Confirm is disabled otherwise). */
    isSixDigitCode: ({ event }) => {
      assertEvent(event, 'totp.submit');
      return isValidTotpCode(event.code);
    },
    /** The bank accepted the code and gave the token of this movement. */
    isCodeAccepted: ({ event }) => {
      const answer = doneOutput<ValidateTotpOutput>(event, 'validateTotp');
      return answer.result === true && typeof answer.confirmationToken === 'string';
    },
    /** Five wrong codes in a row: the holder must wait (HTTP 429). */
    isLockedOut: ({ event }) => hasStatus(thrownBy(event), 429),
  },
  actions: {
    keepCallError: keepCallError(),
    clearCallError: clearCallError(),
  },
}).createMachine({
  id: 'security-code',
  initial: 'entering',
  context: ({ input }) => ({
    accountId: input.accountId,
    transactionSignature: input.transactionSignature,
    movement: input.movement,
    reason: input.reason,
    code: '',
    confirmationToken: null,
    error: null,
    attemptsLeft: null,
  }),
  states: {
    entering: {
      meta: { spec: SPEC_DIALOG, label: 'Digitando a Chave de Segurança (6 dígitos)' },
      tags: ['dialog'],
      initial: 'idle',
      on: {
        'totp.submit': {
          guard: 'isSixDigitCode',
          target: 'validating',
          actions: assign({
            code: ({ event }) => event.code,
            error: null,
          }),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_DIALOG, label: 'Aguardando o código' } },
        invalid: {
          description:
            "TRANSFERS.SECURITY_CODE.INVALID: 'Chave de Segurança inválida, favor tente novamente'",
          meta: { spec: SPEC_INVALID, label: 'Chave de Segurança inválida (botão reabilitado)' },
        },
        failed: {
          description: 'describeApiError(error): the code can be sent again',
          meta: { spec: SPEC_ERRORS, label: 'Falha ao validar o código (erro exibido)' },
        },
      },
    },
    validating: {
      description: 'POST /totp/validate/{accountId} { totpCode, transactionSignature, movement }',
      meta: { spec: SPEC_CALL, label: 'Validando a Chave de Segurança' },
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'validateTotp',
        src: 'validateTotp',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: {
            totpCode: context.code,
            transactionSignature: context.transactionSignature,
            movement: context.movement,
          },
        }),
        onDone: [
          {
            guard: 'isCodeAccepted',
            target: 'confirmed',
            actions: assign({ confirmationToken: ({ event }) => event.output.confirmationToken ?? null }),
          },
          {
            target: 'entering.invalid',
            actions: assign({ code: '', attemptsLeft: ({ event }) => event.output.attemptsLeft ?? null }),
          },
        ],
        onError: [
          {
            guard: 'isLockedOut',
            target: 'locked',
            actions: ['keepCallError', assign({ code: '' })],
          },
          { target: 'entering.failed', actions: 'keepCallError' },
        ],
      },
    },
    locked: {
      description: 'ERRORS.AUTH.429 with {{wait}} from retryAfterSeconds',
      meta: { spec: SPEC_LOCK, label: 'Bloqueado: muitas tentativas, aguarde' },
      tags: ['dialog'],
      on: { retry: { target: 'entering.idle', actions: 'clearCallError' } },
    },
    confirmed: {
      type: 'final',
      meta: { spec: SPEC_CALL, label: 'Código aceito: token de confirmação recebido' },
    },
  },
  output: ({ context }) => ({ confirmationToken: context.confirmationToken ?? '' }),
});
