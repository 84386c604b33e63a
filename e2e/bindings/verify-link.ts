/**
 * E2E bindings of the e-mailed verification link checked by the login page
 * (machines/access/verify-link.machine.ts, src/features/access/login-page.tsx `VerifyLink`).
 *
 * The catalog's route carries a made-up hash, which the sandbox answers `valid: false`; the valid
 * outcome opens instead the first-access link the seed leaves in the outbox for João.
 */
import { verifyLinkFlow as verifyLinkEntry } from '../../machines/access/verify-link.fixtures';
import { expect } from '@playwright/test';
import { defineBindings } from '../driver/path-driver';
import {
  busyStatus,
  DEMO,
  holdCalls,
  lastMail,
  linkOf,
  literal,
  MAIL,
  notes,
  offline,
  releaseCall,
  t,
  type BoundFlow,
} from './support';

const verifyLinkBindings = defineBindings(verifyLinkEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, 'verifyAction');
    await ctx.page.goto(
      notes(ctx.page).get('verify-link.path') ?? '/login?action=primeiro-acesso&hash=hash-demo',
    );
  },
  states: {
    verifying: async ({ page }) => {
      await expect(page.getByRole('heading', { name: t('LOGIN.TITLE') })).toBeVisible();
      await expect(busyStatus(page, t('LOGIN.VERIFYING_LINK'))).toBeVisible();
      // No login form while the link is checked.
      await expect(page.getByRole('form', { name: t('LOGIN.FORM_LABEL') })).toHaveCount(0);
      await releaseCall(page, 'verifyAction');
    },
    verified: async ({ page }) => {
      // action 'primeiro-acesso' leads to /FirstAcess, with the verified link in memory.
      await expect(page).toHaveURL(/\/FirstAcess$/);
      await expect(page.getByRole('heading', { name: t('FIRST_ACCESS.TITLE') })).toBeVisible();
      await expect(page.getByLabel(t('PASSWORD.NEW_LABEL'), { exact: true })).toBeVisible();
    },
    failed: async ({ page }) => {
      // §8: a warning toast, and the query string is gone.
      await expect(
        page.getByRole('alert').filter({ hasText: literal(t('LOGIN.LINK_FAILED')) }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('form', { name: t('LOGIN.FORM_LABEL') })).toBeVisible();
    },
  },
  events: {},
  outcomes: {
    confirmed: {
      arrange: async ({ page, request }) => {
        const mail = await lastMail(request, DEMO.firstAccess.email, MAIL.firstAccess);
        notes(page).set('verify-link.path', linkOf(mail));
      },
    },
    // The made-up hash of the catalog's route.
    invalidLink: 'natural',
    // The sandbox answers an expired link with `valid: false`; a 422 comes from the fault switch
    // (code 99 there, the machine reacts to any failure the same way).
    expiredLink: {
      fault: { operationId: 'verifyAction', status: 422, times: 1 },
    },
    offline: offline('verifyAction'),
  },
});

export const verifyLinkFlow: BoundFlow<typeof verifyLinkEntry> = { bindings: verifyLinkBindings };
