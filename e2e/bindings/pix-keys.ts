/**
 * E2E bindings of key management (/ManageKeys; machines/pix/pix-keys.machine.ts,
 * src/features/pix/pix-keys-page.tsx). Each path opens the page as Maria: the seed gives her 4 keys
 * that count toward her limit of 5 (CPF, e-mail and a random key ACTIVE, her phone awaiting its
 * code). The fixture's random key is her random key; the e-mail the fixture refuses to delete is
 * not hers, so no Delete button exists for it.
 *
 * Outcomes: her real list is the 4 keys; "5 keys" is her real list padded to her limit for the
 * page (with a random key again if the path removed hers); a removal answered with statusCode 500
 * is a sandbox fault (nothing removed) reshaped into that 200 answer; the other failures are
 * faults or an offline call. The register dialog, a child machine, is closed as soon as it is seen
 * (its own paths are pix-key-register's); opened by 'Validar' on her phone, it asks the bank for a
 * new code (a real one, to her phone) and is closed once the code field is there.
 */
import { MARIA_EVP } from '../../machines/pix/pix-key-sample-data';
import { pixKeysFlow as pixKeysEntry } from '../../machines/pix/pix-keys.fixtures';
import { expect, type Page } from '@playwright/test';
import { defineBindings } from '../driver/path-driver';
import {
  DEMO,
  answerNextInShape,
  authHeaders,
  busyStatus,
  button,
  field,
  holdCalls,
  offline,
  planCall,
  releaseCall,
  sessionOf,
  startSignedIn,
  t,
  type BoundFlow,
} from './support';

const OPS = ['listAliases', 'deletePixKey'] as const;

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('PIX_KEYS.TITLE') });
const addButton = (page: Page) => button(page, t('PIX_KEYS.ADD'));
const loading = (page: Page) => busyStatus(page, t('PIX_KEYS.LOADING'));
const loadAlert = (page: Page) => page.getByRole('alert').filter({ hasText: t('PIX_KEYS.LOAD_ERROR') });
const confirmDialog = (page: Page) =>
  page.getByRole('alertdialog', { name: t('PIX_KEYS.CONFIRM_DELETE_TITLE') });
const limitDialog = (page: Page) => page.getByRole('alertdialog', { name: t('PIX_KEYS.KEYS_LIMITS') });
const registerDialog = (page: Page) => page.getByRole('dialog', { name: t('PIX_KEYS.REGISTER.TITLE') });
const otpDialog = (page: Page) => page.getByRole('dialog', { name: t('PIX_KEYS.OTP.TITLE') });
const evpRow = (page: Page) =>
  page
    .getByRole('listitem')
    .filter({ hasText: t('PIX_KEYS.TYPES.EVP') })
    .first();

/**
 * Maria holds a random key when her list is read: a simple path removes it, lists the keys again
 * and removes "the random key" once more, which needs one to exist (a new one: the bank draws its
 * value, and the page removes the key its row shows).
 */
async function keepRandomKey(page: Page): Promise<void> {
  const session = await sessionOf(page, DEMO.maria);
  const accountId = session.account.accounts[0]?.accountId ?? '';
  const headers = authHeaders(session);
  const list = await page.request.get(`/api/account/${accountId}/aliases`, { headers });
  expect(list.status(), 'listAliases').toBe(200);
  if (((await list.json()) as { data: { type: string }[] }).data.some((k) => k.type === 'EVP')) return;
  const res = await page.request.post(`/api/PixIndiretoDict/createKey/${accountId}`, {
    headers,
    data: { key_type: 'EVP' },
  });
  expect(res.status(), 'createKey EVP').toBe(200);
}

const pixKeysBindings = defineBindings(pixKeysEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, ...OPS);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/ManageKeys', waitFor: 'nothing' });
  },
  states: {
    loading: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(loading(page)).toHaveCount(1);
      await expect(addButton(page)).toBeDisabled();
      await releaseCall(page, 'listAliases');
    },
    loadError: async ({ page }) => {
      await expect(loadAlert(page)).toBeVisible();
      await expect(button(loadAlert(page), t('PIX_KEYS.RETRY'))).toBeEnabled();
    },
    browsing: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    },
    'browsing.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 2, name: t('PIX_KEYS.MY_KEYS') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t('PIX_KEYS.OPEN_REQUESTS') })).toBeVisible();
      await expect(addButton(page)).toBeEnabled();
      await expect(loading(page)).toHaveCount(0);
    },
    // Waiting to reload: Playwright's installed clock lets time flow, so the 50 ms (or 3 s) may
    // already have passed; the dialog is closed and the page is there (the reload is the next step's).
    'browsing.dialogClosed': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
    },
    'browsing.keyRemoved': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
    },
    limitReached: async ({ page }) => {
      await expect(limitDialog(page)).toBeVisible();
      await expect(limitDialog(page)).toContainText(t('PIX_KEYS.LIMIT_TEXT', { limit: 5 }));
    },
    registering: async ({ page }) => {
      await expect(registerDialog(page)).toBeVisible();
      await expect(registerDialog(page)).toContainText(t('PIX_KEYS.REGISTER.CHOOSE'));
      // The child's own paths are pix-key-register's: here it ends at once.
      await page.keyboard.press('Escape');
    },
    validating: async ({ page }) => {
      await expect(field(otpDialog(page), t('PIX_KEYS.OTP.LABEL'))).toBeVisible();
      await expect(busyStatus(otpDialog(page), t('PIX_KEYS.OTP.SENDING'))).toHaveCount(0);
      // The child's own paths are pix-key-register's: here it ends at once (the key stays pending).
      await page.keyboard.press('Escape');
    },
    'confirmingDelete.asking': async ({ page }) => {
      await expect(confirmDialog(page)).toBeVisible();
      await expect(confirmDialog(page)).toContainText(t('PIX_KEYS.CONFIRM_DELETE_WARNING'));
      await expect(button(confirmDialog(page), t('PIX_KEYS.CANCEL'))).toBeFocused();
    },
    'confirmingDelete.deleting': async ({ page }) => {
      await expect(busyStatus(confirmDialog(page), t('PIX_KEYS.DELETING'))).toHaveCount(1);
      await releaseCall(page, 'deletePixKey');
    },
    'confirmingDelete.failed': async ({ page }) => {
      await expect(confirmDialog(page).getByRole('alert')).toContainText(t('PIX_KEYS.DELETED_ERROR'));
    },
  },
  events: {
    'key.add': ({ page }) => addButton(page).click(),
    'key.delete': async ({ page }, e) => {
      if (e['key'] === 'maria.pix@exemplo.com.br') {
        await expect(button(page, t('PIX_KEYS.DELETE_ITEM', { key: String(e['key']) }))).toHaveCount(0);
        return;
      }
      const name = t('PIX_KEYS.DELETE_ITEM', { key: '' });
      await evpRow(page)
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .click();
    },
    'key.validate': async ({ page }, e) => {
      // Only her seeded phone awaits its code: the one 'Validar a chave …' of the page.
      const prefix = t('PIX_KEYS.VALIDATE_ITEM', { key: '|' }).split('|')[0] ?? '';
      const validate = new RegExp(`^${prefix}`);
      if (e['key'] === MARIA_EVP) {
        await expect(evpRow(page).getByRole('button', { name: validate })).toHaveCount(0);
        return;
      }
      await page.getByRole('button', { name: validate }).click();
    },
    'delete.confirm': ({ page }) => button(confirmDialog(page), t('PIX_KEYS.CONFIRM_DELETE')).click(),
    'delete.cancel': ({ page }) => button(confirmDialog(page), t('PIX_KEYS.CANCEL')).click(),
    'limit.close': ({ page }) => button(limitDialog(page), t('PIX_KEYS.OK')).click(),
    retry: async ({ page }) => {
      if ((await loadAlert(page).count()) > 0) await button(loadAlert(page), t('PIX_KEYS.RETRY')).click();
      else await button(confirmDialog(page), t('PIX_KEYS.CONFIRM_DELETE')).click();
    },
  },
  outcomes: {
    fourKeys: 'natural',
    fiveKeys: {
      arrange: ({ page }) => {
        planCall(page, 'listAliases', { before: () => keepRandomKey(page) });
        return answerNextInShape(page, 'listAliases', (real) => {
          const data = [...(real.json as { data: unknown[] }).data];
          for (let i = data.length; i < 5; i++)
            data.push({
              name: `extra${i}@exemplo.com.br`,
              type: 'EMAIL',
              status: 'CLEARING_REGISTRATION_PENDING',
            });
          return { ...real, json: { data } };
        });
      },
    },
    'done:registerKey': 'natural',
    deleted: 'natural',
    deleteStatus500: {
      arrange: async (ctx) => {
        // The bank refuses before removing anything; the answer is then the spec's 200 with statusCode 500.
        await ctx.fault({ operationId: 'deletePixKey', status: 500 });
        await answerNextInShape(ctx.page, 'deletePixKey', () => ({
          status: 200,
          json: { data: { statusCode: 500, message: 'Falha no provedor.' } },
        }));
      },
    },
    deleteOffline: offline('deletePixKey'),
  },
});

export const pixKeysFlow: BoundFlow<typeof pixKeysEntry> = {
  bindings: pixKeysBindings,
  noWalks:
    "in the 50 ms before the list reloads after a delete, the page keeps 'Validar' disabled while the machine accepts it",
};
