/**
 * Mobile top-up (/RechargeCell; 2-money-movement.md §2 Mobile top-up, §4 Top-up, §5 Phone, §7,
 * §8, §9; issue 14).
 *
 * The 3-step wizard: the phone ((DD) NNNNN-NNNN) → Next fetches the carriers of its area code
 * (GET /country/BRA/area-code/0{DDD}/operators) → the carrier → Next fetches its value options
 * (GET .../operator/{carrierId}/values; an empty list is 'Nenhum valor encontrado') → the amount →
 * the confirmation dialog, where the externalIdentifier is fixed → POST
 * /client/{holderId}/account/{accountId}/recharge → the success view with the receipt (another
 * top-up, or Finish → /Statement as the machine's output).
 *
 * No security code: the spec asks it for transfers and bill payments only (§1, §6), and the
 * contract declares no S-Confirmation for createRecharge (the bank asks none). The confirmation
 * dialog is the one deliberate step before the money moves.
 *
 * A refusal that moved nothing (400, 409, 422: balance, field rule) returns to the amount step
 * with its reason and a new attempt; a failure whose result is unknown (no answer, 5xx) offers
 * only 'Tentar novamente', with the same externalIdentifier, so the bank tops up at most once.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, thrownBy } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { decimalToCents } from '../validators/money.ts';
import { topupPhoneOf, type TopupPhone } from '../validators/topup.ts';
import { isInsufficientBalance, isRefusedWithoutMoving, SPEC_ERRORS } from '../transfers/transfer-rules.ts';
import {
  finishedState,
  movementCallState,
  movementConfirmingState,
  receiptState,
  unknownResultState,
} from '../transfers/movement-states.ts';

type Schemas = components['schemas'];

export type Carrier = Schemas['Carrier'];
export type TopupValue = Schemas['TopupValue'];

/** GET /country/BRA/area-code/{areaCode}/operators. */
export interface ListCarriersInput {
  areaCode: string;
}
export type ListCarriersOutput = Carrier[];

/** GET /country/BRA/area-code/{areaCode}/operator/{carrierId}/values. */
export interface ListValuesInput {
  areaCode: string;
  carrierId: string;
}
export type ListValuesOutput = TopupValue[];

/** POST /client/{accountHolderId}/account/{accountId}/recharge. */
export interface CreateRechargeInput {
  accountHolderId: string;
  accountId: string;
  body: Schemas['RechargeRequest'];
}
export type CreateRechargeOutput = Schemas['TransactionResult'];

export interface MobileTopUpInput {
  accountHolderId: string;
  accountId: string;
  /** Makes the externalIdentifier when the flow enters confirmation (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

export interface MobileTopUpContext {
  accountHolderId: string;
  accountId: string;
  newId: IdGenerator;
  /** The phone as typed (the wizard reopens step 1 with it). */
  phoneText: string;
  phone: TopupPhone | null;
  carriers: Carrier[];
  carrier: Carrier | null;
  values: TopupValue[];
  value: TopupValue | null;
  /** Fixed when the flow enters confirmation, reused by every retry, dropped when nothing moved. */
  externalIdentifier: string | null;
  result: CreateRechargeOutput | null;
  error: CallError | null;
}

export type MobileTopUpEvent =
  | { type: 'phone.submit'; phone: string }
  | { type: 'carrier.submit'; carrierId: string }
  | { type: 'amount.submit'; amount: number }
  | { type: 'step.back' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'retry' }
  | { type: 'restart' }
  | { type: 'finish' };

export type MobileTopUpTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface MobileTopUpOutput {
  to: '/Statement';
}

const SPEC_PHONE = '2-money-movement.md §2 Mobile top-up (step 1: phone); §5 Phone';
const SPEC_CARRIERS = '2-money-movement.md §7 GET /country/BRA/area-code/{areaCode}/operators';
const SPEC_CARRIER = '2-money-movement.md §2 Mobile top-up (step 2: carrier)';
const SPEC_VALUES =
  '2-money-movement.md §7 GET /country/BRA/area-code/{areaCode}/operator/{carrierId}/values';
const SPEC_AMOUNT =
  "2-money-movement.md §2 Mobile top-up (step 3: amount); §8 'Nenhum valor encontrado' in dropdowns";
const SPEC_CONFIRM = '2-money-movement.md §2 Mobile top-up (confirmation dialog); §4 Top-up';
const SPEC_CALL = '2-money-movement.md §7 POST /client/{holderId}/account/{accountId}/recharge';
const SPEC_DONE = '2-money-movement.md §2 Mobile top-up (success view with the transaction receipt)';

/** The body of §7 for the chosen phone, carrier and value. */
export function buildRecharge(
  phone: TopupPhone,
  carrier: Carrier,
  value: TopupValue,
  externalIdentifier: string,
): Schemas['RechargeRequest'] {
  return {
    areaCode: phone.areaCode,
    externalIdentifier,
    mobilePhone: { country: 'BRA', phoneNumber: phone.phoneNumber },
    carrierId: carrier.carrierId,
    operatorId: carrier.carrierId,
    operatorName: carrier.carrierName,
    paymentType: 'MobilePhone',
    totalAmount: value.amount,
  };
}

export const mobileTopUpMachine = setup({
  types: {
    context: {} as MobileTopUpContext,
    events: {} as MobileTopUpEvent,
    input: {} as MobileTopUpInput,
    output: {} as MobileTopUpOutput,
    tags: {} as MobileTopUpTag,
  },
  actors: {
    listCarriers: mustProvide<ListCarriersOutput, ListCarriersInput>('listCarriers'),
    listValues: mustProvide<ListValuesOutput, ListValuesInput>('listValues'),
    createRecharge: mustProvide<CreateRechargeOutput, CreateRechargeInput>('createRecharge'),
  },
  guards: {
    /** §5 Phone: (DD) NNNNN-NNNN, a DDD of the numbering plan, 9 then 8 digits. */
    isValidPhone: ({ event }) => {
      assertEvent(event, 'phone.submit');
      return topupPhoneOf(event.phone) !== undefined;
    },
    /** Step 2: Next only with one of the carriers the bank listed. */
    isListedCarrier: ({ context, event }) => {
      assertEvent(event, 'carrier.submit');
      return context.carriers.some((c) => c.carrierId === event.carrierId);
    },
    /** Step 3: Confirm only with one of the carrier's value options. */
    isOfferedValue: ({ context, event }) => {
      assertEvent(event, 'amount.submit');
      const cents = decimalToCents(event.amount);
      return context.values.some((v) => decimalToCents(v.amount) === cents);
    },
    /** 422 code 16: not enough balance (ERRORS.API.16); nothing moved. */
    isInsufficientBalance: ({ event }) => isInsufficientBalance(thrownBy(event)),
    /** 400, 409, 422: refused for certain, nothing moved; a new submission is a new attempt. */
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
  },
  actions: {
    clearCallError: clearCallError(),
    /** movement-states.ts: the attempt's id is dropped when nothing moved (a new one next time). */
    dropAttempt: assign({ externalIdentifier: null }),
    keepCallError: keepCallError(),
    /** The bank's answer; the id is done with (another top-up is a new attempt). */
    keepRecharge: assign({
      result: ({ event }) => doneOutput<CreateRechargeOutput>(event, 'createRecharge'),
      externalIdentifier: null,
      error: null,
    }),
  },
}).createMachine({
  id: 'mobile-top-up',
  initial: 'phone',
  context: ({ input }) => ({
    accountHolderId: input.accountHolderId,
    accountId: input.accountId,
    newId: input.newId,
    phoneText: '',
    phone: null,
    carriers: [],
    carrier: null,
    values: [],
    value: null,
    externalIdentifier: null,
    result: null,
    error: null,
  }),
  states: {
    phone: {
      meta: { spec: SPEC_PHONE, label: 'Passo 1: número do celular' },
      initial: 'idle',
      on: {
        'phone.submit': {
          guard: 'isValidPhone',
          target: 'loadingCarriers',
          actions: assign(({ event }) => ({
            phoneText: event.phone,
            phone: topupPhoneOf(event.phone) ?? null,
            carrier: null,
            value: null,
            error: null,
          })),
        },
      },
      states: {
        idle: { meta: { spec: SPEC_PHONE, label: 'Digitando o número' } },
        failed: {
          description: 'describeApiError(error): the carriers could not be fetched; the number stays',
          meta: { spec: SPEC_ERRORS, label: 'Falha ao buscar as operadoras' },
        },
      },
    },
    loadingCarriers: {
      description: 'GET /country/BRA/area-code/0{DDD}/operators',
      meta: { spec: SPEC_CARRIERS, label: 'Buscando as operadoras do DDD' },
      tags: ['busy'],
      invoke: {
        id: 'listCarriers',
        src: 'listCarriers',
        input: ({ context }) => ({ areaCode: context.phone?.areaCode ?? '' }),
        onDone: {
          target: 'carrier',
          actions: assign({ carriers: ({ event }) => event.output }),
        },
        onError: {
          target: 'phone.failed',
          actions: 'keepCallError',
        },
      },
    },
    carrier: {
      description: "an empty list shows 'Nenhum valor encontrado' and keeps Next disabled",
      meta: { spec: SPEC_CARRIER, label: 'Passo 2: operadora' },
      initial: 'idle',
      on: {
        'carrier.submit': {
          guard: 'isListedCarrier',
          target: 'loadingValues',
          actions: assign(({ context, event }) => ({
            carrier: context.carriers.find((c) => c.carrierId === event.carrierId) ?? null,
            value: null,
            error: null,
          })),
        },
        'step.back': { target: 'phone.idle', actions: 'clearCallError' },
      },
      states: {
        idle: { meta: { spec: SPEC_CARRIER, label: 'Escolhendo a operadora' } },
        failed: {
          description: 'describeApiError(error): the value options could not be fetched',
          meta: { spec: SPEC_ERRORS, label: 'Falha ao buscar os valores' },
        },
      },
    },
    loadingValues: {
      description: 'GET /country/BRA/area-code/0{DDD}/operator/{carrierId}/values',
      meta: { spec: SPEC_VALUES, label: 'Buscando os valores da operadora' },
      tags: ['busy'],
      invoke: {
        id: 'listValues',
        src: 'listValues',
        input: ({ context }) => ({
          areaCode: context.phone?.areaCode ?? '',
          carrierId: context.carrier?.carrierId ?? '',
        }),
        onDone: {
          target: 'amount',
          actions: assign({ values: ({ event }) => event.output }),
        },
        onError: {
          target: 'carrier.failed',
          actions: 'keepCallError',
        },
      },
    },
    amount: {
      description: "an empty list shows 'Nenhum valor encontrado' and keeps Next disabled",
      meta: { spec: SPEC_AMOUNT, label: 'Passo 3: valor' },
      initial: 'idle',
      on: {
        'amount.submit': {
          guard: 'isOfferedValue',
          target: 'confirming',
          actions: assign(({ context, event }) => ({
            value:
              context.values.find((v) => decimalToCents(v.amount) === decimalToCents(event.amount)) ?? null,
            externalIdentifier: context.externalIdentifier ?? context.newId(),
            error: null,
          })),
        },
        'step.back': { target: 'carrier.idle', actions: 'clearCallError' },
      },
      states: {
        idle: { meta: { spec: SPEC_AMOUNT, label: 'Escolhendo o valor' } },
        insufficientBalance: {
          description: 'ERRORS.API.16: nothing moved; the choices stay',
          meta: { spec: `${SPEC_ERRORS} (ERRORS.API.16)`, label: 'Saldo insuficiente' },
        },
        failed: {
          description: 'describeApiError(error): refused, nothing moved; the choices stay',
          meta: { spec: SPEC_ERRORS, label: 'Recarga recusada (erro exibido)' },
        },
      },
    },
    confirming: movementConfirmingState({
      description: 'the phone, the carrier and the amount, with Confirm and Cancel',
      spec: SPEC_CONFIRM,
      label: 'Confirmação da recarga',
      callState: 'submitting',
      cancelTo: 'amount.idle',
    }),
    submitting: movementCallState({
      description: 'POST /client/{holderId}/account/{accountId}/recharge; another Confirm is ignored',
      spec: SPEC_CALL,
      label: 'Enviando a recarga',
      tags: ['busy', 'dialog'],
      call: 'createRecharge',
      callInput: ({ context }: { context: MobileTopUpContext }) => ({
        accountHolderId: context.accountHolderId,
        accountId: context.accountId,
        body: buildRecharge(
          context.phone as TopupPhone,
          context.carrier as Carrier,
          context.value as TopupValue,
          context.externalIdentifier ?? '',
        ),
      }),
      onDone: { target: 'done', actions: 'keepRecharge' },
      refusals: [
        { guard: 'isInsufficientBalance', target: 'amount.insufficientBalance' },
        { guard: 'isRefusedWithoutMoving', target: 'amount.failed' },
      ],
    }),
    failed: unknownResultState({ label: 'Falha no envio', retryTo: 'submitting' }),
    done: receiptState({
      label: 'Recarga realizada: comprovante',
      spec: SPEC_DONE,
      description: 'the receipt: phone, carrier, amount, transaction id',
      dialog: false,
      on: {
        restart: {
          target: 'phone.idle',
          actions: assign({
            phoneText: '',
            phone: null,
            carriers: [],
            carrier: null,
            values: [],
            value: null,
            result: null,
          }),
        },
      },
    }),
    finished: finishedState(),
  },
  output: () => ({ to: '/Statement' as const }),
});

/** The phone, carrier and amount of a finished or pending top-up, for the dialog and the receipt. */
export const rechargeCents = (value: TopupValue | null): number => (value ? decimalToCents(value.amount) : 0);
