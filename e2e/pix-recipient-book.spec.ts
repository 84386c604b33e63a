/**
 * The Pix recipient book (/PixRecipientPage; 3-pix-part-one.md §2 Recipient book (Pix variant), §4,
 * §5, §7, §8) against the sandbox: reached from the hub's card; a recipient added by e-mail key
 * (saved in lower case, as the DICT writes it), the same key refused as 'Favorecido já cadastrado',
 * the nickname edited, the recipient deleted after 'Deseja realmente excluir esse favorecido?'; the
 * page sizes 5, 10 and 20 (default 20) over Maria's Pix recipients; send Pix (present and opening
 * /PixKey once that screen is in the catalog, absent before); axe clean at desktop and 360 px.
 */
import type { Page } from '@playwright/test';
import { catalog } from '../machines/catalog';
import { MARIA_RECIPIENTS } from '../sandbox/db/seed-recipients';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { MARIA } from './support/demo';
import { startSignedIn } from './support/session';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

/** Maria's Pix recipients in the seed (sandbox/db/seed-recipients.ts). */
const PIX_COUNT = MARIA_RECIPIENTS.filter((r) => r.recipientType === 'Pix').length;
/** The send-by-key screen exists once its flow (route /PixKey) is in the catalog. */
const PIX_KEY_SCREEN = catalog.some((e) => e.route?.toLowerCase() === '/pixkey');

const table = (page: Page) => page.getByRole('table', { name: 'Favorecidos Pix cadastrados' });
const rows = (page: Page) => table(page).locator('tbody tr');
const row = (page: Page, nickname: string) =>
  rows(page).filter({ has: page.getByRole('cell', { name: nickname, exact: true }) });
const formDialog = (page: Page, name: 'Adicionar favorecido Pix' | 'Editar favorecido Pix') =>
  page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function addByEmail(page: Page, nickname: string, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Adicionar favorecido Pix' }).click();
  const dialog = formDialog(page, 'Adicionar favorecido Pix');
  await dialog.getByLabel('Apelido', { exact: true }).fill(nickname);
  await dialog.getByLabel('Tipo de chave', { exact: true }).selectOption('EMAIL');
  await dialog.getByLabel('Chave Pix', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
}

test('from the hub: axe at desktop and 360 px on the book and its form; add by e-mail key, a duplicate refused, edit, delete; page sizes; send Pix', async ({
  page,
}) => {
  // The work of the two tests it replaced (30 s each).
  test.setTimeout(60_000);
  await startSignedIn(page, MARIA, { route: '/Pix' });
  await page.getByRole('link', { name: /Favorecidos/ }).click();
  await expect(page).toHaveURL(/\/PixRecipientPage$/);
  await expect(rows(page)).toHaveCount(PIX_COUNT);

  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: '360 px', width: 360, height: 740 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(page.getByRole('heading', { level: 1, name: 'Favorecidos Pix' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adicionar favorecido Pix' })).toBeEnabled();
    await expectNoSidewaysScroll(page, `no sideways scrolling (${size.name})`);
    await expectAxeClean(page, `Pix recipient book (${size.name})`, WCAG_TAGS);
    await page.getByRole('button', { name: 'Adicionar favorecido Pix' }).click();
    const dialog = formDialog(page, 'Adicionar favorecido Pix');
    await dialog.getByLabel('Tipo de chave', { exact: true }).selectOption('PHONE');
    await expect(dialog.getByLabel('Chave Pix', { exact: true })).toBeVisible();
    await expectAxeClean(page, `Pix recipient form (${size.name})`, WCAG_TAGS);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await addByEmail(page, 'Feira livre', 'Feira.Livre@Exemplo.com.br');
  await expect(toast(page, 'Favorecido salvo com sucesso!')).toBeVisible();
  await expect(formDialog(page, 'Adicionar favorecido Pix')).toHaveCount(0);
  // Newest first: the new recipient heads page 1, its key as the DICT writes it.
  await expect(rows(page).first().getByRole('cell')).toHaveText([
    'E-mail',
    'Feira livre',
    'feira.livre@exemplo.com.br',
    /Editar/,
  ]);

  await addByEmail(page, 'Feira de novo', 'feira.livre@exemplo.com.br');
  const refused = formDialog(page, 'Adicionar favorecido Pix');
  await expect(refused.getByRole('alert')).toHaveText('Favorecido já cadastrado');
  await expect(refused.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await expect(refused.getByLabel('Chave Pix', { exact: true })).toHaveValue('feira.livre@exemplo.com.br');
  await refused.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rows(page)).toHaveCount(PIX_COUNT + 1);

  await page.getByRole('button', { name: 'Editar o favorecido Feira livre' }).click();
  const edit = formDialog(page, 'Editar favorecido Pix');
  await expect(edit.getByLabel('Tipo de chave', { exact: true })).toHaveValue('EMAIL');
  await edit.getByLabel('Apelido', { exact: true }).fill('Feira de sábado');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(row(page, 'Feira de sábado')).toHaveCount(1);
  await expect(row(page, 'Feira livre')).toHaveCount(0);

  await page.getByRole('button', { name: 'Excluir o favorecido Feira de sábado' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir favorecido' });
  await expect(confirm).toContainText('Deseja realmente excluir esse favorecido?');
  await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(toast(page, 'Favorecido excluído com sucesso!')).toBeVisible();
  await expect(row(page, 'Feira de sábado')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(PIX_COUNT);

  // Page sizes 5, 10 and 20 (default 20) over Maria's Pix recipients.
  const pageSize = page.getByLabel('Por página', { exact: true });
  await expect(pageSize).toHaveValue('20');
  await expect(rows(page)).toHaveCount(PIX_COUNT);
  await pageSize.selectOption('5');
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByText(`Página 1 de ${Math.ceil(PIX_COUNT / 5)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(rows(page)).toHaveCount(PIX_COUNT - 5);
  await pageSize.selectOption('10');
  await expect(rows(page)).toHaveCount(Math.min(10, PIX_COUNT));

  const send = page.getByRole('button', { name: /^Enviar Pix para / });
  if (!PIX_KEY_SCREEN) {
    await expect(send).toHaveCount(0);
    return;
  }
  await expect(send).toHaveCount(Math.min(10, PIX_COUNT));
  const first = rows(page).first();
  const nickname = (await first.getByRole('cell').nth(1).innerText()).trim();
  await first.getByRole('button', { name: `Enviar Pix para ${nickname}` }).click();
  await expect(page).toHaveURL(/\/PixKey\?recipient=\d+$/);
});
