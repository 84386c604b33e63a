// @vitest-environment jsdom
/**
 * /DepositVault (4-pix-part-two.md §2 Cash-vault search, §5 Vault search, §8 Vaults; issue 31),
 * through the real page, machine and actors against a fake bank: §5's rules on the form (the
 * minimum-address message, 'Buscar' enabled only when all three fields pass, nothing asked of the
 * bank before); a valid search posts the collapsed address, the radius in km and the deposit in
 * reais and lists the vaults found; an empty list and an address the bank cannot place (422 VAULT
 * 120) both say §8's 'Nenhum cofre encontrado...'; any other failure 'Erro na busca, tente
 * novamente...' with a retry of the same request. The map itself is the browser's (e2e).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAULISTA_VAULTS } from '../../../machines/pix/deposit-vault.fixtures';
import { depositVaultFlowActors } from '../../../src/app/actors/deposit-vault-actors';
import DepositVaultPage from '../../../src/features/pix/deposit-vault-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankAnswer } from '../profile/profile-harness';

const NONE_FOUND =
  'Nenhum cofre encontrado. Endereço incorreto/incompleto ou valor de depósito acima do disponível.';
const PATH = '/Vaults/vaults-by-filter';

const renderPage = () =>
  renderWithApp(
    <FlowActorsProvider actors={depositVaultFlowActors}>
      <DepositVaultPage />
    </FlowActorsProvider>,
    '/DepositVault',
  );

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

const form = () => screen.getByRole('form', { name: 'Dados da busca' });
const searchButton = () => within(form()).getByRole('button', { name: 'Buscar' }) as HTMLButtonElement;

function fill(radius: string, address: string, deposit: string) {
  for (const [label, value] of [
    ['Raio da busca (km)', radius],
    ['Endereço', address],
    ['Valor do depósito (R$)', deposit],
  ] as const) {
    const field = within(form()).getByLabelText(label);
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  }
}

const bank = (answer: () => BankAnswer) =>
  fakeBank((call) => (call.path === PATH && call.method === 'POST' ? answer() : undefined));

describe('Cash-vault search', () => {
  it('keeps §5 on the form: the minimum-address message, Buscar enabled only when all pass', () => {
    const calls = bank(() => ok(PAULISTA_VAULTS));
    renderPage();
    expect(searchButton().disabled).toBe(true);
    // 'R.   Sé  1' collapses to 7 characters; radius 0 and a zero deposit are not above 0.
    fill('0', 'R.   Sé  1', '0,00');
    expect(within(form()).getByText('O endereço deve ter no mínimo 10 caracteres')).toBeTruthy();
    expect(searchButton().disabled).toBe(true);
    fill('2', 'Avenida Paulista, 1578', '1.000,00');
    expect(within(form()).queryByText('O endereço deve ter no mínimo 10 caracteres')).toBeNull();
    expect(searchButton().disabled).toBe(false);
    fill('1000', 'Avenida Paulista, 1578', '1.000,00');
    expect(searchButton().disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('posts the collapsed address, the radius in km and the deposit in reais; lists the vaults found', async () => {
    const calls = bank(() => ok(PAULISTA_VAULTS));
    renderPage();
    fill('2', '  Avenida   Paulista, 1578 - Bela Vista, São Paulo - SP ', '1.000,00');
    fireEvent.click(searchButton());
    const list = await screen.findByRole('list', { name: 'Cofres encontrados' });
    expect(calls.map((c) => c.body)).toEqual([
      { radius: 2, address: 'Avenida Paulista, 1578 - Bela Vista, São Paulo - SP', depositAmount: 1000 },
    ]);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('CFR-SP-0001');
    expect(items[0]!.textContent).toMatch(/R\$\s250\.000,00/);
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=-23\.55710&mlon=-46\.65890/,
    );
    expect(screen.getByText(/2 cofres encontrados num raio de 2 km de Avenida Paulista, 1578/)).toBeTruthy();
    // 'Nova busca' goes back to the form with the values kept.
    fireEvent.click(screen.getByRole('button', { name: 'Nova busca' }));
    expect((within(form()).getByLabelText('Raio da busca (km)') as HTMLInputElement).value).toBe('2');
  });

  it('says Nenhum cofre encontrado for an empty list and for an address the bank cannot place', async () => {
    let answer: BankAnswer = ok({ ...PAULISTA_VAULTS, vaults: [] });
    bank(() => answer);
    renderPage();
    fill('2', 'Avenida Paulista, 1578', '300.000,00');
    fireEvent.click(searchButton());
    expect((await screen.findByRole('alert')).textContent).toBe(NONE_FOUND);
    expect(screen.queryByRole('list', { name: 'Cofres encontrados' })).toBeNull();

    answer = {
      status: 422,
      body: { error: { code: 120, group: 'VAULT', description: 'Endereço não localizado.' } },
    };
    fill('2', 'Rua Desconhecida, 123 - Curitiba', '1.000,00');
    fireEvent.click(searchButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NONE_FOUND));
    expect(searchButton().disabled).toBe(false);
  });

  it('says Erro na busca for another failure, and Tentar novamente sends the same request', async () => {
    let fail = true;
    const calls = bank(() => (fail ? { status: 500, body: { error: { code: 99 } } } : ok(PAULISTA_VAULTS)));
    renderPage();
    fill('2', 'Avenida Paulista, 1578', '1.000,00');
    fireEvent.click(searchButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erro na busca, tente novamente...');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('list', { name: 'Cofres encontrados' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
  });
});
