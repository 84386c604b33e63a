/**
 * Composition root of the money-movement area (2-money-movement.md): the real actors of
 * machines/transfers, each one call of src/api. Keys are the machine's actor names.
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
