// @vitest-environment jsdom
/**
 * /WithdrawPixPage and /ChangePixPage (4-pix-part-two.md §2 Withdraw Pix and Change Pix, §3, §5;
 * issue 29), through the real pages, machine and actors against a fake bank: a session without the
 * functionality gets the not-found page and the bank is asked nothing; the agent's Saque goes key →
 * amount → confirmation → QR with the §3 request, and Previous from the QR returns to the amount
 * as typed; the Troco's change is total − purchase, read-only, with 120 s by default; §5's
 * messages keep the wizard at step 2 and ask the bank nothing.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../demo/users';
import { pixCashFlowActors } from '../../../src/app/actors/pix-cash-actors';
import PixChangePage from '../../../src/features/pix/pix-change-page';
import { visibleCards } from '../../../src/features/pix/pix-hub-page';
import PixWithdrawPage from '../../../src/features/pix/pix-withdraw-page';
import { mayMakeCashQr } from '../../../src/runtime/pix-cash-access';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const { padaria } = DEMO_USERS;
const ISPB = '99999999';
const EMV = '00020101021226780014br.gov.bcb.pix2556qr.sandbox.banco.example/pix/v2/cob/abc6304ABCD';

const render = (Page: () => React.JSX.Element, path: string) =>
  renderWithApp(
    <FlowActorsProvider actors={pixCashFlowActors}>
      <Page />
    </FlowActorsProvider>,
    path,
  );

const agent = (functionalities: string[]) =>
  signIn({ functionalities, withdrawAgent: { modality: 'AGTEC', serviceProvider: ISPB } });

/** The bank of an agent with one active e-mail key. */
function bank(): BankCall[] {
  return fakeBank((call) => {
    if (call.path.endsWith('/aliases'))
      return ok([
        { name: padaria.email, type: 'EMAIL', status: 'ACTIVE' },
        { name: 'pendente@paodourado.com.br', type: 'EMAIL', status: 'CLEARING_REGISTRATION_PENDING' },
      ]);
    if (call.path.includes('/alias/'))
      return ok({
        alias: padaria.email,
        aliasType: 'EMAIL',
        aliasAccountHolder: { name: padaria.name, taxIdentifier: { taxId: padaria.taxId, country: 'BRA' } },
        accountDestination: { branch: '0001', account: '1234567', accountType: 'CACC' },
        psp: { id: ISPB, name: 'Banco Sandbox S.A.', country: 'BRA', currencies: ['BRL'] },
      });
    if (call.path.endsWith('/dynamic-qrcodes'))
      return ok({ instantPayment: { textContent: EMV, qrcodeURL: 'data:image/png;base64,iVBORw0KGgo=' } });
    return undefined;
  });
}

async function chooseKey() {
  fireEvent.click(await screen.findByRole('radio', { name: /financeiro@paodourado/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  session.clear();
});

describe('Withdraw Pix and Change Pix pages', () => {
  it('without the functionality: the not-found page with its way back, and no call', async () => {
    const calls = bank();
    agent(['PIX TROCO']);
    render(PixWithdrawPage, '/WithdrawPixPage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o extrato' }).getAttribute('href')).toBe('/Statement');
    expect(calls).toEqual([]);
  });

  it('Saque: key, amount, confirmation, the QR of the §3 request; Previous returns to the amount', async () => {
    const calls = bank();
    agent(['PIX SAQUE']);
    render(PixWithdrawPage, '/WithdrawPixPage');
    // Only the active key is offered.
    await screen.findByRole('radio', { name: /financeiro@paodourado/ });
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    await chooseKey();
    await screen.findByLabelText('Valor do saque (R$)');
    next();
    expect(screen.getByText('O valor é obrigatório')).toBeTruthy();
    type('Valor do saque (R$)', '100,00');
    next();
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirme os dados do QR Code' });
    expect(dialog.textContent).toContain(padaria.name);
    expect(dialog.textContent).toContain('Banco Sandbox S.A.');
    expect(dialog.textContent).toMatch(/Valor do saque\s*R\$\s100,00/);
    expect(dialog.textContent).toContain('Sem expiração definida');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('img', { name: /QR Code do Pix Saque de R\$\s100,00/ })).toBeTruthy();
    expect((screen.getByLabelText('Código Pix Copia e Cola') as HTMLTextAreaElement).value).toBe(EMV);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      totalAmount: 100,
      currency: 'BRL',
      paymentInfo: {
        transactionType: 'InstantPayment',
        instantPayment: {
          alias: { alias: padaria.email, aliasType: 'EMAIL' },
          cashValue: {
            cashValueType: 'WITHDRAW',
            value: 100,
            allowValueChange: false,
            agentModality: 'AGTEC',
            serviceProviderIspb: ISPB,
          },
          qrCodeImageGenerationSpecification: { errorCorrectionLevel: 'M', imageWidth: 500 },
          dynamicQrCodeType: 'IMMEDIATE',
          modalityChange: 0,
        },
      },
    });
    expect(JSON.stringify(post?.body)).not.toContain('expiration');
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect((screen.getByLabelText('Valor do saque (R$)') as HTMLInputElement).value).toBe('100,00');
  });

  it('Troco: the change is total − purchase and read-only, 120 s by default; §5 keeps step 2', async () => {
    const calls = bank();
    agent(['PIX SAQUE', 'PIX TROCO']);
    render(PixChangePage, '/ChangePixPage');
    await chooseKey();
    await screen.findByLabelText('Valor do pagamento (R$)');
    expect((screen.getByLabelText('Expiração (segundos)') as HTMLInputElement).value).toBe('120');
    type('Valor do pagamento (R$)', '80,00');
    type('Valor da compra (R$)', '80,00');
    next();
    expect(
      screen.getByText('O valor da compra não pode ser maior ou igual ao valor do pagamento.'),
    ).toBeTruthy();
    type('Valor da compra (R$)', '50,00');
    const change = screen.getByLabelText('Valor do troco (R$)') as HTMLInputElement;
    expect(change.value).toBe('30,00');
    expect(change.readOnly).toBe(true);
    type('Expiração (segundos)', '86401');
    next();
    expect(screen.getByText('O tempo de expiração máximo é de 86400 segundos.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    type('Expiração (segundos)', '120');
    next();
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirme os dados do QR Code' });
    expect(dialog.textContent).toMatch(/Valor da compra\s*R\$\s50,00/);
    expect(dialog.textContent).toMatch(/Valor do troco\s*R\$\s30,00/);
    expect(dialog.textContent).toMatch(/Valor total do pagamento\s*R\$\s80,00/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('img', { name: /QR Code do Pix Troco de R\$\s30,00/ });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      totalAmount: 80,
      paymentInfo: {
        instantPayment: { cashValue: { cashValueType: 'CHANGE', value: 30 }, expiration: 120 },
      },
    });
  });
});

describe('who may make the codes (src/runtime/pix-cash-access.ts) and the hub cards', () => {
  const flags = { pixWithdraw: true, pixChange: true };

  it('needs the functionality and its flag', () => {
    expect(mayMakeCashQr('WITHDRAW', ['PIX SAQUE'], flags)).toBe(true);
    expect(mayMakeCashQr('CHANGE', ['PIX SAQUE'], flags)).toBe(false);
    expect(mayMakeCashQr('CHANGE', ['PIX TROCO'], { ...flags, pixChange: false })).toBe(false);
    expect(mayMakeCashQr('WITHDRAW', undefined, flags)).toBe(false);
  });

  it('the hub shows the Saque and Troco cards only to whom may use them', () => {
    const routes = (mayUse?: (s: 'WITHDRAW' | 'CHANGE') => boolean) =>
      visibleCards(() => true, { pixSchedule: true }, mayUse).map((c) => c.route);
    expect(routes()).not.toContain('/WithdrawPixPage');
    expect(routes()).not.toContain('/ChangePixPage');
    const bakery = routes((s) => mayMakeCashQr(s, ['PIX SAQUE', 'PIX TROCO'], flags));
    expect(bakery.slice(-2)).toEqual(['/WithdrawPixPage', '/ChangePixPage']);
  });
});
