/**
 * Receiving a digital check by QR code in Chromium against the sandbox bank (2-money-movement.md
 * §2 Receive by QR code, §5 QR field, §7 POST /payments DigitalCheck; issue 14): a check the bank
 * issues on Padaria Pão Dourado's account (POST /sandbox/cheques) is redeemed by Maria through
 * /Receive, credited to her and debited from the bakery once, with its receipt and PDF; the same
 * check pasted again is refused with the bank's message and nothing moves; an altered check is
 * refused as such. axe clean and no sideways scrolling at 1280 px and 360 px (the tutorial, the
 * form and the confirmation).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { PADARIA, MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { balanceCents } from './support/sandbox';
import { apiSignIn, startSignedIn, type StoredSession } from './support/session';

/** A check of `amount` reais the bank draws on `issuer`'s account; its QR JSON, as a reader shows it. */
async function issueCheck(
  request: APIRequestContext,
  issuer: StoredSession,
  amount: number,
): Promise<string> {
  const res = await request.post('/sandbox/cheques', {
    data: { issuerAccountId: issuer.account.accounts[0]?.accountId, amount },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { qr } = ((await res.json()) as { data: { qr: string } }).data;
  return JSON.stringify(JSON.parse(qr), null, 2);
}

const tutorial = (page: Page) => page.getByRole('dialog', { name: 'Como receber um cheque digital' });
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Confirmar recebimento' });
const doneDialog = (page: Page) => page.getByRole('dialog', { name: 'Cheque recebido' });
const qrField = (page: Page) => page.getByLabel('Conteúdo do QR Code', { exact: true });
const next = (page: Page) =>
  page.getByRole('form', { name: 'Receber por QR Code' }).getByRole('button', { name: 'Próximo' });

/** The page at `width` px: no sideways scrolling, axe clean. */
async function expectCleanAt(page: Page, width: number, what: string): Promise<void> {
  await expectNoSidewaysScroll(page, `no sideways scrolling at ${width} px (${what})`);
  await expectAxeClean(page, `${what} at ${width} px`);
}

/** Pastes a QR, goes through the confirmation and confirms. */
test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

test('a check issued by the bakery is redeemed by Maria once: receipt, PDF, Finish → /Statement; a second time it is refused', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const padaria = await apiSignIn(request, PADARIA.email, PADARIA.password);
  const qr = await issueCheck(request, padaria, 42.37);
  const s = await startSignedIn(page, MARIA, { route: '/Receive' });
  const [mariaBefore, padariaBefore] = [await balanceCents(request, s), await balanceCents(request, padaria)];

  // The tutorial is shown on arrival; its four steps page forwards and back, 'Entendi' closes it.
  await expect(tutorial(page).getByRole('heading', { name: 'Passo 1 de 4' })).toBeVisible();
  await expectCleanAt(page, 1280, 'the tutorial');
  for (const n of [2, 3, 4]) {
    await tutorial(page).getByRole('button', { name: 'Próximo' }).click();
    await expect(tutorial(page).getByRole('heading', { name: `Passo ${n} de 4` })).toBeVisible();
  }
  await tutorial(page).getByRole('button', { name: 'Voltar' }).click();
  await expect(tutorial(page).getByRole('heading', { name: 'Passo 3 de 4' })).toBeVisible();
  await tutorial(page).getByRole('button', { name: 'Próximo' }).click();
  await tutorial(page).getByRole('button', { name: 'Entendi' }).click();
  await expect(tutorial(page)).toHaveCount(0);

  // §5 in order, as the holder types: Next stays disabled until the QR reads as a check.
  await expect(next(page)).toBeDisabled();
  await qrField(page).fill('{"value": 42.37');
  await expect(page.getByText('Erro ao formatar o QR Code!')).toBeVisible();
  await qrField(page).fill('[]');
  await expect(page.getByText('Formato de QR Code inválido!')).toBeVisible();
  await qrField(page).fill('{"qrCodeData": "CHQ1"}');
  await expect(page.getByText('Value é obrigatório')).toBeVisible();
  await qrField(page).fill('{"value": "0,00", "qrCodeData": "CHQ1"}');
  await expect(page.getByText('O valor deve ser maior que zero', { exact: true })).toBeVisible();
  await qrField(page).fill('{"value": 42.37}');
  await expect(page.getByText('QR Code Data é obrigatório')).toBeVisible();
  await expect(next(page)).toBeDisabled();

  // The value is read-only, with two decimals.
  await qrField(page).fill(qr);
  const value = page.getByLabel('Valor (R$)', { exact: true });
  await expect(value).toHaveValue('42,37');
  await expect(value).toHaveAttribute('readonly', '');
  await expectCleanAt(page, 1280, '/Receive with a QR pasted');
  await next(page).click();
  const confirm = confirmDialog(page);
  await expect(confirm).toContainText('Saldo da carteira');
  await expect(confirm).toContainText(MARIA.name);
  // Who issued it, as the bank's lookup answered (issue 32 item 7).
  await expect(confirm).toContainText(PADARIA.name);
  await expect(confirm).toContainText('R$ 42,37');
  await expectCleanAt(page, 1280, 'the confirmation');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();

  const done = doneDialog(page);
  await expect(done).toContainText('R$ 42,37');
  await expect(done).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  const download = page.waitForEvent('download');
  await done.getByRole('button', { name: 'Baixar comprovante (PDF)' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^comprovante-cheque-.+\.pdf$/);
  const bytes = await (await import('node:fs/promises')).readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await done.getByRole('button', { name: 'Concluir' }).click();
  await expect(page).toHaveURL(/\/Statement$/);
  expect((await balanceCents(request, s)) - mariaBefore).toBe(4237);
  expect(padariaBefore - (await balanceCents(request, padaria))).toBe(4237);

  // The same check again, through the screen: the bank's message, the QR kept, nothing moves.
  await page.goto('/Receive');
  await tutorial(page).getByRole('button', { name: 'Pular tutorial' }).click();
  // Refused at Next, by the bank's lookup of the issuer: no confirmation of a used check (issue 32).
  await qrField(page).fill(qr);
  await next(page).click();
  await expect(confirmDialog(page)).toHaveCount(0);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Este cheque digital já foi utilizado.' }),
  ).toBeVisible();
  await expect(qrField(page)).toHaveValue(qr);
  expect((await balanceCents(request, s)) - mariaBefore).toBe(4237);
  expect(padariaBefore - (await balanceCents(request, padaria))).toBe(4237);
});

test('at 360 px: an altered check is refused as such and nothing moves; axe clean', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const padaria = await apiSignIn(request, PADARIA.email, PADARIA.password);
  const qr = await issueCheck(request, padaria, 10);
  const s = await startSignedIn(page, MARIA, { route: '/Receive' });
  const before = await balanceCents(request, s);
  await expect(tutorial(page)).toBeVisible();
  await expectCleanAt(page, 360, 'the tutorial');
  await page.keyboard.press('Escape');
  await expect(tutorial(page)).toHaveCount(0);
  // Same signature, a larger value: the bank's check does not verify.
  const altered = qr.replace(/"value": 10\b/, '"value": 1000');
  expect(altered).not.toBe(qr);
  await qrField(page).fill(altered);
  await expect(page.getByLabel('Valor (R$)', { exact: true })).toHaveValue('1.000,00');
  await expectCleanAt(page, 360, '/Receive with a QR pasted');
  await next(page).click();
  await expectCleanAt(page, 360, 'the confirmation');
  await confirmDialog(page).getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'o QR Code não confere com um cheque emitido pelo banco' }),
  ).toBeVisible();
  await expectCleanAt(page, 360, 'the refusal');
  expect(await balanceCents(request, s)).toBe(before);
});
