/**
 * The rules of machines/transfers/recipient-book.machine.ts, as its `setup`: the calls it makes
 * (actors), its guards (which row an event may act on, a valid form, the CNPJ lookup of a new
 * company account, the bank's refusals and their decisions) and its named actions (the list kept,
 * the forms opened, the query changed, the delete's page). The machine's states are drawn from it
 * with `recipientBookSetup.createMachine`.
 */
import { and, assertEvent, assign, emit, not, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import { hasErrorCode, hasStatus, thrownBy } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import { validateRecipientForm } from '../validators/recipient-form.ts';
import { nextQuery } from './recipient-query.ts';
import {
  formValuesOfRecipient,
  isRegisteredOrAccountless,
  newRecipientForm,
  type ContactLookup,
  type Recipient,
  type RecipientInput,
} from './recipient-mapping.ts';
import type {
  CreateRecipientOutput,
  DeleteRecipientInput,
  DeleteRecipientOutput,
  ListRecipientsInput,
  ListRecipientsOutput,
  LookupContactInput,
  LookupContactOutput,
  RecipientBookContext,
  RecipientBookEmitted,
  RecipientBookEvent,
  RecipientBookInput,
  RecipientBookOutput,
  RecipientFormState,
  UpdateRecipientInput,
  UpdateRecipientOutput,
} from './recipient-book-shapes.ts';

/** The bank's 422 RECIPIENT 56 'Favorecido já cadastrado!' (sandbox/http/replies.ts). */
const RECIPIENT_ALREADY_REGISTERED = 56;

type Tag = 'busy' | 'dialog';

/** The recipient of a row event, when it is on the page shown. */
function rowOf(context: RecipientBookContext, idRecipient: number): Recipient | undefined {
  return context.recipients.find((r) => r.idRecipient === idRecipient);
}

/** The answer of the contact lookup, read from its done event (not one of the machine's events). */
function contactOf(event: unknown): ContactLookup {
  const output = (event as { output?: Partial<ContactLookup> }).output;
  return { ...output, accounts: output?.accounts ?? [] };
}

export const recipientBookSetup = setup({
  types: {
    context: {} as RecipientBookContext,
    events: {} as RecipientBookEvent,
    input: {} as RecipientBookInput,
    output: {} as RecipientBookOutput,
    emitted: {} as RecipientBookEmitted,
    tags: {} as Tag,
  },
  actors: {
    listRecipients: mustProvide<ListRecipientsOutput, ListRecipientsInput>('listRecipients'),
    createRecipient: mustProvide<CreateRecipientOutput, RecipientInput>('createRecipient'),
    updateRecipient: mustProvide<UpdateRecipientOutput, UpdateRecipientInput>('updateRecipient'),
    deleteRecipient: mustProvide<DeleteRecipientOutput, DeleteRecipientInput>('deleteRecipient'),
    lookupContact: mustProvide<LookupContactOutput, LookupContactInput>('lookupContact'),
  },
  guards: {
    /** Something on this page (otherwise 'Nenhum registro encontrado!'). */
    hasRecipients: ({ context }) => context.recipients.length > 0,
    /** Nothing to list: the empty text instead of the grid. */
    hasNoRecipients: not('hasRecipients'),
    /** The row the user acted on is on the page shown. */
    isKnownRecipient: ({ context, event }) =>
      (event.type === 'recipient.edit' || event.type === 'recipient.delete') &&
      rowOf(context, event.idRecipient) !== undefined,
    /**
     * 3-pix-part-one.md §2: send Pix is an action of a Pix recipient (a key to send to) on the page
     * shown. A Pix recipient without a key (none is saved so any more) cannot be sent to.
     */
    isKnownPixRecipient: ({ context, event }) => {
      if (event.type !== 'recipient.send') return false;
      const r = rowOf(context, event.idRecipient);
      return r?.recipientType === 'Pix' && typeof r.key === 'string' && r.key !== '';
    },
    /** §5 Recipient form: every field its type needs, valid (Save is disabled otherwise). */
    isValidRecipient: ({ event }) =>
      event.type === 'form.submit' && Object.keys(validateRecipientForm(event.values)).length === 0,
    /** The open form edits a saved recipient (PUT, no lookup). */
    isEditing: ({ context }) => context.form?.mode === 'edit',
    /** §5: a new company-account recipient is looked up by CNPJ before it is created. */
    needsContactLookup: ({ context, event }) => {
      const values = event.type === 'form.submit' ? event.values : context.form?.submitted;
      return context.form?.mode === 'add' && values?.recipientType === 'InternalTransfer';
    },
    isValidEdit: and(['isValidRecipient', 'isEditing']),
    isValidNewCompanyAccount: and(['isValidRecipient', 'needsContactLookup']),
    /** §5: the lookup reports already registered, or gives no account: 'Favorecido já cadastrado'. */
    isAlreadyRegistered: ({ event }) => isRegisteredOrAccountless(contactOf(event)),
    /**
     * §8 'Nenhum contato encontrado com esse número de CNPJ': the lookup answered 404. Decision: the
     * spec also calls a failed lookup 'Favorecido já cadastrado'; a careful bank does not say
     * "already registered" when the CNPJ is no client of ours (404, said as not found) or when the
     * call never got an answer (network, 500: the error and a retry).
     */
    isContactNotFound: ({ event }) => hasStatus(thrownBy(event), 404),
    /**
     * The bank refused the save as a duplicate (422 RECIPIENT 56: a company account or a Pix key the
     * book already keeps; 3-pix-part-one.md §8 'Favorecido já cadastrado'). Said as such, with no
     * retry: the same values would be refused again; the user changes them or cancels.
     */
    isRefusedAsDuplicate: ({ event }) =>
      hasStatus(thrownBy(event), 422) && hasErrorCode(thrownBy(event), RECIPIENT_ALREADY_REGISTERED),
  },
  actions: {
    keepRows: assign({
      recipients: ({ event }) => doneOutput<ListRecipientsOutput>(event, 'listRecipients').dataset,
      recordCount: ({ event }) => doneOutput<ListRecipientsOutput>(event, 'listRecipients').recordCount,
      totalPages: ({ context, event }) => {
        const page = doneOutput<ListRecipientsOutput>(event, 'listRecipients');
        return page.totalPages ?? Math.ceil(page.recordCount / context.query.pageSize);
      },
      error: null,
    }),
    keepCallError: keepCallError(),
    openAddForm: assign({
      form: ({ context }) => ({
        mode: 'add' as const,
        idRecipient: null,
        initial: newRecipientForm(context.query.recipientType),
        submitted: null,
        contact: null,
      }),
      error: null,
    }),
    openEditForm: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'recipient.edit');
        const r = rowOf(context, event.idRecipient) as Recipient;
        return {
          mode: 'edit' as const,
          idRecipient: r.idRecipient,
          initial: formValuesOfRecipient(r),
          submitted: null,
          contact: null,
        };
      },
      error: null,
    }),
    askDelete: assign({
      pendingDelete: ({ event }) => {
        assertEvent(event, 'recipient.delete');
        return event.idRecipient;
      },
      error: null,
    }),
    dropDelete: assign({ pendingDelete: null, error: null }),
    changeQuery: assign({
      query: ({ context, event }) => {
        assertEvent(event, 'query.change');
        return nextQuery(context, event);
      },
    }),
    keepSend: assign({
      pendingSend: ({ event }) => {
        assertEvent(event, 'recipient.send');
        return event.idRecipient;
      },
    }),
    tellDeleted: emit(({ context }) => ({
      type: 'recipient.deleted' as const,
      idRecipient: context.pendingDelete ?? 0,
    })),
    /** The last row of a later page gone: that page no longer exists, show the one before. */
    showPageAfterDelete: assign({
      query: ({ context }) => ({
        ...context.query,
        pageNumber:
          context.recipients.length === 1 && context.query.pageNumber > 1
            ? context.query.pageNumber - 1
            : context.query.pageNumber,
      }),
    }),
    /** The contact the CNPJ lookup found: the new recipient's account. */
    keepContact: assign({
      form: ({ context, event }) => ({
        ...(context.form as RecipientFormState),
        contact: doneOutput<LookupContactOutput>(event, 'lookupContact'),
      }),
    }),
    tellAdded: emit(({ event }) => ({
      type: 'recipient.saved' as const,
      mode: 'add' as const,
      recipient: doneOutput<CreateRecipientOutput>(event, 'createRecipient'),
    })),
    tellEdited: emit(({ event }) => ({
      type: 'recipient.saved' as const,
      mode: 'edit' as const,
      recipient: doneOutput<UpdateRecipientOutput>(event, 'updateRecipient'),
    })),
    closeForm: assign({ form: null, error: null }),
    /** The new recipient has the highest id: the default sort shows it first on page 1. */
    showFirstPage: assign({ query: ({ context }) => ({ ...context.query, pageNumber: 1 }) }),
    /** The valid values submitted: kept through the calls and any failure, so nothing is lost. */
    keepSubmitted: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'form.submit');
        return { ...(context.form as RecipientFormState), submitted: event.values, contact: null };
      },
      error: null,
    }),
  },
});
