/**
 * Transfer to another company account of the product, found by CNPJ (/TransferToBrinks;
 * 2-money-movement.md §2 Company transfer by CNPJ, §4 Transfer, §5 Currency input and Company
 * transfer CNPJ, §7 GET /contact-users/{cnpj} and POST /payments, §8, §9; issue 13).
 *
 * Form (CNPJ and amount, valid only when both are) → the contact lookup gives the destination
 * (accounts[0]; none: 'Nenhum contato encontrado com esse número de CNPJ') → the confirmation
 * dialog ('cannot be cancelled after confirmation'), where the externalIdentifier is fixed → the
 * security code (the child machine security-code, with the payment's S-Transaction signature) →
 * POST /payments with the token in S-Confirmation → the receipt, and Finish → /Statement (final
 * output). A refusal that moved nothing (422/409: balance, field, signature, destination) returns
 * to the form with the reason and a new attempt; a failure whose result is unknown (no answer,
 * 5xx) is retried with the same externalIdentifier, so the bank applies it at most once; a refused
 * token (403 SECURITY 50) asks the code again. Submitting states ignore another submit.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { doneOutput } from '../kernel/events.ts';
import { hasStatus, thrownBy } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { normalizeCnpj } from '../validators/cnpj.ts';
import { parseBrlToCents, centsToDecimal } from '../validators/money.ts';
import { transactionSignature, validateCompanyAmount, validateCompanyCnpj } from '../validators/transfer.ts';
import {
  confirmingState,
  droppedAttempt,
  finishedState,
  receiptState,
  securedMovementGuards,
  securedMovementStates,
  type MovementAttemptContext,
  type SecuredMovementEvent,
} from './movement-states.ts';
import { securityCodeMachine, type SecurityCodeOutput } from './security-code.machine.ts';
import { SPEC_ERRORS } from './transfer-rules.ts';

type Schemas = components['schemas'];

/** What the company form holds (react-final-form values, as typed). */
export interface CompanyTransferForm {
  cnpj: string;
  amount: string;
}

/** GET /contact-users/{cnpj}?isAddFavored=false. */
export interface LookupContactInput {
  cnpj: string;
}
export type LookupContactOutput = Schemas['ContactLookup'];

/** POST /payments (InternalTransfer) with S-Transaction and S-Confirmation. */
export interface CreatePaymentInput {
  body: Schemas['InternalTransferPayment'];
  transactionSignature: string;
  confirmationToken: string;
}
export type CreatePaymentOutput = Schemas['PaymentResult'];

export interface CompanyTransferInput {
  accountId: string;
  /** Makes the externalIdentifier when the flow enters confirmation (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

/** With the attempt that movement-states.ts reads and writes (`MovementAttemptContext`). */
export interface CompanyTransferContext extends MovementAttemptContext {
  newId: IdGenerator;
  /** The last valid form submitted: the form opens with it again after a failure. */
  form: CompanyTransferForm | null;
  /** The contact found by CNPJ (name and tax id for the confirmation and the receipt). */
  contact: LookupContactOutput | null;
  /** The payment as it is sent (built when the flow enters confirmation). */
  payment: Schemas['InternalTransferPayment'] | null;
  /** Fixed when the flow enters confirmation, reused by every retry, dropped when nothing moved. */
  externalIdentifier: string | null;
  result: CreatePaymentOutput | null;
}

export type CompanyTransferEvent =
  SecuredMovementEvent | { type: 'form.submit'; values: CompanyTransferForm } | { type: 'finish' };

export type CompanyTransferTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface CompanyTransferOutput {
  to: '/Statement';
}

const SPEC_FORM = '2-money-movement.md §2 Company transfer by CNPJ; §5 Company transfer CNPJ, Currency input';
const SPEC_LOOKUP = '2-money-movement.md §7 GET /contact-users/{cnpj}?isAddFavored=false';
const SPEC_NOT_FOUND = "2-money-movement.md §8 ('Nenhum contato encontrado com esse número de CNPJ')";
const SPEC_CALL = '2-money-movement.md §7 POST /payments (InternalTransfer)';
const SPEC_DONE = '2-money-movement.md §2 success dialog with the receipt; §4 Finish to /Statement';

/** The payment of §7 for the form and the contact's first account. */
function buildPayment(
  accountId: string,
  form: CompanyTransferForm,
  destinationAccountId: string,
  externalIdentifier: string,
): Schemas['InternalTransferPayment'] {
  const amount = centsToDecimal(parseBrlToCents(form.amount) ?? 0);
  return {
    currency: 'BRL',
    externalIdentifier,
    paymentInfo: { transactionType: 'InternalTransfer' },
    recipients: [{ account: { accountId: destinationAccountId }, amount, currency: 'BRL', mediatorFee: 0 }],
    sender: { account: { accountId } },
    totalAmount: amount,
  };
}

/** Every field of the form is valid (the Transfer button is enabled only then). */
export function isCompanyFormValid(form: CompanyTransferForm): boolean {
  return validateCompanyCnpj(form.cnpj) === undefined && validateCompanyAmount(form.amount) === undefined;
}

export const companyTransferMachine = setup({
  types: {
    context: {} as CompanyTransferContext,
    events: {} as CompanyTransferEvent,
    input: {} as CompanyTransferInput,
    output: {} as CompanyTransferOutput,
    tags: {} as CompanyTransferTag,
  },
  actors: {
    lookupContact: mustProvide<LookupContactOutput, LookupContactInput>('lookupContact'),
    createPayment: mustProvide<CreatePaymentOutput, CreatePaymentInput>('createPayment'),
    securityCode: securityCodeMachine,
  },
  guards: {
    /** §5: CNPJ and amount valid (the button is disabled otherwise). */
    isValidForm: ({ event }) => {
      assertEvent(event, 'form.submit');
      return isCompanyFormValid(event.values);
    },
    /** §3 Contact lookup: accounts[0] is the destination; without it there is nowhere to send. */
    hasDestinationAccount: ({ event }) =>
      (doneOutput<LookupContactOutput>(event, 'lookupContact').accounts?.length ?? 0) > 0,
    /** 404: no contact with that CNPJ. */
    isContactNotFound: ({ event }) => hasStatus(thrownBy(event), 404),
    ...securedMovementGuards,
  },
  actions: {
    /** movement-states.ts: the attempt (id, payment, signature) is dropped when nothing moved. */
    dropAttempt: assign(droppedAttempt(['payment'])),
    keepConfirmationToken: assign({
      confirmationToken: ({ event }) =>
        doneOutput<SecurityCodeOutput>(event, 'securityCode').confirmationToken,
    }),
    askCodeAgain: assign({ confirmationToken: null, securityReason: 'refused' as const }),
    keepCallError: keepCallError(),
    /** The bank's answer; the id is done with. */
    keepResult: assign({
      result: ({ event }) => doneOutput<CreatePaymentOutput>(event, 'createPayment'),
      externalIdentifier: null,
      error: null,
    }),
  },
}).createMachine({
  id: 'company-transfer',
  initial: 'editing',
  context: ({ input }) => ({
    accountId: input.accountId,
    newId: input.newId,
    form: null,
    contact: null,
    payment: null,
    signature: null,
    externalIdentifier: null,
    confirmationToken: null,
    securityReason: 'first',
    result: null,
    error: null,
  }),
  states: {
    editing: {
      meta: { spec: SPEC_FORM, label: 'Formulário: CNPJ e valor' },
      initial: 'idle',
      on: {
        'form.submit': {
          guard: 'isValidForm',
          target: 'lookingUp',
          actions: assign({
            form: ({ event }) => ({ cnpj: event.values.cnpj, amount: event.values.amount }),
            error: null,
          }),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_FORM, label: 'Preenchendo o formulário' } },
        notFound: {
          description: 'TRANSFERS.COMPANY.NOT_FOUND',
          meta: { spec: SPEC_NOT_FOUND, label: 'Nenhum contato encontrado com esse número de CNPJ' },
        },
        insufficientBalance: {
          description: 'ERRORS.API.16: nothing moved; the values stay in the form',
          meta: { spec: `${SPEC_ERRORS} (ERRORS.API.16)`, label: 'Saldo insuficiente' },
        },
        failed: {
          description: 'describeApiError(error): nothing moved; the values stay in the form',
          meta: { spec: SPEC_ERRORS, label: 'Falha (erro exibido, valores mantidos)' },
        },
      },
    },
    lookingUp: {
      description: 'GET /contact-users/{cnpj}?isAddFavored=false',
      meta: { spec: SPEC_LOOKUP, label: 'Buscando o contato pelo CNPJ' },
      tags: ['busy'],
      invoke: {
        id: 'lookupContact',
        src: 'lookupContact',
        input: ({ context }) => ({ cnpj: normalizeCnpj(context.form?.cnpj ?? '') }),
        onDone: [
          {
            guard: 'hasDestinationAccount',
            target: 'confirming',
            actions: assign(({ context, event }) => {
              const externalIdentifier = context.externalIdentifier ?? context.newId();
              const destination = event.output.accounts[0]?.accountId ?? '';
              const payment = buildPayment(
                context.accountId,
                context.form as CompanyTransferForm,
                destination,
                externalIdentifier,
              );
              return {
                contact: event.output,
                externalIdentifier,
                payment,
                signature: transactionSignature({ kind: 'payment', payment }),
                securityReason: 'first' as const,
              };
            }),
          },
          { target: 'editing.notFound' },
        ],
        onError: [
          { guard: 'isContactNotFound', target: 'editing.notFound' },
          { target: 'editing.failed', actions: 'keepCallError' },
        ],
      },
    },
    confirming: confirmingState(),
    ...securedMovementStates({
      call: 'createPayment',
      submittingLabel: 'Enviando a transferência',
      submittingSpec: SPEC_CALL,
      submittingDescription: 'POST /payments with S-Transaction and S-Confirmation',
      callInput: ({ context }: { context: CompanyTransferContext }) => ({
        body: context.payment as Schemas['InternalTransferPayment'],
        transactionSignature: context.signature ?? '',
        confirmationToken: context.confirmationToken ?? '',
      }),
      movement: ({ context }: { context: CompanyTransferContext }) => {
        const payment = context.payment as Schemas['InternalTransferPayment'];
        return { amount: payment.totalAmount, externalIdentifier: payment.externalIdentifier };
      },
      onDone: { target: 'done', actions: 'keepResult' },
    }),
    done: receiptState({ label: 'Transferência concluída: comprovante', spec: SPEC_DONE, dialog: true }),
    finished: finishedState(),
  },
  output: () => ({ to: '/Statement' as const }),
});
