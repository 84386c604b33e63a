/**
 * machines/pix/pix-refund.machine.ts beyond its generated paths: the 'refund value' message (the
 * guard's other false outcome, kept out of the catalog so that it costs no browser path), the
 * refund sent as the bank checks it (value in reais, the entry, the signature of the contract)
 * and the flow's output: the statement is read again after a refund the bank took, or after its
 * refusal saying the entry changed meanwhile (PIXRECV 96), and not after a plain Cancelar.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { apiErrorLike } from '../../machines/fixtures/api-errors';
import { sequentialIds } from '../../machines/kernel/ids';
import {
  pixRefundMachine,
  type PixRefundEvent,
  type RefundPixInput,
  type RefundPixOutput,
} from '../../machines/pix/pix-refund.machine';
import {
  pixSettlementMachine,
  type CheckPixTransactionInput,
  type CheckPixTransactionOutput,
} from '../../machines/pix/pix-settlement.machine';
import {
  securityCodeMachine,
  type ValidateTotpInput,
  type ValidateTotpOutput,
} from '../../machines/transfers/security-code.machine';
import { REFUND_VALUE_KEYS } from '../../machines/validators/pix-refund';

const ACCEPTED: RefundPixOutput = {
  endToEndId: 'D99999999202611241504abcdefghijk',
  messageIdentify: 'M99999999abcdefghijklmnopqrstuvw',
  isbpReceiver: '18236120',
  endToEndOriginalId: 'E18236120202610151200abcdefghijk',
};

const securityCode = securityCodeMachine.provide({
  actors: {
    validateTotp: fromPromise<ValidateTotpOutput, ValidateTotpInput>(async () => ({
      result: true,
      confirmationToken: 'tok',
    })),
  },
});
const pixSettlement = pixSettlementMachine.provide({
  actors: {
    checkPixTransaction: fromPromise<CheckPixTransactionOutput, CheckPixTransactionInput>(async () => ({
      transactionStatus: 'ACSC',
    })),
  },
  delays: { pollEvery: 0 },
});

function start(refund: (i: RefundPixInput) => Promise<RefundPixOutput>) {
  const sent: RefundPixInput[] = [];
  const machine = pixRefundMachine.provide({
    actors: {
      securityCode,
      refundPixPayment: fromPromise<RefundPixOutput, RefundPixInput>(({ input }) => {
        sent.push(input);
        return refund(input);
      }),
      pixSettlement,
    },
  });
  const actor = createActor(machine, {
    input: { accountId: '1001', transactionId: 'tx-1', refundableCents: 15_000, newId: sequentialIds('ext') },
  }).start();
  return { actor, sent };
}

/** Types the security code in the child the machine invoked. */
async function typeCode(actor: ReturnType<typeof start>['actor']) {
  const child = actor.getSnapshot().children['securityCode'];
  if (!child) throw new Error('no security code asked');
  child.send({ type: 'totp.submit', code: '123456' });
  await flush();
  await flush();
}

const flush = () => new Promise((r) => setTimeout(r, 0));
async function send(actor: ReturnType<typeof start>['actor'], ...events: PixRefundEvent[]) {
  for (const e of events) {
    actor.send(e);
    await flush();
  }
}

describe('pix-refund', () => {
  it("refuses zero and letters with the 'refund value' message, no call made", async () => {
    const { actor, sent } = start(async () => ACCEPTED);
    for (const value of ['0,00', 'dez', '']) {
      await send(actor, { type: 'value.submit', value });
      expect(actor.getSnapshot().matches({ editing: 'invalid' })).toBe(true);
      expect(actor.getSnapshot().context.valueError).toBe(REFUND_VALUE_KEYS.VALUE);
    }
    await send(actor, { type: 'value.submit', value: '150,01' });
    expect(actor.getSnapshot().context.valueError).toBe(REFUND_VALUE_KEYS.LIMIT);
    expect(sent).toEqual([]);
  });

  it('sends the value in reais, the entry and the signature trunc(valor)|accountId|transactionId', async () => {
    const { actor, sent } = start(async () => ACCEPTED);
    await send(actor, { type: 'value.submit', value: '149,99' });
    await typeCode(actor);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([
      {
        accountId: '1001',
        body: { accountId: '1001', transactionId: 'tx-1', valor: 149.99, externalIdentifier: 'ext-1' },
        transactionSignature: '149|1001|tx-1',
        confirmationToken: 'tok',
      },
    ]);
    expect(actor.getSnapshot().matches({ result: 'settled' })).toBe(true);
    await send(actor, { type: 'result.close' });
    expect(actor.getSnapshot().output).toEqual({ changed: true });
  });

  it('after PIXRECV 96 the statement is read again; after a plain Cancelar it is not', async () => {
    const refused = start(async () => {
      throw apiErrorLike({ status: 422, code: 96, group: 'PIXRECV', messageKey: 'ERRORS.PIXRECV.96' });
    });
    await send(refused.actor, { type: 'value.submit', value: '150,00' });
    await typeCode(refused.actor);
    expect(refused.actor.getSnapshot().matches({ editing: 'failed' })).toBe(true);
    expect(refused.actor.getSnapshot().context.externalIdentifier).toBeNull();
    await send(refused.actor, { type: 'refund.cancel' });
    expect(refused.actor.getSnapshot().output).toEqual({ changed: true });

    const cancelled = start(async () => ACCEPTED);
    await send(cancelled.actor, { type: 'refund.cancel' });
    expect(cancelled.actor.getSnapshot().output).toEqual({ changed: false });
  });
});
