/**
 * E2E bindings of signing out (machines/access/logout.machine.ts, src/shell/logout-page.tsx).
 *
 * Each path starts signed in as Maria on /Statement (the machine's `idle`: the page that asks to
 * leave is not open yet); "Sair" in the user menu opens /Logout, whose first act is the request.
 * The gate holds DELETE /logout so that `calling` ('Saindo...') can be seen; the outcome armed
 * for the path says whether the call then goes on (answered, 401, 500, offline) or stays held
 * until the page's clock has passed the 5 s bound (the timer step), never answered.
 */
import { logoutFlow as logoutEntry } from '../../machines/access/logout.fixtures';
import { expect, type Page } from '@playwright/test';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import { SESSION_STORAGE_KEY, sessionOf, startSignedIn } from '../support/session';
import {
  authHeaders,
  busyStatus,
  DEMO,
  gate,
  holdCalls,
  notes,
  releaseCall,
  t,
  type BoundFlow,
} from './support';

/** The note that the path's call is answered (set by its outcome), and how. */
const ANSWER = 'logout.answer';

const answered =
  (how: 'done' | 'error', fault?: number) =>
  async (ctx: PlaywrightContext): Promise<void> => {
    if (fault !== undefined) await ctx.fault({ operationId: 'logout', status: fault, times: 1 });
    notes(ctx.page).set(ANSWER, how);
  };

const storedSession = (page: Page): Promise<string | null> =>
  page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);

const logoutBindings = defineBindings(logoutEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, 'logout');
    await startSignedIn(ctx.page, DEMO.maria, { route: '/Statement', waitFor: 'nothing' });
  },
  states: {
    idle: async ({ page }) => {
      await expect(page).toHaveURL(/\/Statement$/);
      await expect(page.getByRole('button', { name: t('SHELL.USER_MENU') })).toBeVisible();
    },
    calling: async ({ page }) => {
      await expect(page).toHaveURL(/\/Logout$/);
      await expect(busyStatus(page, t('SHELL.LOGGING_OUT'))).toBeVisible();
      // Still signed in while the bank is asked: the call carries the token.
      expect(await storedSession(page)).not.toBeNull();
      // Answered outcomes let the call go on; the timer's path keeps it held past the bound.
      if (notes(page).has(ANSWER)) await releaseCall(page, 'logout');
    },
    signedOut: async (ctx) => {
      const { page, request } = ctx;
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: t('LOGIN.TITLE') })).toBeVisible();
      expect(await storedSession(page)).toBeNull();
      // A refused logout (401) is not an expired session to announce: the user chose to leave.
      await expect(page.getByText(t('SHELL.SESSION_EXPIRED'))).toHaveCount(0);
      await gate(page).openAll();
      if (notes(page).get(ANSWER) === 'done') {
        // The bank really ended the token.
        const session = await sessionOf(page);
        const me = await request.get('/api/me', { headers: authHeaders(session) });
        expect(me.status()).toBe(401);
      }
    },
  },
  events: {
    'logout.request': async ({ page }, event) => {
      if (event.token === null) {
        // No session: /Logout opened directly (the seeding marker stays, so none comes back).
        await page.evaluate((key) => sessionStorage.removeItem(key), SESSION_STORAGE_KEY);
        await page.goto('/Logout');
        return;
      }
      await page.getByRole('button', { name: t('SHELL.USER_MENU') }).click();
      await page.getByRole('menuitem', { name: t('SHELL.LOGOUT') }).click();
    },
  },
  outcomes: {
    revoked: { arrange: answered('done') },
    alreadyExpired: { arrange: answered('error', 401) },
    serverError: { arrange: answered('error', 500) },
    offline: {
      arrange: async (ctx) => {
        gate(ctx.page).plan('logout', 'offline');
        notes(ctx.page).set(ANSWER, 'error');
      },
    },
  },
});

export const logoutFlow: BoundFlow<typeof logoutEntry> = { bindings: logoutBindings };
