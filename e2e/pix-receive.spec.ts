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
import { DEMO_USERS, MARIA, PADARIA } from './support/demo';
import { expect, test } from './support/fixtures';
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

/** Steps 1 and 2 as the bakery: its e-mail key, then what `fill` types. */
async function makeCharge(page: Page, fill: (page: Page) => Promise<void>, axeAt?: string): Promise<void> {
  await startSignedIn(page, PADARIA, { route: '/PixReceive' });
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

/** Maria, in her own browser context, pays `code` through /PixCopyPaste; `amount` if it asks one. */
async function payAsMaria(
  browser: Browser,
  baseURL: string | undefined,
  code: string,
  expected: { shown: string; typed?: string; bankAheadMs?: number },
): Promise<void> {
  const context: BrowserContext = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await startSignedIn(page, MARIA, { route: '/PixCopyPaste' });
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
  } finally {
    await context.close();
  }
}

type PixEntry = { amount: number; historyCode: string; endToEndId: string; description: string };

/** The São Paulo day `aheadMs` from now. */
const spDay = (aheadMs = 0): string =>
  new Date(Date.now() + aheadMs).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

/** The bakery's Pix statement of today (São Paulo). */
async function bakeryPixEntries(request: APIRequestContext, s: StoredSession): Promise<PixEntry[]> {
  const today = spDay();
  const accountId = s.account.accounts[0]?.accountId ?? '';
  const res = await request.get(`/api/account/${accountId}/statementPix?start=${today}&ending=${today}`, {
    headers: authHeaders(s),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { statement: PixEntry[] } }).data.statement;
}

/** The credit of `cents` from Maria, with an end-to-end id, in the Pix statement and on /Statement. */
async function expectCredited(page: Page, request: APIRequestContext, cents: number): Promise<void> {
  const bakery = await apiSignIn(request, PADARIA.email, PADARIA.password);
  const credit = (await bakeryPixEntries(request, bakery)).find(
    (e) => e.historyCode === '8020' && Math.round(Math.abs(e.amount) * 100) === cents,
  );
  expect(credit, `a Pix credit of ${cents} cents`).toBeDefined();
  expect(credit?.endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
  await page.goto('/Statement');
  await expect(page.getByText(`Pix recebido - ${MARIA.name}`).first()).toBeVisible();
}

test('a static code: copied, the image reads back to it, Maria pays R$ 7,30 and the bakery is credited', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await makeCharge(page, async () => undefined);
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.static'))).toBeVisible();
  const code = await copiedCode(page);
  expect(code).toContain(PADARIA.email);
  expect(await decodeShownQr(page)).toBe(code);
  await payAsMaria(browser, baseURL, code, { typed: '7,30', shown: 'R$ 7,30' });
  await expectCredited(page, request, 730);
});

test('an immediate charge of R$ 25,50: a dynamic code, read back and paid once by Maria', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await makeCharge(page, async (p) => {
    await byLabel(p, t('PIX.PIX_RECEIVE.AMOUNT')).fill('25,50');
    await byLabel(p, t('PIX.PIX_RECEIVE.DESCRIPTION')).fill('Pedido 7');
  });
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.immediate'))).toBeVisible();
  const code = await copiedCode(page);
  expect(code).toContain('qr.sandbox.banco.example/pix/v2/cob/');
  expect(await decodeShownQr(page)).toBe(code);
  await payAsMaria(browser, baseURL, code, { shown: 'R$ 25,50' });
  await expectCredited(page, request, 2_550);
});

test('a due-date charge: the required fields say so, the alphanumeric CNPJ is taken, paid on time', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
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
    await byLabel(p, t('PIX.PIX_RECEIVE.AMOUNT_REQUIRED_LABEL')).fill('100,00');
    await byLabel(p, t('PIX.PIX_RECEIVE.DUE_DATE')).fill('01/01/2020');
    await expect(p.getByText(t('PIX.PIX_RECEIVE.DUE_DATE_PAST'))).toBeVisible();
    await byLabel(p, t('PIX.PIX_RECEIVE.DUE_DATE')).fill(dueDateToType('2026-12-10'));
    await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_NAME')).fill(MARIA.name);
    // Validated as typed: one wrong check digit of the 2026 alphanumeric CNPJ, then the right one.
    await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_TAX_ID')).fill('12.ABC.345/01DE-36');
    await expect(p.getByText('CNPJ inválido')).toBeVisible();
    await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_TAX_ID')).fill(PADARIA.cnpjMasked);
    await expect(p.getByText('CNPJ inválido')).toHaveCount(0);
    await byLabel(p, t('PIX.PIX_RECEIVE.FINE')).fill('2');
    await byLabel(p, t('PIX.PIX_RECEIVE.INTEREST')).fill('1');
  });
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.dueDate'))).toBeVisible();
  const code = await copiedCode(page);
  expect(code).toContain('qr.sandbox.banco.example/pix/v2/cobv/');
  expect(await decodeShownQr(page)).toBe(code);
  await payAsMaria(browser, baseURL, code, { shown: 'R$ 100,00' });
  await expectCredited(page, request, 10_000);
});

test('a due-date charge paid 5 days late: Maria is asked the original with the fine and the interest', async ({
  page,
  browser,
  baseURL,
}) => {
  const dueDate = spDay();
  await makeCharge(page, async (p) => {
    await p.getByRole('button', { name: t('PIX.PIX_RECEIVE.INFORMATION') }).click();
    await byLabel(p, t('PIX.PIX_RECEIVE.AMOUNT_REQUIRED_LABEL')).fill('100,00');
    await byLabel(p, t('PIX.PIX_RECEIVE.DUE_DATE')).fill(dueDateToType(dueDate));
    await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_NAME')).fill(MARIA.name);
    await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_TAX_ID')).fill(MARIA.cpfMasked);
    await byLabel(p, t('PIX.PIX_RECEIVE.FINE')).fill('2');
    await byLabel(p, t('PIX.PIX_RECEIVE.INTEREST')).fill('1');
  });
  const code = await copiedCode(page);
  // The bank's clock 5 days on (before Maria signs in: sessions read the same clock).
  const aheadMs = 5 * 86_400_000;
  expect(
    (
      await page.request.post('/sandbox/clock', {
        data: { at: new Date(Date.now() + aheadMs).toISOString() },
      })
    ).ok(),
  ).toBe(true);
  // The bank's rule (contract createDueDateCharge; its sums are sandbox/pix-receive.test.ts's):
  // 2 % once and 1 % a month over 30 days for 5 days, on R$ 100,00.
  const due = amountDueCents(
    { originalCents: 10_000, dueDate, fineHundredths: 200, interestHundredths: 100 },
    spDay(aheadMs),
  ).total;
  expect(due).toBeGreaterThan(10_000);
  const shown = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(due / 100);
  await payAsMaria(browser, baseURL, code, { shown, bankAheadMs: aheadMs });
});

test('axe clean on each step at desktop width and on a 360 px phone, with no sideways scrolling', async ({
  page,
}) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await makeCharge(
      page,
      async (p) => {
        await p.getByRole('button', { name: t('PIX.PIX_RECEIVE.INFORMATION') }).click();
        await byLabel(p, t('PIX.PIX_RECEIVE.AMOUNT_REQUIRED_LABEL')).fill('10,00');
        await byLabel(p, t('PIX.PIX_RECEIVE.DUE_DATE')).fill(dueDateToType('2026-12-10'));
        await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_NAME')).fill(MARIA.name);
        await byLabel(p, t('PIX.PIX_RECEIVE.PAYER_TAX_ID')).fill(MARIA.cpfMasked);
      },
      `${width} px`,
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `no sideways scrolling at ${width} px`).toBe(false);
  }
});
