/**
 * Composition root of Withdraw Pix and Change Pix (/WithdrawPixPage, /ChangePixPage;
 * 4-pix-part-two.md §2, §3, §7; issue 29): the actors machines/pix/pix-cash-qr.machine.ts
 * declares, each one operation of the contract. One machine serves both catalog ids, so the table
 * lists the same actors under each; each route's page loads only this table.
 */
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/pix/pix-cash-qr.machine.ts. */
export const pixCashActors = {
  // The call of key management (/ManageKeys), for the account's active keys.
  listAliases: fromOperation('listAliases', ({ accountId }) => ({ path: { accountId } })),
  // The chosen key's holder, tax id and institution, which the confirmation shows.
  getAlias: fromOperation('getAlias', ({ accountId, alias }) => ({ path: { accountId, alias } })),
  // The code: the §3 request as the machine built it.
  createDynamicQrCode: fromOperation('createDynamicQrCode', ({ accountId, body }) => ({
    path: { accountId },
    body,
  })),
} satisfies FlowActors['pix-withdraw-qr'] & FlowActors['pix-change-qr'];

/** What /WithdrawPixPage and /ChangePixPage receive through FlowActorsProvider. */
export const pixCashFlowActors = {
  'pix-withdraw-qr': pixCashActors,
  'pix-change-qr': pixCashActors,
} satisfies Partial<FlowActors>;
