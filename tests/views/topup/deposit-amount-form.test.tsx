// @vitest-environment jsdom
/**
 * The deposit amount step shared by the deposit by boleto and by Pix (src/features/topup/
 * deposit-amount-form.tsx; 2-money-movement.md §5 Deposit amount; issue 25): the submit is off
 * while the amount is not valid, sends the amount as typed once it is, and sends nothing outside
 * `editing`; the buttons given before it are shown.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositAmountForm } from '../../../src/features/topup/deposit-amount-form';
import { renderWithApp } from '../profile/profile-harness';

afterEach(cleanup);

const form = (editing: boolean, onSubmit = vi.fn()) =>
  renderWithApp(
    <DepositAmountForm
      label="Valor do depósito"
      submitText="Gerar"
      name="Depósito por Pix"
      editing={editing}
      busy={false}
      onSubmit={onSubmit}
      before={<button type="button">Meus boletos</button>}
    />,
  );

describe('DepositAmountForm', () => {
  it('sends a valid amount as typed, and nothing while it is empty', async () => {
    const onSubmit = vi.fn();
    form(true, onSubmit);
    expect(screen.getByRole('form', { name: 'Depósito por Pix' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Meus boletos' })).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Gerar' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/Valor do depósito/), { target: { value: '150,00' } });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('150,00'));
  });

  it('sends nothing outside editing', async () => {
    const onSubmit = vi.fn();
    form(false, onSubmit);
    fireEvent.change(screen.getByLabelText(/Valor do depósito/), { target: { value: '150,00' } });
    const submit = screen.getByRole('button', { name: 'Gerar' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    await new Promise((r) => setTimeout(r, 20));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
