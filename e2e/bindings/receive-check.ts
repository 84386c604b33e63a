/**
 * E2E bindings of receiving a digital check by QR code (/Receive;
 * machines/receive/receive-check.machine.ts, src/features/receive/receive-check-page.tsx).
 * Each path opens the page with Maria's session after a reset, so the seed's check DEMO0001
 * (R$ 150,00, drawn on Padaria Pão Dourado's account) is unredeemed: the valid QR of the fixtures
 * is pasted as the bank lists it (GET /sandbox/cheques.json, the real mac), so the redemption is
 * the sandbox's own answer.
 *
 * Outcomes: the lookup of the issuer and the credit are natural; the lookup's CHECK 66 is a
 * refusal like the redemption's; CHECK 66 (used) and 65 (forged or altered) are a status fault
 * (answered before the handler, so nothing moves) reshaped to the bank's catalogue code, which
 * keeps every path independent of the others' redemptions (e2e/receive-check.spec.ts redeems the
 * same check twice for real); 500 is a status fault; no answer is the call gate's offline plan.
 * The payment is held until the sending dialog is seen.
 */
import {
  SAMPLE_ISSUER,
  receiveCheckFlow as receiveCheckEntry,
} from '../../machines/receive/receive-check.fixtures';
import { maskTaxId } from '../../src/format/masks';
import { expect, type Locator, type Page } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { isValidDigitalCheckQr } from '../../machines/validators/digital-check';
import type { PlaywrightContext } from '../driver/path-driver';
import {
  DEMO,
  EXPECTED_MESSAGE,
  busyStatus,
  button,
  expectAnsweredInShape,
  field,
  gate,
  holdCalls,
  literal,
  notes,
  offline,
  releaseCall,
  startSignedIn,
  submitIfValid,
  takeNote,
  t,
  type BoundFlow,
} from './support';
import { defineBindings } from '../driver/path-driver';
import { refusal } from './money-movement';

const OP = 'createPayment';
/** The lookup of the check's issuer before the confirmation (issue 32 item 7). */
const LOOKUP = 'getDigitalCheck';
/** Which of the two calls the last refusal answered (the refused state is reached from both). */
const LAST_CALL = 'receive.lastCall';
const CHECK_ID = 'DEMO0001';

/** The QR JSON of an unredeemed check as the bank lists it (GET /sandbox/cheques.json). */
export async function listedQr(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get('/sandbox/cheques.json');
  expect(res.ok()).toBe(true);
  const listed = ((await res.json()) as { data: { id: string; qr: string }[] }).data.find((c) => c.id === id);
  if (!listed) throw new Error(`o cheque ${id} não está entre os não resgatados do sandbox`);
  // Pretty-printed, as a QR reader shows it: the field is multiline.
  return JSON.stringify(JSON.parse(listed.qr), null, 2);
}

export const qrForm = (page: Page): Locator => page.getByRole('form', { name: t('RECEIVE.TITLE') });
export const qrField = (page: Page): Locator => field(page, t('RECEIVE.QR.LABEL'));
const tutorialDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: t('RECEIVE.TUTORIAL.TITLE') });
export const confirmDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('RECEIVE.CONFIRM.TITLE') });
const sendingDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('RECEIVE.SENDING.TITLE') });
const noAnswerDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('RECEIVE.FAILED.TITLE') });
export const doneDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: t('RECEIVE.DONE.TITLE') });

async function expectNoDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** The tutorial opens at its first step of 4 (paging through it is e2e/receive-check.spec.ts). */
async function tutorialState({ page }: PlaywrightContext): Promise<void> {
  const dialog = tutorialDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Passo 1 de 4' })).toBeVisible();
  await expect(dialog).toContainText(t('RECEIVE.TUTORIAL.STEP1_TEXT'));
  await expect(dialog.getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');
}

const LEAVE = 'receive.leave';

const receiveCheckBindings = defineBindings(receiveCheckEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, OP, LOOKUP);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/Receive', waitFor: 'nothing' });
  },
  states: {
    tutorial: tutorialState,
    'editing.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: t('RECEIVE.TITLE') })).toBeVisible();
      await expectNoDialog(page);
      await expect(page.getByRole('alert').filter({ hasText: t('RECEIVE.REFUSED') })).toHaveCount(0);
    },
    'editing.refused': async ({ page }) => {
      expectAnsweredInShape(page, notes(page).get(LAST_CALL) === LOOKUP ? LOOKUP : OP);
      await expectNoDialog(page);
      const alert = page.getByRole('alert').filter({ hasText: t('RECEIVE.REFUSED') });
      await expect(alert).toBeVisible();
      const noted = takeNote(page, EXPECTED_MESSAGE);
      if (noted) await expect(alert).toContainText(noted);
      // Nothing is lost: the QR is still there, and its value.
      await expect(qrField(page)).not.toHaveValue('');
      await expect(field(page, t('RECEIVE.QR.VALUE'))).toHaveValue('150,00');
    },
    lookingUp: async ({ page }) => {
      notes(page).set(LAST_CALL, LOOKUP);
      await expect(button(qrForm(page), t('RECEIVE.NEXT'))).toHaveAttribute('aria-busy', 'true');
      await releaseCall(page, LOOKUP);
    },
    confirming: async ({ page }) => {
      const dialog = confirmDialog(page);
      // Who issued the check, as the bank answered: the bakery, its CNPJ in full (issue 32 item 7).
      await expect(dialog).toContainText(SAMPLE_ISSUER.issuerName);
      await expect(dialog).toContainText(maskTaxId(SAMPLE_ISSUER.issuerDocument));
      await expect(dialog).toContainText(t('RECEIVE.CONFIRM.WALLET'));
      await expect(dialog).toContainText('R$\u00a0150,00');
      await expect(dialog).toContainText(DEMO.maria.name);
      await expect(dialog).toContainText(DEMO.maria.phoneMasked);
      await expect(button(dialog, t('RECEIVE.CONFIRM.ACCEPT'))).toBeEnabled();
    },
    submitting: async ({ page }) => {
      notes(page).set(LAST_CALL, OP);
      const dialog = sendingDialog(page);
      await expect(dialog).toBeVisible();
      await expect(busyStatus(dialog, t('RECEIVE.SENDING.TEXT'))).toHaveCount(1);
      await releaseCall(page, OP);
    },
    failed: async ({ page }) => {
      const dialog = noAnswerDialog(page);
      const noted = takeNote(page, EXPECTED_MESSAGE);
      await expect(dialog.getByRole('alert')).toHaveText(noted ? literal(noted) : /.+/);
      await expect(button(dialog, t('RECEIVE.FAILED.RETRY'))).toBeEnabled();
    },
    done: async ({ page }) => {
      const dialog = doneDialog(page);
      await expect(dialog).toContainText(t('RECEIVE.DONE.TEXT'));
      await expect(dialog).toContainText('R$\u00a0150,00');
      await expect(button(dialog, t('RECEIVE.DONE.PDF'))).toBeEnabled();
    },
    finished: async ({ page }) => {
      expect(notes(page).get(LEAVE)).toBe('/Statement');
      await gate(page).openAll();
      await expect(page).toHaveURL(/\/Statement$/);
      await expect(page.getByRole('status').filter({ hasText: t('RECEIVE.DONE.TOAST') })).toBeVisible();
    },
  },
  events: {
    'tutorial.close': async ({ page }) => button(tutorialDialog(page), t('RECEIVE.TUTORIAL.SKIP')).click(),
    'tutorial.open': async ({ page }) => button(page, t('RECEIVE.HOW')).click(),
    'form.submit': async ({ page, request }, e) => {
      const qr = e['qr'] as string;
      const valid = isValidDigitalCheckQr(qr);
      // A valid QR of the fixtures is the seed's check as the bank signed it.
      await qrField(page).fill(valid ? await listedQr(request, CHECK_ID) : qr);
      await submitIfValid(button(qrForm(page), t('RECEIVE.NEXT')), valid);
      if (!valid)
        await expect(
          qrForm(page)
            .getByRole('alert')
            .filter({ hasText: t('RECEIVE.QR.ERRORS.DATA_REQUIRED') }),
        ).toBeVisible();
    },
    'confirm.accept': async ({ page }) => button(confirmDialog(page), t('RECEIVE.CONFIRM.ACCEPT')).click(),
    'confirm.cancel': async ({ page }) => button(confirmDialog(page), t('RECEIVE.CONFIRM.CANCEL')).click(),
    retry: async ({ page }) => button(noAnswerDialog(page), t('RECEIVE.FAILED.RETRY')).click(),
    finish: async ({ page }) => {
      notes(page).set(LEAVE, '/Statement');
      await button(doneDialog(page), t('RECEIVE.DONE.FINISH')).click();
    },
  },
  outcomes: {
    issuerFound: 'natural',
    lookUpUsed: refusal(LOOKUP, 66),
    credited: 'natural',
    alreadyUsed: refusal(OP, 66),
    forged: refusal(OP, 65),
    noAnswer: offline(OP),
    serverError: { fault: { operationId: OP, status: 500 } },
  },
});

export const receiveCheckFlow: BoundFlow<typeof receiveCheckEntry> = { bindings: receiveCheckBindings };
