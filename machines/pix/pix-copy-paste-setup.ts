/**
 * The rules of machines/pix/pix-copy-paste.machine.ts, as its `setup`: what a decoded code fixes
 * (its amount, the cash of a Pix Saque or Troco, the payment it becomes), the calls the flow makes
 * (decodingQrCode, postPixReceive, the security code, the settlement polling), its guards (§5
 * checks of the code and the new value, the bank's answers) and its named actions. The machine's
 * states are drawn from it with `pixCopyPasteSetup.createMachine`.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { catalogueError, thrownBy, UNEXPECTED_ERROR_KEY } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import { parseBrCode, validatePastedBrCode, validatePixNewValue } from '../validators/brcode.ts';
import { centsToDecimal, decimalToCents, parseBrlToCents } from '../validators/money.ts';
import { transactionSignature } from '../validators/transaction-signature.ts';
import { droppedAttempt } from '../transfers/movement-states.ts';
import { securityCodeMachine, type SecurityCodeOutput } from '../transfers/security-code.machine.ts';
import {
  isConfirmationRefused,
  isInsufficientBalance,
  isRefusedWithoutMoving,
} from '../transfers/transfer-rules.ts';
import type {
  DecodePixQrInput,
  DecodePixQrOutput,
  PayPixQrInput,
  PayPixQrOutput,
  PixCopyPasteContext,
  PixCopyPasteEvent,
  PixCopyPasteInput,
  PixCopyPasteOutput,
  PixCopyPasteTag,
} from './pix-copy-paste-shapes.ts';
import { PIX_REDIRECT_MS } from './pix-send-rules.ts';
import { pixSettlementMachine } from './pix-settlement.machine.ts';
import { pixSettlingGuards, settlementOf } from './pix-settling-states.ts';

type Schemas = components['schemas'];

/** The amount the code fixes, in centavos: a charge's final value, else the code's; null for none or zero. */
export function fixedAmountCents(decoded: Schemas['DecodedPixQr']): number | null {
  const q = decoded.qrcode_pix;
  const value = q.cobranca?.valor?.final ?? q.valor;
  if (value === undefined) return null;
  const cents = decimalToCents(value);
  return cents > 0 ? cents : null;
}

/** The cash a Pix Saque or Pix Troco code carries (its `retirada`), in centavos; null for none. */
export function withdrawalCents(decoded: Schemas['DecodedPixQr']): number | null {
  const cash = decoded.qrcode_pix.payload?.valor?.retirada;
  const value = (cash?.saque ?? cash?.troco)?.valor;
  if (value === undefined) return null;
  const cents = decimalToCents(value);
  return cents > 0 ? cents : null;
}

/**
 * The payment of §4 for a decoded code: QRES for a static code, QRDN for a dynamic one (the
 * browser's own reading of the code decides, the bank checks the same), the bank's end-to-end id.
 */
export function buildPayPixQrRequest(
  code: string,
  decoded: DecodePixQrOutput,
  amountCents: number,
  externalIdentifier: string,
): Schemas['PayPixQrRequest'] {
  const endToEndId = decoded.id_fim_a_fim ?? '';
  const parsed = parseBrCode(code);
  const dynamic = parsed.ok ? parsed.value.type === 'dynamic' : decoded.qrcode_pix.tipo === 'DYNAMIC';
  return {
    externalIdentifier,
    emv: code,
    amount: centsToDecimal(amountCents),
    localInstrument: dynamic ? 'QRDN' : 'QRES',
    endToEndId,
  };
}

/** What a new code starts from. */
export const freshCode = {
  codeError: null,
  decoded: null,
  amountCents: null,
  amountError: null,
  request: null,
  signature: null,
  externalIdentifier: null,
  confirmationToken: null,
  securityReason: 'first' as const,
  result: null,
  endToEndId: null,
  settlement: null,
  error: null,
};

export const pixCopyPasteSetup = setup({
  types: {
    context: {} as PixCopyPasteContext,
    events: {} as PixCopyPasteEvent,
    input: {} as PixCopyPasteInput,
    output: {} as PixCopyPasteOutput,
    tags: {} as PixCopyPasteTag,
  },
  actors: {
    decodePixQrCode: mustProvide<DecodePixQrOutput, DecodePixQrInput>('decodePixQrCode'),
    payPixQrCode: mustProvide<PayPixQrOutput, PayPixQrInput>('payPixQrCode'),
    securityCode: securityCodeMachine,
    pixSettlement: pixSettlementMachine,
  },
  guards: {
    /** §5 Pasted code and the BR Code's own rules (CRC included): else no call is made. */
    isValidCode: ({ event }) => {
      assertEvent(event, 'code.submit');
      return validatePastedBrCode(event.code) === undefined;
    },
    /**
     * The decoding gave no end-to-end id: the payment is sent with the bank's id (§3 id_fim_a_fim),
     * never one the portal makes up, so an answer without it cannot be paid (an unexpected answer).
     */
    isWithoutEndToEndId: ({ event }) =>
      doneOutput<DecodePixQrOutput>(event, 'decodePixQrCode').id_fim_a_fim === undefined,
    /** §2: the code carries a withdrawal (cash-out) value: the separate dialog. */
    isWithdrawalCode: ({ event }) =>
      withdrawalCents(doneOutput<DecodePixQrOutput>(event, 'decodePixQrCode')) !== null,
    /** §2: the amount is zero or absent: the new-value input. */
    needsValue: ({ event }) =>
      fixedAmountCents(doneOutput<DecodePixQrOutput>(event, 'decodePixQrCode')) === null,
    /** §5: the new value is above zero (and an amount of at most 13 characters). */
    isValidValue: ({ event }) => {
      assertEvent(event, 'amount.submit');
      return validatePixNewValue(event.amount) === undefined;
    },
    /** The bank answered `success: false`: nothing was paid. */
    isPaymentDeclined: ({ event }) => doneOutput<PayPixQrOutput>(event, 'payPixQrCode').success === false,
    isConfirmationRefused: ({ event }) => isConfirmationRefused(thrownBy(event)),
    isInsufficientBalance: ({ event }) => isInsufficientBalance(thrownBy(event)),
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
    ...pixSettlingGuards,
  },
  actions: {
    /** A new code: what the last one left is forgotten. */
    takeCode: assign(({ event }) => {
      assertEvent(event, 'code.submit');
      return { ...freshCode, code: event.code.trim() };
    }),
    refuseCode: assign(({ event }) => {
      assertEvent(event, 'code.submit');
      return { ...freshCode, code: event.code.trim(), codeError: validatePastedBrCode(event.code) ?? null };
    }),
    keepDecoded: assign({ decoded: ({ event }) => doneOutput<DecodePixQrOutput>(event, 'decodePixQrCode') }),
    /** The code fixes the amount: that is what is paid. */
    keepFixedAmount: assign(({ event }) => ({
      amountCents: fixedAmountCents(doneOutput<DecodePixQrOutput>(event, 'decodePixQrCode')),
    })),
    takeValue: assign(({ event }) => {
      assertEvent(event, 'amount.submit');
      return { amountCents: parseBrlToCents(event.amount) ?? null, amountError: null };
    }),
    refuseValue: assign(({ event }) => {
      assertEvent(event, 'amount.submit');
      return { amountError: validatePixNewValue(event.amount) ?? null };
    }),
    /** Entering confirmation: the attempt (id, body, signature) is fixed for every retry. */
    prepareAttempt: assign(({ context }) => {
      const externalIdentifier = context.externalIdentifier ?? context.newId();
      const decoded = context.decoded as DecodePixQrOutput;
      const request = buildPayPixQrRequest(
        context.code,
        decoded,
        context.amountCents ?? 0,
        externalIdentifier,
      );
      return {
        externalIdentifier,
        request,
        signature: transactionSignature({ kind: 'pix-qr', sourceAccountId: context.accountId, request }),
        securityReason: 'first' as const,
      };
    }),
    /** movement-states.ts: the attempt is dropped when nothing moved; the code stays in the field. */
    dropAttempt: assign(droppedAttempt(['request', 'decoded', 'amountCents', 'confirmationToken'])),
    keepConfirmationToken: assign({
      confirmationToken: ({ event }) =>
        doneOutput<SecurityCodeOutput>(event, 'securityCode').confirmationToken,
    }),
    askCodeAgain: assign({ confirmationToken: null, securityReason: 'refused' as const }),
    keepCallError: keepCallError(),
    keepUnexpectedAnswer: assign({ error: () => catalogueError(UNEXPECTED_ERROR_KEY) }),
    /** The bank took the payment: its end-to-end id is polled; the attempt is done with. */
    keepAccepted: assign(({ context, event }) => {
      const result = doneOutput<PayPixQrOutput>(event, 'payPixQrCode');
      return {
        result,
        endToEndId: result.endToEndId ?? context.request?.endToEndId ?? null,
        error: null,
      };
    }),
    /** `success: false`: nothing was paid; said with the bank's message (or the generic one). */
    keepDeclined: assign(({ event }) => {
      const result = doneOutput<PayPixQrOutput>(event, 'payPixQrCode');
      const error = catalogueError('PIX.PIX_COPY_PASTE.ERROR');
      return {
        result,
        error: result.message
          ? { ...error, serverMessage: result.message, display: 'server' as const }
          : error,
      };
    }),
    keepSettlement: assign({ settlement: ({ event }) => settlementOf(event) }),
  },
  delays: {
    /** §4/§9: back to /Pix 1.8 s after a rejection. */
    redirect: PIX_REDIRECT_MS,
  },
});
