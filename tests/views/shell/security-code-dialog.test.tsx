// @vitest-environment jsdom
/**
 * The security-code dialog after a wrong code (issue 32): the bank says how many tries are left
 * before the lock, and the dialog says it with the spec's 'Chave de Segurança inválida' text; a
 * bank that does not say it gets the spec's text alone.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  securityCodeMachine,
  type ValidateTotpOutput,
} from '../../../machines/transfers/security-code.machine';
import { SecurityCodeDialog } from '../../../src/ui/security-code-dialog';
import { renderWithApp } from '../profile/profile-harness';

function renderDialog(answer: ValidateTotpOutput) {
  const actor = createActor(
    securityCodeMachine.provide({ actors: { validateTotp: fromPromise(async () => answer) } }),
    {
      input: {
        accountId: '1001',
        transactionSignature: '10|1001|x',
        movement: { amount: 10, externalIdentifier: 'ted-1' },
        reason: 'first',
      },
    },
  ).start();
  renderWithApp(<SecurityCodeDialog actor={actor} onCancel={() => undefined} />);
  const input = screen.getByRole('textbox', { name: 'Chave de Segurança' });
  fireEvent.change(input, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
}

afterEach(cleanup);

describe('the security-code dialog after a wrong code', () => {
  it('says how many tries are left before the lock', async () => {
    renderDialog({ result: false, attemptsLeft: 3 });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Chave de Segurança inválida, favor tente novamente. Restam 3 tentativas antes do bloqueio temporário.',
    );
  });

  it('says the last try in the singular', async () => {
    renderDialog({ result: false, attemptsLeft: 1 });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Chave de Segurança inválida, favor tente novamente. Resta 1 tentativa antes do bloqueio temporário.',
    );
  });

  it("keeps the spec's text when the bank does not say the count", async () => {
    renderDialog({ result: false });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Chave de Segurança inválida, favor tente novamente',
    );
  });
});
