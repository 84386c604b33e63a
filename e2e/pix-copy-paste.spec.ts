/**
 * Pix copy and paste against the sandbox (issue 16; 3-pix-part-one.md §2 Copy and paste, §4, §5
 * Pasted code, §8): in one journey Maria pays the bakery a static code the sandbox writes for its
 * e-mail key (sandbox/sim/brcode.ts `writeBrCode`), read from a picture of its QR through the file
 * picker (issue 32 item 7), a static code without an amount (the value asked, zero refused), and
 * one of the dynamic charges the sandbox seeds (sandbox/db/seed-pix-send.ts), each to ACSC with the
 * receipt and the bakery credited; the dynamic charge pasted again is refused. axe clean at desktop
 * width and on a 360 px phone. An altered or short code is refused with no call:
 * tests/machines/pix-copy-paste.property.test.ts proves the rule and the absent call, the path
 * bindings (e2e/bindings/pix-copy-paste.ts, state editing.invalidCode) the page's message.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import QRCode from 'qrcode';
import { CHARGE_HOST, SEEDED_CHARGES, chargeCode } from '../sandbox/db/seed-pix-send.ts';
import { writeBrCode } from '../sandbox/sim/brcode.ts';
import { freshCode } from './bindings/money-movement';
import { expectAxeClean } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { DEMO_USERS, MARIA, PADARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { DEVICE_HEADER } from './support/sandbox';
import { apiSignIn, startSignedIn, type StoredSession } from './support/session';

type Catalogue = { [key: string]: string | Catalogue };
const pixCatalogue = JSON.parse(
  readFileSync(new URL('../src/i18n/locales/pt-BR/pix.json', import.meta.url), 'utf8'),
) as Catalogue;
/** A pt-BR text of pix.json (the key itself when missing, as i18next shows it). */
function t(key: string): string {
  let node: string | Catalogue | undefined = pixCatalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : key;
}
const RESULT_SETTLED_TITLE = t('PIX.SEND.SETTLED_TITLE');
const RESULT_CLOSE = t('PIX.SEND.CLOSE');

const auth = (s: StoredSession) => ({ ...DEVICE_HEADER, Authorization: `Bearer ${s.token}` });
const accountOf = (s: StoredSession): string => s.account.accounts[0]?.accountId ?? '';

async function balanceCents(request: APIRequestContext, s: StoredSession): Promise<number> {
  const res = await request.get(`/api/client/${accountOf(s)}/balance`, { headers: auth(s) });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { balances: { balanceType: string; amount: number }[] } };
  return Math.round((body.data.balances.find((b) => b.balanceType === 'REAL')?.amount ?? Number.NaN) * 100);
}

/** The bakery's static code for its e-mail key, written by the sandbox. */
const bakeryCode = (amountCents?: number): string =>
  writeBrCode({
    key: PADARIA.email,
    name: 'PADARIA PAO DOURADO',
    city: 'SAO PAULO',
    ...(amountCents === undefined ? {} : { amountCents }),
    txid: 'CAIXA01',
  });

const charge = SEEDED_CHARGES[0];
if (!charge) throw new Error('the sandbox seeds no charge');

const field = (page: Page): Locator =>
  page.getByRole('textbox', { name: 'Código Pix (cole aqui o código copiado)' });
const next = (page: Page): Locator => page.getByRole('button', { name: 'Avançar', exact: true });
const confirmDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: 'Confirme o pagamento' });
const codeDialog = (page: Page): Locator => page.getByRole('alertdialog', { name: 'Chave de Segurança' });
const valueDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Informe o valor' });

/** /PixCopyPaste, signed in as Maria the first time. */
async function open(page: Page, signedIn = false): Promise<void> {
  if (signedIn) await page.goto('/PixCopyPaste');
  else await startSignedIn(page, MARIA, { route: '/PixCopyPaste' });
  await expect(page.getByRole('heading', { level: 1, name: 'Pix Copia e Cola' })).toBeVisible();
}

/**
 * Reads `code` from a picture of its QR (a PNG drawn by the qrcode package, as a screenshot of the
 * bakery's QR would be) through the file picker, and presses Next (issue 32 item 7).
 */
async function readFromImage(page: Page, code: string): Promise<void> {
  const png = await QRCode.toBuffer(code, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Ler QR Code de uma imagem' }).click();
  await (await chooser).setFiles({ name: 'qr-padaria.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status').filter({ hasText: 'QR Code lido.' })).toBeVisible();
  await expect(field(page)).toHaveValue(code);
  await next(page).click();
}

/** Pastes `code` and presses Next. */
async function paste(page: Page, code: string): Promise<void> {
  await field(page).fill(code);
  await next(page).click();
}

/** Confirm → the security code (a step the bank has not seen) → the receipt of a settled Pix. */
async function confirmAndSettle(page: Page): Promise<void> {
  await confirmDialog(page).getByRole('button', { name: 'Confirmar' }).click();
  await codeDialog(page)
    .getByLabel('Chave de Segurança')
    .fill(await freshCode(page));
  await codeDialog(page).getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('dialog', { name: RESULT_SETTLED_TITLE })).toBeVisible({ timeout: 15_000 });
}

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

test('the bakery paid three ways, each to ACSC and credited: a static code read from a picture of its QR, one without an amount (zero refused), a seeded dynamic charge (refused when pasted again)', async ({
  page,
  request,
}) => {
  // Three payments: the budget of the three tests it replaced (30 s each).
  test.setTimeout(90_000);
  const bakery = await apiSignIn(request, PADARIA.email, PADARIA.password);
  let before = await balanceCents(request, bakery);

  // A static code of R$ 12,50 read from a picture: the confirmation of §2, the receipt, Close.
  await open(page);
  await readFromImage(page, bakeryCode(1_250));
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText('R$ 12,50');
  await expect(dialog).toContainText(DEMO_USERS.padaria.name);
  await expect(dialog).toContainText(DEMO_USERS.padaria.taxIdMasked);
  await expect(dialog).toContainText('Conta de pagamento');
  await expect(dialog).toContainText('CAIXA01');
  await confirmAndSettle(page);
  expect((await balanceCents(request, bakery)) - before).toBe(1_250);
  await page.getByRole('button', { name: RESULT_CLOSE, exact: true }).last().click();
  await expect(page).toHaveURL(/\/Statement$/);

  // A static code without an amount asks the value: zero is refused, R$ 7,30 is paid.
  before = await balanceCents(request, bakery);
  await open(page, true);
  await paste(page, bakeryCode());
  const value = valueDialog(page);
  await value.getByLabel('Valor (R$)').fill('0,00');
  await value.getByRole('button', { name: 'Avançar' }).click();
  await expect(value.getByText('O valor deve ser maior que zero')).toBeVisible();
  await value.getByLabel('Valor (R$)').fill('7,30');
  await value.getByRole('button', { name: 'Avançar' }).click();
  await expect(confirmDialog(page)).toContainText('R$ 7,30');
  await confirmAndSettle(page);
  expect((await balanceCents(request, bakery)) - before).toBe(730);

  // A seeded dynamic charge: paid once to ACSC; pasted again, the bank refuses it.
  before = await balanceCents(request, bakery);
  const code = chargeCode(charge);
  expect(code).toContain(CHARGE_HOST);
  await open(page, true);
  await paste(page, code);
  await expect(confirmDialog(page)).toContainText('R$ 25,50');
  await expect(confirmDialog(page)).toContainText(charge.txid);
  await expect(confirmDialog(page)).toContainText('Pedido 1021');
  await confirmAndSettle(page);
  expect((await balanceCents(request, bakery)) - before).toBe(charge.amountCents);

  await open(page, true);
  await paste(page, code);
  await expect(page.getByRole('alert')).toContainText(
    'Esta cobrança Pix não foi encontrada, venceu ou já foi paga.',
  );
  await expect(confirmDialog(page)).toHaveCount(0);
  expect((await balanceCents(request, bakery)) - before).toBe(charge.amountCents);
});

test('axe clean with the confirmation open, at desktop width and on a 360 px phone', async ({ page }) => {
  const widths = [1280, 360];
  const resize = (width: number) => page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
  await resize(1280);
  await open(page);
  for (const width of widths) {
    await resize(width);
    await expectAxeClean(page, `/PixCopyPaste at ${width} px`);
  }
  await resize(1280);
  await paste(page, bakeryCode(1_250));
  await expect(confirmDialog(page)).toBeVisible();
  for (const width of widths) {
    await resize(width);
    await expectNoSidewaysScroll(page, `no sideways scrolling at ${width} px`);
    await expectAxeClean(page, `/PixCopyPaste confirmation at ${width} px`);
  }
});
