/**
 * Pix Saque and Pix Troco in Chromium (issue 29; 4-pix-part-two.md §2 Withdraw/Change Pix;
 * 1-access-shell-statement.md §2 Receipt dialog): the bakery, the seed's agent with 'PIX SAQUE' and
 * 'PIX TROCO', makes a Saque of R$ 100 in the wizard, reached from its menu entry (axe clean on
 * the wizard at desktop width and at 360 px, in one visit that resizes), and a Troco of R$ 30 on a
 * R$ 50 purchase through the bank's API (the Troco wizard's every path is e2e/paths.spec.ts's,
 * pix-change-qr); Maria pays each by copy and paste with her security code; the statements of both
 * show them and their receipts have the withdraw and change layouts. Maria, without the
 * permissions, has no menu entry (the page's own not-found without them is
 * tests/views/pix/pix-cash-page.test.tsx's). At night, a Saque over the R$ 1,000 night cap is
 * refused with its message. The wizard's every path runs in e2e/paths.spec.ts; the rules are unit
 * tests (tests/machines/pix-cash-rules.property.test.ts, sandbox/pix-cash.test.ts,
 * tests/views/statement/pix-cash-receipt.test.ts).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { OWN_BANK } from '../sandbox/sim/bank.ts';
import { expectAxeClean } from './support/axe';
import { saoPauloToday } from './support/dates';
import { DEMO_USERS, MARIA, PADARIA, type Customer } from './support/demo';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { balanceCents, DEVICE_HEADER } from './support/sandbox';
import {
  apiSignIn,
  SESSION_STORAGE_KEY,
  sessionOf,
  startSignedIn,
  type StoredSession,
} from './support/session';
import { entryRows } from './support/statement';

const menu = (page: Page): Locator => page.getByRole('navigation', { name: 'Menu principal' });
const next = (page: Page): Locator => page.getByRole('button', { name: 'Avançar', exact: true });
const codeDialog = (page: Page): Locator => page.getByRole('alertdialog', { name: 'Chave de Segurança' });
const receiptField = (dialog: Locator, id: string): Locator =>
  dialog.locator(`[data-field="RECEIPT.FIELDS.${id}"]`);

/** Maria's security code at the bank's time (`aheadMs` from the real clock). */
const mariaCode = (aheadMs = 0): string =>
  generateSync({ secret: DEMO_USERS.maria.totpSecret, epoch: Math.floor((Date.now() + aheadMs) / 1000) });

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

/** The same tab signed in as `who` from now on (startSignedIn seeds a tab's first session only). */
async function switchTo(page: Page, who: Customer, route: string): Promise<void> {
  const session = await sessionOf(page, who);
  await page.evaluate(([key, json]) => sessionStorage.setItem(key, json), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  await page.goto(route);
}

/** The Saque wizard from the key to the QR code: the copy-and-paste code it shows. */
async function makeSaqueCode(page: Page, total: string, check: () => Promise<void>) {
  await page
    .getByRole('group', { name: 'Escolha a chave Pix que receberá o pagamento' })
    .getByRole('radio', { name: /financeiro@paodourado/ })
    .check();
  await next(page).click();
  await page.getByLabel('Valor do saque (R$)').fill(total);
  await next(page).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirme os dados do QR Code' });
  await expect(confirm).toContainText(PADARIA.name);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('img', { name: /QR Code do Pix/ })).toBeVisible();
  await check();
  return page.getByRole('textbox', { name: 'Código Pix Copia e Cola' }).inputValue();
}

/**
 * The bakery's dynamic QR code of a Saque or a Troco, made through the bank's API as the wizard
 * makes it (createDynamicQrCode): its copy-and-paste code.
 */
async function cashCode(
  request: APIRequestContext,
  bakery: StoredSession,
  kind: 'WITHDRAW' | 'CHANGE',
  total: number,
  cash: number,
): Promise<string> {
  const accountId = bakery.account.accounts[0]?.accountId ?? '';
  const made = await request.post(`/api/account/${accountId}/dynamic-qrcodes`, {
    headers: { ...DEVICE_HEADER, Authorization: `Bearer ${bakery.token}` },
    data: {
      externalIdentifier: `e2e-${kind}-${total}`,
      totalAmount: total,
      currency: 'BRL',
      paymentInfo: {
        transactionType: 'InstantPayment',
        instantPayment: {
          alias: { alias: PADARIA.email, aliasType: 'EMAIL' },
          cashValue: {
            cashValueType: kind,
            value: cash,
            allowValueChange: false,
            agentModality: 'AGTEC',
            serviceProviderIspb: OWN_BANK.ispb,
          },
          dynamicQrCodeType: 'IMMEDIATE',
          modalityChange: 0,
        },
      },
      recipients: [{ account: { accountId }, amount: total, currency: 'BRL' }],
    },
  });
  expect(made.ok(), `createDynamicQrCode ${kind}`).toBe(true);
  return ((await made.json()) as { data: { instantPayment: { textContent: string } } }).data.instantPayment
    .textContent;
}

/** Maria pastes `code` on /PixCopyPaste (open), reads the cash in the dialog, confirms with her code. */
async function payAsMaria(page: Page, code: string, title: string, cash: string[], aheadMs = 0) {
  await page.getByRole('textbox', { name: 'Código Pix (cole aqui o código copiado)' }).fill(code);
  await next(page).click();
  const dialog = page.getByRole('dialog', { name: title });
  for (const text of [PADARIA.name, ...cash]) await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await codeDialog(page).getByLabel('Chave de Segurança').fill(mariaCode(aheadMs));
  await codeDialog(page).getByRole('button', { name: 'Confirmar' }).click();
}

/** Opens the receipt of the statement's row `row` and checks the withdraw or change layout. */
async function expectReceipt(page: Page, row: string, title: string, lines: Record<string, string>) {
  await entryRows(page)
    .filter({ hasText: row })
    .first()
    .getByRole('button', { name: /Ver comprovante/ })
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  for (const [id, value] of Object.entries(lines)) await expect(receiptField(dialog, id)).toHaveText(value);
  await expect(receiptField(dialog, 'END_TO_END_ID')).toHaveText(/^E[0-9A-Za-z]{31}$/);
  await expect(receiptField(dialog, 'PIX_DATE')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // The payer, then the agent: the same receipt on both sides.
  await expect(dialog.getByText('Agente de saque', { exact: true })).toBeVisible();
  await expect(receiptField(dialog, 'NAME')).toHaveText([MARIA.name, PADARIA.name]);
  await dialog.getByRole('button', { name: /Fechar/ }).click();
  await expect(dialog).toHaveCount(0);
}

const SAQUE = { WITHDRAWAL: 'R$ 100,00' };
const TROCO = { PURCHASE: 'R$ 50,00', CHANGE: 'R$ 30,00', TOTAL_PAID: 'R$ 80,00' };

test('the bakery makes a Saque and a Troco, Maria pays both, both statements show the withdraw and change receipts; Maria has no way to the wizard', async ({
  page,
}) => {
  await startSignedIn(page, PADARIA, { route: '/WithdrawPixPage' });
  await expect(page.getByRole('heading', { level: 1, name: 'Pix Saque' })).toBeVisible();
  // The menu's entry leads here and is the page's current entry.
  const entry = menu(page).getByRole('link', { name: 'Pix Saque' });
  await expect(entry).toHaveAttribute('href', '/WithdrawPixPage');
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await expectAxeClean(page, '/WithdrawPixPage at desktop width');
  await page.setViewportSize({ width: 360, height: 740 });
  const saque = await makeSaqueCode(page, '100,00', async () => {
    await expectNoSidewaysScroll(page, '/WithdrawPixPage QR at 360 px');
    await expectAxeClean(page, '/WithdrawPixPage QR at 360 px');
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  const troco = await cashCode(page.request, await sessionOf(page, PADARIA), 'CHANGE', 80, 30);

  await switchTo(page, MARIA, '/PixCopyPaste');
  await expect(menu(page).getByRole('link', { name: 'Pix', exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: /Pix (Saque|Troco)/ })).toHaveCount(0);
  await payAsMaria(page, saque, 'Código de Pix Saque', ['R$ 100,00']);
  await expect(page.getByRole('dialog', { name: 'Pix realizado' })).toBeVisible({ timeout: 15_000 });
  // A time step confirms once: the code of the next step (the bank accepts one step of drift).
  await page.goto('/PixCopyPaste');
  await payAsMaria(page, troco, 'Código de Pix Troco', ['R$ 50,00', 'R$ 30,00', 'R$ 80,00'], 30_000);
  await expect(page.getByRole('dialog', { name: 'Pix realizado' })).toBeVisible({ timeout: 15_000 });

  await page.goto('/Statement');
  await expectReceipt(page, `Pix Saque - ${PADARIA.name}`, 'Comprovante de Pix Saque', SAQUE);
  await expectReceipt(page, `Pix Troco - ${PADARIA.name}`, 'Comprovante de Pix Troco', TROCO);

  await switchTo(page, PADARIA, '/Statement');
  await expectReceipt(page, `Pix Saque recebido - ${MARIA.name}`, 'Comprovante de Pix Saque', SAQUE);
  await expectReceipt(page, `Pix Troco recebido - ${MARIA.name}`, 'Comprovante de Pix Troco', TROCO);
});

// Last in the file: the page's clock set to the night leaves a tab that is not reused.
test('at night a Saque over the R$ 1,000 night cap is refused with its message, nothing debited', async ({
  page,
  request,
}) => {
  const at = `${saoPauloToday()}T22:30:00-03:00`;
  const moved = await request.post('/sandbox/clock', { data: { at } });
  expect(moved.ok()).toBe(true);
  const ahead = ((await moved.json()) as { data: { offsetSeconds: number } }).data.offsetSeconds * 1000;
  // The portal's clock at the same instant: a payment's ids carry their time, which the bank checks.
  await page.clock.install({ time: new Date(at) });

  const bakery = await apiSignIn(request, PADARIA.email, PADARIA.password);
  const code = await cashCode(request, bakery, 'WITHDRAW', 1000.01, 1000.01);

  const maria = await startSignedIn(page, MARIA, { route: '/PixCopyPaste' });
  const before = await balanceCents(request, maria);
  await payAsMaria(page, code, 'Código de Pix Saque', ['R$ 1.000,01'], ahead);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'no período noturno, o valor sacado pode chegar a R$ 1.000,00' }),
  ).toBeVisible();
  expect(await balanceCents(request, maria)).toBe(before);
});
