// @vitest-environment jsdom
/**
 * /PixReceive (3-pix-part-one.md §2 Receive, §5, §8; issue 17), through the real page, machine,
 * actors and API client against a fake bank: no active key shows the way to register one (not a
 * dead end); a failed load offers Tentar novamente; the information section makes its fields and the amount required, each with its
 * message, and asks the bank nothing; a valid due-date charge sends the payer by its CNPJ with fine
 * modality 2 and interest modality 1, shows the bank's image at 200 px with its alt text; without a
 * clipboard the copy says to copy by hand and QRCODE_COPIED is not announced.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../demo/users';
import { pixFlowActors } from '../../../src/app/actors/pix-actors';
import PixReceivePage from '../../../src/features/pix/pix-receive-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const { maria, padaria } = DEMO_USERS;
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABc3UBGAAAAABJRU5ErkJggg==';
const EMV = '00020101021226900014br.gov.bcb.pix2568qr.sandbox.banco.example/pix/v2/cobv/abc6304ABCD';
const TXID = 'A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6';

function bank(keys: { name: string; type: string; status: string }[]): BankCall[] {
  return fakeBank((call) => {
    if (call.path.endsWith('/aliases')) return ok(keys);
    if (call.path.endsWith('/cobrancaVencimento'))
      return ok({
        emv: EMV,
        imagem_base64: PNG,
        id_cobranca_vencimento_pix: TXID,
        txid: TXID,
        location: 'qr.sandbox.banco.example/pix/v2/cobv/abc',
        status: 'ATIVA',
      });
    return undefined;
  });
}

const renderPage = () =>
  renderWithApp(
    <FlowActorsProvider actors={pixFlowActors}>
      <PixReceivePage />
    </FlowActorsProvider>,
    '/PixReceive',
  );
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('receive by QR', () => {
  it('no active key: the message and the link to register one', async () => {
    bank([{ name: maria.phone, type: 'PHONE', status: 'IDENTITY_VALIDATION_PENDING' }]);
    renderPage();
    await screen.findByText('Você ainda não tem uma chave Pix ativa.');
    expect(screen.getByRole('link', { name: 'Cadastrar uma chave Pix' }).getAttribute('href')).toBe(
      '/ManageKeys',
    );
  });

  it('a failed load of the keys says so; Tentar novamente loads them again', async () => {
    let first = true;
    const calls = fakeBank((call) => {
      if (!call.path.endsWith('/aliases')) return undefined;
      if (first) {
        first = false;
        return { status: 500, body: { code: 99, message: 'Falha interna' } };
      }
      return ok([{ name: maria.email, type: 'EMAIL', status: 'ACTIVE' }]);
    });
    renderPage();
    expect(await screen.findByText('Não foi possível carregar suas chaves Pix.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('radio', { name: `E-mail: ${maria.email}` })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/aliases'))).toHaveLength(2);
  });

  it('the information section: required fields, then a due-date charge, the image and the copy fallback', async () => {
    const calls = bank([
      { name: maria.email, type: 'EMAIL', status: 'ACTIVE' },
      { name: maria.phone, type: 'PHONE', status: 'IDENTITY_VALIDATION_PENDING' },
    ]);
    renderPage();
    // Only the active key is offered.
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(1);
    fireEvent.click(radios[0] as HTMLElement);
    next();
    await screen.findByLabelText('Valor (opcional)', { exact: true });
    fireEvent.click(screen.getByRole('button', { name: 'Informações de vencimento' }));
    next();
    for (const text of [
      'O valor é obrigatório',
      'Informe a data de vencimento',
      'Informe o nome do pagador',
      'Informe o CPF ou CNPJ do pagador',
    ])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    type('Valor', '100,00');
    type('Data de vencimento', '10/12/2099');
    type('Nome do pagador', padaria.name);
    type('CPF ou CNPJ do pagador', padaria.taxIdMasked);
    type('Multa após o vencimento (%, opcional)', '2');
    type('Juros ao mês após o vencimento (%, opcional)', '1,5');
    next();
    const img = await screen.findByRole('img', { name: /QR code Pix de Cobrança com vencimento/ });
    expect(img.getAttribute('width')).toBe('200');
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    const post = calls.find((c) => c.path.endsWith('/cobrancaVencimento'));
    expect(post?.body).toMatchObject({
      calendario: { dataDeVencimento: '2099-12-10' },
      devedor: { nome: padaria.name, cnpj: padaria.taxId },
      valor: {
        original: 100,
        multa: { modalidade: 2, valorPerc: 2 },
        juros: { modalidade: 3, valorPerc: 1.5 },
      },
      chave: maria.email,
    });
    expect((post?.body as { externalIdentifier?: string }).externalIdentifier).toBeTruthy();
    expect((screen.getByLabelText('Código Pix copia e cola') as HTMLTextAreaElement).value).toBe(EMV);

    // jsdom has no clipboard: the page says to copy by hand and does not claim it copied.
    fireEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    await screen.findByText(/Não foi possível copiar automaticamente/);
    expect(screen.queryByText('Código Pix copiado!')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Código Pix copia e cola')),
    );
  });
});
