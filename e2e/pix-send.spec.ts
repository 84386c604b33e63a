/**
 * Send by key against the sandbox (issue 16; 3-pix-part-one.md §2 Send menu, Send by key, §4, §8):
 * the send menu's card, a Pix to the bakery's key (internal: 'Transação realizada com sucesso!' and
 * the receipt), a Pix to a key at another institution settled ACSC by the simulated SPI (the
 * polling), the seeded AC03 key rejected with its reason, and axe clean with no sideways scroll at
 * desktop width and 360 px.
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { DEMO_USERS, MARIA } from './support/demo';
import { expect, test } from './support/fixtures';
import { startSignedIn } from './support/session';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

const mariaCode = (): string =>
  generateSync({ secret: DEMO_USERS.maria.totpSecret, epoch: Math.floor(Date.now() / 1000) });

/** Steps 1–3 by e-mail key, then Confirm and the security code. */
async function sendByEmailKey(page: Page, key: string, amount: string): Promise<void> {
  await page.getByRole('radio', { name: 'E-mail' }).check();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByLabel('E-mail').fill(key);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Valor (R$)')).toBeVisible();
  await page.getByLabel('Valor (R$)').fill(amount);
  await page.getByLabel('Descrição (opcional)').fill('Pedido 88');
  await page.getByRole('button', { name: 'Avançar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirme o Pix' });
  await expect(confirm).toContainText(key);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const code = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  await code.getByLabel('Chave de Segurança').fill(mariaCode());
  await code.getByRole('button', { name: 'Confirmar' }).click();
}

test('the send menu offers Pix by key', async ({ page }) => {
  await startSignedIn(page, MARIA, { route: '/PixSend' });
  await page.getByRole('link', { name: /Pix por chave/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pix por chave' })).toBeVisible();
});

test('by key to this bank: internal, settled at once with the receipt; Close goes to /Statement', async ({
  page,
}) => {
  await startSignedIn(page, MARIA, { route: '/PixKey' });
  await sendByEmailKey(page, DEMO_USERS.padaria.email, '12,34');
  const done = page.getByRole('dialog', { name: 'Pix realizado' });
  await expect(done).toContainText('Transação realizada com sucesso!');
  await expect(done).toContainText('R$ 12,34');
  // The dialog's own X and the Close button both send result.close.
  await done.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(page).toHaveURL(/\/Statement$/);
});

test('by key to another institution: polled until ACSC, with the end-to-end id', async ({ page }) => {
  await startSignedIn(page, MARIA, { route: '/PixKey' });
  await sendByEmailKey(page, 'loja.aurora@exemplo.com.br', '5,00');
  const done = page.getByRole('dialog', { name: 'Pix realizado' });
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(done).toContainText(/E99999999\d{12}[a-zA-Z0-9]{11}/);
});

test('a key whose account does not exist: rejected with its reason (AC03)', async ({ page }) => {
  await startSignedIn(page, MARIA, { route: '/PixKey' });
  await sendByEmailKey(page, 'conta.inexistente@exemplo.com.br', '5,00');
  const rejected = page.getByRole('alertdialog', { name: 'Pix não realizado' });
  await expect(rejected).toBeVisible({ timeout: 15_000 });
  await expect(rejected).toContainText('Transação rejeitada. Entre em contato com o suporte do');
  await expect(rejected).toContainText('Motivo: AC03');
});

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
]) {
  test(`axe clean at ${size.name}: the steps and the confirmation, no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await startSignedIn(page, MARIA, { route: '/PixKey' });
    await expect(page.getByRole('radio', { name: 'E-mail' })).toBeVisible();
    await expectAxeClean(page, `Pix key step 1 (${size.name})`, WCAG_TAGS);
    await page.getByRole('radio', { name: 'E-mail' }).check();
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByLabel('E-mail').fill('loja.aurora@exemplo.com.br');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByLabel('Valor (R$)').fill('5,00');
    await expectAxeClean(page, `Pix key step 3 (${size.name})`, WCAG_TAGS);
    await page.getByRole('button', { name: 'Avançar' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Confirme o Pix' })).toBeVisible();
    await expectAxeClean(page, `Pix key confirmation (${size.name})`, WCAG_TAGS);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
