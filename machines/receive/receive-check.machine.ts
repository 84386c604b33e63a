/**
 * Receive by QR code: redeeming a digital check (/Receive; 2-money-movement.md §2 Receive by QR
 * code, §3 QR content, §4 Receive by QR, §5 QR field, §7 POST /payments (receive by QR); issue 14).
 *
 * The 4-step tutorial is shown on arrival (§2 "A 4-step tutorial is shown") and can be opened again
 * from the form; skipping it or reading it to the end leaves the form. Paging through its steps is
 * the dialog's own business (no call, nothing to audit): one state here keeps the generated paths
 * few, each of them a browser start. The form takes the QR content
 * (JSON text); Next is enabled only when machines/validators/digital-check.ts reads a check from it
 * → the bank's lookup of the check (GET /account/{accountId}/digital-check; issue 32 item 7: the
 * confirmation names who issued the check, not only the receiver; a check the bank would refuse
 * is refused here, before any confirmation) → the confirmation (issuer, amount, receiving method:
 * wallet balance, name, contact), where the externalIdentifier
 * is fixed → POST /payments (DigitalCheck) → the receipt (date, amount received, transaction, PDF),
 * and Finish → /Statement (final output; the machine never navigates).
 *
 * A refusal that moved nothing (422 CHECK 65 forged or altered, 66 used, 67 expired, 68 not
 * covered; TRANSFER 53 one's own check; 400, 409) returns to the form with the bank's message and
 * the QR still there; the next Next is a new attempt. A failure whose result is unknown (no answer,
 * 5xx) offers only "Tentar novamente", with the same externalIdentifier: the bank answers a repeat
 * with its first answer, so a check is never credited twice. No security code: the customer
 * receives money (openapi createPayment).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, thrownBy } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { type DigitalCheckQr, readDigitalCheckQr } from '../validators/digital-check.ts';
import { centsToDecimal } from '../validators/money.ts';
import { SPEC_ERRORS, isRefusedWithoutMoving } from '../transfers/transfer-rules.ts';
import {
  finishedState,
  movementCallState,
  movementConfirmingState,
  receiptState,
  unknownResultState,
} from '../transfers/movement-states.ts';

type Schemas = components['schemas'];

/** POST /payments (DigitalCheck). */
export interface RedeemCheckInput {
  body: Schemas['DigitalCheckPayment'];
}
export type RedeemCheckOutput = Schemas['PaymentResult'];

/** GET /account/{accountId}/digital-check: who issued the check, before it is received. */
export interface LookUpCheckInput {
  accountId: string;
  document: string;
}
export type LookUpCheckOutput = Schemas['DigitalCheckInfo'];

export interface ReceiveCheckInput {
  /** The session's first account: the check is credited to it (§6). */
  accountId: string;
  /** Makes the externalIdentifier when the flow enters confirmation (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

export interface ReceiveCheckContext {
  accountId: string;
  newId: IdGenerator;
  /** The check read from the last valid QR submitted (amount and data). */
  check: DigitalCheckQr | null;
  /** The bank's answer about that check: its issuer (issue 32 item 7), shown in the confirmation. */
  issuer: LookUpCheckOutput | null;
  /** The payment as it is sent (built when the flow enters confirmation). */
  payment: Schemas['DigitalCheckPayment'] | null;
  /** Fixed when the flow enters confirmation, reused by every retry, dropped when nothing moved. */
  externalIdentifier: string | null;
  result: RedeemCheckOutput | null;
  /** When the bank answered success (the receipt's date). */
  receivedAt: string | null;
  error: CallError | null;
}

export type ReceiveCheckEvent =
  | { type: 'tutorial.open' }
  | { type: 'tutorial.close' }
  | { type: 'form.submit'; qr: string }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'retry' }
  | { type: 'finish' };

export type ReceiveCheckTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends. */
export interface ReceiveCheckOutput {
  to: '/Statement';
}

const SPEC_TUTORIAL = '2-money-movement.md §2 Receive by QR code (a 4-step tutorial is shown)';
const SPEC_FORM = '2-money-movement.md §2 Receive by QR code; §5 QR field';
const SPEC_CONFIRM =
  '2-money-movement.md §2 Receive by QR code (confirmation: receiving method wallet balance, name, contact)';
const SPEC_CALL = '2-money-movement.md §7 POST /payments (receive by QR)';
const SPEC_LOOKUP =
  'issue 32 item 7 (show the issuer and the amount before confirming); openapi getDigitalCheck (x-spec-gap)';
const SPEC_DONE =
  '2-money-movement.md §2 Receive by QR code (receipt: date, amount received, PDF); §4 Finish to /Statement';

/** The body of §7 for a check read from the QR. */
function buildPayment(
  accountId: string,
  check: DigitalCheckQr,
  externalIdentifier: string,
): Schemas['DigitalCheckPayment'] {
  return {
    externalIdentifier,
    myAccount: { accountId },
    // The value shown is the value the bank must move: it refuses a check whose value differs.
    totalAmount: centsToDecimal(check.cents),
    paymentInfo: { transactionType: 'DigitalCheck', digitalCheck: { document: check.qrCodeData } },
  };
}

export const receiveCheckMachine = setup({
  types: {
    context: {} as ReceiveCheckContext,
    events: {} as ReceiveCheckEvent,
    input: {} as ReceiveCheckInput,
    output: {} as ReceiveCheckOutput,
    tags: {} as ReceiveCheckTag,
  },
  actors: {
    redeemCheck: mustProvide<RedeemCheckOutput, RedeemCheckInput>('redeemCheck'),
    lookUpCheck: mustProvide<LookUpCheckOutput, LookUpCheckInput>('lookUpCheck'),
  },
  guards: {
    /** §5: the QR reads as a check (Next is disabled otherwise). */
    isValidQr: ({ event }) => {
      assertEvent(event, 'form.submit');
      return readDigitalCheckQr(event.qr).ok;
    },
    /** 400, 409, 422: the bank refused and moved nothing (CHECK 65–68, TRANSFER 53...). */
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
  },
  actions: {
    /** movement-states.ts: the attempt (id and body) is dropped when nothing moved. */
    dropAttempt: assign({ externalIdentifier: null, payment: null }),
    keepIssuer: assign({
      issuer: ({ event }) => doneOutput<LookUpCheckOutput>(event, 'lookUpCheck'),
      error: null,
    }),
    keepCallError: keepCallError(),
    /** The bank's answer and when it came; the id is done with. */
    keepRedeemed: assign({
      result: ({ event }) => doneOutput<RedeemCheckOutput>(event, 'redeemCheck'),
      receivedAt: () => new Date().toISOString(),
      externalIdentifier: null,
      error: null,
    }),
  },
}).createMachine({
  id: 'receive-check',
  initial: 'tutorial',
  context: ({ input }) => ({
    accountId: input.accountId,
    newId: input.newId,
    check: null,
    issuer: null,
    payment: null,
    externalIdentifier: null,
    result: null,
    receivedAt: null,
    error: null,
  }),
  states: {
    tutorial: {
      description:
        'RECEIVE.TUTORIAL: how to receive a digital check, in 4 steps the dialog pages through (Voltar, Próximo); Pular or Entendi closes it',
      meta: { spec: SPEC_TUTORIAL, label: 'Tutorial de 4 passos' },
      tags: ['dialog'],
      on: { 'tutorial.close': 'editing.idle' },
    },
    editing: {
      meta: { spec: SPEC_FORM, label: 'Formulário: conteúdo do QR Code' },
      initial: 'idle',
      on: {
        'tutorial.open': 'tutorial',
        'form.submit': {
          guard: 'isValidQr',
          target: 'lookingUp',
          actions: assign(({ context, event }) => {
            const read = readDigitalCheckQr(event.qr);
            const check = read.ok ? read.check : null;
            const externalIdentifier = context.externalIdentifier ?? context.newId();
            return {
              check,
              issuer: null,
              externalIdentifier,
              payment: check ? buildPayment(context.accountId, check, externalIdentifier) : null,
              error: null,
            };
          }),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_FORM, label: 'Colando o QR Code' } },
        refused: {
          description: 'describeApiError(error): the bank refused the check; nothing moved; the QR stays',
          meta: {
            spec: `${SPEC_ERRORS}; openapi createPayment (CHECK 65–68)`,
            label: 'Cheque recusado pelo banco',
          },
        },
      },
    },
    lookingUp: {
      description:
        'GET /account/{accountId}/digital-check: the issuer and the value of the check, before confirming; any refusal or failure returns to the form with the QR (nothing moved, Next asks again)',
      meta: { spec: SPEC_LOOKUP, label: 'Consultando o emitente do cheque' },
      tags: ['busy'],
      invoke: {
        id: 'lookUpCheck',
        src: 'lookUpCheck',
        input: ({ context }) => ({ accountId: context.accountId, document: context.check?.qrCodeData ?? '' }),
        onDone: { target: 'confirming', actions: 'keepIssuer' },
        onError: { target: 'editing.refused', actions: ['dropAttempt', 'keepCallError'] },
      },
    },
    confirming: movementConfirmingState({
      description:
        'RECEIVE.CONFIRM: the issuer (name, document), the amount, receiving method wallet balance, name, contact',
      spec: SPEC_CONFIRM,
      label: 'Confirmação: saldo da carteira, nome e contato',
      callState: 'submitting',
      cancelTo: 'editing.idle',
    }),
    submitting: movementCallState({
      description: 'POST /payments (DigitalCheck)',
      spec: SPEC_CALL,
      label: 'Recebendo o cheque digital',
      tags: ['busy', 'dialog'],
      call: 'redeemCheck',
      callInput: ({ context }: { context: ReceiveCheckContext }) => ({
        body: context.payment as Schemas['DigitalCheckPayment'],
      }),
      onDone: { target: 'done', actions: 'keepRedeemed' },
      refusals: [{ guard: 'isRefusedWithoutMoving', target: 'editing.refused' }],
    }),
    failed: unknownResultState({ label: 'Falha ao receber', retryTo: 'submitting' }),
    done: receiptState({ label: 'Cheque recebido: comprovante', spec: SPEC_DONE, dialog: true }),
    finished: finishedState(),
  },
  output: () => ({ to: '/Statement' as const }),
});
