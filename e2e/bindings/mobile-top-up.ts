/**
 * E2E bindings of the mobile top-up (/RechargeCell; machines/topup/mobile-top-up.machine.ts,
 * src/features/topup/mobile-top-up-page.tsx). Each path opens the page with Maria's session; the
 * fixture's phone is of DDD 34, where the sandbox lists Vivo, Claro, TIM and Algar Telecom
 * (sandbox/sim/carriers.ts), so the lists and the top-up are the sandbox's own answers.
 *
 * Outcomes: the empty lists are the real answers reshaped (`[]`); the 500s are status faults;
 * 422 code 16 and 422 TRANSFER 54 are status faults reshaped to the bank's codes (refusal, as the
 * transfers); no answer is the call gate's offline plan. Every call is held until its busy state
 * is seen.
 */
import { mobileTopUpFlow as mobileTopUpEntry } from '../../machines/topup/mobile-top-up.fixtures';
import type { OperationId } from '../driver/operations';
import { expect, type Page } from '@playwright/test';
import { topupPhoneOf } from '../../machines/validators/topup';
import { defineBindings } from '../driver/path-driver';
import { refusal } from './money-movement';
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
  releaseCall,
  startSignedIn,
  submitIfValid,
  takeNote,
  t,
  type BoundFlow,
} from './support';

const CARRIERS = 'listTopupCarriers';
const VALUES = 'listTopupValues';
const OP = 'createRecharge';

const next = (page: Page) => button(page.getByRole('main'), t('TOPUP.NEXT'));
const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: t('TOPUP.CONFIRM_TITLE') });
const failedDialog = (page: Page) => page.getByRole('alertdialog', { name: t('TOPUP.FAILED_TITLE') });

async function expectStepAlert(page: Page): Promise<void> {
  const noted = takeNote(page, EXPECTED_MESSAGE);
  await expect(alertIn(page)).toContainText(noted ? literal(noted) : /.+/);
}

const emptyList = (op: OperationId) => ({
  arrange: ({ page }: { page: Page }) =>
    answerNextInShape(page, op, (real) => ({ status: real.status, json: { data: [] } })),
});

const mobileTopUpBindings = defineBindings(mobileTopUpEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, CARRIERS, VALUES, OP);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/RechargeCell', waitFor: 'nothing' });
  },
  states: {
    'phone.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: t('TOPUP.TITLE') })).toBeVisible();
      await expect(field(page, t('TOPUP.PHONE'))).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    },
    'phone.failed': async ({ page }) => {
      await expectStepAlert(page);
      await expect(field(page, t('TOPUP.PHONE'))).not.toHaveValue('');
    },
    loadingCarriers: async ({ page }) => {
      await expectBusy(next(page));
      await releaseCall(page, CARRIERS);
    },
    'carrier.idle': async ({ page }) => {
      expectAnsweredInShape(page, CARRIERS);
      await expect(field(page, t('TOPUP.CARRIER'))).toBeVisible();
      await expect(alertIn(page)).toHaveCount(0);
    },
    'carrier.failed': async ({ page }) => {
      await expectStepAlert(page);
      await expect(field(page, t('TOPUP.CARRIER'))).toBeVisible();
    },
    loadingValues: async ({ page }) => {
      await expectBusy(next(page));
      await releaseCall(page, VALUES);
    },
    'amount.idle': async ({ page }) => {
      expectAnsweredInShape(page, VALUES);
      await expect(field(page, t('TOPUP.AMOUNT'))).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    },
    'amount.insufficientBalance': async ({ page }) => {
      expectAnsweredInShape(page, OP);
      await expectStepAlert(page);
    },
    'amount.failed': async ({ page }) => {
      expectAnsweredInShape(page, OP);
      await expectStepAlert(page);
    },
    confirming: async ({ page }) => {
      await expect(confirmDialog(page)).toBeVisible();
      await expect(confirmDialog(page)).toContainText('(34) 99123-4567');
      await expect(confirmDialog(page)).toContainText('Claro');
    },
    submitting: async ({ page }) => {
      await expectBusy(button(confirmDialog(page), t('TOPUP.CONFIRM')));
      await releaseCall(page, OP);
    },
    failed: async ({ page }) => {
      await expect(failedDialog(page)).toBeVisible();
      const noted = takeNote(page, EXPECTED_MESSAGE);
      if (noted) await expect(failedDialog(page)).toContainText(noted);
    },
    done: async ({ page }) => {
      const done = page.getByRole('region', { name: t('TOPUP.DONE_TITLE') });
      await expect(done).toBeVisible();
      await expect(done).toContainText('Claro');
      await expect(done).toContainText('R$ 20,00');
      await expect(done).toContainText('(34) 99123-4567');
    },
    finished: async ({ page }) => {
      await expect(page).toHaveURL(/\/Statement$/);
    },
  },
  events: {
    'phone.submit': async ({ page }, e) => {
      const phone = e['phone'] as string;
      await field(page, t('TOPUP.PHONE')).fill(phone);
      await submitIfValid(next(page), topupPhoneOf(phone) !== undefined);
    },
    'carrier.submit': async ({ page }, e) => {
      const id = e['carrierId'] as string;
      const select = field(page, t('TOPUP.CARRIER'));
      const listed = (await select.locator(`option[value="${id}"]`).count()) > 0;
      await select.selectOption(listed ? id : '');
      await submitIfValid(next(page), listed);
    },
    'amount.submit': async ({ page }, e) => {
      const amount = String(e['amount'] as number);
      const select = field(page, t('TOPUP.AMOUNT'));
      const listed = (await select.locator(`option[value="${amount}"]`).count()) > 0;
      await select.selectOption(listed ? amount : '');
      await submitIfValid(next(page), listed);
    },
    'step.back': async ({ page }) => button(page.getByRole('main'), t('TOPUP.BACK')).click(),
    'confirm.accept': async ({ page }) => button(confirmDialog(page), t('TOPUP.CONFIRM')).click(),
    'confirm.cancel': async ({ page }) => button(confirmDialog(page), t('TOPUP.CANCEL')).click(),
    retry: async ({ page }) => button(failedDialog(page), t('TOPUP.RETRY')).click(),
    restart: async ({ page }) => button(page.getByRole('main'), t('TOPUP.AGAIN')).click(),
    finish: async ({ page }) => button(page.getByRole('main'), t('TOPUP.FINISH')).click(),
  },
  outcomes: {
    carriers: 'natural',
    noCarriers: emptyList(CARRIERS),
    carriersServerError: {
      fault: { operationId: CARRIERS, status: 500 },
    },
    values: 'natural',
    noValues: emptyList(VALUES),
    valuesServerError: {
      fault: { operationId: VALUES, status: 500 },
    },
    rechargeDone: 'natural',
    insufficientBalance: refusal(OP, 16),
    fieldRefused: refusal(OP, 54),
    noAnswer: offline(OP),
  },
});

export const mobileTopUpFlow: BoundFlow<typeof mobileTopUpEntry> = { bindings: mobileTopUpBindings };
