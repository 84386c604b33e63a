/**
 * Send by key (/PixKey; 3-pix-part-one.md §2 Send by key, §4 Payment result and the internal path,
 * §5, §7 GetLink / withdraw / internal-pix / checkTransaction, §8, §9; issue 16):
 *
 * 1. `keyType`: pick phone, CPF, CNPJ, e-mail or random key;
 * 2. `keyValue`: type the key (its format rule); Next looks it up (`lookingUp`, GetLink):
 *    404 → 'Chave informada inválida ou não encontrada. Verifique!', any other failure → 'Erro ao
 *    buscar a chave Pix'; Previous goes back to step 1;
 * 3. `amount`: the balance with its date (the view's read), the amount (≤ 13 characters, above
 *    zero) and the description (≤ 140); Previous goes back to step 2;
 * 4. `confirming`: the full-screen confirmation of §2. The attempt's externalIdentifier and ids
 *    (message id, end-to-end id) are fixed on entering it and reused by every retry. Entered with a
 *    saved recipient and with scheduling on, it also offers save-to-favourites with a nickname
 *    (PIX_ERROR_NICKNAME blocks confirming while it is empty) and a schedule date (not before
 *    today) for a payment that is not internal;
 * 5. `securityCode` (the security-code child: the bank asks it for every Pix, docs/JOURNAL.md "Pix
 *    send"), then `sending`: the key's participant is this bank's ISPB → createInternalPix ('Transação
 *    realizada com sucesso!' at once); otherwise createWithdrawal with the pacs.008 (DICT), then the
 *    polling of pix-settling-states.ts (500 ms up to 52 s). A scheduled answer
 *    (idPixPaymentSchedule) shows PIX.PIX_KEY.SCHEDULING and goes home after 1.8 s.
 *
 * The bank's refusals that moved nothing for certain (400, 409, 422: PIXSEND 81–90 night cap and
 * device caps, balance, fields) return to step 3 with their catalogue text and everything typed
 * kept; the next Next is a new attempt. No answer or 5xx → `failed`, whose `retry` sends the same
 * body, id and token (the bank answers a repeat with its first answer). 403 SECURITY 50 asks the
 * code again. A rejected Pix may be corrected (`result.correct`, issue 32): back to the key or to
 * the amount, as the SPI's reason points (pix-settling-states.ts withCorrection), all typed kept.
 *
 * Entered with a saved recipient (/PixKey?recipient={id}: the page sends `recipient.open` on
 * arrival), the recipient is read (getRecipient), its key looked up at once and the wizard opens
 * at step 3.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { hasStatus, thrownBy, type CallError } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput, finalOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { dictKeyTypeOf } from '../validators/pix-key.ts';
import {
  securityCodeMachine,
  type SecurityCodeOutput,
  type SecurityCodeReason,
} from '../transfers/security-code.machine.ts';
import { isConfirmationRefused, isRefusedWithoutMoving } from '../transfers/transfer-rules.ts';
import type {
  InternalPixInput,
  InternalPixOutput,
  LookupPixKeyInput,
  LookupPixKeyOutput,
  PixWithdrawalInput,
  PixWithdrawalOutput,
} from './pix-send-calls.ts';
import {
  isSendKey,
  pixAmountOf,
  toSendKey,
  validatePixAmount,
  validatePixDescription,
  validateSaveNickname,
  validateScheduleDate,
} from './pix-send-key-rules.ts';
import { confirmedMovementOf, isInternalEntry, requestOf } from './pix-send-key-request.ts';
import { paymentIds, PIX_REDIRECT_MS, PIX_SEND_SPEC } from './pix-send-rules.ts';
import { pixSettlementMachine, type PixSettlementOutput } from './pix-settlement.machine.ts';
import {
  pixCorrectionGuards,
  pixSettlingGuards,
  pixSettlingStates,
  settledAtOnce,
  settlementOf,
  withCorrection,
} from './pix-settling-states.ts';

type Schemas = components['schemas'];
type DictKeyType = Schemas['DictKeyType'];

/** GET /recipients/{idRecipient}. */
export interface GetRecipientInput {
  idRecipient: number;
}
export type GetRecipientOutput = Schemas['Recipient'];

/** The payer: the session's account and client (the debtor of the pacs.008). */
export interface PixPayer {
  name: string;
  taxId: string;
  branch: string;
  accountNumber: string;
  accountType: Schemas['PixAccountType'];
}

export interface PixSendKeyInput {
  accountId: string;
  payer: PixPayer;
  /** This bank's ISPB (config serviceProviderId): a key held here takes the internal path. */
  ispb: string;
  /** Today in São Paulo (YYYY-MM-DD): the earliest schedule date. */
  today: string;
  /** The moment the ids are written with (the end-to-end id's UTC minute). */
  now: () => Date;
  newId: IdGenerator;
  /** enabledPixSchedule. */
  scheduleEnabled: boolean;
  /** The holder's mobile phone (sent as phoneNumber). */
  phoneNumber?: string;
}

export type PixSendKeyOutput = { to: '/Statement' } | { to: '/' };

/** The payment as the confirmation shows it and the bodies carry it. */
export interface PixSendKeyPayment {
  amount: number;
  description: string;
}

export interface PixSendKeyContext {
  accountId: string;
  payer: PixPayer;
  ispb: string;
  today: string;
  now: () => Date;
  newId: IdGenerator;
  scheduleEnabled: boolean;
  recipientId: number | null;
  phoneNumber: string | null;
  keyType: DictKeyType | null;
  key: string | null;
  entry: Schemas['DictEntry'] | null;
  payment: PixSendKeyPayment | null;
  /** The saved recipient's nickname offer and the schedule date chosen on confirming. */
  saveNickname: string | null;
  scheduleDate: string | null;
  externalIdentifier: string | null;
  msgId: string | null;
  endToEndId: string | null;
  /** When the ids were written (the pacs.008's creationDateTime). */
  idsAt: string | null;
  signature: string | null;
  request:
    | { kind: 'internal'; body: Schemas['InternalPixRequest'] }
    | { kind: 'interbank'; body: Schemas['WithdrawRequest'] }
    | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  error: CallError | null;
  settlement: PixSettlementOutput | null;
  scheduleId: number | null;
}

export type PixSendKeyEvent =
  | { type: 'recipient.open'; idRecipient: number }
  | { type: 'keyType.select'; keyType: DictKeyType }
  | { type: 'key.submit'; value: string }
  | { type: 'wizard.previous' }
  | { type: 'payment.submit'; amount: string; description: string }
  | { type: 'confirm.accept'; save: boolean; nickname: string; scheduleDate: string }
  | { type: 'confirm.cancel' }
  | { type: 'totp.cancel' }
  | { type: 'retry' }
  | { type: 'result.close' }
  | { type: 'result.correct' };

export type PixSendKeyTag = 'busy' | 'dialog';

const SPEC = PIX_SEND_SPEC;
const SPEC_STEP1 = `${SPEC.byKey} step 1 (key type)`;
const SPEC_STEP2 = `${SPEC.byKey} step 2 (key value); §5 key formats`;
const SPEC_STEP3 = `${SPEC.byKey} step 3 (balance, amount, description); §5 Amount, Description`;
const SPEC_LOOKUP = `${SPEC.byKey} (lookup on entering step 3); §7 GET /PixIndiretoDict/GetLink; §8 key not found`;
const SPEC_CONFIRM = `${SPEC.byKey} (full-screen confirmation; favourites and schedule); §5 nickname, schedule date`;
const SPEC_SCHEDULED = `${SPEC.result} (idPixPaymentSchedule: message, home after 1.8 s); §8 PIX.PIX_KEY.SCHEDULING`;

/** Drops the attempt: a new confirmation is a new externalIdentifier and new ids. */
const noAttempt = {
  externalIdentifier: null,
  msgId: null,
  endToEndId: null,
  idsAt: null,
  signature: null,
  request: null,
  confirmationToken: null,
  securityReason: 'first' as SecurityCodeReason,
  saveNickname: null,
  scheduleDate: null,
};

const SETTLING = pixSettlingStates({ cadence: 'key', closeTarget: 'pix-send-key.closed' });

export const pixSendKeyMachine = setup({
  types: {
    context: {} as PixSendKeyContext,
    events: {} as PixSendKeyEvent,
    input: {} as PixSendKeyInput,
    output: {} as PixSendKeyOutput,
    tags: {} as PixSendKeyTag,
  },
  actors: {
    getRecipient: mustProvide<GetRecipientOutput, GetRecipientInput>('getRecipient'),
    lookupPixKey: mustProvide<LookupPixKeyOutput, LookupPixKeyInput>('lookupPixKey'),
    createInternalPix: mustProvide<InternalPixOutput, InternalPixInput>('createInternalPix'),
    createPixWithdrawal: mustProvide<PixWithdrawalOutput, PixWithdrawalInput>('createPixWithdrawal'),
    securityCode: securityCodeMachine,
    pixSettlement: pixSettlementMachine,
  },
  guards: {
    /** The saved recipient carries a key the DICT could hold. */
    isRecipientWithKey: ({ event }) => {
      const key = doneOutput<GetRecipientOutput>(event, 'getRecipient').key ?? '';
      return dictKeyTypeOf(key) !== undefined;
    },
    /** §5: the key typed is valid for the chosen type. */
    isValidKey: ({ context, event }) => {
      assertEvent(event, 'key.submit');
      return context.keyType !== null && isSendKey(context.keyType, event.value);
    },
    /** §8: GetLink answered 404 (not found, not active or malformed). */
    isKeyNotFound: ({ event }) => hasStatus(thrownBy(event), 404),
    /** §5: the amount (≤ 13 characters, above zero) and the description (≤ 140). */
    isValidPayment: ({ event }) => {
      assertEvent(event, 'payment.submit');
      return (
        validatePixAmount(event.amount) === undefined &&
        validatePixDescription(event.description) === undefined
      );
    },
    /** §5: saving ticked needs a nickname; the date may not be before today. */
    isValidConfirmation: ({ context, event }) => {
      assertEvent(event, 'confirm.accept');
      return (
        validateSaveNickname(event.save, event.nickname) === undefined &&
        validateScheduleDate(event.scheduleDate, context.today) === undefined
      );
    },
    /** §4: the key is held at this bank. */
    isInternal: ({ context }) => isInternalEntry(context),
    /** §4: the bank scheduled the payment instead of sending it. */
    isScheduled: ({ event }) =>
      typeof doneOutput<PixWithdrawalOutput>(event, 'createPixWithdrawal').idPixPaymentSchedule === 'number',
    /** The bank accepted the payment but gave no end-to-end id to follow: treat as unknown. */
    hasEndToEndId: ({ event }) =>
      typeof doneOutput<PixWithdrawalOutput>(event, 'createPixWithdrawal').endToEndId === 'string',
    isConfirmationRefused: ({ event }) => isConfirmationRefused(thrownBy(event)),
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
    ...pixSettlingGuards,
    ...pixCorrectionGuards,
  },
  actions: {
    clearCallError: clearCallError(),
    takeRecipient: assign(({ event }) => {
      const r = doneOutput<GetRecipientOutput>(event, 'getRecipient');
      const key = r.key ?? '';
      return { key, keyType: dictKeyTypeOf(key) ?? null, error: null };
    }),
    keepCallError: keepCallError(),
    dropAttempt: assign(noAttempt),
    keepConfirmationToken: assign({
      confirmationToken: ({ event }) =>
        doneOutput<SecurityCodeOutput>(event, 'securityCode').confirmationToken,
    }),
    askCodeAgain: assign({ confirmationToken: null, securityReason: 'refused' as const }),
    keepSettlement: assign({ settlement: ({ event }) => settlementOf(event) }),
    /** Correcting a rejected Pix: its ids and outcome go; the key and payment typed stay. */
    forgetPayment: assign({ ...noAttempt, settlement: null, error: null }),
  },
  delays: {
    /** §9: 1.8 s before going home after a scheduled payment. */
    redirect: PIX_REDIRECT_MS,
  },
}).createMachine({
  id: 'pix-send-key',
  initial: 'keyType',
  context: ({ input }) => ({
    accountId: input.accountId,
    payer: input.payer,
    ispb: input.ispb,
    today: input.today,
    now: input.now,
    newId: input.newId,
    scheduleEnabled: input.scheduleEnabled,
    recipientId: null,
    phoneNumber: input.phoneNumber ?? null,
    keyType: null,
    key: null,
    entry: null,
    payment: null,
    error: null,
    settlement: null,
    scheduleId: null,
    ...noAttempt,
  }),
  output: finalOutput<PixSendKeyOutput>,
  states: {
    recipient: {
      description: 'GET /recipients/{idRecipient}',
      meta: { spec: `${SPEC.byKey} (opened from a Pix recipient)`, label: 'Lendo o favorecido salvo' },
      tags: ['busy'],
      invoke: {
        id: 'getRecipient',
        src: 'getRecipient',
        input: ({ context }) => ({ idRecipient: context.recipientId ?? 0 }),
        onDone: [
          { guard: 'isRecipientWithKey', target: 'lookingUp', actions: 'takeRecipient' },
          { target: 'keyType.recipientFailed' },
        ],
        onError: { target: 'keyType.recipientFailed', actions: 'keepCallError' },
      },
    },
    keyType: {
      meta: { spec: SPEC_STEP1, label: 'Passo 1: tipo de chave' },
      initial: 'idle',
      on: {
        'keyType.select': {
          target: 'keyValue',
          actions: assign(({ context, event }) => ({
            keyType: event.keyType,
            // Another type: the key typed for the old one no longer applies.
            key: event.keyType === context.keyType ? context.key : null,
            error: null,
          })),
        },
      },
      states: {
        idle: {
          meta: { spec: SPEC_STEP1, label: 'Escolhendo o tipo de chave' },
          on: {
            // /PixKey?recipient={idRecipient}: the page sends it once, on arrival.
            'recipient.open': {
              target: '#pix-send-key.recipient',
              actions: assign(({ event }) => ({ recipientId: event.idRecipient, error: null })),
            },
          },
        },
        recipientFailed: {
          description: 'the saved recipient could not be read: the key is typed instead',
          meta: {
            spec: `${SPEC.byKey}; ${SPEC.errors}`,
            label: 'Favorecido não encontrado: digitar a chave',
          },
        },
      },
    },
    keyValue: {
      meta: { spec: SPEC_STEP2, label: 'Passo 2: valor da chave' },
      initial: 'idle',
      on: {
        'key.submit': {
          guard: 'isValidKey',
          target: 'lookingUp',
          actions: assign(({ context, event }) => ({
            key: toSendKey(context.keyType ?? 'EVP', event.value),
            error: null,
          })),
        },
        'wizard.previous': { target: 'keyType.idle', actions: 'clearCallError' },
      },
      states: {
        idle: { meta: { spec: SPEC_STEP2, label: 'Digitando a chave' } },
        notFound: {
          description: "PIX.PIX_KEY.NOT_FOUND: 'Chave informada inválida ou não encontrada. Verifique!'",
          meta: { spec: SPEC_LOOKUP, label: 'Chave não encontrada' },
        },
        lookupFailed: {
          description: "PIX.PIX_KEY.LOOKUP_ERROR: 'Erro ao buscar a chave Pix'",
          meta: { spec: SPEC_LOOKUP, label: 'Erro ao buscar a chave Pix' },
        },
      },
    },
    lookingUp: {
      description: 'GET /PixIndiretoDict/GetLink?keyId&payerId&includeStatistics=false',
      meta: { spec: SPEC_LOOKUP, label: 'Consultando a chave' },
      tags: ['busy'],
      invoke: {
        id: 'lookupPixKey',
        src: 'lookupPixKey',
        input: ({ context }) => ({ key: context.key ?? '', payerId: context.payer.taxId }),
        onDone: {
          target: 'amount',
          actions: assign({
            entry: ({ event }) => event.output.entry,
            keyType: ({ event }) => event.output.entry.key_type,
          }),
        },
        onError: [
          { guard: 'isKeyNotFound', target: 'keyValue.notFound', actions: 'keepCallError' },
          { target: 'keyValue.lookupFailed', actions: 'keepCallError' },
        ],
      },
    },
    amount: {
      meta: { spec: SPEC_STEP3, label: 'Passo 3: saldo, valor e descrição' },
      initial: 'idle',
      on: {
        'payment.submit': {
          guard: 'isValidPayment',
          target: 'confirming',
          actions: assign(({ context, event }) => {
            // The attempt starts here: one externalIdentifier and one set of ids, kept by retries.
            const id = context.newId();
            const at = context.now();
            const ids = paymentIds(context.ispb, at, id);
            return {
              payment: { amount: pixAmountOf(event.amount) ?? 0, description: event.description.trim() },
              externalIdentifier: id,
              msgId: ids.msgId,
              endToEndId: ids.endToEndId,
              idsAt: at.toISOString(),
              error: null,
            };
          }),
        },
        'wizard.previous': { target: 'keyValue.idle', actions: assign({ entry: null, error: null }) },
      },
      states: {
        idle: { meta: { spec: SPEC_STEP3, label: 'Digitando valor e descrição' } },
        refused: {
          description: 'the bank refused and nothing moved (PIXSEND 81–90, balance, fields): its text',
          meta: { spec: `${SPEC.errors}; ${SPEC.limits}`, label: 'Pix recusado pelo banco (nada debitado)' },
        },
      },
    },
    confirming: {
      description:
        'full-screen confirmation: balance, key, type, name, masked document, institution, account, amount, description',
      meta: { spec: SPEC_CONFIRM, label: 'Confirmação do Pix' },
      tags: ['dialog'],
      on: {
        'confirm.accept': {
          guard: 'isValidConfirmation',
          target: 'securityCode',
          actions: assign(({ context, event }) => {
            const saveNickname = context.recipientId !== null && event.save ? event.nickname.trim() : null;
            const scheduleDate =
              context.scheduleEnabled &&
              context.recipientId !== null &&
              !isInternalEntry(context) &&
              event.scheduleDate
                ? event.scheduleDate
                : null;
            return { saveNickname, scheduleDate, ...requestOf(context, { saveNickname, scheduleDate }) };
          }),
        },
        'confirm.cancel': { target: 'amount.idle', actions: 'dropAttempt' },
      },
    },
    securityCode: {
      description: 'the security-code dialog (child machine security-code)',
      meta: { spec: SPEC.security, label: 'Chave de Segurança' },
      tags: ['dialog'],
      invoke: {
        id: 'securityCode',
        src: 'securityCode',
        input: ({ context }) => ({
          accountId: context.accountId,
          transactionSignature: context.signature ?? '',
          movement: confirmedMovementOf(context.request),
          reason: context.securityReason,
        }),
        onDone: { target: 'sending', actions: 'keepConfirmationToken' },
      },
      on: { 'totp.cancel': { target: 'amount.idle', actions: 'dropAttempt' } },
    },
    sending: {
      description: 'internal (participant = this bank) or interbank (pacs.008 DICT)',
      meta: { spec: SPEC.internal, label: 'Enviando o Pix' },
      tags: ['busy', 'dialog'],
      always: [{ guard: 'isInternal', target: 'sendingInternal' }, { target: 'sendingInterbank' }],
    },
    sendingInternal: {
      description: 'POST /account/{accountId}/internal-pix with S-Transaction and S-Confirmation',
      meta: { spec: SPEC.internal, label: 'Enviando o Pix (interno)' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'createInternalPix',
        src: 'createInternalPix',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: (context.request?.body ?? {}) as Schemas['InternalPixRequest'],
          transactionSignature: context.signature ?? '',
          confirmationToken: context.confirmationToken ?? '',
        }),
        onDone: {
          target: 'result.settled',
          actions: assign({
            settlement: ({ event }) => settledAtOnce(event.output),
            externalIdentifier: null,
          }),
        },
        onError: [
          { guard: 'isConfirmationRefused', target: 'securityCode', actions: 'askCodeAgain' },
          {
            guard: 'isRefusedWithoutMoving',
            target: 'amount.refused',
            actions: ['dropAttempt', 'keepCallError'],
          },
          { target: 'failed', actions: 'keepCallError' },
        ],
      },
    },
    sendingInterbank: {
      description: 'POST /account/{accountId}/withdraw (InstantPayment, one pacs.008 DICT)',
      meta: { spec: SPEC.withdraw, label: 'Enviando o Pix (outra instituição)' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'createPixWithdrawal',
        src: 'createPixWithdrawal',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: (context.request?.body ?? {}) as Schemas['WithdrawRequest'],
          transactionSignature: context.signature ?? '',
          confirmationToken: context.confirmationToken ?? '',
        }),
        onDone: [
          {
            guard: 'isScheduled',
            target: 'scheduled',
            actions: assign({ scheduleId: ({ event }) => event.output.idPixPaymentSchedule ?? null }),
          },
          {
            guard: 'hasEndToEndId',
            target: 'settling',
            actions: assign({ endToEndId: ({ event }) => event.output.endToEndId ?? null }),
          },
          // Accepted without an id to follow: the portal cannot learn the outcome; it says so.
          {
            target: 'result.unfinished',
            actions: assign({
              settlement: () => ({
                outcome: 'unfinished' as const,
                transactionId: null,
                status: null,
                reason: null,
              }),
            }),
          },
        ],
        onError: [
          { guard: 'isConfirmationRefused', target: 'securityCode', actions: 'askCodeAgain' },
          {
            guard: 'isRefusedWithoutMoving',
            target: 'amount.refused',
            actions: ['dropAttempt', 'keepCallError'],
          },
          { target: 'failed', actions: 'keepCallError' },
        ],
      },
    },
    failed: {
      description: 'describeApiError(error); retry sends the same externalIdentifier, body and token',
      meta: { spec: `${SPEC.errors} (resultado desconhecido: tentar de novo)`, label: 'Falha no envio' },
      tags: ['dialog'],
      on: { retry: 'sending' },
    },
    settling: SETTLING.settling,
    // Issue 32: AC03 and the like point at the key (step 2, the key typed kept); a time-out or an
    // amount go back to step 3 to send again.
    result: withCorrection(SETTLING.result, {
      recipient: 'pix-send-key.keyValue',
      payment: 'pix-send-key.amount',
    }),
    scheduled: {
      description: 'PIX.PIX_KEY.SCHEDULING, then home after 1.8 s',
      meta: { spec: SPEC_SCHEDULED, label: 'Pix agendado: voltando ao início' },
      tags: ['dialog'],
      after: { redirect: 'home' },
    },
    closed: {
      type: 'final',
      meta: {
        spec: `${SPEC.byKey} (after success only a close button that goes to /Statement)`,
        label: 'Fechar: vai para o extrato',
      },
      output: () => ({ to: '/Statement' as const }),
    },
    home: {
      type: 'final',
      meta: { spec: SPEC_SCHEDULED, label: 'Início' },
      output: () => ({ to: '/' as const }),
    },
  },
});
