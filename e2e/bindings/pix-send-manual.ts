/**
 * E2E bindings of the Pix by manual bank data (/PixManual; machines/pix/pix-send-manual.machine.ts,
 * src/features/pix/pix-manual-page.tsx). Each path opens the page with Maria's session (sandbox
 * seed, reset before every path); the security code and the bank's refusals are money-movement.ts's.
 *
 * Outcomes: the participants and the withdrawal are the sandbox's own answers to the fixture's Pix
 * (R$ 25,50 to Rafael Costa Lima, Nubank 0001 / 123456-7); no connection on the list is the call
 * gate's offline plan; `success: false` is the sandbox's `decline` fault; 403 SECURITY 50, 422
 * code 16 and 422 TRANSFER 54 are status faults reshaped to the bank's codes; 500 is a status
 * fault. The settlement child (pix-settlement) ends as the sandbox's SPI says: `settling` brings the
 * SPI's answer forward (/sandbox/spi/advance) and runs the page's fake clock a second at a time
 * (one poll each) until the result shows, at most past the 42 s bound. ACSC is natural (the account
 * settles); the rejection is the SPI's real answer reshaped for the page to RJCT AC03 (the
 * fixture's account settles; e2e/pix-manual.spec.ts pays the seeded AC03 account for real); not
 * finished is both status calls failing (status faults) until the 42 s bound passes.
 */
import { pixSendManualFlow as pixSendManualEntry } from '../../machines/pix/pix-send-manual.fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  closeCodeDialog,
  expectRefusalServed,
  refusal,
  refusalText,
  securityCodeState,
  validCode,
} from './money-movement';
import {
  DEMO,
  EXPECTED_MESSAGE,
  answerNextInShape,
  busyStatus,
  button,
  field,
  gate,
  holdCalls,
  literal,
  notes,
  offline,
  releaseCall,
  settle,
  startSignedIn,
  t as tShared,
  textKey,
  type TextValues,
  takeNote,
  waitHeld,
  type BoundFlow,
} from './support';

const OP = 'createWithdrawal';
const PSPS = 'listPsps';
const CHECK = 'checkPixTransaction';
const FALLBACK = 'queryPixPaymentStatus';

/** The pt-BR text of a key, also of one built at run time (checked by `textKey`). */
export function t(key: string, values: TextValues = {}): string {
  return tShared(textKey(key), values);
}

/** The institutions of the fixtures, by ISPB, as the sandbox names them (listPsps). */
const INSTITUTION_SEARCH: Record<string, string> = { '18236120': 'Nu Pagamentos', '00360305': 'Caixa' };

// ───────────────────────────── page pieces ─────────────────────────────

export const stepHeading = (page: Page, key: string): Locator =>
  page.getByRole('heading', { level: 2, name: t(`PIX.PIX_MANUAL.STEPS.${key}`), exact: true });
export const nextButton = (page: Page): Locator => button(page, t('PIX.PIX_MANUAL.NEXT'));
export const backButton = (page: Page): Locator => button(page, t('PIX.PIX_MANUAL.BACK'));
export const confirmDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('PIX.PIX_MANUAL.CONFIRM.TITLE') });
const sendingDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('PIX.PIX_MANUAL.SENDING.TITLE') });
const noAnswerDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('PIX.PIX_MANUAL.FAILED.TITLE') });
export const settlingDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: t('PIX.SEND.SETTLING_TITLE') });
/** The shared result dialog (src/features/pix/send/pix-result-dialog.tsx). */
export const resultDialog = (page: Page, kind: 'SETTLED' | 'REJECTED' | 'UNFINISHED'): Locator =>
  page.getByRole(kind === 'SETTLED' ? 'dialog' : 'alertdialog', { name: t(`PIX.SEND.${kind}_TITLE`) });
/** The result's Close (the dialog's header has an icon button of the same name: the last one). */
const closeButton = (page: Page): Locator =>
  page.getByRole('button', { name: t('PIX.SEND.CLOSE'), exact: true }).last();

async function expectNoDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** A wizard step is shown, with no dialog over it. */
const onStep =
  (key: string) =>
  async ({ page }: PlaywrightContext): Promise<void> => {
    await expect(stepHeading(page, key)).toBeVisible();
    await expectNoDialog(page);
  };

/** Picks a choice of a radio group by its label and clicks Next. */
async function choose(page: Page, label: string): Promise<void> {
  await page.getByRole('radio', { name: label, exact: true }).check();
  await nextButton(page).click();
}

/** Step 8's alert: the refusal's text, the values kept. */
async function expectRefused(page: Page, text: string | RegExp): Promise<void> {
  await expect(stepHeading(page, 'AMOUNT')).toBeVisible();
  await expectNoDialog(page);
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await expect(field(page, t('PIX.PIX_MANUAL.FIELDS.AMOUNT'))).not.toHaveValue('');
}

// ───────────────────────────── the settlement ─────────────────────────────

const SETTLE = 'pix.settle';

/**
 * `settling`: the dialog says the Pix is on its way; the SPI's pending answer is brought forward
 * and the page's clock runs one poll at a time until a result shows (at most 45 polls: the bound
 * is 42 s).
 */
async function settlingState({ page, request }: PlaywrightContext): Promise<void> {
  await expect(settlingDialog(page).getByRole('status')).toHaveCount(1);
  const res = await request.post('/sandbox/spi/advance', { data: { seconds: 600 } });
  if (!res.ok()) throw new Error(`POST /sandbox/spi/advance → ${res.status()}`);
  // Until the settling dialog gives way to a result (its header's icon button is also 'Fechar',
  // so the result's Close cannot tell: it is there from the start).
  for (let i = 0; i < 45 && (await settlingDialog(page).count()) > 0; i++) {
    await page.clock.runFor(1_000);
    await page.waitForTimeout(notes(page).get(SETTLE) === 'bound' ? 5 : 60);
  }
}

// ───────────────────────────── bindings ─────────────────────────────

const pixSendManualBindings = defineBindings(pixSendManualEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, OP, PSPS);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixManual', waitFor: 'nothing' });
    await expect(ctx.page.getByRole('heading', { level: 1, name: t('PIX.PIX_MANUAL.TITLE') })).toBeVisible();
  },
  states: {
    ownership: onStep('OWNERSHIP'),
    recipientName: onStep('NAME'),
    recipientDocument: onStep('DOCUMENT'),
    // The list's call is let go by the state its outcome leads to (settle), not here: a path may
    // go back while it loads, and the page must then not hold the list (it would skip loading the
    // next time, where the path loads it again).
    'institution.loading': async ({ page }) => {
      await expect(busyStatus(page, t('PIX.PIX_MANUAL.LOADING_INSTITUTIONS'))).toHaveCount(1);
      await expect(backButton(page)).toBeEnabled();
      await waitHeld(page, PSPS);
    },
    'institution.loadFailed': async ({ page }) => {
      await settle(page, PSPS);
      await expect(page.getByRole('alert').filter({ hasText: tShared('ERRORS.NETWORK') })).toBeVisible();
      takeNote(page, EXPECTED_MESSAGE);
      await expect(button(page, t('PIX.PIX_MANUAL.RETRY'))).toBeEnabled();
    },
    'institution.choosing': async (ctx) => {
      await settle(ctx.page, PSPS);
      await onStep('INSTITUTION')(ctx);
      await expect(ctx.page.getByRole('radio', { name: 'Nu Pagamentos S.A.' })).toBeVisible();
    },
    accountType: onStep('ACCOUNT_TYPE'),
    agency: onStep('AGENCY'),
    account: onStep('ACCOUNT'),
    'editing.idle': async ({ page }) => {
      await onStep('AMOUNT')({ page } as PlaywrightContext);
      await expect(page.getByText(/^Saldo disponível em /)).toBeVisible();
    },
    'editing.insufficientBalance': async ({ page }) => {
      expectRefusalServed(page, OP);
      await expectRefused(page, literal(takeNote(page, EXPECTED_MESSAGE) ?? refusalText(16)));
    },
    'editing.failed': async ({ page }) => {
      expectRefusalServed(page, OP);
      await expectRefused(page, literal(takeNote(page, EXPECTED_MESSAGE) ?? refusalText(54)));
    },
    'editing.notSent': async ({ page }) => {
      expectRefusalServed(page, OP);
      await expectRefused(page, literal(t('PIX.PIX_MANUAL.ERROR')));
    },
    confirming: async ({ page }) => {
      const dialog = confirmDialog(page);
      await expect(dialog).toContainText(t('PIX.PIX_MANUAL.CONFIRM.TEXT'));
      // The recipient: Rafael, or Maria herself on the same-ownership paths; the CPF masked.
      await expect(dialog).toContainText(/Rafael Costa Lima|Maria Silva Santos/);
      await expect(dialog).toContainText(/\*\*\*\.\d{3}\.\d{3}-\*\*/);
      await expect(dialog).toContainText('R$ 25,50');
    },
    securityCode: securityCodeState,
    submitting: async ({ page }) => {
      await expect(busyStatus(sendingDialog(page), t('PIX.PIX_MANUAL.SENDING.TEXT'))).toHaveCount(1);
      await releaseCall(page, OP);
    },
    failed: async ({ page }) => {
      const dialog = noAnswerDialog(page);
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expect(button(dialog, t('PIX.PIX_MANUAL.FAILED.RETRY'))).toBeEnabled();
      takeNote(page, EXPECTED_MESSAGE);
    },
    settling: settlingState,
    'result.settled': async ({ page }) => {
      const dialog = resultDialog(page, 'SETTLED');
      await expect(dialog.getByRole('status')).toHaveText(t('PIX.SEND.SETTLED'));
      await expect(dialog).toContainText('R$ 25,50');
      await expect(dialog).toContainText(/E99999999\d{12}[a-zA-Z0-9]{11}/);
    },
    'result.rejected': async ({ page }) => {
      expectRefusalServed(page, CHECK);
      await expect(resultDialog(page, 'REJECTED').getByRole('alert')).toContainText(
        'Transação rejeitada. Entre em contato com o suporte do',
      );
      await expect(resultDialog(page, 'REJECTED').getByRole('alert')).toContainText(/ Motivo: (AC03|AB03)/);
      // What the reason means, in plain words (issue 32 item 3).
      await expect(resultDialog(page, 'REJECTED')).toContainText(
        new RegExp(`${t('PIX.SEND.REJECTION_MEANING.AC03')}|${t('PIX.SEND.REJECTION_MEANING.AB03')}`),
      );
    },
    'result.unfinished': async ({ page }) => {
      await expect(resultDialog(page, 'UNFINISHED')).toContainText(
        'Transação não foi finalizada. Tente novamente mais tarde.',
      );
    },
    closed: async ({ page }) => {
      await gate(page).openAll();
      await expect(page).toHaveURL(/\/Statement$/);
    },
  },
  events: {
    'ownership.choose': async ({ page }, e) =>
      choose(page, t(e['same'] === true ? 'PIX.PIX_MANUAL.YES' : 'PIX.PIX_MANUAL.NO')),
    'name.submit': async ({ page }, e) => {
      await field(page, t('PIX.PIX_MANUAL.FIELDS.NAME')).fill(String(e['name']));
      await nextButton(page).click();
    },
    'document.submit': async ({ page }, e) => {
      await field(page, t('PIX.PIX_MANUAL.FIELDS.DOCUMENT')).fill(String(e['document']));
      await nextButton(page).click();
    },
    'institution.choose': async ({ page }, e) => {
      const ispb = String(e['ispb']);
      await field(page, t('PIX.PIX_MANUAL.FIELDS.SEARCH')).fill(INSTITUTION_SEARCH[ispb] ?? ispb);
      await page.getByRole('radio').first().check();
      await nextButton(page).click();
    },
    'accountType.choose': async ({ page }, e) =>
      choose(page, t(`PIX.PIX_MANUAL.ACCOUNT_TYPES.${String(e['accountType'])}`)),
    'agency.submit': async ({ page }, e) => {
      await field(page, t('PIX.PIX_MANUAL.FIELDS.AGENCY')).fill(String(e['agency']));
      await nextButton(page).click();
    },
    'account.submit': async ({ page }, e) => {
      await field(page, t('PIX.PIX_MANUAL.FIELDS.ACCOUNT')).fill(String(e['account']));
      await field(page, t('PIX.PIX_MANUAL.FIELDS.DIGIT')).fill(String(e['digit']));
      await nextButton(page).click();
    },
    'amount.submit': async ({ page }, e) => {
      await field(page, t('PIX.PIX_MANUAL.FIELDS.AMOUNT')).fill(String(e['amount']));
      await field(page, t('PIX.PIX_MANUAL.FIELDS.DESCRIPTION')).fill(String(e['description']));
      await nextButton(page).click();
    },
    'step.back': async ({ page }) => backButton(page).click(),
    'confirm.accept': async ({ page }) =>
      button(confirmDialog(page), t('PIX.PIX_MANUAL.CONFIRM.ACCEPT')).click(),
    'confirm.cancel': async ({ page }) =>
      button(confirmDialog(page), t('PIX.PIX_MANUAL.CONFIRM.CANCEL')).click(),
    'totp.cancel': closeCodeDialog,
    retry: async ({ page }) => {
      const failed = noAnswerDialog(page);
      if ((await failed.count()) > 0) await button(failed, t('PIX.PIX_MANUAL.FAILED.RETRY')).click();
      else await button(page, t('PIX.PIX_MANUAL.RETRY')).click();
    },
    'result.close': async ({ page }) => closeButton(page).click(),
    'result.correct': async ({ page }) =>
      page
        .getByRole('button', {
          name: new RegExp(`^(${t('PIX.SEND.CORRECT_RECIPIENT')}|${t('PIX.SEND.CORRECT_PAYMENT')})$`),
        })
        .click(),
  },
  outcomes: {
    'done:listPsps': 'natural',
    'error:listPsps': offline(PSPS),
    'done:securityCode': validCode,
    accepted: 'natural',
    // The sandbox never answers a Pix with success=false (its decline fault is the TED's): a status
    // fault answered before the handler (nothing moves) is reshaped to that answer.
    notSuccessful: {
      arrange: async (ctx: PlaywrightContext) => {
        await ctx.fault({ operationId: OP, status: 500, times: 1 });
        gate(ctx.page).plan(OP, 'pass');
        await answerNextInShape(ctx.page, OP, (real) => {
          if (real.status !== 500) throw new Error(`esperava a falha 500 do sandbox, veio ${real.status}`);
          return { status: 200, json: { data: { success: false, message: 'Pix não enviado' } } };
        });
      },
    },
    tokenRefused: refusal(OP, 50),
    insufficientBalance: refusal(OP, 16),
    fieldRefused: refusal(OP, 54),
    serverError: {
      fault: { operationId: OP, status: 500 },
    },
    settled: 'natural',
    rejected: {
      arrange: async (ctx: PlaywrightContext) => {
        gate(ctx.page).plan(CHECK, 'pass');
        await answerNextInShape(ctx.page, CHECK, (real) => {
          const body = real.json as { data: Record<string, unknown> };
          return {
            status: 200,
            json: {
              data: {
                ...body.data,
                transactionStatus: 'RJCT',
                reasonCode: 'AC03',
                reason: 'AC03 - Conta do recebedor inexistente',
              },
            },
          };
        });
      },
    },
    rejectedTimeout: {
      arrange: async (ctx: PlaywrightContext) => {
        gate(ctx.page).plan(CHECK, 'pass');
        await answerNextInShape(ctx.page, CHECK, (real) => {
          const body = real.json as { data: Record<string, unknown> };
          return {
            status: 200,
            json: {
              data: {
                ...body.data,
                transactionStatus: 'RJCT',
                reasonCode: 'AB03',
                reason: 'AB03 - Tempo esgotado: a instituição do recebedor não respondeu.',
              },
            },
          };
        });
      },
    },
    unfinished: {
      arrange: async (ctx: PlaywrightContext) => {
        notes(ctx.page).set(SETTLE, 'bound');
        await ctx.fault({ operationId: CHECK, status: 500, times: 100 });
        await ctx.fault({ operationId: FALLBACK, status: 500, times: 100 });
      },
    },
  },
});

export const pixSendManualFlow: BoundFlow<typeof pixSendManualEntry> = {
  bindings: pixSendManualBindings,
};
