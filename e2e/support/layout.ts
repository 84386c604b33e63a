/**
 * The phone-width check every screen makes (every screen works from 360 px up): the page never
 * scrolls sideways. Polled, not read once: after `setViewportSize` a media-query switch (a table
 * becoming a list) re-renders a moment later, and a single read can catch the old layout (a
 * deposit list at 360 px was read once mid-switch and failed while the page was right).
 */
import { expect, type Page } from '@playwright/test';

/** The page is no wider than the viewport, once the layout for this width has settled. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `no sideways scrolling: ${what} (px wider than the viewport)`,
    })
    .toBeLessThanOrEqual(0);
}
