/**
 * machines/pix/pix-send-key.machine.ts beyond its generated paths: a rejected Pix by key can be
 * corrected and sent again with what was typed kept (issue 32), as the manual flow does: a reason
 * that points at the recipient (AC03) goes back to the key, a passing one (AB03) to the amount,
 * and the new attempt is a new externalIdentifier.
 */
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../../machines/kernel/ids';
import type {
  LookupPixKeyInput,
  LookupPixKeyOutput,
  PixWithdrawalInput,
  PixWithdrawalOutput,
} from '../../machines/pix/pix-send-calls';
import {
  pixSendKeyMachine,
  type PixSendKeyEvent,
  type PixSendKeyInput,
} from '../../machines/pix/pix-send-key.machine';

const KEY = 'conta.inexistente@exemplo.com.br';

const input: PixSendKeyInput = {
  accountId: '1001',
  payer: {
    name: 'Maria Silva Santos',
    taxId: '52998224725',
    branch: '0001',
    accountNumber: '123456',
    accountType: 'CACC',
  },
  ispb: '99999999',
  today: '2026-11-24',
  now: () => new Date('2026-11-24T15:04:00Z'),
  newId: sequentialIds('ext'),
  scheduleEnabled: false,
};

function startPaying(reason: string) {
  let e2e = 0;
  const sent: string[] = [];
  const machine = pixSendKeyMachine.provide({
    actors: {
      lookupPixKey: fromPromise<LookupPixKeyOutput, LookupPixKeyInput>(async ({ input: i }) => ({
        entry: {
          key: i.key,
          key_type: 'EMAIL',
          account: {
            participant: '18236120',
            branch: '0001',
            account_number: '4815162',
            account_type: 'CACC',
          },
          owner: { type: 'NATURAL_PERSON', tax_id_number: '***.247.250-**', name: 'Rafael Costa Lima' },
        },
      })),
      // The child machines, played by promises with their outputs (the real ones are tested apart).
      securityCode: fromPromise(async () => ({ confirmationToken: 'conf-token' })) as never,
      createPixWithdrawal: fromPromise<PixWithdrawalOutput, PixWithdrawalInput>(async ({ input: i }) => {
        sent.push(i.body.withdraw.externalIdentifier);
        return { success: true, transactionId: 'tx-1', endToEndId: `E99999999202611241504000000000${++e2e}` };
      }),
      pixSettlement: fromPromise(async () => ({
        outcome: 'rejected' as const,
        transactionId: 'tx-1',
        status: 'RJCT',
        reason,
      })) as never,
    },
  });
  const actor = createActor(machine, { input: { ...input, newId: sequentialIds('ext') } }).start();
  return { actor, sent };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
type Snap = SnapshotFrom<typeof pixSendKeyMachine>;
const at = (s: Snap) => JSON.stringify(s.value);

async function send(actor: ReturnType<typeof startPaying>['actor'], ...events: PixSendKeyEvent[]) {
  for (const e of events) {
    actor.send(e);
    await flush();
  }
}

const PAY: PixSendKeyEvent[] = [
  { type: 'key.submit', value: KEY },
  { type: 'payment.submit', amount: '25,50', description: 'Aluguel' },
  { type: 'confirm.accept', save: false, nickname: '', scheduleDate: '' },
];

describe('pix-send-key: a rejected Pix can be corrected and sent again (issue 32)', () => {
  it('AC03 goes back to the key with it typed; the amount stays; the next send is a new attempt', async () => {
    const { actor, sent } = startPaying('AC03 - Conta do recebedor inexistente ou inválida.');
    await send(actor, ...PAY);
    await flush();
    expect(at(actor.getSnapshot())).toBe('{"result":"rejected"}');
    await send(actor, { type: 'result.correct' });
    const s = actor.getSnapshot();
    expect(at(s)).toBe('{"keyValue":"idle"}');
    expect(s.context).toMatchObject({
      keyType: 'EMAIL',
      key: KEY,
      payment: { amount: 25.5, description: 'Aluguel' },
      settlement: null,
      endToEndId: null,
      externalIdentifier: null,
      confirmationToken: null,
    });
    await send(actor, { type: 'key.submit', value: 'rafael@exemplo.com.br' }, ...PAY.slice(1));
    await flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]).not.toBe(sent[0]);
  });

  it('a time-out (AB03) goes back to the amount step, to send the same data again', async () => {
    const { actor } = startPaying('AB03 - Tempo esgotado: a instituição do recebedor não respondeu.');
    await send(actor, ...PAY);
    await flush();
    await send(actor, { type: 'result.correct' });
    expect(at(actor.getSnapshot())).toBe('{"amount":"idle"}');
    expect(actor.getSnapshot().context.payment).toEqual({ amount: 25.5, description: 'Aluguel' });
    expect(actor.getSnapshot().context.entry?.key).toBe(KEY);
  });
});
