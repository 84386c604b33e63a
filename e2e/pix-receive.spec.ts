/**
 * Receive by QR against the sandbox (issue 17 "Proof"; 3-pix-part-one.md §2 Receive, §8, §9): the
 * bakery (a company with four active keys) makes each charge kind on /PixReceive — a static code,
 * an immediate charge and a due-date charge —; the test reads the copied text, and Maria pays each
 * through the bank's API as /PixCopyPaste does (the page's own journey: e2e/pix-copy-paste.spec.ts
 * and the late payment below); the bakery's Pix statement then holds each credit with the
 * payment's end-to-end id, Maria's the debit with the same id, and /Statement shows the credits.
 * The QR image the page shows is decoded (zxing, as tests/agreement/pix-receive.property.test.ts)
 * to exactly the copied text once: the bank draws every kind's image with the same code (qrPng of
 * sandbox/sim/pix-charges.ts, through sandbox/routes/pix-receive.ts `image`), and the page shows it
 * with the same element. A due-date charge paid after its due date (the bank's clock moved) asks
 * Maria, on /PixCopyPaste reached from the hub, the original with the fine and interest. axe clean
 * on each step at desktop width and on a 360 px phone.
 */
import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { buildPayPixQrRequest } from '../machines/pix/pix-copy-paste-setup';
import type { DecodePixQrOutput } from '../machines/pix/pix-copy-paste.machine';
import { amountDueCents } from '../sandbox/sim/pix-charges';
import { pixQrSignature } from '../sandbox/sim/signature';
import { authHeaders, type StoredSession } from './bindings/support';
import { freshCode } from './bindings/money-movement';
import { dueDateToType } from './bindings/pix-receive';
import { expectAxeClean } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { saoPauloToday } from './support/dates';
import { DEMO_USERS, MARIA, PADARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { sessionOf, startSignedIn } from './support/session';
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
  // The grey channel crosses as one base64 string: as an array of 250,000 numbers the transfer
  // alone took seconds on a busy machine.
  const { width, height, grey } = await img.evaluate((el: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.drawImage(el, 0, 0);
    const rgba = g.getImageData(0, 0, canvas.width, canvas.height).data;
    const bytes = new Uint8Array(rgba.length / 4);
    for (let i = 0; i < bytes.length; i++) bytes[i] = rgba[i * 4] ?? 0;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 8192)
      binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
    return { width: canvas.width, height: canvas.height, grey: btoa(binary) };
  });
  expect([width, height], 'the bank draws it at 500 px').toEqual([500, 500]);
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(
      new RGBLuminanceSource(new Uint8ClampedArray(Buffer.from(grey, 'base64')), width, height),
    ),
  );
  return new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.PURE_BARCODE, true]])).getText();
}

/** Maria pays `code` through /PixCopyPaste to ACSC, the bank's clock `bankAheadMs` ahead of hers. */
async function payAsMaria(
  page: Page,
  code: string,
  expected: { shown: string; bankAheadMs: number },
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Pix Copia e Cola' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Código Pix (cole aqui o código copiado)' }).fill(code);
  await page.getByRole('button', { name: 'Avançar', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirme o pagamento' });
  await expect(confirm).toContainText(expected.shown);
  await expect(confirm).toContainText(PADARIA.name);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const codeDialog = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  // The bank checks the code on its own clock, moved ahead by the test.
  const totp = generateSync({
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

/**
 * Maria pays `code` through the bank's API, as /PixCopyPaste does (decode, the security code, the
 * payment; buildPayPixQrRequest is the page's own body): the bank names the bakery as the receiver,
 * and credits it at once (a creditor at this bank). `typedCents` when the code carries no amount.
 */
async function payByApi(page: Page, code: string, typedCents?: number): Promise<number> {
  const maria = await sessionOf(page, MARIA);
  const accountId = maria.account.accounts[0]?.accountId ?? '';
  const decoding = await page.request.post('/api/PixIndiretoRecebimento/decodingQrCode', {
    headers: authHeaders(maria),
    data: { numero_documento_decodificador: MARIA.cpf, qrcode_emv: code },
  });
  expect(decoding.ok(), await decoding.text()).toBe(true);
  const decoded = ((await decoding.json()) as { data: DecodePixQrOutput }).data;
  expect(decoded.qrcode_pix.recebedor?.nome).toBe(PADARIA.name);
  const carried = decoded.qrcode_pix.cobranca?.valor?.final ?? decoded.qrcode_pix.valor;
  const cents = typedCents ?? Math.round(Number(carried) * 100);
  const body = buildPayPixQrRequest(code, decoded, cents, `e2e-receive-${cents}-${Date.now()}`);
  const signature = pixQrSignature({
    amount: body.amount,
    sourceAccountId: accountId,
    endToEndId: body.endToEndId,
    emv: code,
  });
  const totp = await page.request.post(`/api/totp/validate/${accountId}`, {
    headers: authHeaders(maria),
    data: {
      totpCode: await freshCode(page),
      transactionSignature: signature,
      movement: { amount: body.amount, externalIdentifier: body.externalIdentifier },
    },
  });
  expect(totp.ok(), await totp.text()).toBe(true);
  const token = ((await totp.json()) as { data: { confirmationToken?: string } }).data.confirmationToken;
  expect(token, 'a confirmation token').toBeTruthy();
  const paid = await page.request.post(`/api/account/${accountId}/postPixReceive`, {
    headers: { ...authHeaders(maria), 'S-Transaction': signature, 'S-Confirmation': token ?? '' },
    data: body,
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return cents;
}

type PixEntry = { amount: number; historyCode: string; endToEndId: string; description: string };

/** A customer's Pix statement of today (São Paulo). */
async function pixEntries(request: APIRequestContext, s: StoredSession): Promise<PixEntry[]> {
  const today = saoPauloToday();
  const accountId = s.account.accounts[0]?.accountId ?? '';
  const res = await request.get(`/api/account/${accountId}/statementPix?start=${today}&ending=${today}`, {
    headers: authHeaders(s),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { statement: PixEntry[] } }).data.statement;
}

const centsOf = (e: PixEntry): number => Math.round(Math.abs(e.amount) * 100);

// The hub's Receive card is checked in the late payment below (Maria's hub has no dialog over it).
test('each charge kind: made by the bakery, copied, paid by Maria and credited with its end-to-end id; the image read back; axe at 1280 and 360 px', async ({
  page,
}) => {
  // Three charges in one sign-in: longer than one path's default.
  test.setTimeout(120_000);
  await openReceive(page);

  // A static code (no amount): Maria types R$ 7,30. Axe on each step at desktop width.
  await makeCharge(page, async () => undefined, '1280 px');
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.static'))).toBeVisible();
  const staticCode = await copiedCode(page);
  expect(staticCode).toContain(PADARIA.email);
  const paid = [await payByApi(page, staticCode, 730)];

  // An immediate charge of R$ 25,50.
  await newCharge(page);
  await makeCharge(page, async (p) => {
    await byLabel(p, t('PIX.PIX_RECEIVE.AMOUNT')).fill('25,50');
    await byLabel(p, t('PIX.PIX_RECEIVE.DESCRIPTION')).fill('Pedido 7');
  });
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.immediate'))).toBeVisible();
  const immediateCode = await copiedCode(page);
  expect(immediateCode).toContain('qr.sandbox.banco.example/pix/v2/cob/');
  paid.push(await payByApi(page, immediateCode));

  // A due-date charge on a 360 px phone, axe on each step there: the required fields say so, a
  // past day is refused, the payer's document is validated as typed (the 2026 alphanumeric CNPJ,
  // one check digit wrong then right); axe with the section open at desktop width too.
  await newCharge(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await makeCharge(
    page,
    async (p) => {
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
      await p.setViewportSize({ width: 1280, height: 720 });
      await expectAxeClean(p, '/PixReceive step 2 with the due-date section at 1280 px');
      await p.setViewportSize({ width: 360, height: 740 });
    },
    '360 px',
  );
  await expectNoSidewaysScroll(page, 'no sideways scrolling at 360 px');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByText(t('PIX.PIX_RECEIVE.KIND.dueDate'))).toBeVisible();
  const dueDateCode = await copiedCode(page);
  expect(dueDateCode).toContain('qr.sandbox.banco.example/pix/v2/cobv/');
  // The image of the third charge: the page shows the new charge's, not an earlier one's.
  expect(await decodeShownQr(page)).toBe(dueDateCode);
  paid.push(await payByApi(page, dueDateCode));
  expect(paid).toEqual([730, 2_550, 10_000]);

  // The three credits, each with its end-to-end id, the same as Maria's debit's; /Statement shows them.
  const credits = (await pixEntries(page.request, await sessionOf(page, PADARIA))).filter(
    (e) => e.historyCode === '8020',
  );
  const debits = await pixEntries(page.request, await sessionOf(page, MARIA));
  for (const cents of paid) {
    const credit = credits.find((e) => centsOf(e) === cents);
    expect(credit, `a Pix credit of ${cents} cents`).toBeDefined();
    expect(credit?.endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
    const debit = debits.find((e) => e.endToEndId === credit?.endToEndId);
    expect(debit && centsOf(debit), `Maria's debit of ${cents} cents`).toBe(cents);
  }
  await page.goto('/Statement');
  await expect(page.getByText(`Pix recebido - ${MARIA.name}`)).toHaveCount(3);
});

test('a due-date charge paid 5 days late: Maria, from the hub, is asked the original with the fine and the interest', async ({
  page,
}) => {
  // The charge through the bank's API (the page makes one above), due today.
  const dueDate = saoPauloToday();
  const bakery = await sessionOf(page, PADARIA);
  const made = await page.request.post(
    `/api/PixIndiretoRecebimento/${bakery.account.accounts[0]?.accountId ?? ''}/cobrancaVencimento`,
    {
      headers: authHeaders(bakery),
      data: {
        calendario: { dataDeVencimento: dueDate },
        devedor: { nome: MARIA.name, cpf: MARIA.cpf },
        valor: {
          original: 100,
          multa: { modalidade: 2, valorPerc: 2 },
          juros: { modalidade: 3, valorPerc: 1 },
        },
        chave: PADARIA.email,
      },
    },
  );
  expect(made.ok(), await made.text()).toBe(true);
  const code = ((await made.json()) as { data: { emv: string } }).data.emv;
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
  // The Pix hub's Receive card leads to /PixReceive; its Copy and paste card is Maria's way in.
  await startSignedIn(page, MARIA, { route: '/Pix' });
  await expect(page.getByRole('link', { name: new RegExp(t('PIX_HUB.CARDS.RECEIVE_TEXT')) })).toHaveAttribute(
    'href',
    '/PixReceive',
  );
  await page.getByRole('link', { name: new RegExp(t('PIX_HUB.CARDS.COPY_PASTE_TEXT')) }).click();
  await expect(page).toHaveURL(/\/PixCopyPaste$/);
  await payAsMaria(page, code, { shown, bankAheadMs: aheadMs });
});
