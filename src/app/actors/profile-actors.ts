/**
 * Composition root of the profile area: the real actors of machines/profile, each one operation of
 * the contract (src/api/operation.ts). Views give them to their machine with
 * `machine.provide({ actors })`; tests give fakes the same way. Keys are the machine's actor names
 * (its `setup({ actors })`); the table's `satisfies` types each `mapInput` by the machine's input.
 */
import type { FlowActors } from '../../runtime/flow-actors';
import { fromOperation } from '../../api/operation';

/** Actors of machines/profile/address-book.machine.ts. */
export const addressBookActors = {
  listAddresses: fromOperation('listAddresses', (ref) => ({ path: ref })),
  createAddress: fromOperation('createAddress', ({ ref, address }) => ({ path: ref, body: address })),
  updateAddress: fromOperation('updateAddress', ({ ref, addressId, address }) => ({
    path: { ...ref, addressId },
    body: address,
  })),
  updateClient: fromOperation('updateClient', ({ ref, body }) => ({ path: ref, body })),
  reloadClient: fromOperation('getClient', ({ accountId }) => ({ path: { accountId } })),
  deleteAddress: fromOperation('deleteAddress', ({ ref, addressId }) => ({ path: { ...ref, addressId } })),
} satisfies FlowActors['address-book'];

/** What the profile area's pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const profileFlowActors = {
  'address-book': addressBookActors,
} satisfies Partial<FlowActors>;
