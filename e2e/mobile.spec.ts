/**
 * A phone is a first-class screen (issue 12): at 390×844 (a common iPhone) and 360×740 (the
 * narrowest Android phones in use), the login, the statement, a receipt, the export dialog, the
 * profile and the address book fit the width (no sideways scrolling), every statement row shows its
 * description, amount and receipt button and the button opens the receipt, dialogs cover the
 * screen with their buttons in reach, the side menu is a drawer, the chat button covers nothing at
 * the end of a page, and axe finds no serious or critical violation at that size.
 *
 * With E2E_SCREENSHOTS=1 each step leaves a screenshot in the test's output folder (test-results/)
 * to look at; the gate takes none (they assert nothing, and 13 of them cost seconds of its time).
 *
 * Both phones are one visit that resizes (the gate's time): each test opens its page once in a
 * phone's context and makes its width checks at 390 px, then at 360 px. The layout is the same at
 * both (no breakpoint lies between them, src/ui/breakpoints.ts: the phone layout holds below
 * 600 px), so the per-row receipt walk, the form's saving and deleting and the axe scans run at
 * 360 px, the narrowest and the strictest; at 390 px every width check is made on the same screens
 * (a test per phone paid a new context, a reset and a first load for each, and scanned the same
 * DOM twice).
 *
 * axe runs here on what is drawn differently on a phone only: the statement's list layout (a
 * different DOM, useMediaQuery in src/features/statement/statement-table.tsx), the menu drawer and
 * the delete confirmation. The rules it checks (WCAG 2.0 A/AA, 2.1 AA: names, roles, contrast)
 * do not depend on the width, and the login, the profile, the address book, its form and the
 * receipt and export dialogs render the same elements at every width, so their scans are those of
 * the desktop: e2e/a11y-access.spec.ts ("the public screens", /login), e2e/profile.spec.ts
 * ("accessibility: /Profile and /ProfileAddressBook ...", every rule) and
 * e2e/a11y-statement.spec.ts (the receipt and the export dialog).
 */
import type { Locator, Page } from '@playwright/test';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';
import {
  boxFaults,
  expectFullScreenWith,
  readBoxes,
  readEveryRow,
  TOUCH_TARGET,
} from './support/phone-layout';
import { entryRows, openStatement } from './support/statement';

const PHONES = [
  { name: '390x844', width: 390, height: 844 },
  { name: '360x740', width: 360, height: 740 },
] as const;
/** The narrowest phone, where the whole of each test runs. */
const NARROWEST = PHONES[1];
type Phone = (typeof PHONES)[number];

/** The page at `phone`'s size (the test opened at the narrowest, in a phone's context). */
async function resizeTo(page: Page, phone: Phone): Promise<void> {
  await page.setViewportSize({ width: phone.width, height: phone.height });
}

const expectNoSeriousViolations = (page: Page) => expectAxeClean(page, 'a phone screen', WCAG_TAGS);

/** The element is visible and lies wholly inside the viewport's width (not cut at either edge). */
async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'o elemento tem uma caixa').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

/** A tap target at least 44 px high and wide. */
async function expectTouchTarget(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'o controle tem uma caixa').not.toBeNull();
  expect(Math.round(box!.height)).toBeGreaterThanOrEqual(TOUCH_TARGET);
  expect(Math.round(box!.width)).toBeGreaterThanOrEqual(TOUCH_TARGET);
}

/** A dialog covering the whole viewport. */
async function expectFullScreen(page: Page, dialog: Locator): Promise<void> {
  const box = await dialog.boundingBox();
  const size = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(Math.round(box!.x)).toBe(0);
  expect(Math.round(box!.y)).toBe(0);
  expect(Math.round(box!.width)).toBe(size.width);
  expect(Math.round(box!.height)).toBe(size.height);
}

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

test.use({
  viewport: { width: NARROWEST.width, height: NARROWEST.height },
  hasTouch: true,
  isMobile: true,
});

test('login fits both phones', async ({ page }) => {
  await page.goto('/login');
  for (const phone of PHONES) {
    await resizeTo(page, phone);
    await expect(page.getByLabel('Usuário')).toBeVisible();
    await expectNoSidewaysScroll(page, `${page.url()} at ${phone.name}`);
    await expectWithinWidth(page, page.getByRole('button', { name: 'Entrar' }));
    await expectTouchTarget(page.getByRole('button', { name: 'Entrar' }));
    await shot(page, `login-${phone.name}`);
  }
});

/**
 * The statement at one phone's width: the page, the top bar, each row's cells, the receipt dialog
 * (of every row when `everyReceipt`, else of the first), the chat button at the end of the page
 * and the export dialog. `scan`: axe on the page's end, in the phone's list layout (the receipt
 * and export dialogs are the same elements at every width, scanned by e2e/a11y-statement.spec.ts).
 * Boxes are read many at a time in the page (readEveryRow, expectFullScreenWith).
 */
async function statementFits(page: Page, phone: Phone, everyReceipt: boolean, scan: boolean): Promise<void> {
  await resizeTo(page, phone);
  await page.evaluate(() => window.scrollTo(0, 0));
  const rows = entryRows(page);
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('statement-balance')).toBeVisible();
  await expectNoSidewaysScroll(page, `${page.url()} at ${phone.name}`);
  // Issue 32: the page scrolls the entries; no box inside it scrolls and traps the thumb.
  const table = page.getByRole('table', { name: /Lançamentos de/ });
  expect(Number(await table.getAttribute('aria-rowcount')), 'more rows than a screenful').toBeGreaterThan(7);
  const trapped = await page
    .locator('[data-statement-body]')
    .evaluate((el) => el.scrollHeight - el.clientHeight);
  expect(trapped, 'the list scrolls inside the page').toBeLessThanOrEqual(1);
  await shot(page, `statement-${phone.name}`);

  // The top bar: menu, brand, bell and user menu, and the balance's eye, all within the width and
  // 44 px targets.
  const banner = page.getByRole('banner');
  const controls = banner
    .getByRole('button', { name: 'Abrir o menu' })
    .or(banner.getByRole('button', { name: /Notificações/ }))
    .or(banner.getByRole('button', { name: 'Menu do usuário' }))
    .or(page.getByRole('button', { name: 'Ocultar saldo' }));
  await expect(controls).toHaveCount(4);
  const controlBoxes = await controls.evaluateAll(readBoxes);
  expect(
    controlBoxes.flatMap((b, i) => boxFaults(b, `controle ${i + 1} da barra`, phone.width, true)),
  ).toEqual([]);

  // Every row: description, amount and the receipt button in view, and the button opens it.
  const { withReceipt, faults } = await readEveryRow(page, phone.width);
  expect(faults, `statement rows at ${phone.name}`).toEqual([]);
  expect(withReceipt.length, 'rows with a receipt').toBeGreaterThan(0);
  for (const [n, { index, top }] of (everyReceipt ? withReceipt : withReceipt.slice(0, 1)).entries()) {
    const row = table.locator(`[data-entry-row][aria-rowindex="${index}"]`);
    // The windowed list draws a row once the page is scrolled to it.
    await page.evaluate((y) => window.scrollTo(0, y - window.innerHeight / 2), top);
    await row.getByRole('button', { name: /^Ver comprovante/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Baixar PDF' })).toBeVisible();
    await expectFullScreenWith(page, dialog, ['Baixar PDF', 'Imprimir', 'Fechar']);
    if (n === 0) await shot(page, `receipt-${phone.name}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // At the end of the page the chat button covers neither EXPORTAR nor IMPRIMIR.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const chat = page.getByRole('link', { name: /chat de atendimento/ });
  const [chatBox] = await chat.evaluateAll(readBoxes);
  const buttons = page
    .getByRole('button', { name: 'EXPORTAR', exact: true })
    .or(page.getByRole('button', { name: 'IMPRIMIR', exact: true }));
  await expect(buttons).toHaveCount(2);
  const buttonBoxes = await buttons.evaluateAll(readBoxes);
  expect(
    buttonBoxes.flatMap((b, i) => boxFaults(b, `EXPORTAR/IMPRIMIR ${i + 1}`, phone.width, true)),
  ).toEqual([]);
  if (chatBox?.visible) {
    for (const box of buttonBoxes) {
      const overlaps =
        box.x < chatBox.x + chatBox.width &&
        chatBox.x < box.x + box.width &&
        box.y < chatBox.y + chatBox.height &&
        chatBox.y < box.y + box.height;
      expect(overlaps, 'o botão de chat cobre EXPORTAR ou IMPRIMIR').toBe(false);
    }
  }
  await shot(page, `statement-end-${phone.name}`);
  if (scan) await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'EXPORTAR' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Exportar extrato' });
  await expect(exportDialog).toBeVisible();
  await expectFullScreenWith(page, exportDialog, ['Excel', 'PDF', 'OFX']);
  await expectNoSidewaysScroll(page, `${page.url()} at ${phone.name}`);
  await shot(page, `export-${phone.name}`);
  await page.keyboard.press('Escape');
  await expect(exportDialog).toBeHidden();
}

test('statement: every row readable and its receipt reachable; receipt and export dialogs cover the screen, on both phones', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openStatement(page);
  // At 390 px: every width check, the first row's receipt opened; at 360 px, every row's, and axe.
  await statementFits(page, PHONES[0], false, false);
  await statementFits(page, NARROWEST, true, true);
});

test('the side menu is a drawer on both phones: opened by the menu button, closed by Escape, focus returned', async ({
  page,
}) => {
  await openStatement(page);
  const open = page.getByRole('banner').getByRole('button', { name: 'Abrir o menu' });
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  // At 390 px: the drawer opens within the width and Escape closes it.
  await resizeTo(page, PHONES[0]);
  await expect(nav).toBeHidden();
  await open.click();
  await expect(nav).toBeVisible();
  await expectWithinWidth(page, nav);
  await shot(page, `drawer-${PHONES[0].name}`);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();

  await resizeTo(page, NARROWEST);
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expectWithinWidth(page, nav);
  // Focus moves into the drawer, on the current page's link, and Tab stays inside.
  await expect(nav.getByRole('link', { name: 'Extrato' })).toBeFocused();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
  expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await shot(page, `drawer-${NARROWEST.name}`);
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(open).toBeFocused();
  await expect(open).toHaveAttribute('aria-expanded', 'false');

  // A followed link closes it and lands on the page, highlighted in the menu.
  await open.click();
  await nav.getByRole('button', { name: 'Perfil' }).click();
  await nav.getByRole('link', { name: 'Endereços' }).click();
  await expect(page).toHaveURL(/\/ProfileAddressBook$/);
  await expect(nav).toBeHidden();
  await open.click();
  await expect(nav.getByRole('link', { name: 'Endereços' })).toHaveAttribute('aria-current', 'page');
});

test('profile and address book fit both phones; a new address is saved with its description', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await startSignedIn(page, MARIA, { route: '/Profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await expect(page.getByText(MARIA.email)).toBeVisible();
  for (const phone of PHONES) {
    await resizeTo(page, phone);
    await expectNoSidewaysScroll(page, `${page.url()} at ${phone.name}`);
    await shot(page, `profile-${phone.name}`);
  }

  await page.goto('/ProfileAddressBook');
  const list = page.getByRole('list', { name: 'Endereços cadastrados' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  for (const phone of PHONES) {
    await resizeTo(page, phone);
    await expectNoSidewaysScroll(page, `${page.url()} at ${phone.name}`);
    await shot(page, `address-book-${phone.name}`);
  }

  await page.getByRole('button', { name: 'Adicionar endereço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar endereço' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Logradouro').fill('Rua do Sol');
  await dialog.getByLabel('Número').fill('12');
  await dialog.getByLabel('Bairro').fill('Centro');
  await dialog.getByLabel('CEP', { exact: true }).fill('20040020');
  await dialog.getByLabel('Cidade').fill('Rio de Janeiro');
  await dialog.getByLabel('Estado').selectOption('RJ');
  await dialog.getByLabel('Descrição (opcional)').fill('Casa de praia');
  const save = dialog.getByRole('button', { name: 'Salvar' });
  // The CEP helper never wraps inside its pattern ('00000-' / '000').
  const helper = dialog.getByText(/no formato 00000/);
  for (const phone of PHONES) {
    await resizeTo(page, phone);
    await expectFullScreen(page, dialog);
    await expect
      .poll(() =>
        helper.evaluate((el) => {
          const node = Array.from(el.childNodes).find((n) => n.textContent?.includes('00000'));
          const at = node?.textContent?.indexOf('00000') ?? -1;
          if (!node || at < 0) return -1;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, node.textContent!.length);
          return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
        }),
      )
      .toBe(1);
    await expectNoSidewaysScroll(page, `${page.url()} at ${phone.name}`);
    await expectWithinWidth(page, save);
    await expectTouchTarget(save);
    await shot(page, `address-form-${phone.name}`);
  }
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('heading', { level: 2, name: 'Casa de praia' })).toBeVisible();

  // Deleting asks in a dialog that covers the screen too.
  await list
    .getByRole('listitem')
    .filter({ hasText: 'Casa de praia' })
    .getByRole('button', { name: /^Excluir/ })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  for (const phone of PHONES) {
    await resizeTo(page, phone);
    await expectFullScreen(page, confirm);
    await expectNoSidewaysScroll(page, `${page.url()} at ${phone.name}`);
    await shot(page, `address-delete-${phone.name}`);
  }
  // The dialog only (e2e/profile.spec.ts scans the address book whole; a dialog changes nothing
  // of the page it opens over).
  await expectAxeClean(page, 'the delete confirmation at 360 px', WCAG_TAGS, {
    within: '[role="alertdialog"]',
  });
});
