/**
 * Composition root of receive by QR (/PixReceive; 3-pix-part-one.md §2 Receive, §7; issue 17): the
 * actors machines/pix/pix-receive.machine.ts declares, each one operation of the contract
 * (src/api/operation.ts): the keys with the call of key management, the three charges a holder
 * makes on one of their active keys (each answers the BR Code and the bank's PNG of it). Listed in
 * the Pix area's table (pix-actors.ts), which the route loads with the page.
 */
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/pix/pix-receive.machine.ts. */
export const pixReceiveActors = {
  // The call of key management (/ManageKeys), for the account's active keys.
  listAliases: fromOperation('listAliases', ({ accountId }) => ({ path: { accountId } })),
  // An immediate charge (COB) with its amount.
  createImmediateCharge: fromOperation('createImmediateCharge', ({ body }) => ({ body })),
  // A due-date charge (COBV).
  createDueDateCharge: fromOperation('createDueDateCharge', ({ accountId, body }) => ({
    path: { accountId },
    body,
  })),
  // A static code for the key (no amount).
  createStaticCharge: fromOperation('createStaticCharge', ({ body }) => ({ body })),
} satisfies FlowActors['pix-receive'];
