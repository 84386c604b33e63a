/**
 * Pix limits against the sandbox (issue 28; 4-pix-part-two.md §2 Limits menu, Pix limits, §4, §5,
 * §8; the 2026 rules of the domain notes §c): what only a browser shows, the rules themselves being
 * the sandbox's and the machine's tests. A night total lowered at 22:30 refuses a Pix over it at
 * once, and the night moved to 22h the same evening lets R$ 1.500 leave at 21:00 two days later
 * (one journey on the bank's clock); a day total raised is pending with the button disabled, and
 * in force once the bank's clock has moved 48 h; the hub's card, the menu and the screen axe clean
 * at 360 px and desktop (one visit that resizes). The dialog's §5 refusals are the view's
 * (tests/views/pix/pix-limits-page.test.tsx) and the bank's (sandbox/pix-limits.test.ts); the path
 * bindings (e2e/bindings/pix-limits.ts) play every state and transition of the flow.
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { DAY_MS, saoPauloToday } from './support/dates';
import { DEMO_USERS, MARIA } from './support/demo';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { balanceCents } from './support/sandbox';
import { apiSignIn, SESSION_STORAGE_KEY, startSignedIn } from './support/session';
import { t } from './support/texts';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

/** Puts the bank's clock at `at` (with its zone); how far it is from the real clock, in ms. */
async function bankClockAt(page: Page, at: string): Promise<number> {
  const moved = await page.request.post('/sandbox/clock', { data: { at } });
  expect(moved.ok()).toBe(true);
  return ((await moved.json()) as { data: { offsetSeconds: number } }).data.offsetSeconds * 1000;
}

const adjustDialog = (page: Page) => page.getByRole('dialog', { name: t('PIX_LIMITS.REQUEST') });
const requestButton = (page: Page) => page.getByRole('button', { name: t('PIX_LIMITS.REQUEST') });
/** The line of a total: its label (with the period) and its value. */
const totalLine = (page: Page, type: 'DAY' | 'NIGHT') =>
  page
    .locator('dd')
    .filter({ has: page.locator('strong') })
    .nth(type === 'DAY' ? 0 : 1);

async function askTotals(page: Page, day: string, night: string): Promise<void> {
  await requestButton(page).click();
  const dialog = adjustDialog(page);
  await dialog.getByLabel(t('PIX_LIMITS.DAY_FIELD')).fill(day);
  await dialog.getByLabel(t('PIX_LIMITS.NIGHT_FIELD')).fill(night);
  await dialog.getByRole('button', { name: t('PIX_LIMITS.CONFIRM') }).click();
  await expect(dialog).toHaveCount(0);
}

/** A Pix by e-mail key to the bakery (this bank), with Maria's code for the bank's clock. */
async function pixToBakery(page: Page, amount: string, bankAheadMs: number): Promise<void> {
  await page.getByLabel('Chave Pix', { exact: true }).fill(DEMO_USERS.padaria.email);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByLabel('Valor (R$)').fill(amount);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page
    .getByRole('alertdialog', { name: 'Confirme o Pix' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  const code = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  await code.getByLabel('Chave de Segurança').fill(
    generateSync({
      secret: DEMO_USERS.maria.totpSecret,
      epoch: Math.floor((Date.now() + bankAheadMs) / 1000),
    }),
  );
  await code.getByRole('button', { name: 'Confirmar' }).click();
}

/** Signs in again after the bank's clock moved past the session's life, and opens `route`. */
async function signInAgain(page: Page, route: string): Promise<void> {
  const session = await apiSignIn(page.request, MARIA.email, MARIA.password);
  await page.evaluate(([key, json]) => sessionStorage.setItem(key, json), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  await page.goto(route);
}

test('at 22:30 a night total lowered is in force at once: a Pix over it is refused, nothing debited; the night moved to 22h is in force after 24 h: R$ 1.500 leaves at 21:00', async ({
  page,
}) => {
  // Two tests' journeys (each was 30 s of budget): two clocks, two Pix, two sign-ins.
  test.setTimeout(60_000);
  const at = `${saoPauloToday()}T22:30:00-03:00`;
  const ahead = await bankClockAt(page, at);
  // The portal's clock at the same instant: a payment's ids carry their time, which the bank checks.
  await page.clock.install({ time: new Date(at) });
  const session = await startSignedIn(page, MARIA, { route: '/PixLimits' });
  await expect(totalLine(page, 'NIGHT')).toContainText('R$ 1.000,00');
  await askTotals(page, '5.000,00', '300,00');
  await expect(page.getByRole('status').filter({ hasText: t('PIX_LIMITS.SAVED') })).toBeVisible();
  await expect(totalLine(page, 'NIGHT')).toContainText('R$ 300,00');
  await expect(requestButton(page)).toBeEnabled();

  const before = await balanceCents(page.request, session);
  await page.goto('/PixKey');
  await pixToBakery(page, '300,01', ahead);
  await expect(page.getByRole('alert').filter({ hasText: 'Limite noturno do Pix excedido' })).toBeVisible();
  expect(await balanceCents(page.request, session)).toBe(before);

  // The night from 22h: an increase, pending for 24 h.
  await page.goto('/PixLimits');
  await page.getByRole('button', { name: t('PIX_LIMITS.WINDOW_CHANGE') }).click();
  const dialog = page.getByRole('dialog', { name: t('PIX_LIMITS.WINDOW_TITLE') });
  await dialog.getByRole('radio', { name: t('PIX_LIMITS.WINDOW_VALUE', { start: 22 }) }).check();
  await dialog.getByRole('button', { name: t('PIX_LIMITS.CONFIRM') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('PIX_LIMITS.PENDING_SAVED') })).toBeVisible();
  await expect(requestButton(page)).toBeDisabled();

  // 21:00 two days later in São Paulo: past the 24 h, and by day in the 22h window (in the 20h
  // one it would be night, where R$ 300,00 is all that may leave).
  const later = `${saoPauloToday(2 * DAY_MS)}T21:00:00-03:00`;
  const laterAhead = await bankClockAt(page, later);
  // The clock is installed: moved, not installed again (a second install leaves the lazy pages
  // loading for ever).
  await page.clock.setSystemTime(new Date(later));
  await signInAgain(page, '/PixLimits');
  await expect(page.getByText(t('PIX_LIMITS.WINDOW_VALUE', { start: 22 })).first()).toBeVisible();
  await page.goto('/PixKey');
  await pixToBakery(page, '1.500,00', laterAhead);
  await expect(page.getByRole('dialog', { name: 'Pix realizado' })).toContainText('R$ 1.500,00');
});

test('a day total raised is pending with the button disabled; 48 h later on the bank clock it is in force', async ({
  page,
}) => {
  await startSignedIn(page, MARIA, { route: '/PixLimits' });
  await askTotals(page, '8.000,00', '1.000,00');
  await expect(page.getByRole('status').filter({ hasText: t('PIX_LIMITS.PENDING_SAVED') })).toBeVisible();
  await expect(totalLine(page, 'DAY')).toContainText('R$ 5.000,00');
  await expect(totalLine(page, 'DAY')).toContainText(t('PIX_LIMITS.STATUS.PENDENT'));
  await expect(totalLine(page, 'DAY')).toContainText('R$ 8.000,00');
  await expect(requestButton(page)).toBeDisabled();
  await expect(page.getByText(t('PIX_LIMITS.PENDING_NOTE'))).toBeVisible();

  await bankClockAt(page, new Date(Date.now() + 2 * DAY_MS).toISOString());
  await signInAgain(page, '/PixLimits');
  await expect(totalLine(page, 'DAY')).toContainText('R$ 8.000,00');
  await expect(totalLine(page, 'DAY')).toContainText(t('PIX_LIMITS.STATUS.ACTIVE'));
  await expect(requestButton(page)).toBeEnabled();
});

/** axe clean on the limits screen and its dialog (open), with no sideways scroll. */
async function expectScreenAndDialogClean(page: Page, size: string): Promise<void> {
  await expectAxeClean(page, `adjust dialog (${size})`, WCAG_TAGS);
  await expectNoSidewaysScroll(page, `adjust dialog (${size})`);
  await adjustDialog(page)
    .getByRole('button', { name: t('PIX_LIMITS.CANCEL') })
    .click();
  await expect(adjustDialog(page)).toHaveCount(0);
  await expectAxeClean(page, `limits (${size})`, WCAG_TAGS);
  await expectNoSidewaysScroll(page, `limits (${size})`);
}

// One visit that resizes: the phone from the hub's card down to the dialog, then the desktop back
// up to the menu.
test("axe clean at 360 px and desktop: the hub's card, the limits menu, the screen and its dialog", async ({
  page,
}) => {
  // Three pages and six axe runs: slow on a loaded 2-core machine.
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  await startSignedIn(page, MARIA, { route: '/Pix' });
  await page.getByRole('link', { name: new RegExp(t('PIX_HUB.CARDS.LIMITS')) }).click();
  await expect(page).toHaveURL(/\/PixMyLimitsMenu$/);
  await expect(page.getByText(t('PIX_LIMITS.MENU.HELP_CHANGES'))).toBeVisible();
  await expectAxeClean(page, 'limits menu (360 px)', WCAG_TAGS);
  await page.getByRole('link', { name: new RegExp(t('PIX_LIMITS.MENU.LINK')) }).click();
  await expect(page).toHaveURL(/\/PixLimits$/);
  await expect(requestButton(page)).toBeEnabled();
  await requestButton(page).click();
  await expect(adjustDialog(page)).toBeVisible();
  await expectScreenAndDialogClean(page, '360 px');

  await page.setViewportSize({ width: 1280, height: 800 });
  await requestButton(page).click();
  await expect(adjustDialog(page)).toBeVisible();
  await expectScreenAndDialogClean(page, 'desktop');
  await page.goBack();
  await expect(page).toHaveURL(/\/PixMyLimitsMenu$/);
  await expect(page.getByText(t('PIX_LIMITS.MENU.HELP_CHANGES'))).toBeVisible();
  await expectAxeClean(page, 'limits menu (desktop)', WCAG_TAGS);
});
