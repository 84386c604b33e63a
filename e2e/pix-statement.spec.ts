/**
 * The Pix statement, /PixExtractPage, in Chromium against the sandbox bank (issue 17;
 * 3-pix-part-one.md §2 Pix statement, §5 "Statement row actions", §8; 4-pix-part-two.md §2): only
 * the account's Pix entries are listed (getPixStatement), searched by description or formatted
 * amount; the Pix receipt ('Comprovante de Transação PIX' with pixId, pixDate, pixKey; the empty
 * one with dashes and R$ 0,00 when it fails); EXPORTAR writes the Pix report through the
 * statement's writers (the file is read back); the print copy says 'Saldo em conta'; axe clean at
 * desktop width and on a 360 px phone, without sideways scrolling.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { MARIA } from './support/demo';
import { startSignedIn } from './support/session';
import { customPeriod, daysBefore, openStatement, today } from './support/statement';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const table = (page: Page) => page.getByRole('table', { name: /Lançamentos de/ });
const entryRows = (page: Page) => table(page).locator('[data-entry-row]');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Buscar no extrato' });
/** Maria's seeded Pix sent 12 days ago (sandbox/db/seed-statement.ts), R$ 89,90. */
const SUSPICIOUS = 'Pix enviado - Loja Virtual Ofertas Ltda';
const field = (page: Page, id: string) =>
  page.getByRole('dialog').locator(`[data-field="RECEIPT.FIELDS.${id}"]`);

/** Opens the page (from the Pix hub's card when `viaHub`) with the last 15 days listed. */
async function openPixStatement(page: Page, viaHub = false): Promise<void> {
  await startSignedIn(page, MARIA, { route: viaHub ? '/Pix' : '/PixExtractPage' });
  if (viaHub) await page.getByRole('link', { name: /^Extrato Pix/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato Pix' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Período' }).selectOption('3');
  await expect(entryRows(page).filter({ hasText: SUSPICIOUS })).toHaveCount(1);
}

const RECEIPT_FIELDS = ['DESCRIPTION', 'PIX_ID', 'PIX_DATE', 'PIX_KEY', 'AMOUNT', 'TRANSACTION_ID'];

/** The open Pix receipt's fields, read, then the receipt closed. */
async function readReceipt(page: Page): Promise<Record<string, string>> {
  const dialog = page.getByRole('dialog', { name: 'Comprovante de Transação PIX' });
  await expect(dialog).toBeVisible();
  await expect(field(page, 'PIX_ID')).toHaveText(/^E[0-9A-Za-z]{31}$/);
  const values: Record<string, string> = {};
  for (const id of RECEIPT_FIELDS) values[id] = (await field(page, id).textContent()) ?? '';
  await dialog.getByRole('button', { name: /Fechar/ }).click();
  await expect(dialog).toHaveCount(0);
  return values;
}

// The receipt dialog's markup is /Statement's (ReceiptSections), checked by a11y-statement.spec.ts.
// Issue 27: one receipt for a Pix wherever it is opened. /Statement printed dashes for the Pix
// fields (its receipt is built from the transaction detail, which carries them).
test('lists only the Pix entries, searches them, shows the Pix receipt (the same from /Statement); axe clean at desktop and 360 px', async ({
  page,
  request,
}) => {
  // The work of the three tests it replaced (30, 30 and 90 s).
  test.setTimeout(150_000);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/accounts?\/[^/]+\/(statement|statementPix)\?/.test(r.url())) calls.push(r.url());
  });
  await openPixStatement(page);
  await expectAxeClean(page, 'the Pix statement', WCAG_TAGS);
  for (const text of await entryRows(page).allTextContents()) expect(text).toMatch(/Pix|Devolução/);
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.every((url) => url.includes('/statementPix?'))).toBe(true);

  // §2: the description or the formatted amount, case-insensitive; nothing is asked of the bank.
  const before = calls.length;
  await search(page).fill('loja VIRTUAL');
  await expect(entryRows(page)).toHaveCount(1);
  await expect(entryRows(page).first()).toContainText(SUSPICIOUS);
  await search(page).fill('89,90');
  await expect(entryRows(page).filter({ hasText: SUSPICIOUS })).toHaveCount(1);
  for (const text of await entryRows(page).allTextContents()) expect(text).toContain('89,90');
  await search(page).fill('nada assim existe');
  await expect(page.getByText('Nenhum resultado encontrado.')).toBeVisible();
  expect(calls.length).toBe(before);
  await search(page).fill('');

  const row = entryRows(page).filter({ hasText: SUSPICIOUS });
  await row.getByRole('button', { name: /Ver comprovante/ }).click();
  await expect(field(page, 'PIX_DATE')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(field(page, 'PIX_KEY')).toBeVisible();
  await expect(field(page, 'AMOUNT')).toHaveText(/89,90/);
  const fromPixStatement = await readReceipt(page);

  // §8: a failed load shows the empty receipt, dashes and R$ 0,00, and may be retried.
  const dialog = page.getByRole('dialog', { name: 'Comprovante de Transação PIX' });
  await request.post('/sandbox/faults', { data: { operationId: 'getPixReceipt', status: 500, times: 1 } });
  await row.getByRole('button', { name: /Ver comprovante/ }).click();
  await expect(dialog.getByText(/Não foi possível carregar os dados deste comprovante/)).toBeVisible();
  await expect(field(page, 'PIX_ID')).toHaveText('-');
  await expect(field(page, 'PIX_DATE')).toHaveText('-');
  await expect(field(page, 'PIX_KEY')).toHaveText('-');
  await expect(field(page, 'AMOUNT')).toHaveText(/^R\$\s?0,00$/);
  await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
  expect(await readReceipt(page)).toEqual(fromPixStatement);

  // A 360 px phone: the row's receipt button within the screen, no sideways scrolling, axe.
  await page.setViewportSize({ width: 360, height: 740 });
  const receipt = row.getByRole('button', { name: /Ver comprovante/ });
  await receipt.scrollIntoViewIfNeeded();
  await expect(receipt).toBeInViewport();
  const box = await receipt.boundingBox();
  expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await expectNoSidewaysScroll(page, 'the Pix statement at 360 px');
  await expectAxeClean(page, 'the Pix statement at 360 px', WCAG_TAGS);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The same receipt opened from /Statement.
  await openStatement(page);
  await customPeriod(page, daysBefore(today(), 20), today());
  await search(page).fill('Loja Virtual');
  await entryRows(page)
    .filter({ hasText: SUSPICIOUS })
    .getByRole('button', { name: /Ver comprovante/ })
    .click();
  expect(await readReceipt(page)).toEqual(fromPixStatement);
});

/** Exports the last 15 days of the open page in `format`, returning the downloaded file's bytes. */
async function exportPix(
  page: Page,
  format: 'Excel' | 'PDF' | 'OFX',
): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'EXPORTAR' }).click();
  const exporting = page.getByRole('dialog', { name: 'Exportar extrato' });
  await exporting.getByRole('radio', { name: 'Últimos 15 dias' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exporting.getByRole('button', { name: format }).click(),
  ]);
  await expect(exporting).toBeHidden();
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

// Issue 27: the Pix OFX never downloaded (the Pix report had no balance line). Every format the
// dialog offers is downloaded here; the OFX reconciles and its LEDGERBAL is the account's balance.
test('the hub links to it; exports the Pix report as Excel, PDF and OFX (it reconciles to the account balance) and prints the copy with Saldo em conta', async ({
  page,
}) => {
  // The work of the two tests it replaced (30 s each).
  test.setTimeout(60_000);
  await openPixStatement(page, true);
  const shown = await entryRows(page).count();

  const xlsx = await exportPix(page, 'Excel');
  expect(xlsx.name).toMatch(/^Export_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = XLSX.read(xlsx.bytes);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? '']!, { header: 1 });
  const cells = rows.flat().map(String);
  expect(cells.some((c) => c.includes(SUSPICIOUS))).toBe(true);
  const described = cells.filter((c) => /^(Pix |Devolução Pix)/.test(c));
  expect(described.length).toBe(shown);
  expect(cells.some((c) => /Recarga|boleto|TED/i.test(c))).toBe(false);
  const opening = rows.find((r) => r[1] === 'SALDO')?.[4];
  expect(typeof opening).toBe('number');

  const pdf = await exportPix(page, 'PDF');
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const ofx = await exportPix(page, 'OFX');
  expect(ofx.name).toMatch(/\.ofx$/);
  const text = ofx.bytes.toString('latin1');
  expect(text).toMatch(/^OFXHEADER:100/);
  const tag = (name: string) =>
    [...text.matchAll(new RegExp(`<${name}>([^<\\r\\n]*)`, 'g'))].map((m) => m[1] ?? '');
  expect(tag('BANKID')).toEqual(['999']);
  const fitids = tag('FITID');
  expect(fitids.length).toBeGreaterThan(0);
  const centavos = (a: string | number | undefined): number => Math.round(Number(a) * 100);
  const sum = tag('TRNAMT').reduce((s, a) => s + centavos(a), 0);
  const ledger = centavos(tag('BALAMT')[0]);
  expect(centavos(opening as number) + sum, 'opening + Σ TRNAMT = LEDGERBAL').toBe(ledger);

  // The print copy: the entries and 'Saldo em conta', which the OFX's LEDGERBAL is (the period
  // ends today).
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('table[data-print-table]');
  await expect(printed).toBeVisible();
  const balance = page.getByText(/^Saldo em conta: R\$\s?[\d.]+,\d{2}$/);
  await expect(balance).toBeVisible();
  await expect(printed.getByText(SUSPICIOUS)).toBeVisible();
  await expect(page.getByRole('button', { name: 'IMPRIMIR' })).toBeHidden();
  const shownBalance = Number(((await balance.textContent()) ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
  expect(ledger).toBe(centavos(shownBalance));
  await page.emulateMedia({ media: 'screen' });
  await expect(printed).toHaveCount(0);
});
