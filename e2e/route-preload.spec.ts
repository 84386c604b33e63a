/**
 * In-app navigation asks for a route's files in one wave (issue 12 follow-up): the route map of
 * index.html (scripts/route-preload.ts) is called by the router on every navigation through its
 * window hook (src/runtime/preload-route.ts), in place of Vite's per-import preload lists, which the
 * build no longer writes into the entry chunk (vite.config.ts, 2.6 KB gz of /login's first load).
 *
 * How it is proven: once the navigation starts, every script response is held back, as on a slow
 * phone link where nothing arrives for a while. The files the route needs (read from the build's
 * manifest: its page, its actors, the shell for the first protected page, the area texts, and
 * everything they import) must all be asked for while nothing has arrived: none waits for another
 * one to be downloaded and run. Then they are let through and the page draws, with no failed file.
 *
 * Each test takes the worker's reused tab (support/reused-page.ts), resting on a blank page with
 * nothing of the last test: every load below is still a whole first load of the document, and the
 * route that watches the scripts turns the browser's cache off (Playwright does, for any route),
 * so every file the page needs is asked for over the network and seen here, as in a new context.
 */
import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { patternPath, readRouteMap, routeLoads } from '../scripts/first-load';
import type { Manifest } from '../scripts/route-preload';
import { DEFAULT_LANGUAGE } from '../src/i18n/languages';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';
import { submitLogin } from './support/sign-in';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
const manifest = JSON.parse(
  readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8'),
) as Record<string, ManifestChunk>;

/** The file names (no folder) of `keys` and of everything they import statically. */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest (run npx vite build)`);
    const file = chunk.file.replace(/^assets\//, '');
    if (files.has(file)) return;
    files.add(file);
    (chunk.imports ?? []).forEach(add);
  };
  keys.forEach(add);
  return files;
}

/**
 * The default language's catalogue parts /Statement names (src/app/flows.ts, issue 26) and the
 * shell's: a page loads those, not every area's.
 */
const localePart = (part: string) => `src/i18n/locales/pt-BR/${part}.json`;
const statementTexts = ['statement', 'pix', 'payments', 'recipients', 'errors-movements', 'shell-menu'].map(
  localePart,
);

/** The file name (no folder) of a script's URL. */
const fileOf = (url: string) => new URL(url).pathname.replace(/^.*\/assets\//, '');

/**
 * Records every script the page asks for; from `hold()` on, keeps their responses back until
 * `release()`. The scripts answered, and the failed answers, are collected too.
 */
async function watchScripts(page: Page) {
  const asked: string[] = [];
  const answered: string[] = [];
  const failed: string[] = [];
  const held: Route[] = [];
  let holding = false;
  page.on('response', (response) => {
    if (!/\/assets\/.*\.js$/.test(response.url())) return;
    answered.push(fileOf(response.url()));
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.route('**/assets/*.js', async (route) => {
    asked.push(fileOf(route.request().url()));
    if (holding) held.push(route);
    else await route.continue();
  });
  return {
    asked,
    answered,
    failed,
    hold: () => {
      holding = true;
      return asked.length;
    },
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Waits until no new script has been asked for during half a second (the wave is complete). */
async function settled(asked: string[]) {
  let count = -1;
  await expect
    .poll(
      () => {
        const same = asked.length === count;
        count = asked.length;
        return same;
      },
      { intervals: [500], timeout: 10_000 },
    )
    .toBe(true);
}

test('signing in asks for the shell, the statement page, its actors and texts at once', async ({ page }) => {
  const scripts = await watchScripts(page);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  const before = new Set(scripts.asked);

  scripts.hold();
  await submitLogin(page, MARIA.email, MARIA.password);
  await expect(page).toHaveURL(/\/Statement$/);
  await settled(scripts.asked);
  const needed = closure([
    'src/shell/app-shell.tsx',
    'src/features/statement/statement-page.tsx',
    'src/app/actors/statement-actors.ts',
    ...statementTexts,
  ]);
  const missing = [...needed].filter((file) => !before.has(file) && !scripts.asked.includes(file));
  expect(missing, 'asked for only after an earlier file arrived').toEqual([]);
  // Another area's texts are not part of the statement's first load.
  const topup = manifest[localePart('topup')]?.file.replace(/^assets\//, '');
  expect(topup && scripts.asked.some((file) => file.endsWith(topup))).toBe(false);

  await scripts.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato' })).toBeVisible();
  expect(scripts.failed).toEqual([]);
});

test('a menu link asks for the page, its actors and their imports at once', async ({ page }) => {
  const scripts = await watchScripts(page);
  await startSignedIn(page);
  await page.waitForLoadState('networkidle');
  const before = new Set(scripts.asked);

  scripts.hold();
  await page.getByRole('navigation').getByRole('link', { name: 'Pix', exact: true }).click();
  await expect(page).toHaveURL(/\/Pix$/);
  await settled(scripts.asked);
  const needed = closure(['src/features/pix/pix-hub-page.tsx', 'src/app/actors/pix-actors.ts']);
  const missing = [...needed].filter((file) => !before.has(file) && !scripts.asked.includes(file));
  expect(missing, 'asked for only after an earlier file arrived').toEqual([]);
  // The page's own imports were new to this page: the wave did more than fetch one chunk.
  expect(scripts.asked.length - before.size).toBeGreaterThan(1);

  await scripts.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Pix', exact: true })).toBeVisible();
  expect(scripts.failed).toEqual([]);
});

/**
 * The bundle budgets (scripts/bundle-budget.ts) count, per route, the entry's files and what the
 * route map of index.html asks for (scripts/first-load.ts). A first load in the browser must fetch
 * every one of them (nothing counted is left unused) and nothing else before the page has drawn
 * (nothing it needs escapes the count).
 */
const loads = routeLoads(
  readRouteMap(readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8')),
  manifest as Manifest,
  DEFAULT_LANGUAGE,
);
const counted = (path: string) => {
  const load = loads.find((l) => patternPath(l.pattern) === path);
  if (!load) throw new Error(`${path} is not in the route map`);
  return load.files.map((file) => file.replace(/^assets\//, '')).sort();
};

for (const [path, heading] of [
  ['/Statement', 'Extrato'],
  ['/Pix', 'Pix'],
  ['/PixKey', 'Pix por chave'],
  ['/Payment', 'Pagamento de contas'],
  // A page that names its texts: its own part and the two it draws, not the area catalogues.
  ['/PixMEDPage', 'Infrações (MED)'],
] as const) {
  test(`a signed-in first load of ${path} fetches exactly the files its budget counts`, async ({ page }) => {
    const scripts = await watchScripts(page);
    await startSignedIn(page, MARIA, { route: path });
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    const drawn = [...new Set(scripts.asked)].sort();
    expect(
      drawn.filter((file) => !counted(path).includes(file)),
      'fetched to draw, not counted',
    ).toEqual([]);
    // Every counted file is fetched, and every fetched one answered, without an error: waited for
    // as they come (the page's idle network would add half a second of silence to each load).
    await expect
      .poll(() => counted(path).filter((file) => !scripts.asked.includes(file)), {
        message: 'counted, never fetched',
      })
      .toEqual([]);
    await expect
      .poll(() => scripts.asked.filter((file) => !scripts.answered.includes(file)), {
        message: 'fetched, never answered',
      })
      .toEqual([]);
    expect(scripts.failed).toEqual([]);
  });
}

test('a first load of /login fetches exactly the files its budget counts', async ({ page }) => {
  const scripts = await watchScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...new Set(scripts.asked)].sort()).toEqual(counted('/login'));
});
