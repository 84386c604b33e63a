/**
 * Accessibility of the access screens and the signed-in shell: axe (WCAG 2.0 A and AA, 2.1 AA)
 * finds no serious or critical violation, in pt-BR and in English.
 *
 * Each language has two visits, one page each: the public screens one after another, and the
 * signed-in screens one after another (a step per screen, its scan and its checks unchanged). A
 * test per screen paid a fresh context, a sandbox reset and a first load for every scan (issue 8:
 * 16 tests, 39.9 s of test time with one worker; 4 tests now, see docs/JOURNAL.md "The e2e specs'
 * share").
 */
import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expect, test } from './support/reused-page';
import { FIRST_ACCESS, MARIA } from './support/demo';
import { lastMail, linkOf, MAIL_SUBJECTS, resetSandbox } from './support/sandbox';
import { startSignedIn } from './support/session';
import { submitLogin, useLanguage, type Lang } from './support/sign-in';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/**
 * Runs axe on the screen as it is: each step first waits for what its screen draws last (the
 * form's fields, a message, the open dialog's content), which a screen shows once its lazy chunk,
 * its texts and its queries are in.
 */
async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await expectAxeClean(page, what, WCAG_TAGS);
}

/**
 * Opens `path` inside the running portal, as a link does (wouter follows history.pushState): these
 * scans are about the screens, not about a first load (e2e/first-paint.spec.ts), so a step pays no
 * new document.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** Texts the steps below wait for, per language. */
const WAIT = {
  'pt-BR': { bell: /^Notificações, /, popup: 'Notificações' },
  en: { bell: /^Notifications, /, popup: 'Notifications' },
} as const;

for (const lang of ['pt-BR', 'en'] as const satisfies readonly Lang[]) {
  test.describe(`axe, ${lang}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    const expectLanguage = async (page: Page) => {
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    };

    test('the public screens: /FirstAcess, /login (with an error), /password/forgot, /password/first-login', async ({
      page,
      request,
    }) => {
      // First, while no one has signed in yet in this page.
      await test.step('/FirstAcess, reached from the e-mailed link', async () => {
        const mail = await lastMail(request, FIRST_ACCESS.email, MAIL_SUBJECTS.firstAccess);
        await page.goto(linkOf(mail));
        await expect(page).toHaveURL(/\/FirstAcess$/);
        await expect(page.locator('input[type="password"]').first()).toBeVisible();
        // The strict checklist, partly met, is part of what is scanned.
        await page.locator('input[type="password"]').first().fill('abc');
        await expectNoSeriousViolations(page, `/FirstAcess (${lang})`);
      });

      await test.step('/login', async () => {
        await openInApp(page, '/login');
        await expect(page.getByRole('textbox').first()).toBeVisible();
        await expectLanguage(page);
        await expectNoSeriousViolations(page, `/login (${lang})`);
      });

      await test.step('/login with an error message', async () => {
        await submitLogin(page, MARIA.email, 'Errada@123', lang);
        await expect(
          page.getByText(lang === 'en' ? 'Invalid credentials!' : 'Credenciais inválidas!'),
        ).toBeVisible();
        await expectNoSeriousViolations(page, `/login after a wrong password (${lang})`);
      });

      await test.step('/password/forgot', async () => {
        await openInApp(page, '/password/forgot');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectLanguage(page);
        await expectNoSeriousViolations(page, `/password/forgot (${lang})`);
      });

      await test.step('/password/first-login, handed over by a first-access sign-in', async () => {
        await openInApp(page, '/login');
        await submitLogin(page, FIRST_ACCESS.email, FIRST_ACCESS.password, lang);
        await expect(page).toHaveURL(/\/password\/first-login$/);
        await expect(page.locator('input[type="password"]').first()).toBeVisible();
        await expectNoSeriousViolations(page, `/password/first-login (${lang})`);
      });
    });

    test('the signed-in screens: the shell with the notification popup open, /password/change, /password/change-by-code', async ({
      page,
    }) => {
      await startSignedIn(page, MARIA, { lang });

      await test.step('the signed-in shell with the notification popup open', async () => {
        await page.getByRole('button', { name: WAIT[lang].bell }).click();
        const popup = page.getByRole('dialog', { name: WAIT[lang].popup });
        await expect(popup).toBeVisible();
        await expect(popup.getByRole('article').first()).toBeVisible();
        await expectLanguage(page);
        await expectNoSeriousViolations(page, `the shell with the notifications open (${lang})`);
        // Closed before the next screen, which opens inside the same page.
        await page.keyboard.press('Escape');
        await expect(popup).toBeHidden();
      });

      await test.step('/password/change, signed in', async () => {
        await openInApp(page, '/password/change');
        await expect(page.locator('input[type="password"]').first()).toBeVisible();
        await page.locator('input[type="password"]').nth(1).fill('abc 1');
        await expectNoSeriousViolations(page, `/password/change (${lang})`);
      });

      await test.step('/password/change-by-code, signed in', async () => {
        await openInApp(page, '/password/change-by-code');
        await expect(page.locator('input[type="email"]')).toBeVisible();
        await expectNoSeriousViolations(page, `/password/change-by-code (${lang})`);
        // The 6-digit code dialog, open over the page.
        await page.locator('input[type="email"]').fill(MARIA.email);
        await page.locator('form button[type="submit"]').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByRole('dialog').locator('input')).toBeFocused();
        // The dialog only: the page under it was scanned whole just above, and a dialog
        // (src/ui/dialog.tsx, aria-modal) changes nothing of the page it opens over.
        await expectAxeClean(
          page,
          `/password/change-by-code with the code dialog open (${lang})`,
          WCAG_TAGS,
          {
            within: '[role="dialog"]',
          },
        );
      });
    });
  });
}
