/**
 * Bill payment (/Payment; 2-money-movement.md §2 Bill payment, §3 Bill details, §4 Bill payment,
 * §5 Barcode and Bill amount, §7 POST /bills and POST /account/{accountId}/withdraw (bills), §8,
 * §9; issue 14).
 *
 * Kept in machines/payments/, not transfers/: a bill is a payment to a beneficiary found by its
 * code, not a transfer to an account the holder types, and the top-up and deposit boletos of §2
 * are payments of the same family. What it shares with the transfers it imports from there: the
 * security-code child and the secured-movement states (transfers/movement-states.ts).
 *
 * The code (its blocks joined) → the local check (boleto.ts: check digits, currency 9, the
 * due-date window; a code that fails is ERROR_ANY_BLOCK and no call is made) → POST /bills → the
 * details dialog (every field of §3 and the total; the externalIdentifier is fixed here, this is
 * the flow's confirmation) → Pay, refused by the guard when the total is not payable (§5
 * ERROR_NEGATIVE, ERROR_MINIMUM) → the security code (child machine security-code, with the
 * withdrawal's S-Transaction `trunc(total)|account|barcode`) → the withdrawal (Boleto or
 * Utilities, dueDate 7 days before today, §9) → the success view with the receipt, then 'pay
 * another' (a new bill, a new attempt) or close (→ /Statement, the target after every successful
 * operation, §2 table). A failure closes the dialog and returns to the form (§8) with the bank's
 * reason: 422 code 16 is ERRORS.API.16; a bill already paid is BILL 62 (from the lookup or the
 * withdrawal); `success: false` is the bank's message. An unknown result (no answer, 5xx) is
 * retried with the same externalIdentifier. The machine never navigates: close is a final output.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { doneOutput } from '../kernel/events.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import {
  billAmountError,
  billTotalCents,
  layoutOf,
  sentDueDate,
  type BillAmounts,
} from '../validators/bill.ts';
import { validateBoleto } from '../validators/boleto.ts';
import { centsToDecimal, decimalToCents } from '../validators/money.ts';
import { transactionSignature } from '../validators/transaction-signature.ts';
import {
  droppedAttempt,
  finishedState,
  receiptState,
  securedMovementGuards,
  securedMovementStates,
  withdrawMovement,
  type MovementAttemptContext,
  type SecuredMovementEvent,
} from '../transfers/movement-states.ts';
import { securityCodeMachine, type SecurityCodeOutput } from '../transfers/security-code.machine.ts';
import { SPEC_ERRORS } from '../transfers/transfer-rules.ts';

type Schemas = components['schemas'];

/** POST /bills. */
export interface GetBillDetailsInput {
  body: Schemas['BillLookupRequest'];
}
export type GetBillDetailsOutput = Schemas['BillDetails'];

/** POST /account/{accountId}/withdraw (Boleto or Utilities) with S-Transaction and S-Confirmation. */
export interface PayBillInput {
  accountId: string;
  body: Schemas['WithdrawRequest'];
  transactionSignature: string;
  confirmationToken: string;
}
export type PayBillOutput = Schemas['WithdrawResult'];

export interface BillPaymentInput {
  accountId: string;
  /** The holder's mobile phone, sent as `phoneNumber` (§7). */
  phoneNumber?: string;
  /**
   * Today's calendar date (YYYY-MM-DD, São Paulo): the reference of the due-date window and of
   * the dueDate sent (7 days before, §9). Given by the view: the machine reads no clock.
   */
  today: string;
  /** Makes the externalIdentifier when the details arrive (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

/** With the attempt that movement-states.ts reads and writes (`MovementAttemptContext`). */
export interface BillPaymentContext extends MovementAttemptContext {
  phoneNumber: string | null;
  today: string;
  newId: IdGenerator;
  /** The digits of the last code submitted (the blocks open with it again after a failure). */
  code: string;
  /** What the bank answered for the code. */
  details: GetBillDetailsOutput | null;
  /** The withdrawal as it is sent (built when the details arrive). */
  request: Schemas['WithdrawRequest'] | null;
  /** Fixed when the details arrive, reused by every retry, dropped when nothing moved. */
  externalIdentifier: string | null;
  result: PayBillOutput | null;
}

export type BillPaymentEvent =
  | SecuredMovementEvent
  | { type: 'code.submit'; code: string }
  | { type: 'bill.another' }
  | { type: 'finish' };

export type BillPaymentTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface BillPaymentOutput {
  to: '/Statement';
}

const SPEC_CODE = '2-money-movement.md §2 Bill payment; §5 Barcode';
const SPEC_LOOKUP = '2-money-movement.md §7 POST /bills';
const SPEC_DETAILS = '2-money-movement.md §2 details dialog; §3 Bill details; §5 Bill amount';
const SPEC_CALL = '2-money-movement.md §7 POST /account/{accountId}/withdraw (boleto, utilities); §9';
const SPEC_DONE = '2-money-movement.md §2, §4 Bill payment (success view and receipt; pay another or close)';
const SPEC_FAILED = '2-money-movement.md §8 (bill payment failure: the dialog closes, back to /Payment)';

/** The amounts of the details in centavos (absent fields are 0; §5 Bill amount). */
export function billAmountsOf(details: GetBillDetailsOutput): BillAmounts {
  const p = details.paymentDetails;
  const c = (v: number | undefined) => (v === undefined ? 0 : decimalToCents(v));
  return {
    documentCents: c(p.totalAmount),
    discountCents: c(p.discount),
    deductionsCents: c(p.deductions),
    fineCents: c(p.fine),
    interestCents: c(p.interest),
    ...(p.minimumAmount !== undefined ? { minimumCents: c(p.minimumAmount) } : {}),
    ...(p.maximumAmount !== undefined ? { maximumCents: c(p.maximumAmount) } : {}),
  };
}

/**
 * The withdrawal of §7 for a bill: the total of §5, withdrawType Boleto or Utilities by the code's
 * first digit, the bank's 44-digit barcode, dueDate 7 days before today (§9), the details as
 * billFullData and, for a utility, the beneficiary's tax id.
 */
export function buildBillRequest(
  code: string,
  details: GetBillDetailsOutput,
  externalIdentifier: string,
  today: string,
  phoneNumber: string | null,
): Schemas['WithdrawRequest'] {
  const order = {
    barcode: details.paymentDetails.barcode,
    dueDate: sentDueDate(today),
    billFullData: details,
  };
  const request: Schemas['WithdrawRequest'] = {
    payments: [],
    withdraw: {
      currency: 'BRL',
      externalIdentifier,
      totalAmount: centsToDecimal(billTotalCents(billAmountsOf(details))),
      withdrawInfo:
        layoutOf(code) === 'utility'
          ? {
              withdrawType: 'Utilities',
              utilities: {
                ...order,
                beneficiaryTaxIdentifier: details.beneficiary.taxIdentifier ?? { country: 'BRA', taxId: '' },
              },
            }
          : { withdrawType: 'Boleto', boleto: order },
    },
  };
  if (phoneNumber) request.phoneNumber = phoneNumber;
  return request;
}

/** What a new bill starts from ('pay another'). */
const freshBill = {
  code: '',
  details: null,
  request: null,
  signature: null,
  externalIdentifier: null,
  confirmationToken: null,
  securityReason: 'first' as const,
  result: null,
  error: null,
};

export const billPaymentMachine = setup({
  types: {
    context: {} as BillPaymentContext,
    events: {} as BillPaymentEvent,
    input: {} as BillPaymentInput,
    output: {} as BillPaymentOutput,
    tags: {} as BillPaymentTag,
  },
  actors: {
    getBillDetails: mustProvide<GetBillDetailsOutput, GetBillDetailsInput>('getBillDetails'),
    payBill: mustProvide<PayBillOutput, PayBillInput>('payBill'),
    securityCode: securityCodeMachine,
  },
  guards: {
    /** §5 Barcode: the whole line passes boleto.ts on today's date; else no call is made. */
    isValidCode: ({ context, event }) => {
      assertEvent(event, 'code.submit');
      return validateBoleto(event.code, context.today) === undefined;
    },
    /** §5 Bill amount: the total is above zero and within the minimum and maximum. */
    isPayable: ({ context }) =>
      context.details !== null && billAmountError(billAmountsOf(context.details)) === undefined,
    /** §8: the bank answered `success: false`: nothing was paid. */
    isPaymentDeclined: ({ event }) => doneOutput<PayBillOutput>(event, 'payBill').success === false,
    ...securedMovementGuards,
  },
  actions: {
    /** A new code: what the last one left (its answer, its failure) is forgotten. */
    takeCode: assign(({ event }) => {
      assertEvent(event, 'code.submit');
      return { code: event.code, result: null, error: null };
    }),
    /**
     * movement-states.ts: the attempt (id, body, signature, token) is dropped when nothing moved,
     * with the details it was built from (the blocks are shown again; a new look-up reads them).
     */
    dropAttempt: assign(droppedAttempt(['request', 'details', 'confirmationToken'])),
    keepConfirmationToken: assign({
      confirmationToken: ({ event }) =>
        doneOutput<SecurityCodeOutput>(event, 'securityCode').confirmationToken,
    }),
    askCodeAgain: assign({ confirmationToken: null, securityReason: 'refused' as const }),
    keepCallError: keepCallError(),
    /** The bank's answer; the id is done with (another payment is a new attempt). */
    keepResult: assign({
      result: ({ event }) => doneOutput<PayBillOutput>(event, 'payBill'),
      externalIdentifier: null,
      error: null,
    }),
  },
}).createMachine({
  id: 'bill-payment',
  initial: 'editing',
  context: ({ input }) => ({
    accountId: input.accountId,
    phoneNumber: input.phoneNumber ?? null,
    today: input.today,
    newId: input.newId,
    ...freshBill,
  }),
  states: {
    editing: {
      meta: { spec: SPEC_CODE, label: 'Código de barras em blocos' },
      initial: 'idle',
      on: {
        'code.submit': [
          {
            guard: 'isValidCode',
            target: 'lookingUp',
            actions: 'takeCode',
          },
          {
            target: '.invalidCode',
            actions: 'takeCode',
          },
        ],
      },
      states: {
        idle: { meta: { spec: SPEC_CODE, label: 'Digitando o código' } },
        invalidCode: {
          description:
            'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_ANY_BLOCK (or the due-date window): no call made',
          meta: { spec: `${SPEC_CODE} (ERROR_ANY_BLOCK)`, label: 'Código inválido (nenhuma chamada)' },
        },
        notFound: {
          description: "describeApiError(error): the bank's reason (BILL 60–63, already paid...)",
          meta: { spec: `${SPEC_LOOKUP}; ${SPEC_ERRORS}`, label: 'Banco não aceita o código' },
        },
        insufficientBalance: {
          description: 'ERRORS.API.16: nothing moved; the code stays in the blocks',
          meta: { spec: `${SPEC_FAILED} (ERRORS.API.16)`, label: 'Saldo insuficiente' },
        },
        failed: {
          description: 'describeApiError(error): nothing moved; the code stays in the blocks',
          meta: { spec: SPEC_FAILED, label: 'Pagamento recusado (erro exibido, código mantido)' },
        },
        declined: {
          description: "the bank's message of `success: false`: nothing was paid",
          meta: { spec: SPEC_FAILED, label: 'Pagamento não realizado pelo banco' },
        },
      },
    },
    lookingUp: {
      description: 'POST /bills {document, payingAccount}',
      meta: { spec: SPEC_LOOKUP, label: 'Consultando a conta' },
      tags: ['busy'],
      invoke: {
        id: 'getBillDetails',
        src: 'getBillDetails',
        input: ({ context }) => ({
          body: { document: context.code, payingAccount: { accountId: context.accountId } },
        }),
        onDone: {
          target: 'confirming',
          actions: assign(({ context, event }) => {
            const externalIdentifier = context.externalIdentifier ?? context.newId();
            const request = buildBillRequest(
              context.code,
              event.output,
              externalIdentifier,
              context.today,
              context.phoneNumber,
            );
            return {
              details: event.output,
              externalIdentifier,
              request,
              signature: transactionSignature({
                kind: 'withdraw',
                sourceAccountId: context.accountId,
                withdraw: request.withdraw,
              }),
              securityReason: 'first' as const,
            };
          }),
        },
        // A read moved nothing: any failure returns to the blocks with its reason.
        onError: { target: 'editing.notFound', actions: 'keepCallError' },
      },
    },
    confirming: {
      description:
        'the details dialog: beneficiary, tax id, barcode, due date, document, discount, deductions, interest, fine, minimum, maximum, total',
      meta: { spec: SPEC_DETAILS, label: 'Detalhes da conta: Pagar' },
      tags: ['dialog'],
      on: {
        'confirm.accept': { guard: 'isPayable', target: 'securityCode' },
        'confirm.cancel': { target: 'editing.idle', actions: 'dropAttempt' },
      },
    },
    ...securedMovementStates({
      call: 'payBill',
      submittingLabel: 'Pagando a conta',
      submittingSpec: SPEC_CALL,
      submittingDescription:
        'POST /account/{accountId}/withdraw (Boleto or Utilities) with S-Transaction and S-Confirmation',
      callInput: ({ context }: { context: BillPaymentContext }) => ({
        accountId: context.accountId,
        body: context.request as Schemas['WithdrawRequest'],
        transactionSignature: context.signature ?? '',
        confirmationToken: context.confirmationToken ?? '',
      }),
      movement: ({ context }: { context: BillPaymentContext }) =>
        withdrawMovement(context.request as Schemas['WithdrawRequest']),
      onDone: [
        { guard: 'isPaymentDeclined', target: 'editing.declined', actions: ['keepResult', 'dropAttempt'] },
        { target: 'done', actions: 'keepResult' },
      ],
    }),
    done: receiptState({
      label: 'Conta paga: comprovante',
      spec: SPEC_DONE,
      description: 'the success view with the receipt',
      dialog: false,
      on: { 'bill.another': { target: 'editing.idle', actions: assign(freshBill) } },
    }),
    finished: finishedState({ label: 'Fechar: vai para o extrato' }),
  },
  output: () => ({ to: '/Statement' as const }),
});
