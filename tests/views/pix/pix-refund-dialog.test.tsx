// @vitest-environment jsdom
/**
 * The refund dialog (row action of /PixExtractPage; 4-pix-part-two.md §2, §5 Refund; issue 17),
 * through the real dialog, machine, actors and API client against a fake bank: the refundable
 * amount is shown; the value's rule speaks on input (the limit above what is left, the 'refund
 * value' message for zero), and a refused value asks the bank nothing; Cancelar closes with
 * nothing changed.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/portal';
import { pixRefundFlowActors } from '../../../src/app/actors/pix-refund-actors';
import PixRefundDialog from '../../../src/features/pix/statement/pix-refund-dialog';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const ENTRY: components['schemas']['PixStatementEntry'] = {
  description: 'Pix recebido - Carlos Souza',
  type: 'C',
  amount: 250,
  amountRefund: 100,
  entryDate: '2026-10-15T15:00:00.000Z',
  creditDate: '2026-10-15T15:00:00.000Z',
  transactionId: 'tx-carlos',
  endToEndId: 'E18236120202610151500abcdefghijk',
  historyCode: '8020',
  isPix: true,
  counterpart: { name: 'Carlos Souza' },
};

const refunds = (calls: BankCall[]) => calls.filter((c) => c.path.startsWith('/PixPaymentReturn'));

function renderDialog(onClose: (changed: boolean) => void) {
  return renderWithApp(
    <FlowActorsProvider actors={pixRefundFlowActors} newId={() => 'ext-1'}>
      <PixRefundDialog entry={ENTRY} onClose={onClose} />
    </FlowActorsProvider>,
    '/PixExtractPage',
  );
}

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the refund dialog', () => {
  it('shows what is left and says the rule as the value is typed; a refused value asks nothing', async () => {
    const calls = fakeBank(() => undefined);
    renderDialog(() => undefined);
    const dialog = await screen.findByRole('dialog', { name: 'Devolver Pix' });
    expect(dialog.textContent).toMatch(/R\$\s150,00/);
    const value = screen.getByRole('textbox', { name: 'Valor da devolução' });

    fireEvent.change(value, { target: { value: '150,01' } });
    await screen.findByText('O valor não pode ser maior que o disponível para devolução.');
    expect(value.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(value, { target: { value: '0' } });
    await screen.findByText('Informe um valor de devolução maior que zero.');

    fireEvent.change(value, { target: { value: '150,00' } });
    await waitFor(() => expect(value.getAttribute('aria-invalid')).not.toBe('true'));

    fireEvent.change(value, { target: { value: '200,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByText('O valor não pode ser maior que o disponível para devolução.');
    expect(refunds(calls)).toHaveLength(0);
  });

  it('Cancelar closes with nothing changed', async () => {
    fakeBank(() => undefined);
    const onClose = vi.fn();
    renderDialog(onClose);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
  });
});
