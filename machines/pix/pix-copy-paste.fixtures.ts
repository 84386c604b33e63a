/**
 * Catalog entry of Pix copy and paste (/PixCopyPaste; 3-pix-part-one.md §2 Copy and paste, §3, §4,
 * §5 Pasted code, §7, §8, §9).
 *
 * One valid code among the events: whether the bank reads an amount, none, or a withdrawal value
 * is the decoding's answer, which the outcomes explore; QRES or QRDN changes the body, not the
 * states (tests/machines/pix-copy-paste.test.ts checks both bodies). The browser's refusals (short,
 * altered) are two events: both outcomes of `isValidCode`, with no call.
 */
import { DEMO, signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import type { SecurityCodeOutput } from '../transfers/security-code.machine.ts';
import { confirmationRefused, insufficientBalance } from '../transfers/transfer-errors.ts';
import { DEMO_USERS } from '../../demo/users.ts';
import {
  pixCopyPasteMachine,
  type PixCopyPasteEvent,
  type PayPixQrOutput,
} from './pix-copy-paste.machine.ts';
import {
  ALTERED_BAKERY_CODE,
  BAKERY_CODE,
  DECODED_END_TO_END_ID,
  DECODED_WITH_AMOUNT,
  DECODED_WITHDRAWAL,
  DECODED_WITHOUT_AMOUNT,
  DECODED_WITHOUT_END_TO_END_ID,
  SHORT_CODE,
} from './pix-copy-paste-sample-data.ts';
import type { PixSettlementOutput } from './pix-settlement.machine.ts';

const ev = (e: PixCopyPasteEvent): PixCopyPasteEvent => e;

/** The bank's PIXSEND refusals (sandbox/http/replies.ts), shaped as the API layer throws them. */
const pixSendRefused = (operation: string, code: 88 | 89) =>
  apiErrorLike({ status: 422, code, group: 'PIXSEND', messageKey: `ERRORS.PIXSEND.${code}`, operation });

const settlement = (o: PixSettlementOutput): PixSettlementOutput => o;

export const pixCopyPasteFlow = defineFlow({
  id: 'pix-copy-paste',
  title: 'Pix: copia e cola',
  route: '/PixCopyPaste',
  entrySteps: signedInSteps('/PixCopyPaste'),
  spec: [
    '3-pix-part-one.md §2 Copy and paste (/PixCopyPaste)',
    '3-pix-part-one.md §3 Entities and their fields (Decoded QR data, Transaction status result)',
    '3-pix-part-one.md §4 States and transitions (Copy-and-paste, Payment result, Polling)',
    '3-pix-part-one.md §5 Validation rules (Pasted code)',
    '3-pix-part-one.md §7 The calls it makes (decodingQrCode, postPixReceive, checkTransaction)',
    '3-pix-part-one.md §8 Error catalogue',
    '3-pix-part-one.md §9 Business constants and limits',
  ],
  machine: pixCopyPasteMachine,
  input: { accountId: DEMO.accountId, taxId: DEMO_USERS.maria.taxId, newId: sequentialIds('ext') },
  events: [
    {
      event: ev({ type: 'code.submit', code: BAKERY_CODE }),
      label: 'Cola o código Pix da padaria e clica em Avançar',
    },
    {
      event: ev({ type: 'code.submit', code: SHORT_CODE }),
      label: 'Cola um código de 29 caracteres e clica em Avançar',
      valid: false,
    },
    {
      event: ev({ type: 'code.submit', code: ALTERED_BAKERY_CODE }),
      label: 'Cola o código da padaria com o último caractere trocado e clica em Avançar',
      valid: false,
    },
    { event: ev({ type: 'amount.submit', amount: '10,00' }), label: 'Digita R$ 10,00 e clica em Avançar' },
    {
      event: ev({ type: 'amount.submit', amount: '0,00' }),
      label: 'Digita R$ 0,00 e clica em Avançar',
      valid: false,
    },
    { event: ev({ type: 'amount.cancel' }), label: 'Clica em Voltar no valor' },
    { event: ev({ type: 'withdrawal.close' }), label: 'Fecha os dados do saque' },
    { event: ev({ type: 'confirm.accept' }), label: 'Clica em Confirmar' },
    { event: ev({ type: 'confirm.cancel' }), label: 'Clica em Cancelar na confirmação' },
    { event: ev({ type: 'totp.cancel' }), label: 'Fecha a Chave de Segurança' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'result.close' }), label: 'Clica em Fechar no resultado' },
  ],
  outcomes: [
    {
      actor: 'decodePixQrCode',
      kind: 'done',
      output: DECODED_WITH_AMOUNT,
      key: 'decodedWithAmount',
      label: 'Banco lê o código: R$ 12,50 para a padaria',
    },
    {
      actor: 'decodePixQrCode',
      kind: 'done',
      output: DECODED_WITHOUT_AMOUNT,
      key: 'decodedWithoutAmount',
      label: 'Banco lê o código: sem valor',
    },
    {
      actor: 'decodePixQrCode',
      kind: 'done',
      output: DECODED_WITHDRAWAL,
      key: 'decodedWithdrawal',
      label: 'Banco lê o código: Pix Saque de R$ 100,00',
    },
    {
      actor: 'decodePixQrCode',
      kind: 'done',
      output: DECODED_WITHOUT_END_TO_END_ID,
      key: 'decodedWithoutEndToEndId',
      label: 'Banco lê o código mas não dá o identificador fim a fim',
    },
    {
      actor: 'decodePixQrCode',
      kind: 'error',
      error: pixSendRefused('decodePixQrCode', 89),
      key: 'chargeClosed',
      label: 'Banco responde: cobrança já paga ou vencida (422 PIXSEND 89)',
    },
    {
      actor: 'securityCode',
      kind: 'done',
      output: { confirmationToken: 'conf-token-0001-abcdef' } satisfies SecurityCodeOutput,
      key: 'codeAccepted',
      label: 'Chave de Segurança aceita (token de confirmação)',
    },
    {
      actor: 'payPixQrCode',
      kind: 'done',
      output: {
        success: true,
        transactionId: 'pix-qr-0001',
        endToEndId: DECODED_END_TO_END_ID,
        message: 'Pagamento enviado.',
      } satisfies PayPixQrOutput,
      key: 'paymentAccepted',
      label: 'Banco aceita o pagamento (end-to-end id para consulta)',
    },
    {
      actor: 'payPixQrCode',
      kind: 'done',
      output: {
        success: false,
        message: 'Pagamento não realizado. Nenhum valor foi debitado.',
      } satisfies PayPixQrOutput,
      key: 'notSuccessful',
      label: 'Banco responde success=false',
    },
    {
      actor: 'payPixQrCode',
      kind: 'error',
      error: confirmationRefused('payPixQrCode'),
      key: 'tokenRefused',
      label: 'Banco recusa o token (403 SECURITY 50)',
    },
    {
      actor: 'payPixQrCode',
      kind: 'error',
      error: insufficientBalance('payPixQrCode'),
      key: 'insufficientBalance',
      label: 'Banco recusa: saldo insuficiente (422 código 16)',
    },
    {
      actor: 'payPixQrCode',
      kind: 'error',
      error: pixSendRefused('payPixQrCode', 89),
      key: 'alreadyPaid',
      label: 'Banco recusa: cobrança já paga (422 PIXSEND 89)',
    },
    {
      actor: 'payPixQrCode',
      kind: 'error',
      error: networkError('payPixQrCode'),
      key: 'noAnswer',
      label: 'Sem resposta ao pagar (resultado desconhecido)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({ outcome: 'settled', transactionId: 'pix-qr-0001', status: 'ACSC', reason: null }),
      key: 'settled',
      label: 'SPI liquida o Pix (ACSC)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({
        outcome: 'rejected',
        transactionId: 'pix-qr-0001',
        status: 'RJCT',
        reason: 'AC03 - Conta inexistente',
      }),
      key: 'rejected',
      label: 'SPI rejeita o Pix (RJCT AC03)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({ outcome: 'unfinished', transactionId: null, status: 'ACSP', reason: null }),
      key: 'unfinished',
      label: 'Sem conclusão em 42 s (ACSP)',
    },
  ],
  timers: [{ delay: 'redirect', label: 'Espera 1,8 s' }],
  // What guards and screens read: the code's refusal, which reading the bank gave, the amount, the
  // attempt, the token and its reason, the error shown and how the payment ended.
  contextKey: (c) => ({
    codeError: c.codeError,
    decoded: c.decoded === null ? null : (c.decoded.qrcode_pix.valor ?? null),
    amount: c.amountCents,
    amountError: c.amountError,
    attempt: c.externalIdentifier !== null,
    token: c.confirmationToken !== null,
    securityReason: c.securityReason,
    accepted: c.endToEndId !== null,
    error: c.error?.messageKey ?? null,
    settlement: c.settlement?.outcome ?? null,
  }),
  // The bank applies a payment once per externalIdentifier: a retry after an unknown result sends
  // the same one; a new code, or giving up at the confirmation or the code, is a new attempt.
  idempotent: [
    {
      actor: 'payPixQrCode',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['code.submit', 'confirm.cancel', 'totp.cancel', 'amount.cancel'],
    },
  ],
  operations: {
    decodePixQrCode: 'decodePixQrCode',
    payPixQrCode: 'payPixQrCode',
    securityCode: 'validateTotp',
    pixSettlement: 'checkPixTransaction',
  },
});
