// @vitest-environment jsdom
/**
 * /PixLimits (4-pix-part-two.md §2 Pix limits, §5 Limit fields, §8 Limits; issue 28), through the
 * real page, machine and actors against a fake bank: the totals with their periods; a pending
 * request disables the button with 'Última solicitação pendente de aprovação.'; an invalid field
 * gives §5's one message and asks the bank nothing; a raised total answered PENDENT says 'Limite
 * pendente por segurança, aguarde de 24 a 48 horas.'; a failed save says 'Ocorreu um erro!'.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARIA_LIMITS, MARIA_LIMITS_PENDING } from '../../../machines/pix/pix-limits.fixtures';
import { pixLimitsFlowActors } from '../../../src/app/actors/pix-limits-actors';
import PixLimitsPage from '../../../src/features/pix/pix-limits-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn } from '../profile/profile-harness';

const REQUEST = 'Solicitar ajuste dos limites disponíveis';

const renderPage = () =>
  renderWithApp(
    <FlowActorsProvider actors={pixLimitsFlowActors}>
      <PixLimitsPage />
    </FlowActorsProvider>,
    '/PixLimits',
  );

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

function fill(day: string, night: string) {
  const dialog = screen.getByRole('dialog', { name: REQUEST });
  fireEvent.change(within(dialog).getByLabelText('Limite diurno (R$)'), { target: { value: day } });
  fireEvent.change(within(dialog).getByLabelText('Limite noturno (R$)'), { target: { value: night } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar' }));
  return dialog;
}

describe('Pix limits', () => {
  it('shows the day and night totals with their periods; a pending request disables the button', async () => {
    fakeBank((call) => (call.path.endsWith('/pix-limits') ? ok(MARIA_LIMITS_PENDING) : undefined));
    renderPage();
    await screen.findByText(/Limite diurno \(das 6h às 20h\)/);
    expect(screen.getByText(/Limite noturno \(das 20h às 6h\)/)).toBeTruthy();
    expect(screen.getByText(/Solicitado: R\$\s8\.000,00/)).toBeTruthy();
    expect((screen.getByRole('button', { name: REQUEST }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Última solicitação pendente de aprovação.')).toBeTruthy();
  });

  it('an invalid field gives the one message of §5 and asks the bank nothing', async () => {
    const calls = fakeBank((call) => (call.path.endsWith('/pix-limits') ? ok(MARIA_LIMITS) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: REQUEST }));
    for (const [day, night] of [
      ['', '300,00'],
      ['1.000,00', '2.000,00'],
      ['100.000,01', '300,00'],
    ] as const) {
      const dialog = fill(day, night);
      expect(within(dialog).getByRole('alert').textContent).toBe('Por favor, verificar dados inválidos.');
    }
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a raised total answered PENDENT: the pending message, the button disabled', async () => {
    const calls = fakeBank((call) => {
      if (!call.path.endsWith('/pix-limits')) return undefined;
      return ok(call.method === 'POST' ? MARIA_LIMITS_PENDING : MARIA_LIMITS);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: REQUEST }));
    fill('8.000,00', '1.000,00');
    await screen.findByText('Limite pendente por segurança, aguarde de 24 a 48 horas.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      daytimeValue: 8000,
      nighttimeValue: 1000,
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: REQUEST }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('a failed save keeps the dialog with Ocorreu um erro!', async () => {
    fakeBank((call) => {
      if (!call.path.endsWith('/pix-limits')) return undefined;
      return call.method === 'POST'
        ? { status: 500, body: { code: 99, message: 'Falha' } }
        : ok(MARIA_LIMITS);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: REQUEST }));
    const dialog = fill('4.000,00', '300,00');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Ocorreu um erro!'));
    expect(within(dialog).getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
