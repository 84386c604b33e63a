/**
 * axe in Chromium: the one check every accessibility test makes, failing with a readable list of
 * the serious and critical findings (rule, impact, help and the first elements it found).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the rules the portal is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

export interface AxeScope {
  /**
   * CSS selector of the part scanned (a dialog): the rest of the page is left out, and so are the
   * rules about the whole page (landmarks, the page's heading). Only for a part drawn over a screen
   * that another test scans whole, in the same state of the shell (say which in the call).
   */
  within?: string;
}

/**
 * Runs axe on the page as it is. `tags` narrows the rules (default: every rule axe has, best
 * practices included); `what` names the screen in the failure.
 */
export async function expectAxeClean(
  page: Page,
  what: string,
  tags?: readonly string[],
  { within }: AxeScope = {},
): Promise<void> {
  // Only the violations are collected: axe otherwise gathers every node of every passed and
  // incomplete rule as well, which no check here reads.
  // One axe.run in the page (legacy mode) instead of a partial run per frame finished in a new
  // blank page, which opened a tab and compiled axe's ~0.5 MB script a second time for every scan.
  // The results are the same for a page without cross-origin frames, and the portal draws no frame
  // at all (src/shell/sanitize.ts removes them from what the bank sends).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  if (within) builder = builder.include(within);
  const results = await (tags ? builder.withTags([...tags]) : builder).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`)
          .join(', ')}`,
    );
  expect(serious, `serious or critical axe violations on ${what}`).toEqual([]);
}
