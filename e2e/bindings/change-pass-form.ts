/**
 * The change-password form (1-access-shell-statement.md §2 New password) as the bindings see it:
 * the same form serves /password/change and the forced first-login screen, so both flows check
 * it the same way here.
 */
import { expect, type Page } from '@playwright/test';
import { button, expectIdle, literal, savingState, t } from './support';
import type { PlaywrightContext } from '../driver/path-driver';

/** The form's submit button. */
export const submit = (page: Page) => button(page, t('CHANGEPASS.SUBMIT'));

/**
 * The toast of a refused or failed change: the generic text, or the one naming the bank's cause
 * ('Não foi possível alterar a senha: Senha atual incorreta.').
 */
export const errorToast = (page: Page) =>
  page.getByRole('alert').filter({
    hasText: new RegExp(
      `${literal(t('CHANGEPASS.ERROR')).source}|${literal(t('CHANGEPASS.ERROR_CAUSE').replace('{{cause}}', '')).source}`,
    ),
  });

/** The form, ready: the button enabled and no error told. */
export async function expectReady(page: Page): Promise<void> {
  await expectIdle(submit(page));
  await expect(errorToast(page)).toHaveCount(0);
}

/** `editing.failed`: the error is told and the form stays at `url`, ready for another try. */
export const failedState =
  (url: RegExp) =>
  async ({ page }: PlaywrightContext): Promise<void> => {
    await expect(errorToast(page)).toBeVisible();
    await expect(page).toHaveURL(url);
    await expectIdle(submit(page));
  };

/** `saving`: the changePassword call in flight. */
export const saving = savingState(t('CHANGEPASS.SAVING'), submit, 'changePassword');
