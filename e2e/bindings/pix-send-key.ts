/**
 * E2E bindings of send by key (/PixKey; machines/pix/pix-send-key.machine.ts,
 * src/features/pix/pix-key-page.tsx). Each path opens the page with Maria's session (sandbox seed,
 * reset before every path). A saved recipient is her seeded Pix recipient 'Academia' (Bruno's
 * e-mail key, registered at another institution: sandbox/db/seed-recipients.ts, seed-pix-keys.ts);
 * a typed key is Loja Aurora's e-mail at Itaú. Both are interbank: the simulated SPI settles them
 * (ACSC, the natural settlement).
 *
 * Outcomes provoked: a recipient the bank does not have (id 999999: its real 404); the DICT's 404
 * and 500 as status faults; 403 SECURITY 50 (money-movement.ts's refusal) and no answer (the call
 * gate's offline plan) at the withdrawal. The lookup and the withdrawal are held until their busy
 * states are seen; so is the saved recipient's read.
 *
 * The fields typed wrong (a malformed e-mail key, R$ 0,00, saving the recipient without a
 * nickname) are played on the way of the path that pays (the fixtures' `foldSelfLoops`): each is
 * refused in the form, the machine stays where it was, and the path goes on with a right value.
 *
 * Gaps (the budget of < 15 s a flow: four paths): outcomes the machine tests play and
 * e2e/pix-send.spec.ts proves in focused Chromium tests; the internal path's refusals, which reach
 * the same states as the interbank ones played here; the machine tests alone where the sandbox never
 * answers so.
 */
import { pixSendKeyFlow as pixSendKeyEntry } from '../../machines/pix/pix-send-key.fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { MARIA_RECIPIENTS } from '../../sandbox/db/seed-recipients';
import { SPI_ANSWER_MS } from '../../sandbox/sim/spi';
import { validatePixAmount } from '../../machines/pix/pix-send-key-rules';
import { detectPixKey } from '../../machines/validators/pix-key-detect';
import { VALIDATOR_MESSAGES, type ValidatorMessageKey } from '../../machines/validators/message-keys';
import { defineBindings } from '../driver/path-driver';
import { closeCodeDialog, codeDialog, refusal, securityCodeState, validCode } from './money-movement';
import { t, type TextKey } from '../support/texts';
import {
  DEMO,
  EXPECTED_MESSAGE,
  button,
  expectBusy,
  gate,
  holdCalls,
  literal,
  notes,
  offline,
  releaseCall,
  startSignedIn,
  takeNote,
  type BoundFlow,
} from './support';

type SendKeyType = 'CPF' | 'CNPJ' | 'PHONE' | 'EMAIL' | 'EVP';

const LOOKUP = 'lookupPixKey';
const RECIPIENT_CALL = 'getRecipient';
const WITHDRAW = 'createWithdrawal';
const T = 'PIX.PIX_KEY';

/** Maria's book is inserted first, in order: the saved Pix recipient 'Academia' has its position. */
const ACADEMIA_ID = MARIA_RECIPIENTS.findIndex((r) => r.nickname === 'Academia') + 1;
const MISSING_ID = 999_999;
/** Which recipient the next recipient.open opens (noted by the getRecipient outcome). */
const RECIPIENT = 'pixKey.recipient';

// ───────────────────────────── page pieces ─────────────────────────────

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t(`${T}.TITLE`) });
const nextButton = (page: Page): Locator => button(page.locator('main'), t(`${T}.NEXT`));
const previousButton = (page: Page): Locator => button(page.locator('main'), t(`${T}.PREVIOUS`));
const keyField = (page: Page): Locator => page.getByLabel(t(`${T}.FIELD`), { exact: true });
const amountField = (page: Page): Locator => page.getByLabel(t(`${T}.AMOUNT`), { exact: true });
const confirmDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t(`${T}.CONFIRM.TITLE`) });
const sendingDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t(`${T}.SENDING.TITLE`) });
const failedDialog = (page: Page): Locator => page.getByRole('alertdialog', { name: t(`${T}.FAILED.TITLE`) });
const resultDialog = (page: Page, title: TextKey): Locator =>
  page.getByRole(title === 'PIX.SEND.SETTLED_TITLE' ? 'dialog' : 'alertdialog', { name: t(title) });

async function expectNoDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

const pageAlert = (page: Page, text: string): Locator =>
  page.getByRole('alert').filter({ hasText: literal(text) });

/** In-app navigation to `url` (wouter follows history; the session and the fake clock stay). */
async function goInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

// ───────────────────────────── bindings ─────────────────────────────

const pixSendKeyBindings = defineBindings(pixSendKeyEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, RECIPIENT_CALL, LOOKUP, WITHDRAW);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixKey', waitFor: 'nothing' });
  },
  states: {
    recipient: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: t('PIX.PIX_KEY.LOADING_RECIPIENT') }),
      ).toBeVisible();
      await releaseCall(page, RECIPIENT_CALL);
    },
    'keyValue.idle': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(keyField(page)).toBeVisible();
      await expectNoDialog(page);
      await expect(pageAlert(page, t(`${T}.RECIPIENT_ERROR`))).toHaveCount(0);
      await expect(pageAlert(page, t(`${T}.NOT_FOUND`))).toHaveCount(0);
      await expect(pageAlert(page, t(`${T}.LOOKUP_ERROR`))).toHaveCount(0);
    },
    'keyValue.recipientFailed': async ({ page }) => {
      await expect(pageAlert(page, t(`${T}.RECIPIENT_ERROR`))).toBeVisible();
      await expect(keyField(page)).toBeVisible();
    },
    'keyValue.notFound': async ({ page }) => {
      await expect(pageAlert(page, t(`${T}.NOT_FOUND`))).toBeVisible();
      await expect(keyField(page)).not.toHaveValue('');
    },
    'keyValue.lookupFailed': async ({ page }) => {
      await expect(pageAlert(page, t(`${T}.LOOKUP_ERROR`))).toBeVisible();
      await expect(keyField(page)).not.toHaveValue('');
    },
    lookingUp: async ({ page }) => {
      // Typed: the key's Next is busy; from a saved recipient: the step's status says so.
      await expect(page.getByRole('status').filter({ hasText: t(`${T}.LOOKING_UP`) })).toHaveCount(1);
      if (await keyField(page).isVisible()) await expectBusy(nextButton(page));
      await releaseCall(page, LOOKUP);
    },
    'amount.idle': async ({ page }) => {
      await expect(amountField(page)).toBeVisible();
      await expectNoDialog(page);
    },
    'amount.refused': async ({ page }) => {
      await expectNoDialog(page);
      await expect(pageAlert(page, takeNote(page, EXPECTED_MESSAGE) ?? '')).toBeVisible();
    },
    confirming: async ({ page }) => {
      const dialog = confirmDialog(page);
      await expect(dialog).toContainText(t(`${T}.CONFIRM.TEXT`));
      await expect(dialog).toContainText('R$');
    },
    securityCode: securityCodeState,
    sendingInterbank: async ({ page }) => {
      await expect(sendingDialog(page)).toBeVisible();
      await releaseCall(page, WITHDRAW);
    },
    sendingInternal: async ({ page }) => {
      await expect(sendingDialog(page)).toBeVisible();
    },
    failed: async ({ page }) => {
      const dialog = failedDialog(page);
      await expect(dialog.getByRole('alert')).toContainText(takeNote(page, EXPECTED_MESSAGE) ?? '');
      await expect(button(dialog, t(`${T}.FAILED.RETRY`))).toBeEnabled();
    },
    // Interbank: the simulated SPI answers SPI_ANSWER_MS (2 s of the bank's clock) after the
    // withdrawal; that answer is brought forward (only those due within that time: one that never
    // comes stays pending), so the next poll (500 ms) finds it instead of the fourth or fifth.
    settling: async ({ request }) => {
      const res = await request.post('/sandbox/spi/advance', { data: { seconds: SPI_ANSWER_MS / 1000 } });
      if (!res.ok()) throw new Error(`POST /sandbox/spi/advance → ${res.status()}`);
    },
    'result.settled': async ({ page }) => {
      const dialog = resultDialog(page, 'PIX.SEND.SETTLED_TITLE');
      await expect(dialog.getByRole('status')).toHaveText(t('PIX.SEND.SETTLED'));
      await expect(dialog).toContainText(/E99999999\d{12}[a-zA-Z0-9]{11}/);
    },
    'result.rejected': async ({ page }) => {
      await expect(resultDialog(page, 'PIX.SEND.REJECTED_TITLE')).toBeVisible();
    },
    'result.unfinished': async ({ page }) => {
      await expect(resultDialog(page, 'PIX.SEND.UNFINISHED_TITLE').getByRole('alert')).toBeVisible();
    },
    scheduled: async ({ page }) => {
      await expect(page.getByRole('status').filter({ hasText: t(`${T}.SCHEDULING`) })).toBeVisible();
      await page.clock.fastForward(2_000);
    },
    closed: async ({ page }) => {
      await gate(page).openAll();
      await expect(page).toHaveURL(/\/Statement$/);
    },
    home: async ({ page }) => {
      await gate(page).openAll();
      await expect(page).toHaveURL(/\/(home|Statement)?$/);
    },
  },
  events: {
    'recipient.open': async ({ page }) => {
      const to = `/PixKey?recipient=${notes(page).get(RECIPIENT) ?? ACADEMIA_ID}`;
      // The page reads ?recipient= on arrival: a URL that already names it (back to the key
      // after a saved recipient) is left first, as going to the recipient book and back would.
      if (new URL(page.url()).search === new URL(to, page.url()).search) await goInApp(page, '/PixKey');
      await goInApp(page, to);
    },
    'key.submit': async ({ page }, e) => {
      const value = String(e['value']);
      await keyField(page).fill(value);
      // Issue 32: the type is told as the key is typed, next to the field (a live region).
      const reading = detectPixKey(value);
      const typeLine = page.getByTestId('pix-key-type');
      await expect(typeLine).toHaveAttribute('role', 'status');
      if (reading.type === null) await expect(typeLine).toHaveText('');
      else
        await expect(typeLine).toHaveText(
          t(`${T}.DETECTED`, { type: t(`PIX.SEND.KEY_TYPES.${reading.type as SendKeyType}`) }),
        );
      await nextButton(page).click();
      // A key that is no key (§5) stays in the field with what is wrong; the DICT is not asked.
      const refused = reading.error;
      if (refused !== undefined) {
        await expect(keyField(page)).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('main')).toContainText(VALIDATOR_MESSAGES[refused as ValidatorMessageKey]);
      }
    },
    'wizard.previous': async ({ page }) => previousButton(page).click(),
    'payment.submit': async ({ page }, e) => {
      await amountField(page).fill(String(e['amount']));
      await page.getByLabel(t(`${T}.DESCRIPTION`), { exact: true }).fill(String(e['description']));
      // §5: Next stays disabled while the amount breaks its rule (the machine's guard refuses it).
      if (validatePixAmount(String(e['amount'])) === undefined) await nextButton(page).click();
      else await expect(nextButton(page)).toBeDisabled();
    },
    'confirm.accept': async ({ page }, e) => {
      const dialog = confirmDialog(page);
      const save = dialog.getByLabel(t(`${T}.SAVE_FAVOURITE`));
      // Saving and scheduling are offered for a saved recipient only: with a typed key the refused
      // choices (save without a nickname, yesterday) cannot be made here, and the machine's guard
      // keeps it at the confirmation, as the dialog stays open.
      const offered = (await save.count()) > 0;
      if (!offered && (e['save'] === true || String(e['scheduleDate']) !== '')) {
        await expect(dialog).toBeVisible();
        return;
      }
      // After a refused 'save without a nickname', Confirm alone means: do not save it.
      if (e['save'] !== true && (await save.count()) > 0) await save.uncheck();
      if (e['save'] === true) {
        await save.check();
        const nickname = String(e['nickname']);
        if (nickname) await dialog.getByLabel(t(`${T}.NICKNAME`), { exact: true }).fill(nickname);
      }
      const date = String(e['scheduleDate']);
      if (date) {
        await dialog.getByLabel(t(`${T}.SCHEDULE`)).check();
        const [y, m, d] = date.split('-');
        await dialog.getByLabel(t(`${T}.SCHEDULE_DATE`), { exact: true }).fill(`${d}/${m}/${y}`);
      }
      await button(dialog, t(`${T}.CONFIRM.ACCEPT`)).click();
      if (e['save'] === true && !String(e['nickname']))
        await expect(dialog).toContainText(t(`${T}.PIX_ERROR_NICKNAME`));
    },
    'confirm.cancel': async ({ page }) => button(confirmDialog(page), t(`${T}.CONFIRM.CANCEL`)).click(),
    'totp.cancel': async (ctx) => {
      await expect(codeDialog(ctx.page)).toBeVisible();
      await closeCodeDialog(ctx);
    },
    retry: async ({ page }) => button(failedDialog(page), t(`${T}.FAILED.RETRY`)).click(),
    'result.close': async ({ page }) => {
      const open = page.getByRole('dialog').or(page.getByRole('alertdialog'));
      // The dialog's own close (×) is named 'Fechar' too: the action button is the last.
      await button(open, t('PIX.SEND.CLOSE')).last().click();
    },
    'result.correct': async ({ page }) =>
      page
        .getByRole('button', {
          name: new RegExp(`^(${t('PIX.SEND.CORRECT_RECIPIENT')}|${t('PIX.SEND.CORRECT_PAYMENT')})$`),
        })
        .click(),
  },
  outcomes: {
    recipientWithKey: {
      arrange: async ({ page }) => void notes(page).set(RECIPIENT, String(ACADEMIA_ID)),
    },
    recipientNotFound: {
      arrange: async ({ page }) => void notes(page).set(RECIPIENT, String(MISSING_ID)),
    },
    externalKey: 'natural',
    keyNotFound: {
      fault: { operationId: LOOKUP, status: 404 },
    },
    lookupServerError: { fault: { operationId: LOOKUP, status: 500 } },
    'done:securityCode': validCode,
    accepted: 'natural',
    tokenRefused: refusal(WITHDRAW, 50),
    offline: offline(WITHDRAW),
    settled: 'natural',
  },
});

const proven = (test: string) =>
  `provado nos testes da máquina e em e2e/pix-send.spec.ts (${test}); fora dos caminhos pelo orçamento de < 15 s`;

export const pixSendKeyFlow: BoundFlow<typeof pixSendKeyEntry> = {
  bindings: pixSendKeyBindings,
  gaps: [
    {
      key: 'internalKey',
      why: proven('by key to this bank'),
    },
    {
      key: 'nightLimit',
      why: proven('the night cap'),
    },
    {
      key: 'internalTokenRefused',
      why: 'o mesmo guard isConfirmationRefused do Pix para outra instituição, jogado aqui; a máquina prova o interno',
    },
    {
      key: 'internalOffline',
      why: 'o mesmo estado failed do Pix para outra instituição, jogado aqui; a máquina prova o interno',
    },
    {
      key: 'recipientWithoutKey',
      why: 'o mesmo estado recipientFailed do favorecido inexistente (404), jogado aqui; a máquina prova o guard',
    },
    {
      key: 'scheduled',
      why: proven('a scheduled send'),
    },
    {
      key: 'acceptedWithoutEndToEndId',
      why: 'o sandbox sempre devolve o identificador fim a fim; só os testes da máquina provam esse ramo',
    },
    {
      key: 'unregisteredDevice',
      why: proven('the unregistered-device cap'),
    },
    {
      key: 'rejected',
      why: proven('a key whose account does not exist'),
    },
    { key: 'rejectedTimeout', why: proven('a key whose account does not exist') },
    { key: 'unfinished', why: proven('the time-out path') },
  ],
};
