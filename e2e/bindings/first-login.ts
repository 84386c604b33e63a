/**
 * E2E bindings of the forced password change of a first access (/password/first-login;
 * machines/access/change-password.machine.ts with `firstLogin`, src/features/access/first-login-page.tsx).
 *
 * The screen only exists right after the login page got code 313, with the typed credentials
 * handed over in memory: each path signs in as the seed's first-access user through the UI.
 */
import { firstLoginFlow as firstLoginEntry } from '../../machines/access/first-login.fixtures';
import { expect } from '@playwright/test';
import { validateNewPassword } from '../../machines/validators/password';
import { defineBindings } from '../driver/path-driver';
import {
  savedState,
  button,
  DEMO,
  DEVICE_HEADER,
  field,
  holdCalls,
  offline,
  submitIfValid,
  t,
  type BoundFlow,
} from './support';
import { expectReady, failedState, saving, submit } from './change-pass-form';

const firstLoginBindings = defineBindings(firstLoginEntry, {
  start: async ({ page }) => {
    await page.goto('/login');
    await field(page, t('LOGIN.USER_LABEL')).fill(DEMO.firstAccess.email);
    await field(page, t('LOGIN.PASSWORD_LABEL')).fill(DEMO.firstAccess.password);
    await button(page, t('LOGIN.SUBMIT')).click();
    await expect(page).toHaveURL(/\/password\/first-login$/);
    await holdCalls(page, 'changePassword');
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { name: t('CHANGEPASS.FIRST_LOGIN_TITLE') })).toBeVisible();
      // §2: no current-password field, the one typed at sign-in is used.
      await expect(field(page, t('CHANGEPASS.CURRENT_LABEL'))).toHaveCount(0);
      await expect(field(page, t('CHANGEPASS.NEW_LABEL'))).toBeVisible();
      await expectReady(page);
    },
    'editing.failed': failedState(/\/password\/first-login$/),
    saving,
    // §4: after a first login's change, the user signs in again.
    changed: savedState(t('CHANGEPASS.SUCCESS'), /\/login$/),
  },
  events: {
    'form.submit': async ({ page }, e) => {
      const newPassword = String(e['newPassword'] ?? '');
      const confirm = String(e['confirm'] ?? '');
      await field(page, t('CHANGEPASS.NEW_LABEL')).fill(newPassword);
      await field(page, t('CHANGEPASS.CONFIRM_LABEL')).fill(confirm);
      const errors = validateNewPassword({ current: DEMO.firstAccess.password, next: newPassword, confirm });
      await submitIfValid(submit(page), Object.keys(errors).length === 0);
    },
  },
  outcomes: {
    changed: 'natural',
    // The temporary password is changed through the API first: the page's call then sends a
    // current password that is no longer right (422, code 21).
    refused: {
      arrange: async ({ request }) => {
        const res = await request.post(`/api/user/${encodeURIComponent(DEMO.firstAccess.email)}/changePass`, {
          headers: DEVICE_HEADER,
          data: { currentPassword: DEMO.firstAccess.password, newPassword: 'outra123' },
        });
        if (!res.ok()) throw new Error(`changePass pela API → ${res.status()} ${await res.text()}`);
      },
    },
    offline: offline('changePassword'),
  },
});

export const firstLoginFlow: BoundFlow<typeof firstLoginEntry> = { bindings: firstLoginBindings };
