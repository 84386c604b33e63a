/**
 * E2E bindings of the address book (/ProfileAddressBook; machines/profile/address-book.machine.ts,
 * src/features/profile/address-book.tsx and dialogs/*). Each path opens the page with Maria's
 * session, signed in through the API; the seed gives her two addresses (Casa, id 1, and Trabalho).
 *
 * What the page shows is checked against the sandbox itself: at rest, the list must hold exactly
 * the addresses the bank has (read through the API, in the bank's order, which is the page's: a
 * new address is appended, an edited one stays in place), so every add, edit and delete is also
 * checked to have reached the bank. The fixture's addressId '1' is the seed's Casa; an event about
 * an id the bank does not have ('999') finds no row to click on, which is the UI's way of refusing
 * it. The list in the bank's older shape (only `billingAddress`) is the sandbox's real answer with
 * `addresses` taken out in the browser, after the API has left Maria with her billing address alone.
 *
 * Busy states: the address calls are held on their way out by the one call gate
 * (e2e/driver/call-gate.ts) until the busy state's assertion has seen the busy dialog, then
 * released one by one. Only the next call of an operation is held (`holdNextCall`), armed by the
 * action or the busy state that makes it: GET /client/{accountId} is also the profile query's read
 * (on mount, after a delete), which must pass, while the reload after an edit (§4, step 3) must be
 * held.
 *
 * Failures: sandbox faults on the operationId of the actor (the entry's `operations` map) or, for
 * "no connection", the held call aborted as an offline browser would. Each outcome binding notes
 * the text the page must then show (src/api/errors.ts applied to what the sandbox answers), and
 * the failed state's assertion checks it.
 * The page's pieces, the sandbox reads and arrangements, and the assertions states share are in
 * ./address-book-page.ts.
 */
import { addressBookFlow as addressBookEntry } from '../../machines/profile/address-book.fixtures';
import { expect } from '@playwright/test';
import {
  emptyAddressForm,
  isAddressFormValid,
  type AddressFormValues,
} from '../../machines/profile/address-mapping';
import { defineBindings } from '../driver/path-driver';
import {
  DEMO,
  busyStatus,
  button,
  expectBusy,
  expectIdle,
  notes,
  startSignedIn,
  t,
  takeNote,
  type BoundFlow,
  holdNextCall,
  releaseCall,
} from './support';
import {
  N,
  UNEXPECTED,
  FIELD_LABELS,
  addButton,
  addressList,
  atRest,
  bankAddresses,
  confirmButton,
  confirmCancel,
  confirmDialog,
  deleteAlert,
  emptyText,
  emptyTheBook,
  expectBookAtRest,
  expectNoSuccessToast,
  expectNotedToast,
  expectSaving,
  failsWith,
  formDialog,
  formField,
  formValuesOfApi,
  heading,
  internal,
  loadAlert,
  loadingStatus,
  modeOf,
  noted,
  offlineCall,
  onlyTheBillingAddress,
  rowOf,
  rows,
  saveAlert,
  saveButton,
  titleOf,
} from './address-book-page';

const addressBookBindings = defineBindings(addressBookEntry, {
  start: async (ctx) => {
    await holdNextCall(ctx.page, 'listAddresses');
    await startSignedIn(ctx.page, DEMO.maria, { route: '/ProfileAddressBook', waitFor: 'nothing' });
  },
  states: {
    loading: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(loadingStatus(page)).toHaveCount(1);
      await expect(addButton(page)).toBeDisabled();
      await expect(addressList(page)).toHaveCount(0);
      await releaseCall(page, 'listAddresses');
    },
    loadError: async ({ page }) => {
      await atRest(page);
      const alert = loadAlert(page);
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(noted(page, N.error));
      await expect(button(alert, t('COMMON.BUTTONS.RETRY'))).toBeEnabled();
      await expect(addButton(page)).toBeDisabled();
      await expect(addressList(page)).toHaveCount(0);
      await expect(emptyText(page)).toHaveCount(0);
    },
    'browsing.list': async (ctx) => {
      const { page } = ctx;
      await expectBookAtRest(page);
      await expect(emptyText(page)).toHaveCount(0);
      // Exactly the bank's addresses, in its order, each with its edit and delete buttons.
      const bank = await bankAddresses(ctx);
      expect(bank.length, 'a lista do banco não está vazia').toBeGreaterThan(0);
      await expect(rows(page)).toHaveCount(bank.length);
      for (const [i, a] of bank.entries()) {
        const row = rows(page).nth(i);
        await expect(row.getByRole('heading', { level: 2 })).toHaveText(a.mnemonic || titleOf(a));
        await expect(button(row, t('ADDRESS_BOOK.EDIT_ITEM', { address: titleOf(a) }))).toBeEnabled();
        await expect(button(row, t('ADDRESS_BOOK.DELETE_ITEM', { address: titleOf(a) }))).toBeEnabled();
      }
      await expectNotedToast(page);
    },
    'browsing.empty': async (ctx) => {
      const { page } = ctx;
      await expectBookAtRest(page);
      await expect(emptyText(page)).toBeVisible();
      await expect(addressList(page)).toHaveCount(0);
      expect(await bankAddresses(ctx), 'o banco não tem endereços').toEqual([]);
      await expectNotedToast(page);
    },
    'form.filling.idle': async ({ page }) => {
      await atRest(page);
      const dialog = formDialog(page, modeOf(page));
      await expect(dialog).toBeVisible();
      await expect(saveAlert(dialog)).toHaveCount(0);
      await expect(busyStatus(dialog, t('ADDRESS_BOOK.SAVING'))).toHaveCount(0);
      await expectIdle(saveButton(dialog));
      await expect(formField(dialog, 'logradouro')).not.toHaveAttribute('readonly', '');
      const opened = takeNote(page, N.opened);
      if (opened) {
        // Just opened: blank (add) or the address being edited, focus on the first field.
        const values = JSON.parse(opened) as AddressFormValues;
        for (const name of Object.keys(FIELD_LABELS) as (keyof AddressFormValues)[])
          await expect(formField(dialog, name)).toHaveValue(values[name]);
        await expect(formField(dialog, 'logradouro')).toBeFocused();
        await expect(saveButton(dialog))[modeOf(page) === 'add' ? 'toBeDisabled' : 'toBeEnabled']();
      }
    },
    'form.filling.failed': async ({ page }) => {
      await atRest(page);
      const dialog = formDialog(page, modeOf(page));
      await expect(dialog).toBeVisible();
      const alert = saveAlert(dialog);
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(noted(page, N.error));
      // What was typed is kept (§2: a failure keeps the dialog and its values).
      const typed = JSON.parse(notes(page).get(N.typed) ?? '{}') as Partial<AddressFormValues>;
      for (const [name, value] of Object.entries(typed) as [keyof AddressFormValues, string][])
        await expect(formField(dialog, name)).toHaveValue(value);
      await expectIdle(saveButton(dialog));
      await expect(saveButton(dialog)).toBeEnabled();
      await expect(busyStatus(dialog, t('ADDRESS_BOOK.SAVING'))).toHaveCount(0);
      await expectNoSuccessToast(page);
    },
    'form.creating': async ({ page }) => expectSaving(page, 'createAddress'),
    'form.savingAddress': async ({ page }) => expectSaving(page, 'updateAddress', 'updateClient'),
    'form.savingClient': async ({ page }) => expectSaving(page, 'updateClient', 'getClient'),
    'form.reloadingClient': async ({ page }) => expectSaving(page, 'getClient'),
    'confirmingDelete.asking.idle': async ({ page }) => {
      await atRest(page);
      const dialog = confirmDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        t('ADDRESS_BOOK.CONFIRM_DELETE_TEXT', { address: notes(page).get(N.deleting) ?? '' }),
      );
      // Focus starts on Cancel, the safe choice.
      await expect(confirmCancel(page)).toBeFocused();
      await expectIdle(confirmButton(page));
      await expect(deleteAlert(page)).toHaveCount(0);
    },
    'confirmingDelete.asking.failed': async ({ page }) => {
      await atRest(page);
      const dialog = confirmDialog(page);
      await expect(dialog).toBeVisible();
      const alert = deleteAlert(page);
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(noted(page, N.error));
      await expectIdle(confirmButton(page));
      await expect(confirmCancel(page)).toBeEnabled();
      await expectNoSuccessToast(page);
    },
    'confirmingDelete.deleting': async ({ page }) => {
      await expect(confirmDialog(page)).toBeVisible();
      await expect(busyStatus(confirmDialog(page), t('ADDRESS_BOOK.DELETING'))).toHaveCount(1);
      await expectBusy(confirmButton(page));
      await expect(confirmCancel(page)).toBeDisabled();
      await releaseCall(page, 'deleteAddress');
    },
  },
  events: {
    retry: async ({ page }) => {
      await holdNextCall(page, 'listAddresses');
      await button(loadAlert(page), t('COMMON.BUTTONS.RETRY')).click();
    },
    'address.add': async ({ page }) => {
      notes(page).set(N.mode, 'add');
      notes(page).set(N.opened, JSON.stringify(emptyAddressForm()));
      await addButton(page).click();
    },
    'address.edit': async (ctx, e) => {
      const found = await rowOf(ctx, String(e['addressId']));
      if (!found) return;
      notes(ctx.page).set(N.mode, 'edit');
      notes(ctx.page).set(N.opened, JSON.stringify(formValuesOfApi(found.address)));
      await button(found.row, t('ADDRESS_BOOK.EDIT_ITEM', { address: titleOf(found.address) })).click();
    },
    'address.delete': async (ctx, e) => {
      const found = await rowOf(ctx, String(e['addressId']));
      if (!found) return;
      notes(ctx.page).set(N.deleting, titleOf(found.address));
      await button(found.row, t('ADDRESS_BOOK.DELETE_ITEM', { address: titleOf(found.address) })).click();
    },
    'form.submit': async ({ page }, e) => {
      const values = e['values'] as AddressFormValues;
      const dialog = formDialog(page, modeOf(page));
      for (const name of Object.keys(FIELD_LABELS) as (keyof AddressFormValues)[]) {
        const input = formField(dialog, name);
        if (name === 'estado') await input.selectOption(values.estado);
        else await input.fill(values[name]);
      }
      // A field's maxlength may clip what was typed: the form then holds other values than the
      // payload's, and the machine's rule is checked against what the form holds.
      const held = {} as AddressFormValues;
      for (const name of Object.keys(FIELD_LABELS) as (keyof AddressFormValues)[])
        held[name] = await formField(dialog, name).inputValue();
      notes(page).set(N.typed, JSON.stringify(held));
      const save = saveButton(dialog);
      if (isAddressFormValid(values) && isAddressFormValid(held)) {
        await holdNextCall(page, modeOf(page) === 'add' ? 'createAddress' : 'updateAddress');
        notes(page).set(N.toast, t('ADDRESS_BOOK.SAVED'));
        await expect(save).toBeEnabled();
        await save.click();
      } else if (!isAddressFormValid(values)) {
        // The machine's guard refuses it; the form keeps Save disabled (the same rule).
        await expect(save).toBeDisabled();
      } else {
        throw new Error(
          `o formulário não aceita o valor do evento: ${JSON.stringify(values)} → ${JSON.stringify(held)}`,
        );
      }
    },
    'form.cancel': async ({ page }) => {
      await button(formDialog(page, modeOf(page)), t('ADDRESS_BOOK.CANCEL')).click();
    },
    'delete.confirm': async ({ page }) => {
      await holdNextCall(page, 'deleteAddress');
      notes(page).set(N.toast, t('ADDRESS_BOOK.DELETED'));
      await confirmButton(page).click();
    },
    'delete.cancel': async ({ page }) => {
      await confirmCancel(page).click();
    },
  },
  outcomes: {
    twoAddresses: 'natural', // Maria's seed
    billingAddressOnly: { arrange: onlyTheBillingAddress },
    empty: { arrange: emptyTheBook },
    listServerError: failsWith('listAddresses', 500, UNEXPECTED),
    listOffline: offlineCall('listAddresses'),
    created: 'natural',
    // The form never sends a blank field (the same rule as the bank's), so the 400 with field
    // messages comes from a fault: problem+json whose one field message the page shows.
    createFieldErrors: failsWith('createAddress', 400, 'injected by /sandbox/faults'),
    createServerError: failsWith('createAddress', 500, internal('createAddress')),
    updated: 'natural',
    // A fault rather than the address deleted behind the page's back: the bank keeps the
    // address, so the later steps of the path still find it.
    updateNotFound: failsWith('updateAddress', 404, UNEXPECTED),
    clientSaved: 'natural',
    clientServerError: failsWith('updateClient', 500, internal('updateClient')),
    clientReloaded: 'natural',
    reloadOffline: offlineCall('getClient'),
    deleted: 'natural',
    deleteServerError: failsWith('deleteAddress', 500, UNEXPECTED),
  },
  // The parents (browsing, form, form.filling, confirmingDelete, confirmingDelete.asking) are
  // asserted through their innermost states; every innermost state has an assertion.
  skipStates: [],
});

export const addressBookFlow: BoundFlow<typeof addressBookEntry> = { bindings: addressBookBindings };
