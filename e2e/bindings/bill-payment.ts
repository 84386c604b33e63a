/**
 * E2E bindings of bill payment (/Payment; machines/payments/bill-payment.machine.ts,
 * src/features/payments/bill-payment-page.tsx). Each path opens the page with Maria's session
 * (sandbox seed, reset before every path).
 *
 * The code: the fixtures' codes are the seed of 2026-11-24; the sandbox seeds its bills relative
 * to today, so the holder types the line the sandbox lists today (/sandbox/bills.json) for an
 * overdue bank slip that is not paid yet (the fixtures' code is one), and the broken code is that
 * line with its last digit changed. Each block is filled as typed (the view moves on by itself).
 *
 * Outcomes: the details and the payment are the sandbox's own answers; a total below the minimum
 * is the real details reshaped for the page with a minimum above the total; 'already paid'
 * (BILL 62) and the refusals 403 SECURITY 50 / 422 code 16 are status faults reshaped to the
 * bank's codes (nothing moves, no token is spent); `success: false` is the sandbox's `decline`
 * fault; 500 is a status fault; no connection is the call gate's offline plan. The look-up and
 * the payment are held until their busy states are seen.
 */
import { billPaymentFlow as billPaymentEntry } from '../../machines/payments/bill-payment.fixtures';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BROKEN_LINE } from '../../machines/payments/bill-sample-data';
import { splitBillBlocks } from '../../machines/validators/bill';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  bankClockByDay,
  closeCodeDialog,
  expectRefusalServed,
  refusal,
  securityCodeState,
  validCode,
} from './money-movement';
import {
  DEMO,
  EXPECTED_MESSAGE,
  answerNextInShape,
  button,
  expectBusy,
  gate,
  holdCalls,
  literal,
  notes,
  offline,
  releaseCall,
  startSignedIn,
  t,
  takeNote,
  type BoundFlow,
} from './support';

const OP = 'createWithdrawal';
const LOOKUP = 'getBillDetails';

/** A bill of the registry as /sandbox/bills.json lists it (sandbox/routes/bills.ts). */
export interface ListedBill {
  kind: 'BOLETO' | 'UTILITY';
  beneficiary: string;
  typeableLine: string;
  barcode: string;
  dueDate: string | null;
  document: number;
  totalToday: number;
  minimum?: number;
  maximum?: number;
  state: 'open' | 'overdue' | 'paid' | 'expired';
  depositFor: string | null;
}

/** The registry as the sandbox lists it now. */
export async function listedBills(request: APIRequestContext): Promise<ListedBill[]> {
  const res = await request.get('/sandbox/bills.json');
  if (!res.ok()) throw new Error(`GET /sandbox/bills.json → ${res.status()}`);
  return ((await res.json()) as { data: ListedBill[] }).data;
}

/** An overdue bank slip without minimum or maximum that nobody paid yet (the fixtures' kind). */
async function overdueSlip(request: APIRequestContext): Promise<ListedBill> {
  const bill = (await listedBills(request)).find(
    (b) => b.kind === 'BOLETO' && b.state === 'overdue' && b.minimum === undefined && !b.depositFor,
  );
  if (!bill) throw new Error('o sandbox não lista um boleto vencido em aberto');
  return bill;
}

const CHOSEN = 'bill.chosen';

// ───────────────────────────── page pieces ─────────────────────────────

export const block = (page: Page, n: number, total: number): Locator =>
  page.getByRole('textbox', { name: t('PAYMENT.PAYMENT_BILL.CODEINPUT.BLOCK', { n, total }), exact: true });
export const continueButton = (page: Page): Locator =>
  button(page, t('PAYMENT.PAYMENT_BILL.CODEINPUT.SUBMIT'));
export const detailsDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: t('PAYMENT.PAYMENT_BILL.DETAILS.TITLE') });
export const payButton = (page: Page): Locator =>
  button(detailsDialog(page), t('PAYMENT.PAYMENT_BILL.DETAILS.PAY'));
const sendingDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('PAYMENT.PAYMENT_BILL.SENDING.TITLE') });
const noAnswerDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('PAYMENT.PAYMENT_BILL.FAILED.TITLE') });

/** Types a code block by block, as the holder does (each full block moves to the next). */
export async function typeCode(page: Page, digits: string): Promise<void> {
  const { blocks } = splitBillBlocks(digits);
  for (const [i, part] of blocks.entries()) {
    const input = block(page, i + 1, blocks.length);
    await input.fill(part);
  }
}

async function expectNoDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** The form's alert, with `text`; the code typed stays in the blocks. */
async function expectFormAlert(page: Page, text: string): Promise<void> {
  await expectNoDialog(page);
  await expect(page.getByRole('alert').filter({ hasText: literal(text) })).toBeVisible();
  await expect(block(page, 1, 5)).not.toHaveValue('');
}

const BELOW_MINIMUM = 'bill.belowMinimum';

const billPaymentBindings = defineBindings(billPaymentEntry, {
  start: async (ctx) => {
    // The overdue slip is above an individual's night cap of R$ 1,000 (issue 28).
    await bankClockByDay(ctx.page);
    await holdCalls(ctx.page, LOOKUP, OP);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/Payment', waitFor: 'nothing' });
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(
        page.getByRole('heading', { level: 1, name: t('PAYMENT.PAYMENT_BILL.TITLE') }),
      ).toBeVisible();
      await expectNoDialog(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'editing.invalidCode': async ({ page }) => {
      await expectNoDialog(page);
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: t('PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_GENERAL_DV_SLIP') }),
      ).toBeVisible();
      // The broken code's last digit was changed: blocks 4 and 5 are marked, not the first (issue 32).
      await expect(block(page, 5, 5)).toHaveAttribute('aria-invalid', 'true');
      await expect(block(page, 1, 5)).not.toHaveAttribute('aria-invalid', 'true');
    },
    'editing.notFound': async ({ page }) => {
      const expected = takeNote(page, EXPECTED_MESSAGE) ?? t('ERRORS.BILL.62');
      // A refusal arrives reshaped; no connection is the gate's, with nothing to reshape.
      if (expected !== t('ERRORS.NETWORK')) expectRefusalServed(page, LOOKUP);
      await expectFormAlert(page, expected);
    },
    'editing.insufficientBalance': async ({ page }) => {
      expectRefusalServed(page, OP);
      await expectFormAlert(page, takeNote(page, EXPECTED_MESSAGE) ?? t('ERRORS.API.16'));
    },
    'editing.failed': async ({ page }) => {
      expectRefusalServed(page, OP);
      await expectFormAlert(page, takeNote(page, EXPECTED_MESSAGE) ?? t('ERRORS.BILL.62'));
    },
    'editing.declined': async ({ page }) => {
      await expectFormAlert(
        page,
        'Pagamento recusado pelo banco do beneficiário. Nenhum valor foi debitado.',
      );
    },
    lookingUp: async ({ page }) => {
      await expectBusy(continueButton(page));
      await releaseCall(page, LOOKUP);
    },
    confirming: async ({ page }) => {
      const dialog = detailsDialog(page);
      await expect(dialog).toContainText(notes(page).get(CHOSEN) ?? '');
      await expect(dialog).toContainText(t('PAYMENT.PAYMENT_BILL.DETAILS.FINE'));
      await expect(dialog).toContainText(t('PAYMENT.PAYMENT_BILL.DETAILS.TOTAL'));
      if (notes(page).get(BELOW_MINIMUM) === 'yes') {
        await expect(dialog.getByRole('alert')).toHaveText(t('PAYMENT.PAYMENT_BILL.ERROR_MINIMUM'));
        await expect(payButton(page)).toBeDisabled();
      } else {
        await expect(payButton(page)).toBeEnabled();
      }
    },
    securityCode: securityCodeState,
    submitting: async ({ page }) => {
      const dialog = sendingDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('status')).toHaveText(t('PAYMENT.PAYMENT_BILL.SENDING.TEXT'));
      await releaseCall(page, OP);
    },
    failed: async ({ page }) => {
      const dialog = noAnswerDialog(page);
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expect(button(dialog, t('PAYMENT.PAYMENT_BILL.FAILED.RETRY'))).toBeEnabled();
      takeNote(page, EXPECTED_MESSAGE);
    },
    done: async ({ page }) => {
      await expect(
        page.getByRole('status').filter({ hasText: t('PAYMENT.PAYMENT_BILL.DONE.TEXT') }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: t('PAYMENT.PAYMENT_BILL.DONE.RECEIPT') })).toBeVisible();
      await expect(page.getByText(notes(page).get(CHOSEN) ?? '').first()).toBeVisible();
    },
    finished: async ({ page }) => {
      await gate(page).openAll();
      await expect(page).toHaveURL(/\/Statement$/);
    },
  },
  events: {
    'code.submit': async ({ page, request }, e) => {
      const bill = await overdueSlip(request);
      notes(page).set(CHOSEN, bill.beneficiary);
      const broken = e['code'] === BROKEN_LINE;
      const line = broken
        ? `${bill.typeableLine.slice(0, -1)}${(Number(bill.typeableLine.slice(-1)) + 1) % 10}`
        : bill.typeableLine;
      await typeCode(page, line);
      await continueButton(page).click();
    },
    'confirm.accept': async ({ page }) => {
      if (notes(page).get(BELOW_MINIMUM) === 'yes') await expect(payButton(page)).toBeDisabled();
      else await payButton(page).click();
    },
    'confirm.cancel': async ({ page }) => {
      notes(page).delete(BELOW_MINIMUM);
      await button(detailsDialog(page), t('PAYMENT.PAYMENT_BILL.DETAILS.CANCEL')).click();
    },
    'totp.cancel': closeCodeDialog,
    retry: async ({ page }) => button(noAnswerDialog(page), t('PAYMENT.PAYMENT_BILL.FAILED.RETRY')).click(),
    'bill.another': async ({ page }) => button(page, t('PAYMENT.PAYMENT_BILL.DONE.ANOTHER')).click(),
    finish: async ({ page }) => button(page, t('PAYMENT.PAYMENT_BILL.DONE.CLOSE')).click(),
  },
  outcomes: {
    overdueBill: {
      arrange: async ({ page }) => {
        notes(page).delete(BELOW_MINIMUM);
      },
    },
    belowMinimum: {
      arrange: async ({ page }) => {
        gate(page).plan(LOOKUP, 'pass');
        await answerNextInShape(page, LOOKUP, (real) => {
          notes(page).set(BELOW_MINIMUM, 'yes');
          const body = real.json as {
            data: { paymentDetails: { consolidatedAmount: number } & Record<string, unknown> };
          };
          if (real.status !== 200) throw new Error(`esperava os detalhes do boleto, veio ${real.status}`);
          const p = body.data.paymentDetails;
          return {
            status: 200,
            json: {
              ...body,
              data: {
                ...body.data,
                paymentDetails: {
                  ...p,
                  minimumAmount: p.consolidatedAmount + 100,
                  maximumAmount: p.consolidatedAmount + 500,
                },
              },
            },
          };
        });
      },
    },
    alreadyPaid: refusal(LOOKUP, 62),
    lookupOffline: offline(LOOKUP),
    'done:securityCode': validCode,
    paid: 'natural',
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
    payAlreadyPaid: refusal(OP, 62),
    serverError: { fault: { operationId: OP, status: 500 } },
  },
});

export const billPaymentFlow: BoundFlow<typeof billPaymentEntry> = { bindings: billPaymentBindings };
