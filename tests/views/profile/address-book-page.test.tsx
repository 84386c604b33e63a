// @vitest-environment jsdom
/**
 * The address book (1-access-shell-statement.md §2 Address book, §4 Address edit, §5 Address
 * form, §7, §8) through the real page, the real actors and the real API client, against a fake
 * bank: the empty list, the form's rules (blank after trim, CEP mask, save disabled until valid),
 * add, the edit sequence (address, client, reload, session), delete with confirmation, and failed
 * calls that keep what was typed and show the API's error.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HOME_ADDRESS,
  HOME_ADDRESS_EDITED,
  NEW_ADDRESS,
  PROFILE_ACCOUNT_INFO,
  PROFILE_CLIENT,
  WORK_ADDRESS,
} from '../../../machines/profile/profile-sample-data';
import { session } from '../../../src/runtime/session';
import AddressBookPage from '../../../src/features/profile/address-book-page';
import {
  BOOK_PATH,
  CLIENT_PATH,
  CLIENT_UPDATE_PATH,
  fakeBank,
  gate,
  ok,
  renderWithApp,
  signIn,
  type BankAnswer,
  type BankCall,
} from './profile-harness';
import { DEMO_USERS } from '../../../demo/users';

const LIST = ok({ addresses: [HOME_ADDRESS, WORK_ADDRESS], billingAddress: HOME_ADDRESS });

/** A bank with Maria's book; `overrides` answer first (return undefined to fall through). */
function bank(overrides: (call: BankCall) => BankAnswer | Promise<BankAnswer> | undefined = () => undefined) {
  return fakeBank((call) => {
    const own = overrides(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === BOOK_PATH) return LIST;
    if (call.method === 'GET' && call.path === CLIENT_PATH)
      return ok({ client: PROFILE_CLIENT, account: PROFILE_ACCOUNT_INFO });
    return undefined;
  });
}

const dialog = () => screen.getByRole('dialog', { name: /endereço/i });
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const saveButton = () => within(dialog()).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: 'Adicionar endereço' }));
  return screen.findByRole('dialog', { name: 'Adicionar endereço' });
}

function fillValid() {
  type('Logradouro', '  Rua Nova  ');
  type('Número', '42');
  type('Bairro', 'Centro');
  type('CEP', '20040020');
  type('Cidade', 'Rio de Janeiro');
  fireEvent.change(field('Estado'), { target: { value: 'RJ' } });
}

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the list', () => {
  it('maps the API form to the shown form, one row per address', async () => {
    bank();
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    expect(screen.getByRole('heading', { level: 1, name: 'Catálogo de endereços' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Endereços cadastrados' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('heading', { name: 'Casa' })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Rua das Flores, 123 - Apto 45')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Jardim Paulista - São Paulo/SP')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('CEP 01415-000')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Editar o endereço Avenida Paulista, 1000 - Conjunto 1201' }),
    ).toBeTruthy();
  });

  it("shows 'Nenhum registro encontrado!' when the book is empty", async () => {
    bank((call) =>
      call.method === 'GET' && call.path === BOOK_PATH
        ? ok({ addresses: [], billingAddress: null })
        : undefined,
    );
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    expect(await screen.findByText('Nenhum registro encontrado!')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect((screen.getByRole('button', { name: 'Adicionar endereço' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('falls back to the billingAddress when the bank keeps no list', async () => {
    bank((call) =>
      call.method === 'GET' && call.path === BOOK_PATH ? ok({ billingAddress: WORK_ADDRESS }) : undefined,
    );
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    const list = await screen.findByRole('list', { name: 'Endereços cadastrados' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('heading', { name: 'Trabalho' })).toBeTruthy();
  });

  it('shows the API error with a retry when the list fails, and loads on retry', async () => {
    let fail = true;
    bank((call) => {
      if (call.method === 'GET' && call.path === BOOK_PATH && fail) {
        fail = false;
        return { status: 500, body: { errorMessage: 'Banco fora do ar' } };
      }
      return undefined;
    });
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar os endereços.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('list', { name: 'Endereços cadastrados' })).toBeTruthy();
  });
});

describe('the address form (§5)', () => {
  it('opens full screen titled "Adicionar endereço", focus on the first field, save disabled', async () => {
    bank();
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    const d = await openAdd();
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(field('Logradouro'));
    expect(saveButton().disabled).toBe(true);
    expect(field('Logradouro').maxLength).toBe(50);
    expect(field('Número').maxLength).toBe(5);
    expect(field('CEP').maxLength).toBe(9);
    expect(field('Bairro').maxLength).toBe(50);
    expect(field('Cidade').maxLength).toBe(50);
  });

  it("shows the 'empty' error for a value blank after trimming and keeps save disabled", async () => {
    bank();
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    await openAdd();
    fillValid();
    expect(saveButton().disabled).toBe(false);

    type('Logradouro', '    ');
    const street = field('Logradouro');
    expect(street.getAttribute('aria-invalid')).toBe('true');
    const errorId = (street.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
    const error = document.getElementById(errorId);
    expect(error?.getAttribute('role')).toBe('alert');
    expect(error?.textContent).toBe('Preencha este campo');
    expect(saveButton().disabled).toBe(true);

    type('Logradouro', 'Rua Nova');
    expect(street.getAttribute('aria-invalid')).toBeNull();
    expect(saveButton().disabled).toBe(false);

    type('Bairro', ' ');
    expect(within(dialog()).getByText('Preencha este campo')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('masks the CEP as 5-3 digits and refuses an incomplete one', async () => {
    bank();
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    await openAdd();
    fillValid();
    expect(field('CEP').value).toBe('20040-020');
    type('CEP', '01310100');
    expect(field('CEP').value).toBe('01310-100');
    type('CEP', 'ab01.31-0');
    expect(field('CEP').value).toBe('01310');
    expect(within(dialog()).getByText('CEP inválido')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("lists the 27 states as 'SP - São Paulo' and requires one", async () => {
    bank();
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    await openAdd();
    const select = field('Estado') as unknown as HTMLSelectElement;
    const options = [...select.options].filter((o) => o.value !== '');
    expect(options).toHaveLength(27);
    expect(options.map((o) => o.textContent)).toContain('SP - São Paulo');
    expect(options.map((o) => o.textContent)).toContain('DF - Distrito Federal');
    fillValid();
    fireEvent.change(select, { target: { value: '' } });
    expect(saveButton().disabled).toBe(true);
  });
});

describe('adding', () => {
  it('sends the API form once (double submit ignored), closes, toasts and returns focus', async () => {
    const answer = gate();
    const calls = bank((call) =>
      call.method === 'POST' && call.path === BOOK_PATH ? answer.promise : undefined,
    );
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    await openAdd();
    fillValid();
    fireEvent.click(saveButton());
    fireEvent.click(saveButton());
    fireEvent.submit(saveButton().form as HTMLFormElement);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(saveButton().getAttribute('aria-busy')).toBe('true');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      accountHolderId: '5001',
      accountId: '1001',
      addressOne: 'Rua Nova',
      addressTwo: null,
      number: '42',
      neighborhood: 'Centro',
      postalCode: '20040-020',
      city: 'Rio de Janeiro',
      state: 'RJ',
      country: 'BRA',
      mnemonic: null,
    });
    await act(async () => answer.open(ok(NEW_ADDRESS)));
    expect(await screen.findByText('Endereço salvo com sucesso!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Endereços cadastrados' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Adicionar endereço' })),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('keeps the values and shows the API error text when the save fails', async () => {
    bank((call) =>
      call.method === 'POST' && call.path === BOOK_PATH
        ? {
            status: 400,
            body: {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: 'O endereço tem campos inválidos.',
              errors: [{ field: 'addressOne', message: 'must not be blank' }],
            },
          }
        : undefined,
    );
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    await openAdd();
    fillValid();
    fireEvent.click(saveButton());
    const alert = await within(dialog()).findByText('Não foi possível salvar o endereço:');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('must not be blank');
    expect(field('Logradouro').value).toBe('  Rua Nova  ');
    expect(field('CEP').value).toBe('20040-020');
    expect((field('Estado') as unknown as HTMLSelectElement).value).toBe('RJ');
    expect(saveButton().disabled).toBe(false);
  });
});

describe('editing (§4: address, then client, then the client reloaded and stored)', () => {
  it('saves the address, updates the client, reloads it into the session', async () => {
    const reloaded = {
      ...PROFILE_CLIENT,
      mailAddress: HOME_ADDRESS_EDITED,
      billingAddress: HOME_ADDRESS_EDITED,
    };
    let current = PROFILE_CLIENT;
    const calls = bank((call) => {
      if (call.method === 'POST' && call.path === `${BOOK_PATH}/1`) return ok(HOME_ADDRESS_EDITED);
      if (call.method === 'POST' && call.path === CLIENT_UPDATE_PATH) {
        current = reloaded;
        return ok(reloaded);
      }
      if (call.method === 'GET' && call.path === CLIENT_PATH)
        return ok({ client: current, account: PROFILE_ACCOUNT_INFO });
      return undefined;
    });
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    const edit = await screen.findByRole('button', {
      name: 'Editar o endereço Rua das Flores, 123 - Apto 45',
    });
    fireEvent.click(edit);
    await screen.findByRole('dialog', { name: 'Editar endereço' });
    expect(field('Logradouro').value).toBe('Rua das Flores');
    expect(field('Complemento (opcional)').value).toBe('Apto 45');
    expect((field('Estado') as unknown as HTMLSelectElement).value).toBe('SP');
    expect(saveButton().disabled).toBe(false);
    type('Número', '321');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Endereço salvo com sucesso!')).toBeTruthy();

    const sequence = calls
      .filter((c) => c.method === 'POST' || c.path === CLIENT_PATH)
      .map((c) => `${c.method} ${c.path}`);
    expect(sequence.slice(-3)).toEqual([
      `POST ${BOOK_PATH}/1`,
      `POST ${CLIENT_UPDATE_PATH}`,
      `GET ${CLIENT_PATH}`,
    ]);
    const update = calls.find((c) => c.path === CLIENT_UPDATE_PATH)?.body as Record<string, unknown>;
    expect(typeof update['externalIdentifier']).toBe('string');
    expect(update['client']).toMatchObject({
      name: 'Maria Silva Santos',
      taxIdentifier: { taxId: DEMO_USERS.maria.taxId },
      email: DEMO_USERS.maria.email,
      birthDate: '1988-04-12',
      mobilePhone: { phoneNumber: '11987654321' },
      mailAddress: { addressOne: 'Rua das Flores', number: '321', mnemonic: 'Casa' },
    });
    expect(update['billingAddress']).toMatchObject({ number: '321' });
    expect(session.getSnapshot()?.client?.mailAddress?.number).toBe('321');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Rua das Flores, 321 - Apto 45')).toBeTruthy();
  });

  it('keeps the form when the client update fails, with the API error', async () => {
    bank((call) => {
      if (call.method === 'POST' && call.path === `${BOOK_PATH}/2`)
        return ok({ ...WORK_ADDRESS, number: '2000' });
      if (call.method === 'POST' && call.path === CLIENT_UPDATE_PATH)
        return { status: 500, body: { errorMessage: 'Cliente bloqueado' } };
      return undefined;
    });
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    fireEvent.click(await screen.findByRole('button', { name: /^Editar o endereço Avenida Paulista/ }));
    await screen.findByRole('dialog', { name: 'Editar endereço' });
    type('Número', '2000');
    fireEvent.click(saveButton());
    const message = await within(dialog()).findByText(/Cliente bloqueado/);
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(field('Número').value).toBe('2000');
  });
});

describe('deleting', () => {
  it('asks first, deletes, toasts and moves focus to the add button', async () => {
    const calls = bank((call) => (call.method === 'DELETE' ? ok({ success: true }) : undefined));
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Excluir o endereço Avenida Paulista, 1000 - Conjunto 1201',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir endereço' });
    expect(confirm.textContent).toContain('Avenida Paulista, 1000 - Conjunto 1201');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Endereço excluído com sucesso!')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${BOOK_PATH}/2`)).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Endereços cadastrados' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Adicionar endereço' })),
    );
  });

  it('keeps the confirmation with the API error when the delete fails; cancel keeps the row', async () => {
    bank((call) =>
      call.method === 'DELETE' ? { status: 500, body: { errorMessage: 'Falha ao excluir' } } : undefined,
    );
    renderWithApp(<AddressBookPage />, '/ProfileAddressBook');
    fireEvent.click(await screen.findByRole('button', { name: /^Excluir o endereço Rua das Flores/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir endereço' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await within(confirm).findByText(/Falha ao excluir/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Endereços cadastrados' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });
});
