/**
 * The after-submit part every Pix send shares (3-pix-part-one.md §4 Payment result and Polling,
 * §8 rejected / not finished; issue 16), built once as movement-states.ts builds the part before
 * it (confirmation, security code, submission): /PixKey, /PixManual and /PixCopyPaste spread
 * `pixSettlingStates(...)` into their machines.
 *
 * - `settling`: the child machine pix-settlement (invoke id `pixSettlement`) polls the payment's
 *   end-to-end id with the flow's cadence; leaving the state (the page closes) stops it;
 * - `result`: `result.settled` (ACSC: the Pix receipt, a close button), `result.rejected` (RJCT:
 *   'Transação rejeitada…' + ' Motivo: {reason}'), `result.unfinished` (the bound passed: 'Transação
 *   não foi finalizada…'). `result.close` leaves for the state the flow names (its final state,
 *   whose output is /Statement). A flow that leaves by itself after a rejection (copy-and-paste:
 *   back to /Pix after 1.8 s, §4) names that state in `afterRejected`.
 *
 * A payment settled at once (internal Pix: 'Transação realizada com sucesso!') goes straight to
 * `result.settled` with the action `settleAtOnce`'s output (`settledAtOnce`).
 *
 * The flow's `setup` gives: the actor `pixSettlement: pixSettlementMachine`, the guards of
 * {@link pixSettlingGuards}, and the action `keepSettlement`
 * (`assign({ settlement: ({ event }) => settlementOf(event) })`); its context holds
 * {@link PixSettlingContext}.
 */
import type { EventObject } from 'xstate';
import { doneOutput } from '../kernel/events.ts';
import { PIX_SEND_SPEC, type PollingCadenceName } from './pix-send-rules.ts';
import type { PixSettlementInput, PixSettlementOutput } from './pix-settlement.machine.ts';
import { rejectionFixOf } from './spi-rejections.ts';

/** What these states read and write in the flow's context. */
export interface PixSettlingContext {
  accountId: string;
  /** The end-to-end id of the payment the bank accepted (null before). */
  endToEndId: string | null;
  /** How it ended (null while settling). */
  settlement: PixSettlementOutput | null;
}

/** The settlement child's output, from its done event. */
export const settlementOf = (event: EventObject): PixSettlementOutput =>
  doneOutput<PixSettlementOutput>(event, 'pixSettlement');

/**
 * The result of a payment the bank settled in its answer (internal Pix: ACSC at once): its id and
 * the time the bank made it (`createdAt`, the statement entry's), when the answer gives them.
 */
export const settledAtOnce = (answer: {
  transactionId?: string;
  createdAt?: string;
}): PixSettlementOutput => ({
  outcome: 'settled',
  transactionId: answer.transactionId ?? null,
  status: 'ACSC',
  reason: null,
  ...(answer.createdAt ? { madeAt: answer.createdAt } : {}),
});

/** The guards of the `settling` state; spread them into the flow's `setup({ guards })`. */
export const pixSettlingGuards = {
  /** pix-settlement ended with ACSC. */
  isPixSettled: ({ event }: { event: EventObject }) => settlementOf(event).outcome === 'settled',
  /** pix-settlement ended with RJCT. */
  isPixRejected: ({ event }: { event: EventObject }) => settlementOf(event).outcome === 'rejected',
};

/**
 * The guard of `result.correct` (issue 32 item 3): the rejection's reason points at the recipient
 * (machines/pix/spi-rejections.ts). Spread it into `setup({ guards })` of a flow that gives `correct`.
 */
export const pixCorrectionGuards = {
  /** The SPI's reason names the receiving account or its holder (AC03, BE01, ...). */
  rejectionPointsAtRecipient: ({ context }: { context: PixSettlingContext }) =>
    rejectionFixOf(context.settlement?.reason) === 'recipient',
};

/**
 * The action names these states use (the flow implements them, typed by its own context):
 * `keepSettlement`, and with {@link withCorrection} `forgetPayment` (the rejected payment's ids,
 * settlement, attempt and confirmation dropped; what the payer typed kept).
 */

export interface PixSettlingOptions<TClose extends string, TRejected extends string | undefined> {
  /** §4/§9: 'key' (500 ms / 52 s) or 'slow' (1 s / 42 s). */
  cadence: PollingCadenceName;
  /** The state id (without `#`) `result.close` goes to: the flow's final state, e.g. `pix-send-key.closed`. */
  closeTarget: TClose;
  /**
   * When set (a state id without `#`), a rejection leaves by itself after the flow's `redirect`
   * delay (1.8 s, PIX_REDIRECT_MS) to that state.
   */
  afterRejected?: TRejected;
}

/** The `settling` and `result` states (see the file's comment). */
export function pixSettlingStates<
  const TClose extends string,
  const TRejected extends string | undefined = undefined,
>(o: PixSettlingOptions<TClose, TRejected>) {
  return {
    settling: {
      description: `pix-settlement (cadência ${o.cadence}): checkTransaction até o limite`,
      meta: { spec: PIX_SEND_SPEC.polling, label: 'Aguardando a conclusão do Pix' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'pixSettlement',
        src: 'pixSettlement',
        input: ({ context }: { context: PixSettlingContext }): PixSettlementInput => ({
          accountId: context.accountId,
          endToEndId: context.endToEndId ?? '',
          cadence: o.cadence,
        }),
        onDone: [
          { guard: 'isPixSettled', target: 'result.settled', actions: 'keepSettlement' },
          { guard: 'isPixRejected', target: 'result.rejected', actions: 'keepSettlement' },
          { target: 'result.unfinished', actions: 'keepSettlement' },
        ],
      },
    },
    result: {
      description: 'the result dialog: receipt, rejection or not finished; close → /Statement',
      meta: { spec: PIX_SEND_SPEC.result, label: 'Resultado do Pix' },
      tags: ['dialog'],
      initial: 'settled',
      on: { 'result.close': `#${o.closeTarget}` },
      states: {
        settled: {
          description: 'ACSC: the Pix receipt (comprovante) and only a close button',
          meta: { spec: PIX_SEND_SPEC.result, label: 'Pix concluído: comprovante' },
        },
        rejected: {
          description:
            "PIX.SEND.REJECTED: 'Transação rejeitada. Entre em contato com o suporte do {product}.' + ' Motivo: {reason}'",
          meta: { spec: `${PIX_SEND_SPEC.result}; ${PIX_SEND_SPEC.errors}`, label: 'Pix rejeitado: motivo' },
          ...(o.afterRejected === undefined ? {} : { after: { redirect: `#${o.afterRejected}` } }),
        },
        unfinished: {
          description:
            "PIX.SEND.UNFINISHED: 'Transação não foi finalizada. Tente novamente mais tarde. Motivo: {status} {reason}'",
          meta: {
            spec: `${PIX_SEND_SPEC.polling}; ${PIX_SEND_SPEC.errors}`,
            label: 'Pix não finalizado no limite',
          },
        },
      },
    },
  } as const;
}

/**
 * The `result` state of {@link pixSettlingStates} where a rejection offers to correct and send
 * again (`result.correct`, issue 32 item 3): to the state id `recipient` (without `#`) when the
 * reason points at the recipient (guard `rejectionPointsAtRecipient` of
 * {@link pixCorrectionGuards}), else to `payment`, with the action `forgetPayment`; what the payer
 * typed stays. A flow whose rejection cannot be corrected (a pasted code) keeps the plain result.
 */
export function withCorrection<const TRecipient extends string, const TPayment extends string>(
  result: ReturnType<typeof pixSettlingStates<string>>['result'],
  correct: { recipient: TRecipient; payment: TPayment },
) {
  return {
    ...result,
    states: {
      ...result.states,
      rejected: {
        ...result.states.rejected,
        description: `${result.states.rejected.description}; result.correct: back to the step the reason points at`,
        on: {
          'result.correct': [
            {
              guard: 'rejectionPointsAtRecipient',
              target: `#${correct.recipient}`,
              actions: 'forgetPayment',
            },
            { target: `#${correct.payment}`, actions: 'forgetPayment' },
          ],
        },
      },
    },
  } as const;
}
