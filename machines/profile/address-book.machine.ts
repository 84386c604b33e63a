/**
 * The address book of the profile (/ProfileAddressBook and the dialog opened from /Profile;
 * 1-access-shell-statement.md §2 Address book, §3 Address as shown / in the API form, §4 Address
 * edit, §5 Address form, §7 address and client calls, §8 empty list and success messages).
 *
 * Loads the list (the API form mapped to the shown form), then lets the holder add, edit and
 * delete. The form is a full-screen dialog; its values live in react-final-form and arrive here
 * with `form.submit`, checked by the same validator the form uses. Adding is one call; editing is
 * the sequence of §4: save the address, save the client, reload the client, which the view stores
 * in the session (emitted `client.reloaded`). A failure of any call keeps the dialog and its values
 * and shows the API's error; a submitting state ignores another submit. Deleting asks first.
 * Loading, the list and the delete confirmation are the states every book shares
 * (machines/kernel/book-states.ts); the form and its save sequence are the address book's own.
 */
import { assertEvent, and, assign, emit, not, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import {
  addressesOf,
  buildClientUpdate,
  emptyAddressForm,
  formValuesOf,
  isAddressFormValid,
  toApiAddressInput,
  toShownAddress,
  type ApiAddressInput,
  type ShownAddress,
} from './address-mapping.ts';
import { doneOutput } from '../kernel/events.ts';
import { bookBrowsingState, bookDeleteState, bookLoadStates } from '../kernel/book-states.ts';
import { bookFormState, bookSaveStep } from '../kernel/book-form-states.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import type {
  AddressBookContext,
  AddressBookEmitted,
  AddressBookEvent,
  AddressBookInput,
  AddressFormState,
  CreateAddressInput,
  CreateAddressOutput,
  DeleteAddressInput,
  DeleteAddressOutput,
  ListAddressesInput,
  ListAddressesOutput,
  ReloadClientInput,
  ReloadClientOutput,
  UpdateAddressInput,
  UpdateAddressOutput,
  UpdateClientInput,
  UpdateClientOutput,
} from './address-book-shapes.ts';

export * from './address-book-shapes.ts';

const SPEC_BOOK = '1-access-shell-statement.md §2 Address book';
const SPEC_FORM = '1-access-shell-statement.md §5 Address form';
const SPEC_EDIT = '1-access-shell-statement.md §4 Address edit';
const SPEC_CALLS = '1-access-shell-statement.md §7 The calls it makes';
const SPEC_ERRORS = '1-access-shell-statement.md §8 The error catalogue';

/** Replaces the address with the same id, or appends it. */
function upsert(list: readonly ShownAddress[], a: ShownAddress): ShownAddress[] {
  return list.some((x) => x.addressId === a.addressId)
    ? list.map((x) => (x.addressId === a.addressId ? a : x))
    : [...list, a];
}

export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    input: {} as AddressBookInput,
    emitted: {} as AddressBookEmitted,
    tags: {} as 'busy' | 'dialog',
  },
  actors: {
    listAddresses: mustProvide<ListAddressesOutput, ListAddressesInput>('listAddresses'),
    createAddress: mustProvide<CreateAddressOutput, CreateAddressInput>('createAddress'),
    updateAddress: mustProvide<UpdateAddressOutput, UpdateAddressInput>('updateAddress'),
    updateClient: mustProvide<UpdateClientOutput, UpdateClientInput>('updateClient'),
    reloadClient: mustProvide<ReloadClientOutput, ReloadClientInput>('reloadClient'),
    deleteAddress: mustProvide<DeleteAddressOutput, DeleteAddressInput>('deleteAddress'),
  },
  guards: {
    /** Something to list (otherwise 'Nenhum registro encontrado!'). */
    hasAddresses: ({ context }) => context.addresses.length > 0,
    /** The row the user acted on is in the list. */
    isKnownAddress: ({ context, event }) => {
      assertEvent(event, ['address.edit', 'address.delete']);
      return context.addresses.some((a) => a.addressId === event.addressId);
    },
    /** §5: every required field filled and without error (save is disabled otherwise). */
    isValidAddress: ({ event }) => {
      assertEvent(event, 'form.submit');
      return isAddressFormValid(event.values);
    },
    /** The open form edits an address (§4 sequence) rather than adding one. */
    isEditing: ({ context }) => context.form?.mode === 'edit',
    /** A valid form that edits an existing address (it is saved with PUT, not POST). */
    isValidAddressEdit: and(['isValidAddress', 'isEditing']),
    /** Nothing left to list: the empty text instead of the list. */
    hasNoAddresses: not('hasAddresses'),
  },
  actions: {
    keepRows: assign({
      addresses: ({ event }) => addressesOf(doneOutput<ListAddressesOutput>(event, 'listAddresses')),
      error: null,
    }),
    keepCallError: keepCallError(),
    openAddForm: assign({
      form: () => ({
        mode: 'add' as const,
        addressId: null,
        initial: emptyAddressForm(),
        submitted: null,
        payload: null,
      }),
      error: null,
    }),
    openEditForm: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'address.edit');
        const a = context.addresses.find((x) => x.addressId === event.addressId) as ShownAddress;
        return {
          mode: 'edit' as const,
          addressId: event.addressId,
          initial: formValuesOf(a),
          submitted: null,
          payload: null,
        };
      },
      error: null,
    }),
    askDelete: assign({
      pendingDelete: ({ event }) => {
        assertEvent(event, 'address.delete');
        return event.addressId;
      },
      error: null,
    }),
    dropDelete: assign({ pendingDelete: null, error: null }),
    /** An edit submitted: its values in the API form over the address's own, and its update's id. */
    keepAddressEdit: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'form.submit');
        const form = context.form as AddressFormState;
        const base = context.addresses.find((a) => a.addressId === form.addressId);
        return {
          ...form,
          submitted: event.values,
          payload: toApiAddressInput(event.values, context.ref, base),
        };
      },
      externalIdentifier: ({ context }) => context.externalIdentifier ?? context.newId(),
      error: null,
    }),
    /** A new address submitted: its values in the API form. */
    keepNewAddress: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'form.submit');
        return {
          ...(context.form as AddressFormState),
          submitted: event.values,
          payload: toApiAddressInput(event.values, context.ref),
        };
      },
      error: null,
    }),
    /** The address the bank saved (created or updated) replaces its row, or is appended. */
    keepSavedAddress: assign({
      addresses: ({ context, event }) =>
        upsert(context.addresses, toShownAddress(doneOutput<CreateAddressOutput>(event))),
    }),
    tellAdded: emit(({ event }) => ({
      type: 'address.saved' as const,
      mode: 'add' as const,
      addressId: doneOutput<CreateAddressOutput>(event, 'createAddress').addressId,
    })),
    dropExternalIdentifier: assign({ externalIdentifier: null }),
    /** §4 3.: the reloaded client is kept, and reported for the session. */
    keepReloadedClient: assign({
      client: ({ event }) => doneOutput<ReloadClientOutput>(event, 'reloadClient').client,
    }),
    tellClientReloaded: emit(({ event }) => {
      const { client, account } = doneOutput<ReloadClientOutput>(event, 'reloadClient');
      return { type: 'client.reloaded' as const, client, account };
    }),
    tellEdited: emit(({ context }) => ({
      type: 'address.saved' as const,
      mode: 'edit' as const,
      addressId: context.form?.addressId ?? '',
    })),
    closeForm: assign({ form: null, error: null, externalIdentifier: null }),
    /** The deleted address leaves the list (the book is not asked again). */
    removeDeletedRow: assign({
      addresses: ({ context }) => context.addresses.filter((a) => a.addressId !== context.pendingDelete),
    }),
    tellDeleted: emit(({ context }) => ({
      type: 'address.deleted' as const,
      addressId: context.pendingDelete ?? '',
    })),
  },
}).createMachine({
  id: 'address-book',
  initial: 'loading',
  context: ({ input }) => ({
    ref: { accountHolderId: input.accountHolderId, accountId: input.accountId },
    client: input.client,
    newId: input.newId,
    addresses: [],
    form: null,
    pendingDelete: null,
    externalIdentifier: null,
    error: null,
  }),
  states: {
    ...bookLoadStates({
      call: 'listAddresses',
      input: ({ context }: { context: AddressBookContext }) => context.ref,
      description: 'GET /client/{accountHolderId}/account/{accountId}/address',
      loading: { spec: `${SPEC_CALLS} (addresses or billingAddress)`, label: 'Carregando endereços' },
      loadError: { spec: SPEC_ERRORS, label: 'Falha ao carregar os endereços (tentar novamente)' },
    }),
    browsing: bookBrowsingState({
      id: 'address-book',
      events: { add: 'address.add', edit: 'address.edit', delete: 'address.delete' },
      guards: { noRows: 'hasNoAddresses', knownRow: 'isKnownAddress' },
      browsing: { spec: SPEC_BOOK, label: 'Catálogo de endereços' },
      list: { spec: SPEC_BOOK, label: 'Lista de endereços' },
      empty: { spec: `${SPEC_ERRORS} ('Nenhum registro encontrado!')`, label: 'Nenhum registro encontrado!' },
    }),
    form: bookFormState({
      id: 'address-book',
      submit: [
        { guard: 'isValidAddressEdit', target: 'savingAddress', actions: 'keepAddressEdit' },
        { guard: 'isValidAddress', target: 'creating', actions: 'keepNewAddress' },
      ],
      form: {
        spec: `${SPEC_BOOK} (formulário em tela cheia: editar ou adicionar)`,
        label: 'Formulário de endereço',
      },
      filling: { spec: SPEC_FORM, label: 'Preenchendo o endereço' },
      idle: { spec: SPEC_FORM, label: 'Formulário aberto' },
      failed: {
        description: 'describeApiError(error): the values stay in the form',
        spec: SPEC_ERRORS,
        label: 'Falha ao salvar: valores mantidos e erro exibido',
      },
      steps: {
        creating: bookSaveStep({
          call: 'createAddress',
          input: ({ context }: { context: AddressBookContext }) => ({
            ref: context.ref,
            address: context.form?.payload as ApiAddressInput,
          }),
          onDone: {
            target: '#address-book.browsing',
            actions: ['keepSavedAddress', 'tellAdded', 'closeForm'],
          },
          description: 'POST /client/{id}/account/{accountId}/address',
          meta: { spec: `${SPEC_CALLS} (add address)`, label: 'Adicionando o endereço' },
        }),
        savingAddress: bookSaveStep({
          call: 'updateAddress',
          input: ({ context }: { context: AddressBookContext }) => ({
            ref: context.ref,
            addressId: context.form?.addressId ?? '',
            address: context.form?.payload as ApiAddressInput,
          }),
          onDone: { target: 'savingClient', actions: 'keepSavedAddress' },
          description: 'POST /client/{id}/account/{accountId}/address/{addressId}',
          meta: { spec: `${SPEC_EDIT}: 1. salvar o endereço`, label: 'Salvando o endereço' },
        }),
        savingClient: bookSaveStep({
          call: 'updateClient',
          input: ({ context }: { context: AddressBookContext }) => ({
            ref: context.ref,
            body: buildClientUpdate(
              context.client,
              { addressId: context.form?.addressId ?? '', address: context.form?.payload as ApiAddressInput },
              context.externalIdentifier ?? context.newId(),
            ),
          }),
          // The update is applied: a later save of this form is a new attempt, with a new id.
          onDone: { target: 'reloadingClient', actions: 'dropExternalIdentifier' },
          description:
            'POST /client/{id}/account/{accountId} (externalIdentifier, client, billingAddress, additionalDetailsCorporate)',
          meta: { spec: `${SPEC_EDIT}: 2. salvar o cliente; ${SPEC_CALLS}`, label: 'Salvando o cliente' },
        }),
        reloadingClient: bookSaveStep({
          call: 'reloadClient',
          input: ({ context }: { context: AddressBookContext }) => ({ accountId: context.ref.accountId }),
          onDone: {
            target: '#address-book.browsing',
            actions: ['keepReloadedClient', 'tellClientReloaded', 'tellEdited', 'closeForm'],
          },
          description: 'GET /client/{accountId}, then stored in the session (emitted client.reloaded)',
          meta: {
            spec: `${SPEC_EDIT}: 3. recarregar o cliente e guardá-lo na sessão`,
            label: 'Recarregando o cliente',
          },
        }),
      },
    }),
    confirmingDelete: bookDeleteState({
      id: 'address-book',
      call: 'deleteAddress',
      input: ({ context }: { context: AddressBookContext }) => ({
        ref: context.ref,
        addressId: context.pendingDelete ?? '',
      }),
      onDone: {
        target: '#address-book.browsing',
        actions: ['removeDeletedRow', 'tellDeleted', 'dropDelete'],
      },
      description: 'DELETE /client/{id}/account/{accountId}/address/{addressId}',
      confirming: { spec: `${SPEC_BOOK} (excluir com confirmação)`, label: 'Confirmação de exclusão' },
      asking: { spec: SPEC_BOOK, label: 'Excluir este endereço?' },
      idle: { spec: SPEC_BOOK, label: 'Pergunta se exclui' },
      failed: { spec: SPEC_ERRORS, label: 'Falha ao excluir (erro exibido)' },
      deleting: { spec: `${SPEC_CALLS} (delete address)`, label: 'Excluindo o endereço' },
      retry: false,
    }),
  },
});
