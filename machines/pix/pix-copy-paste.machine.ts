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
import { assign } from 'xstate';
import type { components } from '../../openapi/portal';
import { finalOutput } from '../kernel/events.ts';
import { confirmingState, securedMovementStates } from '../transfers/movement-states.ts';
import { freshCode, pixCopyPasteSetup } from './pix-copy-paste-setup.ts';
import type { PixCopyPasteContext, PixCopyPasteOutput } from './pix-copy-paste-shapes.ts';
import { PIX_SEND_SPEC } from './pix-send-rules.ts';
import { pixSettlingStates } from './pix-settling-states.ts';

type Schemas = components['schemas'];

export * from './pix-copy-paste-shapes.ts';
export { buildPayPixQrRequest, fixedAmountCents, withdrawalCents } from './pix-copy-paste-setup.ts';

const SPEC_FORM = `${PIX_SEND_SPEC.copyPaste}; 3-pix-part-one.md §5 Pasted code`;
const SPEC_DECODE = '3-pix-part-one.md §7 POST /PixIndiretoRecebimento/decodingQrCode; §3 Decoded QR data';
const SPEC_VALUE = `${PIX_SEND_SPEC.copyPaste} (new value); §5 Pasted code (VALUE_GREATER_THAN_ZERO)`;
const SPEC_WITHDRAWAL = `${PIX_SEND_SPEC.copyPaste} (codes that carry a withdrawal value)`;
const SPEC_CONFIRM = `${PIX_SEND_SPEC.copyPaste} (confirmation dialog); §4 Copy-and-paste (QRES / QRDN)`;
const SPEC_PAY = '3-pix-part-one.md §7 POST /account/{id}/postPixReceive; §4 Copy-and-paste';

/** The after-submit states every Pix send shares: 1 s / 42 s; a rejection leaves for /Pix after 1.8 s. */
const settlingStates = pixSettlingStates({
  cadence: 'slow',
  closeTarget: 'pix-copy-paste.closed',
  afterRejected: 'pix-copy-paste.backToPix',
});

export const pixCopyPasteMachine = pixCopyPasteSetup.createMachine({
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
