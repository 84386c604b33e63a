/**
 * The recipient book's page as its e2e bindings (e2e/bindings/recipient-book.ts) see it: the
 * page's pieces (heading, grid, form and confirmation dialogs, by role and label), the query the
 * page is on as the events change it, the sandbox read and arranged through the API (the bank's
 * page for a query, an empty book, the duplicate refusal), and the assertions several states share.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { components } from '../../openapi/portal';
import type { OperationId } from '../driver/operations';
import type { PlaywrightContext } from '../driver/path-driver';
import {
  authHeaders,
  busyStatus,
  button,
  expectBusy,
  literal,
  notes,
  releaseCall,
  sessionOf,
  t,
  takeNote,
  type TextKey,
} from './support';

type Schemas = components['schemas'];

// ───────────────────────────── page pieces ─────────────────────────────

export const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('RECIPIENTS.TITLE') });
export const addButton = (page: Page) => button(page, t('RECIPIENTS.ADD'));
export const table = (page: Page) => page.getByRole('table', { name: t('RECIPIENTS.LIST_LABEL') });
export const bodyRows = (page: Page) => table(page).locator('tbody tr');
export const loadingStatus = (page: Page) => busyStatus(page, t('RECIPIENTS.LOADING'));
export const loadAlert = (page: Page) =>
  page.getByRole('alert').filter({ hasText: literal(t('RECIPIENTS.LOAD_ERROR')) });
export const emptyText = (page: Page) => page.getByText(t('COMMON.NO_RECORDS'), { exact: true });
export const pageOf = (page: Page) => page.getByText(/^Página \d+ de \d+/);

type Mode = 'add' | 'edit';
export const formDialog = (page: Page, mode: Mode) =>
  page.getByRole('dialog', { name: t(mode === 'add' ? 'RECIPIENTS.ADD_TITLE' : 'RECIPIENTS.EDIT_TITLE') });
export const saveButton = (dialog: Locator) => button(dialog, t('RECIPIENTS.SAVE'));
export const dialogAlert = (dialog: Locator, key: TextKey) =>
  dialog.getByRole('alert').filter({ hasText: literal(t(key)) });

export const confirmDialog = (page: Page) =>
  page.getByRole('alertdialog', { name: t('RECIPIENTS.CONFIRM_DELETE_TITLE') });
export const confirmCancel = (page: Page) => button(confirmDialog(page), t('RECIPIENTS.CANCEL'));
export const deleteAlert = (page: Page) =>
  confirmDialog(page)
    .getByRole('alert')
    .filter({ hasText: literal(t('RECIPIENTS.DELETE_ERROR')) });

// ───────────────────────────── the query the page is on ─────────────────────────────

interface Query {
  pageNumber: number;
  pageSize: number;
  fieldToSort: string;
  direction: 0 | 1;
  recipientType: string | null;
}
export const INITIAL: Query = {
  pageNumber: 1,
  pageSize: 10,
  fieldToSort: 'idRecipient',
  direction: 1,
  recipientType: null,
};

export const N = {
  query: 'rb.query', // JSON of the Query the page shows (or is loading)
  mode: 'rb.mode', // 'add' | 'edit'
  toast: 'rb.toast', // the success toast the next rest must show
  deleting: 'rb.deleting', // nickname of the row the confirmation is about
  sending: 'rb.sending', // idRecipient of the Pix row whose send Pix was clicked
} as const;

export const queryOf = (page: Page): Query =>
  JSON.parse(notes(page).get(N.query) ?? JSON.stringify(INITIAL)) as Query;
export const setQuery = (page: Page, q: Query) => notes(page).set(N.query, JSON.stringify(q));
export const modeOf = (page: Page): Mode => (notes(page).get(N.mode) === 'edit' ? 'edit' : 'add');

/** The page the bank returns for a query (the same call the portal makes). */
export async function bankPage(ctx: PlaywrightContext, q: Query): Promise<Schemas['RecipientPage']> {
  const s = await sessionOf(ctx.page);
  const res = await ctx.request.post('/api/Recipients/ListWithPagination/recipients', {
    headers: authHeaders(s),
    data: {
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
      fieldToSort: q.fieldToSort,
      direction: q.direction,
      filters: q.recipientType ? { recipient_type: q.recipientType } : {},
    },
  });
  if (!res.ok()) throw new Error(`ListWithPagination pela API → ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: Schemas['RecipientPage'] }).data;
}

/** Deletes every recipient of Maria through the API: the book then loads empty. */
export async function emptyTheBook(ctx: PlaywrightContext): Promise<void> {
  const s = await sessionOf(ctx.page);
  const res = await ctx.request.get('/api/Recipients', { headers: authHeaders(s) });
  if (!res.ok()) throw new Error(`GET /Recipients pela API → ${res.status()}`);
  for (const r of ((await res.json()) as { data: Schemas['Recipient'][] }).data) {
    const del = await ctx.request.delete(`/api/Recipients/${r.idRecipient}`, { headers: authHeaders(s) });
    if (!del.ok()) throw new Error(`DELETE /Recipients/${r.idRecipient} pela API → ${del.status()}`);
  }
}

/**
 * The bank's own duplicate refusal (422 RECIPIENT 56) for the next save. The bank gives it for a
 * company account or a Pix key the book already keeps (sandbox/recipients.test.ts), which the
 * fixture's TED values cannot be; a fault naming that catalogue entry answers it instead.
 * e2e/pix-recipient-book.spec.ts sees the real refusal of a repeated Pix key.
 */
export async function duplicateRefusal(ctx: PlaywrightContext, operationId: string): Promise<void> {
  const res = await ctx.request.post('/sandbox/faults', {
    data: { operationId, status: 422, reply: 'recipientAlreadyRegistered' },
  });
  if (!res.ok()) throw new Error(`POST /sandbox/faults (duplicate) → ${res.status()}`);
}

// ───────────────────────────── shared assertions ─────────────────────────────

export async function expectNotedToast(page: Page): Promise<void> {
  const text = takeNote(page, N.toast);
  if (!text) return;
  const toast = page.getByRole('status').filter({ hasText: literal(text) });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: t('SHELL.UI.CLOSE_MESSAGE') }).click();
  await expect(toast).toHaveCount(0);
}

export async function expectNoSuccessToast(page: Page): Promise<void> {
  notes(page).delete(N.toast);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`${t('RECIPIENTS.SAVED')}|${t('RECIPIENTS.DELETED')}`) }),
  ).toHaveCount(0);
}

export async function expectAtRest(page: Page): Promise<void> {
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(loadingStatus(page)).toHaveCount(0);
  await expect(loadAlert(page)).toHaveCount(0);
  await expect(addButton(page)).toBeEnabled();
}

/** A save or lookup in flight: the dialog is busy; then the held call goes on. */
export async function expectSaving(page: Page, op: OperationId): Promise<void> {
  const dialog = formDialog(page, modeOf(page));
  await expect(dialog).toBeVisible();
  await expect(busyStatus(dialog, t('RECIPIENTS.SAVING'))).toHaveCount(1);
  await expectBusy(saveButton(dialog));
  await expect(button(dialog, t('RECIPIENTS.CANCEL'))).toBeDisabled();
  await releaseCall(page, op);
}

/** The first row's nickname (the fixture's id 3), or null for the id no page holds (999). */
export async function rowFor(page: Page, id: unknown): Promise<string | null> {
  if (id === 999) {
    await expect(bodyRows(page).first()).toBeVisible();
    return null;
  }
  const nickname = await bodyRows(page).first().locator('td').nth(1).innerText();
  return nickname.trim();
}

// ───────────────────────────── the bindings ─────────────────────────────
