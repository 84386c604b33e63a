/**
 * Catalog entry of the address book (/ProfileAddressBook and the dialog of /Profile;
 * 1-access-shell-statement.md §2 Address book, §4 Address edit, §5 Address form, §7, §8).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { sequentialIds } from '../kernel/ids.ts';
import type { AddressFormValues } from './address-mapping.ts';
import {
  addressBookMachine,
  type AddressBookEvent,
  type AddressBookInput,
  type CreateAddressOutput,
  type DeleteAddressOutput,
  type ListAddressesOutput,
  type ReloadClientOutput,
  type UpdateAddressOutput,
  type UpdateClientInput,
  type UpdateClientOutput,
} from './address-book.machine.ts';
import {
  HOME_ADDRESS,
  HOME_ADDRESS_EDITED,
  NEW_ADDRESS,
  NEW_ADDRESS_FORM,
  PROFILE_ACCOUNT,
  PROFILE_ACCOUNT_INFO,
  PROFILE_CLIENT,
  WORK_ADDRESS,
  apiErrorLike,
  fieldsError,
  internalError,
  networkError,
} from './profile-sample-data.ts';

const submit = (patch: Partial<AddressFormValues>): AddressBookEvent => ({
  type: 'form.submit',
  values: { ...NEW_ADDRESS_FORM, ...patch },
});

const input: AddressBookInput = { ...PROFILE_ACCOUNT, client: PROFILE_CLIENT, newId: sequentialIds('ext') };

export const addressBookFlow = defineFlow({
  id: 'address-book',
  title: 'Perfil: catálogo de endereços',
  route: '/ProfileAddressBook',
  entrySteps: signedInSteps('/ProfileAddressBook'),
  spec: [
    '1-access-shell-statement.md §2 Address book',
    '1-access-shell-statement.md §3 Entities and their fields (Address as shown, Address in the API form, Client)',
    '1-access-shell-statement.md §4 States and transitions (Address edit)',
    '1-access-shell-statement.md §5 Address form',
    '1-access-shell-statement.md §7 The calls it makes',
    '1-access-shell-statement.md §8 The error catalogue',
  ],
  machine: addressBookMachine,
  input,
  events: [
    { event: { type: 'retry' }, label: 'Clica em Tentar novamente' },
    { event: { type: 'address.add' }, label: 'Clica em Adicionar endereço' },
    {
      event: { type: 'address.edit', addressId: HOME_ADDRESS.addressId },
      label: 'Clica em Editar no endereço Casa',
    },
    {
      event: { type: 'address.edit', addressId: '999' },
      label: 'Pede para editar um endereço que não está na lista',
      valid: false,
    },
    {
      event: { type: 'address.delete', addressId: HOME_ADDRESS.addressId },
      label: 'Clica em Excluir no endereço Casa',
    },
    {
      event: { type: 'address.delete', addressId: '999' },
      label: 'Pede para excluir um endereço que não está na lista',
      valid: false,
    },
    { event: submit({}), label: 'Preenche o endereço completo e clica em Salvar' },
    { event: submit({ logradouro: '   ' }), label: 'Salva com o logradouro só com espaços', valid: false },
    { event: submit({ cep: '2004' }), label: 'Salva com CEP incompleto', valid: false },
    { event: submit({ numero: '123456' }), label: 'Salva com número de 6 caracteres', valid: false },
    { event: submit({ estado: '' }), label: 'Salva sem escolher o estado', valid: false },
    { event: { type: 'form.cancel' }, label: 'Fecha o formulário sem salvar' },
    { event: { type: 'delete.confirm' }, label: 'Confirma a exclusão' },
    { event: { type: 'delete.cancel' }, label: 'Desiste da exclusão' },
  ],
  outcomes: [
    {
      actor: 'listAddresses',
      kind: 'done',
      output: {
        addresses: [HOME_ADDRESS, WORK_ADDRESS],
        billingAddress: HOME_ADDRESS,
      } satisfies ListAddressesOutput,
      key: 'twoAddresses',
      label: 'API devolve 2 endereços (Casa e Trabalho)',
    },
    {
      actor: 'listAddresses',
      kind: 'done',
      output: { billingAddress: HOME_ADDRESS } satisfies ListAddressesOutput,
      key: 'billingAddressOnly',
      label: 'API devolve só o billingAddress (sem lista)',
    },
    {
      actor: 'listAddresses',
      kind: 'done',
      output: { addresses: [], billingAddress: null } satisfies ListAddressesOutput,
      key: 'empty',
      label: 'API devolve a lista vazia',
    },
    {
      actor: 'listAddresses',
      kind: 'error',
      error: internalError('listAddresses'),
      key: 'listServerError',
      label: 'API responde 500 ao listar',
    },
    {
      actor: 'listAddresses',
      kind: 'error',
      error: networkError('listAddresses'),
      key: 'listOffline',
      label: 'Sem conexão ao listar',
    },
    {
      actor: 'createAddress',
      kind: 'done',
      output: NEW_ADDRESS satisfies CreateAddressOutput,
      key: 'created',
      label: 'API cria o endereço',
    },
    {
      actor: 'createAddress',
      kind: 'error',
      error: fieldsError('createAddress', 'addressOne: must not be blank'),
      key: 'createFieldErrors',
      label: 'API recusa o endereço (400 com mensagens por campo)',
    },
    {
      actor: 'createAddress',
      kind: 'error',
      error: internalError('createAddress'),
      key: 'createServerError',
      label: 'API responde 500 ao criar',
    },
    {
      actor: 'updateAddress',
      kind: 'done',
      output: HOME_ADDRESS_EDITED satisfies UpdateAddressOutput,
      key: 'updated',
      label: 'API salva o endereço',
    },
    {
      actor: 'updateAddress',
      kind: 'error',
      error: apiErrorLike({
        status: 404,
        code: 404,
        messageKey: 'ERRORS.UNEXPECTED',
        operation: 'updateAddress',
      }),
      key: 'updateNotFound',
      label: 'API responde 404 (endereço não encontrado)',
    },
    {
      actor: 'updateClient',
      kind: 'done',
      output: {
        ...PROFILE_CLIENT,
        mailAddress: HOME_ADDRESS_EDITED,
        billingAddress: HOME_ADDRESS_EDITED,
      } satisfies UpdateClientOutput,
      key: 'clientSaved',
      label: 'API salva o cliente',
    },
    {
      actor: 'updateClient',
      kind: 'error',
      error: internalError('updateClient'),
      key: 'clientServerError',
      label: 'API responde 500 ao salvar o cliente',
    },
    {
      actor: 'reloadClient',
      kind: 'done',
      output: {
        client: { ...PROFILE_CLIENT, mailAddress: HOME_ADDRESS_EDITED, billingAddress: HOME_ADDRESS_EDITED },
        account: PROFILE_ACCOUNT_INFO,
      } satisfies ReloadClientOutput,
      key: 'clientReloaded',
      label: 'API devolve o cliente atualizado',
    },
    {
      actor: 'reloadClient',
      kind: 'error',
      error: networkError('getClient'),
      key: 'reloadOffline',
      label: 'Sem conexão ao recarregar o cliente',
    },
    {
      actor: 'deleteAddress',
      kind: 'done',
      output: { success: true, message: 'Endereço excluído.' } satisfies DeleteAddressOutput,
      key: 'deleted',
      label: 'API exclui o endereço',
    },
    {
      actor: 'deleteAddress',
      kind: 'error',
      error: internalError('deleteAddress'),
      key: 'deleteServerError',
      label: 'API responde 500 ao excluir',
    },
  ],
  // What the guards read (ids in the list, the open form's mode) and what the screen shows (the
  // list, the form's target, the error). The externalIdentifier is random by design; the client
  // record and the typed values only feed the calls.
  contextKey: (c) => {
    return {
      addresses: c.addresses.map((a) => `${a.addressId}:${a.numero}`),
      form: c.form
        ? { mode: c.form.mode, addressId: c.form.addressId, submitted: c.form.submitted !== null }
        : null,
      pendingDelete: c.pendingDelete,
      error: c.error?.messageKey ?? null,
    };
  },
  // The client update is deduplicated by the bank on its externalIdentifier: a save retried after
  // a failure sends the same id; cancelling the form ends the attempt.
  idempotent: [
    {
      actor: 'updateClient',
      key: (input) => (input as UpdateClientInput).body.externalIdentifier,
      newAttemptOn: ['form.cancel'],
    },
  ],
  operations: {
    listAddresses: 'listAddresses',
    createAddress: 'createAddress',
    updateAddress: 'updateAddress',
    updateClient: 'updateClient',
    reloadClient: 'getClient',
    deleteAddress: 'deleteAddress',
  },
});
