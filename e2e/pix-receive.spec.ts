/**
 * Receive by QR against the sandbox (issue 17 "Proof"; 3-pix-part-one.md §2 Receive, §8, §9): the
 * bakery (a company with four active keys) makes each charge kind on /PixReceive — a static code,
 * an immediate charge and a due-date charge —; the test reads the copied text, decodes the QR
 * image the page shows (zxing, as tests/agreement/pix-receive.property.test.ts) to exactly that
 * text, and Maria, in a second browser context, pays it through /PixCopyPaste; the bakery's Pix
 * statement then holds the credit with the payment's end-to-end id and /Statement shows it. A
 * due-date charge paid after its due date (the bank's clock moved) asks the original with the fine
 * and interest. axe clean on each step at desktop width and on a 360 px phone.
 */
import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { amountDueCents } from '../sandbox/sim/pix-charges';
import { authHeaders, apiSignIn, type StoredSession } from './bindings/support';
import { freshCode } from './bindings/money-movement';
import { dueDateToType } from './bindings/pix-receive';
import { expectAxeClean } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { saoPauloToday } from './support/dates';
import { DEMO_USERS, MARIA, PADARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';
import { t } from './support/texts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const next = (page: Page): Locator =>
  page.getByRole('button', { name: t('PIX.PIX_RECEIVE.NEXT'), exact: true });
const byLabel = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });
const qrImage = (page: Page): Locator => page.getByRole('img', { name: /QR code Pix/ });

/** /PixReceive as the bakery (a company with four active keys). */
async function openReceive(page: Page): Promise<void> {
  await startSignedIn(page, PADARIA, { route: '/PixReceive' });
}

/** From step 1: the bakery's e-mail key, then what `fill` types, up to the QR (axe on each step). */
async function makeCharge(page: Page, fill: (page: Page) => Promise<void>, axeAt?: string): Promise<void> {
  const option = page.getByRole('radio', { name: new RegExp(PADARIA.email.replace(/\./g, '\\.')) });
  await option.check();
  if (axeAt) await expectAxeClean(page, `/PixReceive step 1 at ${axeAt}`);
  await next(page).click();
  await expect(byLabel(page, t('PIX.PIX_RECEIVE.AMOUNT'))).toBeVisible();
  await fill(page);
  if (axeAt) await expectAxeClean(page, `/PixReceive step 2 at ${axeAt}`);
  await next(page).click();
  await expect(qrImage(page)).toBeVisible();
  if (axeAt) await expectAxeClean(page, `/PixReceive step 3 at ${axeAt}`);
}

/** Step 3's New charge: back to step 1. */
async function newCharge(page: Page): Promise<void> {
  await page.getByRole('button', { name: t('PIX.PIX_RECEIVE.NEW') }).click();
  await expect(page.getByRole('group', { name: t('PIX.PIX_RECEIVE.KEY_LEGEND') })).toBeVisible();
}

/** The due-date section filled for R$ 100,00 with a 2 % fine and 1 % interest a month. */
async function fillDueDate(p: Page, dueDate: string, payerTaxId: string = MARIA.cpfMasked): Promise<void> {
  await p.getByRole('button', { name: t('PIX.PIX_RECEIVE.INFORMATION') }).click();
  await byLabel(p, t('PIX.PIX_RECEIVE.AMOUNT_REQUIRED_LABEL')).fill('100,00');
  await byLabel(p, t('PIX.PIX_RECEIVE.DUE_DATE')).fill(dueDateToType(dueDate));
  await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_NAME')).fill(MARIA.name);
  await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_TAX_ID')).fill(payerTaxId);
  await byLabel(p, t('PIX.PIX_RECEIVE.FINE')).fill('2');
  await byLabel(p, t('PIX.PIX_RECEIVE.INTEREST')).fill('1');
}

/** Copy: the clipboard's text, the same as the code field's, and QRCODE_COPIED announced. */
async function copiedCode(page: Page): Promise<string> {
  await page.getByRole('button', { name: t('PIX.PIX_RECEIVE.COPY') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: t('PIX.PIX_RECEIVE.QRCODE_COPIED') }),
  ).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expect(byLabel(page, t('PIX.PIX_RECEIVE.CODE_LABEL'))).toHaveValue(copied);
  return copied;
}

/** The QR image the page shows, read by zxing from its own pixels (natural size, grey). */
async function decodeShownQr(page: Page): Promise<string> {
  const img = qrImage(page);
  await expect(img).toHaveJSProperty('complete', true);
  const box = await img.boundingBox();
  expect(box?.width, 'the QR is shown at 200 px').toBe(200);
  const { width, height, grey } = await img.evaluate((el: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.drawImage(el, 0, 0);
    const rgba = g.getImageData(0, 0, canvas.width, canvas.height).data;
    const out: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) out.push(rgba[i] ?? 0);
    return { width: canvas.width, height: canvas.height, grey: out };
  });
  expect([width, height], 'the bank draws it at 500 px').toEqual([500, 500]);
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(Uint8ClampedArray.from(grey), width, height)),
  );
  return new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.PURE_BARCODE, true]])).getText();
}

/** Maria signed in, in her own browser context (the payer). */
async function payerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await startSignedIn(page, MARIA, { route: '/PixCopyPaste' });
  return page;
}

/** Maria pays `code` through /PixCopyPaste to ACSC; `typed` when the code asks the value. */
async function payAsMaria(
  page: Page,
  code: string,
  expected: { shown: string; typed?: string; bankAheadMs?: number },
): Promise<void> {
  if (!page.url().endsWith('/PixCopyPaste')) await page.goto('/PixCopyPaste');
  await expect(page.getByRole('heading', { level: 1, name: 'Pix Copia e Cola' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Código Pix (cole aqui o código copiado)' }).fill(code);
  await page.getByRole('button', { name: 'Avançar', exact: true }).click();
  if (expected.typed) {
    const value = page.getByRole('dialog', { name: 'Informe o valor' });
    await value.getByLabel('Valor (R$)').fill(expected.typed);
    await value.getByRole('button', { name: 'Avançar' }).click();
  }
  const confirm = page.getByRole('alertdialog', { name: 'Confirme o pagamento' });
  await expect(confirm).toContainText(expected.shown);
  await expect(confirm).toContainText(PADARIA.name);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const codeDialog = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  // The bank checks the code on its own clock: moved ahead by the test, or as freshCode keeps it.
  const totp =
    expected.bankAheadMs === undefined
      ? await freshCode(page)
      : generateSync({
          secret: DEMO_USERS.maria.totpSecret,
          epoch: Math.floor((Date.now() + expected.bankAheadMs) / 1000),
        });
  await codeDialog.getByLabel('Chave de Segurança').fill(totp);
  await codeDialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('dialog', { name: t('PIX.SEND.SETTLED_TITLE') })).toBeVisible({
    timeout: 15_000,
  });
  await page
    .getByRole('button', { name: t('PIX.SEND.CLOSE'), exact: true })
    .last()
    .click();
  await expect(page).toHaveURL(/\/Statement$/);
}

type PixEntry = { amount: number; historyCode: string; endToEndId: string; description: string };

/** The bakery's Pix statement of today (São Paulo). */
async function bakeryPixEntries(request: APIRequestContext, s: StoredSession): Promise<PixEntry[]> {
  const today = saoPauloToday();
  const accountId = s.account.accounts[0]?.accountId ?? '';
  const res = await request.get(`/api/account/${accountId}/statementPix?start=${today}&ending=${today}`, {
    headers: authHeaders(s),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { statement: PixEntry[] } }).data.statement;
}

test('each charge kind: made by the bakery, copied, its image read back, paid by Maria and credited', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Three charges and three payments in one sign-in each: longer than one path's default.
  test.setTimeout(120_000);
  const maria = await payerPage(browser, baseURL);
  await openReceive(page);

  // A static code (no amount): Maria types R$ 7,30. Axe on each step at desktop width.
  await makeCharge(page, async () => undefined, '1280 px');
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.static'))).toBeVisible();
  const staticCode = await copiedCode(page);
  expect(staticCode).toContain(PADARIA.email);
  expect(await decodeShownQr(page)).toBe(staticCode);
  await payAsMaria(maria, staticCode, { typed: '7,30', shown: 'R$ 7,30' });

  // An immediate charge of R$ 25,50.
  await newCharge(page);
  await makeCharge(page, async (p) => {
    await byLabel(p, t('PIX.PIX_RECEIVE.AMOUNT')).fill('25,50');
    await byLabel(p, t('PIX.PIX_RECEIVE.DESCRIPTION')).fill('Pedido 7');
  });
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.immediate'))).toBeVisible();
  const immediateCode = await copiedCode(page);
  expect(immediateCode).toContain('qr.sandbox.banco.example/pix/v2/cob/');
  expect(await decodeShownQr(page)).toBe(immediateCode);
  await payAsMaria(maria, immediateCode, { shown: 'R$ 25,50' });

  // A due-date charge: the required fields say so, a past day is refused, the payer's document is
  // validated as typed (the 2026 alphanumeric CNPJ, one check digit wrong then right). Axe with the
  // section open.
  await newCharge(page);
  await makeCharge(page, async (p) => {
    await p.getByRole('button', { name: t('PIX.PIX_RECEIVE.INFORMATION') }).click();
    await next(p).click();
    for (const key of [
      'PIX.PIX_RECEIVE.VALUE_REQUIRED',
      'PIX.PIX_RECEIVE.DUE_DATE_REQUIRED',
      'PIX.PIX_RECEIVE.INFORMATION_NAME_REQUIRED',
      'PIX.PIX_RECEIVE.INFORMATION_CPF_CNPJ_REQUIRED',
    ] as const)
      await expect(p.getByText(t(key))).toBeVisible();
    await byLabel(p, t('PIX.PIX_RECEIVE.DUE_DATE')).fill('01/01/2020');
    await expect(p.getByText(t('PIX.PIX_RECEIVE.DUE_DATE_PAST'))).toBeVisible();
    await p.getByRole('button', { name: t('PIX.PIX_RECEIVE.INFORMATION_HIDE') }).click();
    await fillDueDate(p, '2026-12-10', '12.ABC.345/01DE-36');
    await expect(p.getByText('CNPJ inválido')).toBeVisible();
    await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_TAX_ID')).fill(PADARIA.cnpjMasked);
    await expect(p.getByText('CNPJ inválido')).toHaveCount(0);
    await expectAxeClean(p, '/PixReceive step 2 with the due-date section at 1280 px');
  });
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.dueDate'))).toBeVisible();
  const dueDateCode = await copiedCode(page);
  expect(dueDateCode).toContain('qr.sandbox.banco.example/pix/v2/cobv/');
  expect(await decodeShownQr(page)).toBe(dueDateCode);
  await payAsMaria(maria, dueDateCode, { shown: 'R$ 100,00' });
  await maria.context().close();

  // The three credits, each with its end-to-end id, and /Statement shows them.
  const bakery = await apiSignIn(request, PADARIA.email, PADARIA.password);
  const credits = (await bakeryPixEntries(request, bakery)).filter((e) => e.historyCode === '8020');
  for (const cents of [730, 2_550, 10_000]) {
    const credit = credits.find((e) => Math.round(Math.abs(e.amount) * 100) === cents);
    expect(credit, `a Pix credit of ${cents} cents`).toBeDefined();
    expect(credit?.endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
  }
  await page.goto('/Statement');
  await expect(page.getByText(`Pix recebido - ${MARIA.name}`)).toHaveCount(3);
});

test('a due-date charge paid 5 days late: Maria is asked the original with the fine and the interest', async ({
  page,
  browser,
  baseURL,
}) => {
  const dueDate = saoPauloToday();
  await openReceive(page);
  await makeCharge(page, (p) => fillDueDate(p, dueDate));
  const code = await copiedCode(page);
  // The bank's clock 5 days on, before Maria signs in (sessions read the same clock).
  const aheadMs = 5 * 86_400_000;
  const moved = await page.request.post('/sandbox/clock', {
    data: { at: new Date(Date.now() + aheadMs).toISOString() },
  });
  expect(moved.ok()).toBe(true);
  // The bank's rule (contract createDueDateCharge; its sums are sandbox/pix-receive.test.ts's):
  // 2 % once and 1 % a month over 30 days for 5 days, on R$ 100,00.
  const due = amountDueCents(
    { originalCents: 10_000, dueDate, fineHundredths: 200, interestHundredths: 100 },
    saoPauloToday(aheadMs),
  ).total;
  expect(due).toBeGreaterThan(10_000);
  const shown = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(due / 100);
  const maria = await payerPage(browser, baseURL);
  await payAsMaria(maria, code, { shown, bankAheadMs: aheadMs });
  await maria.context().close();
});

test('the hub card; axe clean on each step on a 360 px phone, with no sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The Pix hub's Receive card leads here now that the route exists.
  await startSignedIn(page, PADARIA, { route: '/Pix' });
  await expect(page.getByRole('link', { name: new RegExp(t('PIX_HUB.CARDS.RECEIVE_TEXT')) })).toHaveAttribute(
    'href',
    '/PixReceive',
  );
  await page.goto('/PixReceive');
  await makeCharge(page, (p) => fillDueDate(p, '2026-12-10'), '360 px');
  await expectNoSidewaysScroll(page, 'no sideways scrolling at 360 px');
});
