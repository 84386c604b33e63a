// @vitest-environment jsdom
/**
 * /Receive (2-money-movement.md §2 Receive by QR code, §5 QR field, §7 POST /payments DigitalCheck)
 * through the real page, the real actors and the real API client, against a fake bank: the
 * tutorial pages its 4 steps, Next waits for a valid QR and the value is read-only with two
 * decimals, the body of §7 is sent once per attempt (a retry after no answer repeats its
 * externalIdentifier), and a refused check keeps the QR and says the bank's reason.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receiveFlowActors } from '../../../src/app/actors/receive-actors';
import ReceiveCheckPage from '../../../src/features/receive/receive-check-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const QR_DATA = 'CHQ1.DEMO0001.8050.0123456789abcdef0123456789abcdef';
const QR = JSON.stringify({ value: '80,50', qrCodeData: QR_DATA }, null, 2);

/** The bank's text for CHECK 66 (src/i18n/locales/pt-BR/errors-movements.json, as the sandbox sends it). */
const USED = 'Este cheque digital já foi utilizado.';

const renderPage = () =>
  renderWithApp(
    <FlowActorsProvider actors={receiveFlowActors}>
      <ReceiveCheckPage />
    </FlowActorsProvider>,
    '/Receive',
  );

/** The bank's lookup of the check (issue 32 item 7): the bakery issued it. */
const ISSUER = {
  issuerName: 'Padaria Pão Dourado Ltda',
  issuerDocument: '12ABC34501DE35',
  amount: 80.5,
  expiresAt: '2026-12-28T12:00:00.000Z',
};
const lookUp = (c: BankCall) => (c.path.endsWith('/digital-check') ? ok(ISSUER) : undefined);

const payments = (calls: BankCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/payments');

async function skipTutorial(): Promise<void> {
  const tutorial = await screen.findByRole('dialog', { name: 'Como receber um cheque digital' });
  fireEvent.click(within(tutorial).getByRole('button', { name: 'Pular tutorial' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

function paste(text: string): void {
  fireEvent.change(screen.getByLabelText(/Conteúdo do QR Code/), { target: { value: text } });
}

const next = () =>
  within(screen.getByRole('form', { name: 'Receber por QR Code' })).getByRole('button', { name: 'Próximo' });

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('/Receive', () => {
  it('shows the tutorial on arrival, pages its 4 steps back and forth, and closes on Entendi', async () => {
    fakeBank(() => undefined);
    renderPage();
    const tutorial = await screen.findByRole('dialog', { name: 'Como receber um cheque digital' });
    expect(within(tutorial).getByRole('heading', { name: 'Passo 1 de 4' })).toBeTruthy();
    expect(within(tutorial).queryByRole('button', { name: 'Voltar' })).toBeNull();
    for (const n of [2, 3, 4]) {
      fireEvent.click(within(tutorial).getByRole('button', { name: 'Próximo' }));
      expect(within(tutorial).getByRole('heading', { name: `Passo ${n} de 4` })).toBeTruthy();
    }
    fireEvent.click(within(tutorial).getByRole('button', { name: 'Voltar' }));
    expect(within(tutorial).getByRole('heading', { name: 'Passo 3 de 4' })).toBeTruthy();
    fireEvent.click(within(tutorial).getByRole('button', { name: 'Próximo' }));
    fireEvent.click(within(tutorial).getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // 'Como receber' opens it again.
    fireEvent.click(screen.getByRole('button', { name: 'Como receber' }));
    expect(await screen.findByRole('heading', { name: 'Passo 1 de 4' })).toBeTruthy();
  });

  it('enables Next only for a valid QR, shows its value read-only, and sends the body of §7', async () => {
    const calls = fakeBank((c) =>
      c.path === '/payments' ? ok({ transactionId: 'tx-check-1', success: true }) : lookUp(c),
    );
    renderPage();
    await skipTutorial();
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    paste('{"value": 80.5');
    expect(await screen.findByText('Erro ao formatar o QR Code!')).toBeTruthy();
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    paste(QR);
    const value = screen.getByLabelText(/Valor \(R\$\)/) as HTMLInputElement;
    await waitFor(() => expect(value.value).toBe('80,50'));
    expect(value.readOnly).toBe(true);
    fireEvent.click(next());
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirmar recebimento' });
    expect(confirm.textContent).toContain('Saldo da carteira');
    expect(confirm.textContent).toContain('R$\u00a080,50');
    // Who issued the check, as the bank answered the lookup of its qrCodeData (issue 32 item 7).
    expect(confirm.textContent).toContain('Emitente do chequePadaria Pão Dourado Ltda');
    expect(confirm.textContent).toContain('12.ABC.345/01DE-35');
    const lookups = calls.filter((c) => c.method === 'GET' && c.path.endsWith('/digital-check'));
    expect(lookups).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    const done = await screen.findByRole('dialog', { name: 'Cheque recebido' });
    expect(done.textContent).toContain('R$\u00a080,50');
    expect(done.textContent).toContain('tx-check-1');
    const sent = payments(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      myAccount: { accountId: session.getSnapshot()?.account.accounts[0]?.accountId },
      totalAmount: 80.5,
      paymentInfo: { transactionType: 'DigitalCheck', digitalCheck: { document: QR_DATA } },
    });
  });

  it('a refused check keeps the QR and says why; no answer is retried with the same externalIdentifier', async () => {
    let answer = 0;
    const calls = fakeBank((c) => {
      if (c.path !== '/payments') return lookUp(c);
      answer += 1;
      if (answer === 1)
        return { status: 422, body: { error: { code: 66, group: 'CHECK', description: USED } } };
      if (answer === 2) return { status: 503, body: { error: { code: 99 } } };
      return ok({ transactionId: 'tx-check-2', success: true });
    });
    renderPage();
    await skipTutorial();
    paste(QR);
    fireEvent.click(next());
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirmar recebimento' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain(USED);
    expect(refusal.textContent).toContain('O cheque não foi recebido e nada foi creditado.');
    expect((screen.getByLabelText(/Conteúdo do QR Code/) as HTMLTextAreaElement).value).toBe(QR);
    // A new attempt after the refusal, then no usable answer: retry repeats that attempt's id.
    fireEvent.click(next());
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirmar recebimento' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    const failed = await screen.findByRole('alertdialog', { name: 'Não recebemos a resposta do banco' });
    fireEvent.click(within(failed).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('dialog', { name: 'Cheque recebido' })).toBeTruthy();
    const ids = payments(calls).map((c) => (c.body as { externalIdentifier: string }).externalIdentifier);
    expect(ids).toHaveLength(3);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe(ids[1]);
  });
});
