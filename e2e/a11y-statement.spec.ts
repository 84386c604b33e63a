import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expect, test } from './support/reused-page';
import { MARIA } from './support/demo';
import { startSignedIn } from './support/session';
import { useLanguage, type Lang } from './support/sign-in';

/**
 * axe in Chromium (colour contrast included, which jsdom cannot check) on the statement screen,
 * a receipt and the export dialog, in pt-BR and English: no serious or critical violation.
 */
const expectNoSeriousViolations = (page: Page, what: string, within?: string) =>
  expectAxeClean(page, what, WCAG_TAGS, { within });

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

for (const lang of ['pt-BR', 'en'] as const satisfies readonly Lang[]) {
  test(`statement, receipt and export dialog (${lang})`, async ({ page }) => {
    // Three axe runs, CPU-bound: with a worker per core they need more than 30 s on a busy machine.
    test.slow();
    await useLanguage(page, lang);
    await startSignedIn(page, MARIA, { lang });
    const table = page.getByRole('table');
    await expect(table.locator('[data-entry-row]').first()).toBeVisible();
    await expectNoSeriousViolations(page, `the statement (${lang})`);

    await table.locator('[data-entry-row] button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The dialogs only: the page under them was scanned whole above, and a dialog (src/ui/dialog.tsx,
    // aria-modal) changes nothing of the page it opens over.
    await expectNoSeriousViolations(page, `a receipt (${lang})`, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('button', { name: lang === 'pt-BR' ? 'EXPORTAR' : /EXPORT/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, `the export dialog (${lang})`, '[role="dialog"]');
  });
}
