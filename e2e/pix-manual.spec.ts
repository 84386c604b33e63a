/**
 * /PixManual against the sandbox (issue 16; 3-pix-part-one.md §2 Send by manual data, §4, §5, §8):
 * the seeded account whose participant rejects (Nubank 0001 / 481516-2 → AC03,
 * sandbox/db/seed-pix-send.ts) shows the reason and returns the money; corrected to another
 * institution's account, the same Pix settles ACSC with the receipt and one debit on the
 * statement. Same ownership fills the holder's own name and document; axe clean on the steps and
 * the confirmation at desktop width and on a 360 px phone (one walk, both widths at each step).
 */
import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../demo/users';
import { freshCode } from './bindings/money-movement';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { balanceCents } from './support/sandbox';
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

/** Axe at desktop width, then on a 360 px phone, then back to desktop width. */
async function axeAtBothWidths(page: Page, what: string): Promise<void> {
  await expectAxeClean(page, `${what} (desktop)`, WCAG_TAGS);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAxeClean(page, `${what} (360 px)`, WCAG_TAGS);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Walks the 8 steps as the holder does, up to the confirmation (axe at both widths when `axe`). */
async function fillWizard(page: Page, a: Account, axe = false) {
  await expect(heading(page, 'Titularidade')).toBeVisible();
  if (axe) await axeAtBothWidths(page, 'step 1');
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
  if (axe) await axeAtBothWidths(page, 'step 4');
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
  if (axe) await axeAtBothWidths(page, 'step 8');
  await page.getByLabel('Valor', { exact: true }).fill('25,50');
  await page.getByLabel('Descrição (opcional)').fill('Aluguel');
  await next(page);
  return page.getByRole('alertdialog', { name: 'Confirmar Pix' });
}

/**
 * Confirms, types Maria's security code (a step the bank has not seen: two payments here) and
 * brings the SPI's answer forward.
 */
async function confirmAndSettle(page: Page) {
  await page
    .getByRole('alertdialog', { name: 'Confirmar Pix' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  const code = page.getByRole('alertdialog', { name: /Chave de Segurança/ });
  await expect(code).toBeVisible();
  await code.getByRole('textbox').fill(await freshCode(page));
  await code.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('dialog', { name: 'Enviando o Pix' })).toBeVisible();
  expect((await page.request.post('/sandbox/spi/advance', { data: { seconds: 600 } })).ok()).toBe(true);
}

test('the account the participant rejects (AC03): the reason, the money back; corrected with what was typed, it settles ACSC with the receipt and one debit', async ({
  page,
}) => {
  // Two payments: the budget of the two tests it replaced (30 s each).
  test.setTimeout(60_000);
  const session = await startSignedIn(page, MARIA, { route: '/PixManual' });
  const before = await balanceCents(page.request, session);
  const confirm = await fillWizard(page, {
    same: false,
    name: 'Rafael Costa Lima',
    document: '315.724.680-17',
    // Issue 32 item 5: the brand finds Nu Pagamentos.
    institution: 'Nubank',
    agency: '0001',
    account: '481516',
    digit: '2',
  });
  await expect(confirm).toContainText('Rafael Costa Lima');
  await expect(confirm).toContainText('***.724.680-**');
  await expect(confirm).toContainText('R$ 25,50');
  await confirmAndSettle(page);
  const rejected = page.getByRole('alertdialog', { name: 'Pix não realizado' });
  await expect(rejected.getByRole('alert')).toContainText(
    'Transação rejeitada. Entre em contato com o suporte do',
    {
      timeout: 15_000,
    },
  );
  await expect(rejected.getByRole('alert')).toContainText(' Motivo: AC03');
  expect(await balanceCents(page.request, session), 'the rejected Pix returned').toBe(before);
  // Issue 32 item 3: what AC03 means, and back to the account with everything kept.
  await expect(rejected).toContainText('A conta informada não existe na instituição do recebedor');
  await rejected.getByRole('button', { name: 'Corrigir os dados' }).click();
  await expect(heading(page, 'Conta e dígito')).toBeVisible();
  await expect(page.getByLabel('Conta', { exact: true })).toHaveValue('481516');
  await page.getByLabel('Conta', { exact: true }).fill('123456');
  await page.getByLabel('Dígito', { exact: true }).fill('7');
  await next(page);
  await expect(page.getByLabel('Valor', { exact: true })).toHaveValue('25,50');

  // The account that exists: settled ACSC, the receipt, one debit on the statement.
  await next(page);
  await expect(confirm).toContainText('Rafael Costa Lima');
  await confirmAndSettle(page);
  const done = page.getByRole('dialog', { name: /realizad/ });
  await expect(done.getByRole('status')).toHaveText('Transação realizada com sucesso!', { timeout: 15_000 });
  await expect(done).toContainText(/E99999999\d{12}[a-zA-Z0-9]{11}/);
  expect(before - (await balanceCents(page.request, session))).toBe(2_550);
  await done.getByRole('button', { name: 'Fechar', exact: true }).last().click();
  await expect(page).toHaveURL(/\/Statement$/);
  // The settled Pix, the rejected one marked returned, and its return.
  const cell = (name: string) => page.getByRole('cell', { name, exact: true });
  await expect(cell('Pix enviado - Rafael Costa Lima')).toHaveCount(1);
  await expect(cell('Pix enviado - Rafael Costa Lima DEVOLVIDO')).toHaveCount(1);
  await expect(cell('Pix não concluído - estorno - Rafael Costa Lima ESTORNO')).toHaveCount(1);
});

test('same ownership pays the holder’s own name and document; axe finds nothing serious on the steps and the confirmation at desktop and 360 px', async ({
  page,
}) => {
  // The walk and the 8 axe passes of the three tests it replaced (30 s each).
  test.setTimeout(90_000);
  await startSignedIn(page, MARIA, { route: '/PixManual' });
  const confirm = await fillWizard(
    page,
    { same: true, institution: 'Nu Pagamentos', agency: '0001', account: '123456', digit: '7' },
    true,
  );
  await expect(confirm).toContainText('Maria Silva Santos');
  await expect(confirm).toContainText('***.982.247-**');
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: '360 px', width: 360, height: 740 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Issue 32 item 2: amount and recipient in the first screenful, above the lines.
    const head = confirm.getByTestId('payment-headline');
    await expect(head).toContainText('R$ 25,50');
    await expect(head).toContainText(`para ${DEMO_USERS.maria.name}`);
    await expect(head).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, `no sideways scrolling (${size.name})`);
    await expectAxeClean(page, `confirmation (${size.name})`, WCAG_TAGS);
  }
  // Cancel goes back to the amount.
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(heading(page, 'Valor e descrição')).toBeVisible();
});
