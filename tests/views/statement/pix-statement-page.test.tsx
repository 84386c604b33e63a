// @vitest-environment jsdom
/**
 * /PixExtractPage in jsdom against a fake bank behind the real API client, with the route's real
 * actors (src/app/actors/pix-statement-actors.ts): the Pix entries of getPixStatement, the row
 * actions of the slot shown by their rules (3-pix-part-one.md §5) after the receipt button, a row
 * dialog mounted lazily with its entry, a dialog that changed the entry reloading the list, and
 * the 'Comprovante de Transação PIX' of getPixReceipt.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { canRefund, canReport, type PixStatementEntry } from '../../../machines/pix/pix-statement-rules';
import { DEMO_ACCOUNT, SAMPLE_BALANCES, SAMPLE_CLIENT } from '../../../machines/statement/sample-data';
import { pixStatementFlowActors } from '../../../src/app/actors/pix-statement-actors';
import { AppProviders } from '../../../src/app/providers';
import PixStatementPage from '../../../src/features/statement/pix-statement-page';
import { session } from '../../../src/runtime/session';
import type { RowAction, RowDialogProps } from '../../../src/ui/row-actions';
import { fakeBank, signIn } from '../shell/harness';

const E2E = (n: number) => `E12345678202605201200${String(n).padStart(11, '0')}`;

function pix(n: number, over: Partial<PixStatementEntry>): PixStatementEntry {
  return {
    description: `Pix ${n}`,
    type: 'C',
    amount: 100,
    amountRefund: 0,
    transactionId: `tx-${n}`,
    endToEndId: E2E(n),
    historyCode: '8020',
    isPix: true,
    entryDate: '2026-05-18T10:00:00-03:00',
    creditDate: '2026-05-18T10:00:00-03:00',
    ...over,
  };
}

const RECEIVED = pix(1, { description: 'Pix recebido - Ana' });
const REFUNDED = pix(2, { description: 'Pix recebido - Bruno', amount: 50, amountRefund: 50 });
const OLD = pix(3, { description: 'Pix recebido - Caio', creditDate: '2026-02-18T10:00:00-03:00' });
const SENT = pix(4, { description: 'Pix enviado - Loja', type: 'D', historyCode: '8011', amount: 30 });
const BACK = pix(5, { description: 'Devolução Pix recebida - Loja', historyCode: '8031', amount: 10 });

/** The fake dialogs: what they were given, and a way to close them from the test. */
let opened: RowDialogProps<PixStatementEntry> | null = null;
function FakeDialog(props: RowDialogProps<PixStatementEntry>) {
  opened = props;
  return <div role="dialog" aria-label={`fake ${props.entry.description}`} />;
}

const ACTIONS: readonly RowAction<PixStatementEntry>[] = [
  {
    id: 'refund',
    labelKey: 'TEST.REFUND {{description}}',
    tipKey: 'TEST.REFUND_TIP',
    icon: 'refund',
    available: canRefund,
    Dialog: lazy(async () => ({ default: FakeDialog })),
  },
  {
    id: 'report',
    labelKey: 'TEST.REPORT {{description}}',
    tipKey: 'TEST.REPORT_TIP',
    icon: 'report',
    available: canReport,
    Dialog: lazy(async () => ({ default: FakeDialog })),
  },
];

function bank(entries: () => PixStatementEntry[], receiptStatus?: number) {
  return fakeBank((call) => {
    const p = call.path;
    if (p === `/client/${DEMO_ACCOUNT.accountId}`) return { body: { data: SAMPLE_CLIENT } };
    if (p === `/client/${DEMO_ACCOUNT.accountId}/balance`) return { body: { data: SAMPLE_BALANCES } };
    if (p === `/account/${DEMO_ACCOUNT.accountId}/statementPix`)
      return { body: { data: { statement: entries() } } };
    if (p === `/account/${DEMO_ACCOUNT.accountId}/pix-receipt/tx-4`)
      return receiptStatus
        ? { status: receiptStatus, body: { error: { code: 99 } } }
        : {
            body: {
              data: {
                pixId: E2E(4),
                pixDate: '2026-05-18T10:00:00-03:00',
                pixKey: 'loja@example.com',
                transactionId: 'tx-4',
                amount: 30,
                type: 'D',
                description: 'Pix enviado - Loja',
                historyCode: '8011',
                payer: { name: 'Maria Silva Santos', taxIdMasked: '***.456.789-**' },
                payee: { name: 'Loja', taxIdMasked: '12345678000199' },
              },
            },
          };
    return undefined;
  });
}

function renderPage(entries: () => PixStatementEntry[], receiptStatus?: number) {
  const calls = bank(entries, receiptStatus);
  signIn({
    account: {
      accountHolderId: DEMO_ACCOUNT.accountHolderId,
      accounts: [{ accountId: DEMO_ACCOUNT.accountId }],
      isValidateDevice: true,
    },
    client: SAMPLE_CLIENT.client,
    accountInfo: SAMPLE_CLIENT.account,
  });
  render(
    <AppProviders location={memoryLocation({ path: '/PixExtractPage' })} flowActors={pixStatementFlowActors}>
      <QueryClientProvider client={new QueryClient()}>
        <main>
          <PixStatementPage rowActions={ACTIONS} />
        </main>
      </QueryClientProvider>
    </AppProviders>,
  );
  return calls;
}

const rowOf = (description: string) => {
  const row = within(screen.getByRole('table'))
    .getAllByRole('row')
    .find((r) => r.hasAttribute('data-entry-row') && r.textContent?.includes(description));
  if (!row) throw new Error(`no row for ${description}`);
  return row;
};
const actionsOf = (description: string) =>
  [...rowOf(description).querySelectorAll('[data-row-action]')].map((b) => b.getAttribute('data-row-action'));
const statementCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.endsWith('/statementPix'));

beforeEach(() => {
  opened = null;
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-20T12:00:00-03:00') });
});

afterEach(() => {
  cleanup();
  session.clear();
  vi.useRealTimers();
});

describe('Pix statement (/PixExtractPage)', () => {
  it('lists the Pix entries and offers each row action only where its rule allows it', async () => {
    const calls = renderPage(() => [RECEIVED, REFUNDED, OLD, SENT, BACK]);
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Extrato Pix' })).toBeTruthy();
    expect(statementCalls(calls).length).toBe(1);
    expect(actionsOf('Pix recebido - Ana')).toEqual(['refund']);
    expect(actionsOf('Pix recebido - Bruno')).toEqual([]); // fully refunded
    expect(actionsOf('Pix recebido - Caio')).toEqual([]); // 91 days ago
    expect(actionsOf('Pix enviado - Loja')).toEqual(['report']);
    expect(actionsOf('Devolução Pix recebida - Loja')).toEqual([]);
    // The icon button is named by its key, with the row's description.
    expect(
      within(rowOf('Pix recebido - Ana')).getByRole('button', { name: 'TEST.REFUND Pix recebido - Ana' }),
    );
  });

  it('gives focus back to the action of the same entry after its dialog changed the list (issue 32)', async () => {
    let refunded = 0;
    renderPage(() => [{ ...RECEIVED, amountRefund: refunded }, SENT]);
    await screen.findByRole('table');
    const refund = () => within(rowOf('Pix recebido - Ana')).getByRole('button', { name: /TEST.REFUND/ });
    refund().focus();
    fireEvent.click(refund());
    await screen.findByRole('dialog', { name: 'fake Pix recebido - Ana' });
    refunded = 40; // part of it: the refund is still offered
    act(() => opened?.onClose(true));
    await waitFor(() => expect(document.activeElement).toBe(refund()), { timeout: 10_000 });

    fireEvent.click(refund());
    await screen.findByRole('dialog', { name: 'fake Pix recebido - Ana' });
    refunded = 100; // all of it: no refund left, the entry's receipt takes the focus
    act(() => opened?.onClose(true));
    await waitFor(() => expect(actionsOf('Pix recebido - Ana')).toEqual([]), { timeout: 10_000 });
    await waitFor(
      () =>
        expect(document.activeElement).toBe(
          within(rowOf('Pix recebido - Ana')).getByRole('button', { name: /Ver comprovante/ }),
        ),
      { timeout: 10_000 },
    );
  });

  it("opens the action's dialog with its entry; a change reloads the list, no change does not", async () => {
    let refunded = 0;
    const calls = renderPage(() => [{ ...RECEIVED, amountRefund: refunded }, SENT]);
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('Pix recebido - Ana')).getByRole('button', { name: /TEST.REFUND/ }));
    await screen.findByRole('dialog', { name: 'fake Pix recebido - Ana' });
    expect(opened?.entry.transactionId).toBe('tx-1');

    act(() => opened?.onClose(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statementCalls(calls).length).toBe(1);

    fireEvent.click(within(rowOf('Pix recebido - Ana')).getByRole('button', { name: /TEST.REFUND/ }));
    await screen.findByRole('dialog', { name: 'fake Pix recebido - Ana' });
    refunded = 100;
    act(() => opened?.onClose(true));
    await waitFor(() => expect(statementCalls(calls).length).toBe(2));
    await waitFor(() => expect(actionsOf('Pix recebido - Ana')).toEqual([]));
    expect(actionsOf('Pix enviado - Loja')).toEqual(['report']);
  });

  it('every row icon has a short visible label for hover and focus, and keeps its accessible name (issue 32)', async () => {
    renderPage(() => [RECEIVED, SENT]);
    await screen.findByRole('table');
    const tipOf = (button: HTMLElement) => button.querySelector('[data-tooltip]');
    const receipt = within(rowOf('Pix enviado - Loja')).getByRole('button', {
      name: 'Ver comprovante: Pix enviado - Loja',
    });
    expect(tipOf(receipt)?.textContent).toBe('Comprovante');
    expect(tipOf(receipt)?.getAttribute('aria-hidden')).toBe('true');
    const refund = within(rowOf('Pix recebido - Ana')).getByRole('button', { name: /TEST.REFUND/ });
    expect(tipOf(refund)?.textContent).toBe('TEST.REFUND_TIP');
    const report = within(rowOf('Pix enviado - Loja')).getByRole('button', { name: /TEST.REPORT/ });
    expect(tipOf(report)?.textContent).toBe('TEST.REPORT_TIP');
  });

  it("shows the 'Comprovante de Transação PIX' with pixId, pixDate and pixKey", async () => {
    renderPage(() => [SENT]);
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('Pix enviado - Loja')).getByRole('button', { name: /Ver comprovante/ }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Comprovante de Transação PIX' },
      { timeout: 10_000 },
    );
    await waitFor(() =>
      expect(dialog.querySelector('[data-field="RECEIPT.FIELDS.PIX_ID"]')?.textContent).toBe(E2E(4)),
    );
    expect(dialog.querySelector('[data-field="RECEIPT.FIELDS.PIX_KEY"]')?.textContent).toBe(
      'loja@example.com',
    );
    expect(dialog.querySelector('[data-field="RECEIPT.FIELDS.PIX_DATE"]')?.textContent).toMatch(
      /^18\/05\/2026/,
    );
  });

  it('shows the empty Pix receipt, dashes and R$ 0,00, when it cannot be loaded', async () => {
    renderPage(() => [SENT], 500);
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('Pix enviado - Loja')).getByRole('button', { name: /Ver comprovante/ }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Comprovante de Transação PIX' },
      { timeout: 10_000 },
    );
    await within(dialog).findByText(/Não foi possível carregar os dados deste comprovante/);
    for (const id of ['PIX_ID', 'PIX_DATE', 'PIX_KEY'])
      expect(dialog.querySelector(`[data-field="RECEIPT.FIELDS.${id}"]`)?.textContent).toBe('-');
    expect(dialog.querySelector('[data-field="RECEIPT.FIELDS.AMOUNT"]')?.textContent).toMatch(/^R\$\s0,00$/);
  });
});
