/**
 * How a Pix sent ended (3-pix-part-one.md §4 Payment result and Polling, §7 checkTransaction and
 * the fallback status call, §8 rejection / not finished, §9 polling constants; issue 16 "The
 * result: polling with bounds"). One child machine for every send flow (/PixKey, /PixManual,
 * /PixCopyPaste), invoked after the bank accepted the payment, like the security code: given the
 * payment's end-to-end id and the flow's cadence, it polls checkPixTransaction every interval
 * (500 ms by key, 1 s otherwise) until the bound (52 s by key, 42 s otherwise):
 *
 * - ACSC → `settled`; RJCT → `rejected` with the bank's reason; anything else (ACSP, unknown) →
 *   the next poll;
 * - a failed poll is only logged (§8 "Polling errors are only logged"): the fallback
 *   queryPixPaymentStatus is asked once for that round; its ACSC / RJCT end the polling the same
 *   way, anything else (ERR, or the fallback failing too: ERR) waits for the next round;
 * - the bound reached with no final status → `unfinished`, with the last status seen (§8: 'Motivo:
 *   {status or Desconhecido} {reason}').
 *
 * The bound is a timer on the whole polling (a slow answer does not stretch it), so no screen
 * waits more than the bound plus one call's time-out. Leaving the invoking state (the page closes,
 * the parent stops) stops every timer and call. The machine never navigates: its output is read by
 * the parent (machines/pix/pix-settling-states.ts).
 */
import { assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { doneOutput, finalOutput } from '../kernel/events.ts';
import { PIX_POLLING, PIX_SEND_SPEC, type PollingCadenceName } from './pix-send-rules.ts';

type Schemas = components['schemas'];

/** GET /PixPaymentIssuance/checkTransaction/{endToEndId}. */
export interface CheckPixTransactionInput {
  endToEndId: string;
}
export type CheckPixTransactionOutput = Schemas['TransactionStatusResult'];

/** POST /PixPaymentIssuance/status (the body is built at the composition root: pix-send-rules.ts). */
export interface QueryPixPaymentStatusInput {
  endToEndId: string;
}
export type QueryPixPaymentStatusOutput = Schemas['PaymentStatusResult'];

export interface PixSettlementInput {
  accountId: string;
  endToEndId: string;
  cadence: PollingCadenceName;
}

/** How the payment ended, as far as the portal could learn within the bound. */
export type PixSettlementOutcome = 'settled' | 'rejected' | 'unfinished';

export interface PixSettlementOutput {
  outcome: PixSettlementOutcome;
  /** The provider's transaction id, when an answer gave one. */
  transactionId: string | null;
  /** The last status seen (ACSC, RJCT, ACSP, ERR), null when no answer came at all. */
  status: string | null;
  /** The bank's reason (a rejection's ISO code and text), when it gave one. */
  reason: string | null;
  /**
   * When the bank made the payment (its statement entry's and receipt's time), when an answer gave
   * it: the success dialog shows this instant, never the browser's (issue 32).
   */
  madeAt?: string;
}

export interface PixSettlementContext {
  accountId: string;
  endToEndId: string;
  cadence: PollingCadenceName;
  status: string | null;
  reason: string | null;
  transactionId: string | null;
  madeAt: string | null;
}

/** §7: ACSC completed, RJCT rejected; anything else is not finished. */
export const SETTLED_STATUS = 'ACSC';
export const REJECTED_STATUS = 'RJCT';
/** §3/§7: the fallback's answer when the status is unavailable (also what a failed fallback means). */
export const UNAVAILABLE_STATUS = 'ERR';

/** The status, provider id and reason of a fallback answer (both forms of §7, `transactionStatus` first). */
export function readFallbackStatus(answer: QueryPixPaymentStatusOutput): {
  status: string;
  transactionId: string | null;
  reason: string | null;
} {
  const info = answer.document?.transaction_information_and_status;
  const status = answer.transactionStatus ?? info?.transaction_status ?? UNAVAILABLE_STATUS;
  const parts = (info?.status_reason_information?.additional_information ?? []).filter(
    (s) => s.trim() !== '',
  );
  return {
    status,
    transactionId: answer.transaction_id ?? null,
    reason: parts.length > 0 ? parts.join(' - ') : null,
  };
}

type Answer = { status: string; transactionId: string | null; reason: string | null; madeAt?: string };

const checkAnswer = (o: CheckPixTransactionOutput): Answer => ({
  status: o.transactionStatus,
  transactionId: o.transactionIdMatera ?? null,
  reason: o.reason ?? null,
  ...(o.createdAt ? { madeAt: o.createdAt } : {}),
});

/** What an answer adds to the context: its status, and the id, reason and time it gives (kept otherwise). */
const remember = (context: PixSettlementContext, a: Answer) => ({
  status: a.status,
  transactionId: a.transactionId ?? context.transactionId,
  reason: a.reason ?? context.reason,
  madeAt: a.madeAt ?? context.madeAt,
});

const outputOf = (outcome: PixSettlementOutcome, c: PixSettlementContext): PixSettlementOutput => ({
  outcome,
  transactionId: c.transactionId,
  status: c.status,
  reason: c.reason,
  ...(c.madeAt ? { madeAt: c.madeAt } : {}),
});

const SPEC = PIX_SEND_SPEC;

export const pixSettlementMachine = setup({
  types: {
    context: {} as PixSettlementContext,
    input: {} as PixSettlementInput,
    output: {} as PixSettlementOutput,
    tags: {} as 'busy',
  },
  actors: {
    checkPixTransaction: mustProvide<CheckPixTransactionOutput, CheckPixTransactionInput>(
      'checkPixTransaction',
    ),
    queryPixPaymentStatus: mustProvide<QueryPixPaymentStatusOutput, QueryPixPaymentStatusInput>(
      'queryPixPaymentStatus',
    ),
  },
  guards: {
    /** checkTransaction answered ACSC: settled. */
    isSettled: ({ event }) =>
      doneOutput<CheckPixTransactionOutput>(event, 'checkPixTransaction').transactionStatus ===
      SETTLED_STATUS,
    /** checkTransaction answered RJCT: rejected (the money is back). */
    isRejected: ({ event }) =>
      doneOutput<CheckPixTransactionOutput>(event, 'checkPixTransaction').transactionStatus ===
      REJECTED_STATUS,
    /** The fallback status call answered ACSC. */
    isSettledByFallback: ({ event }) =>
      readFallbackStatus(doneOutput<QueryPixPaymentStatusOutput>(event, 'queryPixPaymentStatus')).status ===
      SETTLED_STATUS,
    /** The fallback status call answered RJCT. */
    isRejectedByFallback: ({ event }) =>
      readFallbackStatus(doneOutput<QueryPixPaymentStatusOutput>(event, 'queryPixPaymentStatus')).status ===
      REJECTED_STATUS,
  },
  actions: {
    keepCheckAnswer: assign(({ context, event }) =>
      remember(context, checkAnswer(doneOutput<CheckPixTransactionOutput>(event, 'checkPixTransaction'))),
    ),
    keepFallbackAnswer: assign(({ context, event }) =>
      remember(
        context,
        readFallbackStatus(doneOutput<QueryPixPaymentStatusOutput>(event, 'queryPixPaymentStatus')),
      ),
    ),
    markUnavailable: assign({ status: UNAVAILABLE_STATUS }),
  },
  delays: {
    /** §9: 500 ms by key, 1 s for manual data and copy-and-paste. */
    pollEvery: ({ context }) => PIX_POLLING[context.cadence].everyMs,
    /** §9: 52 s by key, 42 s for manual data and copy-and-paste. */
    pollFor: ({ context }) => PIX_POLLING[context.cadence].forMs,
  },
}).createMachine({
  id: 'pix-settlement',
  initial: 'polling',
  context: ({ input }) => ({
    accountId: input.accountId,
    endToEndId: input.endToEndId,
    cadence: input.cadence,
    status: null,
    reason: null,
    transactionId: null,
    madeAt: null,
  }),
  states: {
    polling: {
      description: 'Consulta o status a cada intervalo até o limite (500 ms / 52 s por chave; 1 s / 42 s)',
      meta: { spec: SPEC.polling, label: 'Aguardando a liquidação do Pix' },
      tags: ['busy'],
      initial: 'waiting',
      after: { pollFor: 'unfinished' },
      states: {
        waiting: {
          description: 'Intervalo entre duas consultas (pollEvery)',
          meta: { spec: SPEC.polling, label: 'Intervalo até a próxima consulta' },
          after: { pollEvery: 'checking' },
        },
        checking: {
          description: 'GET /PixPaymentIssuance/checkTransaction/{endToEndId}',
          meta: { spec: SPEC.checkTransaction, label: 'Consultando o status (checkTransaction)' },
          invoke: {
            id: 'checkPixTransaction',
            src: 'checkPixTransaction',
            input: ({ context }) => ({ endToEndId: context.endToEndId }),
            onDone: [
              { guard: 'isSettled', target: '#pix-settlement.settled', actions: 'keepCheckAnswer' },
              { guard: 'isRejected', target: '#pix-settlement.rejected', actions: 'keepCheckAnswer' },
              { target: 'waiting', actions: 'keepCheckAnswer' },
            ],
            // §8: polling errors are only logged; the fallback is asked instead.
            onError: 'fallback',
          },
        },
        fallback: {
          description: 'POST /PixPaymentIssuance/status (ERR quando indisponível)',
          meta: { spec: SPEC.fallbackStatus, label: 'Consulta alternativa do status' },
          invoke: {
            id: 'queryPixPaymentStatus',
            src: 'queryPixPaymentStatus',
            input: ({ context }) => ({ endToEndId: context.endToEndId }),
            onDone: [
              {
                guard: 'isSettledByFallback',
                target: '#pix-settlement.settled',
                actions: 'keepFallbackAnswer',
              },
              {
                guard: 'isRejectedByFallback',
                target: '#pix-settlement.rejected',
                actions: 'keepFallbackAnswer',
              },
              { target: 'waiting', actions: 'keepFallbackAnswer' },
            ],
            onError: { target: 'waiting', actions: 'markUnavailable' },
          },
        },
      },
    },
    settled: {
      type: 'final',
      output: ({ context }) => outputOf('settled', context),
      description: 'ACSC: sucesso e comprovante',
      meta: { spec: SPEC.result, label: 'Pix liquidado (ACSC)' },
    },
    rejected: {
      type: 'final',
      output: ({ context }) => outputOf('rejected', context),
      description:
        "RJCT: 'Transação rejeitada. Entre em contato com o suporte do {product}.' + ' Motivo: {reason}'",
      meta: { spec: `${SPEC.result}; ${SPEC.errors}`, label: 'Pix rejeitado (RJCT)' },
    },
    unfinished: {
      type: 'final',
      output: ({ context }) => outputOf('unfinished', context),
      description: "Limite atingido: 'Transação não foi finalizada. Tente novamente mais tarde. Motivo: …'",
      meta: { spec: `${SPEC.polling}; ${SPEC.errors}`, label: 'Pix não finalizado no limite da consulta' },
    },
  },
  output: finalOutput<PixSettlementOutput>,
});
