// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/runtime/session';
import { setLanguage } from '../../../src/i18n/i18n';
import type { Notification } from '../../../src/api/queries';
import AppShell from '../../../src/shell/app-shell';
import { fakeBank, renderWithApp, signIn, type Call } from './harness';
import { DEMO_USERS } from '../../../demo/users';

const notifications: Notification[] = [
  {
    idNotification: 1,
    title: 'Pix recebido',
    body: '<p>Você recebeu <b>R$ 10,00</b></p><img src=x onerror="window.pwned = true">',
    readNotification: false,
    isGeneralNotification: false,
  },
  {
    idNotification: 2,
    title: 'Novo limite',
    body: '<p>Seu limite mudou. <a href="https://contadigital.example">Ver</a></p><script>window.pwned = true</script>',
    readNotification: false,
    isGeneralNotification: false,
  },
  {
    idNotification: 3,
    title: 'Manutenção programada',
    body: '<p>Domingo</p>',
    readNotification: false,
    isGeneralNotification: true,
  },
  {
    idNotification: 4,
    title: 'Boas-vindas',
    body: '<p>Olá</p>',
    readNotification: true,
    isGeneralNotification: false,
  },
];

function bank(): Call[] {
  const state = notifications.map((n) => ({ ...n }));
  return fakeBank((call) => {
    if (call.method === 'GET' && call.path === '/notification/acc-1') return { body: { data: state } };
    if (call.method === 'PUT' && call.path === '/notification/markAllAsRead') {
      for (const n of state)
        if ((call.body as number[]).includes(n.idNotification)) n.readNotification = true;
      return { body: { data: { success: true } } };
    }
    return undefined;
  });
}

const registered = (...paths: string[]) => new Set(paths.map((p) => p.toLowerCase()));

function renderShell(
  paths = registered('/Statement', '/ProfileChangePassword', '/password/change'),
  at = '/Statement',
) {
  return renderWithApp(
    <AppShell registeredPaths={paths}>
      <h1>Extrato</h1>
    </AppShell>,
    at,
  );
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});

afterEach(async () => {
  cleanup();
  session.clear();
  await act(() => setLanguage('pt-BR'));
});

describe('shell layout', () => {
  it('has banner, navigation and main landmarks, a skip link and the greeting', () => {
    bank();
    renderShell();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('conteudo');
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' }).getAttribute('href')).toBe(
      '#conteudo',
    );
    expect(screen.getByText('Olá, Maria Silva Santos')).toBeTruthy();
  });

  it('the chat button opens the external chat in a new tab, safely', () => {
    bank();
    renderShell();
    const chat = screen.getByRole('link', { name: /chat de atendimento/ });
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toBe('noopener noreferrer');
    expect(chat.getAttribute('href')).toMatch(/^https:\/\//);
    // On a wide screen it floats at the corner, in a region of its own.
    expect(within(screen.getByRole('complementary', { name: 'Atendimento' })).getByRole('link')).toBe(chat);
  });

  it('on a phone the chat is an icon of the top bar, not a button floating over the page (issue 32)', () => {
    const wide = window.matchMedia;
    // Every query of the portal is a max-width one below 900 px: a 360 px phone matches them all.
    window.matchMedia = ((media: string) => ({
      matches: true,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      bank();
      renderShell();
      const chat = screen.getByRole('link', { name: /chat de atendimento/ });
      expect(within(screen.getByRole('banner')).getByRole('link', { name: /chat de atendimento/ })).toBe(
        chat,
      );
      expect(chat.getAttribute('target')).toBe('_blank');
      expect(screen.queryByRole('complementary', { name: 'Atendimento' })).toBeNull();
    } finally {
      window.matchMedia = wide;
    }
  });
});

describe('shortcuts on a phone (issue 32)', () => {
  const asPhone = async (run: () => Promise<void>) => {
    const wide = window.matchMedia;
    window.matchMedia = ((media: string) => ({
      matches: true,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      await run();
    } finally {
      window.matchMedia = wide;
    }
  };
  const all = registered('/Statement', '/Pix', '/Payment', '/TransferToBank', '/RechargeCell', '/Deposit');

  it('the statement opens with a row of shortcuts, Pix first, each to its page', async () => {
    await asPhone(async () => {
      bank();
      renderShell(all);
      const row = await screen.findByRole('navigation', { name: 'Atalhos' }, { timeout: 10_000 });
      const links = within(row).getAllByRole('link');
      expect(links.map((l) => l.textContent)).toEqual([
        'Pix',
        'Pagar conta',
        'Transferir',
        'Recarga',
        'Depositar',
      ]);
      expect(links.map((l) => l.getAttribute('href'))).toEqual([
        '/Pix',
        '/Payment',
        '/TransferToBank',
        '/RechargeCell',
        '/Deposit',
      ]);
    });
  });

  it('offers only what the menu offers, and only on the statement', async () => {
    await asPhone(async () => {
      bank();
      renderShell(registered('/Statement', '/Payment'));
      const row = await screen.findByRole('navigation', { name: 'Atalhos' }, { timeout: 10_000 });
      expect(within(row).getAllByRole('link')).toHaveLength(1);
      cleanup();
      renderShell(all, '/Payment');
      expect(screen.queryByRole('navigation', { name: 'Atalhos' })).toBeNull();
    });
  });

  it('is not drawn on a wide screen, where the side menu is in view', () => {
    bank();
    renderShell(all);
    expect(screen.queryByRole('navigation', { name: 'Atalhos' })).toBeNull();
  });
});

describe('side menu', () => {
  it('shows only registered entries, marks the current page and has no dead link', () => {
    bank();
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    const statement = within(nav).getByRole('link', { name: 'Extrato' });
    expect(statement.getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Pagamentos' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Transferências' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Pix' })).toBeNull();

    const profile = within(nav).getByRole('button', { name: 'Perfil' });
    expect(profile.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(profile);
    expect(profile.getAttribute('aria-expanded')).toBe('true');
    const changePassword = within(nav).getByRole('link', { name: 'Alterar senha' });
    expect(changePassword.getAttribute('href')).toBe('/ProfileChangePassword');
    expect(within(nav).getAllByRole('link')).toHaveLength(2);
  });

  it('collapses and expands, keeping the accessible names', () => {
    bank();
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    const collapse = within(nav).getByRole('button', { name: 'Recolher o menu' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(collapse);
    const expand = within(nav).getByRole('button', { name: 'Expandir o menu' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).getByRole('link', { name: 'Extrato' })).toBeTruthy();
    expect(localStorage.getItem('portal.menuCollapsed')).toBe('1');
  });

  it('navigates on click', () => {
    bank();
    const { memory } = renderShell(
      registered('/Statement', '/ProfileChangePassword'),
      '/ProfileChangePassword',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Extrato' }));
    expect(memory.history.at(-1)).toBe('/Statement');
  });

  it('hides Pix when the client has no permission only if the flag is on (flag is off by default)', () => {
    bank();
    signIn({
      client: {
        name: 'Sem Pix',
        taxIdentifier: { taxId: DEMO_USERS.maria.taxId, country: 'BRA' },
        accountHolderId: 'holder-1',
        hasPixPermission: false,
      },
    });
    renderShell(registered('/Statement', '/Pix'));
    expect(screen.getByRole('link', { name: 'Pix' })).toBeTruthy();
  });
});

describe('top bar', () => {
  it('user menu is a menu button with Alterar senha and Sair', () => {
    bank();
    const { memory } = renderShell();
    const trigger = screen.getByRole('button', { name: 'Menu do usuário' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Alterar senha', 'Sair']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Alterar senha' }));
    expect(memory.history.at(-1)).toBe('/password/change');
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sair' }));
    expect(memory.history.at(-1)).toBe('/Logout');
  });

  it('the user menu leaves out Alterar senha while /password/change is not registered', () => {
    bank();
    renderShell(registered('/Statement'));
    fireEvent.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Sair']);
  });

  it('switches the language to English and back', async () => {
    bank();
    renderShell();
    const select = screen.getByRole('combobox', { name: 'Idioma' });
    await act(async () => {
      fireEvent.change(select, { target: { value: 'en' } });
    });
    await waitFor(() => expect(screen.getByText('Hello, Maria Silva Santos')).toBeTruthy());
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'pt-BR' } });
    });
    await waitFor(() => expect(screen.getByText('Olá, Maria Silva Santos')).toBeTruthy());
  });
});

describe('notifications', () => {
  it('the bell counts the new ones; the popup splits Novas and Lidas', async () => {
    bank();
    renderShell();
    const bell = await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell);
    const popup = screen.getByRole('dialog', { name: 'Notificações' });
    expect(within(popup).getByRole('tablist')).toBeTruthy();
    const novas = within(popup).getByRole('tab', { name: /Novas/ });
    expect(novas.getAttribute('aria-selected')).toBe('true');
    const panel = within(popup).getByRole('tabpanel');
    // The list comes in its own chunk with the sanitiser (notification-list.tsx): the first import
    // of DOMPurify here transforms it, seconds on a busy machine.
    expect(await within(panel).findAllByRole('article', {}, { timeout: 10_000 })).toHaveLength(2);
    expect(within(panel).getByRole('button', { name: /Pix recebido/ })).toBeTruthy();

    fireEvent.click(within(popup).getByRole('tab', { name: /Lidas/ }));
    const read = within(popup).getByRole('tabpanel');
    expect(within(read).getByText('Manutenção programada')).toBeTruthy();
    expect(within(read).getByText('Boas-vindas')).toBeTruthy();
  });

  it('renders bodies sanitised: no script, no handlers, links in a new tab', async () => {
    bank();
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    const popup = screen.getByRole('dialog', { name: 'Notificações' });
    const link = await within(popup).findByRole('link', { name: 'Ver' }, { timeout: 10_000 });
    expect(popup.querySelector('script')).toBeNull();
    expect(popup.innerHTML).not.toMatch(/onerror/);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('clicking a notification marks it read and lowers the badge', async () => {
    const calls = bank();
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    fireEvent.click(await screen.findByRole('button', { name: /Pix recebido/ }, { timeout: 10_000 }));
    expect(await screen.findByRole('button', { name: 'Notificações, 1 não lida' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/notification/markAllAsRead');
    expect(put?.body).toEqual([1]);
    expect(put?.authorization).toBe('Bearer token-123');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Notificações, 1 não lida' })).toBeTruthy();
  });

  it('the checkbox marks every new one', async () => {
    const calls = bank();
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    const all = screen.getByRole('checkbox', { name: 'Marcar todas como lidas' });
    fireEvent.click(all);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual([1, 2]));
    expect(screen.getByRole('button', { name: /Notificações, nenhuma não lida/ })).toBeTruthy();
    expect(screen.getByText('Nenhuma notificação nova.')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Marcar todas como lidas' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('a refetch already in flight does not bring back what the checkbox marked', async () => {
    const state = notifications.map((n) => ({ ...n }));
    const held: Array<() => void> = [];
    const hold = () => new Promise<void>((resolve) => held.push(resolve));
    let gets = 0;
    let puts = 0;
    fakeBank(async (call) => {
      if (call.method === 'GET') {
        const snapshot = state.map((n) => ({ ...n }));
        gets += 1;
        if (gets === 2) await hold(); // the refetch after the first mark, answered late and stale
        return { body: { data: snapshot } };
      }
      puts += 1;
      if (puts === 2) await hold(); // the checkbox's call, still on its way
      for (const n of state)
        if ((call.body as number[]).includes(n.idNotification)) n.readNotification = true;
      return { body: { data: { success: true } } };
    });
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    fireEvent.click(await screen.findByRole('button', { name: /Pix recebido/ }, { timeout: 10_000 }));
    await waitFor(() => expect(held).toHaveLength(1));
    const all = screen.getByRole('checkbox', { name: 'Marcar todas como lidas' }) as HTMLInputElement;
    fireEvent.click(all);
    await waitFor(() => expect(held).toHaveLength(2));
    expect(all.checked).toBe(true);

    held[0]!(); // the stale list (Novo limite still new) arrives while the checkbox's call is pending
    await waitFor(() => expect(gets).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Notificações, nenhuma não lida' })).toBeTruthy();
    expect(all.checked).toBe(true);

    held[1]!();
    await waitFor(() => expect(gets).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Notificações, nenhuma não lida' })).toBeTruthy();
  });

  it('a failed mark puts the badge back and says so', async () => {
    const calls = fakeBank((call) => {
      if (call.method === 'GET') return { body: { data: notifications } };
      return { status: 500, body: { errorMessage: 'falha' } };
    });
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    fireEvent.click(await screen.findByRole('button', { name: /Pix recebido/ }, { timeout: 10_000 }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notificações, 2 não lidas' })).toBeTruthy(),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(true);
  });

  it('Escape closes the popup and returns focus to the bell', async () => {
    bank();
    renderShell();
    const bell = await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
    fireEvent.click(bell);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Notificações' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
  });
});
