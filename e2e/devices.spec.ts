/**
 * Trusted devices end to end (issue 30; 4-pix-part-two.md §2 Device list, /autentica, §4, §9): Doce
 * Sabor, signed in from a browser that is none of her devices (whose R$ 200 cap per payment, PIXSEND
 * 82, is sandbox/pix-send.test.ts's 'a device not registered for Pix'), registers this browser on
 * /DeviceList, takes the link and the code from the sandbox's outbox, validates it on /autentica,
 * and a R$ 500 Pix goes through; blocking the device brings the cap back, its refusal shown. Along
 * the way, axe at 360 px and at desktop on the grid, the add dialog and the validation page (one
 * sign-in: the viewport changes, not the test). The rules (alias, single use, expiry, hashes,
 * throttling, cookie lifetimes) are the sandbox's and the validators' unit tests; every state and
 * transition of both flows is played by e2e/paths.spec.ts, the hub's warning that leads to
 * /DeviceList too (pix-hub, toDeviceList).
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { DEMO_USERS, DOCE_SABOR, type Customer } from './support/demo';
import { deviceMail } from './support/devices';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';
import { t } from './support/texts';

const ALIAS = 'Caixa da loja';
const MARIA_KEY = DEMO_USERS.maria.email;

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

/**
 * A Pix of `amount` by e-mail key to Maria, confirmed with Doce Sabor's security code. Each try
 * moves the bank's clock 30 s on first: a code confirms one operation, refused or not.
 */
async function pixToMaria(page: Page, amount: string, step: number): Promise<void> {
  const moved = await page.request.post('/sandbox/clock', {
    data: { at: new Date(Date.now() + step * 30_000).toISOString() },
  });
  expect(moved.ok()).toBe(true);
  const offset = ((await moved.json()) as { data: { offsetSeconds: number } }).data.offsetSeconds;
  await page.goto('/PixKey');
  await page.getByLabel('Chave Pix', { exact: true }).fill(MARIA_KEY);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByLabel('Valor (R$)').fill(amount);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page
    .getByRole('alertdialog', { name: 'Confirme o Pix' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  const code = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  await code.getByLabel('Chave de Segurança').fill(
    generateSync({
      secret: DEMO_USERS.docesabor.totpSecret,
      epoch: Math.floor(Date.now() / 1000) + offset,
    }),
  );
  await code.getByRole('button', { name: 'Confirmar' }).click();
}

/** The bank's wording of PIXSEND 82 starts so (sandbox/http/replies.ts). */
const deviceCap = (page: Page) => page.getByRole('alert').filter({ hasText: /dispositivo/i });
const done = (page: Page) => page.getByRole('dialog', { name: 'Pix realizado' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** axe clean (WCAG tags) and, at 360 px, no sideways scroll. */
async function checkPage(page: Page, what: string): Promise<void> {
  const size = page.viewportSize()?.width === PHONE.width ? '360 px' : 'desktop';
  await expectAxeClean(page, `${what} (${size})`, WCAG_TAGS);
  if (size === '360 px') await expectNoSidewaysScroll(page, `${what} (${size})`);
}

test('Doce Sabor validates this browser with the e-mailed link and code: a R$ 500 Pix goes through; blocking brings the device cap back; axe at 360 px and desktop', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await startSignedIn(page, DOCE_SABOR as Customer, { route: '/DeviceList' });
  await expect(page.getByRole('button', { name: t('DEVICES.ADD') })).toBeEnabled();
  await checkPage(page, 'device list');

  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: t('DEVICES.ADD') }).click();
  const add = page.getByRole('dialog', { name: t('DEVICES.ADD_TITLE') });
  await expect(add).toBeVisible();
  await checkPage(page, 'add dialog');
  await add.getByLabel(t('DEVICES.ALIAS'), { exact: true }).fill(ALIAS);
  // The user name as typed at sign-in (a masked CNPJ), sent with its prefix.
  await add.getByLabel(t('DEVICES.USER'), { exact: true }).fill(DOCE_SABOR.cnpjMasked);
  await add.getByLabel(t('DEVICES.PASSWORD'), { exact: true }).fill(DOCE_SABOR.password);
  await add.getByRole('button', { name: t('DEVICES.ADD_CONFIRM') }).click();
  await expect(page.getByRole('cell', { name: `${ALIAS} (${t('DEVICES.THIS_BROWSER')})` })).toBeVisible();
  await checkPage(page, 'device list');

  const mail = await deviceMail(page, DOCE_SABOR.email);
  await page.setViewportSize(PHONE);
  await page.goto(mail.path);
  await expect(page.getByLabel(t('DEVICES.CODE'), { exact: true })).toBeEditable();
  await checkPage(page, 'validation page');
  await page.getByLabel(t('DEVICES.ALIAS'), { exact: true }).fill(ALIAS);
  await page.getByLabel(t('DEVICES.USER'), { exact: true }).fill(DOCE_SABOR.email);
  await page.getByLabel(t('DEVICES.PASSWORD'), { exact: true }).fill(DOCE_SABOR.password);
  await page.getByLabel(t('DEVICES.CODE'), { exact: true }).fill(mail.code);
  await page.getByRole('button', { name: t('DEVICES.VALIDATE') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('DEVICES.VALIDATED_TEXT') })).toBeVisible();
  // §9: the permanent cookie (1825 days).
  const cookie = (await page.context().cookies()).find((c) => c.name === 'portal_device');
  // The portal asks 1825 days; Chromium keeps a cookie at most 400 days (RFC 6265bis), the bank's
  // record keeps the 1825 (sandbox/devices.test.ts).
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 399 * 86_400);

  await page.setViewportSize(DESKTOP);
  await pixToMaria(page, '500,00', 1);
  await expect(done(page)).toContainText('R$ 500,00');

  // Blocking (with the credentials) brings the cap back at once. (A spent link's return to /login
  // is a path of device-validation in e2e/paths.spec.ts.)
  await page.goto('/DeviceList');
  await expect(page.getByRole('button', { name: t('DEVICES.ADD') })).toBeDisabled();
  await page.getByRole('button', { name: t('DEVICES.BLOCK_OF', { alias: ALIAS }) }).click();
  const block = page.getByRole('dialog', { name: t('DEVICES.BLOCK_TITLE') });
  await block.getByLabel(t('DEVICES.USER'), { exact: true }).fill(DOCE_SABOR.email);
  await block.getByLabel(t('DEVICES.PASSWORD'), { exact: true }).fill(DOCE_SABOR.password);
  await block.getByRole('button', { name: t('DEVICES.BLOCK'), exact: true }).click();
  await expect(page.getByRole('button', { name: t('DEVICES.UNBLOCK_OF', { alias: ALIAS }) })).toBeVisible();
  // This browser's device is blocked: it may register again, and the add dialog is checked at 360 px.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: t('DEVICES.ADD') }).click();
  await expect(page.getByRole('dialog', { name: t('DEVICES.ADD_TITLE') })).toBeVisible();
  await checkPage(page, 'add dialog');

  await page.setViewportSize(DESKTOP);
  await pixToMaria(page, '500,00', 2);
  await expect(deviceCap(page)).toBeVisible();
});
