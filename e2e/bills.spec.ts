/**
 * Bill payment in Chromium against the sandbox bank (2-money-movement.md §2 Bill payment, §5
 * Barcode and Bill amount, §7, §8; issue 14 Proof): a seeded overdue bank slip pasted whole and a
 * utility typed block by block, each paid end to end with a security code computed by otplib from
 * Maria's seeded secret, the debit checked in the bank's own balance; the overdue slip shows its
 * fine and interest; the same bill paid twice is refused with the bank's message; a code that
 * fails locally makes no call; axe clean and no sideways scroll at 1280 px and 360 px.
 *
 * Bills are read from /sandbox/bills.json (the sandbox seeds them relative to today).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { fromSaoPauloWallTime, saoPauloParts } from '../clock/sao-paulo';
import { listedBills, type ListedBill } from './bindings/bill-payment';
import { expectAxeClean } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { DEMO_USERS, MARIA } from './support/demo';
import { expect, test } from './support/reused-page';
import { DEVICE_HEADER } from './support/sandbox';
import { startSignedIn, type StoredSession } from './support/session';

const mariaCode = (bankAheadMs = 0): string =>
  generateSync({ secret: DEMO_USERS.maria.totpSecret, epoch: Math.floor((Date.now() + bankAheadMs) / 1000) });

/**
 * By night in São Paulo an individual's bill payments are held to R$ 1,000 (issue 28, TRANSFER
 * 113): a test paying more puts the bank's clock at 12:00 of the same São Paulo day and makes its
 * codes for that clock (how far it moved, in ms). The next reset puts the clock back.
 */
async function bankByDay(request: APIRequestContext): Promise<number> {
  const now = new Date();
  const { hour, year, month, day } = saoPauloParts(now);
  if (hour >= 6 && hour < 20) return 0;
  const noon = fromSaoPauloWallTime(year, month, day, 12);
  expect((await request.post('/sandbox/clock', { data: { at: noon.toISOString() } })).ok()).toBe(true);
  return noon.getTime() - now.getTime();
}

const brl = (amount: number): string =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(amount);
/** An amount as the screen writes it, matched literally (Intl puts a no-break space after R$). */
const money = (amount: number): RegExp =>
  new RegExp(
    brl(amount)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s/u, '\\s'),
  );

const auth = (s: StoredSession) => ({ ...DEVICE_HEADER, Authorization: `Bearer ${s.token}` });
const accountOf = (s: StoredSession): string => s.account.accounts[0]?.accountId ?? '';

async function balanceCents(request: APIRequestContext, s: StoredSession): Promise<number> {
  const res = await request.get(`/api/client/${accountOf(s)}/balance`, { headers: auth(s) });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { balances: { balanceType: string; amount: number }[] } };
  return Math.round((body.data.balances.find((b) => b.balanceType === 'REAL')?.amount ?? Number.NaN) * 100);
}

/** The bank's details of a bill (POST /bills), to compare with what the dialog shows. */
async function detailsOf(request: APIRequestContext, s: StoredSession, line: string) {
  const res = await request.post('/api/bills', {
    headers: auth(s),
    data: { document: line, payingAccount: { accountId: accountOf(s) } },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { paymentDetails: Record<string, number> } }).data.paymentDetails;
}

async function pick(request: APIRequestContext, match: (b: ListedBill) => boolean): Promise<ListedBill> {
  const bill = (await listedBills(request)).find(match);
  if (!bill) throw new Error('bill not in the registry');
  return bill;
}

const block = (page: Page, n: number, total: number): Locator =>
  page.getByRole('textbox', { name: `Bloco ${n} de ${total}`, exact: true });
const details = (page: Page) => page.getByRole('dialog', { name: 'Detalhes da conta' });
const codeDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Chave de Segurança' });

/** Pastes `text` into a block, as a clipboard paste does. */
async function paste(target: Locator, text: string): Promise<void> {
  await target.focus();
  await target.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Pay → the security code → the success view. */
async function payWithCode(page: Page, bankAheadMs = 0): Promise<void> {
  await details(page).getByRole('button', { name: 'Pagar' }).click();
  await expect(codeDialog(page)).toBeVisible();
  await codeDialog(page).getByLabel('Chave de Segurança').fill(mariaCode(bankAheadMs));
  await codeDialog(page).getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Pagamento realizado com sucesso.' }),
  ).toBeVisible();
}

/** The page at `width` px: no sideways scrolling, axe clean. */
async function expectCleanAt(page: Page, width: number, what: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, `no sideways scrolling at ${width} px`);
  await expectAxeClean(page, `${what} at ${width} px`);
}

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

test('an overdue bank slip pasted whole: fine and interest shown, paid with the code, one debit', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The overdue slip is above the night cap.
  const bankAheadMs = await bankByDay(request);
  const s = await startSignedIn(page, MARIA, { route: '/Payment' });
  const bill = await pick(
    request,
    (b) => b.kind === 'BOLETO' && b.state === 'overdue' && b.minimum === undefined && !b.depositFor,
  );
  const charged = await detailsOf(request, s, bill.typeableLine);
  expect(charged['fine'], 'the seeded overdue slip charges a fine').toBeGreaterThan(0);
  expect(charged['interest'], 'and interest').toBeGreaterThan(0);
  const before = await balanceCents(request, s);
  await expectCleanAt(page, 1280, '/Payment');

  // The printed line (dots and spaces) pasted into the first block is spread over the five.
  const printed = `${bill.typeableLine.slice(0, 5)}.${bill.typeableLine.slice(5, 10)} ${bill.typeableLine.slice(10, 15)}.${bill.typeableLine.slice(15, 21)} ${bill.typeableLine.slice(21, 26)}.${bill.typeableLine.slice(26, 32)} ${bill.typeableLine[32]} ${bill.typeableLine.slice(33)}`;
  await paste(block(page, 1, 5), printed);
  await expect(block(page, 1, 5)).toHaveValue(printed.split(' ')[0] ?? '');
  await expect(block(page, 5, 5)).toHaveValue(bill.typeableLine.slice(33));
  await page.getByRole('button', { name: 'Continuar' }).click();

  const dialog = details(page);
  await expect(dialog).toContainText(bill.beneficiary);
  // Each label of the details list is followed by its value (a <dt> and its <dd>).
  for (const [label, value] of [
    ['Multa', charged['fine'] ?? 0],
    ['Juros', charged['interest'] ?? 0],
    ['Valor do documento', bill.document],
  ] as const)
    await expect(dialog).toContainText(new RegExp(`${label}${money(value).source}`));
  await expect(dialog).toContainText(new RegExp(`Valor total: ${money(bill.totalToday).source}`));
  await expectAxeClean(page, 'the details dialog at 1280 px');

  await payWithCode(page, bankAheadMs);
  await expect(page.getByText('Comprovante de pagamento')).toBeVisible();
  expect(before - (await balanceCents(request, s))).toBe(Math.round(bill.totalToday * 100));
  // Issue 32: the receipt has its time and its PDF.
  await expect(page.getByText('Data do pagamento')).toBeVisible();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar comprovante (PDF)' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^comprovante-pagamento-.+\.pdf$/);
  await page.getByRole('button', { name: 'Fechar' }).click();
  await expect(page).toHaveURL(/\/Statement$/);
});

test('at 360 px: blocks wrap, a bad code makes no call; a utility typed block by block is paid once, its details dialog clean; paying it again is refused', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const s = await startSignedIn(page, MARIA, { route: '/Payment' });
  const slip = await pick(request, (b) => b.kind === 'BOLETO' && b.state === 'open' && !b.depositFor);
  const bill = await pick(request, (b) => b.kind === 'UTILITY' && b.state === 'open');
  const before = await balanceCents(request, s);
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/bills')) lookups.push(r.url());
  });
  await expectCleanAt(page, 360, '/Payment');

  const last = Number(slip.typeableLine.slice(-1));
  await paste(block(page, 1, 5), `${slip.typeableLine.slice(0, -1)}${(last + 1) % 10}`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Issue 32: the text says which blocks to check, and only those are marked.
  await expect(page.getByRole('alert')).toHaveText(
    'Código de barras inválido: o dígito verificador geral (bloco 4) não confere com o valor e o vencimento (bloco 5). Confira os blocos 4 e 5.',
  );
  await expect(block(page, 5, 5)).toHaveAttribute('aria-invalid', 'true');
  await expect(block(page, 1, 5)).not.toHaveAttribute('aria-invalid', 'true');
  expect(lookups, 'no call for a code that fails locally').toHaveLength(0);
  await expectCleanAt(page, 360, '/Payment with the code error');
  await page.getByRole('button', { name: 'Limpar' }).click();

  // Typed from the first block: a first digit 8 makes it 4 blocks of 12, each full block moves on.
  await block(page, 1, 5).click();
  await page.keyboard.type(bill.typeableLine);
  for (let i = 0; i < 4; i++)
    await expect(block(page, i + 1, 4)).toHaveValue(bill.typeableLine.slice(i * 12, i * 12 + 12));
  await expect(page.getByText('Conta de consumo ou tributo')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(details(page)).toContainText(bill.beneficiary);
  await expect(details(page)).toContainText(new RegExp(`Valor total: ${money(bill.totalToday).source}`));
  expect(lookups).toHaveLength(1);
  await expectAxeClean(page, 'the details dialog at 360 px');
  await expectNoSidewaysScroll(page, 'no sideways scrolling in the dialog at 360 px');
  await payWithCode(page);
  expect(before - (await balanceCents(request, s))).toBe(Math.round(bill.totalToday * 100));

  // Pay another: the blocks are empty again; the same bill is refused with the bank's reason.
  await page.getByRole('button', { name: 'Pagar outra conta' }).click();
  await expect(block(page, 1, 5)).toHaveValue('');
  await paste(block(page, 1, 5), bill.typeableLine);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Esta conta já foi paga. Uma conta só pode ser paga uma vez.',
  );
  await expect(details(page)).toHaveCount(0);
  expect(before - (await balanceCents(request, s))).toBe(Math.round(bill.totalToday * 100));
});
