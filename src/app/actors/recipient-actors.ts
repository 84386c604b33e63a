/**
 * Composition root of the recipient book (2-money-movement.md §2 Recipient book): the real actors
 * of machines/transfers/recipient-book.machine.ts, each one call of src/api/recipients.ts. Keys are
 * the machine's actor names. Apart from transfer-actors.ts (the TED, company transfer and security
 * code), which the transfer screens own.
 */
import { fromPromise } from 'xstate';
import type {
  CreateRecipientOutput,
  DeleteRecipientInput,
  DeleteRecipientOutput,
  ListRecipientsInput,
  ListRecipientsOutput,
  LookupContactInput,
  LookupContactOutput,
  RecipientInput,
  UpdateRecipientInput,
  UpdateRecipientOutput,
} from '../../../machines/transfers/recipient-book.machine';
import { normalizeTaxId } from '../../../machines/validators/tax-id';
import type { FlowActors } from '../../runtime/flow-actors';
import {
  createRecipient,
  deleteRecipient,
  getContactUser,
  listRecipientsPaged,
  updateRecipient,
} from '../../api/recipients';

/** Actors of machines/transfers/recipient-book.machine.ts. */
export const recipientBookActors = {
  listRecipients: fromPromise<ListRecipientsOutput, ListRecipientsInput>(({ input, signal }) =>
    listRecipientsPaged(input.dataset, input.body, { signal }),
  ),
  createRecipient: fromPromise<CreateRecipientOutput, RecipientInput>(({ input, signal }) =>
    createRecipient(input, { signal }),
  ),
  updateRecipient: fromPromise<UpdateRecipientOutput, UpdateRecipientInput>(({ input, signal }) =>
    updateRecipient(input, { signal }),
  ),
  deleteRecipient: fromPromise<DeleteRecipientOutput, DeleteRecipientInput>(({ input, signal }) =>
    deleteRecipient(input.idRecipient, { signal }),
  ),
  // The lookup is made to add a recipient: the bank then reports an already registered one.
  lookupContact: fromPromise<LookupContactOutput, LookupContactInput>(({ input, signal }) =>
    getContactUser(normalizeTaxId(input.cnpj), true, { signal }),
  ),
};

/**
 * What pages showing the recipient book receive through FlowActorsProvider (src/app/routes.tsx):
 * /Transfer/Recipient, and the transfer screens that open RecipientBookDialog.
 */
export const recipientFlowActors = {
  'recipient-book': recipientBookActors,
} satisfies Partial<FlowActors>;
