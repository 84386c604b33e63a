/**
 * Send by key against the sandbox (issue 16; 3-pix-part-one.md §2 Send menu, Send by key, §4, §8):
 * the send menu's card, a Pix to the bakery's key (internal: 'Transação realizada com sucesso!' and
 * the receipt) confirmed with a double click that sends once, the seeded AC03 key rejected with
 * its reason and corrected to a key at another institution, settled ACSC by the simulated SPI (the
 * polling), and axe clean with no sideways scroll at desktop width and 360 px. Then the cases the
 * path bindings leave to focused tests (e2e/bindings/pix-send-key.ts gaps): the 52 s bound with
 * the seeded never-answering key, a scheduled send from a saved recipient, the night cap
 * (PIXSEND 81) and the unregistered-device cap (PIXSEND 82) with nothing debited.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { MARIA_RECIPIENTS } from '../sandbox/db/seed-recipients';
import { freshCode } from './bindings/money-movement';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { DAY_MS, saoPauloDate, saoPauloToday, typedDate } from './support/dates';
import { expectNoSidewaysScroll } from './support/layout';
import { DEMO_USERS, DOCE_SABOR, MARIA, type Customer } from './support/demo';
import { expect, test } from './support/reused-page';
import { balanceCents } from './support/sandbox';
import { startSignedIn } from './support/session';

/** The money movements' error texts (the lazy errors-movements.json). */
const movementErrors = JSON.parse(
  readFileSync(new URL('../src/i18n/locales/pt-BR/errors-movements.json', import.meta.url), 'utf8'),
) as { ERRORS: { PIXSEND: Record<string, string> } };
const PIXSEND_81 = movementErrors.ERRORS.PIXSEND['81'] ?? '';
const PIXSEND_82 = movementErrors.ERRORS.PIXSEND['82'] ?? '';

/** Today in São Paulo (the bank's calendar), as yyyy-mm-dd, `days` ahead. */
const spDate = (days = 0): string => saoPauloToday(days * DAY_MS);

test.beforeEach(async ({ request }) => {
  expect((await request.post('/sandbox/reset')).ok()).toBe(true);
});

/** Types `secret`'s current code in the security-code dialog and confirms. */
async function typeCode(
  page: Page,
  secret: string = DEMO_USERS.maria.totpSecret,
  bankOffsetSeconds = 0,
): Promise<void> {
  const code = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  // The bank checks the code on its own clock (moved by POST /sandbox/clock).
  await code
    .getByLabel('Chave de Segurança')
    .fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + bankOffsetSeconds }));
  await code.getByRole('button', { name: 'Confirmar' }).click();
}

/** The key (its type detected) and the amount, up to the confirmation. */
async function upToConfirmation(page: Page, key: string, amount: string): Promise<void> {
  await page.getByLabel('Chave Pix', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Valor (R$)')).toBeVisible();
  await page.getByLabel('Valor (R$)').fill(amount);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Confirme o Pix' })).toContainText(key);
}

/** The e-mail key (its type detected) and the amount, then Confirm and the security code. */
async function sendByEmailKey(page: Page, key: string, amount: string): Promise<void> {
  await page.getByLabel('Chave Pix', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Valor (R$)')).toBeVisible();
  await page.getByLabel('Valor (R$)').fill(amount);
  await page.getByLabel('Descrição (opcional)').fill('Pedido 88');
  await page.getByRole('button', { name: 'Avançar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirme o Pix' });
  await expect(confirm).toContainText(key);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const code = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  await code.getByLabel('Chave de Segurança').fill(await freshCode(page));
  await code.getByRole('button', { name: 'Confirmar' }).click();
}

// The send menu's link is how this send reaches /PixKey: one visit, not a page of its own.
test('the send menu offers Pix by key; by key to this bank: a double click on Confirm sends once, internal, settled at once with the receipt; Close goes to /Statement', async ({
  page,
}) => {
  const session = await startSignedIn(page, MARIA, { route: '/PixSend' });
  const before = await balanceCents(page.request, session);
  let sends = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/internal-pix$/.test(r.url())) sends += 1;
  });
  await page.getByRole('link', { name: /Pix por chave/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pix por chave' })).toBeVisible();
  await upToConfirmation(page, DEMO_USERS.padaria.email, '12,34');
  await page
    .getByRole('alertdialog', { name: 'Confirme o Pix' })
    .getByRole('button', { name: 'Confirmar' })
    .dblclick();
  // The second press landed on the security-code dialog opening under the pointer: it stays open.
  await expect(page.getByRole('alertdialog', { name: 'Chave de Segurança' })).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Confirme o Pix' })).toHaveCount(0);
  await typeCode(page);
  const done = page.getByRole('dialog', { name: 'Pix realizado' });
  await expect(done).toContainText('Transação realizada com sucesso!');
  await expect(done).toContainText('R$ 12,34');
  expect(sends).toBe(1);
  expect(before - (await balanceCents(page.request, session))).toBe(1_234);
  // The dialog's own X and the Close button both send result.close.
  await done.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(page).toHaveURL(/\/Statement$/);
});

test('a key whose account does not exist: rejected with its reason (AC03), corrected with the key kept (issue 32) to another institution: polled until ACSC, with the end-to-end id', async ({
  page,
}) => {
  // Two payments: the budget of the two tests it replaced (30 s each).
  test.setTimeout(60_000);
  await startSignedIn(page, MARIA, { route: '/PixKey' });
  await sendByEmailKey(page, 'conta.inexistente@exemplo.com.br', '5,00');
  const rejected = page.getByRole('alertdialog', { name: 'Pix não realizado' });
  await expect(rejected).toBeVisible({ timeout: 15_000 });
  await expect(rejected).toContainText('Transação rejeitada. Entre em contato com o suporte do');
  await expect(rejected).toContainText('Motivo: AC03');
  // Back to the key, as typed; the amount waits on the next step.
  await rejected.getByRole('button', { name: 'Corrigir os dados' }).click();
  await expect(page.getByLabel('Chave Pix', { exact: true })).toHaveValue('conta.inexistente@exemplo.com.br');
  await page.getByLabel('Chave Pix', { exact: true }).fill('loja.aurora@exemplo.com.br');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Valor (R$)')).toHaveValue('5,00');

  // A key at another institution: the simulated SPI settles it, the page polls until ACSC.
  await page.getByRole('button', { name: 'Avançar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirme o Pix' });
  await expect(confirm).toContainText('loja.aurora@exemplo.com.br');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const code = page.getByRole('alertdialog', { name: 'Chave de Segurança' });
  await code.getByLabel('Chave de Segurança').fill(await freshCode(page));
  await code.getByRole('button', { name: 'Confirmar' }).click();
  const done = page.getByRole('dialog', { name: 'Pix realizado' });
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(done).toContainText(/E99999999\d{12}[a-zA-Z0-9]{11}/);
});

test('axe clean at desktop and 360 px: the steps and the confirmation, no sideways scroll', async ({
  page,
}) => {
  // The 6 axe passes of the two tests it replaced (30 s each).
  test.setTimeout(60_000);
  const sizes = [
    { name: 'desktop', width: 1280, height: 800 },
    { name: '360 px', width: 360, height: 740 },
  ];
  /** Axe (and the sideways check when `scroll`) at each width, back at desktop width. */
  const atBothWidths = async (what: string, scroll: boolean) => {
    for (const size of sizes) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expectAxeClean(page, `${what} (${size.name})`, WCAG_TAGS);
      if (scroll) await expectNoSidewaysScroll(page, `${what} (${size.name})`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };
  await startSignedIn(page, MARIA, { route: '/PixKey' });
  // Issue 32: one key field; a CPF that is also a mobile shows its type and 'Usar como Celular'.
  const key = page.getByLabel('Chave Pix', { exact: true });
  await key.fill('21987650042');
  await expect(page.getByRole('status').filter({ hasText: 'Tipo de chave: CPF' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Usar como Celular' })).toBeVisible();
  await atBothWidths('Pix key step 1', true);
  await key.fill('loja.aurora@exemplo.com.br');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByLabel('Valor (R$)').fill('5,00');
  await atBothWidths('Pix key step 2', false);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Confirme o Pix' })).toBeVisible();
  await atBothWidths('Pix key confirmation', true);
});

test('the time-out: a key whose institution never answers ends "não foi finalizada" at 52 s', async ({
  page,
}) => {
  // The portal's 52 s bound on Playwright's fake clock; the SPI keeps the payment ACSP for 10 min.
  await page.clock.install();
  await startSignedIn(page, MARIA, { route: '/PixKey' });
  await sendByEmailKey(page, 'sem.resposta@exemplo.com.br', '5,00');
  await expect(page.getByRole('dialog', { name: 'Enviando o Pix' })).toBeVisible();
  // The bank's side moves on too (less than its 10 min give-up): still ACSP at every poll.
  expect((await page.request.post('/sandbox/spi/advance', { data: { seconds: 60 } })).ok()).toBe(true);
  await page.clock.fastForward(53_000);
  const unfinished = page.getByRole('alertdialog', { name: 'Pix em processamento' });
  await expect(unfinished.getByRole('alert')).toContainText('Transação não foi finalizada');
});

test('a scheduled send from a saved recipient: idPixPaymentSchedule, the scheduling text, home after 1.8 s', async ({
  page,
}) => {
  const academia = MARIA_RECIPIENTS.findIndex((r) => r.nickname === 'Academia') + 1;
  await startSignedIn(page, MARIA, { route: `/PixKey?recipient=${academia}&schedule=1` });
  await page.getByLabel('Valor (R$)').fill('7,00');
  await page.getByRole('button', { name: 'Avançar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirme o Pix' });
  // &schedule=1 opens the date (enabledPixSchedule is on in the sandbox build: src/runtime/config.ts).
  const [y, m, d] = spDate(2).split('-');
  await confirm.getByLabel('Data do Pix', { exact: true }).fill(`${d}/${m}/${y}`);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/withdraw$/.test(r.url()),
  );
  await typeCode(page);
  const body = (await (await answered).json()) as { data: { idPixPaymentSchedule?: number } };
  expect(body.data.idPixPaymentSchedule).toEqual(expect.any(Number));
  await expect(page.getByRole('status').filter({ hasText: 'Pix agendado com sucesso!' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/PixKey/, { timeout: 5_000 });
});

test.describe('a browser in Tokyo (issue 25)', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("at 23:30 in São Paulo, Tokyo already on the next day: a Pix scheduled for São Paulo's today is taken", async ({
    page,
  }) => {
    const day = spDate();
    const at = `${day}T23:30:00-03:00`;
    const moved = await page.request.post('/sandbox/clock', { data: { at } });
    expect(moved.ok()).toBe(true);
    const offset = ((await moved.json()) as { data: { offsetSeconds: number } }).data.offsetSeconds;
    await page.clock.install({ time: new Date(at) });
    const academia = MARIA_RECIPIENTS.findIndex((r) => r.nickname === 'Academia') + 1;
    await startSignedIn(page, MARIA, { route: `/PixKey?recipient=${academia}&schedule=1` });
    // The browser's own calendar is Tokyo's: already the next day.
    const browserDay = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expect(browserDay).toBe(saoPauloDate(new Date(Date.parse(at) + DAY_MS)));
    await page.getByLabel('Valor (R$)').fill('7,00');
    await page.getByRole('button', { name: 'Avançar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirme o Pix' });
    await confirm.getByLabel('Data do Pix', { exact: true }).fill(typedDate(day));
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    // São Paulo's today is not "before today": the security code is asked, the date taken.
    await expect(page.getByRole('alertdialog', { name: 'Chave de Segurança' })).toBeVisible();
    await expect(page.getByText('A data não pode ser anterior a hoje.')).toHaveCount(0);
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/withdraw$/.test(r.url()),
    );
    await typeCode(page, DEMO_USERS.maria.totpSecret, offset);
    const response = await answered;
    expect(response.ok(), await response.text()).toBe(true);
    const sent = response.request().postDataJSON() as {
      withdraw: { withdrawInfo: { instantPayment: { scheduleDate?: string } } };
    };
    expect(sent.withdraw.withdrawInfo.instantPayment.scheduleDate).toBe(day);
  });
});

for (const cap of [
  {
    name: 'the night cap: at 22:30 in São Paulo an individual sends at most R$ 1,000 (PIXSEND 81)',
    who: MARIA as Customer,
    secret: DEMO_USERS.maria.totpSecret,
    at: `${spDate()}T22:30:00-03:00`,
    amount: '1.000,01',
    text: PIXSEND_81,
  },
  {
    name: 'an unregistered device: R$ 200.01 refused (PIXSEND 82)',
    who: DOCE_SABOR as Customer,
    secret: DEMO_USERS.docesabor.totpSecret,
    at: null,
    amount: '200,01',
    // The portal shows the bank's own wording of code 82 (sandbox/http/replies.ts), which differs
    // from errors-movements.json's after 'por transação': the part both say.
    text: PIXSEND_82.split(' até ')[0] ?? PIXSEND_82,
  },
]) {
  test(`${cap.name}, nothing debited`, async ({ page }) => {
    let offset = 0;
    if (cap.at) {
      const moved = await page.request.post('/sandbox/clock', { data: { at: cap.at } });
      expect(moved.ok()).toBe(true);
      offset = ((await moved.json()) as { data: { offsetSeconds: number } }).data.offsetSeconds;
      // The portal's clock at the same instant: the payment's ids carry their time (§9), which the
      // bank checks against its own.
      await page.clock.install({ time: new Date(cap.at) });
    }
    const session = await startSignedIn(page, cap.who, { route: '/PixKey' });
    const before = await balanceCents(page.request, session);
    await upToConfirmation(page, 'loja.aurora@exemplo.com.br', cap.amount);
    await page
      .getByRole('alertdialog', { name: 'Confirme o Pix' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await typeCode(page, cap.secret, offset);
    await expect(page.getByRole('alert').filter({ hasText: cap.text })).toBeVisible();
    await expect(page.getByLabel('Valor (R$)')).toHaveValue(cap.amount);
    expect(await balanceCents(page.request, session)).toBe(before);
  });
}
