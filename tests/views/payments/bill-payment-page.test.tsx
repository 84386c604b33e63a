// @vitest-environment jsdom
/**
 * /Payment (2-money-movement.md §2 Bill payment, §5 Barcode and Bill amount) through the real
 * page, the real actors and the real API client, against a fake bank: a pasted line spread over
 * the blocks, a bad code that makes no call, the details with every field, and Pay disabled by
 * the minimum and by a balance below the total (ERRORS.API.16).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BELOW_MINIMUM_DETAILS,
  BROKEN_LINE,
  SLIP_DETAILS,
  SLIP_LINE,
  UTILITY_LINE,
} from '../../../machines/payments/bill-sample-data';
import { paymentFlowActors } from '../../../src/app/actors/payment-actors';
import BillPaymentPage from '../../../src/features/payments/bill-payment-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { hasReturn, readDraft, rememberReturn } from '../../../src/runtime/resume';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

function bank(details: unknown, balance: number): BankCall[] {
  return fakeBank((call) => {
    if (call.method === 'POST' && call.path === '/bills') return ok(details);
    if (call.method === 'GET' && call.path.endsWith('/balance'))
      return ok({ balances: [{ balanceType: 'REAL', amount: balance, date: '2026-11-24T09:00:00-03:00' }] });
    return undefined;
  });
}

const renderPage = () =>
  renderWithApp(
    <FlowActorsProvider actors={paymentFlowActors}>
      <BillPaymentPage />
    </FlowActorsProvider>,
    '/Payment',
  );

const block = (n: number, total: number) => screen.getByRole('textbox', { name: `Bloco ${n} de ${total}` });

const payOf = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Pagar' }) as HTMLButtonElement;

function paste(target: HTMLElement, text: string): void {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the blocks', () => {
  it('a printed bank-slip line pasted into the first block fills the five, dots shown', async () => {
    bank(SLIP_DETAILS, 10_000);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Pagamento de contas' });
    paste(block(1, 5), '23790.00009 00000.220269 11000.012374 6 16280000123045');
    expect([1, 2, 3, 4, 5].map((n) => (block(n, 5) as HTMLInputElement).value)).toEqual([
      '23790.00009',
      '00000.220269',
      '11000.012374',
      '6',
      '16280000123045',
    ]);
    expect(SLIP_LINE).toBe('23790000090000022026911000012374616280000123045');
  });

  it('a utility (first digit 8) has 4 blocks of 12 digits; hyphens of a paste are dropped', async () => {
    bank(SLIP_DETAILS, 10_000);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Pagamento de contas' });
    const printed = [0, 1, 2, 3].map(
      (i) => `${UTILITY_LINE.slice(i * 12, i * 12 + 11)}-${UTILITY_LINE[i * 12 + 11]}`,
    );
    paste(block(1, 5), printed.join(' '));
    expect(screen.queryByRole('textbox', { name: 'Bloco 5 de 5' })).toBeNull();
    expect([1, 2, 3, 4].map((n) => (block(n, 4) as HTMLInputElement).value)).toEqual(
      [0, 1, 2, 3].map((i) => UTILITY_LINE.slice(i * 12, i * 12 + 12)),
    );
  });

  it('a code that fails its check digits says which blocks, marks them alone and makes no call', async () => {
    const calls = bank(SLIP_DETAILS, 10_000);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Pagamento de contas' });
    paste(block(1, 5), BROKEN_LINE);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    // Issue 32: not 'all five red' but the general check digit (block 4) against block 5.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Código de barras inválido: o dígito verificador geral (bloco 4) não confere com o valor e o vencimento (bloco 5). Confira os blocos 4 e 5.',
    );
    expect([1, 2, 3, 4, 5].map((n) => block(n, 5).getAttribute('aria-invalid'))).toEqual([
      null,
      null,
      null,
      'true',
      'true',
    ]);
    expect(calls.filter((c) => c.path === '/bills')).toHaveLength(0);
  });
});

describe('the line outlives an expired session (issue 32)', () => {
  it('typed, kept for the tab while the page is open; leaving the page normally drops it', async () => {
    bank(SLIP_DETAILS, 10_000);
    const holder = signIn().account.accountHolderId;
    const page = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Pagamento de contas' });
    paste(block(1, 5), SLIP_LINE);
    expect(readDraft(holder, '/Payment')).toEqual({ line: SLIP_LINE });
    page.unmount();
    expect(readDraft(holder, '/Payment')).toBeUndefined();
  });

  it('an expiry keeps it, and the page opened again shows the blocks as they were', async () => {
    bank(SLIP_DETAILS, 10_000);
    const holder = signIn().account.accountHolderId;
    const first = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Pagamento de contas' });
    paste(block(1, 5), SLIP_LINE.slice(0, 15));
    // What the shell does on 'Login expirado.' before it leaves the page.
    rememberReturn(holder, '/Payment');
    first.unmount();
    expect(hasReturn()).toBe(true);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Pagamento de contas' });
    expect([1, 2].map((n) => (block(n, 5) as HTMLInputElement).value)).toEqual(['23790.00009', '00000']);
    sessionStorage.clear();
  });
});

describe('the details', () => {
  async function openDetails(): Promise<HTMLElement> {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Pagamento de contas' });
    paste(block(1, 5), SLIP_LINE);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    return screen.findByRole('dialog', { name: 'Detalhes da conta' });
  }

  it('show every field of §3 and the total; Pay is enabled when the balance covers it', async () => {
    bank(SLIP_DETAILS, 10_000);
    const dialog = await openDetails();
    for (const label of [
      'Beneficiário',
      'CPF/CNPJ do beneficiário',
      'Código de barras',
      'Vencimento',
      'Valor do documento',
      'Desconto',
      'Abatimentos',
      'Juros',
      'Multa',
      'Valor mínimo',
      'Valor máximo',
    ])
      expect(within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.tagName).toBe('DD');
    // 1.230,45 + 24,61 + 4,92
    expect(dialog.textContent).toMatch(/Valor total: R\$\s1\.259,98/);
    await waitFor(() => expect(payOf(dialog).disabled).toBe(false));
  });

  it('a total below the minimum disables Pay with ERROR_MINIMUM', async () => {
    bank(BELOW_MINIMUM_DETAILS, 10_000);
    const dialog = await openDetails();
    expect(within(dialog).getByRole('alert').textContent).toContain('abaixo do valor mínimo');
    expect(payOf(dialog).disabled).toBe(true);
  });

  it('a balance below the total disables Pay with the text of ERRORS.API.16', async () => {
    bank(SLIP_DETAILS, 100);
    const dialog = await openDetails();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Saldo insuficiente');
    expect(payOf(dialog).disabled).toBe(true);
  });
});
