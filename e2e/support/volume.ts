/**
 * The 5,000-entry statement ("Empresa Volume", seeded for one reset only) played in Chromium: render
 * 120 days, search, scroll, and export each format. One scenario, two readers:
 * - e2e/statement-volume.spec.ts (the gate) checks what it produced: every row there, the search
 *   finds, the scroll shows rows, each file complete;
 * - e2e/bench/statement-volume.bench.ts (`npm run bench`) repeats it and compares the long tasks
 *   and export times with their budgets, which a loaded machine must not turn into a red gate.
 */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { typedDate } from './dates';
import {
  customPeriod,
  daysBefore,
  entryRows,
  openStatement,
  search,
  table,
  today,
  VOLUME,
} from './statement';

export const VOLUME_ENTRIES = 5000;

export interface VolumeRun {
  /** aria-rowcount of the 120-day table. */
  rows: number;
  /** Long tasks (ms) while rendering, filtering and scrolling. */
  render: number[];
  filter: number[];
  scroll: number[];
  /** Rows shown after the search 'pix env', and the text of the first one. */
  searchRows: number;
  firstMatch: string;
  /** Rows drawn after scrolling down. */
  rowsAfterScroll: number;
  scrollTop: number;
  /** Per format: the portal's part (bank's answer to file) and click-to-file ms, and the file. */
  exports: Record<'Excel' | 'PDF' | 'OFX', { portal: number; total: number; bytes: number; head: string }>;
  /** <STMTTRN> items of the OFX file. */
  ofxItems: number;
}

export async function playVolumeStatement(page: Page, request: APIRequestContext): Promise<VolumeRun> {
  const bulk = await request.post('/sandbox/reset', { data: { bulkEntries: VOLUME_ENTRIES } });
  expect(bulk.ok(), `POST /sandbox/reset { bulkEntries: ${VOLUME_ENTRIES} }`).toBe(true);
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await openStatement(page, VOLUME);
  await expect(table(page)).toBeVisible({ timeout: 15_000 });
  const takeLongTasks = () =>
    page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[] };
      const out = [...w.__longTasks];
      w.__longTasks = [];
      return out;
    });
  await takeLongTasks();

  await customPeriod(page, daysBefore(today(), 119), today());
  await expect(table(page)).toHaveAttribute('aria-rowcount', /^\d{4,}$/, { timeout: 30_000 });
  const rows = Number(await table(page).getAttribute('aria-rowcount'));
  const render = await takeLongTasks();

  await search(page).pressSequentially('pix env', { delay: 30 });
  await expect(entryRows(page).first()).toContainText(/Pix enviado/i);
  const filter = await takeLongTasks();
  const searchRows = Number(await table(page).getAttribute('aria-rowcount'));
  const firstMatch = (await entryRows(page).first().textContent()) ?? '';
  await search(page).fill('');
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(rows));
  await takeLongTasks();

  const body = page.locator('[data-statement-body]');
  for (let i = 0; i < 20; i++) {
    await body.evaluate((el) => {
      el.scrollTop += 4000;
    });
    await page.waitForTimeout(16);
  }
  const scroll = await takeLongTasks();
  const scrollTop = await body.evaluate((el) => el.scrollTop);
  const rowsAfterScroll = await entryRows(page).count();

  // Each export of the same 120 days. The budget (2 s) is the portal's part: from the bank's
  // answer to the file, which takes in the writer's chunk on first use and the writing. The
  // whole click-to-file time, the report call included, is kept beside it.
  const exports = {} as VolumeRun['exports'];
  let ofxItems = 0;
  for (const format of ['Excel', 'PDF', 'OFX'] as const) {
    await page.getByRole('button', { name: 'EXPORTAR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar extrato' });
    await dialog.getByRole('radio', { name: 'Período personalizado' }).check();
    await dialog.getByLabel('Data inicial').fill(typedDate(daysBefore(today(), 119)));
    await dialog.getByLabel('Data final').fill(typedDate(today()));
    const started = Date.now();
    const answered = page
      .waitForResponse((r) => r.url().includes('/reportStatement'), { timeout: 20_000 })
      .then(async (r) => {
        await r.finished();
        return Date.now();
      });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      dialog.getByRole('button', { name: format }).click(),
    ]);
    const done = Date.now();
    const file = readFileSync(await download.path());
    exports[format] = {
      portal: done - (await answered),
      total: done - started,
      bytes: file.length,
      head: file.subarray(0, 8).toString('latin1'),
    };
    if (format === 'OFX') ofxItems = file.toString('latin1').match(/<STMTTRN>/g)?.length ?? 0;
    await expect(dialog).toHaveCount(0);
  }
  return {
    rows,
    render,
    filter,
    scroll,
    searchRows,
    firstMatch,
    rowsAfterScroll,
    scrollTop,
    exports,
    ofxItems,
  };
}
