// @vitest-environment jsdom
/**
 * The Pix recipient book (/PixRecipientPage; 3-pix-part-one.md §2 Recipient book (Pix variant), §4,
 * §5, §7) through the real page, actors and API client, against a fake bank: the list request
 * (is_pix, 20 a page, by id), the columns type, nickname and key, the form's key type and key (the
 * switch clears the key; the key is sent as the DICT writes it), and send Pix: absent while /PixKey
 * is not a route, then opening /PixKey with the recipient's id.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PIX_RECIPIENT } from '../../../machines/transfers/recipient-book.fixtures';
import { recipientFlowActors } from '../../../src/app/actors/recipient-actors';
import PixRecipientBookPage from '../../../src/features/transfers/pix-recipient-book-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { RegisteredRoutesProvider } from '../../../src/shell/registered-routes';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const LIST_PATH = '/Recipients/ListWithPagination/recipients';
const PHONE_RECIPIENT = { ...PIX_RECIPIENT, idRecipient: 5, nickname: 'Diarista', key: '+5511912345678' };
const PAGE = ok({ dataset: [PIX_RECIPIENT, PHONE_RECIPIENT], recordCount: 2, totalPages: 1 });

function bank(extra: (call: BankCall) => ReturnType<typeof ok> | undefined = () => undefined) {
  return fakeBank(
    (call) => extra(call) ?? (call.method === 'POST' && call.path === LIST_PATH ? PAGE : undefined),
  );
}

const renderBook = (routes: string[] = []) => {
  const page: ReactElement = (
    <FlowActorsProvider actors={recipientFlowActors}>
      <PixRecipientBookPage />
    </FlowActorsProvider>
  );
  return renderWithApp(
    <RegisteredRoutesProvider value={new Set(routes.map((r) => r.toLowerCase()))}>
      {page}
    </RegisteredRoutesProvider>,
    '/PixRecipientPage',
  );
};

const listCalls = (calls: BankCall[]) =>
  calls.filter((c) => c.path === LIST_PATH).map((c) => c.body as Record<string, unknown>);

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the Pix grid', () => {
  it('asks for Pix recipients (is_pix), 20 a page by id, and shows type, nickname and key', async () => {
    const calls = bank();
    renderBook();
    const table = await screen.findByRole('table', { name: 'Favorecidos Pix cadastrados' });
    expect(listCalls(calls)[0]).toMatchObject({
      pageNumber: 1,
      pageSize: 20,
      fieldToSort: 'idRecipient',
      direction: 1,
      filters: { is_pix: true },
    });
    const cells = (i: number) =>
      within(within(table).getAllByRole('row')[i] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3);
    expect(cells(1)).toEqual(['E-mail', 'Academia', 'bruno.oliveira@exemplo.com.br']);
    expect(cells(2)).toEqual(['Celular', 'Diarista', '+55 (11) 91234-5678']);
    expect(screen.queryByLabelText('Tipo de favorecido')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Chave' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toMatchObject({
      fieldToSort: 'key',
      direction: 0,
      filters: { is_pix: true },
    });
  });

  it('offers send Pix only once /PixKey is a route, and opens it with the recipient', async () => {
    bank();
    renderBook();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Enviar Pix para Academia' })).toBeNull();
    cleanup();
    bank();
    const { memory } = renderBook(['/PixKey']);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar Pix para Academia' }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/PixKey?recipient=4'));
  });
});

describe('the Pix form', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Adicionar favorecido Pix' });
  const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const save = () => within(dialog()).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;

  it('saves a key of the chosen type as the DICT writes it; another type clears the key', async () => {
    const calls = bank((call) =>
      call.method === 'POST' && call.path === '/Recipients'
        ? ok({ ...PIX_RECIPIENT, idRecipient: 30, nickname: 'Feira', key: 'feira@exemplo.com.br' })
        : undefined,
    );
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar favorecido Pix' }));
    await screen.findByRole('dialog', { name: 'Adicionar favorecido Pix' });
    expect(within(dialog()).queryByLabelText('Tipo de favorecido')).toBeNull();
    type('Apelido', 'Feira');
    type('Tipo de chave', 'PHONE');
    type('Chave Pix', '11912345678');
    expect(field('Chave Pix').value).toBe('(11) 91234-5678');
    type('Tipo de chave', 'EMAIL');
    expect(field('Chave Pix').value).toBe('');
    expect(save().disabled).toBe(true);
    type('Chave Pix', 'Feira@Exemplo.com.br');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/Recipients')).toBe(true),
    );
    const body = calls.find((c) => c.method === 'POST' && c.path === '/Recipients')?.body;
    expect(body).toMatchObject({ recipientType: 'Pix', nickname: 'Feira', key: 'feira@exemplo.com.br' });
  });
});
