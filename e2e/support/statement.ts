/**
 * The statement screen as the e2e specs drive it: signed in through the API, the entries table,
 * the search box and the custom period, and São Paulo dates.
 */
import type { Page } from '@playwright/test';
import { saoPauloToday, typedDate } from './dates';
import { DEMO_USERS, MARIA, type Customer } from './demo';
import { startSignedIn } from './session';

/** Empresa Volume: seeded only by a reset with `bulkEntries` (e2e/support/volume.ts). */
export const VOLUME: Customer = DEMO_USERS.volume;

/** Today in São Paulo, YYYY-MM-DD. */
export const today = (): string => saoPauloToday();

export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/**
 * Opens /Statement signed in as `who` through the API (startSignedIn: these tests are not about
 * signing in), waiting for the URL only, and longer: a bulk statement is slow to come.
 */
export async function openStatement(page: Page, who: Customer = MARIA): Promise<void> {
  await startSignedIn(page, who, { waitFor: 'url', timeout: 15_000 });
}

export const table = (page: Page) => page.getByRole('table', { name: /Lançamentos de/ });
export const entryRows = (page: Page) => table(page).locator('[data-entry-row]');
export const search = (page: Page) => page.getByRole('searchbox', { name: 'Buscar no extrato' });

export async function customPeriod(page: Page, start: string, end: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Período' }).selectOption('custom');
  await page.getByLabel('Data inicial').fill(typedDate(start));
  await page.getByLabel('Data final').fill(typedDate(end));
  await page.getByRole('button', { name: 'Filtrar' }).click();
}
