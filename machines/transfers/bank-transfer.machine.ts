/**
 * Transfer to a bank account, TED (/TransferToBank; 2-money-movement.md §2 Bank transfer (TED),
 * §3, §4 Transfer, §5 Name, Document, Bank transfer fields, Currency input, Nickname, §7 POST
 * /account/{accountId}/withdraw and POST /Recipients, §8, §9; issue 13).
 *
 * Form (valid only when every field is; a saved recipient may fill it, in the view) → the
 * confirmation dialog ('cannot be cancelled after confirmation'), where the externalIdentifier is
 * fixed → the security code (the child machine security-code, with the withdrawal's S-Transaction
 * signature) → the withdrawal with the token in S-Confirmation → the success dialog with the
 * receipt, the offer to save the recipient under its default nickname, and Finish → /Statement.
 * `success: false` → home after 1.8 s (the named delay `redirect`). A refusal that moved nothing
 * (422/409: balance, field, signature) returns to the form with its reason and a new attempt; an
 * unknown result (no answer, 5xx) is retried with the same externalIdentifier; a refused token
 * (403 SECURITY 50) asks the code again. Leaving is a final state's output: the view navigates.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { bankNameByCode } from '../data/bank-names.ts';
import { mustProvide } from '../kernel/actors.ts';
import { doneOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { centsToDecimal, parseBrlToCents } from '../validators/money.ts';
import { defaultNickname, validateNickname } from '../validators/recipient.ts';
import { normalizeTaxId } from '../validators/tax-id.ts';
import {
  isTedFormValid,
  personTypeOf,
  transactionSignature,
  type TedFormValues,
} from '../validators/transfer.ts';
import {
  confirmingState,
  droppedAttempt,
  finishedState,
  receiptState,
  securedMovementGuards,
  securedMovementStates,
  withdrawMovement,
  type MovementAttemptContext,
  type SecuredMovementEvent,
} from './movement-states.ts';
import { securityCodeMachine, type SecurityCodeOutput } from './security-code.machine.ts';
import { SPEC_ERRORS } from './transfer-rules.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';

type Schemas = components['schemas'];

export type { TedFormValues } from '../validators/transfer.ts';

/** POST /account/{accountId}/withdraw with S-Transaction and S-Confirmation. */
export interface CreateWithdrawalInput {
  accountId: string;
  body: Schemas['WithdrawRequest'];
  transactionSignature: string;
  confirmationToken: string;
}
export type CreateWithdrawalOutput = Schemas['WithdrawResult'];

/** POST /Recipients. */
export interface CreateRecipientInput {
  body: Schemas['RecipientInput'];
}
export type CreateRecipientOutput = Schemas['Recipient'];

export interface BankTransferInput {
  accountId: string;
  /** The holder's mobile phone, sent as `phoneNumber` (§7). */
  phoneNumber?: string;
  /** Makes the externalIdentifier when the flow enters confirmation (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

/** With the attempt that movement-states.ts reads and writes (`MovementAttemptContext`). */
export interface BankTransferContext extends MovementAttemptContext {
  phoneNumber: string | null;
  newId: IdGenerator;
  /** The last valid form submitted: the form opens with it again after a failure. */
  form: TedFormValues | null;
  /** The withdrawal as it is sent (built when the flow enters confirmation). */
  request: Schemas['WithdrawRequest'] | null;
  /** Fixed when the flow enters confirmation, reused by every retry, dropped when nothing moved. */
  externalIdentifier: string | null;
  result: CreateWithdrawalOutput | null;
  /** The nickname the holder chose to save the recipient under. */
  nickname: string | null;
  /** The saved recipient, once saved from the success dialog. */
  savedRecipient: CreateRecipientOutput | null;
  /** Where the flow sends the holder when it ends. */
  leaveTo: '/Statement' | 'home';
}

export type BankTransferEvent =
  | SecuredMovementEvent
  | { type: 'form.submit'; values: TedFormValues }
  | { type: 'recipient.save'; nickname: string }
  | { type: 'finish' };

export type BankTransferTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface BankTransferOutput {
  to: '/Statement' | 'home';
}

const SPEC_FORM =
  '2-money-movement.md §2 Bank transfer (TED); §5 Name, Document, Bank transfer fields, Currency input';
const SPEC_CALL = '2-money-movement.md §7 POST /account/{accountId}/withdraw (bankTransfer)';
const SPEC_DONE = '2-money-movement.md §2 success dialog with the receipt; §4 Finish to /Statement';
const SPEC_REJECTED = '2-money-movement.md §2, §8 (success=false: home after 1.8 s)';
const SPEC_SAVE = '2-money-movement.md §2 (offer to save the recipient); §5 Nickname; §7 POST /Recipients';

/** The bank's name for the body and the nickname ('' when the code is not on the list). */
const bankNameOf = (code: string): string => bankNameByCode(code) ?? '';

/** The withdrawal of §7 for a TED form. */
export function buildTedRequest(
  form: TedFormValues,
  externalIdentifier: string,
  phoneNumber: string | null,
): Schemas['WithdrawRequest'] {
  const amount = centsToDecimal(parseBrlToCents(form.amount) ?? 0);
  const taxId = normalizeTaxId(form.document);
  const request: Schemas['WithdrawRequest'] = {
    payments: [],
    withdraw: {
      currency: 'BRL',
      externalIdentifier,
      totalAmount: amount,
      withdrawInfo: {
        withdrawType: 'BankTransfer',
        bankTransfer: {
          accountDestination: `${form.account}-${form.digit}`,
          accountTypeDestination: form.accountType === 'POUPANCA' ? 'poupanca' : 'cc',
          bankDestination: form.bankCode,
          bankDestinationName: bankNameOf(form.bankCode),
          branchDestination: form.branch,
          name: form.name.trim().replace(/\s+/gu, ' '),
          taxIdentifier: { country: 'BRA', taxId },
          personType: personTypeOf(taxId),
          transferMethod: 'TED',
        },
      },
    },
  };
  if (phoneNumber) request.phoneNumber = phoneNumber;
  return request;
}

/** The recipient the success dialog offers to save, with the §5 default nickname. */
export function recipientOfTed(
  accountId: string,
  form: TedFormValues,
  nickname: string,
): Schemas['RecipientInput'] {
  return {
    userAccountId: accountId,
    recipientType: 'BankTransfer',
    nickname: nickname.trim(),
    name: form.name.trim().replace(/\s+/gu, ' '),
    cpfCnpj: normalizeTaxId(form.document),
    bankCode: form.bankCode,
    bankName: bankNameOf(form.bankCode),
    branchCode: form.branch,
    accountType: form.accountType === 'POUPANCA' ? 'POUPANCA' : 'CC',
    accountNumber: form.account,
    accountNumberDigit: form.digit,
  };
}

/** The default nickname offered for the form's recipient: 'name - bank', under 50 characters. */
export const defaultNicknameOf = (form: TedFormValues): string =>
  defaultNickname(form.name, bankNameOf(form.bankCode));

export const bankTransferMachine = setup({
  types: {
    context: {} as BankTransferContext,
    events: {} as BankTransferEvent,
    input: {} as BankTransferInput,
    output: {} as BankTransferOutput,
    tags: {} as BankTransferTag,
  },
  actors: {
    createWithdrawal: mustProvide<CreateWithdrawalOutput, CreateWithdrawalInput>('createWithdrawal'),
    createRecipient: mustProvide<CreateRecipientOutput, CreateRecipientInput>('createRecipient'),
    securityCode: securityCodeMachine,
  },
  guards: {
    /** §2: every field valid (the Transfer button is disabled otherwise). */
    isValidForm: ({ event }) => {
      assertEvent(event, 'form.submit');
      return isTedFormValid(event.values);
    },
    /** §2, §8: the bank answered `success: false`: the transfer was not made. */
    isTransferRejected: ({ event }) =>
      doneOutput<CreateWithdrawalOutput>(event, 'createWithdrawal').success === false,
    /** §5 Nickname: required, at most 50 characters. */
    isValidNickname: ({ event }) => {
      assertEvent(event, 'recipient.save');
      return validateNickname(event.nickname) === undefined;
    },
    ...securedMovementGuards,
  },
  actions: {
    /** movement-states.ts: the attempt (id, body, signature) is dropped when nothing moved. */
    dropAttempt: assign(droppedAttempt(['request'])),
    keepConfirmationToken: assign({
      confirmationToken: ({ event }) =>
        doneOutput<SecurityCodeOutput>(event, 'securityCode').confirmationToken,
    }),
    askCodeAgain: assign({ confirmationToken: null, securityReason: 'refused' as const }),
    keepCallError: keepCallError(),
    /** The bank's answer; the id is done with (a new transfer is a new attempt). */
    keepResult: assign({
      result: ({ event }) => doneOutput<CreateWithdrawalOutput>(event, 'createWithdrawal'),
      externalIdentifier: null,
    }),
    clearCallError: clearCallError(),
  },
  delays: {
    /** §2: home 1.8 s after `success: false`. */
    redirect: 1800,
  },
}).createMachine({
  id: 'bank-transfer',
  initial: 'editing',
  context: ({ input }) => ({
    accountId: input.accountId,
    phoneNumber: input.phoneNumber ?? null,
    newId: input.newId,
    form: null,
    request: null,
    signature: null,
    externalIdentifier: null,
    confirmationToken: null,
    securityReason: 'first',
    result: null,
    nickname: null,
    savedRecipient: null,
    leaveTo: '/Statement',
    error: null,
  }),
  states: {
    editing: {
      meta: { spec: SPEC_FORM, label: 'Formulário da TED' },
      initial: 'idle',
      on: {
        'form.submit': {
          guard: 'isValidForm',
          target: 'confirming',
          actions: assign(({ context, event }) => {
            const externalIdentifier = context.externalIdentifier ?? context.newId();
            const request = buildTedRequest(event.values, externalIdentifier, context.phoneNumber);
            return {
              form: { ...event.values },
              externalIdentifier,
              request,
              signature: transactionSignature({
                kind: 'withdraw',
                sourceAccountId: context.accountId,
                withdraw: request.withdraw,
              }),
              securityReason: 'first' as const,
              error: null,
            };
          }),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_FORM, label: 'Preenchendo o formulário' } },
        insufficientBalance: {
          description: 'ERRORS.API.16: nothing moved; the values stay in the form',
          meta: { spec: `${SPEC_ERRORS} (ERRORS.API.16)`, label: 'Saldo insuficiente' },
        },
        failed: {
          description: 'describeApiError(error): nothing moved; the values stay in the form',
          meta: { spec: SPEC_ERRORS, label: 'Transferência recusada (erro exibido, valores mantidos)' },
        },
      },
    },
    confirming: confirmingState(),
    ...securedMovementStates({
      call: 'createWithdrawal',
      submittingLabel: 'Enviando a TED',
      submittingSpec: SPEC_CALL,
      submittingDescription: 'POST /account/{accountId}/withdraw with S-Transaction and S-Confirmation',
      callInput: ({ context }: { context: BankTransferContext }) => ({
        accountId: context.accountId,
        body: context.request as Schemas['WithdrawRequest'],
        transactionSignature: context.signature ?? '',
        confirmationToken: context.confirmationToken ?? '',
      }),
      movement: ({ context }: { context: BankTransferContext }) =>
        withdrawMovement(context.request as Schemas['WithdrawRequest']),
      onDone: [
        { guard: 'isTransferRejected', target: 'rejected', actions: 'keepResult' },
        { target: 'done', actions: ['keepResult', 'clearCallError'] },
      ],
    }),
    rejected: {
      description: 'TRANSFERS.TED.NOT_DONE, then home after the named delay redirect (1.8 s)',
      meta: { spec: SPEC_REJECTED, label: 'TED não realizada: volta ao início em 1,8 s' },
      tags: ['dialog'],
      after: { redirect: { target: 'finished', actions: assign({ leaveTo: 'home' as const }) } },
    },
    done: receiptState({
      label: 'TED realizada: comprovante',
      spec: SPEC_DONE,
      dialog: true,
      rest: {
        initial: 'offer',
        states: {
          offer: {
            meta: { spec: SPEC_SAVE, label: 'Oferece salvar o favorecido' },
            on: {
              'recipient.save': {
                guard: 'isValidNickname',
                target: 'saving',
                actions: assign({ nickname: ({ event }) => event.nickname.trim(), error: null }),
              },
            },
          },
          saving: {
            description: 'POST /Recipients (BankTransfer, default nickname)',
            meta: { spec: SPEC_SAVE, label: 'Salvando o favorecido' },
            tags: ['busy'],
            invoke: {
              id: 'createRecipient',
              src: 'createRecipient',
              input: ({ context }) => ({
                body: recipientOfTed(
                  context.accountId,
                  context.form as TedFormValues,
                  context.nickname ?? '',
                ),
              }),
              onDone: {
                target: 'saved',
                actions: assign({ savedRecipient: ({ event }) => event.output }),
              },
              onError: { target: 'offer', actions: 'keepCallError' },
            },
          },
          saved: {
            description: "TRANSFERS.RECIPIENT_SAVED ('Favorecido salvo com sucesso')",
            meta: { spec: `${SPEC_SAVE}; §8 recipient saved`, label: 'Favorecido salvo' },
          },
        },
      },
    }),
    finished: finishedState({
      spec: '2-money-movement.md §2 Finish → /Statement; success=false → home',
      label: 'Sai do fluxo (extrato, ou início se não realizada)',
    }),
  },
  output: ({ context }) => ({ to: context.leaveTo }),
});
