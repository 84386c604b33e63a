/**
 * E2E bindings of the company transfer by CNPJ (/TransferToBrinks;
 * machines/transfers/company-transfer.machine.ts, src/features/transfers/company-transfer-page.tsx).
 * Each path opens the page with Maria's session; the fixture's CNPJ is Padaria Pão Dourado's
 * (sandbox seed), so the lookup and the payment are the sandbox's own answers. The shared dialogs,
 * the security code and the refusals are in money-movement.ts.
 *
 * Outcomes: "a contact without accounts" is the real lookup reshaped (`accounts: []`); 404 and 500
 * of the lookup are status faults; 403 SECURITY 50, 422 code 16 and 422 TRANSFER 53 are status
 * faults reshaped to the bank's codes; no answer is the call gate's offline plan. The lookup and
 * the payment are held until their busy states are seen.
 */
import { companyTransferFlow as companyTransferEntry } from '../../machines/transfers/company-transfer.fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS } from '../../demo/users';
import {
  isCompanyFormValid,
  type CompanyTransferForm,
} from '../../machines/transfers/company-transfer.machine';
import { defineBindings } from '../driver/path-driver';
import {
  clickCancel,
  clickConfirm,
  clickFinish,
  clickRetry,
  closeCodeDialog,
  doneDialog,
  expectConfirming,
  expectFormAlert,
  expectLeft,
  expectNoAnswer,
  expectNoDialog,
  expectNoFailureShown,
  expectSending,
  refusal,
  securityCodeState,
  validCode,
} from './money-movement';
import {
  DEMO,
  EXPECTED_MESSAGE,
  answerNextInShape,
  button,
  expectAnsweredInShape,
  expectBusy,
  field,
  holdCalls,
  literal,
  offline,
  startSignedIn,
  releaseCall,
  submitIfValid,
  takeNote,
  t,
  type BoundFlow,
} from './support';

const OP = 'createPayment';
const LOOKUP = 'getContactUser';

const submitButton = (page: Page) => button(page, t('TRANSFERS.COMPANY.SUBMIT'));

/**
 * The destination as a person reads it: the company, its CNPJ, branch and account number (issue
 * 32: the confirmation and the receipt showed the bank's internal account id).
 */
async function expectDestination(dialog: Locator): Promise<void> {
  const { padaria } = DEMO_USERS;
  await expect(dialog).toContainText(padaria.name);
  await expect(dialog).toContainText(padaria.taxIdMasked);
  // The number as the portal writes account numbers, padded to 7 digits (src/format/account.ts).
  await expect(dialog).toContainText(padaria.number.padStart(7, '0'));
  await expect(dialog).not.toContainText(padaria.accountId);
}

const companyTransferBindings = defineBindings(companyTransferEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, LOOKUP, OP);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/TransferToBrinks', waitFor: 'nothing' });
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: t('TRANSFERS.COMPANY.TITLE') })).toBeVisible();
      await expectNoDialog(page);
      await expectNoFailureShown(page);
    },
    'editing.notFound': async ({ page }) => {
      expectAnsweredInShape(page, LOOKUP);
      await expectFormAlert(page, t('TRANSFERS.COMPANY.NOT_FOUND'));
    },
    'editing.insufficientBalance': async ({ page }) => {
      expectAnsweredInShape(page, OP);
      await expectFormAlert(page, literal(takeNote(page, EXPECTED_MESSAGE) ?? t('ERRORS.API.16')));
      await expect(field(page, t('TRANSFERS.COMPANY.CNPJ'))).not.toHaveValue('');
    },
    'editing.failed': async ({ page }) => {
      expectAnsweredInShape(page, OP);
      const noted = takeNote(page, EXPECTED_MESSAGE);
      if (noted) await expectFormAlert(page, literal(noted));
      else await expectFormAlert(page, /.+/);
      await expect(field(page, t('TRANSFERS.COMPANY.CNPJ'))).not.toHaveValue('');
    },
    lookingUp: async ({ page }) => {
      await expectBusy(submitButton(page));
      await releaseCall(page, LOOKUP);
    },
    confirming: async ({ page }) => {
      await expectConfirming(page);
      await expectDestination(page.getByRole('alertdialog'));
    },
    securityCode: securityCodeState,
    submitting: async ({ page }) => expectSending(page, OP),
    failed: async ({ page }) => {
      await expectNoAnswer(page);
      const noted = takeNote(page, EXPECTED_MESSAGE);
      if (noted) await expect(page.getByRole('alertdialog').getByRole('alert')).toHaveText(noted);
    },
    done: async ({ page }) => {
      const dialog = doneDialog(page);
      await expect(dialog).toContainText(t('TRANSFERS.DONE.TEXT'));
      await expect(dialog).toContainText('R$ 25,50');
      await expectDestination(dialog);
    },
    finished: expectLeft,
  },
  events: {
    'form.submit': async ({ page }, e) => {
      const values = e['values'] as CompanyTransferForm;
      await field(page, t('TRANSFERS.COMPANY.CNPJ')).fill(values.cnpj);
      await field(page, t('TRANSFERS.FIELDS.AMOUNT')).fill(values.amount);
      await submitIfValid(submitButton(page), isCompanyFormValid(values));
    },
    'confirm.accept': clickConfirm,
    'confirm.cancel': clickCancel,
    'totp.cancel': closeCodeDialog,
    retry: clickRetry,
    finish: clickFinish,
  },
  outcomes: {
    contactFound: 'natural',
    contactWithoutAccount: {
      arrange: ({ page }) =>
        answerNextInShape(page, LOOKUP, (real) => ({
          status: real.status,
          json: { data: { ...(real.json as { data: object }).data, accounts: [] } },
        })),
    },
    contactNotFound: {
      fault: { operationId: LOOKUP, status: 404 },
    },
    lookupServerError: {
      fault: { operationId: LOOKUP, status: 500 },
    },
    'done:securityCode': validCode,
    transferDone: 'natural',
    tokenRefused: refusal(OP, 50),
    insufficientBalance: refusal(OP, 16),
    destinationRefused: refusal(OP, 53),
    noAnswer: offline(OP),
  },
});

export const companyTransferFlow: BoundFlow<typeof companyTransferEntry> = {
  bindings: companyTransferBindings,
};
