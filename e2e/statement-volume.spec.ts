/**
 * The statement with 5,000 entries ("Empresa Volume", seeded for this test only), in Chromium:
 * rendered, searched, scrolled and exported correctly. Its timing budgets (long tasks, export
 * times) are measured by `npm run bench` (e2e/bench/), repeated on a quiet machine: on a loaded
 * one they say more about the load than about the portal.
 */
import { expect, test } from './support/reused-page';
import { playVolumeStatement, VOLUME_ENTRIES } from './support/volume';

// Without Playwright's trace recording, which snapshots the page and copies every response (the
// report is 2.9 MB) on the same cores.
test.use({ trace: 'off', screenshot: 'off' });

test('5,000 entries render, filter, scroll and export complete', async ({ page, request }) => {
  test.setTimeout(120_000);
  const run = await playVolumeStatement(page, request);
  test.info().annotations.push({ type: 'timings (ms)', description: JSON.stringify(run) });
  expect(run.rows).toBeGreaterThan(VOLUME_ENTRIES);
  expect(run.searchRows).toBeGreaterThan(0);
  expect(run.searchRows).toBeLessThan(run.rows);
  expect(run.firstMatch).toMatch(/Pix enviado/i);
  expect(run.scrollTop).toBeGreaterThan(0);
  expect(run.rowsAfterScroll).toBeGreaterThan(0);
  expect(run.exports.Excel.head.slice(0, 2)).toBe('PK');
  expect(run.exports.PDF.head.slice(0, 5)).toBe('%PDF-');
  expect(run.ofxItems).toBeGreaterThanOrEqual(VOLUME_ENTRIES);
});
