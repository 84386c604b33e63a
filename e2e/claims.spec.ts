/**
 * Key claims (issue 30; 4-pix-part-two.md §2 /PortabilityPage, §4, §6, §8): what only a browser
 * shows end to end. Maria claims ownership of the bakery's phone key; the bakery, signed in in a
 * session of its own in the same tab, accepts after re-typing its user and password; the bank's
 * clock passes the completion period, the claim is finished and a Pix the bakery sends to that
 * phone reaches Maria's account; cancelling the finished claim answers 'Processo finalizado. Não é
 * possível efetuar o cancelamento.'. The grid with the decision dialog open is axe-clean at desktop
 * and 360 px (one visit that resizes). The grid's states and refusals are the path tests'
 * (e2e/bindings/pix-claims.ts); the rules and periods are sandbox/claims.test.ts's and
 * tests/agreement/pix-claims.property.test.ts's.
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { balanceCents } from './support/sandbox';
import { DEMO_USERS, MARIA, PADARIA, type Customer } from './support/demo';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { apiSignIn, SESSION_STORAGE_KEY, startSignedIn, type StoredSession } from './support/session';
import { t } from './support/texts';

const PHONE = DEMO_USERS.padaria.phone;
const DAY_MS = 86_400_000;

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const main = (page: Page) => page.getByRole('main');
const rowOf = (page: Page, key: string) => main(page).getByRole('row').filter({ hasText: key }).first();
const actionOf = (page: Page, of: 'CANCEL_OF' | 'DECIDE_OF', key: string) =>
  main(page)
    .getByRole('button', { name: t(`CLAIMS.${of}`).replace('{{key}}', key), exact: true })
    .first();

/**
 * The same tab signed in as `who` from now on, with a new session from the login API (the bank's
 * clock may have moved past the last one's life), and `route` opened.
 */
async function switchTo(page: Page, who: Customer, route: string): Promise<StoredSession> {
  const session = await apiSignIn(page.request, who.email, who.password);
  await page.evaluate(([key, json]) => sessionStorage.setItem(key, json), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  await page.goto(route);
  return session;
}

test('Maria claims the bakery’s phone, the bakery accepts, the bank completes it on its clock and a Pix to the phone reaches Maria; cancelling it then is refused', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await startSignedIn(page, MARIA, { route: '/PortabilityPage' });
  await main(page)
    .getByRole('button', { name: t('CLAIMS.ADD') })
    .click();
  const add = page.getByRole('dialog', { name: t('CLAIMS.ADD_TITLE') });
  await add.getByRole('radio', { name: t('CLAIMS.TYPE.OWNERSHIP') }).check();
  await add.getByLabel(t('CLAIMS.KEY_VALUE'), { exact: true }).fill(DEMO_USERS.padaria.phoneMasked);
  await add.getByRole('button', { name: t('CLAIMS.SEND') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('CLAIMS.DONE.created') })).toBeVisible();
  await expect(rowOf(page, PHONE)).toContainText(t('CLAIMS.STATUS_OF.WAITING_RESOLUTION'));
  await expect(rowOf(page, PHONE)).toContainText(t('CLAIMS.ROLE_OF.CLAIMER'));

  // The donor, signed in on its own: decides after CheckLogin.
  await switchTo(page, PADARIA, '/PortabilityPage');
  await expect(rowOf(page, PHONE)).toContainText(t('CLAIMS.ROLE_OF.DONOR'));
  await actionOf(page, 'DECIDE_OF', PHONE).click();
  const decide = page.getByRole('dialog', { name: t('CLAIMS.DECIDE_TITLE') });
  await decide.getByLabel(t('CLAIMS.USER'), { exact: true }).fill(DEMO_USERS.padaria.email);
  await decide.getByLabel(t('CLAIMS.PASSWORD'), { exact: true }).fill('Errada@987');
  await decide.getByRole('button', { name: t('CLAIMS.ACCEPT') }).click();
  await expect(decide).toContainText(t('CLAIMS.ERROR.CREDENTIALS_INVALID'));
  await decide.getByLabel(t('CLAIMS.PASSWORD'), { exact: true }).fill(DEMO_USERS.padaria.password);
  await decide.getByRole('button', { name: t('CLAIMS.ACCEPT') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('CLAIMS.DONE.decided') })).toBeVisible();
  await expect(rowOf(page, PHONE)).toContainText(t('CLAIMS.STATUS_OF.CONFIRMED'));
  await expect(rowOf(page, PHONE)).toContainText(t('CLAIMS.NO_ACTION'));

  // The completion period passes on the bank's clock (and the portal's); each signs in again on it.
  const at = new Date(Date.now() + 7 * DAY_MS + 60 * 60_000);
  const moved = await page.request.post('/sandbox/clock', { data: { at: at.toISOString() } });
  expect(moved.ok()).toBe(true);
  const offsetSeconds = ((await moved.json()) as { data: { offsetSeconds: number } }).data.offsetSeconds;
  await page.clock.install({ time: at });
  const mariaSession = await apiSignIn(page.request, MARIA.email, MARIA.password);
  const before = await balanceCents(page.request, mariaSession);

  // The bakery pays 12,34 to the phone, now Maria's key.
  await switchTo(page, PADARIA, '/PixKey');
  await page.getByLabel('Chave Pix', { exact: true }).fill(DEMO_USERS.padaria.phoneMasked);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Valor (R$)')).toBeVisible();
  await page.getByLabel('Valor (R$)').fill('12,34');
  await page.getByRole('button', { name: 'Avançar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirme o Pix' });
  await expect(confirm).toContainText(DEMO_USERS.maria.name);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const code = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  await code.getByLabel('Chave de Segurança').fill(
    generateSync({
      secret: DEMO_USERS.padaria.totpSecret,
      epoch: Math.floor(Date.now() / 1000) + offsetSeconds,
    }),
  );
  await code.getByRole('button', { name: 'Confirmar' }).click();
  await expect.poll(() => balanceCents(page.request, mariaSession), { timeout: 15_000 }).toBe(before + 1234);

  // Maria's grid: the claim completed, and a finished claim cannot be cancelled.
  await switchTo(page, MARIA, '/PortabilityPage');
  await expect(rowOf(page, PHONE)).toContainText(t('CLAIMS.STATUS_OF.COMPLETED'));
  await actionOf(page, 'CANCEL_OF', PHONE).click();
  await expect(page.getByRole('alertdialog', { name: t('CLAIMS.FINISHED_TITLE') })).toContainText(
    'Processo finalizado. Não é possível efetuar o cancelamento.',
  );
});

// One visit that resizes: the grid and the dialog at desktop, then the dialog and the grid at 360 px.
test('the grid and the decision dialog are axe-clean at desktop and 360 px, no sideways scroll', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await startSignedIn(page, MARIA, { route: '/PortabilityPage' });
  await expect(main(page)).toContainText(t('CLAIMS.STATUS_OF.CONFIRMED'));
  await expectAxeClean(page, 'claims grid (desktop)', WCAG_TAGS);
  await expectNoSidewaysScroll(page, 'claims grid (desktop)');
  await actionOf(page, 'DECIDE_OF', DEMO_USERS.maria.phone).click();
  const decide = page.getByRole('dialog', { name: t('CLAIMS.DECIDE_TITLE') });
  await expect(decide).toBeVisible();
  await expectAxeClean(page, 'claims decision dialog (desktop)', WCAG_TAGS);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAxeClean(page, 'claims decision dialog (360 px)', WCAG_TAGS);
  await decide
    .getByRole('button', { name: t('CLAIMS.CLOSE') })
    .last()
    .click();
  await expect(decide).toHaveCount(0);
  await expectAxeClean(page, 'claims grid (360 px)', WCAG_TAGS);
  await expectNoSidewaysScroll(page, 'claims grid (360 px)');
});
