/**
 * Composition root of the profile area: the real actors of machines/profile, each one call of
 * src/api. Views give them to their machine with `machine.provide({ actors })`; tests give fakes
 * the same way. Keys are the machine's actor names (its `setup({ actors })`).
 */
import { fromPromise } from 'xstate';
import type { FlowActors } from '../../runtime/flow-actors';
import type {
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
} from '../../../machines/profile/address-book.machine';
import { createAddress, deleteAddress, listAddresses, updateAddress } from '../../api/addresses';
import { getClient, updateClient } from '../../api/clients';

/** Actors of machines/profile/address-book.machine.ts. */
export const addressBookActors = {
  listAddresses: fromPromise<ListAddressesOutput, ListAddressesInput>(({ input, signal }) =>
    listAddresses(input, { signal }),
  ),
  createAddress: fromPromise<CreateAddressOutput, CreateAddressInput>(({ input, signal }) =>
    createAddress(input.ref, input.address, { signal }),
  ),
  updateAddress: fromPromise<UpdateAddressOutput, UpdateAddressInput>(({ input, signal }) =>
    updateAddress(input.ref, input.addressId, input.address, { signal }),
  ),
  updateClient: fromPromise<UpdateClientOutput, UpdateClientInput>(({ input, signal }) =>
    updateClient(input.ref.accountHolderId, input.ref.accountId, input.body, { signal }),
  ),
  reloadClient: fromPromise<ReloadClientOutput, ReloadClientInput>(({ input, signal }) =>
    getClient(input.accountId, { signal }),
  ),
  deleteAddress: fromPromise<DeleteAddressOutput, DeleteAddressInput>(({ input, signal }) =>
    deleteAddress(input.ref, input.addressId, { signal }),
  ),
};

/** What the profile area's pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const profileFlowActors = {
  'address-book': addressBookActors,
} satisfies Partial<FlowActors>;
