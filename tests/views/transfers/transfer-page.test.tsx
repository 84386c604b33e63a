// @vitest-environment jsdom
/**
 * The transfers' one page (src/features/transfers/transfer-page.tsx) through the company transfer
 * (/TransferToBrinks: its form has two plain fields), with the real page, actors and API client
 * against a fake bank. Issue 32: the balance is checked before a security code is asked; a refusal
 * that returns to the form takes the focus; the destination is the branch and account number,
 * never the bank's internal id; the receipt opens on its title, with the bank's time in São Paulo.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../../../demo/users';
import { recipientFlowActors } from '../../../src/app/actors/recipient-actors';
import { transferFlowActors } from '../../../src/app/actors/transfer-actors';
import CompanyTransferPage from '../../../src/features/transfers/company-transfer-page';
import {
  forgetRecipientBookDialog,
  preloadRecipientBookDialog,
} from '../../../src/features/transfers/recipient-book-picker';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import {
  fakeBank,
  ok,
  renderWithApp,
  signIn,
  type BankAnswer,
  type BankCall,
} from '../profile/profile-harness';

/** The seed's Padaria account: its internal id, and the branch and number a person reads. */
const PADARIA_ACCOUNT_ID = DEMO_USERS.padaria.accountId;
const CONTACT = {
  accounts: [{ accountId: PADARIA_ACCOUNT_ID, branch: '0001', account: DEMO_USERS.padaria.number }],
  accountHolder: { name: DEMO_USERS.padaria.name, mobilePhones: [] },
  client: {
    name: DEMO_USERS.padaria.name,
    taxIdentifier: { taxId: DEMO_USERS.padaria.taxId, country: 'BRA' },
  },
};
const balanceOf = (amount: number): BankAnswer =>
  ok({ balances: [{ balanceType: 'REAL', amount, date: '2026-11-21T09:00:00-03:00' }] });

/** A bank that finds Padaria, has `balance`, accepts any code and answers the payment with `payment`. */
function bank(balance: number, payment: () => BankAnswer): BankCall[] {
  return fakeBank((c) => {
    if (c.path.startsWith('/contact-users/')) return ok(CONTACT);
    if (c.path.endsWith('/balance')) return balanceOf(balance);
    if (c.path.startsWith('/totp/validate/'))
      return ok({ result: true, confirmationToken: 'conf-token-0001-abcdef', expiresInSeconds: 300 });
    if (c.path === '/payments') return payment();
    return undefined;
  });
}

const renderPage = () =>
  renderWithApp(
    <FlowActorsProvider actors={{ ...transferFlowActors, ...recipientFlowActors }}>
      <CompanyTransferPage />
    </FlowActorsProvider>,
    '/TransferToBrinks',
  );

async function submit(amount: string): Promise<HTMLElement> {
  fireEvent.change(screen.getByLabelText(/CNPJ da empresa/), {
    target: { value: DEMO_USERS.padaria.taxIdMasked },
  });
  fireEvent.change(screen.getByLabelText(/Valor \(R\$\)/), { target: { value: amount } });
  const form = screen.getByRole('form', { name: 'Transferência para conta empresa' });
  const transfer = within(form).getByRole('button', { name: 'Transferir' }) as HTMLButtonElement;
  await waitFor(() => expect(transfer.disabled).toBe(false));
  fireEvent.click(transfer);
  return screen.findByRole('alertdialog', { name: 'Confirmar transferência' });
}

async function confirmWithCode(confirm: HTMLElement): Promise<void> {
  const accept = within(confirm).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
  await waitFor(() => expect(accept.disabled).toBe(false));
  fireEvent.click(accept);
  const code = await screen.findByRole('alertdialog', { name: 'Chave de Segurança' });
  fireEvent.change(within(code).getByLabelText(/Chave de Segurança/), { target: { value: '123456' } });
  fireEvent.click(within(code).getByRole('button', { name: 'Confirmar' }));
}

beforeEach(() => {
  signIn();
  forgetRecipientBookDialog(); // as a fresh page: the book's dialog not fetched yet
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the transfers page (/TransferToBrinks)', () => {
  it('writes the amount the pt-BR way when it is left, and sends what it shows (issue 32)', async () => {
    bank(10_000, () => ok({ transactionId: 'tx-1', success: true }));
    renderPage();
    const amount = (await screen.findByLabelText(/Valor \(R\$\)/)) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '1234,5' } });
    fireEvent.blur(amount);
    expect(amount.value).toBe('1.234,50');
    const confirm = await submit('1.234,50');
    expect(confirm.textContent).toMatch(/R\$\s1\.234,50/);
  });

  it('says a short balance at the confirmation, focused, and asks no security code', async () => {
    const calls = bank(10, () => ok({ transactionId: 'tx-1', success: true }));
    renderPage();
    const confirm = await submit('25,50');
    const alert = await within(confirm).findByRole('alert');
    expect(alert.textContent).toBe('Saldo insuficiente para realizar esta operação.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((within(confirm).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(calls.some((c) => c.path.startsWith('/totp/'))).toBe(false);
  });

  it('puts a refusal after the code where the focus is: the form alert takes it', async () => {
    bank(1000, () => ({ status: 422, body: { error: { code: 16, description: 'Saldo insuficiente' } } }));
    renderPage();
    await confirmWithCode(await submit('25,50'));
    const form = screen.getByRole('form', { name: 'Transferência para conta empresa' });
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Saldo insuficiente');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('names the destination by branch and account number, never its id; the receipt opens on its title with the time', async () => {
    bank(1000, () => ok({ transactionId: 'tx-2', success: true, createdAt: '2026-11-21T14:30:05Z' }));
    renderPage();
    const confirm = await submit('25,50');
    for (const text of [
      'Agência',
      '0001',
      'Conta de destino',
      `0${DEMO_USERS.padaria.number}`,
      '12.ABC.345/01DE-35',
    ])
      expect(confirm.textContent).toContain(text);
    expect(confirm.textContent).not.toContain(PADARIA_ACCOUNT_ID);
    await confirmWithCode(confirm);
    const done = await screen.findByRole('dialog', { name: 'Transferência realizada' });
    expect(done.textContent).toContain(`0${DEMO_USERS.padaria.number}`);
    expect(done.textContent).not.toContain(PADARIA_ACCOUNT_ID);
    // 14:30:05 UTC is 11:30:05 in São Paulo.
    expect(done.textContent).toContain('21/11/2026 11:30:05');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(done).getByRole('heading', { name: 'Transferência realizada' }),
      ),
    );
    expect(within(done).getByRole('button', { name: 'Baixar comprovante (PDF)' })).toBeTruthy();
  });

  it('fetches the recipient book when it is opened, saying so meanwhile (issue 26)', async () => {
    bank(10_000, () => ok({ transactionId: 'tx-1', success: true }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Escolher favorecido salvo' }));
    expect(screen.getByRole('status').textContent).toContain('Carregando...');
    expect(screen.queryByRole('dialog', { name: 'Escolher favorecido' })).toBeNull();
    await preloadRecipientBookDialog(); // the fetch the click started (a cold transform here)
    expect(await screen.findByRole('dialog', { name: 'Escolher favorecido' })).toBeTruthy();
  });

  it('prefetches the recipient book on focus of its button, so it opens at once (issue 26)', async () => {
    bank(10_000, () => ok({ transactionId: 'tx-1', success: true }));
    renderPage();
    const pick = await screen.findByRole('button', { name: 'Escolher favorecido salvo' });
    fireEvent.focus(pick);
    await vi.dynamicImportSettled();
    fireEvent.click(pick);
    expect(screen.getByRole('dialog', { name: 'Escolher favorecido' })).toBeTruthy();
  });
});
