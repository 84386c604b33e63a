/**
 * Pix copy and paste (/PixCopyPaste; 3-pix-part-one.md §2 Copy and paste, §3 Decoded QR data, §4
 * Copy-and-paste and Polling, §5 Pasted code, §7 decodingQrCode, §8, §9; issue 16).
 *
 * The pasted code → the browser's own check (machines/validators/brcode.ts: under 30 characters
 * the short error, a CRC that does not match the altered-code error, any other non-conformance the
 * invalid-code error; none of them makes a call) → POST /PixIndiretoRecebimento/decodingQrCode
 * (decodePixQrCode: the bank parses the code again, resolves a static code's key in the DICT and
 * a dynamic code's charge at its location) → then, by what the code carries:
 *
 * - a withdrawal value (Pix Saque `payload.valor.retirada.saque`, Pix Troco `.troco`; issue 29):
 *   the separate dialog of §2 (recipient, institution, the withdrawal agent, the cash; a Troco's
 *   purchase and change) in place of the confirmation: its accept pays the code's whole value with
 *   the security code as below, within the bank's Saque/Troco caps (PIXCASH 121/122);
 * - an amount of zero or none: the new-value input (VALUE_GREATER_THAN_ZERO);
 * - else, or after the new value: the confirmation (amount, merchant name, institution, masked
 *   document, account type, account, agency, total, description or additional info, identifier).
 *   The attempt is fixed here: the externalIdentifier from `input.newId`, the end-to-end id the
 *   bank gave with the decoded code (`id_fim_a_fim`), QRES for a static code and QRDN for a dynamic
 *   one, the S-Transaction `trunc(amount)|account|endToEndId|crc`;
 *
 * then the security code and POST /account/{id}/postPixReceive (payPixQrCode) in the states every
 * secured movement shares (transfers/movement-states.ts), then the settlement polling of every Pix
 * send (pix-settling-states.ts) every 1 s up to 42 s: ACSC → the receipt and close (/Statement);
 * RJCT → the rejection, back to /Pix after 1.8 s; anything else at the bound → the warning, and
 * its close goes back to /Pix. The machine never navigates: it ends with the route as output.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { catalogueError, type CallError, thrownBy, UNEXPECTED_ERROR_KEY } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput, finalOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { parseBrCode, validatePastedBrCode, validatePixNewValue } from '../validators/brcode.ts';
import { centsToDecimal, decimalToCents, parseBrlToCents } from '../validators/money.ts';
import { transactionSignature } from '../validators/transaction-signature.ts';
import { confirmingState, droppedAttempt, securedMovementStates } from '../transfers/movement-states.ts';
import {
  securityCodeMachine,
  type SecurityCodeOutput,
  type SecurityCodeReason,
} from '../transfers/security-code.machine.ts';
import {
  isConfirmationRefused,
  isInsufficientBalance,
  isRefusedWithoutMoving,
} from '../transfers/transfer-rules.ts';
import type { DecodePixQrInput, DecodePixQrOutput, PayPixQrInput, PayPixQrOutput } from './pix-send-calls.ts';
import { PIX_REDIRECT_MS, PIX_SEND_SPEC } from './pix-send-rules.ts';
import { pixSettlementMachine, type PixSettlementOutput } from './pix-settlement.machine.ts';
import { pixSettlingGuards, pixSettlingStates, settlementOf } from './pix-settling-states.ts';

type Schemas = components['schemas'];

export type { DecodePixQrInput, DecodePixQrOutput, PayPixQrInput, PayPixQrOutput };

export interface PixCopyPasteInput {
  accountId: string;
  /** The holder's tax id (digits): `numero_documento_decodificador` of the decoding (§7). */
  taxId: string;
  /** Makes the externalIdentifier when the flow enters confirmation (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

export interface PixCopyPasteContext {
  accountId: string;
  taxId: string;
  newId: IdGenerator;
  /** The code as last submitted, trimmed (the field shows it again after a failure). */
  code: string;
  /** Why the browser refused the code (a validator message key), null otherwise. */
  codeError: string | null;
  /** The bank's reading of the code (with the end-to-end id the payment is sent with). */
  decoded: DecodePixQrOutput | null;
  /** What is paid, in centavos: the code's amount, or the value typed for a code without one. */
  amountCents: number | null;
  /** Why the typed value was refused (a validator message key). */
  amountError: string | null;
  /** The payment as it is sent (built when the flow enters confirmation). */
  request: Schemas['PayPixQrRequest'] | null;
  signature: string | null;
  /** Fixed on entering confirmation, reused by every retry, dropped when nothing moved. */
  externalIdentifier: string | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  result: PayPixQrOutput | null;
  /** The end-to-end id of the payment the bank accepted (polled by pix-settlement). */
  endToEndId: string | null;
  settlement: PixSettlementOutput | null;
  error: CallError | null;
}

export type PixCopyPasteEvent =
  | { type: 'code.submit'; code: string }
  | { type: 'amount.submit'; amount: string }
  | { type: 'amount.cancel' }
  | { type: 'withdrawal.close' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'totp.cancel' }
  | { type: 'retry' }
  | { type: 'result.close' };

export type PixCopyPasteTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface PixCopyPasteOutput {
  to: '/Statement' | '/Pix';
}

const SPEC_FORM = `${PIX_SEND_SPEC.copyPaste}; 3-pix-part-one.md §5 Pasted code`;
const SPEC_DECODE = '3-pix-part-one.md §7 POST /PixIndiretoRecebimento/decodingQrCode; §3 Decoded QR data';
const SPEC_VALUE = `${PIX_SEND_SPEC.copyPaste} (new value); §5 Pasted code (VALUE_GREATER_THAN_ZERO)`;
const SPEC_WITHDRAWAL = `${PIX_SEND_SPEC.copyPaste} (codes that carry a withdrawal value)`;
const SPEC_CONFIRM = `${PIX_SEND_SPEC.copyPaste} (confirmation dialog); §4 Copy-and-paste (QRES / QRDN)`;
const SPEC_PAY = '3-pix-part-one.md §7 POST /account/{id}/postPixReceive; §4 Copy-and-paste';

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

/** The after-submit states every Pix send shares: 1 s / 42 s; a rejection leaves for /Pix after 1.8 s. */
const settlingStates = pixSettlingStates({
  cadence: 'slow',
  closeTarget: 'pix-copy-paste.closed',
  afterRejected: 'pix-copy-paste.backToPix',
});

/** What a new code starts from. */
const freshCode = {
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

export const pixCopyPasteMachine = setup({
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
}).createMachine({
  id: 'pix-copy-paste',
  initial: 'editing',
  context: ({ input }) => ({
    accountId: input.accountId,
    taxId: input.taxId,
    newId: input.newId,
    code: '',
    ...freshCode,
  }),
  states: {
    editing: {
      meta: { spec: SPEC_FORM, label: 'Cole o código Pix' },
      initial: 'idle',
      on: {
        'code.submit': [
          { guard: 'isValidCode', target: 'decoding', actions: 'takeCode' },
          { target: '.invalidCode', actions: 'refuseCode' },
        ],
      },
      states: {
        idle: { meta: { spec: SPEC_FORM, label: 'Campo do código' } },
        invalidCode: {
          description:
            'PIX.PIX_COPY_PASTE.SHORT (under 30), .ALTERED (CRC) or .INVALID (malformed): no call made',
          meta: {
            spec: `${SPEC_FORM} (short, altered or malformed)`,
            label: 'Código recusado (nenhuma chamada)',
          },
        },
        notDecoded: {
          description:
            'describeApiError(error): PIXSEND 88 (invalid), 84 (key), 89 (charge unknown, expired or paid); an answer without end-to-end id',
          meta: { spec: `${SPEC_DECODE}; ${PIX_SEND_SPEC.errors}`, label: 'Banco não aceita o código' },
        },
        insufficientBalance: {
          description: 'ERRORS.API.16: nothing moved; the code stays in the field',
          meta: { spec: `${PIX_SEND_SPEC.errors} (ERRORS.API.16)`, label: 'Saldo insuficiente' },
        },
        failed: {
          description: "describeApiError(error) or the bank's `success: false` message: nothing moved",
          meta: { spec: PIX_SEND_SPEC.errors, label: 'Pagamento recusado (código mantido)' },
        },
      },
    },
    decoding: {
      description: 'POST /PixIndiretoRecebimento/decodingQrCode {numero_documento_decodificador, qrcode_emv}',
      meta: { spec: SPEC_DECODE, label: 'Lendo o código no banco' },
      tags: ['busy'],
      invoke: {
        id: 'decodePixQrCode',
        src: 'decodePixQrCode',
        input: ({ context }) => ({
          body: { numero_documento_decodificador: context.taxId, qrcode_emv: context.code },
        }),
        onDone: [
          { guard: 'isWithoutEndToEndId', target: 'editing.notDecoded', actions: 'keepUnexpectedAnswer' },
          {
            guard: 'isWithdrawalCode',
            target: 'withdrawal',
            actions: ['keepDecoded', 'keepFixedAmount', 'prepareAttempt'],
          },
          { guard: 'needsValue', target: 'value', actions: 'keepDecoded' },
          { target: 'confirming', actions: ['keepDecoded', 'keepFixedAmount', 'prepareAttempt'] },
        ],
        // A read moved nothing: any failure returns to the field with its reason.
        onError: { target: 'editing.notDecoded', actions: 'keepCallError' },
      },
    },
    value: {
      description: 'The code has no amount (or zero): the payer types the value',
      meta: { spec: SPEC_VALUE, label: 'Informe o valor' },
      tags: ['dialog'],
      initial: 'idle',
      on: {
        'amount.submit': [
          { guard: 'isValidValue', target: 'confirming', actions: ['takeValue', 'prepareAttempt'] },
          { target: '.invalid', actions: 'refuseValue' },
        ],
        'amount.cancel': { target: 'editing.idle', actions: assign({ decoded: null, amountError: null }) },
      },
      states: {
        idle: { meta: { spec: SPEC_VALUE, label: 'Campo do valor' } },
        invalid: {
          description: 'PIX.PIX_COPY_PASTE.VALUE_GREATER_THAN_ZERO (or empty, or over 13 characters)',
          meta: { spec: SPEC_VALUE, label: 'Valor recusado' },
        },
      },
    },
    withdrawal: {
      description: 'Recipient, institution, agent and cash (a Troco: purchase and change); accept pays it',
      meta: { spec: `${SPEC_WITHDRAWAL}; 4-pix-part-two.md §2`, label: 'Código de saque: dados do saque' },
      tags: ['dialog'],
      on: {
        'confirm.accept': 'securityCode',
        'withdrawal.close': { target: 'editing.idle', actions: 'dropAttempt' },
      },
    },
    confirming: confirmingState({
      description:
        'amount, merchant name, institution, masked document, account type, account, agency, total, description or additional info, identifier',
      spec: SPEC_CONFIRM,
      label: 'Confirmação do pagamento',
    }),
    ...securedMovementStates({
      call: 'payPixQrCode',
      submittingLabel: 'Pagando o código Pix',
      submittingSpec: SPEC_PAY,
      submittingDescription:
        'POST /account/{accountId}/postPixReceive (emv, amount, QRES/QRDN, endToEndId) with S-Transaction and S-Confirmation',
      callInput: ({ context }: { context: PixCopyPasteContext }) => ({
        accountId: context.accountId,
        body: context.request as Schemas['PayPixQrRequest'],
        transactionSignature: context.signature ?? '',
        confirmationToken: context.confirmationToken ?? '',
      }),
      movement: ({ context }: { context: PixCopyPasteContext }) => {
        const request = context.request as Schemas['PayPixQrRequest'];
        return { amount: request.amount, externalIdentifier: request.externalIdentifier };
      },
      onDone: [
        { guard: 'isPaymentDeclined', target: 'editing.failed', actions: ['keepDeclined', 'dropAttempt'] },
        { target: 'settling', actions: 'keepAccepted' },
      ],
    }),
    settling: settlingStates.settling,
    result: {
      ...settlingStates.result,
      states: {
        ...settlingStates.result.states,
        // §4: not finished at the bound is a warning, and copy-and-paste goes back to /Pix after it.
        unfinished: {
          ...settlingStates.result.states.unfinished,
          on: { 'result.close': '#pix-copy-paste.backToPix' },
        },
      },
    },
    closed: {
      type: 'final',
      output: () => ({ to: '/Statement' as const }),
      meta: {
        spec: `${PIX_SEND_SPEC.copyPaste}; 3-pix-part-one.md §2 (/Statement after success)`,
        label: 'Fechar: vai para o extrato',
      },
    },
    backToPix: {
      type: 'final',
      output: () => ({ to: '/Pix' as const }),
      meta: {
        spec: '3-pix-part-one.md §4 Copy-and-paste (RJCT: back to Pix after 1.8 s; otherwise a warning and back to Pix)',
        label: 'Volta para o Pix',
      },
    },
  },
  output: finalOutput<PixCopyPasteOutput>,
});
