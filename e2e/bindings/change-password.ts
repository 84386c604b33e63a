/**
 * E2E bindings of the signed-in password change (/password/change;
 * machines/access/change-password.machine.ts, src/features/access/change-password-page.tsx).
 * Each path opens the page with Maria's session, signed in through the API.
 */
import { changePasswordFlow as changePasswordEntry } from '../../machines/access/change-password.fixtures';
import { expect } from '@playwright/test';
import { validateNewPassword } from '../../machines/validators/password';
import { defineBindings } from '../driver/path-driver';
import {
  savedState,
  authHeaders,
  DEMO,
  field,
  holdCalls,
  sessionOf,
  offline,
  startSignedIn,
  submitIfValid,
  t,
  type BoundFlow,
} from './support';
import { expectReady, failedState, saving, submit } from './change-pass-form';

const changePasswordBindings = defineBindings(changePasswordEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, 'changePassword');
    await startSignedIn(ctx.page, DEMO.maria, { route: '/password/change', waitFor: 'nothing' });
  },
  states: {
    'editing.idle': async ({ page }) => {
      await expect(page).toHaveURL(/\/password\/change$/);
      await expect(page.getByRole('heading', { name: t('CHANGEPASS.TITLE') })).toBeVisible();
      await expect(field(page, t('CHANGEPASS.CURRENT_LABEL'))).toBeVisible();
      await expectReady(page);
    },
    'editing.failed': failedState(/\/password\/change$/),
    saving,
    // §4: not a first login, so /home, which shows the statement.
    changed: savedState(t('CHANGEPASS.SUCCESS'), /\/Statement$/),
  },
  events: {
    'form.submit': async ({ page }, e) => {
      const current = String(e['current'] ?? '');
      const newPassword = String(e['newPassword'] ?? '');
      const confirm = String(e['confirm'] ?? '');
      await field(page, t('CHANGEPASS.CURRENT_LABEL')).fill(current);
      await field(page, t('CHANGEPASS.NEW_LABEL')).fill(newPassword);
      await field(page, t('CHANGEPASS.CONFIRM_LABEL')).fill(confirm);
      const errors = validateNewPassword({ current, next: newPassword, confirm });
      await submitIfValid(submit(page), Object.keys(errors).length === 0);
    },
  },
  outcomes: {
    changed: 'natural',
    // Maria's password is changed through the API first: the current password typed in the
    // page is then wrong (422, code 21), as if changed in another tab.
    wrongCurrentPassword: {
      arrange: async (ctx) => {
        const s = await sessionOf(ctx.page);
        const res = await ctx.request.post(`/api/user/${encodeURIComponent(s.username)}/changePass`, {
          headers: authHeaders(s),
          data: { currentPassword: DEMO.maria.password, newPassword: 'outra123' },
        });
        if (!res.ok()) throw new Error(`changePass pela API → ${res.status()} ${await res.text()}`);
      },
    },
    offline: offline('changePassword'),
  },
});

export const changePasswordFlow: BoundFlow<typeof changePasswordEntry> = { bindings: changePasswordBindings };
