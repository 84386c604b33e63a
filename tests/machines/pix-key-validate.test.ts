/**
 * 'Validar' on a key awaiting its code (3-pix-part-one.md §3 IDENTITY_VALIDATION_PENDING, §7
 * otp-validation, §8 OTP 'erro' / save-success; issues 31 and 32): the key list opens the real
 * register dialog straight at its code, a new code is asked for that key first, a right code ends
 * the dialog as created and the list reloads; a wrong one keeps the dialog with the failure.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sequentialIds } from '../../machines/kernel/ids';
import { businessError } from '../../machines/fixtures/api-errors';
import {
  pixKeyRegisterMachine,
  type PixKeyRegisterOutput,
  type RequestAliasCodeInput,
  type RequestAliasCodeOutput,
  type ValidateAliasOtpInput,
  type ValidateAliasOtpOutput,
} from '../../machines/pix/pix-key-register.machine';
import {
  MARIA_EVP,
  MARIA_KEYS,
  MARIA_PENDING_PHONE,
  MARIA_TAX_ID,
} from '../../machines/pix/pix-key-sample-data';
import {
  pixKeysMachine,
  type ListAliasesInput,
  type ListAliasesOutput,
} from '../../machines/pix/pix-keys.machine';

afterEach(() => {
  vi.useRealTimers();
});

function started(validateAnswer: (input: ValidateAliasOtpInput) => Promise<ValidateAliasOtpOutput>) {
  let lists = 0;
  const codesAsked: RequestAliasCodeInput[] = [];
  const validations: ValidateAliasOtpInput[] = [];
  const finished: PixKeyRegisterOutput[] = [];
  // The child is the real register machine, given the two code calls.
  const machine = pixKeysMachine.provide({
    actors: {
      listAliases: fromPromise<ListAliasesOutput, ListAliasesInput>(async () => {
        lists++;
        return MARIA_KEYS;
      }),
      registerKey: pixKeyRegisterMachine.provide({
        actors: {
          requestAliasCode: fromPromise<RequestAliasCodeOutput, RequestAliasCodeInput>(async ({ input }) => {
            codesAsked.push(input);
            return { protocolId: `prot-${codesAsked.length}`, status: 'IDENTITY_VALIDATION_PENDING' };
          }),
          validateAliasOtp: fromPromise<ValidateAliasOtpOutput, ValidateAliasOtpInput>(({ input }) => {
            validations.push(input);
            return validateAnswer(input);
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: { accountId: 'acc-1', taxId: MARIA_TAX_ID, newId: sequentialIds('key') },
  });
  actor.on('register.finished', ({ output }) => finished.push(output));
  actor.start();
  const child = () =>
    actor.getSnapshot().children.registerKey as ActorRefFrom<typeof pixKeyRegisterMachine> | undefined;
  return { actor, child, lists: () => lists, codesAsked, validations, finished };
}

describe("the key list's 'Validar'", () => {
  it('opens the dialog at the code with a new code for that key; a right code creates it and the list reloads', async () => {
    vi.useFakeTimers();
    const t = started(async () => ({ success: true, message: 'Chave validada com sucesso.' }));
    await vi.advanceTimersByTimeAsync(0);
    t.actor.send({ type: 'key.validate', key: MARIA_PENDING_PHONE });
    expect(t.actor.getSnapshot().matches('validating')).toBe(true);
    expect(t.child()?.getSnapshot().matches('resendingCode')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.codesAsked).toEqual([
      { accountId: 'acc-1', body: { alias: MARIA_PENDING_PHONE, aliasType: 'PHONE' } },
    ]);
    expect(t.child()?.getSnapshot().matches({ otp: 'idle' })).toBe(true);

    t.child()?.send({ type: 'otp.submit', code: '123456' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.validations.map((v) => [v.alias, v.body.verificationCode, v.body.protocolId])).toEqual([
      [MARIA_PENDING_PHONE, '123456', 'prot-1'],
    ]);
    expect(t.finished).toEqual([{ result: 'created', kind: 'PHONE', key: MARIA_PENDING_PHONE }]);
    expect(t.actor.getSnapshot().matches({ browsing: 'dialogClosed' })).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.lists()).toBe(2);
  });

  it("a wrong code keeps the dialog at the code with the bank's reason; closing leaves the key pending", async () => {
    const t = started(async () => {
      throw businessError('validateAliasOtp', 'Código de Chave inválido. Restam 4 tentativas.', 75);
    });
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true));
    t.actor.send({ type: 'key.validate', key: MARIA_PENDING_PHONE });
    await vi.waitFor(() => expect(t.child()?.getSnapshot().matches({ otp: 'idle' })).toBe(true));
    t.child()?.send({ type: 'otp.submit', code: '654321' });
    await vi.waitFor(() => expect(t.child()?.getSnapshot().matches({ otp: 'failed' })).toBe(true));
    expect(t.child()?.getSnapshot().context.error?.serverMessage).toContain('Restam 4 tentativas');
    t.child()?.send({ type: 'dialog.close' });
    expect(t.finished).toEqual([{ result: 'pending', kind: 'PHONE', key: MARIA_PENDING_PHONE }]);
  });

  it('offers it only on a phone or e-mail key awaiting its code', async () => {
    const t = started(async () => ({ success: true }));
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true));
    t.actor.send({ type: 'key.validate', key: MARIA_EVP });
    t.actor.send({ type: 'key.validate', key: '+5511900000000' });
    expect(t.actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true);
    expect(t.codesAsked).toEqual([]);
  });
});
