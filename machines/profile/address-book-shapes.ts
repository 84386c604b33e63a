/**
 * The shapes of machines/profile/address-book.machine.ts (1-access-shell-statement.md §3 Address
 * as shown / in the API form, §7 address and client calls): its calls' inputs and outputs from the
 * contract, its input, the open form, its context, events and what it emits to the view.
 */
import type { components } from '../../openapi/portal';
import type { CallError } from '../kernel/call-error.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import type { AccountRef, AddressFormValues, ApiAddressInput, ShownAddress } from './address-mapping.ts';

type Schemas = components['schemas'];

export type { AccountRef, AddressFormValues, ShownAddress } from './address-mapping.ts';

/** GET .../address. */
export type ListAddressesInput = AccountRef;
export type ListAddressesOutput = Schemas['AddressList'];
/** POST .../address. */
export interface CreateAddressInput {
  ref: AccountRef;
  address: ApiAddressInput;
}
export type CreateAddressOutput = Schemas['Address'];
/** POST .../address/{addressId}. */
export interface UpdateAddressInput {
  ref: AccountRef;
  addressId: string;
  address: ApiAddressInput;
}
export type UpdateAddressOutput = Schemas['Address'];
/** POST /client/{accountHolderId}/account/{accountId}. */
export interface UpdateClientInput {
  ref: AccountRef;
  body: Schemas['UpdateClientRequest'];
}
export type UpdateClientOutput = Schemas['Client'];
/** GET /client/{accountId}. */
export interface ReloadClientInput {
  accountId: string;
}
export type ReloadClientOutput = Schemas['ClientWithAccount'];
/** DELETE .../address/{addressId}. */
export interface DeleteAddressInput {
  ref: AccountRef;
  addressId: string;
}
export type DeleteAddressOutput = Schemas['Ack'];

/** The account of the book and the client record of the session (the base of the client update). */
/** The account whose book is shown, and its client record (updated when an address is edited). */
export interface AddressBookAccount extends AccountRef {
  client: Schemas['Client'];
}

export interface AddressBookInput extends AddressBookAccount {
  /** Makes the externalIdentifier of a client update (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

/** The open address form. */
export interface AddressFormState {
  mode: 'add' | 'edit';
  /** The address being edited (null when adding). */
  addressId: string | null;
  /** What the form shows when it opens: blank, or the address being edited. */
  initial: AddressFormValues;
  /** The last valid values submitted: kept on failure so nothing typed is lost. */
  submitted: AddressFormValues | null;
  /** `submitted` in the API form, as sent. */
  payload: ApiAddressInput | null;
}

export interface AddressBookContext {
  ref: AccountRef;
  client: Schemas['Client'];
  addresses: ShownAddress[];
  form: AddressFormState | null;
  /** The address the confirmation dialog is about. */
  pendingDelete: string | null;
  /**
   * Idempotency id of the client update: made when an edit is first submitted, kept when the save
   * fails and the form is submitted again (a retry), cleared when the edit ends.
   */
  externalIdentifier: string | null;
  newId: IdGenerator;
  /** Why the last call failed (load, save or delete). */
  error: CallError | null;
}

export type AddressBookEvent =
  | { type: 'retry' }
  | { type: 'address.add' }
  | { type: 'address.edit'; addressId: string }
  | { type: 'address.delete'; addressId: string }
  | { type: 'form.submit'; values: AddressFormValues }
  | { type: 'form.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** What the view acts on: success toasts (§8) and the session update after an edit (§4). */
export type AddressBookEmitted =
  | { type: 'address.saved'; mode: 'add' | 'edit'; addressId: string }
  | { type: 'address.deleted'; addressId: string }
  | { type: 'client.reloaded'; client: Schemas['Client']; account: Schemas['AccountInfo'] };
