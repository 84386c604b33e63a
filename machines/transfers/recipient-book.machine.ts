/**
 * The recipient book (/Transfer/Recipient, and the dialog the TED and company-transfer screens open;
 * 2-money-movement.md §2 Recipient book, §3 Recipient, §4 Recipient form, §5 Recipient form and
 * Nickname, §7 Recipients calls and contact lookups, §8 messages, §9 grid constants).
 *
 * The grid is paged and sorted by the bank (POST /Recipients/ListWithPagination/{dataset}): every
 * page, page size, sort or type filter change asks for that page again, keeping the rows on screen
 * until the answer arrives. The form dialog adds or edits; its values live in react-final-form and
 * arrive with `form.submit`, checked by the same validator the form uses. A new company-account
 * recipient is first looked up by CNPJ (§5), which may refuse it as already registered. Deleting
 * asks first. Every failed call keeps what was typed and offers `retry`; the view acts on the
 * emitted `recipient.saved` and `recipient.deleted`.
 *
 * The Pix variant (/PixRecipientPage; 3-pix-part-one.md §2 Recipient book (Pix variant), §3
 * Recipient, §7 Save recipient) is this machine with `variant: 'pix'`: the same store, the list
 * filtered by is_pix, 20 a page, the form fixed to Pix (key type, key, nickname). Send Pix on a Pix
 * row ends the book with the recipient's id as output (`sendingPix`); the view opens /PixKey.
 *
 * Loading, the list and the delete confirmation are the states every book shares
 * (machines/kernel/book-states.ts); the paging, the form with its CNPJ lookup and Send Pix are
 * this book's own. The query and its changes are recipient-query.ts.
 */
import { and, assertEvent, assign, emit, not, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, hasErrorCode, hasStatus, thrownBy } from '../kernel/call-error.ts';
import { doneOutput } from '../kernel/events.ts';
import { bookBrowsingState, bookDeleteState, bookLoadStates } from '../kernel/book-states.ts';
import type { RecipientFormValues, RecipientKind } from '../validators/recipient.ts';
import { validateRecipientForm } from '../validators/recipient-form.ts';
import {
  PIX_RECIPIENT_PAGE_SIZE,
  RECIPIENT_DATASET,
  nextQuery,
  pagingRequestOf,
  type QueryChange,
  type RecipientBookVariant,
  type RecipientPageSize,
  type RecipientQuery,
} from './recipient-query.ts';
import {
  formValuesOfRecipient,
  isRegisteredOrAccountless,
  newRecipientForm,
  toRecipientInput,
  type ContactLookup,
  type Recipient,
  type RecipientInput,
} from './recipient-mapping.ts';

type Schemas = components['schemas'];

/** The bank's 422 RECIPIENT 56 'Favorecido já cadastrado!' (sandbox/http/replies.ts). */
const RECIPIENT_ALREADY_REGISTERED = 56;

export type { ContactLookup, Recipient, RecipientInput } from './recipient-mapping.ts';
export {
  RECIPIENT_PAGE_SIZES,
  nextQuery,
  pagingRequestOf,
  type RecipientPageSize,
  type RecipientQuery,
  type RecipientSortField,
} from './recipient-query.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';

/** POST /Recipients/ListWithPagination/{dataset}. */
export interface ListRecipientsInput {
  dataset: string;
  body: Schemas['PagingRequest'];
}
export type ListRecipientsOutput = Schemas['RecipientPage'];
export type CreateRecipientOutput = Recipient;
export type UpdateRecipientInput = Schemas['RecipientUpdate'];
export type UpdateRecipientOutput = Recipient;
/** DELETE /Recipients/{idRecipient}. */
export interface DeleteRecipientInput {
  idRecipient: number;
}
export type DeleteRecipientOutput = Schemas['Ack'];
/** GET /contact-users/{cnpj}?isAddFavored=true. */
export interface LookupContactInput {
  cnpj: string;
}
export type LookupContactOutput = ContactLookup;

export interface RecipientBookInput {
  /** The session's first account: the recipients' userAccountId. */
  accountId: string;
  /** The kind the book opens filtered to (the transfer screens' dialog); null: every kind. */
  recipientType?: RecipientKind | null;
  /** The first page size: 10 on the book's page (§9); other screens may ask for 20. */
  pageSize?: RecipientPageSize;
  /** 'pix': the Pix recipient book (is_pix, Pix form, 20 a page unless `pageSize` says). */
  variant?: RecipientBookVariant;
}

/** What the book ends with: the Pix recipient to send to (the view opens /PixKey?recipient=id). */
export interface RecipientBookOutput {
  sendPixTo: number;
}

/** The open form dialog. */
export interface RecipientFormState {
  mode: 'add' | 'edit';
  /** The recipient being edited (null when adding). */
  idRecipient: number | null;
  /** What the form shows when it opens. */
  initial: RecipientFormValues;
  /** The last valid values submitted: kept on failure so nothing typed is lost. */
  submitted: RecipientFormValues | null;
  /** The contact found by CNPJ for a new company-account recipient. */
  contact: ContactLookup | null;
}

export interface RecipientBookContext {
  accountId: string;
  query: RecipientQuery;
  recipients: Recipient[];
  recordCount: number;
  totalPages: number;
  form: RecipientFormState | null;
  /** The recipient the confirmation dialog is about. */
  pendingDelete: number | null;
  /** The Pix recipient chosen to send to (the book's output). */
  pendingSend: number | null;
  /** Why the last call failed (list, lookup, save or delete). */
  error: CallError | null;
}

export type RecipientBookEvent =
  | { type: 'retry' }
  | ({ type: 'query.change' } & QueryChange)
  | { type: 'recipient.add' }
  | { type: 'recipient.edit'; idRecipient: number }
  | { type: 'recipient.delete'; idRecipient: number }
  | { type: 'recipient.send'; idRecipient: number }
  | { type: 'form.submit'; values: RecipientFormValues }
  | { type: 'form.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/**
 * What the view acts on: the success toasts of §8. Picking a row in the transfer screens' dialog
 * is not an event of the book: the dialog hands the row it shows to its opener and closes.
 */
export type RecipientBookEmitted =
  | { type: 'recipient.saved'; mode: 'add' | 'edit'; recipient: Recipient }
  | { type: 'recipient.deleted'; idRecipient: number };

type Tag = 'busy' | 'dialog';

const SPEC_BOOK = '2-money-movement.md §2 Recipient book';
const SPEC_FORM = '2-money-movement.md §5 Recipient form';
const SPEC_CALLS = '2-money-movement.md §7 Calls made';
const SPEC_ERRORS = '2-money-movement.md §8 Error catalogue';

/** The recipient of a row event, when it is on the page shown. */
function rowOf(context: RecipientBookContext, idRecipient: number): Recipient | undefined {
  return context.recipients.find((r) => r.idRecipient === idRecipient);
}

/** The answer of the contact lookup, read from its done event (not one of the machine's events). */
function contactOf(event: unknown): ContactLookup {
  const output = (event as { output?: Partial<ContactLookup> }).output;
  return { ...output, accounts: output?.accounts ?? [] };
}

export const recipientBookMachine = setup({
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
    /** The valid values submitted: kept through the calls and any failure, so nothing is lost. */
    keepSubmitted: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'form.submit');
        return { ...(context.form as RecipientFormState), submitted: event.values, contact: null };
      },
      error: null,
    }),
  },
}).createMachine({
  id: 'recipient-book',
  initial: 'loading',
  output: ({ context }) => ({ sendPixTo: context.pendingSend ?? 0 }),
  context: ({ input }) => ({
    accountId: input.accountId,
    query: {
      pageNumber: 1,
      pageSize: input.pageSize ?? (input.variant === 'pix' ? PIX_RECIPIENT_PAGE_SIZE : 10),
      fieldToSort: 'idRecipient',
      direction: 1,
      recipientType: input.variant === 'pix' ? 'Pix' : (input.recipientType ?? null),
      pixOnly: input.variant === 'pix',
    },
    recipients: [],
    recordCount: 0,
    totalPages: 0,
    form: null,
    pendingDelete: null,
    pendingSend: null,
    error: null,
  }),
  states: {
    ...bookLoadStates({
      call: 'listRecipients',
      input: ({ context }: { context: RecipientBookContext }) => ({
        dataset: RECIPIENT_DATASET,
        body: pagingRequestOf(context.query),
      }),
      description: 'POST /Recipients/ListWithPagination/{dataset}; the rows shown stay until the answer',
      loading: {
        spec: `${SPEC_CALLS} (ListWithPagination, recipient_type)`,
        label: 'Carregando favorecidos',
      },
      loadError: { spec: SPEC_ERRORS, label: 'Falha ao carregar os favorecidos (tentar novamente)' },
    }),
    browsing: bookBrowsingState({
      id: 'recipient-book',
      events: { add: 'recipient.add', edit: 'recipient.edit', delete: 'recipient.delete' },
      guards: { noRows: 'hasNoRecipients', knownRow: 'isKnownRecipient' },
      browsing: { spec: SPEC_BOOK, label: 'Favorecidos' },
      list: { spec: `${SPEC_BOOK} (grade paginada e ordenada pelo banco)`, label: 'Grade de favorecidos' },
      empty: { spec: `${SPEC_ERRORS} ('Nenhum registro encontrado!')`, label: 'Nenhum registro encontrado!' },
      browsingOn: { 'query.change': { target: 'loading', actions: 'changeQuery' } },
      listOn: {
        'recipient.send': {
          guard: 'isKnownPixRecipient',
          target: '#recipient-book.sendingPix',
          actions: 'keepSend',
        },
      },
    }),
    form: {
      meta: {
        spec: `${SPEC_BOOK} (diálogo de formulário: adicionar ou editar)`,
        label: 'Formulário de favorecido',
      },
      tags: ['dialog'],
      initial: 'filling',
      states: {
        filling: {
          meta: { spec: SPEC_FORM, label: 'Preenchendo o favorecido' },
          initial: 'idle',
          on: {
            'form.submit': [
              { guard: 'isValidEdit', target: 'updating', actions: 'keepSubmitted' },
              { guard: 'isValidNewCompanyAccount', target: 'lookingUp', actions: 'keepSubmitted' },
              { guard: 'isValidRecipient', target: 'creating', actions: 'keepSubmitted' },
            ],
            'form.cancel': {
              target: '#recipient-book.browsing',
              actions: assign({ form: null, error: null }),
            },
          },
          states: {
            idle: { meta: { spec: SPEC_FORM, label: 'Formulário aberto' } },
            failed: {
              description: 'describeApiError(error): the values stay in the form; retry repeats the call',
              meta: { spec: SPEC_ERRORS, label: 'Falha ao salvar: valores mantidos e erro exibido' },
              on: {
                retry: [
                  { guard: 'isEditing', target: '#recipient-book.form.updating' },
                  { guard: 'needsContactLookup', target: '#recipient-book.form.lookingUp' },
                  { target: '#recipient-book.form.creating' },
                ],
              },
            },
            alreadyRegistered: {
              description: 'RECIPIENTS.ALREADY_REGISTERED',
              meta: {
                spec: `${SPEC_FORM}; ${SPEC_ERRORS} ('Favorecido já cadastrado')`,
                label: 'Favorecido já cadastrado',
              },
            },
            contactNotFound: {
              description: 'RECIPIENTS.CONTACT_NOT_FOUND',
              meta: {
                spec: `${SPEC_ERRORS} ('Nenhum contato encontrado com esse número de CNPJ')`,
                label: 'Nenhum contato encontrado com esse CNPJ',
              },
            },
          },
        },
        lookingUp: {
          description: 'GET /contact-users/{cnpj}?isAddFavored=true',
          meta: {
            spec: `${SPEC_FORM} (consulta do contato pelo CNPJ antes de criar)`,
            label: 'Consultando o CNPJ',
          },
          tags: ['busy'],
          invoke: {
            id: 'lookupContact',
            src: 'lookupContact',
            input: ({ context }) => ({ cnpj: context.form?.submitted?.cpfCnpj ?? '' }),
            onDone: [
              { guard: 'isAlreadyRegistered', target: 'filling.alreadyRegistered' },
              {
                target: 'creating',
                actions: assign({
                  form: ({ context, event }) => ({
                    ...(context.form as RecipientFormState),
                    contact: event.output,
                  }),
                }),
              },
            ],
            onError: [
              {
                guard: 'isContactNotFound',
                target: 'filling.contactNotFound',
                actions: 'keepCallError',
              },
              { target: 'filling.failed', actions: 'keepCallError' },
            ],
          },
        },
        creating: {
          description: 'POST /Recipients',
          meta: { spec: `${SPEC_CALLS} (POST /Recipients)`, label: 'Salvando o favorecido' },
          tags: ['busy'],
          invoke: {
            id: 'createRecipient',
            src: 'createRecipient',
            input: ({ context }) =>
              toRecipientInput(
                context.form?.submitted ?? newRecipientForm(null),
                context.accountId,
                context.form?.contact,
              ),
            onDone: {
              target: '#recipient-book.loading',
              actions: [
                emit(({ event }) => ({
                  type: 'recipient.saved' as const,
                  mode: 'add' as const,
                  recipient: event.output,
                })),
                // The new recipient has the highest id: the default sort shows it first on page 1.
                assign({
                  form: null,
                  error: null,
                  query: ({ context }) => ({ ...context.query, pageNumber: 1 }),
                }),
              ],
            },
            onError: [
              {
                guard: 'isRefusedAsDuplicate',
                target: 'filling.alreadyRegistered',
                actions: 'keepCallError',
              },
              { target: 'filling.failed', actions: 'keepCallError' },
            ],
          },
        },
        updating: {
          description: 'PUT /Recipients (isEdit)',
          meta: { spec: `${SPEC_CALLS} (PUT /Recipients com isEdit)`, label: 'Salvando a edição' },
          tags: ['busy'],
          invoke: {
            id: 'updateRecipient',
            src: 'updateRecipient',
            input: ({ context }) => ({
              ...toRecipientInput(context.form?.submitted ?? newRecipientForm(null), context.accountId),
              idRecipient: context.form?.idRecipient ?? 0,
              isEdit: true as const,
            }),
            onDone: {
              target: '#recipient-book.loading',
              actions: [
                emit(({ event }) => ({
                  type: 'recipient.saved' as const,
                  mode: 'edit' as const,
                  recipient: event.output,
                })),
                assign({ form: null, error: null }),
              ],
            },
            onError: [
              {
                guard: 'isRefusedAsDuplicate',
                target: 'filling.alreadyRegistered',
                actions: 'keepCallError',
              },
              { target: 'filling.failed', actions: 'keepCallError' },
            ],
          },
        },
      },
    },
    sendingPix: {
      description: 'The view opens /PixKey?recipient={idRecipient} (the send-by-key flow loads it)',
      meta: {
        spec: '3-pix-part-one.md §2 Recipient book (Pix variant) (enviar Pix), Send by key (/PixKey)',
        label: 'Enviar Pix ao favorecido',
      },
      type: 'final',
    },
    confirmingDelete: bookDeleteState({
      id: 'recipient-book',
      call: 'deleteRecipient',
      input: ({ context }: { context: RecipientBookContext }) => ({
        idRecipient: context.pendingDelete ?? 0,
      }),
      onDone: {
        target: '#recipient-book.loading',
        actions: ['tellDeleted', 'showPageAfterDelete', 'dropDelete'],
      },
      description: 'DELETE /Recipients/{idRecipient}',
      confirming: {
        spec: `${SPEC_FORM} ('Deseja realmente excluir esse favorecido?')`,
        label: 'Confirmação de exclusão',
      },
      asking: { spec: SPEC_FORM, label: 'Deseja realmente excluir esse favorecido?' },
      idle: { spec: SPEC_FORM, label: 'Pergunta se exclui' },
      failed: { spec: SPEC_ERRORS, label: 'Falha ao excluir (erro exibido, tentar novamente)' },
      deleting: { spec: `${SPEC_CALLS} (DELETE /Recipients/{id})`, label: 'Excluindo o favorecido' },
      retry: true,
    }),
  },
});
