// @vitest-environment jsdom
/**
 * /DeviceList on the portal's list grid (src/ui/paged-grid.tsx; issue 25), through the real page,
 * machine and actors against a fake bank: a captioned table of 5 rows on a wide screen, cards on a
 * phone, a pager with only Anterior and Próxima whose page status is a polite live region, the
 * loading area busy, and 'Nenhum dispositivo cadastrado.' for an empty list.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCE_DEVICES } from '../../../machines/devices/device-list.fixtures';
import { deviceFlowActors } from '../../../src/app/actors/device-actors';
import DeviceListPage from '../../../src/features/devices/device-list-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn } from '../profile/profile-harness';

const renderPage = () =>
  renderWithApp(
    <FlowActorsProvider actors={deviceFlowActors}>
      <DeviceListPage />
    </FlowActorsProvider>,
    '/DeviceList',
  );

const bank = (devices = DOCE_DEVICES) =>
  fakeBank((call) => (call.path.startsWith('/device/GetAllDevices/') ? ok(devices) : undefined));

/** Every query of the portal is a max-width one: a 360 px phone matches them all. */
function asPhone(): () => void {
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
  return () => {
    window.matchMedia = wide;
  };
}

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('/DeviceList on the shared grid', () => {
  it('says it is loading in a busy area, then a table of the first 5 devices with its headers', async () => {
    bank();
    renderPage();
    const loading = screen.getByText('Carregando os dispositivos…');
    expect(loading.closest('[aria-busy="true"]')).not.toBeNull();
    const table = await screen.findByRole('table', { name: 'Dispositivos confiáveis' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Apelido', 'Cadastrado em', 'Validado', 'Bloqueado', 'Ações']);
    // The header row and one row a device of the page.
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByRole('cell', { name: DOCE_DEVICES[0]?.alias })).toBeTruthy();
    expect(table.parentElement?.getAttribute('aria-live')).toBe('polite');
  });

  it('pages with Anterior and Próxima only; the page status is announced politely', async () => {
    bank();
    renderPage();
    await screen.findByRole('table');
    const nav = screen.getByRole('navigation', { name: 'Páginas de dispositivos' });
    const status = within(nav).getByText('Página 1 de 2');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Anterior', 'Próxima']);
    expect(within(nav).getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(within(nav).getByText('Página 2 de 2')).toBeTruthy());
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain(DOCE_DEVICES[5]?.alias);
    expect(within(nav).getByRole('button', { name: 'Próxima' })).toHaveProperty('disabled', true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(within(nav).getByText('Página 1 de 2')).toBeTruthy());
  });

  it('is a list of cards named by the title on a phone, each with its actions', async () => {
    const restore = asPhone();
    try {
      bank();
      renderPage();
      const list = await screen.findByRole('list', { name: 'Dispositivos confiáveis' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(5);
      expect(
        within(cards[0] as HTMLElement).getByRole('button', { name: `Excluir ${DOCE_DEVICES[0]?.alias}` }),
      ).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      restore();
    }
  });

  it('an empty list says so, with no grid and no pager', async () => {
    bank([]);
    renderPage();
    expect(await screen.findByText('Nenhum dispositivo cadastrado.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Páginas de dispositivos' })).toBeNull();
  });
});
