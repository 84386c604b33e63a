/**
 * The address book's page as its e2e bindings (e2e/bindings/address-book.ts) see it: the page's
 * pieces (heading, list, form and confirmation dialogs, by role and label), the sandbox read and
 * arranged through the API (Maria's addresses, an empty book, the billing address alone in the
 * older shape), the notes kept between steps, the outcomes' faults, and the assertions several
 * states share.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { components } from '../../openapi/portal';
import type { AddressFormValues } from '../../machines/profile/address-mapping';
import type { OperationId } from '../driver/operations';
import type { PlaywrightContext } from '../driver/path-driver';
import {
  answerNextInShape,
  authHeaders,
  busyStatus,
  button,
  expectAnsweredInShape,
  expectBusy,
  field,
  gate,
  holdNextCall,
  literal,
  notes,
  planCall,
  releaseCall,
  sessionOf,
  t,
  takeNote,
} from './support';

/**
 * At rest no call may be held (the one call gate's atRest, e2e/driver/call-gate.ts), and a list
 * armed to come in the older shape must have come.
 */
export async function atRest(page: Page): Promise<void> {
  await gate(page).atRest();
  expectAnsweredInShape(page, 'listAddresses');
}

type ApiAddress = components['schemas']['Address'];

// ───────────────────────────── page pieces ─────────────────────────────

export const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('ADDRESS_BOOK.TITLE') });
export const addButton = (page: Page) => button(page, t('ADDRESS_BOOK.ADD'));
export const addressList = (page: Page) => page.getByRole('list', { name: t('ADDRESS_BOOK.LIST_LABEL') });
export const rows = (page: Page) => addressList(page).getByRole('listitem');
export const loadingStatus = (page: Page) => busyStatus(page, t('ADDRESS_BOOK.LOADING'));
export const loadAlert = (page: Page) =>
  page.getByRole('alert').filter({ hasText: literal(t('ADDRESS_BOOK.LOAD_ERROR')) });
export const emptyText = (page: Page) => page.getByText(t('COMMON.NO_RECORDS'), { exact: true });

type Mode = 'add' | 'edit';
export const formDialog = (page: Page, mode: Mode) =>
  page.getByRole('dialog', {
    name: t(mode === 'add' ? 'ADDRESS_BOOK.ADD_TITLE' : 'ADDRESS_BOOK.EDIT_TITLE'),
  });
export const saveButton = (dialog: Locator) => button(dialog, t('ADDRESS_BOOK.SAVE'));
export const saveAlert = (dialog: Locator) =>
  dialog.getByRole('alert').filter({ hasText: literal(t('ADDRESS_BOOK.SAVE_ERROR')) });

export const confirmDialog = (page: Page) =>
  page.getByRole('alertdialog', { name: t('ADDRESS_BOOK.CONFIRM_DELETE_TITLE') });
export const confirmButton = (page: Page) => button(confirmDialog(page), t('ADDRESS_BOOK.CONFIRM_DELETE'));
export const confirmCancel = (page: Page) => button(confirmDialog(page), t('ADDRESS_BOOK.CANCEL'));
export const deleteAlert = (page: Page) =>
  confirmDialog(page)
    .getByRole('alert')
    .filter({ hasText: literal(t('ADDRESS_BOOK.DELETE_ERROR')) });

/** The form's fields, by label, in the order of the payload. */
export const FIELD_LABELS: Record<keyof AddressFormValues, string> = {
  logradouro: t('ADDRESS_BOOK.FIELDS.STREET'),
  numero: t('ADDRESS_BOOK.FIELDS.NUMBER'),
  complemento: t('ADDRESS_BOOK.FIELDS.COMPLEMENT'),
  bairro: t('ADDRESS_BOOK.FIELDS.NEIGHBORHOOD'),
  cep: t('ADDRESS_BOOK.FIELDS.POSTAL_CODE'),
  cidade: t('ADDRESS_BOOK.FIELDS.CITY'),
  estado: t('ADDRESS_BOOK.FIELDS.STATE'),
  descricao: t('ADDRESS_BOOK.FIELDS.DESCRIPTION'),
};
export const formField = (dialog: Locator, name: keyof AddressFormValues) =>
  field(dialog, FIELD_LABELS[name]);

/** 'Rua das Flores, 123 - Apto 45': how a row and the confirmation name an address (profile-ui.ts). */
export const titleOf = (a: ApiAddress): string =>
  `${a.addressOne}, ${a.number}${a.addressTwo ? ` - ${a.addressTwo}` : ''}`;

/** The form as it opens on an address of the bank (formValuesOf ∘ toShownAddress). */
export const formValuesOfApi = (a: ApiAddress): AddressFormValues => ({
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
export async function bankAddresses(ctx: PlaywrightContext): Promise<ApiAddress[]> {
  const s = await sessionOf(ctx.page);
  const res = await ctx.request.get(await addressesUrl(ctx), { headers: authHeaders(s) });
  if (!res.ok()) throw new Error(`GET .../address pela API → ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { data: components['schemas']['AddressList'] };
  return body.data.addresses ?? [];
}

/** Deletes every address of Maria through the API: the book then loads empty. */
export async function emptyTheBook(ctx: PlaywrightContext): Promise<void> {
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
export async function onlyTheBillingAddress(ctx: PlaywrightContext): Promise<void> {
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
export const N = {
  mode: 'ab.mode', // 'add' | 'edit': the form that is open
  opened: 'ab.opened', // JSON of the values the form must show as it opens
  typed: 'ab.typed', // JSON of the values the last submit typed
  deleting: 'ab.deleting', // title of the address the confirmation is about
  toast: 'ab.toast', // the success toast the next rest must show
  error: 'ab.error', // the text of the failure an outcome provoked
} as const;

export const modeOf = (page: Page): Mode => (notes(page).get(N.mode) === 'edit' ? 'edit' : 'add');

/** An outcome: a sandbox fault, and the text the page must then show. */
export const failsWith = (op: OperationId, status: number, text: string) => ({
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    await ctx.fault({ operationId: op, status, times: 1 });
    notes(ctx.page).set(N.error, text);
  },
});

/** An outcome: the held call of `op` fails offline (ERRORS.NETWORK). */
export const offlineCall = (op: OperationId) => ({
  arrange: async ({ page }: PlaywrightContext): Promise<void> => {
    planCall(page, op, 'offline');
    notes(page).set(N.error, t('ERRORS.NETWORK'));
  },
});

/** The text of the failure noted by the outcome (none noted: a binding is missing). */
export function noted(page: Page, key: string): string {
  const text = takeNote(page, key);
  if (text === undefined) throw new Error(`nenhum texto de erro anotado pelo resultado (${key})`);
  return text;
}

/** A GET that fails with 500 (code 99 of the fault): no POST, so the catalogue text alone (§8). */
export const UNEXPECTED = t('ERRORS.API.99');
/** A POST that fails with 500: the catalogue text followed by the server's message (§8). */
export const internal = (op: string) => `${t('ERRORS.INTERNAL')} Falha simulada pelo sandbox em ${op}.`;

// ───────────────────────────── assertions shared by states ─────────────────────────────

/** The success toast the action noted, then closed so a later one is not confused with it. */
export async function expectNotedToast(page: Page): Promise<void> {
  const text = takeNote(page, N.toast);
  if (!text) return;
  const toast = page.getByRole('status').filter({ hasText: literal(text) });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: t('SHELL.UI.CLOSE_MESSAGE') }).click();
  await expect(toast).toHaveCount(0);
}

/** No success toast (a failed save or delete). */
export async function expectNoSuccessToast(page: Page): Promise<void> {
  notes(page).delete(N.toast);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`${t('ADDRESS_BOOK.SAVED')}|${t('ADDRESS_BOOK.DELETED')}`) }),
  ).toHaveCount(0);
}

/** The page at rest on the book: no dialog, the add button usable. */
export async function expectBookAtRest(page: Page): Promise<void> {
  await atRest(page);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(loadingStatus(page)).toHaveCount(0);
  await expect(loadAlert(page)).toHaveCount(0);
  await expect(addButton(page)).toBeEnabled();
}

/** The form dialog of the noted mode while a call of the save runs; then lets `op` go. */
export async function expectSaving(page: Page, op: OperationId, next?: OperationId): Promise<void> {
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
export async function rowOf(
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
