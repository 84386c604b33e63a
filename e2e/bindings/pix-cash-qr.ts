/**
 * E2E bindings of Withdraw Pix and Change Pix (/WithdrawPixPage, /ChangePixPage;
 * machines/pix/pix-cash-qr.machine.ts, src/features/pix/pix-cash-page.tsx): one table per catalog
 * id, written once for the machine both share. Each path opens the page as the bakery, the seed's
 * agent with 'PIX SAQUE' and 'PIX TROCO' and its active keys. The bank answers the keys, the
 * lookup and the code itself; its refusals and failures are faults or an offline call, and a list
 * without an active key is the bank's own list with the active ones taken out.
 */
import { expect, type Page } from '@playwright/test';
import {
  pixChangeQrFlow as changeEntry,
  pixWithdrawQrFlow as withdrawEntry,
} from '../../machines/pix/pix-cash-qr.fixtures';
import type { CashAmounts, CashQrKind } from '../../machines/pix/pix-cash-rules';
import { defineBindings, type FlowBindings } from '../driver/path-driver';
import { PADARIA } from '../support/demo';
import {
  answerNextInShape,
  busyStatus,
  button,
  field,
  holdCalls,
  offline,
  releaseCall,
  startSignedIn,
  t,
  type BoundFlow,
} from './support';

const OPS = ['listAliases', 'getAlias', 'createDynamicQrCode'] as const;

const TITLE = { WITHDRAW: 'PIX_CASH.TITLE_WITHDRAW', CHANGE: 'PIX_CASH.TITLE_CHANGE' } as const;
const ROUTE = { WITHDRAW: '/WithdrawPixPage', CHANGE: '/ChangePixPage' } as const;

const keyGroup = (page: Page) => page.getByRole('group', { name: t('PIX_CASH.KEY_LEGEND') });
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: t('PIX_CASH.CONFIRM_TITLE') });
const totalField = (page: Page, kind: CashQrKind) =>
  field(page, t(kind === 'WITHDRAW' ? 'PIX_CASH.AMOUNT' : 'PIX_CASH.TOTAL'));

/** The dialog when one is open, else the page: where Previous and Retry are. */
async function scopeOf(page: Page) {
  return (await confirmDialog(page).count()) > 0 ? confirmDialog(page) : page;
}

/** Step 2 filled as the event's amounts say, then Next. */
async function fillAmounts(page: Page, kind: CashQrKind, a: CashAmounts): Promise<void> {
  await totalField(page, kind).fill(a.total);
  if (kind === 'CHANGE') {
    await field(page, t('PIX_CASH.PURCHASE')).fill(a.purchase ?? '');
  } else {
    await page
      .getByRole('checkbox', { name: t('PIX_CASH.EXPIRATION_TOGGLE') })
      .setChecked(a.expiration !== undefined);
  }
  if (a.expiration !== undefined) await field(page, t('PIX_CASH.EXPIRATION')).fill(a.expiration);
  await button(page, t('PIX_CASH.NEXT')).click();
}

/** The table of one kind; both catalog ids share the machine, so its names are the same. */
function tableOf(kind: CashQrKind): FlowBindings<typeof withdrawEntry> & FlowBindings<typeof changeEntry> {
  return {
    start: async (ctx) => {
      await holdCalls(ctx.page, ...OPS);
      await startSignedIn(ctx.page, PADARIA, { route: ROUTE[kind], waitFor: 'nothing' });
    },
    states: {
      loadingKeys: async ({ page }) => {
        await expect(page.getByRole('heading', { level: 1, name: t(TITLE[kind]) })).toBeVisible();
        await expect(busyStatus(page, t('PIX_CASH.LOADING_KEYS'))).toHaveCount(1);
        await releaseCall(page, 'listAliases');
      },
      keysFailed: async ({ page }) => {
        await expect(page.getByRole('alert')).toContainText(t('PIX_CASH.KEYS_ERROR'));
        await expect(button(page, t('PIX_CASH.RETRY'))).toBeEnabled();
      },
      noKeys: async ({ page }) => {
        await expect(page.getByText(t('PIX_CASH.NO_KEYS'))).toBeVisible();
        await expect(page.getByRole('link', { name: t('PIX_CASH.NO_KEYS_LINK') })).toHaveAttribute(
          'href',
          '/ManageKeys',
        );
      },
      'key.idle': async ({ page }) => {
        // The seed's active keys of the bakery (its e-mail among them); never a pending one.
        await expect(keyGroup(page).getByRole('radio', { name: /financeiro@paodourado/ })).toHaveCount(1);
        await expect(keyGroup(page).getByRole('radio', { name: /pix@paodourado/ })).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
      },
      'key.invalid': async ({ page }) => {
        await expect(page.getByRole('alert')).toBeVisible();
        await expect(keyGroup(page)).toBeVisible();
      },
      lookingUp: async ({ page }) => {
        await expect(busyStatus(page, t('PIX_CASH.LOOKING_UP'))).toHaveCount(1);
        await releaseCall(page, 'getAlias');
      },
      'amounts.idle': async ({ page }) => {
        await expect(totalField(page, kind)).toBeEditable();
        await expect(confirmDialog(page)).toHaveCount(0);
      },
      'amounts.refused': async ({ page }) => {
        await expect(page.getByRole('alert').filter({ hasText: t('PIX_CASH.REFUSED') })).toBeVisible();
        await expect(totalField(page, kind)).toBeEditable();
      },
      confirming: async ({ page }) => {
        const dialog = confirmDialog(page);
        await expect(dialog).toContainText(PADARIA.name);
        await expect(dialog).toContainText(
          t(kind === 'WITHDRAW' ? 'PIX_CASH.CASH_WITHDRAW' : 'PIX_CASH.CASH_CHANGE'),
        );
      },
      creating: async ({ page }) => {
        await expect(busyStatus(confirmDialog(page), t('PIX_CASH.CREATING'))).toHaveCount(1);
        await releaseCall(page, 'createDynamicQrCode');
      },
      failed: async ({ page }) => {
        await expect(confirmDialog(page).getByRole('alert')).toContainText(t('PIX_CASH.FAILED'));
      },
      'qr.shown': async ({ page }) => {
        await expect(page.getByRole('img', { name: /QR Code do Pix/ })).toBeVisible();
        await expect(field(page, t('PIX_CASH.CODE_LABEL'))).toHaveValue(/^000201/);
      },
      'qr.copied': async ({ page }) => {
        await expect(page.getByRole('status').filter({ hasText: t('PIX_CASH.COPIED') })).toBeVisible();
      },
    },
    events: {
      'key.select': async ({ page }, e) => {
        const key = String(e['key']);
        const option = keyGroup(page).getByRole('radio', { name: new RegExp(key.replace(/[+.]/g, '\\$&')) });
        if (key === PADARIA.email) {
          await option.check();
          await button(page, t('PIX_CASH.NEXT')).click();
        } else {
          // Not an active key of the account: the page does not offer it.
          await expect(option).toHaveCount(0);
        }
      },
      'amounts.submit': ({ page }, e) => fillAmounts(page, kind, e['amounts'] as CashAmounts),
      'confirm.accept': ({ page }) => button(confirmDialog(page), t('PIX_CASH.CONFIRM')).click(),
      'confirm.cancel': ({ page }) => button(confirmDialog(page), t('PIX_CASH.CANCEL')).click(),
      'wizard.previous': async ({ page }) => button(await scopeOf(page), t('PIX_CASH.PREVIOUS')).click(),
      retry: async ({ page }) => button(await scopeOf(page), t('PIX_CASH.RETRY')).click(),
      'qr.copy': ({ page }) => button(page, t('PIX_CASH.COPY')).click(),
    },
    outcomes: {
      keys: 'natural',
      noActiveKey: {
        arrange: ({ page }) =>
          answerNextInShape(page, 'listAliases', (real) => ({
            ...real,
            json: {
              data: (real.json as { data: { status: string }[] }).data.filter((k) => k.status !== 'ACTIVE'),
            },
          })),
      },
      keysServerError: { arrange: (ctx) => ctx.fault({ operationId: 'listAliases', status: 500 }) },
      aliasFound: 'natural',
      aliasNoData: { arrange: (ctx) => ctx.fault({ operationId: 'getAlias', status: 404 }) },
      aliasNoAnswer: offline('getAlias'),
      qrMade: 'natural',
      qrRefused: { arrange: (ctx) => ctx.fault({ operationId: 'createDynamicQrCode', status: 422 }) },
      qrServerError: { arrange: (ctx) => ctx.fault({ operationId: 'createDynamicQrCode', status: 500 }) },
    },
  };
}

export const pixWithdrawQrFlow: BoundFlow<typeof withdrawEntry> = {
  bindings: defineBindings(withdrawEntry, tableOf('WITHDRAW')),
};

export const pixChangeQrFlow: BoundFlow<typeof changeEntry> = {
  bindings: defineBindings(changeEntry, tableOf('CHANGE')),
};
