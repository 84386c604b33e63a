// @vitest-environment jsdom
/**
 * /PixShedulingPage (4-pix-part-two.md §2 Scheduled payments; issue 28), through the real page,
 * machine, actors and API client against a fake bank: the grid asks page 1 of 20 by id descending;
 * a failed schedule says why and offers no Excluir; the receipt shows the weekday and date, the
 * recipient, the description, the value, the creation time and the id; Excluir asks 'Deseja
 * realmente excluir esse agendamento?' and Sim deletes and reloads. The hub shows the scheduling
 * card only when the route exists and enabledPixSchedule is on.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAILED_SCHEDULE, PENDING_SCHEDULE } from '../../../machines/pix/pix-schedule-sample-data';
import { pixScheduleFlowActors } from '../../../src/app/actors/pix-schedule-actors';
import { registeredPaths } from '../../../src/app/routes';
import { visibleCards } from '../../../src/features/pix/pix-hub-page';
import PixSchedulesPage from '../../../src/features/pix/pix-schedules-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const LIST = '/PixPaymentSchedules/ListWithPagination/PixPaymentSchedules';

function bank(): BankCall[] {
  let deleted = false;
  return fakeBank((call) => {
    if (call.path.endsWith(LIST))
      return ok({
        dataset: deleted ? [FAILED_SCHEDULE] : [PENDING_SCHEDULE, FAILED_SCHEDULE],
        recordCount: deleted ? 1 : 2,
        totalPages: 1,
      });
    if (call.path.endsWith(`/PixPaymentSchedules/${PENDING_SCHEDULE.idPixPaymentSchedule}`)) {
      if (call.method === 'GET') return ok(PENDING_SCHEDULE);
      if (call.method === 'DELETE') {
        deleted = true;
        return ok({ success: true });
      }
    }
    return undefined;
  });
}

const renderPage = () =>
  renderWithApp(
    <FlowActorsProvider actors={pixScheduleFlowActors}>
      <PixSchedulesPage />
    </FlowActorsProvider>,
    '/PixShedulingPage',
  );
const rowWith = (text: string) => {
  // The amounts are written with a no-break space (Intl's BRL).
  const row = screen.getAllByRole('row').find((r) => r.textContent?.replace(/\u00a0/g, ' ').includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the scheduled Pix grid', () => {
  it('asks page 1 of 20 by id descending; a failed schedule says why and cannot be deleted', async () => {
    const calls = bank();
    renderPage();
    await screen.findByText('R$ 900,00');
    expect(calls.find((c) => c.path.endsWith(LIST))?.body).toMatchObject({
      pageNumber: 1,
      pageSize: 20,
      fieldToSort: 'idPixPaymentSchedule',
      direction: 1,
    });
    const failed = rowWith('R$ 900,00');
    expect(failed.textContent).toContain('Não realizado');
    expect(failed.textContent).toContain('Saldo insuficiente na data do pagamento.');
    expect(within(failed).queryByRole('button', { name: /^Excluir/ })).toBeNull();
    const pending = rowWith('R$ 70,00');
    expect(pending.textContent).toContain('Agendado');
    expect(pending.textContent).toContain('30/11/2026');
    within(pending).getByRole('button', { name: 'Excluir o agendamento 12' });
  });

  it('the receipt: weekday and date, recipient, description, value, created at, id', async () => {
    bank();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Comprovante do agendamento 12' }));
    const receipt = await screen.findByRole(
      'dialog',
      { name: 'Comprovante de agendamento' },
      { timeout: 10_000 },
    );
    const text = (receipt.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(text).toContain('segunda-feira, 30 de novembro de 2026');
    expect(text).toContain('Loja Aurora Ltda · loja.aurora@exemplo.com.br');
    expect(text).toContain('Mensalidade');
    expect(text).toContain('R$ 70,00');
    expect(text).toContain('21/11/2026 12:00:00');
    expect(text).toContain('12');
  });

  it("Excluir asks 'Deseja realmente excluir esse agendamento?'; Sim deletes and lists again", async () => {
    const calls = bank();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir o agendamento 12' }));
    const question = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(question.textContent).toContain('Deseja realmente excluir esse agendamento?');
    fireEvent.click(within(question).getByRole('button', { name: 'Sim' }));
    await screen.findByText('Agendamento excluído.');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      expect.stringMatching(/\/PixPaymentSchedules\/12$/),
    ]);
    expect(calls.filter((c) => c.path.endsWith(LIST))).toHaveLength(2);
  });
});

describe('the hub card', () => {
  const isRegistered = (path: string) => registeredPaths.has(path.toLowerCase());

  it('shows Agendamentos once /PixShedulingPage exists, only with enabledPixSchedule on', () => {
    expect(registeredPaths.has('/pixshedulingpage')).toBe(true);
    expect(visibleCards(isRegistered, { pixSchedule: true }).map((c) => c.route)).toContain(
      '/PixShedulingPage',
    );
    expect(visibleCards(isRegistered, { pixSchedule: false }).map((c) => c.route)).not.toContain(
      '/PixShedulingPage',
    );
  });
});
