/**
 * The Pix statement, /PixExtractPage, in Chromium against the sandbox bank (issue 17;
 * 3-pix-part-one.md §2 Pix statement, §5 "Statement row actions"; 4-pix-part-two.md §2): only the
 * account's Pix entries are listed (getPixStatement), with the statement's period filter.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { MARIA } from './support/demo';
import { startSignedIn } from './support/session';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const table = (page: Page) => page.getByRole('table', { name: /Lançamentos de/ });
const entryRows = (page: Page) => table(page).locator('[data-entry-row]');

async function openPixStatement(page: Page): Promise<void> {
  await startSignedIn(page, MARIA, { route: '/PixExtractPage' });
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato Pix' })).toBeVisible();
}

test('lists the Pix entries of the period, and only them', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/account(s)?\//.test(r.url()) && /statement/i.test(r.url())) calls.push(r.url());
  });
  await openPixStatement(page);
  await page.getByRole('combobox', { name: 'Período' }).selectOption('3');
  await expect(entryRows(page).filter({ hasText: 'Pix enviado - Loja Virtual Ofertas Ltda' })).toHaveCount(1);
  for (const text of await entryRows(page).allTextContents()) expect(text).toMatch(/Pix|Devolução/);
  expect(calls.every((url) => url.includes('/statementPix?'))).toBe(true);
});
