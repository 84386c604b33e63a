/**
 * Accessibility of the access screens and the signed-in shell: axe (WCAG 2.0 A and AA, 2.1 AA)
 * finds no serious or critical violation, in pt-BR and in English.
 */
import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { expect, test } from './support/fixtures';
import { FIRST_ACCESS, MARIA } from './support/demo';
import { lastMail, linkOf, MAIL_SUBJECTS, resetSandbox } from './support/sandbox';
import { startSignedIn } from './support/session';
import { signIn, useLanguage, type Lang } from './support/sign-in';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Runs axe once lazy chunks, queries and the route focus have settled. */
async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectAxeClean(page, what, WCAG_TAGS);
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

    test('/login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await expectLanguage(page);
      await expectNoSeriousViolations(page, `/login (${lang})`);
    });

    test('/login with an error message', async ({ page }) => {
      await signIn(page, MARIA.email, 'Errada@123', lang);
      await expect(
        page.getByText(lang === 'en' ? 'Invalid credentials!' : 'Credenciais inválidas!'),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `/login after a wrong password (${lang})`);
    });

    test('/password/forgot', async ({ page }) => {
      await page.goto('/password/forgot');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectLanguage(page);
      await expectNoSeriousViolations(page, `/password/forgot (${lang})`);
    });

    test('/password/first-login, handed over by a first-access sign-in', async ({ page }) => {
      await signIn(page, FIRST_ACCESS.email, FIRST_ACCESS.password, lang);
      await expect(page).toHaveURL(/\/password\/first-login$/);
      await expect(page.locator('input[type="password"]').first()).toBeVisible();
      await expectNoSeriousViolations(page, `/password/first-login (${lang})`);
    });

    test('/FirstAcess, reached from the e-mailed link', async ({ page, request }) => {
      const mail = await lastMail(request, FIRST_ACCESS.email, MAIL_SUBJECTS.firstAccess);
      await page.goto(linkOf(mail));
      await expect(page).toHaveURL(/\/FirstAcess$/);
      await expect(page.locator('input[type="password"]').first()).toBeVisible();
      // The strict checklist, partly met, is part of what is scanned.
      await page.locator('input[type="password"]').first().fill('abc');
      await expectNoSeriousViolations(page, `/FirstAcess (${lang})`);
    });

    test('/password/change, signed in', async ({ page }) => {
      await startSignedIn(page, MARIA, { lang });
      await page.goto('/password/change');
      await expect(page.locator('input[type="password"]').first()).toBeVisible();
      await page.locator('input[type="password"]').nth(1).fill('abc 1');
      await expectNoSeriousViolations(page, `/password/change (${lang})`);
    });

    test('/password/change-by-code, signed in', async ({ page }) => {
      await startSignedIn(page, MARIA, { lang });
      await page.goto('/password/change-by-code');
      await expect(page.locator('input[type="email"]')).toBeVisible();
      await expectNoSeriousViolations(page, `/password/change-by-code (${lang})`);
      // The 6-digit code dialog, open over the page.
      await page.locator('input[type="email"]').fill(MARIA.email);
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').locator('input')).toBeFocused();
      await expectNoSeriousViolations(page, `/password/change-by-code with the code dialog open (${lang})`);
    });

    test('the signed-in shell with the notification popup open', async ({ page }) => {
      await startSignedIn(page, MARIA, { lang });
      await page.getByRole('button', { name: WAIT[lang].bell }).click();
      const popup = page.getByRole('dialog', { name: WAIT[lang].popup });
      await expect(popup).toBeVisible();
      await expect(popup.getByRole('article').first()).toBeVisible();
      await expectLanguage(page);
      await expectNoSeriousViolations(page, `the shell with the notifications open (${lang})`);
    });
  });
}
