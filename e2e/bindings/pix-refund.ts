/**
 * E2E bindings of the Pix refund dialog (machines/pix/pix-refund.machine.ts,
 * src/features/pix/statement/pix-refund-dialog.tsx), a row action of /PixExtractPage. Each path
 * opens the Pix statement with Maria's session (sandbox seed, reset before every path), shows the
 * last 45 days, finds her seeded Pix received from Carlos Souza (R$ 250,00, R$ 100,00 already
 * refunded: R$ 150,00 left; sandbox/db/seed-statement.ts) and presses its refund icon.
 *
 * The refund is the sandbox's own: Carlos is at another institution, so the return goes through
 * the simulated SPI (ACSP, then ACSC by the sweep), the natural settlement, its answer brought
 * forward with `POST /sandbox/spi/advance` so the first poll sees it. 403 SECURITY 50 is the money
 * movements' reshaped refusal (money-movement.ts: a status fault answered before the handler, so
 * nothing moves); no answer is the call gate's offline plan. The refund is held until its busy
 * state is seen. The bank's refusal PIXRECV 96 is played for real, not reshaped, in
 * e2e/pix-refund.spec.ts (another tab refunded the rest meanwhile), so its path is a gap here.
 */
import { pixRefundFlow as pixRefundEntry } from '../../machines/pix/pix-refund.fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { customPeriod, daysBefore, entryRows, search, today } from '../support/statement';
import { closeCodeDialog, codeDialog, refusal, securityCodeState, validCode } from './money-movement';
import {
  DEMO,
  EXPECTED_MESSAGE,
  button,
  gate,
  holdCalls,
  literal,
  offline,
  releaseCall,
  startSignedIn,
  t,
  takeNote,
  type BoundFlow,
} from './support';
import { defineBindings } from '../driver/path-driver';

const REFUND = 'refundPixPayment';
const T = 'PIX.REFUND';

/** The seeded received Pix the paths refund from. */
export const REFUND_ROW = 'Pix recebido - Carlos Souza';

// ───────────────────────────── page pieces ─────────────────────────────

export const refundRow = (page: Page): Locator => entryRows(page).filter({ hasText: REFUND_ROW });
export const refundIcon = (page: Page): Locator => refundRow(page).locator('[data-row-action="refund"]');
export const refundDialog = (page: Page): Locator => page.getByRole('dialog', { name: t(`${T}.TITLE`) });
export const valueField = (page: Page): Locator =>
  refundDialog(page).getByRole('textbox', { name: t(`${T}.LABEL`) });
const sendingDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t(`${T}.SENDING.TITLE`) });
const noAnswerDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t(`${T}.FAILED.TITLE`) });
const settledDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: t(`${T}.RESULT.SETTLED_TITLE`) });

/** Opens the Pix statement on the last 45 days with the seeded entry found. */
export async function openRefundRow(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: t('PIX_STATEMENT.TITLE') })).toBeVisible();
  await customPeriod(page, daysBefore(today(), 45), today());
  await search(page).fill('Carlos Souza');
  await expect(refundRow(page)).toHaveCount(1);
}

async function expectNoDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

const pixRefundBindings = defineBindings(pixRefundEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, REFUND);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixExtractPage' });
    await openRefundRow(ctx.page);
    await refundIcon(ctx.page).click();
  },
  states: {
    'editing.idle': async ({ page }) => {
      const dialog = refundDialog(page);
      await expect(dialog).toContainText(/R\$\s150,00/);
      await expect(dialog.getByRole('alert')).toHaveCount(0);
    },
    'editing.invalid': async ({ page }) => {
      await expect(valueField(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(refundDialog(page).getByText(t(`${T}.ERRORS.LIMIT`))).toBeVisible();
    },
    'editing.insufficientBalance': async ({ page }) => {
      await expect(refundDialog(page).getByRole('alert')).toContainText(t('ERRORS.API.16'));
    },
    'editing.failed': async ({ page }) => {
      const text = takeNote(page, EXPECTED_MESSAGE) ?? t('ERRORS.PIXRECV.96');
      await expect(
        refundDialog(page)
          .getByRole('alert')
          .filter({ hasText: literal(text) }),
      ).toBeVisible();
      // Nothing lost: the value typed is still there.
      await expect(valueField(page)).not.toHaveValue('');
    },
    securityCode: securityCodeState,
    submitting: async ({ page }) => {
      await expect(sendingDialog(page)).toBeVisible();
      await releaseCall(page, REFUND);
    },
    failed: async ({ page }) => {
      const dialog = noAnswerDialog(page);
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expect(button(dialog, t(`${T}.FAILED.RETRY`))).toBeEnabled();
      takeNote(page, EXPECTED_MESSAGE);
    },
    // The SPI's answer to the return, brought forward: the next poll reads ACSC.
    settling: async ({ page }) => {
      const res = await page.request.post('/sandbox/spi/advance', { data: { seconds: 2 } });
      expect(res.ok()).toBe(true);
    },
    'result.settled': async ({ page }) => {
      const dialog = settledDialog(page);
      await expect(dialog.getByRole('status')).toHaveText(t(`${T}.RESULT.SETTLED`));
      await expect(dialog).toContainText('Carlos Souza');
    },
    'result.rejected': async ({ page }) => {
      await expect(page.getByRole('alertdialog', { name: t(`${T}.RESULT.REJECTED_TITLE`) })).toBeVisible();
    },
    'result.unfinished': async ({ page }) => {
      await expect(page.getByRole('alertdialog', { name: t(`${T}.RESULT.UNFINISHED_TITLE`) })).toBeVisible();
    },
    closed: async ({ page }) => {
      await gate(page).openAll();
      await expectNoDialog(page);
      // The list was read again: R$ 50,00 of the R$ 150,00 left went back, so the icon stays.
      await expect(refundIcon(page)).toBeVisible();
    },
    cancelled: async ({ page }) => {
      await gate(page).openAll();
      await expectNoDialog(page);
      await expect(refundIcon(page)).toBeVisible();
    },
  },
  events: {
    'value.submit': async ({ page }, e) => {
      await valueField(page).fill(String(e['value']));
      await button(refundDialog(page), t(`${T}.CONFIRM`)).click();
    },
    'refund.cancel': async ({ page }) => button(refundDialog(page), t(`${T}.CANCEL`)).click(),
    'totp.cancel': async (ctx) => {
      await expect(codeDialog(ctx.page)).toBeVisible();
      await closeCodeDialog(ctx);
    },
    retry: async ({ page }) => button(noAnswerDialog(page), t(`${T}.FAILED.RETRY`)).click(),
    'result.close': async ({ page }) => {
      const open = page.getByRole('dialog').or(page.getByRole('alertdialog'));
      // The dialog's own close (×) is named 'Fechar' too: the action button is the last.
      await button(open, t(`${T}.RESULT.CLOSE`))
        .last()
        .click();
    },
  },
  outcomes: {
    'done:securityCode': validCode,
    refundAccepted: 'natural',
    tokenRefused: refusal(REFUND, 50),
    noAnswer: offline(REFUND),
    settled: 'natural',
  },
});

const shared = (what: string) =>
  `o mesmo estado de pixSettlingStates que Pix copia e cola joga nos seus caminhos (${what}); a máquina prova o ramo (tests/machines); fora dos caminhos pelo orçamento de < 15 s`;

export const pixRefundFlow: BoundFlow<typeof pixRefundEntry> = {
  bindings: pixRefundBindings,
  gaps: [
    {
      key: 'aboveAvailable',
      why: 'jogado de verdade em e2e/pix-refund.spec.ts (outra aba devolveu o resto antes: PIXRECV 96 do sandbox, valor mantido); fora dos caminhos pelo orçamento de < 15 s',
    },
    {
      key: 'rejected',
      why: `as outras instituições do sandbox aceitam toda devolução; ${shared('RJCT')}`,
    },
    { key: 'unfinished', why: shared('o limite de 42 s') },
    {
      key: 'insufficientBalance',
      why: 'o mesmo guard isInsufficientBalance de todo movimento com Chave de Segurança (movement-states.ts), jogado por Pix copia e cola; a máquina prova o ramo',
    },
  ],
};
