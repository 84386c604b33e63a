/**
 * Catalog entry of the Pix refund dialog (row action of /PixExtractPage; 4-pix-part-two.md §2, §3,
 * §5 Refund, §8 Refund; 3-pix-part-one.md §5, §7; issue 17).
 *
 * Maria's seeded received Pix from Carlos Souza: R$ 250,00 of which R$ 100,00 were refunded, so
 * R$ 150,00 are left (sandbox/db/seed-statement.ts). One valid value and one above the limit (both
 * outcomes of `isValidValue`); the 'refund value' message (zero, letters) is the same guard's false
 * outcome, played in tests/machines/pix-refund.test.ts rather than as one more browser path.
 */
import { DEMO } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import type { SecurityCodeOutput } from '../transfers/security-code.machine.ts';
import { confirmationRefused, insufficientBalance } from '../transfers/transfer-errors.ts';
import { pixRefundMachine, type PixRefundEvent, type RefundPixOutput } from './pix-refund.machine.ts';
import type { PixSettlementOutput } from './pix-settlement.machine.ts';

const ev = (e: PixRefundEvent): PixRefundEvent => e;
const settlement = (o: PixSettlementOutput): PixSettlementOutput => o;

/** The sample entry: a received Pix with R$ 150,00 left to refund. */
export const REFUND_SAMPLE = {
  transactionId: 'pix-in-carlos-0001',
  refundableCents: 15_000,
  returnId: 'D99999999202611241504abcdefghijk',
  originalEndToEndId: 'E18236120202610151200abcdefghijk',
} as const;

export const pixRefundFlow = defineFlow({
  id: 'pix-refund',
  title: 'Pix: devolução de um Pix recebido',
  // A dialog of /PixExtractPage, reached by the row's refund icon (e2e/bindings/pix-refund.ts).
  route: '/PixExtractPage',
  entrySteps: [
    'Entra como Maria e abre o Extrato Pix (/PixExtractPage)',
    'Clica no ícone de devolução do Pix recebido de Carlos Souza',
  ],
  spec: [
    '4-pix-part-two.md §2 Pix statement (refund dialog)',
    '4-pix-part-two.md §3 Pix refund request / response',
    '4-pix-part-two.md §5 Refund',
    '4-pix-part-two.md §8 Refund',
    '3-pix-part-one.md §5 Statement row actions',
    '3-pix-part-one.md §7 POST /PixPaymentReturn/paymentReturn/{id}; checkTransaction',
  ],
  machine: pixRefundMachine,
  input: {
    accountId: DEMO.accountId,
    transactionId: REFUND_SAMPLE.transactionId,
    refundableCents: REFUND_SAMPLE.refundableCents,
    newId: sequentialIds('ext'),
  },
  events: [
    { event: ev({ type: 'value.submit', value: '50,00' }), label: 'Digita R$ 50,00 e clica em Confirmar' },
    {
      event: ev({ type: 'value.submit', value: '150,01' }),
      label: 'Digita R$ 150,01 (acima do disponível) e clica em Confirmar',
      valid: false,
    },
    { event: ev({ type: 'refund.cancel' }), label: 'Clica em Cancelar' },
    { event: ev({ type: 'totp.cancel' }), label: 'Fecha a Chave de Segurança' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'result.close' }), label: 'Clica em Fechar no resultado' },
  ],
  outcomes: [
    {
      actor: 'securityCode',
      kind: 'done',
      output: { confirmationToken: 'conf-token-0001-abcdef' } satisfies SecurityCodeOutput,
      key: 'codeAccepted',
      label: 'Chave de Segurança aceita (token de confirmação)',
    },
    {
      actor: 'refundPixPayment',
      kind: 'done',
      output: {
        endToEndId: REFUND_SAMPLE.returnId,
        messageIdentify: 'M99999999abcdefghijklmnopqrstuvw',
        isbpReceiver: '18236120',
        endToEndOriginalId: REFUND_SAMPLE.originalEndToEndId,
      } satisfies RefundPixOutput,
      key: 'refundAccepted',
      label: 'Banco aceita a devolução (identificador D… para consulta)',
    },
    {
      actor: 'refundPixPayment',
      kind: 'error',
      error: confirmationRefused('refundPixPayment'),
      key: 'tokenRefused',
      label: 'Banco recusa o token (403 SECURITY 50)',
    },
    {
      actor: 'refundPixPayment',
      kind: 'error',
      error: insufficientBalance('refundPixPayment'),
      key: 'insufficientBalance',
      label: 'Banco recusa: saldo insuficiente (422 código 16)',
    },
    {
      actor: 'refundPixPayment',
      kind: 'error',
      error: apiErrorLike({
        status: 422,
        code: 96,
        group: 'PIXRECV',
        messageKey: 'ERRORS.PIXRECV.96',
        operation: 'refundPixPayment',
      }),
      key: 'aboveAvailable',
      label: 'Banco recusa: valor acima do disponível, outra devolução foi feita antes (422 PIXRECV 96)',
    },
    {
      actor: 'refundPixPayment',
      kind: 'error',
      error: networkError('refundPixPayment'),
      key: 'noAnswer',
      label: 'Sem resposta ao devolver (resultado desconhecido)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({ outcome: 'settled', transactionId: 'refund-0001', status: 'ACSC', reason: null }),
      key: 'settled',
      label: 'Devolução concluída (ACSC)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({
        outcome: 'rejected',
        transactionId: 'refund-0001',
        status: 'RJCT',
        reason: 'AC06 - Conta bloqueada',
      }),
      key: 'rejected',
      label: 'Devolução rejeitada (RJCT AC06)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({ outcome: 'unfinished', transactionId: null, status: 'ACSP', reason: null }),
      key: 'unfinished',
      label: 'Sem conclusão em 42 s (ACSP)',
    },
  ],
  // What guards and screens read: the value and its refusal, the attempt, the token and its reason,
  // the error shown and how the refund ended.
  contextKey: (c) => ({
    value: c.valueCents,
    valueError: c.valueError,
    attempt: c.externalIdentifier !== null,
    token: c.confirmationToken !== null,
    securityReason: c.securityReason,
    accepted: c.endToEndId !== null,
    error: c.error?.messageKey ?? null,
    settlement: c.settlement?.outcome ?? null,
  }),
  // The bank refunds once per externalIdentifier: a retry after an unknown result sends the same
  // one; a new value, or giving up at the code, is a new attempt.
  idempotent: [
    {
      actor: 'refundPixPayment',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['value.submit', 'totp.cancel'],
    },
  ],
  operations: {
    refundPixPayment: 'refundPixPayment',
    securityCode: 'validateTotp',
    pixSettlement: 'checkPixTransaction',
  },
});
