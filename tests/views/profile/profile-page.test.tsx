// @vitest-environment jsdom
/**
 * The profile screen (1-access-shell-statement.md §2 Profile screen, §5 Formatting helpers): the
 * client's data formatted, the mail address, the address-book dialog (focus in and back), and the
 * optional help-centre block (hidden lines when the configuration has no value).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HOME_ADDRESS,
  PROFILE_ACCOUNT_INFO,
  PROFILE_CLIENT,
  WORK_ADDRESS,
} from '../../../machines/profile/profile-sample-data';
import { AppProviders } from '../../../src/app/providers';
import { session } from '../../../src/runtime/session';
import { HelpCenterBlock, telHref } from '../../../src/features/profile/help-center';
import ProfilePage from '../../../src/features/profile/profile-page';
import { BOOK_PATH, CLIENT_PATH, fakeBank, ok, renderWithApp, signIn } from './profile-harness';
import { DEMO_USERS } from '../../../demo/users';

/** The value shown next to a label of a description list. */
function valueOf(container: HTMLElement, label: string): string {
  const dt = within(container).getByText(label, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

afterEach(() => {
  cleanup();
  session.clear();
});

describe('profile data', () => {
  beforeEach(() => {
    signIn();
    fakeBank((call) => {
      if (call.method === 'GET' && call.path === CLIENT_PATH)
        return ok({ client: PROFILE_CLIENT, account: PROFILE_ACCOUNT_INFO });
      if (call.method === 'GET' && call.path === BOOK_PATH)
        return ok({ addresses: [HOME_ADDRESS, WORK_ADDRESS] });
      return undefined;
    });
  });

  it('shows name, e-mail, the CPF and the mobile phone formatted, and the mail address', () => {
    renderWithApp(<ProfilePage />, '/Profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil' })).toBeTruthy();
    const data = screen.getByRole('region', { name: 'Dados da conta' });
    expect(valueOf(data, 'Nome')).toBe('Maria Silva Santos');
    expect(valueOf(data, 'E-mail')).toBe(DEMO_USERS.maria.email);
    expect(valueOf(data, 'CPF')).toBe(DEMO_USERS.maria.taxIdMasked);
    expect(valueOf(data, 'Celular')).toBe(DEMO_USERS.maria.phoneMasked);
    const mail = screen.getByRole('region', { name: 'Endereço de correspondência' });
    expect(valueOf(mail, 'Logradouro')).toBe('Rua das Flores');
    expect(valueOf(mail, 'Número')).toBe('123');
    expect(valueOf(mail, 'Complemento (opcional)')).toBe('Apto 45');
    expect(valueOf(mail, 'Bairro')).toBe('Jardim Paulista');
    expect(valueOf(mail, 'CEP')).toBe('01415-000');
    expect(valueOf(mail, 'Cidade')).toBe('São Paulo');
    expect(valueOf(mail, 'Estado')).toBe('SP - São Paulo');
  });

  it('formats an alphanumeric CNPJ', () => {
    signIn({
      client: { ...PROFILE_CLIENT, taxIdentifier: { taxId: DEMO_USERS.padaria.taxId, country: 'BRA' } },
    });
    fakeBank(() => undefined);
    renderWithApp(<ProfilePage />, '/Profile');
    const data = screen.getByRole('region', { name: 'Dados da conta' });
    expect(valueOf(data, 'CNPJ')).toBe(DEMO_USERS.padaria.taxIdMasked);
  });

  it('opens the address book as a dialog, focus inside, and gives focus back when closed', async () => {
    renderWithApp(<ProfilePage />, '/Profile');
    const open = screen.getByRole('button', { name: 'Catálogo de endereços' });
    open.focus();
    fireEvent.click(open);
    const book = await screen.findByRole('dialog', { name: 'Catálogo de endereços' });
    expect(book.contains(document.activeElement)).toBe(true);
    expect(await within(book).findByRole('list', { name: 'Endereços cadastrados' })).toBeTruthy();
    expect(
      within(book)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Casa', 'Trabalho']);

    // The form opens over the book, beside it; Escape closes only the form.
    fireEvent.click(within(book).getByRole('button', { name: 'Adicionar endereço' }));
    const form = await screen.findByRole('dialog', { name: 'Adicionar endereço' });
    fireEvent.keyDown(form, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Adicionar endereço' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Catálogo de endereços' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Catálogo de endereços' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});

describe('help centre', () => {
  const renderBlock = (help: Parameters<typeof HelpCenterBlock>[0]['helpCenter']) =>
    render(
      <AppProviders>
        <HelpCenterBlock helpCenter={help} />
      </AppProviders>,
    );

  it('shows the FAQ link (new tab), the e-mail (mailto) and the phone (tel) from configuration', () => {
    renderBlock({ faqUrl: 'https://ajuda.example/faq', email: 'sac@banco.example', phone: '0800 123 4567' });
    const block = screen.getByRole('region', { name: 'Central de ajuda' });
    const faq = within(block).getByRole('link', { name: /Perguntas frequentes/ });
    expect(faq.getAttribute('href')).toBe('https://ajuda.example/faq');
    expect(faq.getAttribute('target')).toBe('_blank');
    expect(faq.getAttribute('rel')).toContain('noopener');
    expect(faq.textContent).toContain('(abre em nova aba)');
    expect(within(block).getByRole('link', { name: 'sac@banco.example' }).getAttribute('href')).toBe(
      'mailto:sac@banco.example',
    );
    expect(within(block).getByRole('link', { name: '0800 123 4567' }).getAttribute('href')).toBe(
      'tel:08001234567',
    );
  });

  it('hides the lines the configuration leaves out, and the whole block when all are', () => {
    renderBlock({ email: 'sac@banco.example' });
    const block = screen.getByRole('region', { name: 'Central de ajuda' });
    expect(within(block).getAllByRole('link')).toHaveLength(1);
    expect(within(block).queryByText('Perguntas frequentes')).toBeNull();
    expect(within(block).queryByText('Telefone de atendimento')).toBeNull();
    cleanup();
    renderBlock({});
    expect(screen.queryByRole('region', { name: 'Central de ajuda' })).toBeNull();
  });

  it('keeps the + of an international phone in the tel: link', () => {
    expect(telHref('+55 (11) 4000-1234')).toBe('tel:+551140001234');
  });
});
