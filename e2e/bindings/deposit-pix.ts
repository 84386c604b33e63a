/**
 * E2E bindings of the deposit by Pix (/Deposit, below the boleto; machines/deposits/deposit-pix.machine.ts,
 * src/features/topup/deposit-pix-section.tsx). Each path opens the page with Maria's session; the
 * charge is the sandbox's own (an immediate charge on her random key).
 *
 * Outcomes: 422 DEPOSIT 120 (no active key) is a status fault reshaped to the bank's code; no
 * answer is the call gate's offline plan. The call is held until its busy state is seen.
 */
import { depositPixFlow as depositPixEntry } from '../../machines/deposits/deposit-pix.fixtures';
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

const OP = 'createDepositPix';

const section = (page: Page) => page.getByRole('form', { name: t('DEPOSIT_PIX.TITLE') });
const generate = (page: Page) => button(section(page), t('DEPOSIT_PIX.GENERATE'));
const chargeDialog = (page: Page) => page.getByRole('dialog', { name: t('DEPOSIT_PIX.DIALOG_TITLE') });
const failedDialog = (page: Page) => page.getByRole('alertdialog', { name: t('DEPOSIT_PIX.FAILED_TITLE') });

const depositPixBindings = defineBindings(depositPixEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, OP);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/Deposit', waitFor: 'nothing' });
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 2, name: t('DEPOSIT_PIX.TITLE') })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    },
    'editing.failed': async ({ page }) => {
      expectAnsweredInShape(page, OP);
      const noted = takeNote(page, EXPECTED_MESSAGE);
      await expect(page.getByRole('main').getByRole('alert')).toContainText(noted ? literal(noted) : /.+/);
      await expect(field(page, t('DEPOSIT_PIX.AMOUNT'))).not.toHaveValue('');
    },
    creating: async ({ page }) => {
      await expectBusy(generate(page));
      await releaseCall(page, OP);
    },
    failed: async ({ page }) => {
      await expect(failedDialog(page)).toBeVisible();
      const noted = takeNote(page, EXPECTED_MESSAGE);
      if (noted) await expect(failedDialog(page)).toContainText(noted);
    },
    shown: async ({ page }) => {
      const dialog = chargeDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('R$ 150,00');
      await expect(dialog.getByRole('img', { name: t('DEPOSIT_PIX.QR_ALT') })).toBeVisible();
      // The bank's BR Code: a dynamic code (its location) with its CRC.
      await expect(field(dialog, t('DEPOSIT_PIX.CODE_LABEL'))).toHaveValue(/^000201010212.*6304[0-9A-F]{4}$/);
    },
    toStatement: async ({ page }) => {
      await expect(page).toHaveURL(/\/Statement$/);
    },
  },
  events: {
    'form.submit': async ({ page }, e) => {
      const amount = e['amount'] as string;
      await field(page, t('DEPOSIT_PIX.AMOUNT')).fill(amount);
      await submitIfValid(generate(page), validateDepositAmount(amount) === undefined);
    },
    retry: async ({ page }) => button(failedDialog(page), t('DEPOSIT.RETRY')).click(),
    'dialog.close': async ({ page }) => {
      if (await failedDialog(page).isVisible())
        await button(failedDialog(page), t('DEPOSIT.CLOSE')).last().click();
      else await button(chargeDialog(page), t('SHELL.UI.CLOSE')).click();
    },
    'statement.open': async ({ page }) => button(chargeDialog(page), t('DEPOSIT_PIX.TO_STATEMENT')).click(),
  },
  outcomes: {
    chargeMade: 'natural',
    noActiveKey: refusal(OP, 120),
    noAnswer: offline(OP),
  },
});

export const depositPixFlow: BoundFlow<typeof depositPixEntry> = { bindings: depositPixBindings };
