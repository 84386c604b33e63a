/**
 * E2E bindings of the statement header (machines/statement/account-summary.machine.ts,
 * src/features/statement/account-header.tsx): the client, then the REAL balance, their failures
 * and retries, and the show/hide toggle. The machine runs as the `account` child of the statement
 * machine, so each path opens /Statement (the list loads freely beside it) with the header's two
 * calls held at the area's gate (statement.ts). Balances without REAL are the sandbox's real
 * answer with its REAL balance relabelled BLOCKED in the browser: the header then shows '-'.
 */
import { accountSummaryFlow as accountSummaryEntry } from '../../machines/statement/account-summary.fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  answerNextInShape,
  DEMO,
  expectAnsweredInShape,
  literal,
  notes,
  t,
  type TextKey,
  type Answer,
  type BoundFlow,
} from './support';
import { settle, waitHeld } from '../driver/call-gate';
import { CALL_ERROR, openStatement, viaGate } from './statement';

/** The header card (a section labelled 'Titular'). */
const header = (page: Page): Locator => page.getByRole('region', { name: t('STATEMENT_SCREEN.HOLDER') });
const balanceLoading = (page: Page): Locator =>
  header(page)
    .getByRole('status')
    .filter({ hasText: t('STATEMENT_SCREEN.BALANCE_LOADING') });
const balanceValue = (page: Page): Locator => header(page).getByTestId('statement-balance');
/** The show/hide toggle: one name, its state in aria-pressed (pressed = hidden). */
const toggle = (page: Page): Locator =>
  header(page).getByRole('button', { name: t('STATEMENT_SCREEN.HIDE_BALANCE') });
const alertOf = (page: Page, key: TextKey): Locator =>
  header(page)
    .getByRole('alert')
    .filter({ hasText: literal(t(key)) });
const retryOf = (page: Page, key: TextKey): Locator =>
  alertOf(page, key)
    .locator('xpath=..')
    .getByRole('button', { name: t('STATEMENT_SCREEN.RETRY') });

/** The header's facts: Maria's name and CPF (from the session until the client arrives), branch 0001. */
async function facts(page: Page): Promise<void> {
  await expect(header(page).getByText(DEMO.maria.name, { exact: true })).toBeVisible();
  await expect(header(page).getByText('529.982.247-25', { exact: true })).toBeVisible();
  await expect(header(page).getByText('0001', { exact: true })).toBeVisible();
}

/** A formatted amount in reais, e.g. 'R$ 5.432,10'. */
const BRL = /^-?R\$\s?-?\d{1,3}(?:\.\d{3})*,\d{2}$/;

/** Note: the balances came without REAL, so the header shows no amount. */
const NO_REAL = 'account.noReal';

/** The sandbox's balances with the REAL one relabelled BLOCKED (same amount): none is REAL. */
function withoutReal({ status, json }: Answer): Answer {
  const body = json as { data?: { balances?: { balanceType?: string }[] } };
  const balances = body.data?.balances ?? [];
  if (status !== 200 || !balances.some((b) => b.balanceType === 'REAL'))
    throw new Error(`o sandbox não devolveu um saldo REAL (${status})`);
  for (const b of balances) if (b.balanceType === 'REAL') b.balanceType = 'BLOCKED';
  return { status, json: body };
}

/** Outcome: the balance call passes the gate and its answer comes without REAL. */
const balancesWithoutReal = {
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    await viaGate.pass('getBalance').arrange(ctx);
    await answerNextInShape(ctx.page, 'getBalance', withoutReal);
    notes(ctx.page).set(NO_REAL, '1');
  },
};

const accountSummaryBindings = defineBindings(accountSummaryEntry, {
  start: (ctx) => openStatement(ctx, 'getClient', 'getBalance'),
  states: {
    loadingClient: async ({ page }) => {
      // The header shows the session's facts and the same 'Carregando saldo...' as loadingBalance
      // (ACCOUNT_LOADING is never shown); what tells them apart is the call the page waits for.
      await facts(page);
      await expect(balanceLoading(page)).toBeVisible();
      await expect(toggle(page)).toHaveCount(0);
      await expect(header(page).getByRole('alert')).toHaveCount(0);
      await waitHeld(page, 'getClient');
    },
    clientFailed: async ({ page }) => {
      await settle(page, 'getClient');
      await expect(alertOf(page, 'STATEMENT_SCREEN.ACCOUNT_UNAVAILABLE')).toContainText(CALL_ERROR());
      await expect(retryOf(page, 'STATEMENT_SCREEN.ACCOUNT_UNAVAILABLE')).toBeEnabled();
      await expect(balanceLoading(page)).toHaveCount(0);
      await expect(toggle(page)).toHaveCount(0);
      // The session's facts stay (fallback).
      await facts(page);
    },
    loadingBalance: async ({ page }) => {
      await settle(page, 'getClient');
      await facts(page);
      // The account number comes with the client.
      await expect(
        header(page)
          .getByText(/^\d{4,}(-\d)?$/)
          .first(),
      ).toBeVisible();
      await expect(balanceLoading(page)).toBeVisible();
      await expect(header(page).getByRole('alert')).toHaveCount(0);
      await expect(toggle(page)).toHaveCount(0);
      await waitHeld(page, 'getBalance');
    },
    balanceFailed: async ({ page }) => {
      await settle(page, 'getBalance');
      await expect(alertOf(page, 'STATEMENT_SCREEN.BALANCE_UNAVAILABLE')).toContainText(CALL_ERROR());
      await expect(retryOf(page, 'STATEMENT_SCREEN.BALANCE_UNAVAILABLE')).toBeEnabled();
      await expect(balanceLoading(page)).toHaveCount(0);
      await expect(toggle(page)).toHaveCount(0);
    },
    'ready.balanceVisible': async ({ page }) => {
      await settle(page, 'getBalance');
      expectAnsweredInShape(page, 'getBalance');
      // The REAL amount, or '-' when the balances came without REAL.
      await expect(balanceValue(page)).toHaveText(notes(page).has(NO_REAL) ? /^-$/ : BRL);
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
      await expect(balanceLoading(page)).toHaveCount(0);
      await expect(header(page).getByRole('alert')).toHaveCount(0);
    },
    'ready.balanceHidden': async ({ page }) => {
      await expect(balanceValue(page)).toContainText('R$ ••••••');
      await expect(balanceValue(page)).toContainText(t('STATEMENT_SCREEN.BALANCE_HIDDEN'));
      await expect(balanceValue(page)).not.toContainText(/\d/);
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    },
  },
  events: {
    'balance.toggle': async ({ page }) => {
      await toggle(page).click();
    },
    retry: async ({ page }) => {
      // The retry of whichever call failed (client or balance).
      await header(page)
        .getByRole('button', { name: t('STATEMENT_SCREEN.RETRY') })
        .click();
    },
  },
  outcomes: {
    clientLoaded: viaGate.pass('getClient'),
    clientServerError: viaGate.status('getClient', 500),
    balances: viaGate.pass('getBalance'),
    balancesWithoutReal: balancesWithoutReal,
    balanceOffline: viaGate.offline('getBalance'),
  },
});

export const accountSummaryFlow: BoundFlow<typeof accountSummaryEntry> = { bindings: accountSummaryBindings };
