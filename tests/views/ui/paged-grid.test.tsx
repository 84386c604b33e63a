// @vitest-environment jsdom
/**
 * The shared list grid and pager (src/ui/paged-grid.tsx; issue 25), drawn with the app's providers
 * and pt-BR texts (the deposit list's keys): a captioned table with its headers on wide screens,
 * cards named by the caption on a phone, the loading, empty and failed areas, and a pager whose
 * page status is a polite live region and whose buttons say the page they go to.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedGrid, Pager, type PagedGridProps } from '../../../src/ui/paged-grid';
import { renderWithApp } from '../profile/profile-harness';

interface Row {
  id: number;
  name: string;
  value: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Ana', value: 'R$ 10,00' },
  { id: 2, name: 'Bia', value: 'R$ 20,00' },
];

function grid(over: Partial<PagedGridProps<Row>> = {}) {
  return (
    <PagedGrid<Row>
      caption="Boletos"
      rows={ROWS}
      getKey={(r) => r.id}
      columns={[
        { header: 'Nome', cell: (r) => r.name },
        { header: 'Valor', cell: (r) => r.value, amount: true },
      ]}
      card={(r) => <p>{`${r.name} · ${r.value}`}</p>}
      loading={false}
      loadingText="Carregando..."
      emptyText="Nenhum registro encontrado!"
      failed={false}
      {...over}
    />
  );
}

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

afterEach(cleanup);

describe('PagedGrid', () => {
  it('is a captioned table with one header per column on a wide screen, amounts at the end', () => {
    renderWithApp(grid());
    const table = screen.getByRole('table', { name: 'Boletos' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Nome', 'Valor']);
    expect(headers.map((h) => h.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(within(table).getByRole('cell', { name: 'R$ 20,00' }).className).toBe('amount');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).toBeNull();
    expect(table.parentElement?.getAttribute('aria-live')).toBe('polite');
  });

  it('is a list of cards named by the caption on a phone, with no table', () => {
    const restore = asPhone();
    try {
      renderWithApp(grid());
      const list = screen.getByRole('list', { name: 'Boletos' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Ana · R$ 10,00', 'Bia · R$ 20,00']);
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      restore();
    }
  });

  it('says it is loading (busy), that there is nothing to list, and nothing more after a failure', () => {
    renderWithApp(grid({ loading: true }));
    expect(screen.getByText('Carregando...').parentElement?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    renderWithApp(grid({ rows: [] }));
    expect(screen.getByText('Nenhum registro encontrado!')).toBeTruthy();
    cleanup();
    renderWithApp(grid({ rows: [], failed: true }));
    expect(screen.queryByText('Nenhum registro encontrado!')).toBeNull();
  });
});

describe('Pager', () => {
  const pager = (onPage = vi.fn(), onSize = vi.fn(), disabled = false) =>
    renderWithApp(
      <Pager
        ns="DEPOSIT"
        pageNumber={1}
        pages={3}
        count={25}
        disabled={disabled}
        onPage={onPage}
        pageSize={{ value: 10, sizes: [5, 10, 20], onChange: onSize }}
      />,
    );

  it('announces the page politely, marks the current one and goes to the page asked', () => {
    const onPage = vi.fn();
    const onSize = vi.fn();
    pager(onPage, onSize);
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    const status = within(nav).getByText('Página 1 de 3 (25 boletos)');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(nav).getByRole('button', { name: 'Página 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Página 3' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Próxima' }));
    expect(onPage.mock.calls).toEqual([[3], [2]]);
    fireEvent.change(within(nav).getByLabelText('Por página'), { target: { value: '20' } });
    expect(onSize).toHaveBeenCalledWith(20);
  });

  it('turns every control off while the list is not ready', () => {
    pager(vi.fn(), vi.fn(), true);
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    for (const b of within(nav).getAllByRole('button')) expect(b).toHaveProperty('disabled', true);
    expect(within(nav).getByLabelText('Por página')).toHaveProperty('disabled', true);
  });
});
