/**
 * The security code confirms one exact movement (issue 27): every parent that invokes the
 * security-code child gives it the amount and externalIdentifier of the very body it will send, and
 * the child sends them to validateTotp with the signature. The S-Transaction signature carries only
 * the whole reais, so without them the bank's token would cover R$ X,00 to R$ X,99.
 */
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { billPaymentMachine } from '../../machines/payments/bill-payment.machine';
import { pixCopyPasteMachine } from '../../machines/pix/pix-copy-paste.machine';
import { pixRefundMachine } from '../../machines/pix/pix-refund.machine';
import { pixSendKeyMachine } from '../../machines/pix/pix-send-key.machine';
import { pixSendManualMachine } from '../../machines/pix/pix-send-manual.machine';
import { bankTransferMachine } from '../../machines/transfers/bank-transfer.machine';
import { companyTransferMachine } from '../../machines/transfers/company-transfer.machine';
import {
  securityCodeMachine,
  type SecurityCodeInput,
  type ValidateTotpInput,
  type ValidateTotpOutput,
} from '../../machines/transfers/security-code.machine';

/** The input the machine's `securityCode` state gives its child, for `context`. */
function childInput(machine: AnyStateMachine, context: Record<string, unknown>): SecurityCodeInput {
  const state = (machine.config.states ?? {})['securityCode'] as
    { invoke: { input: (a: { context: unknown }) => SecurityCodeInput } } | undefined;
  if (!state) throw new Error(`${machine.id}: no securityCode state`);
  return state.invoke.input({ context });
}

const attempt = { accountId: '1001', signature: '10|1001|x', securityReason: 'first' as const };
const withdraw = (totalAmount: number, externalIdentifier: string) => ({
  request: { payments: [], withdraw: { currency: 'BRL', externalIdentifier, totalAmount } },
});

describe('each parent gives the security code the exact movement it sends', () => {
  it.each([
    ['TED', bankTransferMachine, withdraw(10.5, 'ted-1'), { amount: 10.5, externalIdentifier: 'ted-1' }],
    ['bill', billPaymentMachine, withdraw(89.9, 'bill-1'), { amount: 89.9, externalIdentifier: 'bill-1' }],
    [
      'Pix by bank data',
      pixSendManualMachine,
      withdraw(0.5, 'pix-1'),
      { amount: 0.5, externalIdentifier: 'pix-1' },
    ],
    [
      'company transfer',
      companyTransferMachine,
      { payment: { externalIdentifier: 'int-1', totalAmount: 250.4 } },
      { amount: 250.4, externalIdentifier: 'int-1' },
    ],
    [
      'Pix refund',
      pixRefundMachine,
      { request: { accountId: '1001', transactionId: 'tx-1', valor: 149.99, externalIdentifier: 'ref-1' } },
      { amount: 149.99, externalIdentifier: 'ref-1' },
    ],
    [
      'Pix copy and paste',
      pixCopyPasteMachine,
      { request: { externalIdentifier: 'qr-1', emv: '000201', amount: 12.34 } },
      { amount: 12.34, externalIdentifier: 'qr-1' },
    ],
    [
      'Pix by key, internal',
      pixSendKeyMachine,
      { request: { kind: 'internal', body: { externalIdentifier: 'int-pix-1', Amount: 42.5 } } },
      { amount: 42.5, externalIdentifier: 'int-pix-1' },
    ],
    [
      'Pix by key, interbank',
      pixSendKeyMachine,
      { request: { kind: 'interbank', body: withdraw(7.01, 'dict-1').request } },
      { amount: 7.01, externalIdentifier: 'dict-1' },
    ],
  ] as const)('%s', (_, machine, context, movement) => {
    const input = childInput(machine, { ...attempt, ...context });
    expect(input).toEqual({
      accountId: '1001',
      transactionSignature: '10|1001|x',
      movement,
      reason: 'first',
    });
  });
});

describe('security-code', () => {
  it('sends the movement with the code and the signature to validateTotp', async () => {
    const bodies: ValidateTotpInput[] = [];
    const machine = securityCodeMachine.provide({
      actors: {
        validateTotp: fromPromise<ValidateTotpOutput, ValidateTotpInput>(async ({ input }) => {
          bodies.push(input);
          return { result: true, confirmationToken: 'tok-0000000000000' };
        }),
      },
    });
    const actor = createActor(machine, {
      input: {
        accountId: '1001',
        transactionSignature: '10|1001|x',
        movement: { amount: 10.5, externalIdentifier: 'ted-1' },
        reason: 'first',
      },
    }).start();
    actor.send({ type: 'totp.submit', code: '123456' });
    await new Promise((r) => setTimeout(r, 0));
    expect(bodies).toEqual([
      {
        accountId: '1001',
        body: {
          totpCode: '123456',
          transactionSignature: '10|1001|x',
          movement: { amount: 10.5, externalIdentifier: 'ted-1' },
        },
      },
    ]);
    expect(actor.getSnapshot().output).toEqual({ confirmationToken: 'tok-0000000000000' });
  });
});
