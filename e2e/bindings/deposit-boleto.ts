/**
 * E2E bindings of the deposit boleto (/Deposit; machines/deposits/deposit-boleto.machine.ts,
 * src/features/topup/deposit-boleto-page.tsx). Each path opens the page with Maria's session; the
 * boleto is the sandbox's own (bank 999, due in 3 days), and its PDF is fetched with the session and
 * opened in a new tab.
 *
 * Outcomes: 422 TRANSFER 54 is a status fault reshaped to the bank's code; no answer is the call
 * gate's offline plan; the PDF's 404 and 500 are status faults. Every call is held until its busy
 * state is seen.
 */
import { depositBoletoFlow as depositBoletoEntry } from '../../machines/deposits/deposit-boleto.fixtures';
import { expect, type Page } from '@playwright/test';
import { validateDepositAmount } from '../../machines/validators/deposit';
import { defineBindings } from '../driver/path-driver';
import { refusal } from './money-movement';
import {
  DEMO,
  EXPECTED_MESSAGE,
  button,
  expectAnsweredInShape,
  expectBusy,
  field,
  holdCalls,
  literal,
  offline,
  releaseCall,
  startSignedIn,
  submitIfValid,
  takeNote,
  t,
  type BoundFlow,
} from './support';

const OP = 'createDeposit';
const PDF = 'getBoletoPdf';

const main = (page: Page) => page.getByRole('main');
const generate = (page: Page) => button(main(page), t('DEPOSIT.GENERATE'));
const boletoDialog = (page: Page) => page.getByRole('dialog', { name: t('DEPOSIT.DIALOG_TITLE') });
const failedDialog = (page: Page) => page.getByRole('alertdialog', { name: t('DEPOSIT.FAILED_TITLE') });

const depositBoletoBindings = defineBindings(depositBoletoEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, OP, PDF);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/Deposit', waitFor: 'nothing' });
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: t('DEPOSIT.TITLE') })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    },
    'editing.failed': async ({ page }) => {
      expectAnsweredInShape(page, OP);
      const noted = takeNote(page, EXPECTED_MESSAGE);
      await expect(main(page).getByRole('alert')).toContainText(noted ? literal(noted) : /.+/);
      await expect(field(page, t('DEPOSIT.AMOUNT'))).not.toHaveValue('');
    },
    generating: async ({ page }) => {
      await expectBusy(generate(page));
      await releaseCall(page, OP);
    },
    failed: async ({ page }) => {
      await expect(failedDialog(page)).toBeVisible();
      const noted = takeNote(page, EXPECTED_MESSAGE);
      if (noted) await expect(failedDialog(page)).toContainText(noted);
    },
    generated: async ({ page }) => {
      const dialog = boletoDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('R$ 150,00');
      // The typeable line as printed: 47 digits in the layout AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEE…
      await expect(dialog.locator('code')).toHaveText(/^999\d\d\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    },
    openingPdf: async ({ page }) => {
      await expectBusy(button(boletoDialog(page), t('DEPOSIT.OPEN_PDF')));
      await releaseCall(page, PDF);
    },
    toList: async ({ page }) => {
      await expect(page).toHaveURL(/\/Deposit\/Ticket$/);
    },
  },
  events: {
    'form.submit': async ({ page }, e) => {
      const amount = e['amount'] as string;
      await field(page, t('DEPOSIT.AMOUNT')).fill(amount);
      await submitIfValid(generate(page), validateDepositAmount(amount) === undefined);
    },
    retry: async ({ page }) => button(failedDialog(page), t('DEPOSIT.RETRY')).click(),
    'pdf.open': async ({ page }) => button(boletoDialog(page), t('DEPOSIT.OPEN_PDF')).click(),
    'dialog.close': async ({ page }) => {
      if (await failedDialog(page).isVisible())
        await button(failedDialog(page), t('DEPOSIT.CLOSE')).last().click();
      else await button(boletoDialog(page), t('SHELL.UI.CLOSE')).click();
    },
    'list.open': async ({ page }) => {
      const scope = (await boletoDialog(page).isVisible()) ? boletoDialog(page) : main(page);
      await button(scope, t('DEPOSIT.MY_BOLETOS')).click();
    },
  },
  outcomes: {
    boletoIssued: 'natural',
    amountRefused: refusal(OP, 54),
    noAnswer: offline(OP),
    pdfOpened: 'natural',
    pdfNotFound: { fault: { operationId: PDF, status: 404 } },
    pdfServerError: { fault: { operationId: PDF, status: 500 } },
  },
});

export const depositBoletoFlow: BoundFlow<typeof depositBoletoEntry> = { bindings: depositBoletoBindings };
