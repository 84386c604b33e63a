/**
 * The MED list against the sandbox (issue 31; 4-pix-part-two.md §2 Infractions, §4, §8; the MED
 * timeline of docs/domain-notes.md): what only a browser shows, the rules being the sandbox's
 * (sandbox/med.test.ts, sandbox/sim/med.property.test.ts) and the view's tests. Maria cancels her
 * open report, sees a received report's origin, contests her Pix to the online shop from the list;
 * the bank's clock moves a week and a day, the receiver's bank has accepted and the refund is in
 * her Pix statement. Along the way (one sign-in: the viewport changes, not the test), the list is
 * axe clean at desktop and 360 px, a report's detail at desktop, the contest's choice at 360 px
 * (full screen). The path bindings (e2e/bindings/pix-med.ts) play every state and transition of
 * the flow.
 */
import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { DAY_MS } from './support/dates';
import { MARIA } from './support/demo';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { apiSignIn, SESSION_STORAGE_KEY, startSignedIn } from './support/session';
import { entryRows } from './support/statement';
import { t } from './support/texts';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const SHOP = 'Loja Virtual Ofertas Ltda';
const main = (page: Page) => page.getByRole('main');
/** The grid's rows with a cell of exactly each text ('Aberta' is also in 'Notificação aberta'). */
const rowsWith = (page: Page, ...texts: string[]) =>
  texts.reduce(
    (rows, text) => rows.filter({ has: page.getByRole('cell', { name: text, exact: true }) }),
    main(page).getByRole('row'),
  );

test('Maria cancels a report, reads a received one, contests a Pix; a week later the refund is in her statement; axe clean on the list at desktop and 360 px, the detail at desktop, the contest at 360 px', async ({
  page,
}) => {
  // Four screens, four axe runs, a report, a sign-in after the clock moved and the statement: slow
  // on a loaded machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await startSignedIn(page, MARIA, { route: '/PixMEDPage' });
  const opened = t('PIX_MED.ORIGINS.opened');
  await expect(
    main(page)
      .getByRole('button', { name: new RegExp(`^${t('PIX_MED.VIEW')}`) })
      .first(),
  ).toBeVisible();
  await expectAxeClean(page, 'MED list (desktop)', WCAG_TAGS);
  await expectNoSidewaysScroll(page, 'MED list (desktop)');

  // She cancels her open report, after the question.
  const open = rowsWith(page, t('PIX_MED.STATUSES.OPEN'), opened);
  await expect(open).toHaveCount(1);
  await open.getByRole('button', { name: new RegExp(`^${t('PIX_MED.CANCEL')}`) }).click();
  await page
    .getByRole('alertdialog', { name: t('PIX_MED.CANCEL_TITLE') })
    .getByRole('button', { name: t('PIX_MED.CANCEL_YES') })
    .click();
  await expect(page.getByRole('status').filter({ hasText: t('PIX_MED.CANCELLED') })).toBeVisible();
  await expect(rowsWith(page, t('PIX_MED.STATUSES.OPEN'), opened)).toHaveCount(0);

  // A report another institution made about a Pix she received says so, and offers no cancel.
  const received = rowsWith(page, t('PIX_MED.ORIGINS.received'), t('PIX_MED.STATUSES.AWAITING')).first();
  await expect(received.getByRole('button', { name: new RegExp(`^${t('PIX_MED.CANCEL')}`) })).toHaveCount(0);
  await received.getByRole('button', { name: new RegExp(`^${t('PIX_MED.VIEW')}`) }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(t('PIX_MED.DETAIL_TITLE', { id: '\\d+' })) });
  await expect(detail).toContainText(t('PIX_MED.ORIGINS.received'));
  await expect(detail).toContainText(t('PIX_MED.TX_VALUE'));
  await expect(detail).toContainText(t('PIX_MED.TRANSACTION'));
  await expectAxeClean(page, 'MED detail (desktop)', WCAG_TAGS);
  await detail
    .getByRole('button', { name: t('PIX_MED.CLOSE') })
    .last()
    .click();

  // On a phone: the list, and the contest's choice, full screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAxeClean(page, 'MED list (360 px)', WCAG_TAGS);
  await expectNoSidewaysScroll(page, 'MED list (360 px)');

  // The self-service contest: the Pix to the shop, reported as fraud.
  await main(page)
    .getByRole('button', { name: t('PIX_MED.CONTEST') })
    .click();
  const contest = page.getByRole('dialog', { name: t('PIX_MED.CONTEST_TITLE') });
  await expect(contest).toContainText(SHOP);
  await expectAxeClean(page, 'MED contest (360 px)', WCAG_TAGS);
  // Back to desktop: the rows read below are the grid's (a phone shows cards).
  await page.setViewportSize({ width: 1280, height: 800 });
  await contest
    .getByRole('button', { name: new RegExp(`${t('PIX_MED.CONTEST_PICK_SHORT')} .*${SHOP}`) })
    .click();
  const report = page.getByRole('dialog', { name: new RegExp(t('PIX_INFRACTION.TITLE')) });
  await report
    .getByLabel(t('PIX_INFRACTION.DESCRIPTION'))
    .fill('Comprei na loja virtual e o produto nunca chegou.');
  await report.getByRole('button', { name: t('PIX_INFRACTION.NEXT') }).click();
  await report.getByRole('button', { name: t('PIX_INFRACTION.FINISH') }).click();
  // Issue 32: the report ends on its protocol, closed by the customer.
  const done = page.getByRole('dialog', { name: t('PIX_INFRACTION.REPORTED.TITLE') });
  await expect(done).toContainText(t('PIX_INFRACTION.REPORTED.PROTOCOL'));
  await done
    .getByRole('button', { name: t('PIX_INFRACTION.REPORTED.CLOSE') })
    .last()
    .click();
  await expect(page.getByRole('status').filter({ hasText: t('PIX_MED.REPORTED') })).toBeVisible();
  await expect(rowsWith(page, t('PIX_MED.STATUSES.OPEN'), opened)).toHaveCount(1);

  // A week and a day later (the bank's clock and the browser's): accepted on the receiver's
  // seventh day, the money back 24 h after.
  const at = new Date(Date.now() + 8 * DAY_MS + 60 * 60_000).toISOString();
  expect((await page.request.post('/sandbox/clock', { data: { at } })).ok()).toBe(true);
  await page.clock.install({ time: new Date(at) });
  const session = await apiSignIn(page.request, MARIA.email, MARIA.password);
  await page.evaluate(([key, json]) => sessionStorage.setItem(key, json), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  await page.goto('/PixMEDPage');
  const contested = rowsWith(page, t('PIX_MED.STATUSES.CLOSED'), opened).first();
  await contested.getByRole('button', { name: new RegExp(`^${t('PIX_MED.VIEW')}`) }).click();
  await expect(detail).toContainText(t('PIX_MED.RESULTS.AGREED'));
  await expect(detail).toContainText('R$ 89,90');
  await detail
    .getByRole('button', { name: t('PIX_MED.CLOSE') })
    .last()
    .click();

  await page.goto('/PixExtractPage');
  await expect(entryRows(page).filter({ hasText: `Devolução MED recebida - ${SHOP}` })).toHaveCount(1);
});
