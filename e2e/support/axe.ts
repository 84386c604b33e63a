/**
 * axe in Chromium: the one check every accessibility test makes, failing with a readable list of
 * the serious and critical findings (rule, impact, help and the first elements it found).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the rules the portal is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/**
 * Runs axe on the page as it is. `tags` narrows the rules (default: every rule axe has, best
 * practices included); `what` names the screen in the failure.
 */
export async function expectAxeClean(page: Page, what: string, tags?: readonly string[]): Promise<void> {
  // Only the violations are collected: axe otherwise gathers every node of every passed and
  // incomplete rule as well, which no check here reads.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
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
