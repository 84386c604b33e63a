/**
 * Deposit by boleto (/Deposit; 2-money-movement.md §2 Deposit by boleto, §4 Deposit boleto, §5
 * Deposit amount, §7 POST /deposit and the boleto PDF, §8 Print failure; issue 14).
 *
 * The amount (above 0; at most the bank's R$ 50.000,00) → Generate: POST /deposit with an
 * externalIdentifier fixed on submit and reused by 'Tentar novamente', so a repeated or retried
 * request is one boleto → the dialog with the typeable line, the due date, the amount and the link
 * to the PDF → close (another boleto) or 'go to my boletos' (/Deposit/Ticket, the machine's output;
 * also offered from the form).
 *
 * The PDF is served under the API base with the session (openapi/portal.yaml getBoletoPdf), so it
 * is an actor that fetches and opens it, not a plain link. §8 says a print failure is "logged
 * only"; the dialog also says it in one line, since a link that silently does nothing leaves the
 * user guessing (a decision: the spec is silent on what the user sees).
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

export type Deposit = Schemas['Deposit'];

/** POST /deposit. */
export interface CreateDepositInput {
  body: Schemas['DepositRequest'];
}
export type CreateDepositOutput = Deposit;

/** GET /boletopdf/{idDeposit}, opened for the user (a new tab, or a download). */
export interface OpenBoletoPdfInput {
  idDeposit: number;
}
export type OpenBoletoPdfOutput = undefined;

export interface DepositBoletoInput {
  accountId: string;
  /** Makes the externalIdentifier of each boleto (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

export interface DepositBoletoContext {
  accountId: string;
  newId: IdGenerator;
  /** The amount as typed. */
  amount: string;
  /** Fixed on submit, reused by every retry, dropped once the boleto is issued or refused. */
  externalIdentifier: string | null;
  deposit: Deposit | null;
  error: CallError | null;
  /** The last attempt to open the PDF failed (§8: logged; the dialog says it too). */
  pdfFailed: boolean;
}

export type DepositBoletoEvent =
  | { type: 'form.submit'; amount: string }
  | { type: 'retry' }
  | { type: 'pdf.open' }
  | { type: 'dialog.close' }
  | { type: 'list.open' };

export type DepositBoletoTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface DepositBoletoOutput {
  to: '/Deposit/Ticket';
}

const SPEC_FORM = '2-money-movement.md §2 Deposit by boleto (/Deposit: amount); §5 Deposit amount';
const SPEC_CALL = '2-money-movement.md §7 POST /deposit';
const SPEC_DIALOG =
  '2-money-movement.md §2 Deposit by boleto (dialog: typeable line, due date, amount, link to the PDF)';
const SPEC_PDF = '2-money-movement.md §7 Boleto PDF ({host}/boletopdf/{idDeposit}); §8 Print failure';
const SPEC_LIST = "2-money-movement.md §2 Deposit by boleto ('go to my boleto' → /Deposit/Ticket)";

/** The body of §7 POST /deposit: one recipient, the own account, for the whole amount. */
export function buildDeposit(
  accountId: string,
  amount: string,
  externalIdentifier: string,
): Schemas['DepositRequest'] {
  const value = centsToDecimal(parseBrlToCents(amount) ?? 0);
  return {
    currency: 'BRL',
    externalIdentifier,
    paymentInfo: { boleto: { accountingMethod: 'DEF' }, transactionType: 'Boleto' },
    recipients: [{ account: { accountId }, amount: value, currency: 'BRL', mediatorFee: 0 }],
    totalAmount: value,
  };
}

export const depositBoletoMachine = setup({
  types: {
    context: {} as DepositBoletoContext,
    events: {} as DepositBoletoEvent,
    input: {} as DepositBoletoInput,
    output: {} as DepositBoletoOutput,
    tags: {} as DepositBoletoTag,
  },
  actors: {
    createDeposit: mustProvide<CreateDepositOutput, CreateDepositInput>('createDeposit'),
    openBoletoPdf: mustProvide<OpenBoletoPdfOutput, OpenBoletoPdfInput>('openBoletoPdf'),
  },
  guards: {
    /** §5 Deposit amount: above 0 (and within the bank's limit). */
    isValidAmount: ({ event }) => {
      assertEvent(event, 'form.submit');
      return validateDepositAmount(event.amount) === undefined;
    },
    /** 400, 409, 422: refused for certain, no boleto issued; a new submission is a new attempt. */
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
  },
  actions: {
    /** movement-states.ts: the attempt's id is dropped once nothing can repeat it. */
    dropAttempt: assign({ externalIdentifier: null }),
    keepCallError: keepCallError(),
    /** The issued boleto; the id is done with (another boleto is a new attempt). */
    keepDeposit: assign({
      deposit: ({ event }) => doneOutput<CreateDepositOutput>(event, 'createDeposit'),
      externalIdentifier: null,
    }),
  },
}).createMachine({
  id: 'deposit-boleto',
  initial: 'editing',
  context: ({ input }) => ({
    accountId: input.accountId,
    newId: input.newId,
    amount: '',
    externalIdentifier: null,
    deposit: null,
    error: null,
    pdfFailed: false,
  }),
  states: {
    editing: {
      meta: { spec: SPEC_FORM, label: 'Valor do depósito' },
      initial: 'idle',
      on: {
        'list.open': 'toList',
        'form.submit': {
          guard: 'isValidAmount',
          target: 'generating',
          actions: assign(({ context, event }) => ({
            amount: event.amount,
            externalIdentifier: context.newId(),
            deposit: null,
            error: null,
            pdfFailed: false,
          })),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_FORM, label: 'Digitando o valor' } },
        failed: {
          description: 'describeApiError(error): refused, no boleto; the amount stays',
          meta: { spec: SPEC_ERRORS, label: 'Boleto recusado (erro exibido)' },
        },
      },
    },
    generating: movementCallState({
      description: 'POST /deposit; another Generate is ignored',
      spec: SPEC_CALL,
      label: 'Gerando o boleto',
      tags: ['busy'],
      call: 'createDeposit',
      callInput: ({ context }: { context: DepositBoletoContext }) => ({
        body: buildDeposit(context.accountId, context.amount, context.externalIdentifier ?? ''),
      }),
      onDone: { target: 'generated', actions: 'keepDeposit' },
      refusals: [{ guard: 'isRefusedWithoutMoving', target: 'editing.failed' }],
    }),
    failed: unknownResultState({
      label: 'Falha ao gerar',
      description: 'describeApiError(error); retry sends the same externalIdentifier (one boleto)',
      retryTo: 'generating',
      on: { 'dialog.close': { target: 'editing.idle', actions: 'dropAttempt' } },
    }),
    generated: {
      description: 'the boleto: typeable line, due date, amount, PDF link, go to my boletos',
      meta: { spec: SPEC_DIALOG, label: 'Boleto gerado' },
      tags: ['dialog'],
      on: {
        'pdf.open': { target: 'openingPdf', actions: assign({ pdfFailed: false }) },
        'dialog.close': 'editing.idle',
        'list.open': 'toList',
      },
    },
    openingPdf: {
      description: 'GET /boletopdf/{idDeposit} with the session, opened in a new tab',
      meta: { spec: SPEC_PDF, label: 'Abrindo o PDF do boleto' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'openBoletoPdf',
        src: 'openBoletoPdf',
        input: ({ context }) => ({ idDeposit: context.deposit?.idDeposit ?? 0 }),
        onDone: 'generated',
        onError: { target: 'generated', actions: assign({ pdfFailed: true }) },
      },
    },
    toList: {
      type: 'final',
      meta: { spec: SPEC_LIST, label: 'Meus boletos (/Deposit/Ticket)' },
    },
  },
  output: () => ({ to: '/Deposit/Ticket' as const }),
});
