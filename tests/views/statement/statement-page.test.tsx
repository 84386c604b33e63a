// @vitest-environment jsdom
/**
 * The statement screen in jsdom against a fake bank behind the real API client: grouping, colour
 * and sign, ESTORNO, the receipt icon rule, search, the period filter's refusals, the balance
 * toggle, failures with retry, the export dialog's answers and the receipt dialog.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/portal';
import {
  DEMO_ACCOUNT,
  SAMPLE_BALANCES,
  SAMPLE_CLIENT,
  SAMPLE_ENTRIES,
  SAMPLE_REPORT,
  SAMPLE_TED_DETAIL,
} from '../../../machines/statement/sample-data';
import { session } from '../../../src/runtime/session';
import StatementPage from '../../../src/features/statement/statement-page';
import { fakeBank, renderWithApp, signIn, type Call } from '../shell/harness';
import { DEMO_USERS } from '../../../demo/users';

type Entry = components['schemas']['StatementEntry'];

interface Bank {
  entries?: Entry[];
  statementStatus?: number;
  balanceStatus?: number;
  report?: unknown;
  reportStatus?: number;
  detail?: unknown;
  detailStatus?: number;
}

function bank(b: Bank = {}): Call[] {
  return fakeBank((call) => {
    const p = call.path;
    if (p === `/client/${DEMO_ACCOUNT.accountId}`) return { body: { data: SAMPLE_CLIENT } };
    if (p === `/client/${DEMO_ACCOUNT.accountId}/balance`)
      return b.balanceStatus
        ? { status: b.balanceStatus, body: { error: { code: 99 } } }
        : { body: { data: SAMPLE_BALANCES } };
    if (p === `/accounts/${DEMO_ACCOUNT.accountId}/statement`)
      return b.statementStatus
        ? { status: b.statementStatus, body: { error: { code: 99 }, errorMessage: 'Falha do banco' } }
        : { body: { data: { statement: b.entries ?? SAMPLE_ENTRIES } } };
    if (p === `/accounts/${DEMO_ACCOUNT.accountId}/reportStatement`)
      return b.reportStatus
        ? { status: b.reportStatus, body: { error: { code: 99 } } }
        : { body: { data: b.report ?? SAMPLE_REPORT } };
    if (
      p.startsWith(`/client/${DEMO_ACCOUNT.accountHolderId}/account/${DEMO_ACCOUNT.accountId}/transaction/`)
    )
      return b.detailStatus
        ? { status: b.detailStatus, body: { error: { code: 99 } } }
        : { body: { data: b.detail ?? SAMPLE_TED_DETAIL } };
    return undefined;
  });
}

function signInMaria() {
  signIn({
    account: {
      accountHolderId: DEMO_ACCOUNT.accountHolderId,
      accounts: [{ accountId: DEMO_ACCOUNT.accountId }],
      isValidateDevice: true,
    },
    client: SAMPLE_CLIENT.client,
    accountInfo: SAMPLE_CLIENT.account,
  });
}

async function renderPage(b: Bank = {}) {
  const calls = bank(b);
  signInMaria();
  // The shell renders every page inside <main>.
  const utils = renderWithApp(
    <main>
      <StatementPage />
    </main>,
    '/Statement',
  );
  return { calls, ...utils };
}

const table = () => screen.getByRole('table');
const entryRows = () =>
  within(table())
    .getAllByRole('row')
    .filter((r) => r.hasAttribute('data-entry-row'));
const rowOf = (description: string) => {
  const row = entryRows().find((r) => r.textContent?.includes(description));
  if (!row) throw new Error(`no row for ${description}`);
  return row;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-20T12:00:00-03:00') });
});

afterEach(() => {
  cleanup();
  session.clear();
  vi.useRealTimers();
});

describe('statement list', () => {
  it('shows the header: account, branch 0001, name and masked CPF, and the REAL balance', async () => {
    await renderPage();
    await screen.findByRole('table');
    // Padded to 7 digits, as in the exports and receipts (src/format/account.ts, issue #11).
    expect(screen.getByText('0123456')).toBeTruthy();
    expect(screen.getByText('0001')).toBeTruthy();
    expect(screen.getByText('Maria Silva Santos')).toBeTruthy();
    expect(screen.getByText(DEMO_USERS.maria.taxIdMasked)).toBeTruthy();
    expect(await screen.findByText('R$ 5.432,10')).toBeTruthy();
  });

  it('groups by credit date, newest day first, with a date row per day', async () => {
    await renderPage();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(table().getAttribute('aria-rowcount')).toBe(String(SAMPLE_ENTRIES.length + 3 + 1));
    const texts = rows.slice(1).map((r) => r.textContent ?? '');
    expect(texts[0]).toMatch(/quarta-feira, 20 de maio de 2026/);
    expect(texts[1]).toContain('Pix recebido - João Pereira');
    expect(texts[2]).toContain('TED enviada - Ana Costa');
    expect(texts[3]).toMatch(/segunda-feira, 18 de maio de 2026/);
    expect(texts[6]).toMatch(/sexta-feira, 15 de maio de 2026/);
    expect(rows.slice(1).map((r) => Number(r.getAttribute('aria-rowindex')))).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('shows debits in red with a minus sign and credits plain', async () => {
    await renderPage();
    await screen.findByRole('table');
    const debit = within(rowOf('TED enviada')).getByText('-R$ 1.200,50');
    expect(debit.getAttribute('data-kind')).toBe('debit');
    expect(getComputedStyle(debit).color).toBe('rgb(198, 40, 40)');
    const credit = within(rowOf('Pix recebido')).getByText('R$ 150,00');
    expect(credit.getAttribute('data-kind')).toBe('credit');
    expect(getComputedStyle(credit).color).not.toBe('rgb(198, 40, 40)');
  });

  it("tags refund credits 'ESTORNO' and nothing else", async () => {
    await renderPage();
    await screen.findByRole('table');
    expect(within(rowOf('Devolução Pix recebida')).getByText('ESTORNO')).toBeTruthy();
    expect(screen.getAllByText('ESTORNO')).toHaveLength(1);
  });

  it('offers a receipt only with a transaction id and never on a refund debit', async () => {
    await renderPage();
    await screen.findByRole('table');
    const has = (d: string) => within(rowOf(d)).queryByRole('button', { name: /Ver comprovante/ }) !== null;
    expect(has('Pix recebido')).toBe(true);
    expect(has('TED enviada')).toBe(true);
    expect(has('Devolução Pix recebida')).toBe(true);
    expect(has('Devolução Pix enviada')).toBe(false);
    expect(has('Saque em espécie')).toBe(false);
  });

  it('searches description and formatted amount, case-insensitive, without calling the bank', async () => {
    const { calls } = await renderPage();
    await screen.findByRole('table');
    const before = calls.length;
    const search = screen.getByRole('searchbox', { name: 'Buscar no extrato' });
    expect(search.getAttribute('placeholder')).toBe('ex.: saque, TED, DOC');
    fireEvent.change(search, { target: { value: 'ted' } });
    await waitFor(() => expect(entryRows()).toHaveLength(1));
    expect(rowOf('TED enviada')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'SAQUE' } });
    await waitFor(() =>
      expect(entryRows().map((r) => r.textContent)).toEqual([expect.stringContaining('Saque em espécie')]),
    );
    fireEvent.change(search, { target: { value: '1.200,50' } });
    await waitFor(() => expect(entryRows()).toHaveLength(1));
    fireEvent.change(search, { target: { value: 'nada disso' } });
    expect(await screen.findByText('Nenhum registro encontrado!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.length).toBe(before);
  });

  it('shows the empty state when the period has nothing', async () => {
    await renderPage({ entries: [] });
    expect(await screen.findByText('Nenhum registro encontrado!')).toBeTruthy();
    expect(document.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });

  it('shows a failure with a retry that reloads', async () => {
    await renderPage({ statementStatus: 500 });
    expect(await screen.findByText(/Não foi possível carregar o extrato/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    bank({});
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('toggles the balance with aria-pressed', async () => {
    await renderPage();
    const toggle = await screen.findByRole('button', { name: 'Ocultar saldo' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('R$ 5.432,10')).toBeNull();
    expect(screen.getByText('Saldo oculto')).toBeTruthy();
  });
});

describe('period filter', () => {
  it('reloads with the chosen period and refuses a custom period that breaks §5', async () => {
    const { calls } = await renderPage();
    await screen.findByRole('table');
    const statementCalls = () => calls.filter((c) => c.path.endsWith('/statement'));
    expect(statementCalls()).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Período' }), { target: { value: '3' } });
    await waitFor(() => expect(statementCalls()).toHaveLength(2));

    fireEvent.change(screen.getByRole('combobox', { name: 'Período' }), { target: { value: 'custom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Informe a data inicial e a data final')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '10/05/2026' } });
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '01/05/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('A data inicial não pode ser posterior à data final')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '20/05/2026' } });
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '20/05/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText(/A data inicial não pode ser posterior a ontem/)).toBeTruthy();
    expect(statementCalls()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '01/05/2026' } });
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '10/05/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(statementCalls()).toHaveLength(3));
  });

  it('enables the month picker only for the month type and offers no month before January 2020', async () => {
    await renderPage();
    await screen.findByRole('table');
    const picker = screen.getByRole('combobox', { name: 'Mês do extrato' }) as HTMLSelectElement;
    expect(picker.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Período' }), { target: { value: '4' } });
    await waitFor(() => expect(picker.disabled).toBe(false));
    // Months by name in the portal's language, newest first, down to January 2020 and no further.
    const months = [...picker.options].map((o) => o.textContent);
    expect(months.at(-1)).toBe('Janeiro de 2020');
    expect(months).not.toContain('Dezembro de 2019');
    expect(months[0]).toBe('Maio de 2026'); // today is 20 May 2026 (fake clock above)
    expect(months).toHaveLength(6 * 12 + 5);
    fireEvent.change(picker, { target: { value: '2020-01' } });
    expect(picker.value).toBe('2020-01');
  });
});

describe('export dialog', () => {
  async function openExport(b: Bank) {
    await renderPage(b);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'EXPORTAR' }));
    return screen.findByRole('dialog', { name: 'Exportar extrato' }, { timeout: 10_000 });
  }

  it('offers the period shown (chosen), the four periods and the three formats', async () => {
    const dialog = await openExport({});
    for (const name of ['Último dia', 'Últimos 7 dias', 'Últimos 15 dias', 'Período personalizado']) {
      expect(within(dialog).getByRole('radio', { name })).toBeTruthy();
    }
    // Issue 32: the period on the screen (its default, the last 7 days) comes first and is chosen.
    const shown = within(dialog).getByRole('radio', {
      name: 'Período exibido no extrato (14/05/2026 a 20/05/2026)',
    }) as HTMLInputElement;
    expect(shown.checked).toBe(true);
    for (const name of ['Excel', 'PDF', 'OFX'])
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
  });

  it('exports the month the statement shows by default (issue 32)', async () => {
    const { calls } = await renderPage();
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('combobox', { name: 'Período' }), { target: { value: '4' } });
    const picker = screen.getByRole('combobox', { name: 'Mês do extrato' }) as HTMLSelectElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.change(picker, { target: { value: '2026-04' } });
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/statement')).length).toBeGreaterThan(1));
    fireEvent.click(screen.getByRole('button', { name: 'EXPORTAR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar extrato' }, { timeout: 10_000 });
    const month = within(dialog).getByRole('radio', {
      name: 'Período exibido no extrato (01/04/2026 a 30/04/2026)',
    }) as HTMLInputElement;
    expect(month.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OFX' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/reportStatement'))).toBe(true));
    const report = calls.find((c) => c.path.endsWith('/reportStatement'));
    expect(report?.search).toBe('?start=2026-04-01&ending=2026-04-30');
  });

  it("says 'Erro na exportação- Aguarde e tente novamente' when the answer is not a list", async () => {
    const dialog = await openExport({ report: { rows: [] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excel' }));
    expect(await screen.findByText('Erro na exportação- Aguarde e tente novamente')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says there is nothing to export when the period has no movement', async () => {
    const dialog = await openExport({ report: [SAMPLE_REPORT[0]] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OFX' }));
    expect(await screen.findByText('Nenhum lançamento encontrado no período selecionado.')).toBeTruthy();
  });

  it('refuses a custom period without dates and asks the bank nothing', async () => {
    const calls = bank({});
    signInMaria();
    renderWithApp(<StatementPage />, '/Statement');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'EXPORTAR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar extrato' }, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Período personalizado' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'PDF' }));
    expect(await within(dialog).findByText('Informe a data inicial e a data final')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/reportStatement'))).toHaveLength(0);
  });
});

describe('receipt dialog', () => {
  it('shows a TED receipt: destination with Conta Corrente, hidden CPF, amount and transaction id', async () => {
    await renderPage();
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('TED enviada')).getByRole('button', { name: /Ver comprovante/ }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Comprovante de transferência' },
      { timeout: 10_000 },
    );
    await within(dialog).findByText('Conta Corrente');
    expect(within(dialog).getByText('341 - Itaú Unibanco')).toBeTruthy();
    expect(within(dialog).getByText('***.444.777-**')).toBeTruthy();
    expect(within(dialog).getByText('R$ 1.200,50')).toBeTruthy();
    expect(within(dialog).getByText('tx-ted-out')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Baixar PDF' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Imprimir' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the empty receipt with dashes and R$ 0,00 when the detail cannot be loaded', async () => {
    await renderPage({ detailStatus: 404 });
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('Pix recebido')).getByRole('button', { name: /Ver comprovante/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(
      await within(dialog).findByText(/Não foi possível carregar os dados deste comprovante/),
    ).toBeTruthy();
    expect(within(dialog).getByText('R$ 0,00')).toBeTruthy();
    expect(within(dialog).getAllByText('-').length).toBeGreaterThan(5);
    expect(within(dialog).getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('prints through window.print and survives a print failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const print = vi.fn(() => {
      throw new Error('blocked');
    });
    const original = window.print;
    window.print = print;
    try {
      await renderPage();
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'IMPRIMIR' }));
      expect(print).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalled();
      expect(screen.getByRole('table')).toBeTruthy();
    } finally {
      window.print = original;
      error.mockRestore();
    }
  });
});

describe('accessibility (axe, jsdom: contrast is left to e2e)', () => {
  async function violations(): Promise<string[]> {
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('has no violations on the list, the export dialog and the receipt dialog', async () => {
    await renderPage();
    await screen.findByRole('table');
    await screen.findByText('R$ 5.432,10');
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'EXPORTAR' }));
    await screen.findByRole('dialog', { name: 'Exportar extrato' }, { timeout: 10_000 });
    expect(await violations()).toEqual([]);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(rowOf('TED enviada')).getByRole('button', { name: /Ver comprovante/ }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Comprovante de transferência' },
      { timeout: 10_000 },
    );
    await within(dialog).findByText('Conta Corrente');
    expect(await violations()).toEqual([]);
    // Three axe passes and two dialogs that load their chunks when opened: over the default 20 s
    // on the shared 2-core machine.
  }, 40_000);

  it('moves focus into a dialog and back to its opener', async () => {
    await renderPage();
    await screen.findByRole('table');
    const opener = screen.getByRole('button', { name: 'EXPORTAR' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Exportar extrato' }, { timeout: 10_000 });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});

describe('a company (alphanumeric CNPJ)', () => {
  it('masks the tax id as a CNPJ and labels it so', async () => {
    const company = {
      ...SAMPLE_CLIENT,
      client: {
        ...SAMPLE_CLIENT.client,
        name: 'Padaria Pão Dourado Ltda',
        taxIdentifier: { taxId: DEMO_USERS.padaria.taxId, country: 'BRA' },
      },
    };
    fakeBank((call) => {
      if (call.path === `/client/${DEMO_ACCOUNT.accountId}`) return { body: { data: company } };
      if (call.path.endsWith('/balance')) return { body: { data: SAMPLE_BALANCES } };
      if (call.path.endsWith('/statement')) return { body: { data: { statement: SAMPLE_ENTRIES } } };
      return undefined;
    });
    signInMaria();
    renderWithApp(<StatementPage />, '/Statement');
    expect(await screen.findByText(DEMO_USERS.padaria.taxIdMasked)).toBeTruthy();
    expect(screen.getByText('CNPJ')).toBeTruthy();
  });
});

describe('5,000 entries', () => {
  it('mounts only the rows in view and filters them', async () => {
    const many: Entry[] = Array.from({ length: 5000 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 4, 20, 15) - i * 11 * 60_000).toISOString();
      return {
        description: i % 10 === 0 ? `Saque ${i}` : `Pix recebido ${i}`,
        type: i % 3 === 0 ? 'D' : 'C',
        amount: 10 + i,
        transactionId: `tx-${i}`,
        entryDate: at,
        creditDate: at,
      };
    });
    await renderPage({ entries: many });
    const t = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(Number(t.getAttribute('aria-rowcount'))).toBeGreaterThan(5000);
    expect(within(t).getAllByRole('row').length).toBeLessThan(40);
    const search = screen.getByRole('searchbox', { name: 'Buscar no extrato' });
    await act(async () => {
      fireEvent.change(search, { target: { value: 'saque' } });
    });
    await waitFor(() => expect(entryRows().every((r) => r.textContent?.includes('Saque'))).toBe(true));
    expect(Number(table().getAttribute('aria-rowcount'))).toBeLessThan(1000);
    // How long it takes is measured in Chromium by npm run bench (e2e/bench/statement-volume.bench.ts).
  });
});
