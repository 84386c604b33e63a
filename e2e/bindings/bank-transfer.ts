/**
 * E2E bindings of the TED (/TransferToBank; machines/transfers/bank-transfer.machine.ts,
 * src/features/transfers/bank-transfer-page.tsx). Each path opens the page with Maria's session
 * (sandbox seed); the shared dialogs, the security code and the refusals are in money-movement.ts.
 *
 * Outcomes: the withdrawal and the recipient are the sandbox's own answers to the fixture's TED
 * (R$ 150,25 to João Pereira, Itaú); `success: false` is the sandbox's `decline` fault of
 * createWithdrawal (the handler answers it and moves nothing); 403 SECURITY 50, 422 code 16 and
 * 422 TRANSFER 54 are status faults reshaped to the bank's codes (money-movement.ts `refusal`);
 * 500 is a status fault; no connection when saving the recipient is the call gate's offline plan.
 * The withdrawal and the recipient are held until their busy states are seen.
 */
import { bankTransferFlow as bankTransferEntry } from '../../machines/transfers/bank-transfer.fixtures';
import { expect, type Page } from '@playwright/test';
import { isTedFormValid, type TedFormValues } from '../../machines/validators/transfer';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
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
  expectRefusalServed,
  expectSending,
  refusal,
  refusalText,
  securityCodeState,
  validCode,
} from './money-movement';
import {
  DEMO,
  EXPECTED_MESSAGE,
  button,
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

const OP = 'createWithdrawal';

const submitButton = (page: Page) => button(page, t('TRANSFERS.TED.SUBMIT'));
const nicknameField = (page: Page) => field(doneDialog(page), t('TRANSFERS.SAVE_RECIPIENT.NICKNAME'));
const saveButton = (page: Page) => button(doneDialog(page), t('TRANSFERS.SAVE_RECIPIENT.SAVE'));

/** Types the TED form as the holder does (the bank picked from the list by its code). */
async function fillTed(page: Page, v: TedFormValues): Promise<void> {
  await field(page, t('TRANSFERS.FIELDS.NAME')).fill(v.name);
  await field(page, t('TRANSFERS.FIELDS.DOCUMENT')).fill(v.document);
  const bank = page.getByRole('combobox', { name: t('TRANSFERS.FIELDS.BANK') });
  await bank.fill(v.bankCode);
  await page
    .getByRole('option', { name: new RegExp(`^${v.bankCode}(?!\\d)`) })
    .first()
    .click();
  await page
    .getByRole('radio', {
      name: t(
        v.accountType === 'POUPANCA' ? 'TRANSFERS.ACCOUNT_TYPES.POUPANCA' : 'TRANSFERS.ACCOUNT_TYPES.CC',
      ),
    })
    .check();
  await field(page, t('TRANSFERS.FIELDS.BRANCH')).fill(v.branch);
  await field(page, t('TRANSFERS.FIELDS.ACCOUNT')).fill(v.account);
  await field(page, t('TRANSFERS.FIELDS.DIGIT')).fill(v.digit);
  await field(page, t('TRANSFERS.FIELDS.AMOUNT')).fill(v.amount);
}

const bankTransferBindings = defineBindings(bankTransferEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, OP, 'createRecipient');
    await startSignedIn(ctx.page, DEMO.maria, { route: '/TransferToBank', waitFor: 'nothing' });
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: t('TRANSFERS.TED.TITLE') })).toBeVisible();
      await expectNoDialog(page);
      await expectNoFailureShown(page);
    },
    'editing.insufficientBalance': async ({ page }) => {
      expectRefusalServed(page, OP);
      await expectFormAlert(page, literal(takeNote(page, EXPECTED_MESSAGE) ?? refusalText(16)));
      // What was typed stays in the form.
      await expect(field(page, t('TRANSFERS.FIELDS.NAME'))).not.toHaveValue('');
    },
    'editing.failed': async ({ page }) => {
      expectRefusalServed(page, OP);
      await expectFormAlert(page, literal(takeNote(page, EXPECTED_MESSAGE) ?? refusalText(54)));
      await expect(field(page, t('TRANSFERS.FIELDS.NAME'))).not.toHaveValue('');
    },
    confirming: async ({ page }) => expectConfirming(page),
    securityCode: securityCodeState,
    submitting: async ({ page }) => expectSending(page, OP),
    failed: async ({ page }) => {
      await expectNoAnswer(page);
      takeNote(page, EXPECTED_MESSAGE);
    },
    rejected: async ({ page }) => {
      const dialog = page.getByRole('alertdialog', { name: t('TRANSFERS.NOT_DONE.TITLE') });
      await expect(dialog.getByRole('alert')).toHaveText(t('TRANSFERS.TED.NOT_DONE'));
    },
    'done.offer': async ({ page }) => {
      const dialog = doneDialog(page);
      await expect(dialog).toContainText(t('TRANSFERS.DONE.TEXT'));
      await expect(dialog).toContainText('R$ 150,25');
      await expect(nicknameField(page)).toBeEditable();
      const failure = takeNote(page, EXPECTED_MESSAGE);
      if (failure) await expect(dialog.getByRole('alert')).toHaveText(failure);
    },
    'done.saving': async ({ page }) => {
      await expectBusy(saveButton(page));
      await releaseCall(page, 'createRecipient');
    },
    'done.saved': async ({ page }) => {
      await expect(
        doneDialog(page)
          .getByRole('status')
          .filter({ hasText: t('TRANSFERS.SAVE_RECIPIENT.SAVED') }),
      ).toBeVisible();
    },
    finished: expectLeft,
  },
  events: {
    'form.submit': async ({ page }, e) => {
      const values = e['values'] as TedFormValues;
      await fillTed(page, values);
      await submitIfValid(submitButton(page), isTedFormValid(values));
    },
    'confirm.accept': clickConfirm,
    'confirm.cancel': clickCancel,
    'totp.cancel': closeCodeDialog,
    retry: clickRetry,
    'recipient.save': async ({ page }, e) => {
      const nickname = String(e['nickname']);
      await nicknameField(page).fill(nickname);
      await submitIfValid(saveButton(page), nickname.trim() !== '');
    },
    finish: clickFinish,
  },
  outcomes: {
    'done:securityCode': validCode,
    transferDone: 'natural',
    notSuccessful: {
      arrange: async (ctx: PlaywrightContext) => {
        const res = await ctx.request.post('/sandbox/faults', {
          data: { operationId: OP, decline: true, times: 1 },
        });
        if (!res.ok()) throw new Error(`POST /sandbox/faults (decline) → ${res.status()}`);
      },
    },
    tokenRefused: refusal(OP, 50),
    insufficientBalance: refusal(OP, 16),
    fieldRefused: refusal(OP, 54),
    serverError: { fault: { operationId: OP, status: 500 } },
    recipientSaved: 'natural',
    recipientSaveOffline: offline('createRecipient'),
  },
});

export const bankTransferFlow: BoundFlow<typeof bankTransferEntry> = { bindings: bankTransferBindings };
