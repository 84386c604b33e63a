/**
 * Composition root of the recipient book (2-money-movement.md §2 Recipient book): the real actors
 * of machines/transfers/recipient-book.machine.ts, each one operation of the contract
 * (src/api/operation.ts). Keys are the machine's actor names. Apart from transfer-actors.ts (the
 * TED, company transfer and security code), which the transfer screens own.
 */
import { normalizeTaxId } from '../../../machines/validators/tax-id';
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/transfers/recipient-book.machine.ts. */
export const recipientBookActors = {
  listRecipients: fromOperation('listRecipientsPaged', ({ dataset, body }) => ({ path: { dataset }, body })),
  // A duplicate is 422 ('Favorecido já cadastrado!').
  createRecipient: fromOperation('createRecipient', (body) => ({ body })),
  updateRecipient: fromOperation('updateRecipient', (body) => ({ body })),
  deleteRecipient: fromOperation('deleteRecipient', ({ idRecipient }) => ({ path: { idRecipient } })),
  // The lookup is made to add a recipient: the bank then reports an already registered one.
  lookupContact: fromOperation('getContactUser', ({ cnpj }) => ({
    path: { cnpjOrId: normalizeTaxId(cnpj) },
    query: { isAddFavored: true },
  })),
} satisfies FlowActors['recipient-book'];

/**
 * What pages showing the recipient book receive through FlowActorsProvider (src/app/routes.tsx):
 * /Transfer/Recipient, and the transfer screens that open RecipientBookDialog.
 */
export const recipientFlowActors = {
  'recipient-book': recipientBookActors,
} satisfies Partial<FlowActors>;
