/**
 * E2E bindings of the recipient book (/Transfer/Recipient; machines/transfers/recipient-book.machine.ts,
 * src/features/transfers/recipient-book.tsx and dialogs/*). Each path opens the page with Maria's
 * session; the seed gives her about 25 recipients (sandbox/db/seed-recipients.ts), three pages of 10.
 *
 * What the grid shows is checked against the sandbox itself: at rest, the rows must be the
 * nicknames of the page the bank returns for the query the page is on (page, size, sort, filter,
 * followed here as the events change it), so the paging and sorting are the bank's. The fixture's
 * idRecipient 3 stands for the first row of the page shown; 999 for a recipient not on the page,
 * which offers no button to act on (the UI's way of refusing it).
 *
 * Calls: every recipient call is held on its way out (support.ts's gate) until its busy state has
 * been seen, then released. Outcomes the sandbox gives with the fixture's data are 'natural'; a
 * company account is added with Doce Sabor's CNPJ (a company customer Maria has not saved as a
 * company account), so the lookup finds it; "already registered" and "no account list" are that
 * real answer reshaped; failures are sandbox faults or an offline call.
 * The page's pieces, the query followed, the sandbox reads and the assertions states share are in
 * ./recipient-book-page.ts.
 */
import { recipientBookFlow as recipientBookEntry } from '../../machines/transfers/recipient-book.fixtures';
import { expect } from '@playwright/test';
import { catalog } from '../../machines/catalog';
import type { RecipientFormValues } from '../../machines/validators/recipient';
import { validateRecipientForm } from '../../machines/validators/recipient-form';
import { defineBindings } from '../driver/path-driver';
import { DOCE_SABOR } from '../support/demo';
import {
  DEMO,
  answerNextInShape,
  busyStatus,
  button,
  expectIdle,
  field,
  holdCalls,
  notes,
  offline,
  startSignedIn,
  releaseCall,
  t,
  type TextKey,
  type BoundFlow,
  eventThen,
} from './support';
import {
  INITIAL,
  N,
  addButton,
  bankPage,
  bodyRows,
  confirmCancel,
  confirmDialog,
  deleteAlert,
  dialogAlert,
  duplicateRefusal,
  emptyText,
  emptyTheBook,
  expectAtRest,
  expectNoSuccessToast,
  expectNotedToast,
  expectSaving,
  formDialog,
  heading,
  loadAlert,
  loadingStatus,
  modeOf,
  pageOf,
  queryOf,
  rowFor,
  saveButton,
  setQuery,
  table,
} from './recipient-book-page';

/** Doce Sabor Confeitaria's CNPJ (demo/users.ts): a company customer with an account. */
const DOCE_SABOR_CNPJ = DOCE_SABOR.cnpj;
const OPS = [
  'listRecipientsPaged',
  'createRecipient',
  'updateRecipient',
  'deleteRecipient',
  'getContactUser',
] as const;

const SORT_LABELS: Record<string, string> = {
  recipientType: t('RECIPIENTS.COLUMNS.TYPE'),
  nickname: t('RECIPIENTS.COLUMNS.NICKNAME'),
  bankName: t('RECIPIENTS.COLUMNS.BANK'),
  accountNumber: t('RECIPIENTS.COLUMNS.ACCOUNT'),
  cpfCnpj: t('RECIPIENTS.COLUMNS.DOCUMENT'),
};

const recipientBookBindings = defineBindings(recipientBookEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, ...OPS);
    setQuery(ctx.page, INITIAL);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/Transfer/Recipient', waitFor: 'nothing' });
  },
  states: {
    loading: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(loadingStatus(page)).toHaveCount(1);
      await expect(addButton(page)).toBeDisabled();
      await releaseCall(page, 'listRecipientsPaged');
    },
    loadError: async ({ page }) => {
      const alert = loadAlert(page);
      await expect(alert).toBeVisible();
      await expect(button(alert, t('COMMON.BUTTONS.RETRY'))).toBeEnabled();
      await expect(addButton(page)).toBeDisabled();
      await expect(emptyText(page)).toHaveCount(0);
    },
    'browsing.list': async (ctx) => {
      const { page } = ctx;
      await expectAtRest(page);
      await expect(emptyText(page)).toHaveCount(0);
      // Exactly the page the bank gives for this query, in its order.
      const q = queryOf(page);
      const bank = await bankPage(ctx, q);
      expect(bank.dataset.length, 'a página do banco não está vazia').toBeGreaterThan(0);
      await expect(bodyRows(page)).toHaveCount(bank.dataset.length);
      await expect(bodyRows(page).locator('td:nth-child(2)')).toHaveText(bank.dataset.map((r) => r.nickname));
      await expect(pageOf(page)).toContainText(
        t('RECIPIENTS.PAGE_OF', {
          page: String(q.pageNumber),
          pages: String(Math.max(1, bank.totalPages ?? 1)),
        }),
      );
      await expectNotedToast(page);
    },
    'browsing.empty': async (ctx) => {
      const { page } = ctx;
      await expectAtRest(page);
      await expect(emptyText(page)).toBeVisible();
      await expect(table(page)).toHaveCount(0);
      expect(
        (await bankPage(ctx, queryOf(page))).dataset,
        'o banco não tem favorecidos nesta página',
      ).toEqual([]);
      await expectNotedToast(page);
    },
    'form.filling.idle': async ({ page }) => {
      const dialog = formDialog(page, modeOf(page));
      await expect(dialog).toBeVisible();
      for (const key of [
        'RECIPIENTS.SAVE_ERROR',
        'RECIPIENTS.ALREADY_REGISTERED',
        'RECIPIENTS.CONTACT_NOT_FOUND',
      ] satisfies TextKey[])
        await expect(dialogAlert(dialog, key)).toHaveCount(0);
      await expect(busyStatus(dialog, t('RECIPIENTS.SAVING'))).toHaveCount(0);
      await expectIdle(saveButton(dialog));
    },
    'form.filling.failed': async ({ page }) => {
      const dialog = formDialog(page, modeOf(page));
      const alert = dialogAlert(dialog, 'RECIPIENTS.SAVE_ERROR');
      await expect(alert).toBeVisible();
      await expect(button(alert, t('COMMON.BUTTONS.RETRY'))).toBeEnabled();
      await expect(field(dialog, t('RECIPIENTS.FIELDS.NICKNAME'))).not.toHaveValue('');
      await expectIdle(saveButton(dialog));
      await expectNoSuccessToast(page);
    },
    'form.filling.alreadyRegistered': async ({ page }) => {
      const dialog = formDialog(page, modeOf(page));
      const alert = dialogAlert(dialog, 'RECIPIENTS.ALREADY_REGISTERED');
      await expect(alert).toBeVisible();
      // Said as a duplicate, not a failure: no retry (the same values would be refused again).
      await expect(button(alert, t('COMMON.BUTTONS.RETRY'))).toHaveCount(0);
      await expect(field(dialog, t('RECIPIENTS.FIELDS.NICKNAME'))).not.toHaveValue('');
      await expectNoSuccessToast(page);
    },
    'form.filling.contactNotFound': async ({ page }) => {
      const dialog = formDialog(page, modeOf(page));
      await expect(dialogAlert(dialog, 'RECIPIENTS.CONTACT_NOT_FOUND')).toBeVisible();
      await expectNoSuccessToast(page);
    },
    'form.lookingUp': async ({ page }) => expectSaving(page, 'getContactUser'),
    'form.creating': async ({ page }) => expectSaving(page, 'createRecipient'),
    'form.updating': async ({ page }) => expectSaving(page, 'updateRecipient'),
    'confirmingDelete.asking.idle': async ({ page }) => {
      const dialog = confirmDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(t('RECIPIENTS.CONFIRM_DELETE_TEXT'));
      await expect(dialog).toContainText(notes(page).get(N.deleting) ?? '');
      await expect(confirmCancel(page)).toBeFocused();
      await expect(deleteAlert(page)).toHaveCount(0);
    },
    'confirmingDelete.asking.failed': async ({ page }) => {
      await expect(deleteAlert(page)).toBeVisible();
      await expect(button(confirmDialog(page), t('COMMON.BUTTONS.RETRY'))).toBeEnabled();
      await expectNoSuccessToast(page);
    },
    // Send Pix left the book for /PixKey with the recipient (played once /PixKey exists: see gaps).
    sendingPix: async ({ page }) => {
      const id = notes(page).get(N.sending) ?? '';
      await expect(page).toHaveURL(new RegExp(`/PixKey\\?recipient=${id}$`));
    },
    'confirmingDelete.deleting': async ({ page }) => {
      await expect(busyStatus(confirmDialog(page), t('RECIPIENTS.DELETING'))).toHaveCount(1);
      await expect(confirmCancel(page)).toBeDisabled();
      await releaseCall(page, 'deleteRecipient');
    },
  },
  events: {
    retry: async ({ page }) => {
      if (await loadAlert(page).isVisible()) {
        await button(loadAlert(page), t('COMMON.BUTTONS.RETRY')).click();
      } else if (await confirmDialog(page).isVisible()) {
        notes(page).set(N.toast, t('RECIPIENTS.DELETED'));
        await button(confirmDialog(page), t('COMMON.BUTTONS.RETRY')).click();
      } else {
        notes(page).set(N.toast, t('RECIPIENTS.SAVED'));
        const alert = dialogAlert(formDialog(page, modeOf(page)), 'RECIPIENTS.SAVE_ERROR');
        await button(alert, t('COMMON.BUTTONS.RETRY')).click();
      }
    },
    'query.change': async ({ page }, e) => {
      const q = queryOf(page);
      if (e['fieldToSort'] !== undefined) {
        const label = SORT_LABELS[String(e['fieldToSort'])];
        if (!label) throw new Error(`a grade não ordena por ${String(e['fieldToSort'])}`);
        const next: 0 | 1 = q.fieldToSort === e['fieldToSort'] && q.direction === 0 ? 1 : 0;
        if (next !== e['direction'])
          throw new Error(`um clique ordena ${next}, o evento pede ${String(e['direction'])}`);
        await button(table(page), label).click();
        setQuery(page, { ...q, fieldToSort: String(e['fieldToSort']), direction: next, pageNumber: 1 });
      } else if (e['pageSize'] !== undefined) {
        await field(page, t('RECIPIENTS.PAGE_SIZE')).selectOption(String(e['pageSize']));
        setQuery(page, { ...q, pageSize: Number(e['pageSize']), pageNumber: 1 });
      } else if (e['recipientType'] !== undefined) {
        const value = e['recipientType'] === null ? '' : String(e['recipientType']);
        await field(page, t('RECIPIENTS.FILTER')).selectOption(value);
        setQuery(page, { ...q, recipientType: value || null, pageNumber: 1 });
      } else {
        const target = Number(e['pageNumber']);
        if (target === q.pageNumber + 1) await button(page, t('RECIPIENTS.NEXT_PAGE')).click();
        else if (target === q.pageNumber - 1) await button(page, t('RECIPIENTS.PREVIOUS_PAGE')).click();
        else throw new Error(`a página ${target} não é vizinha da página ${q.pageNumber}`);
        setQuery(page, { ...q, pageNumber: target });
      }
    },
    'recipient.add': async ({ page }) => {
      notes(page).set(N.mode, 'add');
      await addButton(page).click();
    },
    'recipient.edit': async ({ page }, e) => {
      const nickname = await rowFor(page, e['idRecipient']);
      if (nickname === null) return;
      notes(page).set(N.mode, 'edit');
      await button(page, t('RECIPIENTS.EDIT_ITEM', { nickname })).click();
    },
    'recipient.delete': async ({ page }, e) => {
      const nickname = await rowFor(page, e['idRecipient']);
      if (nickname === null) return;
      notes(page).set(N.deleting, nickname);
      await button(page, t('RECIPIENTS.DELETE_ITEM', { nickname })).click();
    },
    'recipient.send': async (ctx, e) => {
      const { page } = ctx;
      // The fixture's 4 is a Pix recipient on the page shown; 3 (a TED row) has no send button.
      const bank = await bankPage(ctx, queryOf(page));
      if (e['idRecipient'] !== 4) {
        const ted = bank.dataset.find((r) => r.recipientType !== 'Pix');
        if (ted)
          await expect(button(page, t('PIX_RECIPIENTS.SEND_ITEM', { nickname: ted.nickname }))).toHaveCount(
            0,
          );
        return;
      }
      const pix = bank.dataset.find((r) => r.recipientType === 'Pix');
      if (!pix) throw new Error('a página do banco não tem favorecido Pix');
      notes(page).set(N.sending, String(pix.idRecipient));
      await button(page, t('PIX_RECIPIENTS.SEND_ITEM', { nickname: pix.nickname })).click();
    },
    'form.submit': async ({ page }, e) => {
      const values = e['values'] as RecipientFormValues;
      const valid = Object.keys(validateRecipientForm(values)).length === 0;
      const dialog = formDialog(page, modeOf(page));
      if (modeOf(page) === 'add') {
        await field(dialog, t('RECIPIENTS.FIELDS.TYPE')).selectOption(values.recipientType);
        await field(dialog, t('RECIPIENTS.FIELDS.NICKNAME')).fill(values.nickname);
        if (values.recipientType === 'BankTransfer') {
          await field(dialog, t('RECIPIENTS.FIELDS.NAME')).fill(values.name);
          await field(dialog, t('RECIPIENTS.FIELDS.DOCUMENT')).fill(values.cpfCnpj);
          const bank = dialog.getByRole('combobox', { name: t('RECIPIENTS.FIELDS.BANK') });
          await bank.fill(values.bankCode);
          await bank.press('Enter');
          await field(dialog, t('RECIPIENTS.FIELDS.BRANCH')).fill(values.branchCode);
          await field(dialog, t('RECIPIENTS.FIELDS.ACCOUNT_TYPE')).selectOption(values.accountType);
          await field(dialog, t('RECIPIENTS.FIELDS.ACCOUNT')).fill(values.accountNumber);
          await field(dialog, t('RECIPIENTS.FIELDS.DIGIT')).fill(values.accountNumberDigit);
        } else if (values.recipientType === 'InternalTransfer') {
          // A company customer of the bank, so the lookup finds it (see the module comment).
          await field(dialog, t('RECIPIENTS.FIELDS.CNPJ')).fill(DOCE_SABOR_CNPJ);
        }
      } else {
        // Editing keeps the row's kind (the type is fixed): the nickname is what changes.
        await field(dialog, t('RECIPIENTS.FIELDS.NICKNAME')).fill(values.nickname);
      }
      const save = saveButton(dialog);
      if (valid) {
        notes(page).set(N.toast, t('RECIPIENTS.SAVED'));
        await expect(save).toBeEnabled();
        await save.click();
      } else {
        await expect(save).toBeDisabled();
      }
    },
    'form.cancel': async ({ page }) => {
      await button(formDialog(page, modeOf(page)), t('RECIPIENTS.CANCEL')).click();
    },
    'delete.confirm': async ({ page }) => {
      notes(page).set(N.toast, t('RECIPIENTS.DELETED'));
      await button(confirmDialog(page), t('RECIPIENTS.CONFIRM_DELETE')).click();
    },
    'delete.cancel': async ({ page }) => {
      await confirmCancel(page).click();
    },
  },
  outcomes: {
    threeRecipients: 'natural',
    empty: { arrange: emptyTheBook },
    listServerError: {
      fault: { operationId: 'listRecipientsPaged', status: 500 },
    },
    contactFound: 'natural',
    alreadyRegistered: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'getContactUser', (real) => ({
          status: real.status,
          json: { data: { ...(real.json as { data: object }).data, alreadyRegistered: true } },
        })),
    },
    contactWithoutAccounts: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'getContactUser', (real) => ({
          status: real.status,
          json: { data: { ...(real.json as { data: object }).data, accounts: [] } },
        })),
    },
    contactNotFound: {
      fault: { operationId: 'getContactUser', status: 404 },
    },
    lookupOffline: offline('getContactUser'),
    created: 'natural',
    createDuplicate: {
      arrange: (ctx) => duplicateRefusal(ctx, 'createRecipient'),
    },
    createServerError: {
      fault: { operationId: 'createRecipient', status: 500 },
    },
    updated: 'natural',
    updateServerError: {
      fault: { operationId: 'updateRecipient', status: 500 },
    },
    updateDuplicate: {
      arrange: (ctx) => duplicateRefusal(ctx, 'updateRecipient'),
    },
    deleted: 'natural',
    deleteServerError: {
      fault: { operationId: 'deleteRecipient', status: 500 },
    },
  },
  skipStates: [],
});

/**
 * Send Pix is offered only once /PixKey is a screen of the portal (issue 15: never a dead end). Until
 * the send-by-key flow (route /PixKey) is in the catalog, the path that sends is left out here and
 * listed as skipped; the machine tests play it, and tests/views/transfers/pix-recipient-book-page
 * checks the button's absence and the navigation.
 */
const PIX_KEY_SCREEN = catalog.some((e) => e.route?.toLowerCase() === '/pixkey');

export const recipientBookFlow: BoundFlow<typeof recipientBookEntry> = {
  bindings: recipientBookBindings,
  unplayableWalks: [
    {
      why: "the list's outcomes are the bank's first page, and a walk that paged on (or sorted, filtered) and then saved, deleted or retried reloads the page it was on",
      crosses: (path) =>
        eventThen(
          path,
          'query.change',
          (s) =>
            !(s.kind === 'event' && s.event.type === 'query.change') &&
            s.states.includes('recipient-book.loading'),
        ),
    },
  ],
  gaps: PIX_KEY_SCREEN
    ? []
    : [
        {
          key: 'event:recipient.send:Clica em Enviar Pix no favorecido Pix Academia',
          why: 'Enviar Pix só aparece quando a tela /PixKey existir (branch pixkey)',
        },
      ],
};
