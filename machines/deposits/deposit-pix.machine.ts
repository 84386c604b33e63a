/**
 * Deposit by Pix (/Deposit, beside the boleto; 2-money-movement.md §7 POST /deposit-pix; issue 31).
 *
 * The spec shows only that the call exists; the bank answers an immediate Pix charge on one of the
 * holder's keys (openapi/portal.yaml createDepositPix). The amount (above 0; at most the bank's
 * R$ 50.000,00, as the boleto) → 'Gerar QR Code Pix': POST /deposit-pix with an externalIdentifier
 * fixed on submit and reused by 'Tentar novamente', so a retried request is one charge → the dialog
 * with the QR code, the copy-and-paste code, the amount and the expiry, to pay from any bank's app
 * → close (another deposit) or 'Ver extrato' (/Statement, where the credit appears once paid).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, thrownBy } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { validateDepositAmount } from '../validators/deposit.ts';
import { centsToDecimal, parseBrlToCents } from '../validators/money.ts';
import { isRefusedWithoutMoving, SPEC_ERRORS } from '../transfers/transfer-rules.ts';
import { movementCallState, unknownResultState } from '../transfers/movement-states.ts';

type Schemas = components['schemas'];

export type DepositPixCharge = Schemas['DepositPixResult'];

/** POST /deposit-pix. */
export interface CreateDepositPixInput {
  body: Schemas['DepositPixRequest'];
}
export type CreateDepositPixOutput = DepositPixCharge;

export interface DepositPixInput {
  accountId: string;
  /** Makes the externalIdentifier of each charge (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

export interface DepositPixContext {
  accountId: string;
  newId: IdGenerator;
  /** The amount as typed. */
  amount: string;
  /** Fixed on submit, reused by every retry, dropped once the charge is made or refused. */
  externalIdentifier: string | null;
  charge: DepositPixCharge | null;
  error: CallError | null;
}

export type DepositPixEvent =
  | { type: 'form.submit'; amount: string }
  | { type: 'retry' }
  | { type: 'dialog.close' }
  | { type: 'statement.open' };

export type DepositPixTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface DepositPixOutput {
  to: '/Statement';
}

const SPEC_FORM = '2-money-movement.md §2 Deposit by boleto (/Deposit: amount); §5 Deposit amount';
const SPEC_CALL = '2-money-movement.md §7 POST /deposit-pix (contract createDepositPix, x-spec-gap)';
const SPEC_DIALOG = '2-money-movement.md §7 POST /deposit-pix: the charge (QR code, copy and paste, expiry)';
const SPEC_STATEMENT = '2-money-movement.md §2 (/Statement: target after every successful operation)';

/** The body of POST /deposit-pix: the own account, the whole amount. */
export function buildDepositPix(
  accountId: string,
  amount: string,
  externalIdentifier: string,
): Schemas['DepositPixRequest'] {
  return {
    externalIdentifier,
    totalAmount: centsToDecimal(parseBrlToCents(amount) ?? 0),
    currency: 'BRL',
    account: { accountId },
  };
}

export const depositPixMachine = setup({
  types: {
    context: {} as DepositPixContext,
    events: {} as DepositPixEvent,
    input: {} as DepositPixInput,
    output: {} as DepositPixOutput,
    tags: {} as DepositPixTag,
  },
  actors: {
    createDepositPix: mustProvide<CreateDepositPixOutput, CreateDepositPixInput>('createDepositPix'),
  },
  guards: {
    /** §5 Deposit amount: above 0 (and within the bank's limit). */
    isValidAmount: ({ event }) => {
      assertEvent(event, 'form.submit');
      return validateDepositAmount(event.amount) === undefined;
    },
    /** 400, 409, 422: refused for certain, no charge made; a new submission is a new attempt. */
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
  },
  actions: {
    dropAttempt: assign({ externalIdentifier: null }),
    keepCallError: keepCallError(),
    keepCharge: assign({
      charge: ({ event }) => doneOutput<CreateDepositPixOutput>(event, 'createDepositPix'),
      externalIdentifier: null,
    }),
  },
}).createMachine({
  id: 'deposit-pix',
  initial: 'editing',
  context: ({ input }) => ({
    accountId: input.accountId,
    newId: input.newId,
    amount: '',
    externalIdentifier: null,
    charge: null,
    error: null,
  }),
  states: {
    editing: {
      meta: { spec: SPEC_FORM, label: 'Valor do depósito por Pix' },
      initial: 'idle',
      on: {
        'form.submit': {
          guard: 'isValidAmount',
          target: 'creating',
          actions: assign(({ context, event }) => ({
            amount: event.amount,
            externalIdentifier: context.newId(),
            charge: null,
            error: null,
          })),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_FORM, label: 'Digitando o valor' } },
        failed: {
          description:
            'describeApiError(error): refused, no charge (e.g. no active Pix key); the amount stays',
          meta: { spec: SPEC_ERRORS, label: 'Depósito por Pix recusado (erro exibido)' },
        },
      },
    },
    creating: movementCallState({
      description: 'POST /deposit-pix; another submission is ignored',
      spec: SPEC_CALL,
      label: 'Gerando o QR Code Pix',
      tags: ['busy'],
      call: 'createDepositPix',
      callInput: ({ context }: { context: DepositPixContext }) => ({
        body: buildDepositPix(context.accountId, context.amount, context.externalIdentifier ?? ''),
      }),
      onDone: { target: 'shown', actions: 'keepCharge' },
      refusals: [{ guard: 'isRefusedWithoutMoving', target: 'editing.failed' }],
    }),
    failed: unknownResultState({
      label: 'Falha ao gerar o QR Code Pix',
      description: 'describeApiError(error); retry sends the same externalIdentifier (one charge)',
      retryTo: 'creating',
      on: { 'dialog.close': { target: 'editing.idle', actions: 'dropAttempt' } },
    }),
    shown: {
      description: 'the charge: QR code, copy-and-paste code, amount, valid until',
      meta: { spec: SPEC_DIALOG, label: 'QR Code Pix para depósito' },
      tags: ['dialog'],
      on: {
        'dialog.close': 'editing.idle',
        'statement.open': 'toStatement',
      },
    },
    toStatement: {
      type: 'final',
      meta: { spec: SPEC_STATEMENT, label: 'Extrato (/Statement)' },
    },
  },
  output: () => ({ to: '/Statement' as const }),
});
