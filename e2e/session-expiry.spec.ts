/**
 * Issue 32 (1): an expiring session no longer loses the customer's work. At 360 px, on /Payment:
 * two minutes before the token ends a dialog says how long is left, and 'Continuar conectado'
 * gives the page a new token (the old one is dead at the bank); when the token ends anyway, the
 * bill line typed so far is kept, and signing in again returns to /Payment with it.
 */
import type { Locator, Page } from '@playwright/test';
import { listedBills } from './bindings/bill-payment';
import { expectAxeClean } from './support/axe';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { DEVICE_HEADER, expireTokens } from './support/sandbox';
import { injectSession, SESSION_STORAGE_KEY, sessionOf } from './support/session';
import { submitLogin } from './support/sign-in';

const block = (page: Page, n: number): Locator =>
  page.getByRole('textbox', { name: `Bloco ${n} de 5`, exact: true });

/** Pastes `text` into a block, as a clipboard paste does. */
async function paste(target: Locator, text: string): Promise<void> {
  await target.focus();
  await target.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const tokenOf = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { token?: string }).token,
    SESSION_STORAGE_KEY,
  );

const meStatus = async (page: Page, token: string | undefined) =>
  (
    await page.request.get('/api/me', { headers: { ...DEVICE_HEADER, Authorization: `Bearer ${token}` } })
  ).status();

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

test('at 360 px: warned before the session ends, kept signed in with a new token; once expired, the bill line and /Payment come back after signing in', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const signedIn = await sessionOf(page, MARIA);
  // A session with 100 s left: inside the two minutes of the warning.
  await injectSession(page, { ...signedIn, expiresAt: Date.now() + 100_000 } as typeof signedIn);
  await page.goto('/Payment');

  const warning = page.getByRole('alertdialog', { name: 'Sua sessão vai terminar' });
  await expect(warning).toContainText(
    /Por segurança, sua sessão termina em 1:[0-4]\d\. Deseja continuar conectado\?/,
  );
  // The dialog only: /Payment at 360 px, signed in, is scanned whole by e2e/bills.spec.ts ("at 360
  // px: blocks wrap, a bad code makes no call, the details dialog is clean").
  await expectAxeClean(page, 'the session warning at 360 px', undefined, { within: '[role="alertdialog"]' });
  await warning.getByRole('button', { name: 'Continuar conectado' }).click();
  await expect(warning).toBeHidden();
  const renewed = await tokenOf(page);
  expect(renewed).not.toBe(signedIn.token);
  expect(await meStatus(page, signedIn.token), 'the old token is ended').toBe(401);
  expect(await meStatus(page, renewed), 'the new one works').toBe(200);

  // The line is typed, then the token ends before 'Continuar'.
  const bill = (await listedBills(request)).find(
    (b) => b.state === 'open' && !b.depositFor && b.minimum === undefined,
  );
  if (!bill) throw new Error('the sandbox lists no open bill');
  await paste(block(page, 1), bill.typeableLine);
  await expect(block(page, 5)).not.toHaveValue('');
  const typed = await Promise.all([1, 2, 3, 4, 5].map((n) => block(page, n).inputValue()));
  expect(await expireTokens(request)).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Login expirado.' }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, MARIA.email, MARIA.password);
  await expect(page).toHaveURL(/\/Payment$/);
  for (const [i, value] of typed.entries()) await expect(block(page, i + 1)).toHaveValue(value);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('dialog', { name: 'Detalhes da conta' })).toContainText(bill.beneficiary);
});
