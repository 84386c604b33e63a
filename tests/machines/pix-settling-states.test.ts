/**
 * machines/pix/pix-settling-states.ts spread into a minimal send machine, as /PixKey, /PixManual and
 * /PixCopyPaste do: the child pix-settlement polls (with a fake bank), its outcome picks the result
 * state, close leaves for the flow's final state, a rejection may leave by itself after 1.8 s, and
 * leaving the state stops the polling.
 */
import { assign, createActor, fromPromise, setup, SimulatedClock, type AnyActorRef } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PIX_REDIRECT_MS } from '../../machines/pix/pix-send-rules';
import {
  pixSettlementMachine,
  type CheckPixTransactionInput,
  type CheckPixTransactionOutput,
  type QueryPixPaymentStatusInput,
  type QueryPixPaymentStatusOutput,
} from '../../machines/pix/pix-settlement.machine';
import {
  pixSettlingGuards,
  pixSettlingStates,
  settledAtOnce,
  settlementOf,
  type PixSettlingContext,
} from '../../machines/pix/pix-settling-states';

const E2E = 'E99999999202611241200abcDEF12345';
/** When the bank made the payment (its statement entry's time). */
const MADE_AT = '2026-11-24T03:01:32.000Z';

function sendMachine(answers: string[], afterRejected: boolean) {
  let polls = 0;
  const settlement = pixSettlementMachine.provide({
    actors: {
      checkPixTransaction: fromPromise<CheckPixTransactionOutput, CheckPixTransactionInput>(
        async ({ input }) => {
          polls++;
          const status = answers.shift() ?? 'ACSP';
          return {
            transactionStatus: status,
            endToEndId: input.endToEndId,
            transactionIdMatera: 'tx-1',
            createdAt: MADE_AT,
            ...(status === 'RJCT' ? { reason: 'AC03 - Conta inexistente', reasonCode: 'AC03' } : {}),
          };
        },
      ),
      queryPixPaymentStatus: fromPromise<QueryPixPaymentStatusOutput, QueryPixPaymentStatusInput>(
        async () => ({
          transactionStatus: 'ERR',
        }),
      ),
    },
  });
  const machine = setup({
    types: { context: {} as PixSettlingContext, events: {} as { type: 'result.close' } | { type: 'leave' } },
    actors: { pixSettlement: settlement },
    guards: { ...pixSettlingGuards },
    actions: { keepSettlement: assign({ settlement: ({ event }) => settlementOf(event) }) },
    delays: { redirect: PIX_REDIRECT_MS },
  }).createMachine({
    id: 'pix-send-test',
    initial: 'settling',
    context: { accountId: 'acc-1', endToEndId: E2E, settlement: null },
    on: { leave: '.left' },
    states: {
      ...pixSettlingStates({
        cadence: 'key',
        closeTarget: 'pix-send-test.closed',
        ...(afterRejected ? { afterRejected: 'pix-send-test.home' } : {}),
      }),
      closed: { type: 'final' },
      home: { type: 'final' },
      left: {},
    },
  });
  return { machine, polls: () => polls };
}

async function run(answers: string[], afterRejected = false, ms = 0) {
  const clock = new SimulatedClock();
  const { machine, polls } = sendMachine(answers, afterRejected);
  const actor = createActor(machine, { clock }).start();
  const flush = () => new Promise((r) => setTimeout(r, 0));
  for (let t = 0; t < ms; t += 250) {
    clock.increment(250);
    await flush();
  }
  return { actor, clock, polls, flush };
}

describe('pixSettlingStates', () => {
  it('ACSP then ACSC: result.settled with the transaction id; close → the flow’s final state', async () => {
    const { actor } = await run(['ACSP', 'ACSC'], false, 1_500);
    expect(actor.getSnapshot().value).toEqual({ result: 'settled' });
    expect(actor.getSnapshot().context.settlement).toMatchObject({
      outcome: 'settled',
      transactionId: 'tx-1',
      // The receipt's instant is the bank's, as its statement receipt shows it (issue 32).
      madeAt: MADE_AT,
    });
    actor.send({ type: 'result.close' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('RJCT: result.rejected with the reason; with afterRejected it leaves after 1.8 s, not before', async () => {
    const { actor, clock, flush } = await run(['RJCT'], true, 500);
    expect(actor.getSnapshot().value).toEqual({ result: 'rejected' });
    expect(actor.getSnapshot().context.settlement?.reason).toBe('AC03 - Conta inexistente');
    clock.increment(PIX_REDIRECT_MS - 1);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ result: 'rejected' });
    clock.increment(1);
    await flush();
    expect(actor.getSnapshot().value).toBe('home');
  });

  it('RJCT without afterRejected stays on the message', async () => {
    const { actor, clock, flush } = await run(['RJCT'], false, 500);
    clock.increment(10_000);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ result: 'rejected' });
  });

  it('never final: result.unfinished at 52 s with the last status; leaving earlier stops the polling', async () => {
    const { actor, polls } = await run([], false, 52_000);
    expect(actor.getSnapshot().value).toEqual({ result: 'unfinished' });
    expect(actor.getSnapshot().context.settlement).toMatchObject({ outcome: 'unfinished', status: 'ACSP' });
    expect(polls()).toBeGreaterThan(50);

    const early = await run([], false, 2_000);
    const child = early.actor.getSnapshot().children['pixSettlement'] as AnyActorRef | undefined;
    expect(child).toBeDefined();
    early.actor.send({ type: 'leave' });
    const before = early.polls();
    for (let i = 0; i < 20; i++) {
      early.clock.increment(500);
      await early.flush();
    }
    expect(early.polls()).toBe(before);
    expect(child?.getSnapshot().status).toBe('stopped');
  });
});

describe('settledAtOnce (internal Pix)', () => {
  it('keeps the id and the instant the bank answered (issue 32)', () => {
    expect(settledAtOnce({ transactionId: 'tx-9', createdAt: MADE_AT })).toEqual({
      outcome: 'settled',
      transactionId: 'tx-9',
      status: 'ACSC',
      reason: null,
      madeAt: MADE_AT,
    });
    expect(settledAtOnce({})).not.toHaveProperty('madeAt');
  });
});
