/**
 * E2E bindings of Pix copy and paste (/PixCopyPaste; machines/pix/pix-copy-paste.machine.ts,
 * src/features/pix/pix-copy-paste-page.tsx). Each path opens the page with Maria's session
 * (sandbox seed, reset before every path).
 *
 * The code pasted is chosen by the decoding outcome armed before Next: the bakery's static code for
 * its e-mail key, with R$ 12,50 or without an amount, written by the sandbox's own writer
 * (sandbox/sim/brcode.ts); a charge location the bank never made (its real PIXSEND 89). The
 * fixtures' short and altered codes are pasted as they are (no call). The bakery is a customer of
 * this bank, so its payment settles at once (ACSC, the natural settlement).
 *
 * Outcomes the sandbox does not give for these codes are its real answers reshaped for the page:
 * a Pix Saque value added to the decoded code (real Saque/Troco codes: e2e/pix-saque.spec.ts), the
 * end-to-end id removed, `success: false` (a 500 fault reshaped, nothing moves), PIXSEND 89 at the
 * payment, RJCT at the first status poll. Not finished at the bound: the status polls are held and
 * the page's fake clock passes the 42 s. 403 SECURITY 50 and 422 code 16 are the money movements'
 * refusals (money-movement.ts); no answer is the call gate's offline plan. The decoding and the
 * payment are held until their busy states are seen.
 */
import { pixCopyPasteFlow as pixCopyPasteEntry } from '../../machines/pix/pix-copy-paste.fixtures';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { E2EOutcomeBinding } from '../../machines/catalog-types';
import { ALTERED_BAKERY_CODE, SHORT_CODE } from '../../machines/pix/pix-copy-paste-sample-data';
import { PIX_POLLING } from '../../machines/pix/pix-send-rules';
import { CHARGE_HOST } from '../../sandbox/db/seed-pix-send';
import { writeBrCode } from '../../sandbox/sim/brcode';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  closeCodeDialog,
  codeDialog,
  expectRefusalServed,
  refusal,
  securityCodeState,
  validCode,
} from './money-movement';
import { PADARIA } from '../support/demo';
import { t } from '../support/texts';
import {
  DEMO,
  EXPECTED_MESSAGE,
  answerNextInShape,
  button,
  expectBusy,
  gate,
  holdCalls,
  holdNextCall,
  literal,
  notes,
  offline,
  releaseCall,
  startSignedIn,
  takeNote,
  textKey,
  type BoundFlow,
} from './support';

type Outcome = E2EOutcomeBinding<Page, APIRequestContext>;

const DECODE = 'decodePixQrCode';
const PAY = 'payPixQrCode';
const CHECK = 'checkPixTransaction';
const T = 'PIX.PIX_COPY_PASTE';

/** Which code the next Next pastes (noted by the decoding outcome). */
const CODE = 'copyPaste.code';
const UNFINISHED = 'copyPaste.unfinished';
const REJECT_REASON = 'AC03 - Conta inexistente';

const bakeryCode = (amountCents?: number): string =>
  writeBrCode({
    key: PADARIA.email,
    name: 'PADARIA PAO DOURADO',
    city: 'SAO PAULO',
    ...(amountCents === undefined ? {} : { amountCents }),
    txid: 'CAIXA01',
  });

const CODES: Record<string, string> = {
  amount: bakeryCode(1_250),
  open: bakeryCode(),
  unknownCharge: writeBrCode({
    location: `${CHARGE_HOST}/cob/nao-existe`,
    name: 'PADARIA PAO DOURADO',
    city: 'SAO PAULO',
  }),
};

// ───────────────────────────── page pieces ─────────────────────────────

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t(`${T}.TITLE`) });
const codeField = (page: Page): Locator => page.getByRole('textbox', { name: t(`${T}.LABEL`) });
const nextButton = (page: Page): Locator => button(page, t(`${T}.NEXT`));
const valueDialog = (page: Page): Locator => page.getByRole('dialog', { name: t(`${T}.VALUE.TITLE`) });
const withdrawalDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: t(`${T}.WITHDRAWAL.TITLE`) });
const confirmDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t(`${T}.CONFIRM.TITLE`) });
const sendingDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t(`${T}.SENDING.TITLE`) });
const noAnswerDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t(`${T}.FAILED.TITLE`) });
const settlingDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: t('PIX.SEND.SETTLING_TITLE') });
const resultDialog = (page: Page, title: string): Locator =>
  page.getByRole(title === 'PIX.SEND.SETTLED_TITLE' ? 'dialog' : 'alertdialog', {
    name: t(textKey(title)),
  });

async function expectNoDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** The form's alert with `text`; the code pasted stays in the field. */
async function expectFormAlert(page: Page, text: string): Promise<void> {
  await expectNoDialog(page);
  await expect(page.getByRole('alert').filter({ hasText: literal(text) })).toBeVisible();
  await expect(codeField(page)).not.toHaveValue('');
}

// ───────────────────────────── outcomes ─────────────────────────────

/** The decoding of the bakery's code with R$ 12,50, reshaped by `change`. */
function decodedReshaped(
  change: (data: Record<string, unknown>) => Record<string, unknown>,
  expected?: string,
): { arrange: (ctx: PlaywrightContext) => Promise<void> } {
  return {
    arrange: async ({ page }) => {
      if (expected !== undefined) notes(page).set(EXPECTED_MESSAGE, expected);
      notes(page).set(CODE, 'amount');
      gate(page).plan(DECODE, 'pass');
      await answerNextInShape(page, DECODE, (real) => {
        if (real.status !== 200) throw new Error(`esperava o código lido, veio ${real.status}`);
        const body = real.json as { data: Record<string, unknown> };
        return { status: 200, json: { ...body, data: change(body.data) } };
      });
    },
  };
}

/** The payment refused with PIXSEND 89 (a 422 fault answered before the handler, reshaped). */
const chargePaidAtPayment: Outcome = {
  arrange: async (ctx: PlaywrightContext) => {
    await ctx.fault({ operationId: PAY, status: 422, times: 1 });
    gate(ctx.page).plan(PAY, 'pass');
    await answerNextInShape(ctx.page, PAY, (real) => {
      notes(ctx.page).set(EXPECTED_MESSAGE, t('ERRORS.PIXSEND.89'));
      const body = real.json as { error?: object };
      if (real.status !== 422 || !body.error)
        throw new Error(`esperava a falha 422 do sandbox, veio ${real.status}`);
      return {
        status: 422,
        json: {
          ...body,
          error: { code: 89, group: 'PIXSEND', description: t('ERRORS.PIXSEND.89') },
          errorMessage: t('ERRORS.PIXSEND.89'),
        },
      };
    });
  },
};

const DECLINED = 'Pagamento não realizado. Nenhum valor foi debitado.';

const pixCopyPasteBindings = defineBindings(pixCopyPasteEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, DECODE, PAY);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixCopyPaste', waitFor: 'nothing' });
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expectNoDialog(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'editing.invalidCode': async ({ page }) => {
      await expectNoDialog(page);
      await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
      const typed = await codeField(page).inputValue();
      const key = typed.trim().length < 30 ? `${T}.SHORT` : `${T}.ALTERED`;
      await expect(page.getByText(t(key))).toBeVisible();
    },
    'editing.notDecoded': async ({ page }) => {
      await expectFormAlert(page, takeNote(page, EXPECTED_MESSAGE) ?? t('ERRORS.PIXSEND.89'));
    },
    'editing.insufficientBalance': async ({ page }) => {
      expectRefusalServed(page, PAY);
      await expectFormAlert(page, takeNote(page, EXPECTED_MESSAGE) ?? t('ERRORS.API.16'));
    },
    'editing.failed': async ({ page }) => {
      await expectFormAlert(page, takeNote(page, EXPECTED_MESSAGE) ?? DECLINED);
    },
    decoding: async ({ page }) => {
      await expectBusy(nextButton(page));
      await releaseCall(page, DECODE);
    },
    'value.idle': async ({ page }) => {
      await expect(valueDialog(page)).toContainText(PADARIA.name);
    },
    'value.invalid': async ({ page }) => {
      await expect(valueDialog(page).getByText(t(`${T}.VALUE_GREATER_THAN_ZERO`))).toBeVisible();
    },
    withdrawal: async ({ page }) => {
      const dialog = withdrawalDialog(page);
      await expect(dialog).toContainText('R$ 100,00');
      await expect(button(dialog, t(`${T}.CONFIRM.ACCEPT`))).toBeEnabled();
    },
    confirming: async ({ page }) => {
      const dialog = confirmDialog(page);
      await expect(dialog).toContainText(PADARIA.name);
      await expect(dialog).toContainText(t(`${T}.CONFIRM.TEXT`));
      await expect(button(dialog, t(`${T}.CONFIRM.ACCEPT`))).toBeEnabled();
    },
    securityCode: securityCodeState,
    submitting: async ({ page }) => {
      await expect(sendingDialog(page)).toBeVisible();
      await releaseCall(page, PAY);
    },
    failed: async ({ page }) => {
      const dialog = noAnswerDialog(page);
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expect(button(dialog, t(`${T}.FAILED.RETRY`))).toBeEnabled();
      takeNote(page, EXPECTED_MESSAGE);
    },
    settling: async ({ page }) => {
      // An on-us payment settles at the first poll: the dialog may already have given way.
      if (notes(page).get(UNFINISHED) === 'yes') {
        await expect(settlingDialog(page)).toBeVisible();
        await page.clock.fastForward(43_000);
      } else if ((await settlingDialog(page).count()) > 0) {
        // The first poll is a second after the payment (the slow cadence, PIX_POLLING): the page's
        // clock runs to it instead of waiting for it. Only while the dialog still waits: a result
        // already shown keeps its own timers (a rejection goes home after PIX_REDIRECT_MS).
        await page.clock.runFor(PIX_POLLING.slow.everyMs);
      }
    },
    'result.settled': async ({ page }) => {
      const dialog = resultDialog(page, 'PIX.SEND.SETTLED_TITLE');
      await expect(dialog.getByRole('status')).toHaveText(t('PIX.SEND.SETTLED'));
      await expect(dialog).toContainText(PADARIA.name);
    },
    'result.rejected': async ({ page }) => {
      await expect(resultDialog(page, 'PIX.SEND.REJECTED_TITLE')).toContainText(REJECT_REASON);
    },
    'result.unfinished': async ({ page }) => {
      notes(page).delete(UNFINISHED);
      await expect(resultDialog(page, 'PIX.SEND.UNFINISHED_TITLE').getByRole('alert')).toBeVisible();
    },
    closed: async ({ page }) => {
      await gate(page).openAll();
      await expect(page).toHaveURL(/\/Statement$/);
    },
    backToPix: async ({ page }) => {
      await gate(page).openAll();
      await expect(page).toHaveURL(/\/Pix$/);
    },
  },
  events: {
    'code.submit': async ({ page }, e) => {
      const code = String(e['code']);
      const pasted =
        code === SHORT_CODE || code === ALTERED_BAKERY_CODE
          ? code === SHORT_CODE
            ? CODES['amount']?.slice(0, 29)
            : `${CODES['amount']?.slice(0, -1)}${CODES['amount']?.endsWith('0') ? '1' : '0'}`
          : CODES[notes(page).get(CODE) ?? 'amount'];
      await codeField(page).fill(pasted ?? '');
      await nextButton(page).click();
    },
    'amount.submit': async ({ page }, e) => {
      await valueDialog(page)
        .getByLabel(t(`${T}.VALUE.LABEL`))
        .fill(String(e['amount']));
      await button(valueDialog(page), t(`${T}.VALUE.NEXT`)).click();
    },
    'amount.cancel': async ({ page }) => button(valueDialog(page), t(`${T}.VALUE.BACK`)).click(),
    'withdrawal.close': async ({ page }) =>
      button(withdrawalDialog(page), t(`${T}.WITHDRAWAL.CLOSE`))
        .last()
        .click(),
    // The confirmation, or the withdrawal dialog of a Pix Saque/Troco code (the same accept).
    'confirm.accept': async ({ page }) =>
      button(confirmDialog(page).or(withdrawalDialog(page)), t(`${T}.CONFIRM.ACCEPT`)).click(),
    'confirm.cancel': async ({ page }) => button(confirmDialog(page), t(`${T}.CONFIRM.CANCEL`)).click(),
    'totp.cancel': async (ctx) => {
      await expect(codeDialog(ctx.page)).toBeVisible();
      await closeCodeDialog(ctx);
    },
    retry: async ({ page }) => button(noAnswerDialog(page), t(`${T}.FAILED.RETRY`)).click(),
    'result.close': async ({ page }) => {
      const open = page.getByRole('dialog').or(page.getByRole('alertdialog'));
      // The dialog's own close (×) is named 'Fechar' too: the action button is the last.
      await button(open, t('PIX.SEND.CLOSE')).last().click();
    },
  },
  outcomes: {
    decodedWithAmount: {
      arrange: async ({ page }) => void notes(page).set(CODE, 'amount'),
    },
    decodedWithoutAmount: {
      arrange: async ({ page }) => void notes(page).set(CODE, 'open'),
    },
    decodedWithdrawal: decodedReshaped((data) => {
      const q = data['qrcode_pix'] as { payload?: Record<string, unknown> };
      return {
        ...data,
        qrcode_pix: {
          ...q,
          payload: { ...q.payload, valor: { original: 0, retirada: { saque: { valor: 100 } } } },
        },
      };
    }),
    decodedWithoutEndToEndId: decodedReshaped((data) => {
      const rest = { ...data };
      delete rest['id_fim_a_fim'];
      return rest;
    }, t('ERRORS.UNEXPECTED')),
    'error:decodePixQrCode': {
      arrange: async ({ page }) => {
        notes(page).set(CODE, 'unknownCharge');
        notes(page).set(EXPECTED_MESSAGE, t('ERRORS.PIXSEND.89'));
      },
    },
    'done:securityCode': validCode,
    paymentAccepted: 'natural',
    notSuccessful: {
      arrange: async (ctx: PlaywrightContext) => {
        await ctx.fault({ operationId: PAY, status: 500, times: 1 });
        gate(ctx.page).plan(PAY, 'pass');
        await answerNextInShape(ctx.page, PAY, () => ({
          status: 200,
          json: { data: { success: false, message: DECLINED } },
        }));
      },
    },
    tokenRefused: refusal(PAY, 50),
    insufficientBalance: refusal(PAY, 16),
    alreadyPaid: chargePaidAtPayment,
    noAnswer: offline(PAY),
    settled: 'natural',
    rejected: {
      arrange: async ({ page }) => {
        await answerNextInShape(page, CHECK, (real) => {
          const body = real.json as { data: Record<string, unknown> };
          return {
            status: 200,
            json: {
              ...body,
              data: { ...body.data, transactionStatus: 'RJCT', reasonCode: 'AC03', reason: REJECT_REASON },
            },
          };
        });
      },
    },
    unfinished: {
      arrange: async ({ page }) => {
        notes(page).set(UNFINISHED, 'yes');
        await holdNextCall(page, CHECK);
      },
    },
  },
});

export const pixCopyPasteFlow: BoundFlow<typeof pixCopyPasteEntry> = { bindings: pixCopyPasteBindings };
