/**
 * E2E bindings of the Pix limits (/PixLimits; machines/pix/pix-limits.machine.ts,
 * src/features/pix/pix-limits-page.tsx). Each path opens the page as Maria, whose seed gives her
 * R$ 5.000,00 by day, R$ 1.000,00 by night, 20h–6h, nothing pending.
 *
 * Outcomes are the bank's own answers to the state a path leaves it in: a pending increase is one
 * asked through the API just before the page's call (the page reads it, or its own request is then
 * refused with PIXLIMIT 110); the page's request is made an increase by lowering the day total
 * first (a decrease is in force at once), so both submitted values wait 24 hours. 22h is always an
 * increase from the seed's 20h. Failures are faults or an offline call.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pixLimitsFlow as pixLimitsEntry } from '../../machines/pix/pix-limits.fixtures';
import { defineBindings } from '../driver/path-driver';
import {
  DEMO,
  authHeaders,
  busyStatus,
  button,
  field,
  holdCalls,
  offline,
  planCall,
  releaseCall,
  sessionOf,
  settle,
  startSignedIn,
  t,
  type BoundFlow,
} from './support';

const OPS = ['getPixLimits', 'requestPixLimitAdjustment', 'setPixNightWindow'] as const;

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('PIX_LIMITS.TITLE') });
const requestButton = (page: Page) => button(page, t('PIX_LIMITS.REQUEST'));
const windowButton = (page: Page) => button(page, t('PIX_LIMITS.WINDOW_CHANGE'));
const adjustDialog = (page: Page) => page.getByRole('dialog', { name: t('PIX_LIMITS.REQUEST') });
const windowDialog = (page: Page) => page.getByRole('dialog', { name: t('PIX_LIMITS.WINDOW_TITLE') });
const pendingNote = (page: Page) => page.getByText(t('PIX_LIMITS.PENDING_NOTE'));

/** Asks the bank for new totals as Maria, through the API (the arrangement of an outcome). */
async function askLimits(page: Page, daytimeValue: number, nighttimeValue: number): Promise<void> {
  const session = await sessionOf(page, DEMO.maria);
  const accountId = session.account.accounts[0]?.accountId ?? '';
  const res = await page.request.post(`/api/account/${accountId}/pix-limits`, {
    headers: authHeaders(session),
    data: { daytimeValue, nighttimeValue },
  });
  expect(res.status(), 'requestPixLimitAdjustment (arrangement)').toBe(200);
}

/** Clicks `opener`, or, while a request is pending, finds it disabled with the note of §2. */
async function openOrRefused(page: Page, opener: Locator): Promise<void> {
  if ((await pendingNote(page).count()) === 0) return opener.click();
  await expect(opener).toBeDisabled();
}

const pixLimitsBindings = defineBindings(pixLimitsEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, ...OPS);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixLimits', waitFor: 'nothing' });
  },
  states: {
    loading: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(busyStatus(page, t('PIX_LIMITS.LOADING'))).toHaveCount(1);
      await releaseCall(page, 'getPixLimits');
    },
    loadError: async ({ page }) => {
      await settle(page, 'getPixLimits');
      const alert = page.getByRole('alert').filter({ hasText: t('PIX_LIMITS.ERROR') });
      await expect(alert).toBeVisible();
      await expect(button(alert, t('PIX_LIMITS.RETRY'))).toBeEnabled();
    },
    viewing: async ({ page }) => {
      await expect(page.getByText(t('PIX_LIMITS.DAY'), { exact: false }).first()).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // §2: the button is disabled, with its note, while a request is pending.
      if ((await pendingNote(page).count()) > 0) {
        await expect(requestButton(page)).toBeDisabled();
        await expect(windowButton(page)).toBeDisabled();
      } else {
        await expect(requestButton(page)).toBeEnabled();
        await expect(windowButton(page)).toBeEnabled();
      }
    },
    'adjusting.editing': async ({ page }) => {
      await expect(adjustDialog(page)).toBeVisible();
      await expect(field(adjustDialog(page), t('PIX_LIMITS.DAY_FIELD'))).toBeEditable();
      await expect(field(adjustDialog(page), t('PIX_LIMITS.NIGHT_FIELD'))).toBeEditable();
    },
    'adjusting.saving': async ({ page }) => {
      await expect(busyStatus(adjustDialog(page), t('PIX_LIMITS.SAVING'))).toHaveCount(1);
      await releaseCall(page, 'requestPixLimitAdjustment');
    },
    'adjusting.failed': async ({ page }) => {
      await settle(page, 'requestPixLimitAdjustment');
      await expect(adjustDialog(page).getByRole('alert')).toContainText(t('PIX_LIMITS.ERROR'));
      await expect(button(adjustDialog(page), t('PIX_LIMITS.RETRY'))).toBeEnabled();
    },
    'choosingWindow.editing': async ({ page }) => {
      await expect(windowDialog(page)).toBeVisible();
      await expect(
        windowDialog(page).getByRole('radio', { name: t('PIX_LIMITS.WINDOW_VALUE', { start: 20 }) }),
      ).toBeChecked();
    },
    'choosingWindow.saving': async ({ page }) => {
      await expect(busyStatus(windowDialog(page), t('PIX_LIMITS.SAVING'))).toHaveCount(1);
      await releaseCall(page, 'setPixNightWindow');
    },
    'choosingWindow.failed': async ({ page }) => {
      await settle(page, 'setPixNightWindow');
      await expect(windowDialog(page).getByRole('alert')).toContainText(t('PIX_LIMITS.ERROR'));
    },
  },
  events: {
    // While a request is pending the guard refuses the event: the button is disabled, nothing opens.
    'adjust.open': ({ page }) => openOrRefused(page, requestButton(page)),
    'adjust.submit': async ({ page }, e) => {
      const dialog = adjustDialog(page);
      await field(dialog, t('PIX_LIMITS.DAY_FIELD')).fill(String(e['day']));
      await field(dialog, t('PIX_LIMITS.NIGHT_FIELD')).fill(String(e['night']));
      await button(dialog, t('PIX_LIMITS.CONFIRM')).click();
      const valid = pixLimitsEntry.events.find(
        (f) =>
          f.event.type === 'adjust.submit' && f.event['day'] === e['day'] && f.event['night'] === e['night'],
      )?.valid;
      // §5: any invalid field keeps the dialog with the one message.
      if (valid === false) await expect(dialog.getByRole('alert')).toContainText(t('PIX_LIMITS.INVALID'));
    },
    'adjust.cancel': ({ page }) => button(adjustDialog(page), t('PIX_LIMITS.CANCEL')).click(),
    'window.open': ({ page }) => openOrRefused(page, windowButton(page)),
    'window.submit': async ({ page }, e) => {
      const dialog = windowDialog(page);
      await dialog
        .getByRole('radio', { name: t('PIX_LIMITS.WINDOW_VALUE', { start: Number(e['startHour']) }) })
        .check();
      await button(dialog, t('PIX_LIMITS.CONFIRM')).click();
    },
    'window.cancel': ({ page }) => button(windowDialog(page), t('PIX_LIMITS.CANCEL')).click(),
    retry: async ({ page }) => {
      for (const dialog of [adjustDialog(page), windowDialog(page)])
        if ((await dialog.count()) > 0) return button(dialog, t('PIX_LIMITS.RETRY')).click();
      return button(page.getByRole('alert'), t('PIX_LIMITS.RETRY')).click();
    },
  },
  outcomes: {
    limitsLoaded: 'natural',
    limitsPending: {
      arrange: async ({ page }) =>
        planCall(page, 'getPixLimits', { before: () => askLimits(page, 9_000, 1_000) }),
    },
    loadServerError: {
      arrange: async (ctx) =>
        planCall(ctx.page, 'getPixLimits', {
          before: () => ctx.fault({ operationId: 'getPixLimits', status: 500, times: 1 }),
        }),
    },
    raisePending: {
      // Lowered first (at once), so the page's day total is an increase whatever it typed.
      arrange: async ({ page }) =>
        planCall(page, 'requestPixLimitAdjustment', { before: () => askLimits(page, 1_000, 300) }),
    },
    alreadyPending: {
      arrange: async ({ page }) =>
        planCall(page, 'requestPixLimitAdjustment', { before: () => askLimits(page, 9_000, 1_000) }),
    },
    saveOffline: offline('requestPixLimitAdjustment'),
    windowPending: 'natural',
    windowServerError: {
      arrange: async (ctx) =>
        planCall(ctx.page, 'setPixNightWindow', {
          before: () => ctx.fault({ operationId: 'setPixNightWindow', status: 500, times: 1 }),
        }),
    },
  },
});

/** The outcomes arranged by a request of Maria's through the API (askLimits). */
const ASKED_THROUGH_THE_API = new Set(['limitsPending', 'raisePending', 'alreadyPending']);

export const pixLimitsFlow: BoundFlow<typeof pixLimitsEntry> = {
  bindings: pixLimitsBindings,
  sequences: [
    {
      key: 'twoRequests',
      why: 'dois pedidos de ajuste no mesmo caminho: o primeiro deixa um aumento pendente por 24 h no banco, que recusa o segundo (PIXLIMIT 110); adiantar o relógio do banco 24 h venceria a sessão (no máximo 12 h). Cada resultado é jogado sozinho nos outros caminhos',
      crosses: (path) =>
        path.steps.filter((s) => s.outcome !== undefined && ASKED_THROUGH_THE_API.has(s.outcome)).length > 1,
    },
  ],
};
