/** Tag `recipients` of the contract: the recipient book and the contact lookups (2-money-movement.md §7). */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];
export type Recipient = Schemas['Recipient'];
export type RecipientInput = Schemas['RecipientInput'];
export type RecipientUpdate = Schemas['RecipientUpdate'];
export type RecipientPage = Schemas['RecipientPage'];
export type PagingRequest = Schemas['PagingRequest'];
export type ContactLookup = Schemas['ContactLookup'];
export type Ack = Schemas['Ack'];

/** POST /Recipients/ListWithPagination/{dataset}: one page, sorted and filtered by the bank. */
export function listRecipientsPaged(
  dataset: string,
  body: PagingRequest,
  opts: CallOptions = {},
): Promise<RecipientPage> {
  return call('listRecipientsPaged', () =>
    api.POST('/Recipients/ListWithPagination/{dataset}', {
      params: { header: deviceHeader(), path: { dataset } },
      body,
      signal: opts.signal,
    }),
  );
}

/** GET /Recipients: every saved recipient of the signed-in account. */
export function listRecipients(opts: CallOptions = {}): Promise<Recipient[]> {
  return call('listRecipients', () =>
    api.GET('/Recipients', { params: { header: deviceHeader() }, signal: opts.signal }),
  );
}

/** GET /Recipients/{idRecipient}. */
export function getRecipient(idRecipient: number, opts: CallOptions = {}): Promise<Recipient> {
  return call('getRecipient', () =>
    api.GET('/Recipients/{idRecipient}', {
      params: { header: deviceHeader(), path: { idRecipient } },
      signal: opts.signal,
    }),
  );
}

/** POST /Recipients: saves a recipient; a duplicate is 422 ('Favorecido já cadastrado!'). */
export function createRecipient(body: RecipientInput, opts: CallOptions = {}): Promise<Recipient> {
  return call('createRecipient', () =>
    api.POST('/Recipients', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** PUT /Recipients (isEdit: true): edits a saved recipient. */
export function updateRecipient(body: RecipientUpdate, opts: CallOptions = {}): Promise<Recipient> {
  return call('updateRecipient', () =>
    api.PUT('/Recipients', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** DELETE /Recipients/{idRecipient}. */
export function deleteRecipient(idRecipient: number, opts: CallOptions = {}): Promise<Ack> {
  return call('deleteRecipient', () =>
    api.DELETE('/Recipients/{idRecipient}', {
      params: { header: deviceHeader(), path: { idRecipient } },
      signal: opts.signal,
    }),
  );
}

/**
 * GET /contact-users/{cnpjOrId}: the contact (an account of the product) by CNPJ or contact id.
 * `isAddFavored` asks the bank to report whether it is already a saved recipient. 404: not found.
 */
export function getContactUser(
  cnpjOrId: string,
  isAddFavored: boolean,
  opts: CallOptions = {},
): Promise<ContactLookup> {
  return call('getContactUser', () =>
    api.GET('/contact-users/{cnpjOrId}', {
      params: { header: deviceHeader(), path: { cnpjOrId }, query: { isAddFavored } },
      signal: opts.signal,
    }),
  );
}

/** GET /contact-users-update/{phone}: the contact by mobile phone (DDD and number, digits only). */
export function getContactUserByPhone(phone: string, opts: CallOptions = {}): Promise<ContactLookup> {
  return call('getContactUserByPhone', () =>
    api.GET('/contact-users-update/{phone}', {
      params: { header: deviceHeader(), path: { phone } },
      signal: opts.signal,
    }),
  );
}

/** POST /enabled-users?ddi=55: which of these phones belong to users of the product. */
export function checkEnabledUsers(
  enabledUsers: Schemas['MobilePhone'][],
  opts: CallOptions = {},
): Promise<Schemas['EnabledUsersResult']> {
  return call('checkEnabledUsers', () =>
    api.POST('/enabled-users', {
      params: { header: deviceHeader(), query: { ddi: '55' } },
      body: { enabledUsers },
      signal: opts.signal,
    }),
  );
}
