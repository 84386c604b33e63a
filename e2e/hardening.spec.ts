/**
 * Issue #10 in the browser: the portal cannot be framed by another origin, its Content-Security-
 * Policy leaves the portal working (no violation on the main screens), and a locked sign-in says how long to wait and works again once the lock is over.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './support/reused-page';
import { MARIA, PADARIA } from './support/demo';
import { DEVICE_HEADER, resetSandbox } from './support/sandbox';
import { expectSignedIn, signIn, submitLogin } from './support/sign-in';
import { inlineHashes, nginxHeaders } from '../sandbox/http/security-headers';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** A tiny site on another origin (another port of 127.0.0.1) whose page frames `target`. */
async function framingSite(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/own') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>own</title><p id="own">a page of this site</p>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>attacker</title>` +
        `<iframe id="victim" src="${target}" width="800" height="600"></iframe>` +
        `<iframe id="control" src="/own" width="200" height="100"></iframe>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}

/** CSP violations reported on the console while `run` goes. */
async function cspViolations(page: Page, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text()))
      seen.push(`${m.text()} (${m.location().url}, on ${page.url()})`);
  });
  await run();
  return seen;
}

test('a page on another origin cannot frame /login', async ({ page, baseURL }) => {
  const site = await framingSite(`${baseURL}/login`);
  try {
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto(site.url);
    // The control frame (same site) loads, so a frame that stays empty is the policy at work.
    await expect(page.frameLocator('#control').locator('#own')).toHaveText('a page of this site');
    await expect
      .poll(() => blocked.length, { message: 'Chromium reports the refused frame' })
      .toBeGreaterThan(0);
    await expect(page.frameLocator('#victim').getByLabel('Usuário', { exact: true })).toHaveCount(0);
    await expect(page.frameLocator('#victim').getByRole('button', { name: 'Entrar' })).toHaveCount(0);
  } finally {
    await new Promise((done) => site.server.close(done));
  }
});

test('the portal works under its policy: no CSP violation on login, statement, notifications and audit', async ({
  page,
}) => {
  // Padaria: Maria's seeded hostile notification (an onerror handler) is refused by the policy as it
  // should be, which would show here as a violation.
  const violations = await cspViolations(page, async () => {
    await signIn(page, PADARIA.email, PADARIA.password);
    await expectSignedIn(page, PADARIA.name);
    await page.getByRole('button', { name: /^Notificações, / }).click();
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/auditoria');
    await expect(page.getByTestId('audit-chart').first()).toBeVisible();
  });
  expect(violations).toEqual([]);
  // styled-components' rules apply (a button of the portal has its designed look, not the default).
  await page.goto('/login');
  const radius = await page
    .getByRole('button', { name: 'Entrar', exact: true })
    .evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
  expect(radius).not.toBe('0px');
});

test('five wrong passwords lock the sign-in with the waiting time; after the lock it signs in', async ({
  page,
  request,
}) => {
  // Four failures through the API; each growing delay (Retry-After) goes by as the bank's rows are
  // aged by its test route, as if a person had waited it out.
  const waitOut = async (seconds: number) =>
    expect((await request.post('/sandbox/age-throttles', { data: { seconds } })).status()).toBe(200);
  for (let i = 0; i < 4; i++) {
    for (;;) {
      const res = await request.post('/api/login', {
        headers: DEVICE_HEADER,
        form: { username: MARIA.email, password: 'Errada@123', cookie: '' },
      });
      if (res.status() !== 429) {
        expect(res.status()).toBe(422);
        break;
      }
      const wait = Number(res.headers()['retry-after']);
      expect(wait).toBeLessThan(60);
      await waitOut(wait + 1);
    }
  }
  // The fourth failure's delay (4 s, sandbox/sim/throttle.ts) before the fifth try in the portal.
  await waitOut(5);
  // The fifth, in the portal: a wrong password, then the lock's message with its wait.
  await signIn(page, MARIA.email, 'Errada@123');
  await expect(page.getByText('Credenciais inválidas!')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill(MARIA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(
    page.getByText('Muitas tentativas seguidas. Por segurança, tente novamente em 15 min.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Fifteen minutes later (the bank's rows aged by its test route), the right password signs in.
  const aged = await request.post('/sandbox/age-throttles', { data: { seconds: 15 * 60 } });
  expect(aged.status()).toBe(200);
  await submitLogin(page, MARIA.email, MARIA.password);
  await expectSignedIn(page, MARIA.name);
});

test("docs/deploy.md: the headers made with the build are the ones served; the page's policy lacks none of the build's hashes", async ({
  request,
  baseURL,
}) => {
  // Issue 27: the page said the build had no inline block and gave a policy that, copied into
  // nginx, blocked the preloader script and the prerendered page's style.
  const indexHtml = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8');
  const served = (await request.get(`${baseURL}/login`)).headers()['content-security-policy'] ?? '';
  expect(served).not.toBe('');
  // The same directives, whatever the separator's spacing (helmet writes ';' without a space).
  const directives = (policy: string) =>
    policy
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d !== '');
  const made = /^add_header Content-Security-Policy "([^"]*)" always;$/m.exec(
    nginxHeaders({ indexHtml }),
  )?.[1];
  expect(directives(made ?? '')).toEqual(directives(served));
  const hashes = inlineHashes(indexHtml);
  expect(hashes.scripts.length).toBeGreaterThan(0);
  expect(hashes.styles.length).toBeGreaterThan(0);
  const page = readFileSync(new URL('../docs/deploy.md', import.meta.url), 'utf8');
  const written = [...page.matchAll(/Content-Security-Policy:?\s+"?(default-src [^"\n]*)/g)].map((m) => m[1]);
  expect(written.length).toBeGreaterThan(0);
  for (const policy of written) {
    const filled = (policy ?? '')
      .replace("'sha256-<the build's inline script>'", hashes.scripts.join(' '))
      .replace("'sha256-<the build's inline style>'", hashes.styles.join(' '));
    expect(directives(filled)).toEqual(directives(served));
  }
});
