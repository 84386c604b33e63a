/**
 * E2E bindings of the cash-vault search (/DepositVault; machines/pix/deposit-vault.machine.ts,
 * src/features/pix/deposit-vault-page.tsx). Each path opens the page as Maria; the sandbox places
 * the address on its gazetteer (sandbox/sim/gazetteer.ts) and answers its seeded vaults
 * (sandbox/db/seed-vaults.ts). The path's one search is Avenida Paulista, 2 km, R$ 1.000,00 (two
 * vaults); the 'none found' outcomes send the same search with a deposit above every vault's limit
 * or an address the gazetteer does not know, and the sandbox answers those as it would.
 */
import { expect, type Page } from '@playwright/test';
import { depositVaultFlow as depositVaultEntry } from '../../machines/pix/deposit-vault.fixtures';
import { defineBindings } from '../driver/path-driver';
import {
  DEMO,
  busyStatus,
  button,
  field,
  holdCalls,
  offline,
  planCall,
  releaseCall,
  settle,
  startSignedIn,
  submitIfValid,
  t,
  type BoundFlow,
} from './support';

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('VAULTS.TITLE') });
const form = (page: Page) => page.getByRole('form', { name: t('VAULTS.STEP_FORM') });
const searchButton = (page: Page) => button(form(page), t('VAULTS.SEARCH'));

/** A deposit above the largest vault limit of the seed (R$ 250.000,00). */
const ABOVE_EVERY_LIMIT = 300_000;

const depositVaultBindings = defineBindings(depositVaultEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, 'searchVaults');
    await startSignedIn(ctx.page, DEMO.maria, { route: '/DepositVault' });
  },
  states: {
    editing: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(field(form(page), t('VAULTS.RADIUS'))).toBeEditable();
      await expect(field(form(page), t('VAULTS.ADDRESS'))).toBeEditable();
      await expect(field(form(page), t('VAULTS.DEPOSIT'))).toBeEditable();
      // An invalid form reaches this state with its fields' messages shown (and, after a failed
      // search, that alert kept: the disabled button sent nothing), so alerts are not counted here.
      await expect(searchButton(page)).toBeVisible();
    },
    searching: async ({ page }) => {
      await expect(busyStatus(page, t('VAULTS.SEARCHING'))).toHaveCount(1);
      await expect(field(form(page), t('VAULTS.ADDRESS'))).not.toBeEditable();
      await releaseCall(page, 'searchVaults');
    },
    showing: async ({ page }) => {
      const list = page.getByRole('list', { name: t('VAULTS.LIST') });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      const map = page.getByRole('region', { name: t('VAULTS.MAP') });
      // The two vaults and the user's address as markers, and the radius circle.
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(3);
      await expect(map.locator('path.vault-radius')).toHaveCount(1);
      await expect(button(page, t('VAULTS.AGAIN'))).toBeEnabled();
    },
    notFound: async ({ page }) => {
      await settle(page, 'searchVaults');
      await expect(page.getByRole('alert')).toHaveText(t('VAULTS.NONE_FOUND'));
      await expect(field(form(page), t('VAULTS.ADDRESS'))).toBeEditable();
    },
    failed: async ({ page }) => {
      await settle(page, 'searchVaults');
      const alert = page.getByRole('alert').filter({ hasText: t('VAULTS.FAILED') });
      await expect(alert).toBeVisible();
      await expect(button(alert, t('VAULTS.RETRY'))).toBeEnabled();
    },
  },
  events: {
    'search.submit': async ({ page }, e) => {
      await field(form(page), t('VAULTS.RADIUS')).fill(String(e['radius']));
      await field(form(page), t('VAULTS.ADDRESS')).fill(String(e['address']));
      await field(form(page), t('VAULTS.DEPOSIT')).fill(String(e['depositAmount']));
      const valid = depositVaultEntry.events.find(
        (f) => f.event.type === 'search.submit' && f.event['address'] === e['address'],
      )?.valid;
      await submitIfValid(searchButton(page), valid !== false);
    },
    'search.again': ({ page }) => button(page, t('VAULTS.AGAIN')).click(),
    retry: ({ page }) => button(page.getByRole('alert'), t('VAULTS.RETRY')).click(),
  },
  outcomes: {
    vaultsFound: 'natural',
    noneWithRoom: {
      arrange: async ({ page }) =>
        planCall(page, 'searchVaults', { body: (json) => ({ ...json, depositAmount: ABOVE_EVERY_LIMIT }) }),
    },
    addressNotPlaced: {
      arrange: async ({ page }) =>
        planCall(page, 'searchVaults', {
          body: (json) => ({ ...json, address: 'Rua Desconhecida, 123 - Curitiba - PR' }),
        }),
    },
    searchServerError: {
      arrange: async (ctx) =>
        planCall(ctx.page, 'searchVaults', {
          before: () => ctx.fault({ operationId: 'searchVaults', status: 500, times: 1 }),
        }),
    },
    searchOffline: offline('searchVaults'),
  },
});

export const depositVaultFlow: BoundFlow<typeof depositVaultEntry> = {
  bindings: depositVaultBindings,
};
