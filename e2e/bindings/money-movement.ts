/**
 * What the path bindings of the two transfer flows share (e2e/bindings/bank-transfer.ts,
 * company-transfer.ts): the transfers catalogue's texts, the dialogs every movement goes through
 * (confirmation, security code, sending / no answer, receipt), the security code typed from the
 * demo holder's authenticator secret, and the bank's refusals the sandbox only gives in other
 * circumstances.
 *
 * The security code (the child machine security-code, an opaque actor of the parents' paths): its
 * `done` outcome is a valid code typed by the holder. The outcome is armed before the action that
 * opens the dialog (with the outcomes that follow it), so it only counts one code owed
 * (`owesCode`); the assertion of the parent's `securityCode` state, which sees the dialog, types
 * it. A code is computed by otplib from Maria's seeded secret (demo/users.ts) with the
 * real clock, as the bank checks it (sandbox/sim/totp.ts: one 30 s step of drift either way, and a
 * step at or before the last one used is a replay). A path may need three codes within seconds (a
 * refused token, then the code again, then a new form): the first uses the previous step, each
 * next one the step after the last used; when that step is ahead of the accepted drift, the
 * binding puts this worker's bank clock forward to it (`POST /sandbox/clock`).
 *
 * Refusals: 403 SECURITY 50, 422 code 16 and 422 TRANSFER 53/54 need a confirmation token spent
 * elsewhere, an empty balance or a closed destination; the sandbox is made to refuse with a status
 * fault (answered before the handler, so nothing moves and no token is spent) whose body is then
 * reshaped for the page to the bank's own catalogue code (`answerNextInShape`).
 */
import type { OperationId } from '../driver/operations';
import { expect, type Locator, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { fromSaoPauloWallTime, saoPauloParts } from '../../clock/sao-paulo';
import { DEMO_USERS } from '../../demo/users.ts';
import type { APIRequestContext } from '@playwright/test';
import type { E2EOutcomeBinding } from '../../machines/catalog-types';
import type { PlaywrightContext } from '../driver/path-driver';
import {
  EXPECTED_MESSAGE,
  answerNextInShape,
  busyStatus,
  button,
  errorText,
  expectAnsweredInShape,
  field,
  gate,
  literal,
  notes,
  releaseCall,
  t,
} from './support';

type Outcome = E2EOutcomeBinding<Page, APIRequestContext>;

// ───────────────────────────── dialogs ─────────────────────────────

export const confirmDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('TRANSFERS.CONFIRM.TITLE') });
export const codeDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('SECURITY_CODE_DIALOG.TITLE') });
export const sendingDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('TRANSFERS.SENDING.TITLE') });
export const noAnswerDialog = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: t('TRANSFERS.FAILED.TITLE') });
export const doneDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: t('TRANSFERS.DONE.TITLE') });

/** No dialog of the flow is open (the form is what the holder sees). */
export async function expectNoDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** The confirmation: its warning that the operation cannot be cancelled, and its two buttons. */
export async function expectConfirming(page: Page): Promise<void> {
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(t('TRANSFERS.CONFIRM.TEXT'));
  await expect(button(dialog, t('TRANSFERS.CONFIRM.ACCEPT'))).toBeEnabled();
}

/** The movement's call in flight: the sending dialog says so; then the held call goes on. */
export async function expectSending(page: Page, op: OperationId): Promise<void> {
  const dialog = sendingDialog(page);
  await expect(dialog).toBeVisible();
  await expect(busyStatus(dialog, t('TRANSFERS.SENDING.TEXT'))).toHaveCount(1);
  await releaseCall(page, op);
}

/** The result is unknown: the dialog says so and offers the retry. */
export async function expectNoAnswer(page: Page): Promise<void> {
  const dialog = noAnswerDialog(page);
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(button(dialog, t('TRANSFERS.FAILED.RETRY'))).toBeEnabled();
}

export const clickRetry = async ({ page }: PlaywrightContext): Promise<void> =>
  button(noAnswerDialog(page), t('TRANSFERS.FAILED.RETRY')).click();
export const clickConfirm = async ({ page }: PlaywrightContext): Promise<void> =>
  button(confirmDialog(page), t('TRANSFERS.CONFIRM.ACCEPT')).click();
export const clickCancel = async ({ page }: PlaywrightContext): Promise<void> =>
  button(confirmDialog(page), t('TRANSFERS.CONFIRM.CANCEL')).click();
export const closeCodeDialog = async ({ page }: PlaywrightContext): Promise<void> =>
  button(codeDialog(page), t('SECURITY_CODE_DIALOG.CANCEL')).click();

/**
 * The form shows no failure of the flow (a field's own message, for what is typed, may show: it
 * is the form's rule, not a refusal).
 */
export async function expectNoFailureShown(page: Page): Promise<void> {
  const failures = [
    t('TRANSFERS.COMPANY.NOT_FOUND'),
    t('ERRORS.API.16'),
    t('ERRORS.TRANSFER.53'),
    t('ERRORS.TRANSFER.54'),
    t('ERRORS.NETWORK'),
  ];
  await expect(
    page.getByRole('alert').filter({ hasText: new RegExp(failures.map((f) => literal(f).source).join('|')) }),
  ).toHaveCount(0);
}

/**
 * The form's alert (a refusal that moved nothing), with `text`, where the eye and the focus are
 * (issue 32: on a phone it sat above the visible area with focus on <body>).
 */
export async function expectFormAlert(page: Page, text: string | RegExp): Promise<void> {
  await expectNoDialog(page);
  const alert = page.getByRole('alert').filter({ hasText: text });
  await expect(alert).toBeVisible();
  await expect(alert).toBeInViewport();
  await expect(alert).toBeFocused();
}

// ───────────────────────────── where the flow leaves to ─────────────────────────────

const LEAVE = 'transfer.leave';

/** Finish (the receipt's Concluir): the flow leaves to /Statement. */
export async function clickFinish({ page }: PlaywrightContext): Promise<void> {
  notes(page).set(LEAVE, '/Statement');
  await button(doneDialog(page), t('TRANSFERS.DONE.FINISH')).click();
}

/** The flow's final state: the page is where the flow said (home unless Finish was clicked). */
export async function expectLeft({ page }: PlaywrightContext): Promise<void> {
  const finished = notes(page).get(LEAVE) === '/Statement';
  await gate(page).openAll();
  const toast = page.getByRole('status').filter({ hasText: t('TRANSFERS.DONE.TOAST') });
  if (finished) {
    await expect(page).toHaveURL(/\/Statement$/);
    await expect(toast).toBeVisible();
  } else {
    // Home (/home, which opens the holder's start page, /Statement), without the receipt's toast.
    await expect(page).toHaveURL(/\/(home|Statement)$/);
    await expect(toast).toHaveCount(0);
  }
}

// ───────────────────────────── the security code ─────────────────────────────

const OWED = 'totp.owed';
const LAST_STEP = 'totp.lastStep';
const PERIOD_MS = 30_000;

/** Outcome binding of `done:securityCode`: the holder will type a valid code. */
export const validCode: Outcome = {
  arrange: async ({ page }) => {
    notes(page).set(OWED, String(Number(notes(page).get(OWED) ?? '0') + 1));
  },
};

/** Takes one code owed, if any. */
function owesCode(page: Page): boolean {
  const owed = Number(notes(page).get(OWED) ?? '0');
  if (owed <= 0) return false;
  notes(page).set(OWED, String(owed - 1));
  return true;
}

/** How far the binding has put this worker's bank clock ahead of the real one (ms). */
const BANK_AHEAD = 'totp.bankAheadMs';

/**
 * By night in São Paulo (20h–6h), an individual's TED, transfers and bills are held to R$ 1,000 a
 * night (issue 28, TRANSFER 113): a path that pays more (the overdue condo slip) puts this
 * worker's bank clock at 12:00 of the same São Paulo day, so it runs whatever the hour of the real
 * day; {@link freshCode} then makes its codes for that clock. The path's reset puts it back.
 */
export async function bankClockByDay(page: Page): Promise<void> {
  const { hour } = saoPauloParts(new Date());
  if (hour >= 6 && hour < 20) return;
  const noon = fromSaoPauloWallTime(...saoPauloYmd(new Date()), 12, 0, 0);
  const res = await page.request.post('/sandbox/clock', { data: { at: noon.toISOString() } });
  if (!res.ok()) throw new Error(`POST /sandbox/clock → ${res.status()}`);
  notes(page).set(BANK_AHEAD, String(noon.getTime() - Date.now()));
}

const saoPauloYmd = (at: Date): [number, number, number] => {
  const p = saoPauloParts(at);
  return [p.year, p.month, p.day];
};

/**
 * A code the bank accepts now and has not seen: the step after the last one used (the previous
 * step for the first). When that step is beyond the one step of drift the bank accepts, the
 * bank's clock is put forward to it (`POST /sandbox/clock`, this worker's own sandbox; the path's
 * reset puts it back) instead of waiting up to 30 s of real time per code, which a path with a
 * refused code or two movements used to do.
 */
export async function freshCode(page: Page): Promise<string> {
  const last = notes(page).get(LAST_STEP);
  let ahead = Number(notes(page).get(BANK_AHEAD) ?? '0');
  const bankNow = () => Date.now() + ahead;
  // Not in the last 2 s of a step: the bank must check the code in the step it was made for. The
  // bank's clock is put forward to the next step (+100 ms) instead of waiting for it in real time.
  if (bankNow() % PERIOD_MS > PERIOD_MS - 2_000) {
    ahead += PERIOD_MS - (bankNow() % PERIOD_MS) + 100;
    const res = await page.request.post('/sandbox/clock', {
      data: { at: new Date(Date.now() + ahead).toISOString() },
    });
    if (!res.ok()) throw new Error(`POST /sandbox/clock → ${res.status()}`);
    notes(page).set(BANK_AHEAD, String(ahead));
  }
  const now = Math.floor(bankNow() / PERIOD_MS);
  const step = last === undefined ? now - 1 : Math.max(Number(last) + 1, now - 1);
  if (step > now + 1) {
    // The bank's clock to the start of the step before it (+100 ms): the code is then one step ahead.
    ahead += (step - 1) * PERIOD_MS + 100 - bankNow();
    const res = await page.request.post('/sandbox/clock', {
      data: { at: new Date(Date.now() + ahead).toISOString() },
    });
    if (!res.ok()) throw new Error(`POST /sandbox/clock → ${res.status()}`);
    notes(page).set(BANK_AHEAD, String(ahead));
  }
  notes(page).set(LAST_STEP, String(step));
  return generateSync({ secret: DEMO_USERS.maria.totpSecret, epoch: step * (PERIOD_MS / 1000) });
}

/**
 * The parent's `securityCode` state: the dialog asks for the code (with the refusal's text when the
 * bank refused the last token); when the next outcome is a valid code, the holder types it.
 */
export async function securityCodeState({ page }: PlaywrightContext): Promise<void> {
  const dialog = codeDialog(page);
  const input = field(dialog, t('SECURITY_CODE_DIALOG.LABEL'));
  await expect(input).toBeVisible();
  const confirm = button(dialog, t('SECURITY_CODE_DIALOG.CONFIRM'));
  // Confirm waits for exactly 6 digits.
  await expect(confirm).toBeDisabled();
  if (notes(page).get(REFUSED) === 'yes') {
    notes(page).delete(REFUSED);
    await expect(
      dialog.getByRole('status').filter({ hasText: literal(t('SECURITY_CODE_DIALOG.REFUSED')) }),
    ).toBeVisible();
  }
  if (!owesCode(page)) return;
  await input.fill(await freshCode(page));
  await confirm.click();
}

// ───────────────────────────── refusals ─────────────────────────────

const REFUSED = 'totp.refused';

/**
 * The bank's catalogue codes of a refused movement (sandbox/http/replies.ts): their status and
 * group; the text is the portal's for that group and code (`errorText`, ERRORS.API.16 for 16).
 */
const REFUSALS = {
  50: { status: 403, group: 'SECURITY' },
  16: { status: 422, group: 'TRANSFER' },
  53: { status: 422, group: 'TRANSFER' },
  54: { status: 422, group: 'TRANSFER' },
  62: { status: 422, group: 'BILL' },
  65: { status: 422, group: 'CHECK' },
  66: { status: 422, group: 'CHECK' },
  120: { status: 422, group: 'DEPOSIT' },
} as const;

/** The text the portal shows for a refusal of `code`. */
export const refusalText = (code: keyof typeof REFUSALS): string => errorText(REFUSALS[code].group, code);

/**
 * Outcome binding: the next call of `op` is refused with the bank's catalogue `code` (a status
 * fault, answered before the handler so nothing moves, reshaped to that code).
 */
export function refusal(op: OperationId, code: keyof typeof REFUSALS): Outcome {
  const r = REFUSALS[code];
  const text = refusalText(code);
  return {
    arrange: async (ctx: PlaywrightContext) => {
      await ctx.fault({ operationId: op, status: r.status, times: 1 });
      // The held call reaches the sandbox: an offline plan armed after this one is for a later call.
      gate(ctx.page).plan(op, 'pass');
      await answerNextInShape(ctx.page, op, (real) => {
        // Noted when the answer is served (the outcomes of a path are armed ahead of it): the
        // state it leads to shows this refusal.
        if (code === 50) notes(ctx.page).set(REFUSED, 'yes');
        else notes(ctx.page).set(EXPECTED_MESSAGE, text);
        const body = real.json as { error?: { code: number; group: string; description: string } };
        if (real.status !== r.status || !body.error)
          throw new Error(`esperava a falha ${r.status} do sandbox, veio ${real.status}`);
        return {
          status: r.status,
          json: {
            ...body,
            error: { code, group: r.group, description: text },
            errorMessage: text,
          },
        };
      });
    },
  };
}

/** The refusal reached the page in its reshaped form (called by the state it leads to). */
export const expectRefusalServed = (page: Page, op: OperationId): void => expectAnsweredInShape(page, op);
