/**
 * machines/pix/pix-send-key.machine.ts, step 1 (issue 32): one key field whose type is told from
 * what is typed. The machine keeps the type it read, looks up the key in the DICT form (formatting
 * dropped), takes the payer's switch of an ambiguous 11-digit number to the phone, and asks the
 * DICT nothing for a key that is no key.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../../machines/kernel/ids';
import type { LookupPixKeyInput, LookupPixKeyOutput } from '../../machines/pix/pix-send-calls';
import {
  pixSendKeyMachine,
  type PixSendKeyEvent,
  type PixSendKeyInput,
} from '../../machines/pix/pix-send-key.machine';

const input: PixSendKeyInput = {
  accountId: '1001',
  payer: {
    name: 'Maria',
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

/** A valid CPF whose 11 digits are also a mobile number: DDD 21, then 9 and 8 digits. */
const CPF_AND_PHONE = '21987650042';

function start() {
  const looked: string[] = [];
  const machine = pixSendKeyMachine.provide({
    actors: {
      lookupPixKey: fromPromise<LookupPixKeyOutput, LookupPixKeyInput>(async ({ input: i }) => {
        looked.push(i.key);
        return new Promise<LookupPixKeyOutput>(() => undefined);
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const send = async (e: PixSendKeyEvent) => {
    actor.send(e);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, looked, send };
}

describe('pix-send-key: the key type is detected from the key (issue 32)', () => {
  it('starts at the key field, with no type step', () => {
    expect(start().actor.getSnapshot().value).toEqual({ keyValue: 'idle' });
  });

  it.each([
    ['529.982.247-25', 'CPF', '52998224725'],
    ['12.ABC.345/01DE-35', 'CNPJ', '12ABC34501DE35'],
    ['(21) 98765-4321', 'PHONE', '+5521987654321'],
    [' Loja.Aurora@Exemplo.com.br ', 'EMAIL', 'loja.aurora@exemplo.com.br'],
    ['123E4567-E89B-42D3-A456-426614174000', 'EVP', '123e4567-e89b-42d3-a456-426614174000'],
  ] as const)('%s is a %s key, looked up as %s', async (typed, type, key) => {
    const { actor, looked, send } = start();
    await send({ type: 'key.submit', value: typed });
    expect(actor.getSnapshot().value).toBe('lookingUp');
    expect(actor.getSnapshot().context).toMatchObject({ keyType: type, key });
    expect(looked).toEqual([key]);
  });

  it('11 digits that are a CPF and a mobile are a CPF, unless the payer switched to the phone', async () => {
    const cpf = start();
    await cpf.send({ type: 'key.submit', value: CPF_AND_PHONE });
    expect(cpf.actor.getSnapshot().context).toMatchObject({ keyType: 'CPF', key: CPF_AND_PHONE });
    const phone = start();
    await phone.send({ type: 'key.submit', value: CPF_AND_PHONE, keyType: 'PHONE' });
    expect(phone.actor.getSnapshot().context).toMatchObject({ keyType: 'PHONE', key: `+55${CPF_AND_PHONE}` });
    expect(phone.looked).toEqual([`+55${CPF_AND_PHONE}`]);
  });

  it('a switch the characters do not allow is ignored: a masked CPF stays a CPF', async () => {
    const { actor, send } = start();
    await send({ type: 'key.submit', value: '529.982.247-25', keyType: 'PHONE' });
    expect(actor.getSnapshot().context).toMatchObject({ keyType: 'CPF', key: '52998224725' });
  });

  it.each(['529.982.247-26', '12.ABC.345/01DE-36', '(21) 3333-4444', 'maria', ''])(
    '%j is no key: the field stays and the DICT is not asked',
    async (typed) => {
      const { actor, looked, send } = start();
      await send({ type: 'key.submit', value: typed });
      expect(actor.getSnapshot().value).toEqual({ keyValue: 'idle' });
      expect(actor.getSnapshot().context.keyType).toBeNull();
      expect(looked).toEqual([]);
    },
  );
});
