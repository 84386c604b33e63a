/**
 * The infraction report (issue 17; 3-pix-part-one.md §2 Report infraction dialog, §5, §8) against
 * the sandbox, through /PixExtractPage's fraud icon on Maria's seeded Pix to 'Loja Virtual Ofertas
 * Ltda' (12 days ago; no infraction is seeded on it): a report with a small PNG made here is
 * registered with its file, and a second report of the same Pix is closed at once with
 * ALREADY_EXISTS; a file of the wrong type and one over 5 MB are refused in the browser before any
 * call; axe is clean on both steps at 360 px (one test, one start, the whole journey at 360 px).
 */
import type { Page } from '@playwright/test';
import { openReport, reportButton, reportDialog, smallPng } from './bindings/pix-infraction';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { MARIA } from './support/demo';
import { DEVICE_HEADER } from './support/sandbox';
import { startSignedIn, type StoredSession } from './support/session';
import { t } from './support/texts';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const headers = (s: StoredSession) => ({ ...DEVICE_HEADER, Authorization: `Bearer ${s.token}` });
const accountOf = (s: StoredSession) => s.account.accounts[0]?.accountId ?? '';

async function open(page: Page): Promise<StoredSession> {
  const session = await startSignedIn(page, MARIA, { route: '/PixExtractPage', waitFor: 'url' });
  await openReport(page);
  await expect(reportDialog(page)).toContainText(t('PIX_INFRACTION.STEP', { step: 1 }));
  return session;
}

async function toStep2(page: Page): Promise<void> {
  const dialog = reportDialog(page);
  await dialog
    .getByLabel(t('PIX_INFRACTION.DESCRIPTION'))
    .fill('Paguei por um produto que nunca chegou; o site sumiu.');
  await dialog.getByRole('button', { name: t('PIX_INFRACTION.NEXT') }).click();
  await expect(dialog).toContainText(t('PIX_INFRACTION.STEP', { step: 2 }));
}

// One start (each costs seconds of the gate), at 360 px: axe reads step 1, and step 2 with the
// refusals shown and a file listed; then the report is made and made again.
test('at 360 px: a wrong type and a file over 5 MB are refused before any call; a Pix sent reported with a PNG, then a second report closes with ALREADY_EXISTS; axe clean on both steps', async ({
  page,
}) => {
  // Two tests' work (each was 30 s of budget): two axe runs and a report made twice.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const session = await open(page);
  const dialog = reportDialog(page);
  await expect(dialog).toContainText('R$ 89,90');
  await expectAxeClean(page, 'infraction report, step 1 (360 px)', WCAG_TAGS);
  await toStep2(page);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/Infraction/')) uploads.push(r.url());
  });
  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'comprovante.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('só texto'),
  });
  await expect(dialog.getByRole('alert')).toContainText(t('PIX_INFRACTION.ERRORS.FILE_TYPE'));
  const big = Buffer.concat([smallPng(), Buffer.alloc(5 * 1024 * 1024)]);
  await input.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big });
  await expect(dialog.getByRole('alert')).toContainText(t('PIX_INFRACTION.ERRORS.FILE_SIZE'));
  await expect(dialog).toContainText(t('PIX_INFRACTION.NO_FILES'));
  await input.setInputFiles({ name: 'conversa.png', mimeType: 'image/png', buffer: smallPng() });
  await expect(
    dialog.getByRole('button', { name: t('PIX_INFRACTION.REMOVE_FILE', { name: 'conversa.png' }) }),
  ).toBeVisible();
  expect(uploads).toEqual([]);
  await expectAxeClean(page, 'infraction report, step 2 (360 px)', WCAG_TAGS);
  await expectNoSidewaysScroll(page, 'infraction report, step 2 (360 px)');

  await dialog.getByRole('button', { name: t('PIX_INFRACTION.FINISH') }).click();
  // Issue 32: the end names the protocol and the recipient until it is closed.
  const done = page.getByRole('dialog', { name: t('PIX_INFRACTION.REPORTED.TITLE') });
  await expect(done).toContainText(t('PIX_INFRACTION.SUCCESS_FILES', { attached: 1, total: 1 }));
  await expect(done).toContainText(t('PIX_INFRACTION.REPORTED.PROTOCOL'));
  await done
    .getByRole('button', { name: t('PIX_INFRACTION.REPORTED.CLOSE') })
    .last()
    .click();
  await expect(dialog).toHaveCount(0);

  // The bank holds one OPEN infraction with the file, as sent.
  const res = await page.request.get(`/api/Infraction/${accountOf(session)}/GetInfractions`, {
    headers: headers(session),
  });
  const list = (
    (await res.json()) as {
      data: {
        infractionStatus: string;
        infractionDescription: string;
        attachments: { fileName: string; contentType: string; size: number }[];
      }[];
    }
  ).data;
  // The seed has an OPEN report of another Pix too (sandbox/db/seed-med.ts, issue 31).
  const opened = list.filter(
    (i) => i.infractionStatus === 'OPEN' && i.infractionDescription.startsWith('Paguei por um produto'),
  );
  expect(opened).toHaveLength(1);
  expect(opened[0]?.attachments).toEqual([
    expect.objectContaining({ fileName: 'conversa.png', contentType: 'image/png', size: smallPng().length }),
  ]);

  await reportButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: t('PIX_INFRACTION.ALREADY_EXISTS') })).toBeVisible();
  await expect(reportDialog(page)).toHaveCount(0);
});
