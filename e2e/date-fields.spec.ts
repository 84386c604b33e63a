/**
 * One language at a time (issue #12): the statement's date and month fields, its day headers and
 * its period line follow the portal's language, whatever the browser's. A native date input
 * followed the browser: a Portuguese portal in an English browser showed "November 2026" and
 * `09/01/2026` for 1 September. Each test runs the browser in the other language.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/reused-page';
import { readFileSync } from 'node:fs';
import { typedDate, type PortalLanguage } from './support/dates';
import { startSignedIn } from './support/session';
import { useLanguage } from './support/sign-in';
import { MARIA } from './support/demo';
import { daysBefore, today } from './support/statement';

type Texts = Record<string, Record<string, Record<string, string>>>;
const catalogue = (lng: PortalLanguage) =>
  (JSON.parse(readFileSync(`src/i18n/locales/${lng}/statement.json`, 'utf8')) as Texts)['STATEMENT_SCREEN']!;

const LANGUAGES = {
  'pt-BR': {
    browser: 'en-US',
    months: 'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro',
    monthName: (name: string, year: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${year}`,
    dayHeader:
      /^(domingo|segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|sábado), \d{1,2} de (janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro) de \d{4}$/i,
    placeholder: 'dd/mm/aaaa',
  },
  en: {
    browser: 'pt-BR',
    months: 'January February March April May June July August September October November December',
    monthName: (name: string, year: string) => `${name} ${year}`,
    dayHeader:
      /^(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday), (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
    placeholder: 'mm/dd/yyyy',
  },
} as const;

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const dayHeaders = (page: Page) =>
  page.locator('[data-screen-table] [role="row"] > [role="cell"][aria-colspan="4"]');

for (const lng of ['pt-BR', 'en'] as const) {
  const want = LANGUAGES[lng];
  const t = catalogue(lng);
  test.describe(`portal in ${lng}, browser in ${want.browser}`, () => {
    test.use({ locale: want.browser });

    test('dates are typed, shown and named in the portal language', async ({ page }) => {
      expect(await page.evaluate(() => navigator.language)).toBe(want.browser);
      if (lng !== 'pt-BR') await useLanguage(page, lng);
      // Signed in through the API (sign-in is e2e/access.spec.ts's): the statement is what is looked at.
      await startSignedIn(page, MARIA, { lang: lng });
      await expect(page).toHaveURL(/\/Statement$/, { timeout: 15_000 });
      await expect(page.locator('[data-screen-table]')).toBeVisible();

      // The day headers: weekday, day and month in the portal's words.
      await expect(dayHeaders(page).first()).toBeVisible();
      for (const header of await dayHeaders(page).allTextContents()) expect(header).toMatch(want.dayHeader);

      // The month picker names the months in the portal's language, this month first.
      await page.getByRole('combobox', { name: t['PERIOD']!['LABEL'] }).selectOption('4');
      const picker = page.getByRole('combobox', { name: t['PERIOD']!['MONTH_PICKER'] });
      await expect(picker).toBeEnabled();
      const [year, month] = today().split('-') as [string, string];
      const names = want.months.split(' ');
      const options = await picker.locator('option').allTextContents();
      expect(options[0]).toBe(want.monthName(names[Number(month) - 1]!, year));
      expect(options.at(-1)).toBe(want.monthName(names[0]!, '2020'));

      // A custom period typed digit by digit in the portal's order reaches the bank as ISO days.
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/statement?')) calls.push(r.url());
      });
      await page.getByRole('combobox', { name: t['PERIOD']!['LABEL'] }).selectOption('custom');
      const start = page.getByLabel(t['PERIOD']!['START']!, { exact: true });
      const end = page.getByLabel(t['PERIOD']!['END']!, { exact: true });
      await expect(start).toHaveAttribute('placeholder', want.placeholder);
      const from = daysBefore(today(), 10);
      const to = daysBefore(today(), 1);
      await start.pressSequentially(typedDate(from, lng).replaceAll('/', ''));
      await expect(start).toHaveValue(typedDate(from, lng));
      await end.fill(typedDate(to, lng));
      await page.getByRole('button', { name: t['PERIOD']!['APPLY'] }).click();
      await expect.poll(() => calls.at(-1) ?? '').toContain(`start=${from}`);
      expect(calls.at(-1)).toContain(`ending=${to}`);
      const showing = t['PERIOD']!['SHOWING']!.replace('{{start}}', typedDate(from, lng)).replace(
        '{{end}}',
        typedDate(to, lng),
      );
      await expect(page.getByText(showing, { exact: true })).toBeVisible();

      // A day that is not in the calendar is refused where it was typed.
      await start.fill(lng === 'en' ? '02/30/2026' : '30/02/2026');
      await start.blur();
      await expect(start).toHaveAttribute('aria-invalid', 'true');
    });
  });
}
