// @vitest-environment jsdom
/**
 * /PixMEDPage (4-pix-part-two.md §2 Infractions, §4, §8, §9; issue 31), through the real page,
 * machine, actors and API client against a fake bank: 10 rows a page; AWAITING and ANALYSIS both
 * shown as awaiting; a report from another participant is 'Notificação recebida', this bank's
 * 'Notificação aberta'; only an OPEN report the holder opened offers Cancelar, which asks first and
 * reloads; the detail says 'Não foi possível recuperar a transação envolvida...' when the Pix
 * behind it cannot be read; 'Contestar um Pix' offers only the Pix sent in the window.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTESTABLE_PIX,
  OPENED_OPEN,
  RECEIVED_AWAITING,
  RECEIVED_PIX,
  SAMPLE_TRANSACTION,
  TWELVE_INFRACTIONS,
} from '../../../machines/pix/pix-med-sample-data';
import { pixInfractionFlowActors } from '../../../src/app/actors/pix-infraction-actors';
import { pixMedFlowActors } from '../../../src/app/actors/pix-med-actors';
import PixMedPage from '../../../src/features/pix/pix-med-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

function bank({ transaction = true } = {}): BankCall[] {
  let cancelled = false;
  return fakeBank((call) => {
    if (call.path.endsWith('/GetInfractions'))
      return ok(
        TWELVE_INFRACTIONS.map((i) =>
          cancelled && i.idInfraction === OPENED_OPEN.idInfraction
            ? { ...i, infractionStatus: 'CANCELLED' }
            : i,
        ),
      );
    if (call.path.includes('/pix-transaction/'))
      return transaction ? ok(SAMPLE_TRANSACTION) : { status: 404, body: { error: { code: 404 } } };
    if (call.path.endsWith(`/Infraction/${OPENED_OPEN.idInfraction}/cancel`) && call.method === 'DELETE') {
      cancelled = true;
      return ok({ ...OPENED_OPEN, infractionStatus: 'CANCELLED' });
    }
    if (call.path.includes('/Infraction/GetOpenInfraction/')) return ok(null);
    if (call.path.includes('/pix-receipt/')) return ok(SAMPLE_TRANSACTION);
    if (call.path.endsWith('/statementPix')) return ok({ statement: [RECEIVED_PIX, CONTESTABLE_PIX] });
    return undefined;
  });
}

const renderPage = () =>
  renderWithApp(
    // The page's route gives the report dialog's actors too (src/app/flows.ts `with`).
    <FlowActorsProvider actors={{ ...pixMedFlowActors, ...pixInfractionFlowActors }}>
      <PixMedPage />
    </FlowActorsProvider>,
    '/PixMEDPage',
  );
const bodyRows = () => screen.getAllByRole('row').slice(1);

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the MED list', () => {
  it('shows 10 a page, statuses (ANALYSIS as awaiting) and origins; cancel only on an open report of hers', async () => {
    bank();
    renderPage();
    await screen.findByRole('button', { name: `Ver a infração ${OPENED_OPEN.idInfraction}` });
    expect(bodyRows()).toHaveLength(10);
    const [opened, received] = bodyRows();
    expect(opened?.textContent).toContain('Aberta');
    expect(opened?.textContent).toContain('Notificação aberta');
    // RECEIVED_AWAITING is ANALYSIS at the bank: shown as awaiting.
    expect(RECEIVED_AWAITING.infractionStatus).toBe('ANALYSIS');
    expect(received?.textContent).toContain('Aguardando análise');
    expect(received?.textContent).toContain('Notificação recebida');
    expect(within(received as HTMLElement).queryByRole('button', { name: /^Cancelar/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Cancelar a infração/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText(/Página 2 de 2 \(12 infrações\)/)).toBeTruthy();
  });

  it('cancels after the question and reads the list again', async () => {
    const calls = bank();
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: `Cancelar a infração ${OPENED_OPEN.idInfraction}` }),
    );
    const ask = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(ask.textContent).toContain('Deseja realmente cancelar esta notificação de infração?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Sim, cancelar' }));
    await screen.findByText('Infração cancelada.', {}, { timeout: 5_000 });
    expect(calls.filter((c) => c.path.endsWith('/GetInfractions'))).toHaveLength(2);
    expect(bodyRows()[0]?.textContent).toContain('Cancelada');
  });

  it('the detail shows the Pix behind it, or says it could not be retrieved', async () => {
    bank({ transaction: false });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: `Ver a infração ${OPENED_OPEN.idInfraction}` }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: `Infração ${OPENED_OPEN.idInfraction}` },
      { timeout: 10_000 },
    );
    expect(dialog.textContent).toContain('Não foi possível recuperar a transação envolvida...');
    expect(dialog.textContent).toContain(OPENED_OPEN.infractionDescription);
    cleanup();

    bank();
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: `Ver a infração ${OPENED_OPEN.idInfraction}` }),
    );
    const read = await screen.findByRole(
      'dialog',
      { name: `Infração ${OPENED_OPEN.idInfraction}` },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(read.textContent).toContain('Recebedor Desconhecido'));
    expect(read.textContent).not.toContain('Não foi possível recuperar');
  });

  it('the contest offers the Pix sent in the window, not a Pix received, and opens the report on it', async () => {
    const calls = bank();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Contestar um Pix' }));
    const choose = await screen.findByRole(
      'dialog',
      { name: 'Qual Pix você quer contestar?' },
      { timeout: 10_000 },
    );
    expect(choose.textContent).toContain('Loja Virtual Ofertas');
    expect(choose.textContent).not.toContain('Carlos Souza');
    expect(calls.filter((c) => c.path.endsWith('/statementPix'))).toHaveLength(1);
    fireEvent.click(within(choose).getByRole('button', { name: /^Contestar Pix enviado - Loja Virtual/ }));
    expect(
      await screen.findByRole('dialog', { name: /Notificar infração/ }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
