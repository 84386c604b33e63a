/**
 * Refund (devolução) of a received Pix, the row action of /PixExtractPage (4-pix-part-two.md §2
 * Pix statement (the refund dialog), §3 Pix refund request/response, §5 Refund, §8 Refund;
 * 3-pix-part-one.md §5 Statement row actions, §7 POST /PixPaymentReturn/paymentReturn/{id};
 * issue 17; docs/JOURNAL.md "Pix refund dialog (issue 17)").
 *
 * - `editing`: the refundable amount (amount − amountRefund of the entry) and the value field. A
 *   value that is not a number above 0 is refused with the 'refund value' message, one above what
 *   is left with the limit message (machines/validators/pix-refund.ts; the form shows the same rule
 *   on input). Cancelar ends the flow with nothing moved.
 * - Confirmar with a valid value fixes the attempt (externalIdentifier from `input.newId`, the
 *   body and the S-Transaction `trunc(valor)|accountId|transactionId`) and asks the security code:
 *   a refund is money that leaves at once and cannot be called back, like every Pix sent (the
 *   contract's note on refundPixPayment). The dialog itself is the confirmation the spec draws
 *   (refundable amount, value, Cancelar/Confirmar), so there is no second confirmation dialog.
 * - Then the states every secured movement shares (transfers/movement-states.ts): the code,
 *   refundPixPayment, 403 SECURITY 50 asks the code again, a certain refusal (PIXRECV 94/95/96,
 *   the balance, fields) returns to the field with the bank's reason and drops the attempt, an
 *   unknown result offers only "Tentar novamente" with the same externalIdentifier.
 * - The accepted refund's return id (D…) is polled like a payment (pix-settling-states.ts, §8's
 *   rejected / not finalised outcomes); closing the result ends the flow.
 *
 * The machine never navigates: its output says whether the statement changed, so the page
 * reloads it (a refund the bank accepted, or a refusal saying the entry changed meanwhile).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { centsToDecimal, parseBrlToCents } from '../validators/money.ts';
import { validateRefundValue } from '../validators/pix-refund.ts';
import { transactionSignature } from '../validators/transaction-signature.ts';
import {
  droppedAttempt,
  securedMovementGuards,
  securedMovementStates,
} from '../transfers/movement-states.ts';
import {
  securityCodeMachine,
  type SecurityCodeOutput,
  type SecurityCodeReason,
} from '../transfers/security-code.machine.ts';
import { pixSettlementMachine, type PixSettlementOutput } from './pix-settlement.machine.ts';
import { pixSettlingGuards, pixSettlingStates, settlementOf } from './pix-settling-states.ts';

type Schemas = components['schemas'];

/** POST /PixPaymentReturn/paymentReturn/{accountId} with S-Transaction and S-Confirmation. */
export interface RefundPixInput {
  accountId: string;
  body: Schemas['RefundRequest'];
  transactionSignature: string;
  confirmationToken: string;
}
export type RefundPixOutput = Schemas['RefundResult'];

export interface PixRefundInput {
  accountId: string;
  /** The statement entry's transaction id (the received Pix refunded). */
  transactionId: string;
  /** What is left to refund when the dialog opened (amount − amountRefund), in centavos. */
  refundableCents: number;
  /** Makes the externalIdentifier when the flow enters confirmation (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

export interface PixRefundContext {
  accountId: string;
  transactionId: string;
  refundableCents: number;
  newId: IdGenerator;
  /** The value to refund, in centavos, once accepted by the rule. */
  valueCents: number | null;
  /** Why the typed value was refused (a validator message key). */
  valueError: string | null;
  /** The refund as it is sent (built when the flow enters confirmation). */
  request: Schemas['RefundRequest'] | null;
  signature: string | null;
  /** Fixed on entering confirmation, reused by every retry, dropped when nothing moved. */
  externalIdentifier: string | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  result: RefundPixOutput | null;
  /** The refund's return id (D…), polled by pix-settlement. */
  endToEndId: string | null;
  settlement: PixSettlementOutput | null;
  error: CallError | null;
}

export type PixRefundEvent =
  | { type: 'value.submit'; value: string }
  | { type: 'refund.cancel' }
  | { type: 'totp.cancel' }
  | { type: 'retry' }
  | { type: 'result.close' };

export type PixRefundTag = 'busy' | 'dialog';

/** How the dialog ended: whether the Pix statement must be read again. */
export interface PixRefundOutput {
  changed: boolean;
}

/** The spec text each state cites. */
export const PIX_REFUND_SPEC = {
  dialog:
    '4-pix-part-two.md §2 Pix statement (refund dialog: refundable amount, numeric field, Cancelar/Confirmar)',
  rule: '4-pix-part-two.md §5 Refund; 3-pix-part-one.md §5 Statement row actions',
  call: '3-pix-part-one.md §7 POST /PixPaymentReturn/paymentReturn/{id}; 4-pix-part-two.md §3 Pix refund request/response',
  messages: '4-pix-part-two.md §8 Refund (rejected, not finalised, generic refund error)',
} as const;

/** PIXRECV 96: the value is above what is left, so the entry changed since the dialog opened. */
export const isRefundAboveAvailable = (error: CallError | null): boolean =>
  error !== null && error.group === 'PIXRECV' && error.code === 96;

/** The after-submit states every Pix send shares: 1 s / 42 s, close ends the flow. */
const settlingStates = pixSettlingStates({ cadence: 'slow', closeTarget: 'pix-refund.closed' });

export const pixRefundMachine = setup({
  types: {
    context: {} as PixRefundContext,
    events: {} as PixRefundEvent,
    input: {} as PixRefundInput,
    output: {} as PixRefundOutput,
    tags: {} as PixRefundTag,
  },
  actors: {
    refundPixPayment: mustProvide<RefundPixOutput, RefundPixInput>('refundPixPayment'),
    securityCode: securityCodeMachine,
    pixSettlement: pixSettlementMachine,
  },
  guards: {
    /** §5: a number above 0 and at most amount − amountRefund. */
    isValidValue: ({ context, event }) => {
      assertEvent(event, 'value.submit');
      return validateRefundValue(event.value, context.refundableCents) === undefined;
    },
    ...securedMovementGuards,
    ...pixSettlingGuards,
  },
  actions: {
    refuseValue: assign(({ context, event }) => {
      assertEvent(event, 'value.submit');
      return { valueError: validateRefundValue(event.value, context.refundableCents) ?? null };
    }),
    /** Entering confirmation: the attempt (id, body, signature) is fixed for every retry. */
    prepareAttempt: assign(({ context, event }) => {
      assertEvent(event, 'value.submit');
      const valueCents = parseBrlToCents(event.value) ?? 0;
      const externalIdentifier = context.newId();
      const request: Schemas['RefundRequest'] = {
        accountId: context.accountId,
        transactionId: context.transactionId,
        valor: centsToDecimal(valueCents),
        externalIdentifier,
      };
      return {
        valueCents,
        valueError: null,
        externalIdentifier,
        request,
        signature: transactionSignature({ kind: 'pix-refund', request }),
        securityReason: 'first' as const,
        error: null,
      };
    }),
    /** movement-states.ts: the attempt is dropped when nothing moved; the value stays in the field. */
    dropAttempt: assign(droppedAttempt(['request', 'confirmationToken'])),
    keepConfirmationToken: assign({
      confirmationToken: ({ event }) =>
        doneOutput<SecurityCodeOutput>(event, 'securityCode').confirmationToken,
    }),
    askCodeAgain: assign({ confirmationToken: null, securityReason: 'refused' as const }),
    keepCallError: keepCallError(),
    /** The bank took the refund: its return id is polled; the attempt is done with. */
    keepAccepted: assign(({ event }) => {
      const result = doneOutput<RefundPixOutput>(event, 'refundPixPayment');
      return { result, endToEndId: result.endToEndId, error: null };
    }),
    keepSettlement: assign({ settlement: ({ event }) => settlementOf(event) }),
  },
}).createMachine({
  id: 'pix-refund',
  initial: 'editing',
  context: ({ input }) => ({
    accountId: input.accountId,
    transactionId: input.transactionId,
    refundableCents: input.refundableCents,
    newId: input.newId,
    valueCents: null,
    valueError: null,
    request: null,
    signature: null,
    externalIdentifier: null,
    confirmationToken: null,
    securityReason: 'first',
    result: null,
    endToEndId: null,
    settlement: null,
    error: null,
  }),
  states: {
    editing: {
      description: 'the refundable amount, the value field, Cancelar / Confirmar',
      meta: { spec: PIX_REFUND_SPEC.dialog, label: 'Devolução: valor a devolver' },
      tags: ['dialog'],
      initial: 'idle',
      on: {
        'value.submit': [
          { guard: 'isValidValue', target: 'securityCode', actions: 'prepareAttempt' },
          { target: '.invalid', actions: 'refuseValue' },
        ],
        'refund.cancel': 'cancelled',
      },
      states: {
        idle: { meta: { spec: PIX_REFUND_SPEC.dialog, label: 'Campo do valor' } },
        invalid: {
          description:
            "PIX.REFUND.ERRORS.VALUE ('refund value': not above 0) or .LIMIT (above amount − amountRefund)",
          meta: { spec: PIX_REFUND_SPEC.rule, label: 'Valor recusado (nenhuma chamada)' },
        },
        insufficientBalance: {
          description: 'ERRORS.API.16: nothing moved; the value stays in the field',
          meta: { spec: `${PIX_REFUND_SPEC.messages} (ERRORS.API.16)`, label: 'Saldo insuficiente' },
        },
        failed: {
          description:
            'describeApiError(error): PIXRECV 94 (not a received Pix), 95 (past 90 days), 96 (above what is left), or the generic refund error; nothing moved',
          meta: { spec: PIX_REFUND_SPEC.messages, label: 'Devolução recusada (nada devolvido)' },
        },
      },
    },
    ...securedMovementStates({
      call: 'refundPixPayment',
      submittingLabel: 'Devolvendo o Pix',
      submittingSpec: PIX_REFUND_SPEC.call,
      submittingDescription:
        'POST /PixPaymentReturn/paymentReturn/{accountId} (accountId, transactionId, valor, externalIdentifier) with S-Transaction and S-Confirmation',
      callInput: ({ context }: { context: PixRefundContext }): RefundPixInput => ({
        accountId: context.accountId,
        body: context.request as Schemas['RefundRequest'],
        transactionSignature: context.signature ?? '',
        confirmationToken: context.confirmationToken ?? '',
      }),
      movement: ({ context }: { context: PixRefundContext }) => {
        const request = context.request as Schemas['RefundRequest'];
        return { amount: request.valor, externalIdentifier: request.externalIdentifier };
      },
      onDone: { target: 'settling', actions: 'keepAccepted' },
    }),
    settling: settlingStates.settling,
    result: settlingStates.result,
    closed: {
      type: 'final',
      meta: { spec: PIX_REFUND_SPEC.messages, label: 'Fechar: o extrato é lido de novo' },
    },
    cancelled: {
      type: 'final',
      meta: { spec: PIX_REFUND_SPEC.dialog, label: 'Cancelar: nada devolvido' },
    },
  },
  // The statement changed when the bank took a refund, or said the entry had changed meanwhile
  // (PIXRECV 96: someone refunded from it since the list was read): either way the row is read again.
  output: ({ context }) => ({
    changed: context.endToEndId !== null || isRefundAboveAvailable(context.error),
  }),
});
