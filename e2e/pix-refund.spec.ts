/**
 * The Pix refund dialog against the sandbox (issue 17; 4-pix-part-two.md §2 refund dialog, §5
 * Refund, §8 Refund; 3-pix-part-one.md §5 Statement row actions): Maria's seeded Pix received from
 * Carlos Souza (R$ 250,00, R$ 100,00 already refunded; sandbox/db/seed-statement.ts) is refunded
 * in part, then the rest, each return settled by the simulated SPI, and its refund icon
 * disappears; a value above what is left is refused on input; when another tab refunded the rest
 * meanwhile, the bank's PIXRECV 96 is shown in Portuguese, the value typed is kept and nothing
 * moves; axe is clean on the open dialog at 360 px, a value refused (in the first journey, played
 * at 360 px).
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO_USERS } from '../demo/users';
import { openRefundRow, REFUND_ROW, refundDialog, refundIcon, valueField } from './bindings/pix-refund';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { entryRows } from './support/statement';
import { startSignedIn } from './support/session';
import { errorText, t } from './support/texts';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const PERIOD_MS = 30_000;

/**
 * Maria's security code `offset` steps from now. The bank accepts one step of drift either way
 * and never a step at or before the last one used, so a test's codes go -1, 0, +1. Not in the
 * last 2 s of a step: the bank must read the code in the step it was made for.
 */
async function code(page: Page, offset: -1 | 0 | 1): Promise<string> {
  if (Date.now() % PERIOD_MS > PERIOD_MS - 2_000) await page.waitForTimeout(2_100);
  const step = Math.floor(Date.now() / PERIOD_MS) + offset;
  return generateSync({ secret: DEMO_USERS.maria.totpSecret, epoch: step * (PERIOD_MS / 1000) });
}

const codeDialog = (page: Page) => page.getByRole('alertdialog', { name: t('SECURITY_CODE_DIALOG.TITLE') });

async function open(page: Page): Promise<void> {
  await startSignedIn(page, MARIA, { route: '/PixExtractPage' });
  await openRefundRow(page);
}

/** Types `value`, confirms and types the security code. */
async function refund(page: Page, value: string, offset: -1 | 0 | 1): Promise<void> {
  await valueField(page).fill(value);
  await refundDialog(page)
    .getByRole('button', { name: t('PIX.REFUND.CONFIRM') })
    .click();
  await codeDialog(page)
    .getByLabel(t('SECURITY_CODE_DIALOG.LABEL'))
    .fill(await code(page, offset));
  await codeDialog(page)
    .getByRole('button', { name: t('SECURITY_CODE_DIALOG.CONFIRM') })
    .click();
}

/**
 * The return settled (ACSC through the simulated SPI, its answer brought forward while the dialog
 * polls, so no test waits the SPI's 2 s): the receipt, then Close.
 */
async function expectSettledAndClose(page: Page, amount: RegExp): Promise<void> {
  await expect(page.getByRole('dialog', { name: t('PIX.REFUND.RESULT.SETTLING_TITLE') })).toBeVisible();
  expect((await page.request.post('/sandbox/spi/advance', { data: { seconds: 2 } })).ok()).toBe(true);
  const done = page.getByRole('dialog', { name: t('PIX.REFUND.RESULT.SETTLED_TITLE') });
  await expect(done.getByRole('status')).toHaveText(t('PIX.REFUND.RESULT.SETTLED'), { timeout: 15_000 });
  await expect(done).toContainText(amount);
  await expect(done).toContainText(/D\d{20}/);
  await done
    .getByRole('button', { name: t('PIX.REFUND.RESULT.CLOSE') })
    .last()
    .click();
  await expect(done).toHaveCount(0);
}

// At 360 px, so that axe reads the open dialog there with a refused value shown (one start for both).
test('at 360 px: refunds part, then the rest, and the refund icon disappears; above what is left is refused on input; axe clean on the open dialog', async ({
  page,
}) => {
  // Two tests' work (each was 30 s of budget): two refunds settled and an axe run.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page);
  await refundIcon(page).click();
  await expect(refundDialog(page)).toContainText(/R\$\s150,00/);
  await refund(page, '50,00', -1);
  await expectSettledAndClose(page, /R\$\s50,00/);

  // The list was read again: R$ 100,00 left, and a refund debit to Carlos is on the statement.
  await expect(entryRows(page).filter({ hasText: 'Devolução Pix enviada - Carlos Souza' })).not.toHaveCount(
    0,
  );
  await refundIcon(page).click();
  await expect(refundDialog(page)).toContainText(/R\$\s100,00/);
  await valueField(page).fill('100,01');
  await expect(refundDialog(page).getByText(t('PIX.REFUND.ERRORS.LIMIT'))).toBeVisible();
  await expect(valueField(page)).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page, 'refund dialog at 360 px', WCAG_TAGS);
  await refund(page, '100,00', 0);
  await expectSettledAndClose(page, /R\$\s100,00/);

  await expect(entryRows(page).filter({ hasText: REFUND_ROW })).toHaveCount(1);
  await expect(refundIcon(page)).toHaveCount(0);
});

test('another tab refunded the rest meanwhile: PIXRECV 96 in Portuguese, the value kept, nothing moved', async ({
  page,
}) => {
  await open(page);
  await refundIcon(page).click();
  await valueField(page).fill('150,00');

  const other = await page.context().newPage();
  await open(other);
  await refundIcon(other).click();
  await refund(other, '150,00', -1);
  await expectSettledAndClose(other, /R\$\s150,00/);
  await expect(refundIcon(other)).toHaveCount(0);
  await other.close();

  await refund(page, '150,00', 0);
  const dialog = refundDialog(page);
  await expect(dialog.getByRole('alert')).toHaveText(errorText('PIXRECV', 96));
  await expect(valueField(page)).toHaveValue('150,00');
  await dialog.getByRole('button', { name: t('PIX.REFUND.CANCEL') }).click();
  // The statement was read again: the entry is fully refunded, once.
  await expect(refundIcon(page)).toHaveCount(0);
  await expect(entryRows(page).filter({ hasText: 'Devolução Pix enviada - Carlos Souza' })).toHaveCount(2);
});
