/**
 * The recipient book against the sandbox (issue 13, 2-money-movement.md §2 Recipient book, §5
 * Recipient form, §8): the grid sorts on the server (what it shows is the bank's page for the same
 * query, its header says how), a recipient is saved, edited and deleted, and axe finds no serious
 * or critical violation at desktop width and on a 360 px phone, where the grid is a list of cards
 * and dialogs cover the screen.
 *
 * Paging, page sizes, filters and the refusal of a company already in the book are the recipient
 * book's paths (e2e/bindings/recipient-book.ts checks every page at rest against the bank's), with
 * tests/views/transfers/recipient-book-page.test.tsx and sandbox/recipients.test.ts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '../openapi/portal';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { DEVICE_HEADER } from './support/sandbox';
import { MARIA } from './support/demo';
import { startSignedIn, type StoredSession } from './support/session';

type Recipient = components['schemas']['Recipient'];

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

async function open(page: Page): Promise<StoredSession> {
  const session = await startSignedIn(page, MARIA, { route: '/Transfer/Recipient' });
  await expect(page.getByRole('heading', { level: 1, name: 'Favorecidos' })).toBeVisible();
  return session;
}

/** The nicknames of the page the bank gives for a query. */
async function bankNicknames(
  request: APIRequestContext,
  s: StoredSession,
  body: { pageNumber: number; pageSize: number; fieldToSort: string; direction: 0 | 1 },
): Promise<string[]> {
  const res = await request.post('/api/Recipients/ListWithPagination/recipients', {
    headers: { ...DEVICE_HEADER, Authorization: `Bearer ${s.token}` },
    data: { ...body, filters: {} },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { dataset: Recipient[] } }).data.dataset.map((r) => r.nickname);
}

const grid = (page: Page) => page.getByRole('table', { name: 'Favorecidos cadastrados' });
const nicknames = (page: Page) => grid(page).locator('tbody tr td:nth-child(2)');

test('at desktop width: saves, edits and deletes a recipient, sorts on the server; axe clean on the grid, the form with the bank list open and the confirmation', async ({
  page,
  request,
}) => {
  // Three axe passes and a recipient saved, edited and deleted (what three tests did): CPU-bound,
  // past 30 s with a worker per core on a busy machine.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  const s = await open(page);
  await expect(grid(page)).toBeVisible();
  await expectNoSidewaysScroll(page, 'recipient book (desktop)');
  await expectAxeClean(page, 'recipient book (desktop)', WCAG_TAGS);

  await page.getByRole('button', { name: 'Adicionar favorecido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar favorecido' });
  await dialog.getByLabel('Tipo de favorecido', { exact: true }).selectOption('BankTransfer');
  await dialog.getByLabel('Apelido', { exact: true }).fill('Prima Júlia');
  await dialog.getByLabel('Nome completo', { exact: true }).fill('Júlia Mendes Rocha');
  await dialog.getByLabel('CPF/CNPJ', { exact: true }).fill('52998224725');
  const bank = dialog.getByRole('combobox', { name: 'Banco' });
  await bank.fill('zzzz');
  await expect(dialog.getByText('Nenhum valor encontrado').first()).toBeVisible();
  await bank.fill('bradesco');
  await expect(bank).toHaveAttribute('aria-expanded', 'true');
  await expectNoSidewaysScroll(page, 'recipient form with the bank list open (desktop)');
  await expectAxeClean(page, 'recipient form with the bank list open (desktop)', WCAG_TAGS);
  await bank.fill('itau unib');
  // Two Itaú banks match; the keyboard walks the list, the code picks one.
  await bank.press('ArrowDown');
  await expect(bank).toHaveAttribute('aria-activedescendant', /-opt-\d{3}$/);
  await dialog.getByRole('option', { name: /^341/ }).click();
  await expect(bank).toHaveValue(/^341 - /);
  await dialog.getByLabel('Agência', { exact: true }).fill('0123');
  await dialog.getByLabel('Tipo de conta', { exact: true }).selectOption('CC');
  await dialog.getByLabel('Conta', { exact: true }).fill('445566');
  await dialog.getByLabel('Dígito', { exact: true }).fill('1');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Favorecido salvo com sucesso!' })).toBeVisible();
  // The newest first (idRecipient descending).
  await expect(nicknames(page).first()).toHaveText('Prima Júlia');
  const row = grid(page).locator('tbody tr').first();
  await expect(row.locator('td').nth(3)).toHaveText('445566-1');
  await expect(row.locator('td').nth(4)).toHaveText('529.982.247-25');

  await page.getByRole('button', { name: 'Editar o favorecido Prima Júlia' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar favorecido' });
  await expect(edit.getByLabel('Nome completo', { exact: true })).toHaveValue('Júlia Mendes Rocha');
  await edit.getByLabel('Apelido', { exact: true }).fill('Júlia (prima)');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(nicknames(page).first()).toHaveText('Júlia (prima)');

  await page.getByRole('button', { name: 'Excluir o favorecido Júlia (prima)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir favorecido' });
  await expect(confirm).toContainText('Deseja realmente excluir esse favorecido?');
  await expectAxeClean(page, 'delete confirmation (desktop)', WCAG_TAGS);
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Favorecido excluído com sucesso!' }),
  ).toBeVisible();
  await expect(nicknames(page).first()).not.toHaveText('Júlia (prima)');

  // Sorted by nickname on the server: the header says so and the rows are the bank's page.
  await grid(page).getByRole('button', { name: 'Apelido' }).click();
  await expect(grid(page).getByRole('columnheader', { name: 'Apelido' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(nicknames(page)).toHaveText(
    await bankNicknames(request, s, { pageNumber: 1, pageSize: 10, fieldToSort: 'nickname', direction: 0 }),
  );
});

test('axe clean, no sideways scroll (360 px): the list of cards, the form and the confirmation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page);
  await expect(page.getByRole('list', { name: 'Favorecidos cadastrados' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'recipient book (360 px)');
  await expectAxeClean(page, 'recipient book (360 px)', WCAG_TAGS);

  await page.getByRole('button', { name: 'Adicionar favorecido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar favorecido' });
  await dialog.getByLabel('Tipo de favorecido', { exact: true }).selectOption('BankTransfer');
  const bank = dialog.getByRole('combobox', { name: 'Banco' });
  await bank.fill('zzzz');
  await expect(dialog.getByText('Nenhum valor encontrado').first()).toBeVisible();
  await bank.fill('bradesco');
  await expect(bank).toHaveAttribute('aria-expanded', 'true');
  await expectNoSidewaysScroll(page, 'recipient form with the bank list open (360 px)');
  await expectAxeClean(page, 'recipient form with the bank list open (360 px)', WCAG_TAGS);
  await bank.press('Escape');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await page
    .getByRole('button', { name: /^Excluir o favorecido / })
    .first()
    .click();
  await expect(page.getByRole('alertdialog', { name: 'Excluir favorecido' })).toBeVisible();
  await expectAxeClean(page, 'delete confirmation (360 px)', WCAG_TAGS);
});
