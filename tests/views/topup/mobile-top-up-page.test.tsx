// @vitest-environment jsdom
/**
 * /RechargeCell's steps (2-money-movement.md §2 Mobile top-up) through the real page, actors and
 * API client against a fake bank: each step opens on its heading, which takes the focus, so focus
 * never falls to <body> when the pressed button leaves with its step (issue 32).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOPUP_CARRIERS, TOPUP_VALUES } from '../../../machines/topup/mobile-top-up.fixtures';
import { topupFlowActors } from '../../../src/app/actors/topup-actors';
import MobileTopUpPage from '../../../src/features/topup/mobile-top-up-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn } from '../profile/profile-harness';

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the top-up steps', () => {
  it('moves focus to each step heading as the customer goes on and back, and to the result', async () => {
    fakeBank((call) => {
      if (call.path.endsWith('/operators')) return ok(TOPUP_CARRIERS);
      if (call.path.endsWith('/values')) return ok(TOPUP_VALUES);
      if (call.path.endsWith('/recharge')) return ok({ transactionId: 'tx-recarga-1' });
      return undefined;
    });
    renderWithApp(
      <FlowActorsProvider actors={topupFlowActors}>
        <MobileTopUpPage />
      </FlowActorsProvider>,
      '/RechargeCell',
    );
    const heading = (name: string) => screen.getByRole('heading', { level: 2, name });
    expect(heading('Celular')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Número do celular/), { target: { value: '11987654321' } });
    const next = screen.getByRole('button', { name: 'Próximo' }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(document.activeElement).toBe(heading('Operadora')));

    const carrier = TOPUP_CARRIERS[0]!;
    fireEvent.change(screen.getByRole('combobox', { name: /Operadora/ }), {
      target: { value: carrier.carrierId },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() => expect(document.activeElement).toBe(heading('Valor')));

    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(document.activeElement).toBe(heading('Operadora')));

    // On to the result: its heading takes the focus; the receipt has its date and its PDF (issue 32).
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() => expect(document.activeElement).toBe(heading('Valor')));
    fireEvent.change(screen.getByRole('combobox', { name: /Valor da recarga/ }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirmar recarga' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(document.activeElement).toBe(heading('Recarga realizada')));
    const date = screen.getByText('Data e hora').nextElementSibling;
    expect(date?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    expect(
      await screen.findByRole('button', { name: 'Baixar comprovante (PDF)' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
