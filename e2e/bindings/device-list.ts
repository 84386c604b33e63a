/**
 * E2E bindings of the trusted devices (/DeviceList; machines/devices/device-list.machine.ts,
 * src/features/devices/device-list-page.tsx). Each path opens the page as Doce Sabor, signed in
 * from a browser that is none of her devices: her six seeded devices (two pages), adding enabled.
 *
 * The fixture's device ids are the fixtures'; a row is found by its alias (DOCE_DEVICES). Outcomes
 * are the bank's answers: 'Apelido já cadastrado.' is a device of the same alias registered through
 * the API just before the page's call; failures are faults or an offline call.
 */
import { expect, type Page } from '@playwright/test';
import { DOCE_DEVICES, deviceListFlow as deviceListEntry } from '../../machines/devices/device-list.fixtures';
import { defineBindings } from '../driver/path-driver';
import { DOCE_SABOR } from '../support/demo';
import { registerDevice } from '../support/devices';
import {
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

const OPS = ['listDevices', 'createDevice', 'blockDevice', 'deleteDevice'] as const;

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('DEVICES.TITLE') });
const addButton = (page: Page) => button(page, t('DEVICES.ADD'));
/** The open dialog: a form's, or the delete confirmation (an alertdialog). */
const dialog = (page: Page) => page.locator('[role=dialog], [role=alertdialog]');
const aliasOf = (id: unknown) => DOCE_DEVICES.find((d) => d.id === Number(id))?.alias ?? '';

/** Clicks a pager button, or finds it disabled where the machine's guard refuses the event. */
async function clickUnlessDisabled(page: Page, name: string): Promise<void> {
  const b = button(page, name);
  if (await b.isDisabled()) return expect(b).toBeDisabled();
  return b.click();
}

/** The row's action, going back a page when the row is on the first one. */
async function rowAction(page: Page, name: string): Promise<void> {
  const action = page.getByRole('button', { name, exact: true });
  if ((await action.count()) === 0) await button(page, t('DEVICES.PREVIOUS')).click();
  await action.click();
}

const deviceListBindings = defineBindings(deviceListEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, ...OPS);
    await startSignedIn(ctx.page, DOCE_SABOR, { route: '/DeviceList', waitFor: 'nothing' });
  },
  states: {
    loading: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      // The grid's area (src/ui/paged-grid.tsx) is busy and says it is loading.
      await expect(page.locator('[aria-busy=true]').getByText(t('DEVICES.LOADING'))).toBeVisible();
      await releaseCall(page, 'listDevices');
    },
    loadError: async ({ page }) => {
      await settle(page, 'listDevices');
      const alert = page.getByRole('alert').filter({ hasText: t('DEVICES.LOAD_FAILED') });
      await expect(alert).toBeVisible();
      await expect(button(alert, t('DEVICES.RETRY'))).toBeEnabled();
    },
    viewing: async ({ page }) => {
      await expect(page.getByRole('table', { name: t('DEVICES.TITLE') })).toBeVisible();
      await expect(dialog(page)).toHaveCount(0);
      // None of her devices is this browser, or only one not validated yet: adding stays enabled.
      await expect(addButton(page)).toBeEnabled();
    },
    'adding.editing': async ({ page }) => {
      await expect(dialog(page)).toBeVisible();
      await expect(field(dialog(page), t('DEVICES.ALIAS'))).toBeEditable();
    },
    'adding.saving': async ({ page }) => {
      await expect(busyStatus(dialog(page), t('DEVICES.SAVING'))).toHaveCount(1);
      await releaseCall(page, 'createDevice');
    },
    'blocking.editing': async ({ page }) => {
      await expect(dialog(page)).toBeVisible();
      await expect(field(dialog(page), t('DEVICES.USER'))).toBeEditable();
    },
    'blocking.saving': async ({ page }) => {
      await expect(busyStatus(dialog(page), t('DEVICES.SAVING'))).toHaveCount(1);
      await releaseCall(page, 'blockDevice');
    },
    'deleting.confirming': async ({ page }) => {
      await expect(dialog(page)).toContainText(t('DEVICES.DELETE_TITLE'));
    },
    'deleting.saving': async ({ page }) => {
      await expect(busyStatus(dialog(page), t('DEVICES.SAVING'))).toHaveCount(1);
      await releaseCall(page, 'deleteDevice');
    },
  },
  events: {
    // On the last (first) page the guard refuses the event: the button is disabled, nothing moves.
    'page.next': ({ page }) => clickUnlessDisabled(page, t('DEVICES.NEXT')),
    'page.previous': ({ page }) => clickUnlessDisabled(page, t('DEVICES.PREVIOUS')),
    'add.open': ({ page }) => addButton(page).click(),
    'add.submit': async ({ page }, e) => {
      const d = dialog(page);
      await field(d, t('DEVICES.ALIAS')).fill(String(e['alias']));
      await field(d, t('DEVICES.USER')).fill(String(e['username']));
      await field(d, t('DEVICES.PASSWORD')).fill(String(e['password']));
      await button(d, t('DEVICES.ADD_CONFIRM')).click();
      const valid = deviceListEntry.events.find(
        (f) =>
          f.event.type === 'add.submit' &&
          f.event['alias'] === e['alias'] &&
          f.event['username'] === e['username'],
      )?.valid;
      if (valid === false) await expect(d.getByRole('alert')).toBeVisible();
    },
    'block.open': async ({ page }, e) => {
      const alias = aliasOf(e['id']);
      const blocked = page.getByRole('button', { name: t('DEVICES.UNBLOCK_OF', { alias }), exact: true });
      const name =
        (await blocked.count()) > 0 ? t('DEVICES.UNBLOCK_OF', { alias }) : t('DEVICES.BLOCK_OF', { alias });
      await rowAction(page, name);
    },
    'block.submit': async ({ page }, e) => {
      const d = dialog(page);
      await field(d, t('DEVICES.USER')).fill(String(e['username']));
      await field(d, t('DEVICES.PASSWORD')).fill(String(e['password']));
      await d
        .getByRole('button', { name: new RegExp(`^(${t('DEVICES.BLOCK')}|${t('DEVICES.UNBLOCK')})$`) })
        .click();
      if (e['password'] === '') await expect(d.getByRole('alert')).toBeVisible();
    },
    'delete.open': ({ page }, e) => rowAction(page, t('DEVICES.DELETE_OF', { alias: aliasOf(e['id']) })),
    'delete.confirm': ({ page }) => button(dialog(page), t('DEVICES.DELETE')).click(),
    'dialog.cancel': ({ page }) => button(dialog(page), t('DEVICES.CANCEL')).click(),
    retry: ({ page }) => button(page.getByRole('alert'), t('DEVICES.RETRY')).click(),
  },
  outcomes: {
    devicesLoaded: 'natural',
    loadServerError: {
      arrange: async (ctx) =>
        planCall(ctx.page, 'listDevices', {
          before: () => ctx.fault({ operationId: 'listDevices', status: 500, times: 1 }),
        }),
    },
    deviceAdded: 'natural',
    aliasTaken: {
      // The same alias registered through the API just before the page's call.
      arrange: async ({ page }) =>
        planCall(page, 'createDevice', {
          before: async () => {
            await registerDevice(page, await sessionOf(page, DOCE_SABOR), DOCE_SABOR, 'Caixa da loja');
          },
        }),
    },
    blockToggled: 'natural',
    blockServerError: {
      arrange: async (ctx) =>
        planCall(ctx.page, 'blockDevice', {
          before: () => ctx.fault({ operationId: 'blockDevice', status: 500, times: 1 }),
        }),
    },
    deviceDeleted: 'natural',
    deleteOffline: offline('deleteDevice'),
  },
});

const doneOf = (actor: string) => (step: { kind: string; actor?: string }) =>
  step.kind === 'done' && step.actor === actor;

export const deviceListFlow: BoundFlow<typeof deviceListEntry> = {
  bindings: deviceListBindings,
  sequences: [
    {
      key: 'addedTwice',
      why: 'dois cadastros com o mesmo apelido no mesmo caminho: o banco recusa o segundo (Apelido já cadastrado.), que o caminho espera aceito; cada resultado é jogado sozinho nos outros caminhos',
      crosses: (path) =>
        path.steps.filter((s) => doneOf('createDevice')(s) || s.outcome === 'aliasTaken').length > 1,
    },
    {
      key: 'deletedThenOpened',
      why: 'o Notebook do caixa excluído no banco não volta à lista, e o modelo (que relê sempre a mesma lista) ainda o abre depois',
      crosses: (path) => {
        const deleted = path.steps.findIndex(doneOf('deleteDevice'));
        return (
          deleted >= 0 &&
          path.steps
            .slice(deleted)
            .some((s) => s.kind === 'event' && /^(block|delete)\.open$/.test(s.event.type))
        );
      },
    },
  ],
};
