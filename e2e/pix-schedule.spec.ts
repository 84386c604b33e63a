/**
 * Scheduled Pix (issue 28; 4-pix-part-two.md §2 /PixShedulingPage): what only a browser shows end
 * to end. Two Pix are scheduled from /PixKey for two days ahead (one the balance covers, one it does
 * not), the grid lists them, the bank's clock moves to their day and the grid shows one paid (and
 * the statement its debit) and the other not made, with why. Then the seeded pending schedule is
 * deleted after the question, and the grid and its dialogs are axe-clean at 360 px and desktop (one
 * visit that resizes). The grid's states, paging and refusals are the path tests'
 * (e2e/bindings/pix-schedules.ts); the runner's rules are sandbox/pix-schedules.test.ts's.
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { MARIA_RECIPIENTS } from '../sandbox/db/seed-recipients';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { DAY_MS, saoPauloToday, typedDate } from './support/dates';
import { DEMO_USERS, MARIA } from './support/demo';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { apiSignIn, SESSION_STORAGE_KEY, startSignedIn, sessionOf } from './support/session';
import { authHeaders } from './bindings/support';
import { entryRows } from './support/statement';
import { t } from './support/texts';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const ACADEMIA = MARIA_RECIPIENTS.findIndex((r) => r.nickname === 'Academia') + 1;
const grid = (page: Page) => page.getByRole('main').getByRole('table');

let lastStep = 0;

const SCHEDULE_ROUTE = `/PixKey?recipient=${ACADEMIA}&schedule=1`;

/** Schedules a Pix of `amount` to the Academia recipient for `day`, through /PixKey (open). */
async function scheduleFromPixKey(page: Page, amount: string, day: string): Promise<void> {
  await page.getByLabel('Valor (R$)').fill(amount);
  await page.getByRole('button', { name: 'Avançar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirme o Pix' });
  await confirm.getByLabel('Data do Pix', { exact: true }).fill(typedDate(day));
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const code = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  // The bank takes a code (a 30 s step) once and one step of drift: a second Pix within the same
  // step types the next step's code.
  const now = Math.floor(Date.now() / 30_000);
  lastStep = now > lastStep ? now : lastStep + 1;
  await code
    .getByLabel('Chave de Segurança')
    .fill(generateSync({ secret: DEMO_USERS.maria.totpSecret, epoch: lastStep * 30 }));
  await code.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pix agendado com sucesso!' })).toBeVisible();
}

test('scheduled from /PixKey, listed, run by the bank on its day: one paid and in the statement, one not made for balance', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const day = saoPauloToday(2 * DAY_MS);
  await startSignedIn(page, MARIA, { route: SCHEDULE_ROUTE });
  await scheduleFromPixKey(page, '7,13', day);
  await page.goto(SCHEDULE_ROUTE);
  await scheduleFromPixKey(page, '90.000,00', day);
  // The runner checks the day limit before the balance (issue 28): Maria's day total goes up to the
  // ceiling, R$ 100.000, in force 24 h from now (before the schedules' day), so the second one
  // (R$ 90.000,00, with the first R$ 7,13 of the day still under it) is refused for what it is,
  // the balance.
  const session = await sessionOf(page, MARIA);
  const raised = await page.request.post(
    `/api/account/${session.account.accounts[0]?.accountId}/pix-limits`,
    {
      headers: authHeaders(session),
      data: { daytimeValue: 100_000, nighttimeValue: 1_000 },
    },
  );
  expect(raised.status(), 'requestPixLimitAdjustment').toBe(200);

  await page.goto('/PixShedulingPage');
  const [y, m, d] = day.split('-');
  const pending = grid(page)
    .getByRole('row')
    .filter({ hasText: `${d}/${m}/${y}` });
  await expect(pending).toHaveCount(2);
  await expect(pending.filter({ hasText: 'R$ 7,13' })).toContainText(t('PIX_SCHEDULES.STATUS_PENDING'));
  // The receipt: the weekday and date, the recipient, the value, the id.
  await pending
    .filter({ hasText: 'R$ 7,13' })
    .getByRole('button', { name: /^Comprovante/ })
    .click();
  const receipt = page.getByRole('dialog', { name: t('PIX_SCHEDULES.RECEIPT_TITLE') });
  const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  await expect(receipt).toContainText(weekday);
  await expect(receipt).toContainText('Bruno Oliveira Lima');
  await expect(receipt).toContainText('R$ 7,13');

  // The bank's clock on the day, 08:00 in São Paulo (the runner sends from 07:00); the browser's
  // with it, so the statement's period holds the day. She signs in again on that clock (the
  // session's 30 minutes are long past).
  const at = `${day}T08:00:00-03:00`;
  expect((await page.request.post('/sandbox/clock', { data: { at } })).ok()).toBe(true);
  await page.clock.install({ time: new Date(at) });
  const again = await apiSignIn(page.request, MARIA.email, MARIA.password);
  await page.evaluate(([key, json]) => sessionStorage.setItem(key, json), [
    SESSION_STORAGE_KEY,
    JSON.stringify(again),
  ] as const);
  await page.goto('/PixShedulingPage');
  const ran = grid(page)
    .getByRole('row')
    .filter({ hasText: `${d}/${m}/${y}` });
  await expect(ran.filter({ hasText: 'R$ 7,13' })).toContainText(t('PIX_SCHEDULES.STATUS_SENT'));
  const notMade = ran.filter({ hasText: 'R$ 90.000,00' });
  await expect(notMade).toContainText(t('PIX_SCHEDULES.STATUS_FAILED'));
  await expect(notMade).toContainText(t('PIX_SCHEDULES.FAILURE.BALANCE'));
  await expect(notMade.getByRole('button', { name: /^Excluir/ })).toHaveCount(0);

  await page.goto('/Statement');
  await expect(entryRows(page).filter({ hasText: '7,13' }).first()).toBeVisible();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
] as const;

// One visit that resizes: the grid and the receipt at each size, then the question at each size,
// and the delete once.
test('axe clean at desktop and 360 px, no sideways scroll: the grid, the receipt, the delete question; delete after the question', async ({
  page,
}) => {
  test.slow();
  const [desktop, phone] = SIZES;
  await page.setViewportSize(desktop);
  await startSignedIn(page, MARIA, { route: '/PixShedulingPage' });
  const main = page.getByRole('main');
  // Maria's seed: a pending Pix far ahead, and one that failed for balance, saying why.
  await expect(main).toContainText(t('PIX_SCHEDULES.FAILURE.BALANCE'));
  await expect(main).toContainText(t('PIX_SCHEDULES.STATUS_PENDING'));
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectAxeClean(page, `scheduled Pix grid (${size.name})`, WCAG_TAGS);
    await expectNoSidewaysScroll(page, `scheduled Pix grid (${size.name})`);
    await main
      .getByRole('button', { name: /^Comprovante/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: t('PIX_SCHEDULES.RECEIPT_TITLE') })).toBeVisible();
    await expectAxeClean(page, `scheduled Pix receipt (${size.name})`, WCAG_TAGS);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('PIX_SCHEDULES.CLOSE'), exact: true })
      .last()
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await main.getByRole('button', { name: /^Excluir/ }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Deseja realmente excluir esse agendamento?');
  await expectAxeClean(page, `scheduled Pix delete question (${phone.name})`, WCAG_TAGS);
  await page.setViewportSize(desktop);
  await expectAxeClean(page, `scheduled Pix delete question (${desktop.name})`, WCAG_TAGS);
  await question.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('status').filter({ hasText: t('PIX_SCHEDULES.DELETED') })).toBeVisible();
  await expect(main).not.toContainText(t('PIX_SCHEDULES.STATUS_PENDING'));
  await expect(main).toContainText(t('PIX_SCHEDULES.STATUS_FAILED'));
});
