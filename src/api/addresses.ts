/** Tag `addresses` of the contract: the profile's address book. */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];
export type Address = Schemas['Address'];
export type AddressInput = Schemas['AddressInput'];
export type AddressList = Schemas['AddressList'];
export type Ack = Schemas['Ack'];

/** The account an address book belongs to. */
export interface AccountRef {
  accountHolderId: string;
  accountId: string;
}

/** GET .../address: `addresses`, or only `billingAddress` when the bank keeps no list. */
export function listAddresses(ref: AccountRef, opts: CallOptions = {}): Promise<AddressList> {
  return call('listAddresses', () =>
    api.GET('/client/{accountHolderId}/account/{accountId}/address', {
      params: { header: deviceHeader(), path: ref },
      signal: opts.signal,
    }),
  );
}

/** POST .../address: adds an address; returns it with its new addressId. */
export function createAddress(ref: AccountRef, body: AddressInput, opts: CallOptions = {}): Promise<Address> {
  return call('createAddress', () =>
    api.POST('/client/{accountHolderId}/account/{accountId}/address', {
      params: { header: deviceHeader(), path: ref },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST .../address/{addressId}: edits an address (the flow then updates and reloads the client). */
export function updateAddress(
  ref: AccountRef,
  addressId: string,
  body: AddressInput,
  opts: CallOptions = {},
): Promise<Address> {
  return call('updateAddress', () =>
    api.POST('/client/{accountHolderId}/account/{accountId}/address/{addressId}', {
      params: { header: deviceHeader(), path: { ...ref, addressId } },
      body,
      signal: opts.signal,
    }),
  );
}

/** DELETE .../address/{addressId}. */
export function deleteAddress(ref: AccountRef, addressId: string, opts: CallOptions = {}): Promise<Ack> {
  return call('deleteAddress', () =>
    api.DELETE('/client/{accountHolderId}/account/{accountId}/address/{addressId}', {
      params: { header: deviceHeader(), path: { ...ref, addressId } },
      signal: opts.signal,
    }),
  );
}
