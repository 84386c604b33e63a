/**
 * The statement screen in Chromium against the sandbox bank (1-access-shell-statement.md §2
 * Statement screen, Export dialog, Receipt dialog; §5; §8; DESIGN.md Budgets): period filter and
 * search, a receipt of each kind, the three export formats read back, and printing. The 5,000-entry
 * budgets are in budgets.spec.ts.
 *
 * A receipt whose detail fails (dashes, R$ 0,00, a retry) is the receipt's paths'
 * (e2e/bindings/receipt.ts 'unavailable'); a failed export and a period without movement are the
 * export's paths' (e2e/bindings/statement-export.ts 'editing.failed', 'editing.noData').
 */
import type { Download, Page } from '@playwright/test';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';

import {
  customPeriod,
  daysBefore,
  entryRows,
  openStatement,
  search,
  table,
  today,
} from './support/statement';

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/sandbox/reset');
  expect(reset.ok()).toBe(true);
});

test('prints a clean statement (shell, filters and buttons hidden, every row listed), then filters by period and searches without reloading', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openStatement(page);
  await expect(table(page)).toBeVisible();
  const nav = page.getByRole('navigation').first();
  await expect(nav).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'IMPRIMIR' })).toBeHidden();
  await expect(search(page)).toBeHidden();
  const printed = page.locator('table[data-print-table]');
  await expect(printed).toBeVisible();
  await expect(printed.locator('thead th')).toHaveText(['Data', 'Histórico', 'Valor']);
  expect(await printed.locator('thead').evaluate((e) => getComputedStyle(e).display)).toBe(
    'table-header-group',
  );
  await expect(page.getByText('Extrato da conta')).toBeVisible();
  // The balance is printed with the header, and the day rows start with a capital as on screen.
  await expect(page.getByText(/^Saldo disponível: R\$\s?[\d.]+,\d{2}$/)).toBeVisible();
  const day = printed.locator('tr.day td').first();
  expect(await day.evaluate((td) => getComputedStyle(td, '::first-letter').textTransform)).toBe('uppercase');

  await page.emulateMedia({ media: 'screen' });
  await expect(nav).toBeVisible();
  await expect(printed).toHaveCount(0);
  // IMPRIMIR calls window.print (a no-op in headless Chromium) without an error.
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('button', { name: 'IMPRIMIR' }).click();
  expect(errors).toEqual([]);

  await expect(table(page)).toBeVisible();
  await expect(page.getByText('0001', { exact: true })).toBeVisible();
  await expect(page.getByText(MARIA.cpfMasked)).toBeVisible();

  const statementCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/statement?')) statementCalls.push(r.url());
  });
  await page.getByRole('combobox', { name: 'Período' }).selectOption('3');
  await expect.poll(() => statementCalls.length).toBe(1);
  expect(statementCalls[0]).toContain(`start=${daysBefore(today(), 14)}`);
  expect(statementCalls[0]).toContain(`ending=${today()}`);
  await expect(table(page)).toBeVisible();

  await search(page).fill('RECARGA');
  await expect(entryRows(page).first()).toBeVisible();
  for (const text of await entryRows(page).allTextContents()) expect(text.toLowerCase()).toContain('recarga');
  // Debits carry the minus sign (not only the colour).
  await expect(entryRows(page).first().locator('[data-kind="debit"]')).toHaveText(/^-R\$/);

  await search(page).fill('não existe nada assim');
  await expect(page.getByText('Nenhum registro encontrado!')).toBeVisible();
  await search(page).fill('');
  await expect(table(page)).toBeVisible();
  expect(statementCalls).toHaveLength(1);

  await customPeriod(page, today(), today());
  await expect(page.getByText(/A data inicial não pode ser posterior a ontem/)).toBeVisible();
  expect(statementCalls).toHaveLength(1);

  await page.getByRole('combobox', { name: 'Período' }).selectOption('4');
  const month = page.getByLabel('Mês do extrato');
  await expect(month).toBeEnabled();
  // §5: no month before January 2020 can be chosen: the picker offers January 2020 last, by its
  // Portuguese name (the browser's language does not matter; see date-fields.spec.ts).
  const months = await month.locator('option').allTextContents();
  expect(months.at(-1)).toBe('Janeiro de 2020');
  expect(months).not.toContain('Dezembro de 2019');
});

test('opens a receipt of each kind: TED, Pix, boleto and top-up; printed, a receipt is alone', async ({
  page,
}) => {
  await openStatement(page);
  await customPeriod(page, daysBefore(today(), 20), today());
  await expect(table(page)).toBeVisible();

  const open = async (query: string, title: string) => {
    await search(page).fill(query);
    const row = entryRows(page)
      .filter({ has: page.getByRole('button', { name: /Ver comprovante/ }) })
      .first();
    await row.getByRole('button', { name: /Ver comprovante/ }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const close = async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };

  let dialog = await open('TED enviada', 'Comprovante de transferência');
  await expect(dialog.getByRole('region', { name: 'Conta de destino' })).toBeVisible();
  await expect(dialog.getByText(/^(Conta Corrente|Poupança)$/)).toBeVisible();
  await expect(dialog.getByText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/).first()).toBeVisible();
  await close();

  dialog = await open('Pix enviado', 'Comprovante de Transação PIX');
  await expect(dialog.getByRole('region', { name: 'Destino' })).toBeVisible();
  await close();

  dialog = await open('Pagamento de boleto', 'Comprovante de pagamento');
  await expect(dialog.getByText('Código de barras')).toBeVisible();
  await expect(dialog.getByText('Valor pago')).toBeVisible();
  await close();

  dialog = await open('Recarga de celular', 'Comprovante de recarga de celular');
  await expect(dialog.getByText('Operadora')).toBeVisible();
  await expect(dialog.getByText(/^\(\d{2}\) \d{4,5}-\d{4}$/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Baixar PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Comprovante_.+\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Printed, the receipt is alone: without the page behind it or its buttons.
  await expect(dialog.getByText('ID da transação', { exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('main')).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(dialog.getByText('ID da transação', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await dialog.getByRole('button', { name: 'Imprimir' }).click();
  await expect(dialog.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
  await close();
});

async function exportAs(page: Page, format: 'Excel' | 'PDF' | 'OFX'): Promise<Download> {
  await page.getByRole('button', { name: 'EXPORTAR' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportar extrato' });
  await dialog.getByRole('radio', { name: 'Últimos 15 dias' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: format }).click(),
  ]);
  await expect(dialog).toHaveCount(0);
  return download;
}

test('exports Excel, PDF and OFX and the files hold the statement', async ({ page }) => {
  await openStatement(page);
  await expect(table(page)).toBeVisible();
  const start = daysBefore(today(), 14);

  const xlsx = await exportAs(page, 'Excel');
  expect(xlsx.suggestedFilename()).toBe(`Export_${start}_${today()}.xlsx`);
  const book = XLSX.read(readFileSync(await xlsx.path()));
  expect(book.SheetNames).toEqual(['Extrato']);
  const cells = XLSX.utils
    .sheet_to_json<unknown[]>(book.Sheets['Extrato']!, { header: 1 })
    .flat()
    .map(String);
  expect(cells).toContain('SALDO');
  expect(cells.some((c) => c.includes(MARIA.name))).toBe(true);
  expect(cells.some((c) => /^\d{7}$/.test(c))).toBe(true);

  const pdf = await exportAs(page, 'PDF');
  expect(pdf.suggestedFilename()).toBe(`Export_${start}_${today()}.pdf`);
  const pdfBytes = readFileSync(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfBytes.toString('latin1')).toContain('Extrato');

  const ofx = await exportAs(page, 'OFX');
  expect(ofx.suggestedFilename()).toBe(`Export_${start}_${today()}.ofx`);
  const text = readFileSync(await ofx.path()).toString('latin1');
  expect(text).toMatch(/^OFXHEADER:100/);
  const tag = (name: string) =>
    [...text.matchAll(new RegExp(`<${name}>([^<\\r\\n]*)`, 'g'))].map((m) => m[1]);
  expect(tag('CURDEF')).toEqual(['BRL']);
  // Issue 27: the bank's code, the one its receipts print (src/format/bank.ts), not the branch.
  expect(tag('BANKID')).toEqual(['999']);
  expect(tag('BRANCHID')).toEqual(['0001']);
  expect(tag('TRNAMT').length).toBeGreaterThan(0);
  expect(tag('TRNAMT').every((a) => /^-?\d+\.\d{2}$/.test(a ?? ''))).toBe(true);
  expect(text.match(/<STMTTRN>/g)?.length).toBe(text.match(/<\/STMTTRN>/g)?.length);
  // Issue #11: the period ends today, and LEDGERBAL = opening balance + Σ TRNAMT to the centavo
  // (the opening balance is the spreadsheet's first SALDO line, SALDO ANTERIOR).
  const sheetRows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Extrato']!, { header: 1 });
  const opening = sheetRows.find((r) => r[1] === 'SALDO')?.[4];
  expect(typeof opening).toBe('number');
  const centavos = (a: string | number | undefined): number => Math.round(Number(a) * 100);
  const sum = tag('TRNAMT').reduce((s, a) => s + centavos(a), 0);
  expect(centavos(opening as number) + sum).toBe(centavos(tag('BALAMT')[0]));
});
