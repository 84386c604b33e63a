/**
 * The profile and the address book in Chromium against the sandbox bank
 * (1-access-shell-statement.md §2 Profile screen, Address book; §4 Address edit; §5 Address form;
 * §7 the address and client calls; §8 success messages): reach the profile through the side menu,
 * read it, add, edit and delete an address, the edit sequence of §4 seen on the wire, an edited
 * mail address back in the profile, and an axe check of /Profile, its address-book dialog and form,
 * and /ProfileAddressBook (no serious or critical violation).
 *
 * A failed save (the values kept, the API error, a second save) is the address book's paths'
 * (e2e/bindings/address-book.ts 'form.filling.failed') and tests/views/profile/address-book-page.test.tsx's.
 */
import type { Page } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';

/** Opens the profile through the side menu (Perfil → Dados da conta). */
async function openProfile(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const group = menu.getByRole('button', { name: 'Perfil' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await menu.getByRole('link', { name: 'Dados da conta' }).click();
  await expect(page).toHaveURL(/\/ProfileAccountData$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
}

/** The value next to a label of a description list. */
const valueOf = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/sandbox/reset');
  expect(reset.ok()).toBe(true);
});

test('the profile shows the name and the masked CPF; its book adds, edits and deletes; axe clean on the profile, the book and its form', async ({
  page,
}) => {
  // axe over the profile, its dialog and its form is CPU-bound: with a worker per core it needs
  // more than 30 s on a busy machine.
  test.slow();
  await startSignedIn(page, MARIA);
  await openProfile(page);
  const data = page.getByRole('region', { name: 'Dados da conta' });
  await expect(valueOf(data, 'Nome')).toHaveText(MARIA.name);
  await expect(valueOf(data, 'CPF')).toHaveText(MARIA.cpfMasked);
  await expect(valueOf(data, 'Celular')).toHaveText('(11) 98765-4321');
  await expectAxeClean(page, '/Profile');

  // The address book as a dialog of the profile.
  await page.getByRole('button', { name: 'Catálogo de endereços' }).click();
  const book = page.getByRole('dialog', { name: 'Catálogo de endereços' });
  const list = book.getByRole('list', { name: 'Endereços cadastrados' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expectAxeClean(page, '/Profile with the address-book dialog');

  // Add.
  await book.getByRole('button', { name: 'Adicionar endereço' }).click();
  const addForm = page.getByRole('dialog', { name: 'Adicionar endereço' });
  await expect(addForm.getByLabel('Logradouro')).toBeFocused();
  const save = addForm.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();
  await addForm.getByLabel('Logradouro').fill('   ');
  await addForm.getByLabel('Logradouro').blur();
  await expect(addForm.getByText('Preencha este campo')).toBeVisible();
  await expectAxeClean(page, 'the address form dialog with an error');
  await addForm.getByLabel('Logradouro').fill('Rua Nova');
  await addForm.getByLabel('Número').fill('42');
  await addForm.getByLabel('Bairro').fill('Centro');
  await addForm.getByLabel('CEP').pressSequentially('20040020');
  await expect(addForm.getByLabel('CEP')).toHaveValue('20040-020');
  await addForm.getByLabel('Cidade').fill('Rio de Janeiro');
  await addForm.getByLabel('Estado').selectOption({ label: 'RJ - Rio de Janeiro' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Endereço salvo com sucesso!')).toBeVisible();
  await expect(addForm).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('Rua Nova, 42')).toBeVisible();

  // Edit: the address, then the client, then the client reloaded (§4), seen on the wire.
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/client/')) calls.push(`${r.method()} ${path.replace('/api', '')}`);
  });
  await list.getByRole('button', { name: 'Editar o endereço Rua Nova, 42' }).click();
  const editForm = page.getByRole('dialog', { name: 'Editar endereço' });
  await expect(editForm.getByLabel('Logradouro')).toHaveValue('Rua Nova');
  await expect(editForm.getByLabel('Estado')).toHaveValue('RJ');
  await editForm.getByLabel('Número').fill('43');
  await editForm.getByRole('button', { name: 'Salvar' }).click();
  await expect(editForm).toBeHidden();
  await expect(list.getByText('Rua Nova, 43')).toBeVisible();
  const edit = calls.filter((c) => c.startsWith('POST') || /^GET \/client\/[^/]+$/.test(c));
  expect(edit).toHaveLength(3);
  expect(edit[0]).toMatch(/^POST \/client\/[^/]+\/account\/[^/]+\/address\/[^/]+$/);
  expect(edit[1]).toMatch(/^POST \/client\/[^/]+\/account\/[^/]+$/);
  expect(edit[2]).toMatch(/^GET \/client\/[^/]+$/);

  // Delete, after a confirmation.
  await list.getByRole('button', { name: 'Excluir o endereço Rua Nova, 43' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir endereço' });
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Endereço excluído com sucesso!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('Rua Nova, 43')).toHaveCount(0);

  // Closing the book gives focus back to the profile's button.
  await page.keyboard.press('Escape');
  await expect(book).toBeHidden();
  await expect(page.getByRole('button', { name: 'Catálogo de endereços' })).toBeFocused();
});

test('editing the mail address on /ProfileAddressBook updates the profile (client reloaded into the session); the page is axe clean', async ({
  page,
}) => {
  await startSignedIn(page, MARIA, { route: '/ProfileAddressBook' });
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de endereços' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Endereços cadastrados' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expectAxeClean(page, '/ProfileAddressBook');
  await list.getByRole('button', { name: /^Editar o endereço Rua das Flores, 123/ }).click();
  const form = page.getByRole('dialog', { name: 'Editar endereço' });
  await form.getByLabel('Número').fill('77');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Endereço salvo com sucesso!')).toBeVisible();
  await expect(list.getByText('Rua das Flores, 77 - Apto 45')).toBeVisible();

  const stored = await page.evaluate(() => sessionStorage.getItem('portal.session') ?? '');
  expect(JSON.parse(stored).client.mailAddress.number).toBe('77');

  await page.goto('/Profile');
  const mail = page.getByRole('region', { name: 'Endereço de correspondência' });
  await expect(valueOf(mail, 'Número')).toHaveText('77');
  await expect(valueOf(mail, 'Estado')).toHaveText('SP - São Paulo');
});
