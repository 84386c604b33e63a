// @vitest-environment jsdom
/**
 * /PixKey, send by key (3-pix-part-one.md §2 Send by key, §5; issue 16), through the real page,
 * machine, actors and API client against a fake bank: a key that breaks its rule shows the rule
 * and asks nothing; the DICT's entry leads to step 3, where a zero amount keeps Next disabled; and
 * the security-code dialog opened by Confirm is not cancelled by the second press of a double click
 * (only by a press of its own).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pixSendFlowActors } from '../../../src/app/actors/pix-send-actors';
import PixKeyPage from '../../../src/features/pix/pix-key-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const KEY = 'loja.aurora@exemplo.com.br';
const ENTRY = {
  entry: {
    key: KEY,
    key_type: 'EMAIL',
    account: { participant: '60701190', branch: '1234', account_number: '556677', account_type: 'CACC' },
    owner: { type: 'LEGAL_PERSON', tax_id_number: '38152746000193', name: 'Loja Aurora Ltda' },
  },
};

function bank(): BankCall[] {
  return fakeBank((call) => {
    if (call.path === '/PixIndiretoDict/GetLink') return ok(ENTRY);
    if (call.path === '/instant-payments/BRA/psps')
      return ok({ data: { psps: [{ id: '60701190', name: 'ITAÚ UNIBANCO S.A.' }] } });
    if (call.path.endsWith('/balance')) return ok({ balances: [{ balanceType: 'REAL', amount: 500 }] });
    return undefined;
  });
}

const renderPage = (path = '/PixKey') =>
  renderWithApp(
    <FlowActorsProvider actors={pixSendFlowActors}>
      <PixKeyPage />
    </FlowActorsProvider>,
    path,
  );

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
const lookups = (calls: BankCall[]) => calls.filter((c) => c.path === '/PixIndiretoDict/GetLink');

const keyField = () => screen.getByLabelText('Chave Pix', { exact: true });
const typeLine = () => screen.getByTestId('pix-key-type');

async function toAmountStep(calls: BankCall[]): Promise<void> {
  fireEvent.change(keyField(), { target: { value: KEY } });
  next();
  await screen.findByLabelText('Valor (R$)');
  expect(lookups(calls)).toHaveLength(1);
}

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('send by key', () => {
  it('a key that breaks its rule shows the rule in words and asks the DICT nothing', async () => {
    const calls = bank();
    renderPage();
    const key = keyField();
    fireEvent.change(key, { target: { value: 'loja@' } });
    next();
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    // The rule's text, never its message key (the field showed 'EMAILINPUT.ERRORS.SHORT').
    expect(screen.getByText('E-mail muito curto')).toBeTruthy();
    expect(screen.queryByText(/EMAILINPUT/)).toBeNull();
    expect(lookups(calls)).toHaveLength(0);
  });

  it('one key field tells the type as it is typed, in a live region, and the stepper counts two steps (issue 32)', async () => {
    const calls = bank();
    renderPage();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Etapas do Pix por chave' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(typeLine().getAttribute('role')).toBe('status');
    expect(typeLine().textContent).toBe('');
    for (const [typed, label] of [
      ['529.982.247-25', 'Tipo de chave: CPF'],
      ['12.ABC.345/01DE-35', 'Tipo de chave: CNPJ'],
      ['+55 (21) 98765-4321', 'Tipo de chave: Celular'],
      ['maria@exemplo.com.br', 'Tipo de chave: E-mail'],
      ['123e4567-e89b-42d3-a456-426614174000', 'Tipo de chave: Chave aleatória'],
      ['529.982.247-2', ''],
    ] as const) {
      fireEvent.change(keyField(), { target: { value: typed } });
      expect(typeLine().textContent, typed).toBe(label);
    }
    // A CPF that is also a mobile number: one control reads it as the phone, and back.
    fireEvent.change(keyField(), { target: { value: '21987650042' } });
    expect(typeLine().textContent).toBe('Tipo de chave: CPF');
    fireEvent.click(screen.getByRole('button', { name: 'Usar como Celular' }));
    expect(typeLine().textContent).toBe('Tipo de chave: Celular');
    expect(screen.getByRole('button', { name: 'Usar como CPF' })).toBeTruthy();
    next();
    await screen.findByLabelText('Valor (R$)');
    expect(lookups(calls).map((c) => c.query['keyId'])).toEqual(['+5521987650042']);
  });

  it('a wrong check digit says what is wrong in Portuguese', async () => {
    const calls = bank();
    renderPage();
    fireEvent.change(keyField(), { target: { value: '529.982.247-26' } });
    next();
    await waitFor(() => expect(keyField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('CPF inválido: confira os dígitos.')).toBeTruthy();
    expect(lookups(calls)).toHaveLength(0);
  });

  it('step 3 keeps Next disabled for a zero amount', async () => {
    const calls = bank();
    renderPage();
    await toAmountStep(calls);
    fireEvent.change(screen.getByLabelText('Valor (R$)'), { target: { value: '0,00' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Avançar' })).toHaveProperty('disabled', true),
    );
    fireEvent.change(screen.getByLabelText('Valor (R$)'), { target: { value: '5,00' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Avançar' })).toHaveProperty('disabled', false),
    );
  });

  it('the confirmation names the institution, not its ISPB, and opens with the amount and recipient (issue 32)', async () => {
    const calls = bank();
    renderPage();
    await toAmountStep(calls);
    fireEvent.change(screen.getByLabelText('Valor (R$)'), { target: { value: '5,00' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Avançar' })).toHaveProperty('disabled', false),
    );
    next();
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirme o Pix' });
    const institution = within(confirm).getByText('Instituição').nextElementSibling;
    await waitFor(() => expect(institution?.textContent).toBe('ITAÚ UNIBANCO S.A.'));
    expect(within(confirm).queryByText('60701190')).toBeNull();
    // The head, above the eleven lines: amount and recipient come first.
    const head = within(confirm).getByTestId('payment-headline');
    expect(head.textContent).toContain('R$\u00a05,00');
    expect(head.textContent).toContain('para Loja Aurora Ltda');
    expect(
      head.compareDocumentPosition(within(confirm).getByText('Chave')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('the second press of a double click does not cancel the security code; a press of its own does', async () => {
    const calls = bank();
    renderPage();
    await toAmountStep(calls);
    fireEvent.change(screen.getByLabelText('Valor (R$)'), { target: { value: '5,00' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Avançar' })).toHaveProperty('disabled', false),
    );
    next();
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirme o Pix' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }), { detail: 1 });
    const code = await screen.findByRole('alertdialog', { name: 'Chave de Segurança' });
    const cancel = within(code).getByRole('button', { name: 'Cancelar' });
    // The double click's second press lands on Cancel, which opened under the pointer.
    fireEvent.mouseDown(cancel, { detail: 2 });
    fireEvent.click(cancel, { detail: 2 });
    expect(screen.queryByRole('alertdialog', { name: 'Chave de Segurança' })).not.toBeNull();
    // A press of its own cancels: back to step 3 with the amount kept.
    fireEvent.mouseDown(cancel, { detail: 1 });
    fireEvent.click(cancel, { detail: 1 });
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Chave de Segurança' })).toBeNull());
    expect(screen.getByLabelText('Valor (R$)')).toHaveProperty('value', '5,00');
  });
});
