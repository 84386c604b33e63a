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
import { bookBrowsingState, bookDeleteState, bookLoadStates } from '../kernel/book-states.ts';
import { bookFormState, bookSaveStep } from '../kernel/book-form-states.ts';
import { PIX_RECIPIENT_PAGE_SIZE, RECIPIENT_DATASET, pagingRequestOf } from './recipient-query.ts';
import { newRecipientForm, toRecipientInput } from './recipient-mapping.ts';
import type { RecipientBookContext } from './recipient-book-shapes.ts';
import { recipientBookSetup } from './recipient-book-setup.ts';

export * from './recipient-book-shapes.ts';
export {
  RECIPIENT_PAGE_SIZES,
  nextQuery,
  pagingRequestOf,
  type RecipientPageSize,
  type RecipientQuery,
  type RecipientSortField,
} from './recipient-query.ts';

const SPEC_BOOK = '2-money-movement.md §2 Recipient book';
const SPEC_FORM = '2-money-movement.md §5 Recipient form';
const SPEC_CALLS = '2-money-movement.md §7 Calls made';
const SPEC_ERRORS = '2-money-movement.md §8 Error catalogue';

/** A save the bank refuses as a duplicate: 'Favorecido já cadastrado', no retry (recipient-book-setup.ts). */
const REFUSED_AS_DUPLICATE = {
  guard: 'isRefusedAsDuplicate',
  target: 'filling.alreadyRegistered',
  actions: 'keepCallError',
} as const;

export const recipientBookMachine = recipientBookSetup.createMachine({
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
    form: bookFormState({
      id: 'recipient-book',
      submit: [
        { guard: 'isValidEdit', target: 'updating', actions: 'keepSubmitted' },
        { guard: 'isValidNewCompanyAccount', target: 'lookingUp', actions: 'keepSubmitted' },
        { guard: 'isValidRecipient', target: 'creating', actions: 'keepSubmitted' },
      ],
      form: {
        spec: `${SPEC_BOOK} (diálogo de formulário: adicionar ou editar)`,
        label: 'Formulário de favorecido',
      },
      filling: { spec: SPEC_FORM, label: 'Preenchendo o favorecido' },
      idle: { spec: SPEC_FORM, label: 'Formulário aberto' },
      failed: {
        description: 'describeApiError(error): the values stay in the form; retry repeats the call',
        spec: SPEC_ERRORS,
        label: 'Falha ao salvar: valores mantidos e erro exibido',
      },
      failedOn: {
        retry: [
          { guard: 'isEditing', target: '#recipient-book.form.updating' },
          { guard: 'needsContactLookup', target: '#recipient-book.form.lookingUp' },
          { target: '#recipient-book.form.creating' },
        ],
      },
      refused: {
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
      steps: {
        lookingUp: bookSaveStep({
          call: 'lookupContact',
          input: ({ context }: { context: RecipientBookContext }) => ({
            cnpj: context.form?.submitted?.cpfCnpj ?? '',
          }),
          onDone: [
            { guard: 'isAlreadyRegistered', target: 'filling.alreadyRegistered' },
            { target: 'creating', actions: 'keepContact' },
          ],
          refusals: [
            { guard: 'isContactNotFound', target: 'filling.contactNotFound', actions: 'keepCallError' },
          ],
          description: 'GET /contact-users/{cnpj}?isAddFavored=true',
          meta: {
            spec: `${SPEC_FORM} (consulta do contato pelo CNPJ antes de criar)`,
            label: 'Consultando o CNPJ',
          },
        }),
        creating: bookSaveStep({
          call: 'createRecipient',
          input: ({ context }: { context: RecipientBookContext }) =>
            toRecipientInput(
              context.form?.submitted ?? newRecipientForm(null),
              context.accountId,
              context.form?.contact,
            ),
          onDone: { target: '#recipient-book.loading', actions: ['tellAdded', 'closeForm', 'showFirstPage'] },
          refusals: [REFUSED_AS_DUPLICATE],
          description: 'POST /Recipients',
          meta: { spec: `${SPEC_CALLS} (POST /Recipients)`, label: 'Salvando o favorecido' },
        }),
        updating: bookSaveStep({
          call: 'updateRecipient',
          input: ({ context }: { context: RecipientBookContext }) => ({
            ...toRecipientInput(context.form?.submitted ?? newRecipientForm(null), context.accountId),
            idRecipient: context.form?.idRecipient ?? 0,
            isEdit: true as const,
          }),
          onDone: { target: '#recipient-book.loading', actions: ['tellEdited', 'closeForm'] },
          refusals: [REFUSED_AS_DUPLICATE],
          description: 'PUT /Recipients (isEdit)',
          meta: { spec: `${SPEC_CALLS} (PUT /Recipients com isEdit)`, label: 'Salvando a edição' },
        }),
      },
    }),
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
