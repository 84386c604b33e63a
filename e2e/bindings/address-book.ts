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
 */
import { addressBookFlow as addressBookEntry } from '../../machines/profile/address-book.fixtures';
import type { OperationId } from '../driver/operations';
import { expect, type Locator, type Page } from '@playwright/test';
import type { components } from '../../openapi/portal';
import {
  emptyAddressForm,
  isAddressFormValid,
  type AddressFormValues,
} from '../../machines/profile/address-mapping';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  DEMO,
  authHeaders,
  busyStatus,
  button,
  expectBusy,
  expectIdle,
  field,
  literal,
  sessionOf,
  notes,
  startSignedIn,
  t,
  takeNote,
  type BoundFlow,
  answerNextInShape,
  expectAnsweredInShape,
  gate,
  holdNextCall,
  planCall,
  releaseCall,
} from './support';

/**
 * At rest no call may be held (the one call gate's atRest, e2e/driver/call-gate.ts), and a list
 * armed to come in the older shape must have come.
 */
async function atRest(page: Page): Promise<void> {
  await gate(page).atRest();
  expectAnsweredInShape(page, 'listAddresses');
}

type ApiAddress = components['schemas']['Address'];

// ───────────────────────────── page pieces ─────────────────────────────

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('ADDRESS_BOOK.TITLE') });
const addButton = (page: Page) => button(page, t('ADDRESS_BOOK.ADD'));
const addressList = (page: Page) => page.getByRole('list', { name: t('ADDRESS_BOOK.LIST_LABEL') });
const rows = (page: Page) => addressList(page).getByRole('listitem');
const loadingStatus = (page: Page) => busyStatus(page, t('ADDRESS_BOOK.LOADING'));
const loadAlert = (page: Page) =>
  page.getByRole('alert').filter({ hasText: literal(t('ADDRESS_BOOK.LOAD_ERROR')) });
const emptyText = (page: Page) => page.getByText(t('COMMON.NO_RECORDS'), { exact: true });

type Mode = 'add' | 'edit';
const formDialog = (page: Page, mode: Mode) =>
  page.getByRole('dialog', {
    name: t(mode === 'add' ? 'ADDRESS_BOOK.ADD_TITLE' : 'ADDRESS_BOOK.EDIT_TITLE'),
  });
const saveButton = (dialog: Locator) => button(dialog, t('ADDRESS_BOOK.SAVE'));
const saveAlert = (dialog: Locator) =>
  dialog.getByRole('alert').filter({ hasText: literal(t('ADDRESS_BOOK.SAVE_ERROR')) });

const confirmDialog = (page: Page) =>
  page.getByRole('alertdialog', { name: t('ADDRESS_BOOK.CONFIRM_DELETE_TITLE') });
const confirmButton = (page: Page) => button(confirmDialog(page), t('ADDRESS_BOOK.CONFIRM_DELETE'));
const confirmCancel = (page: Page) => button(confirmDialog(page), t('ADDRESS_BOOK.CANCEL'));
const deleteAlert = (page: Page) =>
  confirmDialog(page)
    .getByRole('alert')
    .filter({ hasText: literal(t('ADDRESS_BOOK.DELETE_ERROR')) });

/** The form's fields, by label, in the order of the payload. */
const FIELD_LABELS: Record<keyof AddressFormValues, string> = {
  logradouro: t('ADDRESS_BOOK.FIELDS.STREET'),
  numero: t('ADDRESS_BOOK.FIELDS.NUMBER'),
  complemento: t('ADDRESS_BOOK.FIELDS.COMPLEMENT'),
  bairro: t('ADDRESS_BOOK.FIELDS.NEIGHBORHOOD'),
  cep: t('ADDRESS_BOOK.FIELDS.POSTAL_CODE'),
  cidade: t('ADDRESS_BOOK.FIELDS.CITY'),
  estado: t('ADDRESS_BOOK.FIELDS.STATE'),
  descricao: t('ADDRESS_BOOK.FIELDS.DESCRIPTION'),
};
const formField = (dialog: Locator, name: keyof AddressFormValues) => field(dialog, FIELD_LABELS[name]);

/** 'Rua das Flores, 123 - Apto 45': how a row and the confirmation name an address (profile-ui.ts). */
const titleOf = (a: ApiAddress): string =>
  `${a.addressOne}, ${a.number}${a.addressTwo ? ` - ${a.addressTwo}` : ''}`;

/** The form as it opens on an address of the bank (formValuesOf ∘ toShownAddress). */
const formValuesOfApi = (a: ApiAddress): AddressFormValues => ({
  logradouro: a.addressOne,
  numero: a.number,
  complemento: a.addressTwo ?? '',
  bairro: a.neighborhood,
  cep: a.postalCode,
  cidade: a.city,
  estado: a.state,
  descricao: a.mnemonic ?? '',
});

// ───────────────────────────── the sandbox ─────────────────────────────

const addressesUrl = async (ctx: PlaywrightContext): Promise<string> => {
  const s = await sessionOf(ctx.page);
  const accountId = s.account.accounts[0]?.accountId ?? '';
  return `/api/client/${s.account.accountHolderId}/account/${accountId}/address`;
};

/** Maria's addresses as the bank has them now (GET .../address, in the bank's order). */
async function bankAddresses(ctx: PlaywrightContext): Promise<ApiAddress[]> {
  const s = await sessionOf(ctx.page);
  const res = await ctx.request.get(await addressesUrl(ctx), { headers: authHeaders(s) });
  if (!res.ok()) throw new Error(`GET .../address pela API → ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { data: components['schemas']['AddressList'] };
  return body.data.addresses ?? [];
}

/** Deletes every address of Maria through the API: the book then loads empty. */
async function emptyTheBook(ctx: PlaywrightContext): Promise<void> {
  const s = await sessionOf(ctx.page);
  const base = await addressesUrl(ctx);
  for (const a of await bankAddresses(ctx)) {
    const res = await ctx.request.delete(`${base}/${a.addressId}`, { headers: authHeaders(s) });
    if (!res.ok())
      throw new Error(`DELETE .../address/${a.addressId} pela API → ${res.status()} ${await res.text()}`);
  }
}

/**
 * Leaves Maria with her billing address only (Casa: the others deleted through the API) and has
 * the next list answered in the older shape, without `addresses`: the page must then list Casa
 * alone, which is again exactly what the bank holds.
 */
async function onlyTheBillingAddress(ctx: PlaywrightContext): Promise<void> {
  const s = await sessionOf(ctx.page);
  const base = await addressesUrl(ctx);
  const res = await ctx.request.get(base, { headers: authHeaders(s) });
  if (!res.ok()) throw new Error(`GET .../address pela API → ${res.status()} ${await res.text()}`);
  const { data } = (await res.json()) as { data: components['schemas']['AddressList'] };
  const billing = data.billingAddress?.addressId;
  if (!billing) throw new Error('a Maria do seed não tem endereço de cobrança');
  for (const a of data.addresses ?? []) {
    if (a.addressId === billing) continue;
    const del = await ctx.request.delete(`${base}/${a.addressId}`, { headers: authHeaders(s) });
    if (!del.ok())
      throw new Error(`DELETE .../address/${a.addressId} pela API → ${del.status()} ${await del.text()}`);
  }
  // The bank's older shape: its real answer with `addresses` taken out, only `billingAddress` left.
  await answerNextInShape(ctx.page, 'listAddresses', (real) => {
    const body = real.json as { data?: Record<string, unknown> };
    if (!body.data || !('addresses' in body.data))
      throw new Error('a lista do sandbox já vem sem `addresses`');
    delete body.data.addresses;
    return real;
  });
}

// ───────────────────────────── notes between steps ─────────────────────────────

/** Notebook keys (support.ts's per-page notebook). */
const N = {
  mode: 'ab.mode', // 'add' | 'edit': the form that is open
  opened: 'ab.opened', // JSON of the values the form must show as it opens
  typed: 'ab.typed', // JSON of the values the last submit typed
  deleting: 'ab.deleting', // title of the address the confirmation is about
  toast: 'ab.toast', // the success toast the next rest must show
  error: 'ab.error', // the text of the failure an outcome provoked
} as const;

const modeOf = (page: Page): Mode => (notes(page).get(N.mode) === 'edit' ? 'edit' : 'add');

/** An outcome: a sandbox fault, and the text the page must then show. */
const failsWith = (op: OperationId, status: number, text: string) => ({
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    await ctx.fault({ operationId: op, status, times: 1 });
    notes(ctx.page).set(N.error, text);
  },
});

/** An outcome: the held call of `op` fails offline (ERRORS.NETWORK). */
const offlineCall = (op: OperationId) => ({
  arrange: async ({ page }: PlaywrightContext): Promise<void> => {
    planCall(page, op, 'offline');
    notes(page).set(N.error, t('ERRORS.NETWORK'));
  },
});

/** The text of the failure noted by the outcome (none noted: a binding is missing). */
function noted(page: Page, key: string): string {
  const text = takeNote(page, key);
  if (text === undefined) throw new Error(`nenhum texto de erro anotado pelo resultado (${key})`);
  return text;
}

/** A GET that fails with 500 (code 99 of the fault): no POST, so the catalogue text alone (§8). */
const UNEXPECTED = t('ERRORS.API.99');
/** A POST that fails with 500: the catalogue text followed by the server's message (§8). */
const internal = (op: string) => `${t('ERRORS.INTERNAL')} Falha simulada pelo sandbox em ${op}.`;

// ───────────────────────────── assertions shared by states ─────────────────────────────

/** The success toast the action noted, then closed so a later one is not confused with it. */
async function expectNotedToast(page: Page): Promise<void> {
  const text = takeNote(page, N.toast);
  if (!text) return;
  const toast = page.getByRole('status').filter({ hasText: literal(text) });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: t('SHELL.UI.CLOSE_MESSAGE') }).click();
  await expect(toast).toHaveCount(0);
}

/** No success toast (a failed save or delete). */
async function expectNoSuccessToast(page: Page): Promise<void> {
  notes(page).delete(N.toast);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`${t('ADDRESS_BOOK.SAVED')}|${t('ADDRESS_BOOK.DELETED')}`) }),
  ).toHaveCount(0);
}

/** The page at rest on the book: no dialog, the add button usable. */
async function expectBookAtRest(page: Page): Promise<void> {
  await atRest(page);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(loadingStatus(page)).toHaveCount(0);
  await expect(loadAlert(page)).toHaveCount(0);
  await expect(addButton(page)).toBeEnabled();
}

/** The form dialog of the noted mode while a call of the save runs; then lets `op` go. */
async function expectSaving(page: Page, op: OperationId, next?: OperationId): Promise<void> {
  const dialog = formDialog(page, modeOf(page));
  await expect(dialog).toBeVisible();
  await expect(busyStatus(dialog, t('ADDRESS_BOOK.SAVING'))).toHaveCount(1);
  await expectBusy(saveButton(dialog));
  await expect(formField(dialog, 'logradouro')).toHaveAttribute('readonly', '');
  await expect(formField(dialog, 'estado')).toBeDisabled();
  await expect(button(dialog, t('ADDRESS_BOOK.CANCEL'))).toBeDisabled();
  await expect(saveAlert(dialog)).toHaveCount(0);
  // The call the answer of `op` makes next (§4: address, then client, then client reloaded).
  if (next) await holdNextCall(page, next);
  await releaseCall(page, op);
}

/** The row of the bank's address `id` (same position on the page), or undefined. */
async function rowOf(
  ctx: PlaywrightContext,
  id: string,
): Promise<{ row: Locator; address: ApiAddress } | undefined> {
  const bank = await bankAddresses(ctx);
  const index = bank.findIndex((a) => a.addressId === id);
  const address = bank[index];
  if (!address) {
    // No such address: the page offers no row to act on (the machine's guard isKnownAddress).
    await expect(rows(ctx.page)).toHaveCount(bank.length);
    return undefined;
  }
  return { row: rows(ctx.page).nth(index), address };
}

// ───────────────────────────── the bindings ─────────────────────────────

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
