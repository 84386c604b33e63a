/**
 * Issue 32 (10): at 360 and 390 px no fixed or floating element (the chat button, the sticky top
 * bar, a toast) covers an interactive one, on every route that has a screen. The routes are the
 * app's route table as the build wrote it into index.html's route map (scripts/route-preload.ts),
 * so a new page is checked the day it is registered.
 *
 * Each interactive element is brought into view the way the browser brings a focused one
 * (`scrollIntoView`, nearest edge: the worst place, the viewport's bottom edge, for one below the
 * fold; a page's last controls can go no further) and must be what is hit at its centre, unless
 * what is hit there is not a fixed or sticky layer (a styled checkbox over its input is no cover).
 * While a modal dialog is open, its controls are the ones checked.
 * WCAG 2.2 2.4.11 asks the same of a focused element.
 *
 * One tab, signed in once: the protected routes are opened inside the running portal (history
 * navigation, as a menu link does), both widths on each.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { patternPath, readRouteMap } from '../scripts/first-load';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';

const WIDTHS = [360, 390] as const;
const HEIGHT = 740;

/**
 * Routes with no screen of their own: /Logout signs out and goes to /login; /autentica without
 * its token (the e-mailed link is what opens a screen) goes to /login with the link's message.
 */
const NO_SCREEN = new Set(['/logout', '/autentica']);

const routeMap = readRouteMap(readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8'));
const screens = routeMap.routes
  .map(([pattern, isProtected]) => ({ path: patternPath(pattern), isProtected: isProtected === 1 }))
  .filter(({ path }) => !path.includes(':') && !NO_SCREEN.has(path.toLowerCase()));

/**
 * In the page: every visible interactive element whose centre, once scrolled into view, is hit by
 * a fixed or sticky layer that is not its own. Returns 'element ← cover' lines.
 */
function coveredElements(): string[] {
  const layerOf = (el: Element | null): Element | null => {
    for (let e = el; e; e = e.parentElement) {
      const position = getComputedStyle(e).position;
      if (position === 'fixed' || position === 'sticky') return e;
    }
    return null;
  };
  const name = (el: Element) => {
    const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '';
    const text = label.trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${text}"`;
  };
  const selector = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    '[tabindex]:not([tabindex="-1"])',
    '[role=button]',
    '[role=link]',
    '[role=tab]',
    '[role=checkbox]',
    '[role=radio]',
    '[role=switch]',
    '[role=combobox]',
  ].join(',');
  // An open modal dialog (a tutorial that opens by itself) covers the page on purpose: then only
  // its own controls are reachable, and they are the ones checked.
  const modals = [...document.querySelectorAll('[aria-modal="true"], dialog[open]')].filter((d) =>
    d.checkVisibility(),
  );
  const scope = modals.at(-1) ?? document;
  const found: string[] = [];
  for (const el of scope.querySelectorAll(selector)) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const before = el.getBoundingClientRect();
    // A visually hidden native input (1 px, clipped) is drawn by its label.
    if (before.width < 2 || before.height < 2) continue;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    // Out of reach of any scroll (a closed drawer's links): not on the screen.
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === el || el.contains(hit)) continue;
    const layer = layerOf(hit);
    if (layer && !layer.contains(el)) found.push(`${name(el)} ← ${name(layer)}`);
  }
  window.scrollTo(0, 0);
  return found;
}

/** Waits for the route's screen (its h1, or the login form), then checks both phone widths. */
async function checkRoute(page: Page, path: string): Promise<void> {
  await expect(page.locator('main h1, h1').first()).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await expect
      .poll(() => page.evaluate(coveredElements), {
        message: `${path} at ${width} px: interactive elements covered by a fixed or floating element`,
        timeout: 4_000,
      })
      .toEqual([]);
  }
}

/** Opens `path` inside the running portal (as a link does), then checks it. */
async function openAndCheck(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
  }, path);
  await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === path.toLowerCase());
  await checkRoute(page, path);
}

test('at 360 and 390 px no fixed or floating element covers an interactive one, on every route with a screen', async ({
  page,
}) => {
  test.slow();
  expect(screens.length, 'the route map lists the routes').toBeGreaterThan(20);
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await page.goto('/login');
  for (const { path } of screens.filter((s) => !s.isProtected)) {
    await test.step(path, () => openAndCheck(page, path));
  }
  await startSignedIn(page, MARIA);
  for (const { path } of screens.filter((s) => s.isProtected)) {
    await test.step(path, () => openAndCheck(page, path));
  }
});
