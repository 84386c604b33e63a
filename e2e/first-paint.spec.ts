/**
 * The first screen appears at once (issue #12): dist/index.html carries the login form rendered at
 * build time (src/app/prerender.tsx), so it paints before any script runs, and the browser then
 * hydrates that same HTML (src/app/main.tsx) instead of drawing it again. On any other route, and
 * in another language, the inline script of index.html drops it before it is painted, and shows
 * the prerendered loading screen until React draws. The same script asks for the route's files
 * (modulepreload) while the entry script downloads.
 *
 * Each test takes the worker's reused tab (support/reused-page.ts): every page.goto below is a
 * whole first load of the document, from a blank page with no storage, cookie, script or route of
 * the last test; the tests that hold the scripts do it with a route, which turns the browser's
 * cache off, as in a new context. Without scripts is a tab of its own (its options differ).
 */
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { injectSession, sessionOf } from './support/session';
import { useLanguage } from './support/sign-in';

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('/login shows the whole form, styled', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.getByLabel('Usuário', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    // The critical CSS is inline: the fields have their designed height, not the browser's default.
    const box = await page.getByLabel('Usuário', { exact: true }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
  });
});

test('the prerendered form is hydrated: same elements and class names, no error, and it works', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const served = await (await request.get('/login')).text();
  const prerendered = /<div id="root">([\s\S]*?)<\/div>\s*<script>/.exec(served)?.[1] ?? '';
  const classes = [...prerendered.matchAll(/class="([^"]*)"/g)].map((m) => m[1]);
  expect(classes.length).toBeGreaterThan(10);

  // Marks the prerendered form before the scripts run: hydration keeps the element, a fresh render
  // would replace it.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.querySelector('#root form')?.setAttribute('data-from-html', '');
    });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root form[data-from-html]')).toHaveCount(1);
  const live = await page
    .locator('#root [class]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('class')));
  expect(live).toEqual(expect.arrayContaining(classes));
  expect(errors).toEqual([]);

  // The hydrated form answers: the validation of the user field runs.
  await page.getByLabel('Usuário', { exact: true }).fill(MARIA.email);
  await page.getByLabel('Senha', { exact: true }).fill(MARIA.password);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
});

test('another route never shows the prerendered login form', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { rootAtParse: number }).rootAtParse =
        document.getElementById('root')?.childElementCount ?? -1;
    });
  });
  await page.goto('/password/forgot');
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { rootAtParse: number }).rootAtParse)).toBe(0);
});

test('in English the Portuguese prerender is dropped and the English form drawn', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { rootAtParse: number }).rootAtParse =
        document.getElementById('root')?.childElementCount ?? -1;
    });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { rootAtParse: number }).rootAtParse)).toBe(0);
  await expect(page.getByText('Entrar', { exact: true })).toHaveCount(0);
});

test('what is typed before the scripts arrive is kept and signs in', async ({ page, request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
  // Holds every script until the form has been filled, as on a slow phone (or as a password
  // manager fills a form at once).
  let release: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Usuário', { exact: true }).fill(MARIA.email);
  await page.getByLabel('Senha', { exact: true }).fill(MARIA.password);
  release();
  const submit = page.getByRole('button', { name: 'Entrar' });
  await expect(submit).toBeEnabled({ timeout: 15_000 });
  await expect(page.getByLabel('Usuário', { exact: true })).toHaveValue(MARIA.email);
  await submit.click();
  await expect(page).toHaveURL(/\/Statement$/, { timeout: 15_000 });
});

test('a signed-in route asks for its files as soon as the HTML is read, before any script ran', async ({
  page,
}) => {
  await injectSession(page, await sessionOf(page));
  // Holds every script, as on a slow phone link: the requests below come from the HTML alone.
  let release: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/Statement', { waitUntil: 'commit' });
  // Its page and the shell, which the route table would otherwise reach one lazy import at a time.
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/statement-page-"]')).toHaveCount(1);
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/app-shell-"]')).toHaveCount(1);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato' })).toBeVisible({ timeout: 15_000 });
});

test('without a session a protected route asks for none of its files', async ({ page }) => {
  await page.goto('/Statement', { waitUntil: 'domcontentloaded' });
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(preloaded.some((href) => /statement-page|app-shell/.test(href))).toBe(false);
  await expect(page).toHaveURL(/\/login$/);
});

test('another route paints the loading screen from the HTML, until React draws', async ({ page }) => {
  await injectSession(page, await sessionOf(page));
  let release: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/Statement', { waitUntil: 'commit' });
  const loading = page.getByRole('status').filter({ hasText: 'Carregando a página' });
  // No script has run: this comes from index.html, outside #root (React neither hydrates nor clears it).
  await expect(loading).toBeVisible();
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato' })).toBeVisible({ timeout: 15_000 });
  await expect(loading).toHaveCount(0);
});
