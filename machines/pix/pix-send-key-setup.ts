/**
 * The rules of machines/pix/pix-send-key.machine.ts, as its `setup`: the calls it makes
 * (getRecipient, GetLink, internal-pix, withdraw, the security code and the settlement's polling),
 * its guards (§5 checks of the key, the amount and the confirmation; the bank's answers) and its
 * named actions; with the spec references its states cite and the attempt's blank fields. The
 * machine's states are drawn from it with `pixSendKeySetup.createMachine`.
 */
import { assertEvent, assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import { hasStatus, thrownBy } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import { dictKeyTypeOf } from '../validators/pix-key.ts';
import { readPixKeyAs } from '../validators/pix-key-detect.ts';
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
  validatePixAmount,
  validatePixDescription,
  validateSaveNickname,
  validateScheduleDate,
} from './pix-send-key-rules.ts';
import { isInternalEntry } from './pix-send-key-request.ts';
import type {
  GetRecipientInput,
  GetRecipientOutput,
  PixSendKeyContext,
  PixSendKeyEvent,
  PixSendKeyInput,
  PixSendKeyOutput,
  PixSendKeyTag,
} from './pix-send-key-shapes.ts';
import { PIX_REDIRECT_MS, PIX_SEND_SPEC } from './pix-send-rules.ts';
import { pixSettlementMachine } from './pix-settlement.machine.ts';
import { pixCorrectionGuards, pixSettlingGuards, settlementOf } from './pix-settling-states.ts';

export const SPEC = PIX_SEND_SPEC;
export const SPEC_STEP_KEY = `${SPEC.byKey} steps 1–2 (key type told from the key, issue 32); §5 key formats`;
export const SPEC_STEP_AMOUNT = `${SPEC.byKey} step 3 (balance, amount, description); §5 Amount, Description`;
export const SPEC_LOOKUP = `${SPEC.byKey} (lookup on entering step 3); §7 GET /PixIndiretoDict/GetLink; §8 key not found`;
export const SPEC_CONFIRM = `${SPEC.byKey} (full-screen confirmation; favourites and schedule); §5 nickname, schedule date`;
export const SPEC_SCHEDULED = `${SPEC.result} (idPixPaymentSchedule: message, home after 1.8 s); §8 PIX.PIX_KEY.SCHEDULING`;

/** Drops the attempt: a new confirmation is a new externalIdentifier and new ids. */
export const noAttempt = {
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

export const pixSendKeySetup = setup({
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
    /** §5: the key typed is a key of a type told from its characters (issue 32). */
    isValidKey: ({ event }) => {
      assertEvent(event, 'key.submit');
      return readPixKeyAs(event.value, event.keyType ?? null).type !== null;
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
});
