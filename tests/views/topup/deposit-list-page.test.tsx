// @vitest-environment jsdom
/**
 * The deposit boleto list (2-money-movement.md §2 Deposit by boleto, §4 Deposit list, §7, §9)
 * through the real page, the real actors and the real API client, against a fake bank: the first
 * request, the filters carrying today's date, 'Expirado' instead of the print button, and the page
 * reset rule when the filter changes.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPIRED_DEPOSIT, SAMPLE_DEPOSIT } from '../../../machines/deposits/deposit-sample-data';
import { depositFlowActors } from '../../../src/app/actors/deposit-actors';
import DepositListPage from '../../../src/features/topup/deposit-list-page';
import { toIsoDate } from '../../../src/format/dates';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

const LIST_PATH = '/Deposits/ListWithPagination/deposits';
const today = toIsoDate(new Date());
/** One open boleto (due in the future) and one due before today, of 40 (8 pages of 5, 4 of 10). */
const rows = [
  { ...SAMPLE_DEPOSIT, dueDate: '2999-12-31' },
  { ...EXPIRED_DEPOSIT, dueDate: '2000-01-03' },
];

const listCalls = (calls: BankCall[]) =>
  calls.filter((c) => c.path === LIST_PATH).map((c) => c.body as Record<string, unknown>);

const renderList = () =>
  renderWithApp(
    <FlowActorsProvider actors={depositFlowActors}>
      <DepositListPage />
    </FlowActorsProvider>,
    '/Deposit/Ticket',
  );

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the deposit list', () => {
  it('asks page 1 of 10 by idDeposit descending; an expired boleto shows Expirado and no print button', async () => {
    const calls = fakeBank((c) =>
      c.path === LIST_PATH ? ok({ dataset: rows, recordCount: 40 }) : undefined,
    );
    renderList();
    const table = await screen.findByRole('table');
    expect(listCalls(calls)[0]).toMatchObject({
      pageNumber: 1,
      pageSize: 10,
      fieldToSort: 'idDeposit',
      direction: 1,
      filters: {},
    });
    const [, open, expired] = within(table).getAllByRole('row');
    expect(within(open as HTMLElement).getByRole('button', { name: /^Imprimir/ })).toBeTruthy();
    expect(within(expired as HTMLElement).queryByRole('button')).toBeNull();
    expect((expired as HTMLElement).textContent).toContain('Expirado');
  });

  it('the filters carry today; a page beyond 2 goes back to 1 when the filter changes (§4), page 2 stays', async () => {
    const calls = fakeBank((c) =>
      c.path === LIST_PATH ? ok({ dataset: rows, recordCount: 40 }) : undefined,
    );
    renderList();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ pageNumber: 3 }));
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('radio', { name: 'Expirados' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ pageNumber: 1, filters: { due_date_finish: today } }),
    );
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ pageNumber: 2 }));
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('radio', { name: /^A vencer/ }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ pageNumber: 2, filters: { due_date_start: today } }),
    );
  });

  it('says Nenhum registro encontrado! for an empty list', async () => {
    fakeBank((c) => (c.path === LIST_PATH ? ok({ dataset: [], recordCount: 0 }) : undefined));
    renderList();
    expect(await screen.findByText('Nenhum registro encontrado!')).toBeTruthy();
  });
});
