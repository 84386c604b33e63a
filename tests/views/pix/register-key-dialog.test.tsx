// @vitest-environment jsdom
/**
 * The key register dialog on the form idiom (issue 9; 3-pix-part-one.md §2 Key register dialog, §5,
 * §8): the real `pix-key-register` machine behind the real dialog. A try with an error shows the
 * validator's message and sends nothing; the confirmation step starts empty; the machine receives
 * the masked value on submit, and the phone it checks is the E.164 key.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEMO } from '../../../machines/access/access-fixtures';
import { sequentialIds } from '../../../machines/kernel/ids';
import {
  pixKeyRegisterMachine,
  type ValidateAliasOtpInput,
  type ValidateAliasOtpOutput,
} from '../../../machines/pix/pix-key-register.machine';
import { businessError } from '../../../machines/fixtures/api-errors';
import { MARIA_PENDING_PHONE, MARIA_TAX_ID } from '../../../machines/pix/pix-key-sample-data';
import {
  RegisterKeyDialog,
  type RegisterKeyActor,
} from '../../../src/features/pix/dialogs/register-key-dialog';
import { session } from '../../../src/runtime/session';
import { renderWithApp, signIn } from '../profile/profile-harness';

/** The machine with a bank check that never answers: the test stops at 'checking'. */
function startDialog(checked: unknown[]): RegisterKeyActor {
  const machine = pixKeyRegisterMachine.provide({
    actors: {
      checkPixKeys: fromPromise(({ input }) => {
        checked.push(input);
        return new Promise<never>(() => undefined);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { accountId: DEMO.accountId, taxId: MARIA_TAX_ID, newId: sequentialIds('reg') },
  });
  actor.start();
  renderWithApp(<RegisterKeyDialog actor={actor} />);
  return actor;
}

const dialog = () => screen.getByRole('dialog', { name: 'Cadastrar chave Pix' });
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: true });
const press = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the phone steps', () => {
  it('shows the rule on a try, starts the confirmation empty and sends the key on submit', async () => {
    const checked: unknown[] = [];
    const actor = startDialog(checked);
    press('Celular');

    // A try with nothing typed: the field's error, linked to the input, and no step forward.
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    press('Avançar');
    const phone = field('Número do celular');
    const error = await within(dialog()).findByRole('alert');
    expect(phone.getAttribute('aria-describedby') ?? '').toContain(error.id);
    expect(actor.getSnapshot().matches({ phone: 'entering' })).toBe(true);

    // The mask applies as typed; the error follows the typing once shown.
    fireEvent.change(phone, { target: { value: '11977771234' } });
    expect((phone as HTMLInputElement).value).toBe('(11) 97777-1234');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    press('Avançar');
    expect(actor.getSnapshot().matches({ phone: 'confirming' })).toBe(true);

    // The confirmation is a new field, empty, with no error until a try.
    const confirm = await within(dialog()).findByLabelText('Confirme o número do celular', { exact: true });
    expect((confirm as HTMLInputElement).value).toBe('');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    fireEvent.change(confirm, { target: { value: '11977771235' } });
    press('Confirmar');
    expect(await within(dialog()).findByRole('alert')).toHaveProperty(
      'textContent',
      'Os números de celular não conferem',
    );
    expect(actor.getSnapshot().matches({ phone: 'confirming' })).toBe(true);

    // Back keeps what was typed in the first step.
    press('Voltar');
    expect((field('Número do celular') as HTMLInputElement).value).toBe('(11) 97777-1234');
    press('Avançar');
    fireEvent.change(field('Confirme o número do celular'), { target: { value: '(11) 97777-1234' } });
    await act(async () => press('Confirmar'));
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    expect(JSON.stringify(checked)).toContain('+5511977771234');
    actor.stop();
  });
});

describe("opened by the key list's 'Validar' (key.resume)", () => {
  it("shows the code step for that key at once; a wrong code shows 'erro' with the tries left", async () => {
    const asked: unknown[] = [];
    const machine = pixKeyRegisterMachine.provide({
      actors: {
        requestAliasCode: fromPromise(async ({ input }) => {
          asked.push(input);
          return { protocolId: 'prot-1', status: 'IDENTITY_VALIDATION_PENDING' as const };
        }),
        validateAliasOtp: fromPromise<ValidateAliasOtpOutput, ValidateAliasOtpInput>(() =>
          Promise.reject(
            businessError(
              'validateAliasOtp',
              'Código de Chave inválido. Confira o código recebido. Restam 4 tentativas.',
              75,
            ),
          ),
        ),
      },
    });
    const actor = createActor(machine, {
      input: { accountId: DEMO.accountId, taxId: MARIA_TAX_ID, newId: sequentialIds('reg') },
    });
    actor.start();
    actor.send({ type: 'key.resume', kind: 'PHONE', key: MARIA_PENDING_PHONE });
    renderWithApp(<RegisterKeyDialog actor={actor} />);
    const otp = () => screen.getByRole('dialog', { name: 'Código de Chave' });
    expect(screen.queryByRole('dialog', { name: 'Cadastrar chave Pix' })).toBeNull();
    expect(otp().textContent).toContain('Enviamos um código de 6 dígitos por SMS');
    await act(async () => undefined);
    expect(asked).toEqual([
      { accountId: DEMO.accountId, body: { alias: MARIA_PENDING_PHONE, aliasType: 'PHONE' } },
    ]);

    fireEvent.change(within(otp()).getByLabelText('Código de Chave', { exact: true }), {
      target: { value: '654321' },
    });
    await act(async () => fireEvent.click(within(otp()).getByRole('button', { name: 'Validar' })));
    const alert = await within(otp()).findByRole('alert');
    expect(alert.textContent).toContain('Erro ao validar o código.');
    expect(alert.textContent).toContain('Restam 4 tentativas.');
    expect(actor.getSnapshot().matches({ otp: 'failed' })).toBe(true);
    actor.stop();
  });
});
