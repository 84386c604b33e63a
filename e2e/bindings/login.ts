/**
 * E2E bindings of the sign-in flow (machines/access/login.machine.ts, src/features/access/login-page.tsx).
 *
 * The fields hold what the path typed (noted per page); an outcome that needs other credentials
 * (the 313 user, a wrong password) retypes them just before the click that signs in, and every
 * other outcome puts the path's values back if an earlier arrangement had changed them. A sign-in
 * without any account is the sandbox's real answer with its `accounts` emptied in the browser.
 */
import { loginFlow as loginEntry } from '../../machines/access/login.fixtures';
import { expect, type Page } from '@playwright/test';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  answerNextInShape,
  busyStatus,
  button,
  DEMO,
  EXPECTED_MESSAGE,
  expectAnsweredInShape,
  expectBusy,
  expectIdle,
  expectedMessage,
  field,
  gate,
  holdCalls,
  literal,
  notes,
  offline,
  releaseCall,
  slowServer,
  t,
  WRONG_PASSWORD,
  type Answer,
  type BoundFlow,
} from './support';

const userField = (page: Page) => field(page, t('LOGIN.USER_LABEL'));
const passwordField = (page: Page) => field(page, t('LOGIN.PASSWORD_LABEL'));
const submitButton = (page: Page) => button(page, t('LOGIN.SUBMIT'));
const loginForm = (page: Page) => page.getByRole('form', { name: t('LOGIN.FORM_LABEL') });
/** The inline message above the form with `text` (role=alert). */
const formMessage = (page: Page, text: RegExp) => page.getByRole('alert').filter({ hasText: text });

/** Types into the login fields only what differs (typing sends form.change to the machine). */
async function typeCredentials(page: Page, user: string, password: string): Promise<void> {
  if ((await userField(page).inputValue()) !== user) await userField(page).fill(user);
  if ((await passwordField(page).inputValue()) !== password) await passwordField(page).fill(password);
}

/** Puts back what the path typed, if an arrangement changed it. */
async function typedByPath(ctx: PlaywrightContext): Promise<void> {
  const book = notes(ctx.page);
  await typeCredentials(ctx.page, book.get('login.user') ?? '', book.get('login.password') ?? '');
}

/** An outcome that signs in with what the path typed, after `then` (a fault, a plan...). */
const asTyped = (then?: (ctx: PlaywrightContext) => Promise<void>) => ({
  arrange: async (ctx: PlaywrightContext) => {
    await typedByPath(ctx);
    await then?.(ctx);
  },
});

/** The sandbox's sign-in with no account (the token and the rest kept). */
function withoutAccounts({ status, json }: Answer): Answer {
  const body = json as { data?: { accounts?: unknown[] } };
  if (status !== 200 || !body.data?.accounts?.length)
    throw new Error(`o sandbox não aceitou o login com uma conta (${status})`);
  return { status, json: { ...body, data: { ...body.data, accounts: [] } } };
}

const loginBindings = defineBindings(loginEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, 'login', 'getClient');
    await ctx.page.goto('/login');
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(loginForm(page)).toBeVisible();
      await expectIdle(submitButton(page));
      await expect(page.getByText(t('ERRORS.API.20'))).toHaveCount(0);
      await expect(button(page, t('LOGIN.RETRY'))).toHaveCount(0);
      await expect(userField(page)).toHaveValue(notes(page).get('login.user') ?? '');
    },
    'editing.invalidUser': async ({ page }) => {
      // The field says why and takes the focus (login-page.tsx, useOnEnter).
      await expect(userField(page)).toBeFocused();
      await expect(userField(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t('LOGIN.ERRORS.INVALID_USERNAME'))).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    },
    'editing.rejected': async ({ page }) => {
      await expect(formMessage(page, literal(t('ERRORS.API.20')))).toBeVisible();
      // The wrong password is cleared and the password field focused for the retry; with an empty
      // field the button waits for it.
      await expect(passwordField(page)).toHaveValue('');
      await expect(passwordField(page)).toBeFocused();
      await expect(submitButton(page)).toBeDisabled();
    },
    'editing.failed': async ({ page }) => {
      expectAnsweredInShape(page, 'login');
      // 500 on login or on the client load: the catalogue text and the server's message; a sign-in
      // without any account: the unexpected-error text (noted by its outcome).
      await expect(
        formMessage(page, expectedMessage(page, 'ERRORS.INTERNAL', 'ERRORS.UNEXPECTED')),
      ).toBeVisible();
      await expect(button(page, t('LOGIN.RETRY'))).toHaveCount(0);
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => sessionStorage.getItem('portal.session'))).toBeNull();
    },
    'editing.unreachable': async ({ page }) => {
      await expect(
        formMessage(page, expectedMessage(page, 'ERRORS.NETWORK', 'ERRORS.TIMEOUT')),
      ).toBeVisible();
      await expect(button(page, t('LOGIN.RETRY'))).toBeVisible();
    },
    authenticating: async ({ page }) => {
      await expect(busyStatus(page, t('LOGIN.SIGNING_IN'))).toHaveCount(1);
      await expectBusy(submitButton(page));
      await expect(userField(page)).toHaveAttribute('readonly', '');
      await releaseCall(page, 'login');
    },
    loadingClient: async ({ page }) => {
      await expect(busyStatus(page, t('LOGIN.LOADING_CLIENT'))).toHaveCount(1);
      await expectBusy(submitButton(page));
      await releaseCall(page, 'getClient');
    },
    signedIn: async ({ page }) => {
      await gate(page).openAll();
      await expect(page).toHaveURL(/\/Statement$/);
      expect(await page.evaluate(() => sessionStorage.getItem('portal.session'))).not.toBeNull();
    },
    firstLoginRequired: async ({ page }) => {
      await expect(page).toHaveURL(/\/password\/first-login$/);
      await expect(page.getByRole('heading', { name: t('CHANGEPASS.FIRST_LOGIN_TITLE') })).toBeVisible();
    },
  },
  events: {
    'form.change': async ({ page }, e) => {
      const value = String(e['value'] ?? '');
      const user = e['field'] === 'user';
      notes(page).set(user ? 'login.user' : 'login.password', value);
      const input = user ? userField(page) : passwordField(page);
      await input.fill(value);
      if (value === '') {
        // §5: a field left empty says so once the user leaves it ('Campo obrigatório').
        await input.blur();
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(loginForm(page).getByText(t('ERRORS.INPUTS.REQUIRED'), { exact: true })).toBeVisible();
      }
    },
    'form.submit': async ({ page }) => {
      // §4: the button is enabled once both fields are filled (machine guard isFilled).
      const filled =
        (await userField(page).inputValue()).trim() !== '' && (await passwordField(page).inputValue()) !== '';
      const submit = submitButton(page);
      if (filled) {
        await expect(submit).toBeEnabled();
        await submit.click();
      } else {
        await expect(submit).toBeDisabled();
      }
    },
    retry: async ({ page }) => {
      await button(page, t('LOGIN.RETRY')).click();
    },
  },
  outcomes: {
    accepted: asTyped(),
    noAccount: asTyped(async ({ page }) => {
      await answerNextInShape(page, 'login', withoutAccounts);
      notes(page).set(EXPECTED_MESSAGE, t('ERRORS.UNEXPECTED'));
    }),
    // The only first-access user of the seed; its credentials replace the typed ones.
    firstAccess: {
      arrange: async ({ page }) => typeCredentials(page, DEMO.firstAccess.email, DEMO.firstAccess.password),
    },
    badCredentials: {
      arrange: async ({ page }) =>
        typeCredentials(page, notes(page).get('login.user') ?? DEMO.maria.email, WRONG_PASSWORD),
    },
    serverError: asTyped((ctx) => ctx.fault({ operationId: 'login', status: 500, times: 1 })),
    offline: asTyped(offline('login').arrange),
    timeout: asTyped(slowServer('login').arrange),
    clientLoaded: 'natural',
    clientServerError: {
      fault: { operationId: 'getClient', status: 500, times: 1 },
    },
    clientOffline: offline('getClient'),
  },
});

export const loginFlow: BoundFlow<typeof loginEntry> = { bindings: loginBindings };
