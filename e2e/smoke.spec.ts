import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';

/** The foundation: the sandbox serves the built portal and a working API on one port. */
test.describe('sandbox serves the portal and the API', () => {
  test('the SPA loads at /login', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('main')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the login call with a demo login returns a token', async ({ request }) => {
    const response = await request.post('/api/login', {
      form: { username: MARIA.email, password: MARIA.password, cookie: '' },
      headers: { deviceId: 'WEB' },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { token: string; accounts: { accountId: string }[] } };
    expect(body.data.token).toMatch(/\S{16,}/);
    expect(body.data.accounts[0]?.accountId).toBeTruthy();
  });

  test('a wrong password is refused with code 20', async ({ request }) => {
    const response = await request.post('/api/login', {
      form: { username: MARIA.email, password: 'errada', cookie: '' },
      headers: { deviceId: 'WEB' },
    });
    expect(response.ok()).toBe(false);
    const body = (await response.json()) as { error?: { code?: number } };
    expect(body.error?.code).toBe(20);
  });
});

/**
 * The worker's reused tab (support/reused-page.ts): a test after one that ran the fake clock
 * ahead (a path's timer step) reads the real time, as the session warning's countdown needs.
 */
test.describe('the reused tab', () => {
  test.describe.configure({ mode: 'serial' });

  test('a test runs the fake clock a minute ahead', async ({ page }) => {
    await page.goto('/login');
    await page.clock.install();
    await page.clock.fastForward(60_000);
    expect((await page.evaluate(() => Date.now())) - Date.now()).toBeGreaterThan(55_000);
  });

  test('the next test in the same tab reads the real time', async ({ page }) => {
    await page.goto('/login');
    expect(Math.abs((await page.evaluate(() => Date.now())) - Date.now())).toBeLessThan(5_000);
  });
});
