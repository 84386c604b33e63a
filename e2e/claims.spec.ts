/**
 * Key claims (issue 30; 4-pix-part-two.md §2 /PortabilityPage, §4, §6, §8): what only a browser
 * shows end to end. Maria claims ownership of the bakery's phone key; the bakery, signed in in a
 * second browser context, accepts after re-typing its user and password; the bank's clock passes
 * the completion period, the claim is finished and a Pix the bakery sends to that phone reaches
 * Maria's account; cancelling the finished claim answers 'Processo finalizado. Não é possível
 * efetuar o cancelamento.'. The grid with the decision dialog open is axe-clean at desktop and
 * 360 px. The grid's states and refusals are the path tests' (e2e/bindings/pix-claims.ts); the
 * rules and periods are sandbox/claims.test.ts's and tests/agreement/pix-claims.property.test.ts's.
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { balanceCents } from './support/sandbox';
import { DEMO_USERS, MARIA, PADARIA } from './support/demo';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';
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

test('Maria claims the bakery’s phone, the bakery accepts, the bank completes it on its clock and a Pix to the phone reaches Maria; cancelling it then is refused', async ({
  page,
  browser,
  baseURL,
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

  // The donor, in a browser of its own: decides after CheckLogin.
  const bakeryContext = await browser.newContext({ baseURL });
  const bakery = await bakeryContext.newPage();
  await startSignedIn(bakery, PADARIA, { route: '/PortabilityPage' });
  await expect(rowOf(bakery, PHONE)).toContainText(t('CLAIMS.ROLE_OF.DONOR'));
  await actionOf(bakery, 'DECIDE_OF', PHONE).click();
  const decide = bakery.getByRole('dialog', { name: t('CLAIMS.DECIDE_TITLE') });
  await decide.getByLabel(t('CLAIMS.USER'), { exact: true }).fill(DEMO_USERS.padaria.email);
  await decide.getByLabel(t('CLAIMS.PASSWORD'), { exact: true }).fill('Errada@987');
  await decide.getByRole('button', { name: t('CLAIMS.ACCEPT') }).click();
  await expect(decide).toContainText(t('CLAIMS.ERROR.CREDENTIALS_INVALID'));
  await decide.getByLabel(t('CLAIMS.PASSWORD'), { exact: true }).fill(DEMO_USERS.padaria.password);
  await decide.getByRole('button', { name: t('CLAIMS.ACCEPT') }).click();
  await expect(bakery.getByRole('status').filter({ hasText: t('CLAIMS.DONE.decided') })).toBeVisible();
  await expect(rowOf(bakery, PHONE)).toContainText(t('CLAIMS.STATUS_OF.CONFIRMED'));
  await expect(rowOf(bakery, PHONE)).toContainText(t('CLAIMS.NO_ACTION'));
  await bakeryContext.close();

  // The completion period passes on the bank's clock; both sign in again on it.
  const at = new Date(Date.now() + 7 * DAY_MS + 60 * 60_000);
  const moved = await page.request.post('/sandbox/clock', { data: { at: at.toISOString() } });
  expect(moved.ok()).toBe(true);
  const offsetSeconds = ((await moved.json()) as { data: { offsetSeconds: number } }).data.offsetSeconds;
  const later = await browser.newContext({ baseURL });
  const maria = await later.newPage();
  await maria.clock.install({ time: at });
  const mariaSession = await startSignedIn(maria, MARIA, { route: '/PortabilityPage' });
  await expect(rowOf(maria, PHONE)).toContainText(t('CLAIMS.STATUS_OF.COMPLETED'));
  const before = await balanceCents(maria.request, mariaSession);

  const payer = await later.newPage();
  await startSignedIn(payer, PADARIA, { route: '/PixKey' });
  await payer.getByLabel('Chave Pix', { exact: true }).fill(DEMO_USERS.padaria.phoneMasked);
  await payer.getByRole('button', { name: 'Avançar' }).click();
  await expect(payer.getByLabel('Valor (R$)')).toBeVisible();
  await payer.getByLabel('Valor (R$)').fill('12,34');
  await payer.getByRole('button', { name: 'Avançar' }).click();
  const confirm = payer.getByRole('alertdialog', { name: 'Confirme o Pix' });
  await expect(confirm).toContainText(DEMO_USERS.maria.name);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const code = payer.getByRole('alertdialog', { name: 'Chave de Segurança' });
  await code.getByLabel('Chave de Segurança').fill(
    generateSync({
      secret: DEMO_USERS.padaria.totpSecret,
      epoch: Math.floor(Date.now() / 1000) + offsetSeconds,
    }),
  );
  await code.getByRole('button', { name: 'Confirmar' }).click();
  await expect.poll(() => balanceCents(maria.request, mariaSession), { timeout: 15_000 }).toBe(before + 1234);

  // A finished claim cannot be cancelled.
  await actionOf(maria, 'CANCEL_OF', PHONE).click();
  await expect(maria.getByRole('alertdialog', { name: t('CLAIMS.FINISHED_TITLE') })).toContainText(
    'Processo finalizado. Não é possível efetuar o cancelamento.',
  );
  await later.close();
});

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
]) {
  test(`the grid and the decision dialog are axe-clean at ${size.name}, no sideways scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await startSignedIn(page, MARIA, { route: '/PortabilityPage' });
    await expect(main(page)).toContainText(t('CLAIMS.STATUS_OF.CONFIRMED'));
    await expectAxeClean(page, `claims grid (${size.name})`, WCAG_TAGS);
    await expectNoSidewaysScroll(page, `claims grid (${size.name})`);
    await actionOf(page, 'DECIDE_OF', DEMO_USERS.maria.phone).click();
    await expect(page.getByRole('dialog', { name: t('CLAIMS.DECIDE_TITLE') })).toBeVisible();
    await expectAxeClean(page, `claims decision dialog (${size.name})`, WCAG_TAGS);
  });
}
