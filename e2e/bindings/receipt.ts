/**
 * E2E bindings of the receipt dialog, Comprovante (machines/statement/receipt.machine.ts,
 * src/features/statement/receipt-dialog.tsx), opened from a row of the statement as a user does:
 * the period 'Últimos 15 dias' holds Maria's monthly TED to her landlord (a seeded movement 15
 * days back), the search finds it and its receipt button opens the dialog.
 *
 * What the dialog waits for is held at the area's gate (statement.ts): the transaction detail,
 * and the PDF writer chunk (receipt-pdf, loaded on demand; a chunk that does not load is the
 * fixture's 'Falha ao carregar o gerador de PDF'). Printing is the browser's: window.print is
 * replaced before the portal loads by a stand-in that counts the calls and, when an outcome asks
 * for it, throws as a blocked print does.
 */
import { receiptFlow as receiptEntry } from '../../machines/statement/receipt.fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import { button, literal, notes, t, type BoundFlow } from './support';
import { gate, settle, waitHeld } from '../driver/call-gate';
import { perPage } from '../driver/per-page';
import { CALL_ERROR, entryRows, openStatement, periodSelect, searchBox, viaGate } from './statement';

/** The seeded movement whose receipt each path opens. */
const TED_SEARCH = 'TED enviada';

const dialog = (page: Page): Locator => page.getByRole('dialog');
const downloadButton = (page: Page): Locator => button(dialog(page), t('RECEIPT.DOWNLOAD_PDF'));
const printButton = (page: Page): Locator => button(dialog(page), t('RECEIPT.PRINT'));
const unavailable = (page: Page): Locator =>
  dialog(page)
    .getByRole('alert')
    .filter({ hasText: literal(t('RECEIPT.UNAVAILABLE')) });
const pdfError = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: literal(t('RECEIPT.PDF_ERROR')) });

interface PrintStandIn {
  calls: number;
  fail: boolean;
}

/** How many times the page asked the browser to print. */
const printCalls = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __e2ePrint: PrintStandIn }).__e2ePrint.calls);

/** Makes the next prints succeed or fail (throw, as a blocked print does). */
const printFails = (page: Page, fail: boolean): Promise<void> =>
  page.evaluate((f) => {
    (window as unknown as { __e2ePrint: PrintStandIn }).__e2ePrint.fail = f;
  }, fail);

const PRINTS_NOTE = 'receipt.prints';
const PDF_NOTE = 'receipt.pdf.downloads';
const PRINT_FAILS_NOTE = 'receipt.print.fails';
const consoleErrors = perPage((): string[] => []);

/** A receipt at rest: title and data of the TED, the PDF/print toolbar idle. */
async function shownAtRest(page: Page): Promise<void> {
  await expect(dialog(page)).toHaveAccessibleName(t('RECEIPT.TITLE_TED'));
  await expect(dialog(page).getByRole('region', { name: t('RECEIPT.SECTIONS.TRANSFER') })).toBeVisible();
  await expect(dialog(page).getByText(t('RECEIPT.FIELDS.TRANSACTION_ID'), { exact: true })).toBeVisible();
  for (const b of [downloadButton(page), printButton(page)]) {
    await expect(b).toBeEnabled();
    await expect(b).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(unavailable(page)).toHaveCount(0);
}

const receiptBindings = defineBindings(receiptEntry, {
  start: async (ctx) => {
    const { page } = ctx;
    await page.addInitScript(() => {
      const w = window as unknown as { __e2ePrint: PrintStandIn };
      w.__e2ePrint = { calls: 0, fail: false };
      window.print = () => {
        w.__e2ePrint.calls += 1;
        if (w.__e2ePrint.fail) throw new Error('print blocked');
      };
    });
    const errors = consoleErrors(page);
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await openStatement(ctx, 'getTransactionDetail', 'receiptPdf');
    await periodSelect(page).selectOption('3');
    await expect(entryRows(page).first()).toBeVisible();
    await searchBox(page).fill(TED_SEARCH);
    await entryRows(page)
      .getByRole('button', {
        name: new RegExp(`^${t('STATEMENT_SCREEN.OPEN_RECEIPT', { description: TED_SEARCH })}`),
      })
      .first()
      .click();
    await expect(dialog(page)).toBeVisible();
  },
  states: {
    loading: async ({ page }) => {
      await expect(dialog(page)).toHaveAccessibleName(t('RECEIPT.TITLE'));
      await expect(
        dialog(page)
          .getByRole('status')
          .filter({ hasText: t('RECEIPT.LOADING') }),
      ).toBeVisible();
      await expect(downloadButton(page)).toHaveCount(0);
      await expect(unavailable(page)).toHaveCount(0);
      await waitHeld(page, 'getTransactionDetail');
    },
    unavailable: async ({ page }) => {
      await settle(page, 'getTransactionDetail');
      // §8: the empty receipt with dashes and R$ 0,00, the reason and a retry; no PDF or print.
      await expect(unavailable(page)).toContainText(CALL_ERROR());
      await expect(button(dialog(page), t('RECEIPT.RETRY'))).toBeEnabled();
      await expect(dialog(page).getByText('R$ 0,00', { exact: true }).first()).toBeVisible();
      await expect(dialog(page).getByText('-', { exact: true }).first()).toBeVisible();
      await expect(downloadButton(page)).toHaveCount(0);
      await expect(printButton(page)).toHaveCount(0);
    },
    'shown.idle': async ({ page }) => {
      await settle(page, 'getTransactionDetail', 'receiptPdf');
      await shownAtRest(page);
      const expected = Number(notes(page).get(PDF_NOTE) ?? 0);
      if (expected > 0) {
        // A PDF was generated: the browser got Comprovante_<transaction id>.pdf.
        const downloads = gate(page).downloads;
        await expect.poll(() => downloads.length).toBeGreaterThanOrEqual(expected);
        expect(downloads[expected - 1]?.suggestedFilename()).toMatch(/^Comprovante_[\w-]+\.pdf$/);
        notes(page).delete(PDF_NOTE);
      }
    },
    'shown.downloading': async ({ page }) => {
      await expect(downloadButton(page)).toHaveAttribute('aria-busy', 'true');
      await waitHeld(page, 'receiptPdf');
    },
    'shown.downloadFailed': async ({ page }) => {
      await settle(page, 'receiptPdf');
      await expect(pdfError(page)).toBeVisible();
      await expect(downloadButton(page)).toBeEnabled();
      await expect(downloadButton(page)).not.toHaveAttribute('aria-busy', 'true');
      await expect(printButton(page)).toBeEnabled();
    },
    'shown.printing': async ({ page }) => {
      // window.print() is synchronous: the state lasts until it returns, so what is seen is that
      // the browser was asked to print (a failed print is only logged, §8).
      const before = Number(notes(page).get(PRINTS_NOTE) ?? 0);
      await expect.poll(() => printCalls(page)).toBe(before + 1);
      if (notes(page).get(PRINT_FAILS_NOTE)) {
        const errors = consoleErrors(page);
        await expect.poll(() => errors.some((m) => m.includes('print failed'))).toBe(true);
        notes(page).delete(PRINT_FAILS_NOTE);
      }
    },
    closed: async ({ page }) => {
      await expect(dialog(page)).toHaveCount(0);
      await expect(entryRows(page).first()).toBeVisible();
    },
  },
  events: {
    'receipt.download': async ({ page }) => {
      await downloadButton(page).click();
    },
    'receipt.print': async ({ page }) => {
      notes(page).set(PRINTS_NOTE, String(await printCalls(page)));
      await printButton(page).click();
    },
    retry: async ({ page }) => {
      await button(dialog(page), t('RECEIPT.RETRY')).click();
    },
    'receipt.close': async ({ page }) => {
      await button(dialog(page), t('SHELL.UI.CLOSE')).click();
    },
  },
  outcomes: {
    tedDetail: viaGate.pass('getTransactionDetail'),
    notFound: viaGate.status('getTransactionDetail', 404),
    offline: viaGate.offline('getTransactionDetail'),
    pdfDownloaded: {
      arrange: async (ctx: PlaywrightContext) => {
        await viaGate.pass('receiptPdf').arrange(ctx);
        notes(ctx.page).set(PDF_NOTE, String(gate(ctx.page).downloads.length + 1));
      },
    },
    pdfGeneratorFailed: viaGate.offline('receiptPdf'),
    printOpened: {
      arrange: async ({ page }) => printFails(page, false),
    },
    printFailed: {
      arrange: async ({ page }) => {
        await printFails(page, true);
        // 'shown.printing' then checks that the failure was logged (§8: logged only).
        notes(page).set(PRINT_FAILS_NOTE, '1');
      },
    },
  },
});

export const receiptFlow: BoundFlow<typeof receiptEntry> = {
  bindings: receiptBindings,
  noWalks:
    'the busy PDF button is seen by holding the PDF module while it loads; a second PDF in the same page finds it loaded',
};
