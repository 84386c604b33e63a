/**
 * Mobile top-up and deposit boletos end to end (issue 14, Proof): a top-up appears in the statement
 * with operator and phone; a deposit boleto is generated on /Deposit, its PDF's bars decode (with
 * this test's own reader, e2e/support/boleto-reader.ts) to the barcode of the line shown, it is
 * listed on /Deposit/Ticket, paying it from another customer's account credits the depositor, and
 * it expires (a bank of the test's own, whose clock the test moves); axe clean at desktop and 360 px.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { DEMO_USERS } from '../demo/users.ts';
import { buildServer } from '../sandbox/server.ts';
import { billSignature } from '../sandbox/sim/signature.ts';
import { totpCode } from '../sandbox/sim/totp.ts';
import { expectAxeClean } from './support/axe';
import { saoPauloDate } from './support/dates';
import { expectNoSidewaysScroll } from './support/layout';
import {
  barcodeBars,
  barcodeOfTypeableLine,
  filledRects,
  readInterleaved2of5,
} from './support/boleto-reader';
import { MARIA, PADARIA } from './support/demo';
import { issueDeposit } from './support/deposits';
import { expect, test } from './support/reused-page';
import { DEVICE_HEADER } from './support/sandbox';
import { sessionOf, startSignedIn, type StoredSession } from './support/session';

const auth = (s: StoredSession) => ({ ...DEVICE_HEADER, Authorization: `Bearer ${s.token}` });
const accountOf = (s: StoredSession) => s.account.accounts[0]?.accountId ?? '';

async function balanceCents(request: APIRequestContext, s: StoredSession): Promise<number> {
  const res = await request.get(`/api/client/${accountOf(s)}/balance`, { headers: auth(s) });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { balances: { balanceType: string; amount: number }[] } };
  const real = body.data.balances.find((b) => b.balanceType === 'REAL');
  return Math.round((real?.amount ?? Number.NaN) * 100);
}

/** No sideways scrolling and axe clean at `width` px. */
async function expectCleanAt(page: Page, width: number, what: string): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, `no sideways scrolling on ${what} at ${width} px`);
  await expectAxeClean(page, `${what} at ${width} px`);
}

/** Pays a bill from `payer`'s account as the bill payment does: the security code, then the withdraw. */
async function payBoleto(
  request: APIRequestContext,
  payer: StoredSession,
  secret: string,
  line: string,
  reais: number,
) {
  const accountId = accountOf(payer);
  const signature = billSignature({ totalAmount: reais, sourceAccountId: accountId, barcode: line });
  const externalIdentifier = `e2e-pay-${Date.now()}`;
  const totp = await request.post(`/api/totp/validate/${accountId}`, {
    headers: auth(payer),
    data: {
      totpCode: totpCode(secret, new Date()),
      transactionSignature: signature,
      movement: { amount: reais, externalIdentifier },
    },
  });
  expect(totp.ok(), await totp.text()).toBe(true);
  const token =
    ((await totp.json()) as { data: { confirmationToken?: string } }).data.confirmationToken ?? '';
  return request.post(`/api/account/${accountId}/withdraw`, {
    headers: { ...auth(payer), 'S-Transaction': signature, 'S-Confirmation': token },
    data: {
      payments: [],
      withdraw: {
        currency: 'BRL',
        externalIdentifier,
        totalAmount: reais,
        withdrawInfo: { withdrawType: 'Boleto', boleto: { barcode: line, dueDate: '2026-01-01' } },
      },
    },
  });
}

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

test('a top-up of a DDD 34 phone: the wizard, one debit, the statement and receipt name operator and phone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const s = await startSignedIn(page, MARIA, { route: '/RechargeCell' });
  const before = await balanceCents(page.request, s);
  await expectCleanAt(page, 1280, '/RechargeCell');
  await expectCleanAt(page, 360, '/RechargeCell');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel('Número do celular').fill('34991234567');
  await expect(page.getByLabel('Número do celular')).toHaveValue('(34) 99123-4567');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await page.getByLabel('Operadora').selectOption({ label: 'Algar Telecom' });
  await page.getByRole('button', { name: 'Próximo' }).click();
  await page.getByLabel('Valor da recarga').selectOption({ label: 'R$ 25,00' });
  await page.getByRole('button', { name: 'Próximo' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmar recarga' });
  await expect(confirm).toContainText('Algar Telecom');
  await expectAxeClean(page, 'the top-up confirmation');
  // A double click on Confirmar is one top-up: the second click finds the dialog busy.
  await confirm.getByRole('button', { name: 'Confirmar' }).dblclick();
  const done = page.getByRole('region', { name: 'Recarga realizada' });
  await expect(done).toContainText('(34) 99123-4567');
  await expect(done).toContainText('R$ 25,00');
  expect(before - (await balanceCents(page.request, s))).toBe(2500);

  await done.getByRole('button', { name: 'Concluir' }).click();
  await expect(page).toHaveURL(/\/Statement$/);
  const open = page
    .getByRole('button', { name: 'Ver comprovante: Recarga de celular - Algar Telecom' })
    .first();
  await expect(open).toBeVisible();
  await open.click();
  const receipt = page.getByRole('dialog').filter({ hasText: 'Operadora' });
  await expect(receipt).toContainText('Algar Telecom');
  await expect(receipt).toContainText(/\(34\) 99123-4567|34991234567/);
});

test('an empty carrier list says so and keeps Próximo disabled', async ({ page }) => {
  await startSignedIn(page, MARIA, { route: '/RechargeCell' });
  await page.route('**/api/country/BRA/area-code/*/operators', (route) =>
    route.fulfill({ status: 200, json: { data: [] } }),
  );
  await page.getByLabel('Número do celular').fill('(11) 98888-7777');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByLabel('Operadora')).toContainText('Nenhum valor encontrado');
  await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();
});

test('a deposit boleto: generated, its PDF bars decode to its line, listed, paid by the bakery, Maria credited', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const maria = await startSignedIn(page, MARIA, { route: '/Deposit' });
  await expectCleanAt(page, 1280, '/Deposit');
  await expectCleanAt(page, 360, '/Deposit');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel('Valor', { exact: true }).fill('123,45');
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Boleto gerado' });
  await expect(dialog).toContainText('R$ 123,45');
  await expectAxeClean(page, 'the boleto dialog');
  const shown = (await dialog.locator('code').innerText()).replace(/\D/g, '');
  expect(shown).toHaveLength(47);

  // The PDF the button opens, in a new tab, is the one the bank serves; read its bars here. The
  // tab is given the PDF at a blob: address: Chromium's viewer shows it there, and its headless
  // shell, which has no viewer, saves it as a download of that address instead, listened for from
  // the tab's first moment (it may start before Playwright hands the tab over).
  const downloaded = new Promise<Download>((resolve) =>
    page.context().once('page', (opened) => opened.once('download', resolve)),
  );
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Abrir o PDF do boleto' }).click(),
  ]);
  const saved = downloaded.then(async (file) => {
    expect(file.url()).toMatch(/^blob:/);
    expect((await readFile(await file.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
  // A navigation that becomes a download ends aborted (net::ERR_ABORTED): then the download
  // decides.
  const viewed = tab.waitForURL(/^blob:/).then(
    () => undefined,
    () => saved,
  );
  await Promise.race([viewed, saved]);
  await tab.close();
  const list = await page.request.post('/api/Deposits/ListWithPagination/deposits', {
    headers: auth(maria),
    data: { pageNumber: 1, pageSize: 10, filters: {} },
  });
  const deposits = (
    (await list.json()) as { data: { dataset: { idDeposit: number; typeableLine: string }[] } }
  ).data.dataset;
  const mine = deposits.find((d) => d.typeableLine === shown);
  expect(mine, 'the boleto shown is the one listed by the bank').toBeDefined();
  const pdf = await page.request.get(`/api/boletopdf/${mine?.idDeposit}`, { headers: auth(maria) });
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const bars = barcodeBars(filledRects(await pdf.body()));
  expect(readInterleaved2of5(bars)).toBe(barcodeOfTypeableLine(shown));

  // Listed on /Deposit/Ticket, with a print button (due in 3 days).
  await dialog.getByRole('button', { name: 'Meus boletos' }).click();
  await expect(page).toHaveURL(/\/Deposit\/Ticket$/);
  const row = page.getByRole('row').filter({ hasText: 'R$ 123,45' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: /^Imprimir/ })).toBeEnabled();
  await expectCleanAt(page, 1280, '/Deposit/Ticket');
  await expectCleanAt(page, 360, '/Deposit/Ticket');
  await expect(page.getByRole('listitem').filter({ hasText: 'R$ 123,45' })).toBeVisible();

  // The bakery pays it as a bill: Maria is credited once.
  const padaria = await sessionOf(page, PADARIA);
  const mariaBefore = await balanceCents(page.request, maria);
  const paid = await payBoleto(page.request, padaria, DEMO_USERS.padaria.totpSecret, shown, 123.45);
  expect(paid.ok(), await paid.text()).toBe(true);
  expect((await balanceCents(page.request, maria)) - mariaBefore).toBe(12_345);
});

test('a deposit by Pix: the QR code shown is paid from another bank, Maria credited, the Pix in her statement', async ({
  page,
}) => {
  const maria = await startSignedIn(page, MARIA, { route: '/Deposit' });
  await page.getByLabel('Valor do depósito por Pix').fill('42,10');
  await page.getByRole('button', { name: 'Gerar QR Code Pix' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR Code Pix para depósito' });
  await expect(dialog).toContainText('R$ 42,10');
  await expect(dialog.getByRole('img', { name: 'QR Code Pix do depósito' })).toBeVisible();
  await expectAxeClean(page, 'the deposit by Pix dialog');
  const emv = await dialog.getByLabel('Pix copia e cola').inputValue();

  // Another institution's customer pays it: the SPI's credit, as the sandbox's test route plays it.
  const before = await balanceCents(page.request, maria);
  const paid = await page.request.post('/sandbox/pix/incoming', { data: { emv } });
  expect(paid.ok(), await paid.text()).toBe(true);
  expect((await balanceCents(page.request, maria)) - before).toBe(4210);
  // Paid once: the same code again credits nothing.
  expect((await page.request.post('/sandbox/pix/incoming', { data: { emv } })).status()).toBe(422);

  await dialog.getByRole('button', { name: 'Ver extrato' }).click();
  await expect(page).toHaveURL(/\/Statement$/);
  await expect(
    page.getByRole('button', { name: 'Ver comprovante: Pix recebido - Ana Paula Ferreira' }).first(),
  ).toBeVisible();
});

test('a deposit boleto expires: after its due date the bank lists it as expired and refuses to be paid', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A bank of this test's own, whose clock it moves (the worker's bank runs on the real clock).
  let now = new Date();
  const bank = buildServer({ dbFile: ':memory:', enableTestRoutes: true, now: () => now });
  await bank.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(bank.server.address() as AddressInfo).port}`;
  try {
    const request = page.request;
    const login = async (email: string, password: string): Promise<StoredSession> => {
      const res = await request.post(`${base}/api/login`, {
        headers: DEVICE_HEADER,
        form: { username: email, password },
      });
      expect(res.ok(), await res.text()).toBe(true);
      const data = ((await res.json()) as { data: { token: string; accounts: { accountId: string }[] } })
        .data;
      return {
        token: data.token,
        account: { accountHolderId: '', accounts: data.accounts, isValidateDevice: false },
        username: email,
        functionalities: [],
      };
    };
    const d = await issueDeposit(
      request,
      await login(MARIA.email, MARIA.password),
      5_000,
      'e2e-expiry-1',
      base,
    );

    now = new Date(now.getTime() + 4 * 86_400_000);
    const today = saoPauloDate(now);
    expect(d.dueDate < today).toBe(true);
    // Four days later the morning's session is long gone: sign in again.
    const maria = await login(MARIA.email, MARIA.password);
    const expired = await request.post(`${base}/api/Deposits/ListWithPagination/deposits`, {
      headers: auth(maria),
      data: { pageNumber: 1, pageSize: 10, filters: { due_date_finish: today } },
    });
    const rows = ((await expired.json()) as { data: { dataset: { idDeposit: number }[] } }).data.dataset;
    expect(rows.map((r) => r.idDeposit)).toContain(d.idDeposit);

    const padaria = await login(PADARIA.email, PADARIA.password);
    const lookup = await request.post(`${base}/api/bills`, {
      headers: auth(padaria),
      data: { document: d.typeableLine, payingAccount: { accountId: accountOf(padaria) } },
    });
    expect(lookup.ok()).toBe(false);
    expect(await lookup.text()).toMatch(/"code":\s*63/);
  } finally {
    await bank.close();
  }
});
