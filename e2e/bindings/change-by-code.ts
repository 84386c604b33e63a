/**
 * E2E bindings of the password change by e-mailed code (/password/change-by-code;
 * machines/access/change-by-code.machine.ts, src/features/access/change-by-code-page.tsx).
 * Each path opens the page with Maria's session, signed in through the API.
 *
 * Codes are random: an outcome that needs the right code reads it from the outbox and notes it
 * for the next code.submit; one that needs a wrong code notes one that differs from it. Likewise a
 * 400 on the e-mail check is provoked by typing an e-mail that is not Maria's; so is the check's
 * 200 { valid: false }, the sandbox's 400 for that e-mail answered in that shape in the browser.
 */
import { changeByCodeFlow as changeByCodeEntry } from '../../machines/access/change-by-code.fixtures';
import { expect, type Page } from '@playwright/test';
import { validateStrictPassword } from '../../machines/validators/password';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  savedState,
  savingState,
  answerNextInShape,
  authHeaders,
  busyStatus,
  button,
  codeOf,
  DEMO,
  expectAnsweredInShape,
  expectBusy,
  expectIdle,
  field,
  holdCalls,
  lastMail,
  literal,
  MAIL,
  sessionOf,
  notes,
  offline,
  startSignedIn,
  releaseCall,
  submitIfValid,
  t,
  takeNote,
  type TextKey,
  type Answer,
  type BoundFlow,
} from './support';

const K = 'PASSWORD.CODE';
const emailField = (page: Page) => field(page, t(`${K}.EMAIL_LABEL`));
const sendButton = (page: Page) => button(page, t(`${K}.SEND`));
const dialog = (page: Page) => page.getByRole('dialog', { name: t(`${K}.DIALOG_TITLE`) });
const codeField = (page: Page) => field(dialog(page), t(`${K}.CODE_LABEL`));
const verifyButton = (page: Page) => button(dialog(page), t(`${K}.VERIFY`));
const saveButton = (page: Page) => button(page, t(`${K}.SUBMIT`));
const message = (scope: Page | ReturnType<typeof dialog>, key: TextKey) =>
  scope.getByRole('alert').filter({ hasText: literal(t(key)) });
/** The step the stepper marks current. */
const currentStep = (page: Page) =>
  page.getByRole('list', { name: t(`${K}.TITLE`) }).locator('[aria-current="step"]');

/** Maria's newest e-mailed code. */
const mailedCode = async (ctx: PlaywrightContext): Promise<string> =>
  codeOf(await lastMail(ctx.request, DEMO.maria.email, MAIL.passwordCode));

/** Asks for a code through the API, as another tab would (earlier codes stop working). */
async function sendCodeByApi(ctx: PlaywrightContext): Promise<void> {
  const s = await sessionOf(ctx.page);
  const res = await ctx.request.post('/api/SendPasswordChangeCode', {
    headers: authHeaders(s),
    data: { taxId: DEMO.maria.cpf, email: DEMO.maria.email },
  });
  if (!res.ok()) throw new Error(`SendPasswordChangeCode pela API → ${res.status()} ${await res.text()}`);
}

/** An e-mail that is not Maria's: the sandbox answers the check with 400. */
const NOT_MARIAS = 'outra.pessoa@exemplo.com.br';

/** The sandbox's 400 for an e-mail that does not match, as the check's 200 { valid: false }. */
function mismatchAsInvalid({ status, json }: Answer): Answer {
  if (status !== 400)
    throw new Error(`o sandbox não recusou o e-mail com 400 (${status}: ${JSON.stringify(json)})`);
  return { status: 200, json: { data: { valid: false } } };
}

async function expectEmailStep(page: Page): Promise<void> {
  await expect(emailField(page)).toBeVisible();
  await expect(currentStep(page)).toContainText(t(`${K}.STEP_EMAIL`));
  await expect(dialog(page)).toHaveCount(0);
  await expectIdle(sendButton(page));
}

async function expectCodeStep(page: Page): Promise<void> {
  await expect(dialog(page)).toBeVisible();
  await expect(currentStep(page)).toContainText(t(`${K}.STEP_CODE`));
  await expectIdle(verifyButton(page));
}

async function expectPasswordStep(page: Page): Promise<void> {
  await expect(currentStep(page)).toContainText(t(`${K}.STEP_PASSWORD`));
  await expect(field(page, t('PASSWORD.NEW_LABEL'))).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
}

const changeByCodeBindings = defineBindings(changeByCodeEntry, {
  start: async (ctx) => {
    await holdCalls(
      ctx.page,
      'hasValidPasswordChangeCode',
      'verifyEmail',
      'sendPasswordChangeCode',
      'verifyPasswordChangeCode',
      'changePasswordWithCode',
    );
    await startSignedIn(ctx.page, DEMO.maria, { route: '/password/change-by-code', waitFor: 'nothing' });
  },
  states: {
    checking: async ({ page }) => {
      await expect(page.getByRole('heading', { name: t(`${K}.TITLE`) })).toBeVisible();
      await expect(busyStatus(page, t(`${K}.CHECKING`))).toBeVisible();
      await expect(emailField(page)).toHaveCount(0);
      await releaseCall(page, 'hasValidPasswordChangeCode');
    },
    'email.idle': async ({ page }) => {
      await expectEmailStep(page);
      await expect(message(page, `${K}.ERRORS.EMAIL_INCORRECT`)).toHaveCount(0);
      await expect(message(page, `${K}.ERRORS.GENERIC`)).toHaveCount(0);
    },
    'email.incorrect': async ({ page }) => {
      expectAnsweredInShape(page, 'verifyEmail');
      await expectEmailStep(page);
      await expect(message(page, `${K}.ERRORS.EMAIL_INCORRECT`)).toBeVisible();
    },
    'email.failed': async ({ page }) => {
      await expectEmailStep(page);
      await expect(message(page, `${K}.ERRORS.GENERIC`)).toBeVisible();
    },
    verifyingEmail: async ({ page }) => {
      await expect(busyStatus(page, t(`${K}.VERIFYING_EMAIL`))).toHaveCount(1);
      await expectBusy(sendButton(page));
      await releaseCall(page, 'verifyEmail');
    },
    sendingCode: async ({ page }) => {
      await expect(busyStatus(page, t(`${K}.SENDING`))).toHaveCount(1);
      await expectBusy(sendButton(page));
      await expect(dialog(page)).toHaveCount(0);
      await releaseCall(page, 'sendPasswordChangeCode');
    },
    'code.idle': async ({ page }) => {
      await expectCodeStep(page);
      await expect(message(dialog(page), `${K}.ERRORS.INVALID_CODE`)).toHaveCount(0);
      await expect(message(dialog(page), `${K}.ERRORS.GENERIC`)).toHaveCount(0);
    },
    'code.invalid': async ({ page }) => {
      await expectCodeStep(page);
      await expect(message(dialog(page), `${K}.ERRORS.INVALID_CODE`)).toBeVisible();
    },
    'code.failed': async ({ page }) => {
      await expectCodeStep(page);
      await expect(message(dialog(page), `${K}.ERRORS.GENERIC`)).toBeVisible();
    },
    verifyingCode: async ({ page }) => {
      await expect(busyStatus(dialog(page), t(`${K}.VERIFYING`))).toHaveCount(1);
      await expectBusy(verifyButton(page));
      await expect(codeField(page)).toHaveAttribute('readonly', '');
      await releaseCall(page, 'verifyPasswordChangeCode');
    },
    'newPassword.idle': async ({ page }) => {
      await expectPasswordStep(page);
      await expectIdle(saveButton(page));
      await expect(page.getByRole('alert').filter({ hasText: literal(t('ERRORS.PASSWORD.31')) })).toHaveCount(
        0,
      );
    },
    'newPassword.failed': async ({ page }) => {
      await expectPasswordStep(page);
      await expectIdle(saveButton(page));
      // The server's text (display 'server'): the sandbox's invalid-code refusal.
      await expect(
        page.getByRole('alert').filter({ hasText: literal(t('ERRORS.PASSWORD.31')) }),
      ).toBeVisible();
    },
    saving: savingState(t('PASSWORD.SAVING'), saveButton, 'changePasswordWithCode'),
    changed: async (ctx) => {
      // §4: the session ends (/Logout), then the login page.
      await savedState(t(`${K}.SUCCESS`), /\/login$/)(ctx);
      expect(await ctx.page.evaluate(() => sessionStorage.getItem('portal.session'))).toBeNull();
    },
  },
  events: {
    'email.submit': async ({ page }, e) => {
      await emailField(page).fill(takeNote(page, 'email') ?? String(e['email'] ?? ''));
      // The view validates the field itself: an invalid e-mail never reaches the machine.
      await sendButton(page).click();
    },
    'code.submit': async ({ page }, e) => {
      await codeField(page).fill(takeNote(page, 'code') ?? String(e['code'] ?? ''));
      await verifyButton(page).click();
    },
    'code.resend': async ({ page }) => {
      await button(dialog(page), t(`${K}.RESEND`)).click();
    },
    'code.cancel': async ({ page }) => {
      await button(dialog(page), t('SHELL.UI.CLOSE')).click();
    },
    'password.submit': async ({ page }, e) => {
      const next = String(e['newPassword'] ?? '');
      const confirm = String(e['confirm'] ?? '');
      await field(page, t('PASSWORD.NEW_LABEL')).fill(next);
      await field(page, t('PASSWORD.CONFIRM_LABEL')).fill(confirm);
      await submitIfValid(
        saveButton(page),
        Object.keys(validateStrictPassword({ next, confirm })).length === 0,
      );
    },
  },
  outcomes: {
    codeExists: { arrange: sendCodeByApi },
    noCode: 'natural',
    emailMatches: 'natural',
    emailMismatch: {
      arrange: async ({ page }) => {
        notes(page).set('email', NOT_MARIAS);
        await answerNextInShape(page, 'verifyEmail', mismatchAsInvalid);
      },
    },
    emailRejected: {
      arrange: async ({ page }) => {
        notes(page).set('email', NOT_MARIAS);
      },
    },
    emailOffline: offline('verifyEmail'),
    codeSent: 'natural',
    codeCorrect: {
      arrange: async (ctx) => {
        notes(ctx.page).set('code', await mailedCode(ctx));
      },
    },
    codeWrong: {
      arrange: async (ctx) => {
        const real = await mailedCode(ctx);
        notes(ctx.page).set('code', real === '123456' ? '654321' : '123456');
      },
    },
    codeOffline: offline('verifyPasswordChangeCode'),
    passwordSaved: 'natural',
    // A new code asked for elsewhere retires the verified one: the save is refused (422, code 31).
    passwordRefused: {
      arrange: sendCodeByApi,
    },
  },
});

export const changeByCodeFlow: BoundFlow<typeof changeByCodeEntry> = { bindings: changeByCodeBindings };
