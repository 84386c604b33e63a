// @vitest-environment jsdom
/**
 * The recipient book (2-money-movement.md §2 Recipient book, §5 Recipient form, §7, §8) through the
 * real page, the real actors and the real API client, against a fake bank: the grid's columns, the
 * server paging and sorting requests, add with the type switch, the company-account lookup that
 * refuses an already registered contact, and delete with its confirmation.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_RECIPIENT, TED_RECIPIENT } from '../../../machines/transfers/recipient-book.fixtures';
import { session } from '../../../src/runtime/session';
import { recipientFlowActors } from '../../../src/app/actors/recipient-actors';
import RecipientBookPage from '../../../src/features/transfers/recipient-book-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const LIST_PATH = '/Recipients/ListWithPagination/recipients';
const PAGE = ok({ dataset: [TED_RECIPIENT, COMPANY_RECIPIENT], recordCount: 12, totalPages: 2 });

function bank(extra: (call: BankCall) => ReturnType<typeof ok> | undefined = () => undefined) {
  return fakeBank(
    (call) => extra(call) ?? (call.method === 'POST' && call.path === LIST_PATH ? PAGE : undefined),
  );
}

/** The page with the real actors of its route, calling the fake bank. */
const renderBook = () =>
  renderWithApp(
    <FlowActorsProvider actors={recipientFlowActors}>
      <RecipientBookPage />
    </FlowActorsProvider>,
    '/Transfer/Recipient',
  );

const listCalls = (calls: BankCall[]) =>
  calls.filter((c) => c.path === LIST_PATH).map((c) => c.body as Record<string, unknown>);

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the grid', () => {
  it('asks for page 1 of 10 by idRecipient descending and shows the columns of §2', async () => {
    const calls = bank();
    renderBook();
    const table = await screen.findByRole('table', { name: 'Favorecidos cadastrados' });
    expect(listCalls(calls)[0]).toMatchObject({
      pageNumber: 1,
      pageSize: 10,
      fieldToSort: 'idRecipient',
      direction: 1,
      filters: {},
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const ted = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(ted.slice(0, 6)).toEqual([
      'TED',
      'Maria - BB',
      '001 - Banco do Brasil S.A.',
      '123456-7',
      '529.982.247-25',
      'Não',
    ]);
    const company = within(rows[2] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(company.slice(0, 6)).toEqual([
      'Conta empresa',
      'Padaria Central',
      '-',
      '-',
      '11.222.333/0001-81',
      'Sim',
    ]);
    expect(screen.getByText(/Página 1 de 2/)).toBeTruthy();
  });

  it('sorts, pages and filters on the server', async () => {
    const calls = bank();
    renderBook();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Apelido' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toMatchObject({ fieldToSort: 'nickname', direction: 0, pageNumber: 1 });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Próxima página' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2]).toMatchObject({ fieldToSort: 'nickname', pageNumber: 2 });
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Tipo de favorecido'), { target: { value: 'Pix' } });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(4));
    expect(listCalls(calls)[3]).toMatchObject({ filters: { recipient_type: 'Pix' }, pageNumber: 1 });
  });

  it("says 'Nenhum registro encontrado!' when the page is empty", async () => {
    bank((call) =>
      call.path === LIST_PATH ? ok({ dataset: [], recordCount: 0, totalPages: 0 }) : undefined,
    );
    renderBook();
    expect(await screen.findByText('Nenhum registro encontrado!')).toBeTruthy();
  });
});

describe('the form', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Adicionar favorecido' });
  const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const save = () => within(dialog()).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;

  it('adds a TED recipient; switching type clears the fields that no longer apply', async () => {
    const calls = bank((call) =>
      call.method === 'POST' && call.path === '/Recipients'
        ? ok({ ...TED_RECIPIENT, idRecipient: 13 })
        : undefined,
    );
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar favorecido' }));
    await screen.findByRole('dialog', { name: 'Adicionar favorecido' });
    fireEvent.change(field('Tipo de favorecido'), { target: { value: 'BankTransfer' } });
    type('Apelido', ' João - Bradesco ');
    type('Nome completo', 'João da Silva');
    type('CPF/CNPJ', '52998224725');
    expect(field('CPF/CNPJ').value).toBe('529.982.247-25');
    expect(save().disabled).toBe(true);
    const bankBox = within(dialog()).getByRole('combobox', { name: 'Banco' });
    fireEvent.change(bankBox, { target: { value: '237' } });
    // The bank list loads after the form has painted (src/ui/bank-list.ts): pick once it lists 237.
    await within(dialog()).findByRole('option', { name: /^237/ });
    fireEvent.keyDown(bankBox, { key: 'Enter' });
    type('Agência', '0001');
    fireEvent.change(field('Tipo de conta'), { target: { value: 'POUPANCA' } });
    type('Conta', '98765');
    type('Dígito', '0');
    // To Pix and back: the TED fields are gone, the nickname stays.
    fireEvent.change(field('Tipo de favorecido'), { target: { value: 'Pix' } });
    expect(within(dialog()).queryByLabelText('Nome completo')).toBeNull();
    fireEvent.change(field('Tipo de favorecido'), { target: { value: 'BankTransfer' } });
    expect(field('Nome completo').value).toBe('');
    expect(field('Apelido').value).toBe(' João - Bradesco ');
    type('Nome completo', 'João da Silva');
    type('CPF/CNPJ', '52998224725');
    fireEvent.change(
      bankBox.isConnected ? bankBox : within(dialog()).getByRole('combobox', { name: 'Banco' }),
      {
        target: { value: '237' },
      },
    );
    fireEvent.keyDown(within(dialog()).getByRole('combobox', { name: 'Banco' }), { key: 'Enter' });
    type('Agência', '0001');
    fireEvent.change(field('Tipo de conta'), { target: { value: 'POUPANCA' } });
    type('Conta', '98765');
    type('Dígito', '0');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/Recipients')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/Recipients')?.body).toMatchObject({
      recipientType: 'BankTransfer',
      nickname: 'João - Bradesco',
      name: 'João da Silva',
      cpfCnpj: '52998224725',
      bankCode: '237',
      branchCode: '0001',
      accountType: 'POUPANCA',
      accountNumber: '98765',
      accountNumberDigit: '0',
      userAccountId: '1001',
    });
    expect(await screen.findByText('Favorecido salvo com sucesso!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a company account already registered is refused with 'Favorecido já cadastrado' and nothing is created", async () => {
    const calls = bank((call) =>
      call.path.startsWith('/contact-users/')
        ? ok({ accounts: [{ accountId: '2002' }], alreadyRegistered: true })
        : undefined,
    );
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar favorecido' }));
    await screen.findByRole('dialog', { name: 'Adicionar favorecido' });
    fireEvent.change(field('Tipo de favorecido'), { target: { value: 'InternalTransfer' } });
    type('Apelido', 'Fornecedor');
    type('CNPJ', '11222333000181');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await within(dialog()).findByText('Favorecido já cadastrado')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/contact-users/'))?.path).toBe(
      '/contact-users/11222333000181',
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === '/Recipients')).toBe(false);
    expect(field('CNPJ').value).toBe('11.222.333/0001-81');
  });
});

describe('delete', () => {
  it("asks 'Deseja realmente excluir esse favorecido?' and deletes on confirmation", async () => {
    const calls = bank((call) => (call.method === 'DELETE' ? ok({ success: true }) : undefined));
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir o favorecido Maria - BB' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir favorecido' });
    expect(within(confirm).getByText('Deseja realmente excluir esse favorecido?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Favorecido excluído com sucesso!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/Recipients/3');
  });
});
