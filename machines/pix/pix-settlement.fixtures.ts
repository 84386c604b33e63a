/**
 * Catalog entry of the Pix settlement polling (3-pix-part-one.md §4 Payment result and Polling, §7
 * checkTransaction and the fallback status call, §8, §9; issue 16). A child of every Pix send flow
 * (/PixKey, /PixManual, /PixCopyPaste): on its own it has no route, and in the browser its states
 * are played through theirs. The sample ids are the sandbox's shapes (end-to-end id of the bank
 * 99999999).
 */
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import {
  pixSettlementMachine,
  type CheckPixTransactionOutput,
  type PixSettlementInput,
  type QueryPixPaymentStatusOutput,
} from './pix-settlement.machine.ts';

/** A payment by key of the sample account, as the sandbox would number it. */
export const SETTLEMENT_SAMPLE_E2E = 'E99999999202611241200abcDEF12345';

const input: PixSettlementInput = {
  accountId: 'acc-maria-0001',
  endToEndId: SETTLEMENT_SAMPLE_E2E,
  cadence: 'key',
};

const AC03_REASON = 'AC03 - Conta do recebedor inexistente';

const check = (o: CheckPixTransactionOutput): CheckPixTransactionOutput => o;
const fallback = (o: QueryPixPaymentStatusOutput): QueryPixPaymentStatusOutput => o;

export const pixSettlementFlow = defineFlow({
  id: 'pix-settlement',
  title: 'Pix: acompanhamento da liquidação (consulta do status)',
  spec: [
    '3-pix-part-one.md §4 States and transitions (Payment result, Polling)',
    '3-pix-part-one.md §7 GET /PixPaymentIssuance/checkTransaction/{endToEndId}; POST /PixPaymentIssuance/status',
    '3-pix-part-one.md §8 Error catalogue (rejeitada, não finalizada)',
    '3-pix-part-one.md §9 Business constants and limits (500 ms / 52 s; 1 s / 42 s)',
  ],
  machine: pixSettlementMachine,
  input,
  events: [],
  outcomes: [
    {
      actor: 'checkPixTransaction',
      kind: 'done',
      output: check({
        transactionStatus: 'ACSC',
        endToEndId: SETTLEMENT_SAMPLE_E2E,
        transactionIdMatera: 'tx-0001',
      }),
      key: 'settled',
      label: 'Banco responde ACSC (liquidado)',
    },
    {
      actor: 'checkPixTransaction',
      kind: 'done',
      output: check({
        transactionStatus: 'RJCT',
        endToEndId: SETTLEMENT_SAMPLE_E2E,
        transactionIdMatera: 'tx-0001',
        reasonCode: 'AC03',
        reason: AC03_REASON,
      }),
      key: 'rejected',
      label: 'Banco responde RJCT AC03 (conta do recebedor inexistente)',
    },
    {
      actor: 'checkPixTransaction',
      kind: 'done',
      output: check({
        transactionStatus: 'ACSP',
        endToEndId: SETTLEMENT_SAMPLE_E2E,
        transactionIdMatera: 'tx-0001',
      }),
      key: 'processing',
      label: 'Banco responde ACSP (ainda em processamento)',
    },
    {
      actor: 'checkPixTransaction',
      kind: 'error',
      error: apiErrorLike({ status: 404, operation: 'checkPixTransaction', messageKey: 'ERRORS.API.404' }),
      key: 'notFound',
      label: 'Banco responde 404 à consulta',
    },
    {
      actor: 'checkPixTransaction',
      kind: 'error',
      error: networkError('checkPixTransaction'),
      key: 'offline',
      label: 'Sem conexão na consulta',
    },
    {
      actor: 'queryPixPaymentStatus',
      kind: 'done',
      output: fallback({ transactionStatus: 'ACSC', transaction_id: 'tx-0001' }),
      key: 'fallbackSettled',
      label: 'Consulta alternativa responde ACSC',
    },
    {
      actor: 'queryPixPaymentStatus',
      kind: 'done',
      output: fallback({
        document: {
          transaction_information_and_status: {
            transaction_status: 'RJCT',
            status_reason_information: { additional_information: ['AC06', 'Conta do recebedor bloqueada'] },
          },
        },
        transaction_id: 'tx-0001',
      }),
      key: 'fallbackRejected',
      label: 'Consulta alternativa responde RJCT AC06 (só no documento pacs.002)',
    },
    {
      actor: 'queryPixPaymentStatus',
      kind: 'done',
      output: fallback({ transactionStatus: 'ERR', transaction_id: null }),
      key: 'fallbackUnavailable',
      label: 'Consulta alternativa responde ERR (status indisponível)',
    },
    {
      actor: 'queryPixPaymentStatus',
      kind: 'error',
      error: internalError('queryPixPaymentStatus'),
      key: 'fallbackServerError',
      label: 'Consulta alternativa responde 500',
    },
  ],
  timers: [
    { delay: 'pollEvery', label: 'Passam 500 ms (intervalo da consulta por chave)' },
    { delay: 'pollFor', label: 'Passam 52 s sem status final (limite da consulta por chave)' },
  ],
  contextKey: (c) => ({ status: c.status, reason: c.reason, transactionId: c.transactionId }),
  operations: {
    checkPixTransaction: 'checkPixTransaction',
    queryPixPaymentStatus: 'queryPixPaymentStatus',
  },
});
