/**
 * /PixManual against the sandbox (issue 16; 3-pix-part-one.md §2 Send by manual data, §4, §5, §8):
 * a manual Pix to another institution's account settles ACSC with the receipt and one debit on the
 * statement; same ownership fills the holder's own name and document; the seeded account whose
 * participant rejects (Nubank 0001 / 481516-2 → AC03, sandbox/db/seed-pix-send.ts) shows the
 * reason and returns the money; axe clean at desktop width and on a 360 px phone.
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO_USERS } from '../demo/users';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const next = (page: Page) => page.getByRole('button', { name: 'Avançar', exact: true }).click();
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

interface Account {
  same: boolean;
  name?: string;
  document?: string;
  institution: string;
  agency: string;
  account: string;
  digit: string;
}

/** Walks the 8 steps as the holder does, up to the confirmation. */
async function fillWizard(page: Page, a: Account, amount = '25,50', axe = '') {
  await startSignedIn(page, MARIA, { route: '/PixManual' });
  await expect(heading(page, 'Titularidade')).toBeVisible();
  if (axe) await expectAxeClean(page, `step 1 (${axe})`, WCAG_TAGS);
  await page.getByRole('radio', { name: a.same ? 'Sim' : 'Não', exact: true }).check();
  await next(page);
  if (!a.same) {
    await page.getByLabel('Nome do favorecido', { exact: true }).fill(a.name ?? '');
    await next(page);
    await page.getByLabel('CPF ou CNPJ', { exact: true }).fill(a.document ?? '');
    await next(page);
  }
  await expect(heading(page, 'Instituição')).toBeVisible();
  const search = page.getByLabel('Buscar instituição pelo nome, código ou ISPB');
  await search.fill('zzzz');
  await expect(page.getByText('Nenhum valor encontrado')).toBeVisible();
  await search.fill(a.institution);
  if (axe) await expectAxeClean(page, `step 4 (${axe})`, WCAG_TAGS);
  await page.getByRole('radio').first().check();
  await next(page);
  await page.getByRole('radio', { name: 'Conta corrente', exact: true }).check();
  await next(page);
  await page.getByLabel('Agência', { exact: true }).fill(a.agency);
  await next(page);
  await page.getByLabel('Conta', { exact: true }).fill(a.account);
  await page.getByLabel('Dígito', { exact: true }).fill(a.digit);
  await next(page);
  await expect(heading(page, 'Valor e descrição')).toBeVisible();
  await expect(page.getByText(/^Saldo disponível em .+: R\$/)).toBeVisible();
  if (axe) await expectAxeClean(page, `step 8 (${axe})`, WCAG_TAGS);
  await page.getByLabel('Valor', { exact: true }).fill(amount);
  await page.getByLabel('Descrição (opcional)').fill('Aluguel');
  await next(page);
  return page.getByRole('alertdialog', { name: 'Confirmar Pix' });
}

/** Confirms, types Maria's security code and waits for the result the SPI gives. */
async function confirmAndSettle(page: Page) {
  await page
    .getByRole('alertdialog', { name: 'Confirmar Pix' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  const code = page.getByRole('alertdialog', { name: /Chave de Segurança/ });
  await expect(code).toBeVisible();
  await code.getByRole('textbox').fill(generateSync({ secret: DEMO_USERS.maria.totpSecret }));
  await code.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('dialog', { name: 'Enviando o Pix' })).toBeVisible();
  expect((await page.request.post('/sandbox/spi/advance', { data: { seconds: 600 } })).ok()).toBe(true);
}

test('a manual Pix to another institution settles ACSC: receipt, then one debit on the statement', async ({
  page,
}) => {
  const confirm = await fillWizard(page, {
    same: false,
    name: 'Rafael Costa Lima',
    document: '315.724.680-17',
    institution: 'Nu Pagamentos',
    agency: '0001',
    account: '123456',
    digit: '7',
  });
  await expect(confirm).toContainText('Rafael Costa Lima');
  await expect(confirm).toContainText('***.724.680-**');
  await expect(confirm).toContainText('R$ 25,50');
  await confirmAndSettle(page);
  const done = page.getByRole('dialog', { name: /realizad/ });
  await expect(done.getByRole('status')).toHaveText('Transação realizada com sucesso!', { timeout: 15_000 });
  await expect(done).toContainText(/E99999999\d{12}[a-zA-Z0-9]{11}/);
  await done.getByRole('button', { name: 'Fechar', exact: true }).last().click();
  await expect(page).toHaveURL(/\/Statement$/);
  await expect(page.getByText('Pix enviado - Rafael Costa Lima')).toHaveCount(1);
});

test('same ownership skips to the institution and pays the holder’s own name and document', async ({
  page,
}) => {
  const confirm = await fillWizard(page, {
    same: true,
    institution: 'Itaú',
    agency: '3412',
    account: '55443',
    digit: '1',
  });
  await expect(confirm).toContainText('Maria Silva Santos');
  await expect(confirm).toContainText('***.982.247-**');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(heading(page, 'Valor e descrição')).toBeVisible();
});

test('the account the participant rejects (AC03) shows the reason, and it is corrected with what was typed', async ({
  page,
}) => {
  await fillWizard(page, {
    same: false,
    name: 'Rafael Costa Lima',
    document: '315.724.680-17',
    // Issue 32 item 5: the brand finds Nu Pagamentos.
    institution: 'Nubank',
    agency: '0001',
    account: '481516',
    digit: '2',
  });
  await confirmAndSettle(page);
  const rejected = page.getByRole('alertdialog', { name: 'Pix não realizado' });
  await expect(rejected.getByRole('alert')).toContainText(
    'Transação rejeitada. Entre em contato com o suporte do',
    {
      timeout: 15_000,
    },
  );
  await expect(rejected.getByRole('alert')).toContainText(' Motivo: AC03');
  // Issue 32 item 3: what AC03 means, and back to the account with everything kept.
  await expect(rejected).toContainText('A conta informada não existe na instituição do recebedor');
  await rejected.getByRole('button', { name: 'Corrigir os dados' }).click();
  await expect(heading(page, 'Conta e dígito')).toBeVisible();
  await expect(page.getByLabel('Conta', { exact: true })).toHaveValue('481516');
  await page.getByLabel('Conta', { exact: true }).fill('123456');
  await page.getByLabel('Dígito', { exact: true }).fill('7');
  await next(page);
  await expect(page.getByLabel('Valor', { exact: true })).toHaveValue('25,50');
});

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
]) {
  test(`axe finds nothing serious on the steps and the confirmation (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const confirm = await fillWizard(
      page,
      { same: true, institution: 'Nu Pagamentos', agency: '0001', account: '123456', digit: '7' },
      '25,50',
      size.name,
    );
    await expect(confirm).toBeVisible();
    // Issue 32 item 2: amount and recipient in the first screenful, above the lines.
    const head = confirm.getByTestId('payment-headline');
    await expect(head).toContainText('R$ 25,50');
    await expect(head).toContainText(`para ${DEMO_USERS.maria.name}`);
    await expect(head).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, 'no sideways scrolling');
    await expectAxeClean(page, `confirmation (${size.name})`, WCAG_TAGS);
  });
}
