/**
 * Composition root of the trusted devices (/DeviceList, /autentica/{token}; 4-pix-part-two.md §7
 * Devices; issue 30): each call one operation of the contract.
 */
import type { FlowActors } from '../../runtime/flow-actors';
import { fromOperation } from '../../api/operation';

/** Actors of machines/devices/device-list.machine.ts. */
export const deviceListActors = {
  listDevices: fromOperation('listDevices', ({ accountId }) => ({ path: { accountId } })),
  createDevice: fromOperation('createDevice', ({ body }) => ({ body })),
  blockDevice: fromOperation('blockDevice', ({ body }) => ({ body })),
  deleteDevice: fromOperation('deleteDevice', ({ id }) => ({ path: { id } })),
} satisfies FlowActors['device-list'];

/** Actors of machines/devices/device-validation.machine.ts (public calls: no token needed). */
export const deviceValidationActors = {
  validateDeviceByToken: fromOperation('validateDeviceByToken', ({ body }) => ({ body })),
  validateDevice: fromOperation('validateDevice', ({ body }) => ({ body })),
} satisfies FlowActors['device-validation'];

/** What the devices' pages receive through FlowActorsProvider. */
export const deviceFlowActors = {
  'device-list': deviceListActors,
  'device-validation': deviceValidationActors,
} satisfies Partial<FlowActors>;
