/**
 * Bindings shared by first-access password creation (/FirstAcess) and password reset
 * (/ResetPassword): one machine (machines/access/password-setup.machine.ts), one view
 * (src/features/access/password-setup-view.tsx), reached only through a verified e-mailed link.
 */
import { expect, type Page } from '@playwright/test';
import type { firstAccessFlow, resetPasswordFlow } from '../../machines/access/password-setup.fixtures';
import { validateStrictPassword } from '../../machines/validators/password';
import { defineBindings, type PlaywrightBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  savedState,
  savingState,
  anyOf,
  button,
  expectIdle,
  field,
  holdCalls,
  literal,
  notes,
  offline,
  spendLink,
  submitIfValid,
  takeNote,
  EXPECTED_MESSAGE,
  t,
} from './support';

type Prefix = 'FIRST_ACCESS' | 'RESET';

/** The sandbox's text for a used or expired link (sandbox/http/replies.ts, invalidLink). */
const SPENT_LINK = 'Link inválido ou expirado.';

/**
 * Bindings of one mode: `entry`, the mode's catalog entry (both modes share the machine and the
 * outcome keys). `openLink` arranges a link in the outbox, opens it and returns its action and
 * hash once the screen is there.
 */
export function passwordSetupBindings(
  entry: typeof firstAccessFlow | typeof resetPasswordFlow,
  prefix: Prefix,
  route: RegExp,
  openLink: (ctx: PlaywrightContext) => Promise<{ action: string; hash: string }>,
): PlaywrightBindings {
  const submit = (page: Page) => button(page, t(`${prefix}.SUBMIT`));
  const heading = (page: Page) => page.getByRole('heading', { name: t(`${prefix}.TITLE`) });
  // 500: catalogue text and server message; no connection; a spent link: the sandbox's own text
  // (catalogue code 30, shown as the server wrote it).
  const failure = (page: Page) =>
    page.getByRole('alert').filter({
      hasText: new RegExp(
        `${anyOf('ERRORS.INTERNAL', 'ERRORS.NETWORK').source}|${literal(SPENT_LINK).source}`,
      ),
    });
  return defineBindings(entry, {
    start: async (ctx) => {
      const link = await openLink(ctx);
      notes(ctx.page).set('link.action', link.action);
      notes(ctx.page).set('link.hash', link.hash);
      // Held from here on: the link was verified on the way in.
      await holdCalls(ctx.page, 'savePassword');
    },
    states: {
      'editing.idle': async ({ page }) => {
        await expect(page).toHaveURL(route);
        await expect(heading(page)).toBeVisible();
        await expect(field(page, t('PASSWORD.NEW_LABEL'))).toBeVisible();
        await expect(field(page, t('PASSWORD.CONFIRM_LABEL'))).toBeVisible();
        await expectIdle(submit(page));
        await expect(failure(page)).toHaveCount(0);
      },
      'editing.failed': async ({ page }) => {
        await expect(page).toHaveURL(route);
        await expect(failure(page)).toBeVisible();
        const noted = takeNote(page, EXPECTED_MESSAGE);
        if (noted) await expect(failure(page)).toContainText(noted);
        await expectIdle(submit(page));
      },
      saving: savingState(t('PASSWORD.SAVING'), submit, 'savePassword'),
      saved: savedState(t(`${prefix}.SUCCESS`), /\/login$/),
    },
    events: {
      'form.submit': async ({ page }, e) => {
        const password = String(e['password'] ?? '');
        const confirm = String(e['confirm'] ?? '');
        await field(page, t('PASSWORD.NEW_LABEL')).fill(password);
        await field(page, t('PASSWORD.CONFIRM_LABEL')).fill(confirm);
        const valid = Object.keys(validateStrictPassword({ next: password, confirm })).length === 0;
        await submitIfValid(submit(page), valid);
      },
    },
    outcomes: {
      saved: 'natural',
      // The link is used up through the API first: the page's save then meets a spent link.
      refused: {
        arrange: async ({ page, request }) =>
          spendLink(request, notes(page).get('link.action') ?? '', notes(page).get('link.hash') ?? ''),
      },
      offline: offline('savePassword'),
    },
  });
}
